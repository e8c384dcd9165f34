"""The lesson's "predict first" question (issue 26): Cell lab: c_t = 0.9 × 0.8 + 0.2 × 0.5 = 0.82.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

import math

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.cell_lab import model as cell_lab_subject
from playground.core.formatting import number
from playground.core.settings import Setting


# --- Cell lab: c_t = 0.9 × 0.8 + 0.2 × 0.5 = 0.82 ----------------------------------------------------------
# seeds/000 (讲解稿) lines 81-83: 旧记忆贡献 0.72，新记忆贡献 0.10，合计 0.82.
def cell_answers(cell: cell_lab_subject.ScalarLSTM) -> dict[str, float]:
    """What each answer would be: only the old memory kept, the sum (the LSTM's rule), everything
    multiplied, only the new memory written."""
    return {"a": cell.f * cell.c_prev, "b": cell.kept + cell.written,
            "c": cell.f * cell.c_prev * cell.i * cell.c_tilde, "d": cell.i * cell.c_tilde}


def _cell_lab_reveal() -> Reveal:
    cell = cell_lab_subject.LECTURE_SCALAR
    correct = frozenset(code for code, v in cell_answers(cell).items() if math.isclose(v, cell.c, abs_tol=1e-12))
    return Reveal(correct, tr("lab.predict.result", kept=f"{cell.kept:.2f}", written=f"{cell.written:.2f}",
                              c=number(cell.c)), tr("lab.predict.why"))


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    cell = cell_lab_subject.LECTURE_SCALAR
    return tr("lab.predict.q", c_prev=number(cell.c_prev), f=number(cell.f), i=number(cell.i),
              c_tilde=number(cell.c_tilde))


@fragment
def ask(setting: Setting) -> None:
    # the answers' labels are the lecture's numbers as fixed strings (a test checks them against cell_answers), so that
    # a label names its option in either language; which one is right is worked out when it is revealed
    predict_first(setting, text(), options("lab", "abcd"), _cell_lab_reveal)


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _cell_lab_reveal()


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("lab", "abcd")

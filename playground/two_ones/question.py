"""The lesson's "predict first" question (issue 26): Two 1s: the lecture notes' example 0,1,0,1,1,1 -> 0,0,0,0,1,1.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.core.formatting import number
from playground.core.settings import Setting
from playground.two_ones import model as two_ones_subject

# --- Two 1s: the lecture notes' example 0,1,0,1,1,1 -> 0,0,0,0,1,1 ------------------------------------------
# seeds/003 (讲义) line 62, 任务定义: 第五个输入出现连续的 1, 1，输出 1；第六个输入继续输出 1，因为它与前者又构成一对.
ONES_BITS = (0, 1, 0, 1, 1, 1)
ONES_STEPS = {"a": (5,), "b": (5, 6), "c": (2, 4, 5, 6), "d": (4, 5, 6)}  # the steps each answer says are 1


def ones_fired(bits=ONES_BITS) -> tuple[int, ...]:
    """The steps (from 1) at which the lecture's hand-built network outputs 1."""
    table = two_ones_subject.run(list(bits), two_ones_subject.lecture_weights())
    return tuple(int(t) for t, y in zip(table["t"], table["y"], strict=True) if y == 1)


def _two_ones_reveal() -> Reveal:
    fired = ones_fired()
    table = two_ones_subject.run(list(ONES_BITS), two_ones_subject.lecture_weights())
    ys = ", ".join(number(y) for y in table["y"])
    correct = frozenset(code for code, steps in ONES_STEPS.items() if steps == fired)
    return Reveal(correct, tr("two.predict.result", ys=ys, steps=", ".join(map(str, fired)) or "—"),
                  tr("two.predict.why"))


@fragment
def ask(setting: Setting) -> None:
    predict_first(setting, text(), options("two", "abcd"), _two_ones_reveal)


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("two.predict.q")


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _two_ones_reveal()


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("two", "abcd")

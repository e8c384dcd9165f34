"""The lesson's "predict first" question (issue 26): Gradients: 0.5^10 = 0.00097656.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

import math

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.core.formatting import significant
from playground.core.settings import Setting
from playground.gradients import experiments as gradient_experiments

# --- Gradients: 0.5^10 = 0.00097656 ----------------------------------------------------------------------------
# seeds/000 (讲解稿) line 57: 每一步局部导数都等于 0.5，跨 10 步后影响因子为 0.5^10 = 0.0009765625.
GRADIENT_FACTOR, GRADIENT_STEPS = 0.5, 10
GRADIENT_BRACKETS = {"a": (0.0, 1e-4), "b": (1e-4, 1e-2), "c": (1e-2, 1.0), "d": (1.0, math.inf)}  # [low, high)


def gradient_bracket(value: float) -> str:
    return next(code for code, (low, high) in GRADIENT_BRACKETS.items() if low <= value < high or value == high == math.inf)


def _gradients_reveal() -> Reveal:
    value = gradient_experiments.power(GRADIENT_FACTOR, GRADIENT_STEPS)
    result = tr("grad.predict.result", a=GRADIENT_FACTOR, k=GRADIENT_STEPS, value=significant(value))
    return Reveal(frozenset({gradient_bracket(value)}), result, tr("grad.predict.why"))


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("grad.predict.q", a=GRADIENT_FACTOR, k=GRADIENT_STEPS)


@fragment
def ask(setting: Setting) -> None:
    question = text()
    predict_first(setting, question, options("grad", "abcd"), _gradients_reveal)


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _gradients_reveal()


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("grad", "abcd")

"""The lesson's "predict first" question: fed its own forecasts for a day, does the error stay flat,
grow or shrink? Answered by the shipped GRU's free-running error on the test months, computed there
and then."""

from __future__ import annotations

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.app.shared import shared_results, shipped_model
from playground.core.settings import Setting
from playground.forecast import model as forecast

QUESTION_CELL, QUESTION_CITY, QUESTION_WINDOW, QUESTION_HOURS = "gru", "seattle", 48, 24
GROWS, SHRINKS = 1.5, 1 / 1.5  # the error "stays flat" while within these factors of the first hour's


def trend(first: float, last: float) -> str:
    """a: stays about flat, b: grows, c: shrinks."""
    ratio = last / first
    return "b" if ratio >= GROWS else "c" if ratio <= SHRINKS else "a"


@shared_results(max_entries=2)
def _curves(model: forecast.Forecaster) -> dict:
    return forecast.error_curves(model, forecast.prepare(QUESTION_CITY), QUESTION_WINDOW, QUESTION_HOURS)


def _reveal() -> Reveal:
    curves = _curves(shipped_model(f"forecast_{QUESTION_CELL}", forecast))
    first, last = curves["free"][0], curves["free"][-1]
    result = tr("fc.predict.result", first=f"{first:.3f}", last=f"{last:.3f}", ratio=f"{last / first:.1f}",
                forced=f"{curves['forced'][-1]:.3f}", hours=QUESTION_HOURS)
    return Reveal(frozenset({trend(first, last)}), result, tr("fc.predict.why"))


@fragment
def ask(setting: Setting) -> None:
    predict_first(setting, text(), options("fc", "abc"), _reveal)


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("fc.predict.q", hours=QUESTION_HOURS)


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _reveal()


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("fc", "abc")

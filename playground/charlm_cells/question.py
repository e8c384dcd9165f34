"""The lesson's "predict first" question (issue 26): Interpretable cells: a quote cell.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

import numpy as np

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.core.settings import Setting
from playground.models.charlm import interpret

# --- Interpretable cells: a quote cell --------------------------------------------------------------------------
# seeds/003 (讲义) line 158: 引号检测细胞：引号一开就翻转，引号闭合才翻回.
QUOTE_BRACKETS = {"a": 0.5, "b": 0.2, "c": 0.0}  # the least |r| of the best cell for each answer


def quote_cell(acts: np.ndarray, features: dict[str, np.ndarray]) -> dict | None:
    """The cell whose activation follows "inside a string" best on this passage (layer and unit
    counted from 0), or None when that never changes in it (no string, or all of it inside one)."""
    ranked = interpret.rank_cells(acts, {"in_string": features["in_string"]}, top=1)
    return None if ranked.empty else ranked.iloc[0].to_dict()


def quote_answer(correlation: float) -> str:
    return next(code for code, least in QUOTE_BRACKETS.items() if abs(correlation) >= least)


@fragment
def ask(setting: Setting, acts: np.ndarray, features: dict[str, np.ndarray]) -> None:
    """``acts`` and ``features``: what the page has read of its passage with its model."""

    predict_first(setting, text(), options("cells"), lambda: _quote_reveal(acts, features))


def _quote_reveal(acts: np.ndarray, features: dict[str, np.ndarray]) -> Reveal:
    best = quote_cell(acts, features)
    if best is None:
        return Reveal(frozenset(), tr("cells.predict.no_string"), tr("cells.predict.why"))
    r = best["correlation"]
    result = tr("cells.predict.result", layer=int(best["layer"]) + 1, unit=int(best["unit"]) + 1,
                r=f"{r:+.3f}", n=f"{acts.shape[0] * acts.shape[2]:,}")
    return Reveal(frozenset({quote_answer(r)}), result, tr("cells.predict.why"))


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("cells.predict.q")


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    from playground.app.lm_picker import shipped_lm
    from playground.charlm_cells import settings as state
    from playground.core.datasets.charcorpora import python_passage

    passage = python_passage(state.FILE.default, state.OFFSET.default, state.PASSAGE_CHARS)
    acts = interpret.activations(shipped_lm(state.MODEL.default).sampler, passage, state.WHICH.default)
    return _quote_reveal(acts, interpret.text_features(passage))


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("cells")

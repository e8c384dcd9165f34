"""The cells page's challenge (issue 53): a feature of your own, written as a regular expression, that
some cell of the Python model tracks, and that is neither one of the page's six features again nor
something the character at hand already gives away.

The check reads the page's passage (a held-out file at its offset, or the pasted text) with the page's
model and value (tanh(c) or h), marks it with the page's ``regex_feature`` and ranks the units as the
page's caption does (``rank_cells``). Reading 1,500 characters is the dear part (~0.35 CPU-s), so the
activations of the last few passages are kept: a student trying pattern after pattern pays it once.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from playground.charlm_cells import settings as state
from playground.core.challenges import Challenge, Getter, Verdict
from playground.core.datasets.charcorpora import python_passage
from playground.core.errors import InputError
from playground.models import charlm
from playground.models.charlm import interpret as cells

MODEL = "charlm_python_lstm"
MIN_CHARS = 500  # a shorter text lets some unit of 512 match a pattern by chance
MIN_R = 0.6  # |r| of the best unit with the pattern, at least
MAX_BUILT_IN = 0.5  # |r| of the pattern with each of the page's six features, below
MIN_CONTEXT = 0.5  # share of the marked characters that also occur unmarked, at least


@dataclass(frozen=True)
class Reading:
    """What the page reads: its model, which value, and where the passage comes from."""

    model: str
    which: str
    source: str
    file: str
    offset: object
    pasted: str
    pattern: str


def reading(get: Getter) -> Reading:
    return Reading(get(state.MODEL), get(state.WHICH), get(state.SOURCE), get(state.FILE), get(state.OFFSET),
                   get(state.TEXT), get(state.REGEX))


def _passage(chosen: Reading) -> str | None:
    """The page's passage for a Python file (a file the page does not offer reads as its default, as the
    page's picker does) or a pasted text; None for any other source."""
    if chosen.source == "paste":
        return chosen.pasted if isinstance(chosen.pasted, str) else None
    offset = chosen.offset
    if chosen.source != "python" or not (isinstance(offset, int | float) and math.isfinite(offset)):
        return None
    name = chosen.file if chosen.file in state.FILES else state.FILE.default
    return python_passage(name, min(max(0, int(offset)), state.MAX_OFFSET), state.PASSAGE_CHARS)


@functools.lru_cache(maxsize=4)
def _activations(sampler, text: str, which: str) -> np.ndarray:
    """The page's reading, kept for the last few passages (the shared sampler is the same object on
    every check): pattern after pattern on one passage costs the reading once. Read-only."""
    return cells.activations(sampler, text, which)


def _context_share(text: str, marked: np.ndarray) -> float:
    """The share of the marked positions whose character also occurs unmarked somewhere in the text."""
    chars = np.array(list(text))
    outside = set(chars[~marked].tolist())
    return float(np.mean([ch in outside for ch in chars[marked]]))


def _built_in(text: str, feature: np.ndarray) -> tuple[str, float]:
    """The page's own feature closest to the pattern's marks, and |r| between them."""
    closest, most = "", 0.0
    for name, values in cells.text_features(text).items():
        if values.std() > 0:
            r = abs(float(np.corrcoef(feature, values)[0, 1]))
            if r > most:
                closest, most = name, r
    return closest, most


def _judge(text: str, acts: np.ndarray, feature: np.ndarray) -> Verdict:
    marked = feature > 0.5
    if not marked.any() or marked.all():
        return Verdict(False, "challenge.ch_cells_own.constant", {"n": f"{int(marked.sum()):,}"})
    best = cells.rank_cells(acts, {"regex": feature}, top=1).iloc[0]  # the page's caption's unit
    fields = {"layer": str(int(best["layer"]) + 1), "unit": str(int(best["unit"]) + 1), "r": f"{best['correlation']:+.3f}",
              "least": f"{MIN_R}", "n": f"{int(marked.sum()):,}"}
    if not abs(best["correlation"]) >= MIN_R:
        return Verdict(False, "challenge.ch_cells_own.weak", fields)
    closest, most = _built_in(text, feature)
    if most >= MAX_BUILT_IN:
        return Verdict(False, f"challenge.ch_cells_own.built_in.{closest}", fields | {"r_built": f"{most:.2f}"})
    share = _context_share(text, marked)
    if share < MIN_CONTEXT:
        return Verdict(False, "challenge.ch_cells_own.by_character", fields | {"share": f"{share:.0%}"})
    return Verdict(True, "challenge.ch_cells_own.done", fields | {"r_built": f"{most:.2f}", "share": f"{share:.0%}"})


def own_feature(chosen: Reading, load) -> Verdict:
    if chosen.model != MODEL:
        return Verdict(False, "challenge.ch_cells_own.model")
    text = _passage(chosen)
    if text is None:
        return Verdict(False, "challenge.ch_cells_own.source")
    if len(text) < MIN_CHARS:
        return Verdict(False, "challenge.ch_cells_own.short", {"n": f"{len(text):,}", "least": f"{MIN_CHARS:,}"})
    if not (isinstance(chosen.pattern, str) and chosen.pattern):
        return Verdict(False, "challenge.ch_cells_own.empty")
    which = chosen.which if chosen.which in ("cell", "hidden") else "cell"
    try:  # the pattern first: it is cheap, and the dearer reading is then spent only on a usable one
        feature = cells.regex_feature(text, chosen.pattern)
        acts = _activations(load(MODEL, charlm, on_cpu=True).sampler, text, which)
    except InputError:  # a pattern refused or too slow, a text the model cannot read: the page says why above
        return Verdict(False, "challenge.ch_cells_own.unusable")
    return _judge(text, acts, feature)


# Inside round brackets: the unit must remember that a "(" is still open, and letters occur inside and
# outside alike. On base64.py's first 1,500 characters a cell follows it with r = +0.88, while bracket
# depth (square brackets too: the long __all__ list) correlates with it only 0.34. The near miss marks
# quoted strings: a cell follows them as well (r = +0.82), but that is the page's own "inside a string".
# the page's default passage, said in full so that "Put these values into the page" brings it back
_PASSAGE = ((state.MODEL, MODEL), (state.WHICH, "cell"), (state.SOURCE, "python"), (state.FILE, "base64.py"),
            (state.OFFSET, 0))
OWN = Challenge(
    "ch_cells_own", reading, own_feature,
    solution=(*_PASSAGE, (state.REGEX, r"(?<=\()[^()]*")),
    near_miss=(*_PASSAGE, (state.REGEX, r"'[^']*'")),
    anchor_of_lab="cells-rank",
)

CHALLENGES = (OWN,)

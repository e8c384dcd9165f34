"""Looking inside a character LM (lecture 7, section 7): which cells track quotes, comments, lines, brackets.

``activations`` reads a text through a model and returns, for every layer, position and unit,
the value after that character: for an LSTM tanh(c) (the cell state squashed to -1..1, as in
the lecture's pictures) or h, for a GRU or vanilla RNN the hidden state h. ``text_features``
describes each position of the text (inside a string, inside a comment, indentation, column,
bracket depth); ``rank_cells`` correlates every unit with every feature and names the best.
A student's own feature comes from a regular expression (``regex_feature``), matched with a
time limit so that no pattern can hang the server.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import regex

from playground.core.errors import InputError, Phrase
from playground.models.charlm.engine import FastSampler

MAX_TEXT = 6000
MAX_PATTERN = 200
REGEX_TIMEOUT_S = 0.5
# The regex module writes counted repeats out when it compiles, before any timeout applies:
# (?:(?:a{1000}){1000}){1000} would take minutes and gigabytes. A bound on the written-out size that
# needs no parsing: the pattern's length x the largest count on a character or class (those add up
# side by side) x every other count (on a group, or unclear: those may nest, so they multiply).
MAX_UNROLLED = 1_000_000
_COUNTED_REPEAT = regex.compile(r"\{\s*(\d*)\s*(?:,\s*(\d*)\s*)?\}")
# A pattern that calls itself or a group, (?R) (?1) (?-1) (?&name) (?P>name): on an empty text
# ".+|(?R)" recursed until it held 550 MB and raised MemoryError, under the time limit (issue 48's fuzz).
_RECURSION = regex.compile(r"\(\?(?:R|[+-]?\d+|&|P>)")
FEATURES = ("in_string", "in_comment", "indent", "column", "bracket_depth", "line_start")


def check_text(text: str, vocab=None) -> str:
    """A text to read: not blank, at most MAX_TEXT characters and, given the model's ``vocab``, one it
    can read (``playground.core.coverage``: a cell's activation over text it cannot read shows nothing of it)."""
    if not text or not text.strip():
        raise InputError("empty_text")
    if len(text) > MAX_TEXT:
        raise InputError("text_too_long", length=len(text), limit=MAX_TEXT)
    if vocab is not None:
        vocab.coverage(text).require()
    return text


def activations(sampler: FastSampler, text: str, which: str = "cell") -> np.ndarray:
    """(layers, len(text), hidden): each unit's value after reading each character.
    ``which`` = "cell" (LSTM: tanh(c); other cells: h) or "hidden" (h)."""
    check_text(text, sampler.vocab)
    if which not in ("cell", "hidden"):
        raise InputError("bad_choice", name=which)
    if sampler.kind == "lstm":  # read layer by layer (FastSampler.read_states)
        return np.stack([np.tanh(c) if which == "cell" else h for h, c in sampler.read_states(sampler.encode(text))])
    state = sampler.initial_state(1)
    out = np.zeros((sampler.layers, len(text), sampler.hidden), dtype=np.float32)
    for t, i in enumerate(sampler.encode(text)):
        _, state = sampler.step(np.array([i]), state)
        for k, (h, c) in enumerate(state):
            out[k, t] = np.tanh(c[0]) if (which == "cell" and c is not None) else h[0]
    return out


def text_features(text: str) -> dict[str, np.ndarray]:
    """One value per character, computed by a small scanner that knows Python's quotes and comments:
    in_string (1 inside a '...' or "..." literal, triple quotes included), in_comment (1 from # to the
    end of the line), indent (leading spaces of the line), column (position in the line),
    bracket_depth ((, [ and { outside strings and comments), line_start (1 for the first character)."""
    n = len(text)
    feats = {name: np.zeros(n, dtype=np.float32) for name in FEATURES}
    quote: str | None = None
    comment = False
    depth, column = 0, 0
    i = 0
    while i < n:
        ch = text[i]
        span = 1
        if quote is not None:
            if ch == "\\":
                span = 2
            elif text.startswith(quote, i):
                span = len(quote)
                feats["in_string"][i : i + span] = 1
                quote = None
        elif comment:
            if ch == "\n":
                comment = False
        elif ch == "#":
            comment = True
        elif ch in "'\"":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            span = len(quote)
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        for j in range(i, min(n, i + span)):
            if quote is not None:
                feats["in_string"][j] = 1
            feats["in_comment"][j] = 1.0 if comment else 0.0
            feats["bracket_depth"][j] = depth
            if text[j] == "\n":
                feats["column"][j] = column
                column = 0
                if quote is not None and len(quote) == 1:
                    quote = None  # a one-quote string cannot cross a line: stop a runaway apostrophe
                continue
            feats["column"][j] = column
            feats["line_start"][j] = 1.0 if column == 0 else 0.0
            column += 1
        i += span
    start = 0
    for line in text.split("\n"):  # indentation belongs to the whole line, newline included
        end = min(n, start + len(line) + 1)
        feats["indent"][start:end] = len(line) - len(line.lstrip(" "))
        start = end
    return feats


# the regex module's error messages (English) -> the kind of mistake, said in the reader's language
# (playground.core.i18n keys regex.<kind>); a message not listed here is said as regex.other
REGEX_MISTAKES = {
    "missing )": "missing_paren", "unbalanced parenthesis": "unbalanced_paren",
    "unterminated character set": "unterminated_set", "missing ]": "unterminated_set",
    "expected character set": "unterminated_set", "nothing to repeat": "nothing_to_repeat",
    "multiple repeat": "multiple_repeat", "bad escape": "bad_escape", "incomplete escape": "bad_escape",
    "bad hex escape": "bad_escape", "unknown group": "bad_reference", "invalid group reference": "bad_reference",
    "ambiguous group reference": "bad_reference", "cannot refer to an open group": "bad_reference",
    "invalid relative group number": "bad_reference", "missing relative group number": "bad_reference",
    "group reference not allowed": "bad_reference", "missing >": "bad_group_name",
    "missing group name": "bad_group_name", "bad character in group name": "bad_group_name",
    "min repeat greater than max repeat": "repeat_order", "repeat count too big": "repeat_too_big",
    "bad character range": "bad_range", "unknown extension": "unknown_extension",
    "bad inline flags": "unknown_extension", "unknown verb": "unknown_extension",
    "expected lookaround conditional": "unknown_extension", "unknown property": "unknown_name",
    "undefined character name": "unknown_name", "undefined named list": "unknown_name",
    "expected }": "missing_brace", "missing {}": "missing_brace",
}


def regex_error(pattern: str, exc: Exception) -> InputError:
    """A pattern the regex module refuses -> an InputError that names the kind of mistake and where
    it is (counted from 1, or the pattern's end), in words the page translates."""
    message = str(getattr(exc, "msg", exc))
    kind = next((kind for start, kind in REGEX_MISTAKES.items() if message.startswith(start)), "other")
    pos = getattr(exc, "pos", None)
    if not isinstance(pos, int) or pos < 0:
        where = ""
    elif pos >= len(pattern):
        where = Phrase("regex.at_end")
    else:
        where = Phrase("regex.at", position=pos + 1)
    return InputError("bad_regex", reason=Phrase(f"regex.{kind}"), where=where)


def regex_feature(text: str, pattern: str) -> np.ndarray:
    """1 on every character inside a match of ``pattern``, else 0."""
    if not pattern:
        raise InputError("empty_text")
    if len(pattern) > MAX_PATTERN:
        raise InputError("text_too_long", length=len(pattern), limit=MAX_PATTERN)
    if _RECURSION.search(regex.sub(r"\\.", "", pattern)):  # escaped characters are no call
        raise InputError("bad_regex", reason=Phrase("regex.recursion"), where="")
    unrolled, widest = len(pattern), 1
    for found in _COUNTED_REPEAT.finditer(pattern):
        count = max(int(found[1] or 0), int(found[2] or 0), 1)
        before = pattern[found.start() - 1] if found.start() else ")"
        if before in ")}" or before.isspace():
            unrolled *= count
        else:
            widest = max(widest, count)
        if unrolled * widest > MAX_UNROLLED:
            raise InputError("bad_regex", reason=Phrase("regex.too_large", limit=f"{MAX_UNROLLED:,}"), where="")
    try:
        compiled = regex.compile(pattern, regex.MULTILINE)
        feature = np.zeros(len(text), dtype=np.float32)
        for match in compiled.finditer(text, timeout=REGEX_TIMEOUT_S):
            feature[match.start() : match.end()] = 1
    except regex.error as exc:
        raise regex_error(pattern, exc) from exc
    except TimeoutError as exc:
        raise InputError("regex_timeout", seconds=REGEX_TIMEOUT_S) from exc
    return feature


def correlations(acts: np.ndarray, feature: np.ndarray) -> np.ndarray:
    """Pearson correlation of every unit with ``feature``: (layers, hidden); NaN where either is constant."""
    return _correlations(_centred(acts), feature)


def _centred(acts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every unit's values less their mean (float64), and their norms: shared by every feature's correlations
    (six features of a 1,500-character passage centred the same 6 MB six times)."""
    x = acts.astype(np.float64) - acts.mean(axis=1, keepdims=True)
    return x, np.sqrt((x**2).sum(axis=1))


def _correlations(centred: tuple[np.ndarray, np.ndarray], feature: np.ndarray) -> np.ndarray:
    x, norms = centred
    y = feature.astype(np.float64) - feature.mean()
    denom = norms * np.sqrt((y**2).sum())
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.einsum("lth,t->lh", x, y) / denom
    return np.where(denom > 1e-12, r, np.nan)


def rank_cells(acts: np.ndarray, features: dict[str, np.ndarray], top: int = 3) -> pd.DataFrame:
    """The ``top`` units per feature by |correlation| (features that never change are left out)."""
    rows, centred = [], _centred(acts)
    for name, feature in features.items():
        r = _correlations(centred, feature)
        if np.all(np.isnan(r)):
            continue
        flat = np.nan_to_num(np.abs(r), nan=-1.0).ravel()
        for idx in np.argsort(-flat)[:top]:
            layer, unit = np.unravel_index(idx, r.shape)
            rows.append({"feature": name, "layer": int(layer), "unit": int(unit), "correlation": float(r[layer, unit])})
    return pd.DataFrame(rows, columns=["feature", "layer", "unit", "correlation"])


def lookalikes(values: np.ndarray, feature: np.ndarray) -> tuple[int, int, float]:
    """How far one unit's ``values`` are from detecting a 0/1 ``feature``: the median value where the
    feature is 1, and how many of the positions where it is 0 reach that median from the feature's side
    (at or below it when the unit reads lower inside the feature, at or above it otherwise), which this
    unit alone would take for the feature. Returns (those positions, all positions outside, the median)."""
    inside = np.asarray(feature) > 0.5
    if inside.all() or not inside.any():
        raise ValueError("the feature never changes")
    values = np.asarray(values, dtype=np.float64)
    median = float(np.median(values[inside]))
    outside = values[~inside]
    lower = values[inside].mean() < outside.mean()
    count = int((outside <= median).sum() if lower else (outside >= median).sum())
    return count, int(outside.size), median

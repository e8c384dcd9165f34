"""Numbers as text: matrices in LaTeX, vectors in brackets, non-finite values marked; and user text
made safe to show inside markdown."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

import numpy as np


def step_label(position: int, token: str) -> str:
    """A token on a time axis with its position (from 1): "4 · 服务". Not "4:服务", which reads as a
    ratio ("4:10", issue 33)."""
    return f"{position} · {token}"


def number(value: float, digits: int = 4) -> str:
    """Up to ``digits`` significant figures; NaN and infinities spelled out instead of crashing."""
    value = float(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    text = f"{value:.{digits}g}"
    return "0" if text in ("-0", "0") else text


def significant(value: float, digits: int = 5) -> str:
    """Exactly ``digits`` significant figures, trailing zeros kept (0.3634 -> "0.36340"), as the
    lectures print their worked examples; exact zero stays "0", NaN and infinities spelled out."""
    value = float(value)
    if math.isnan(value) or math.isinf(value):
        return number(value)
    if value == 0:
        return "0"
    text = f"{value:#.{digits}g}"
    return text[:-1] if text.endswith(".") else text


def vector(values: Iterable[float], digits: int = 4) -> str:
    return "[" + ", ".join(number(v, digits) for v in values) + "]"


def latex_matrix(name: str, array, digits: int = 4) -> str:
    """``name = \\begin{bmatrix}...\\end{bmatrix}`` for st.latex."""
    rows = np.atleast_2d(np.asarray(array, dtype=np.float64))
    body = r" \\ ".join(" & ".join(number(v, digits).replace("∞", r"\infty").replace("−", "-") for v in row)
                        for row in rows)
    return rf"{name} = \begin{{bmatrix}} {body} \end{{bmatrix}}"


def latex_row(*units: str, gap: str = r"\quad") -> str:
    """Formulas side by side in one st.latex, each kept whole (a braced group has no break point
    inside): a narrow screen breaks the line between two of them (``\allowbreak``), never after a
    unit's "=" (at 390 px "W_hy =" once ended a line and its matrix began the next, issue 33)."""
    return (rf"\allowbreak{gap} ").join("{" + unit + "}" for unit in units)


# Visitor text (a link's value, a typed sentence, a token) reaches the page inside markdown - st.markdown,
# st.info, a caption, a toast, an error - and inside the inline SVG that goes through markdown's HTML
# pass-through. One helper makes it plain text in all of them:
# - every character that can start inline markup becomes an HTML character reference, which
#   CommonMark shows as the character itself and never as markup (and HTML decodes in a tag's text
#   or attribute alike); the named ones are those html.escape writes;
# - a colon is one only where a name, a bracket or a slash follows (colour directives :red[...],
#   :material/...: icons, emoji shortcodes);
# - the marks that make a block only at a line's start (# > + - = * 1. 1)) are written as references
#   there, and line breaks become spaces, so the text has no other line start;
# - GFM turns bare web addresses and e-mail addresses found in the *shown* text into links (after
#   references are decoded), so an invisible WORD JOINER (U+2060) is put between "https:" and "//",
#   "www" and ".", and before "@": the text reads the same, and nothing in it is a link.
_REFERENCES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"} | {
    c: f"&#{ord(c)};" for c in "\\`*_~[]()!$|{}"}
_INLINE = re.compile(r"[&<>\"'\\`*_~\[\]()!$|{}]|:(?=[^\s])")
_LINE_START = re.compile(r"^(\s*)(#|>|\+|-|=|\*|\d+(?=[.)]))")
_BREAKS = re.compile(r"\s*[\r\n\u2028\u2029\x0b\x0c]+\s*")
_ADDRESSES = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)")
WORD_JOINER = "\u2060"


def _reference(match: re.Match) -> str:
    return _REFERENCES.get(match[0]) or f"&#{ord(match[0])};"


def escape_markdown(text: object) -> str:
    """``text`` as plain text inside markdown (st.markdown, st.info, st.caption, st.toast, st.error,
    a label) or inside the inline SVG drawings: no link, image, emphasis, strikethrough, heading,
    list, quote, table, code, LaTeX ($...$), colour directive (:red[...]), icon, HTML tag or
    attribute, bare web or e-mail address can come out of it; it reads as written, on one line.
    The one helper for visitor and link text (``playground.drawing.base.escape`` is this function)."""
    flat = _BREAKS.sub(" ", str(text))
    flat = _ADDRESSES.sub(WORD_JOINER, flat)
    head = _LINE_START.match(flat)
    lead = ""
    if head:  # a block mark at the start: spaces and the mark itself as references
        lead = "".join(f"&#{ord(c)};" for c in head[0])
        flat = flat[head.end():]
    return lead + _INLINE.sub(_reference, flat)

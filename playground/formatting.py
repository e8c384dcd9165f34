"""Numbers as text: matrices in LaTeX, vectors in brackets, non-finite values marked; and user text
made safe to show inside markdown."""

from __future__ import annotations

import math
import string
from collections.abc import Iterable

import numpy as np


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


_MARKDOWN_ESCAPES = str.maketrans({c: "\\" + c for c in string.punctuation})


def escape_markdown(text: str) -> str:
    """``text`` as written inside markdown (st.markdown, st.info, a caption): every ASCII punctuation
    mark gets a backslash (CommonMark shows each as the mark itself), so no link, image, emphasis,
    heading, list, table, code, LaTeX ($...$), colour directive (:red[...]), bare web address
    (https://..., www....) or HTML tag can come out of it."""
    return str(text).translate(_MARKDOWN_ESCAPES)

"""What every inline SVG drawing shares: the palette, the document wrapper (a drawing shrinks with
its column down to MIN_SCALE, then scrolls sideways), text width, and the text helpers.

Inline SVG needs no zoom or hover and costs the browser nothing to load, where each Plotly chart
pulls in plotly.js; the Home page uses these drawings to open fast. Pure functions; text is escaped here.
"""

from __future__ import annotations

import math
import re

from playground.core.formatting import escape_markdown as escape

CELL = "#4C78A8"


DECODER = "#F58518"


INPUT = "#54A24B"


OUTPUT = "#E45756"


INK = "#333333"


FONT = "font-family:'Noto Sans CJK SC','Source Sans Pro',sans-serif"


# A drawing shrinks with its column down to MIN_SCALE of its size (14 px text stays 12 px, 11 px
# text 9.5 px: readable from the back of a room); a narrower column (a phone, a wide diagram at
# 1024 px) scrolls it sideways instead of shrinking it further or cutting it off.
MIN_SCALE = 0.86


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    return ('<div class="rnn-diagram" style="overflow-x:auto;overflow-y:hidden">'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="100%" '
            f'style="display:block;min-width:{MIN_SCALE * width:.0f}px;max-width:{width:.0f}px;{FONT}" '
            f'role="img" aria-label="{escape(label)}">'
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" '
            'markerUnits="userSpaceOnUse" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{INK}"/></marker></defs>'
            + "".join(body) + "</svg></div>")


def _diverging(value: float) -> str:
    """Blue (-1) through white (0) to red (+1)."""
    v = max(-1.0, min(1.0, value))
    blue, red = (33, 102, 172), (178, 24, 43)
    end = red if v > 0 else blue
    r, g, b = (round(255 + (c - 255) * abs(v)) for c in end)
    return f"#{r:02x}{g:02x}{b:02x}"


def lecture_color(value: float) -> str:
    """The lecture's colours for a tanh value: red at -1, white at 0, blue at +1."""
    return _diverging(-value)


def _fmt(value: float) -> str:
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("∞" if value > 0 else "-∞")
    return f"{value:.3g}"


BELT = "#7B4FA0"


def _sup(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _visible(ch: str) -> str:
    return {"\n": "⏎", " ": "\u00a0", "\t": "⇥"}.get(ch, ch)


def _text_px(text: str, size: float) -> float:
    from playground.drawing.figures import text_em

    return size * text_em(text, markup=False)


_SUB = re.compile(r"<sub>(.*?)</sub>")


def _rich(text: str) -> str:
    """A label's text for SVG, escaped, its <sub>...</sub> (the titles' subscripts, as Plotly draws
    them) drawn lowered and smaller."""
    out = []
    for k, part in enumerate(_SUB.split(text)):  # even: plain text; odd: a subscript
        if k % 2:
            out.append(f'<tspan dy="4" font-size="0.75em">{escape(part)}</tspan>')
        elif part:
            out.append(f'<tspan dy="-4">{escape(part)}</tspan>' if k else escape(part))  # back on the line
    return "".join(out)


def _plain(text: str) -> str:
    return escape(_SUB.sub(r"\1", text))

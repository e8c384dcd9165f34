"""Strips of text as HTML: tokens or characters coloured by a value, a row of tokens with one in
focus, a block of text. Pure functions of their arguments; text is escaped here.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

from playground.core.formatting import escape_markdown as escape
from playground.drawing.base import BELT, FONT, INK, _fmt, _visible, lecture_color


def token_strip_html(tokens: Sequence[str], values: Sequence[float], focus: int | None, title: str,
                     unknown: Sequence[bool] = (), frames: Sequence[int] = ()) -> str:
    """Tokens in boxes coloured by a probability (0 red, 0.5 white, 1 blue), the value under each;
    unknown tokens are drawn as <unk>; the focused step is outlined. The boxes wrap to the screen's
    width (HTML, not a drawing scaled to fit), so a phone gets more rows of full-size boxes.
    ``frames``: the last token of each frame of a drawing player (``playground.app.player``, ascending), in
    place of ``focus``: the strip is drawn once, up to the last frame's token, each box marked with the
    frame it appears on (data-at) and each frame's last token with an outline of its own (data-only)."""
    outlines, last = {j: i for i, j in enumerate(frames)}, frames[-1] + 1 if frames else len(tokens)
    boxes = []
    for j, (tok, value) in enumerate(zip(tokens[:last], values[:last], strict=True)):
        v = float(value)
        # negative (p = 0) in red, positive (p = 1) in blue, as the lecture colours -1 and +1
        fill = lecture_color(2 * v - 1) if math.isfinite(v) else "#dddddd"
        label = "<unk>" if j < len(unknown) and unknown[j] else tok
        border = f"3px solid {INK}" if j == focus and not frames else "1px solid #bbbbbb"
        outline = (f'<span data-only="{outlines[j]}" style="position:absolute;inset:-3px;border:3px solid {INK};'
                   'border-radius:6px;pointer-events:none"></span>') if j in outlines else ""
        box = ('<div style="display:inline-flex;flex-direction:column;align-items:center;margin:0 4px 6px 0">'
               f'<span data-token="{j}" style="position:relative;min-width:44px;padding:6px 5px;border:{border};'
               f'border-radius:5px;background:{fill};text-align:center;font-size:13px">{escape(label[:6])}{outline}</span>'
               f'<span style="font-size:10px;color:#555">{_fmt(v)}</span></div>')
        first = bisect.bisect_left(frames, j) if frames else 0  # the first frame that reaches token j
        # a wrapper of its own carries the mark: the player shows a part by clearing its display
        boxes.append(f'<span data-at="{first}">{box}</span>' if first else box)
    return (f'<div role="img" aria-label="{escape(title)}" style="color:{INK};{FONT}">'
            f'<div style="font-weight:bold;font-size:13px;margin-bottom:4px">{escape(title)}</div>'
            f'<div style="display:flex;flex-wrap:wrap">{"".join(boxes)}</div></div>')


def char_strip_html(text: str, values: Sequence[float], label: str) -> str:
    """A text character by character, each on a background coloured by its value (red -1, blue +1),
    line breaks kept, the value in each character's tooltip (the lecture's cell pictures)."""
    spans = []
    for ch, value in zip(text, values, strict=True):
        v = float(value)
        color = lecture_color(v) if math.isfinite(v) else "#dddddd"
        spans.append(f'<span style="background:{color}" title="{escape(repr(ch))}: {v:+.3f}">{escape(_visible(ch))}</span>'
                     + ("<br>" if ch == "\n" else ""))
    return (f'<div role="img" aria-label="{escape(label)}" style="font-family:monospace;font-size:13px;line-height:1.45;'
            f'white-space:pre-wrap;word-break:break-all;color:{INK}">{"".join(spans)}</div>')


# --- frames of step-throughs that play in the browser (issue 26) ----------------------------------------
def token_row_html(tokens: Sequence[str], focus: int, title: str) -> str:
    """A sentence as a row of small boxes, the token at ``focus`` (0-based) dark and those before
    it read (shaded): where a step-through stands along its sentence. Wraps on a narrow screen."""
    boxes = []
    for j, token in enumerate(tokens):
        if j == focus:
            style = f"background:{BELT};color:#ffffff;border:2px solid {BELT}"
        elif j < focus:
            style = f"background:#EFE8F5;color:{INK};border:1px solid #C9B8DA"
        else:
            style = "background:#ffffff;color:#666666;border:1px dashed #bbbbbb"
        boxes.append(f'<span style="{style};display:inline-block;min-width:1.6em;padding:2px 5px;margin:0 3px 4px 0;'
                     f'border-radius:4px;text-align:center;font-size:14px">{escape(_visible(token[:8]) or "·")}</span>')
    return (f'<div role="img" aria-label="{escape(title)}" style="color:{INK};{FONT};margin-bottom:4px">'
            f'<div style="display:flex;flex-wrap:wrap">{"".join(boxes)}</div></div>')


def text_html(text: str, bold: bool = False, pre: bool = False, marked: bool = False) -> str:
    """A line (or, with ``pre``, a block that keeps its line breaks) of plain text for a player's
    frame, which is HTML and no markdown: its text is HTML-escaped here. ``marked``: a player sets
    its text frame by frame (``playground.app.player.template_player``)."""
    import html

    mark = ' data-fill="text"' if marked else ""
    if pre:
        return (f'<pre style="white-space:pre-wrap;word-break:break-word;font-size:13px;background:#F6F4EF;'
                f'padding:8px 10px;border-radius:6px;margin:4px 0 8px 0;color:{INK}"{mark}>{html.escape(text)}</pre>')
    weight = "font-weight:bold;" if bold else ""
    return f'<p style="{weight}font-size:14px;margin:4px 0;color:{INK};{FONT}"{mark}>{html.escape(text)}</p>'

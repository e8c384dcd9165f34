"""Static diagrams as inline SVG strings: unrolled and folded RNN graphs, state heatmaps.

Diagrams need no zoom or hover, and inline SVG costs the browser nothing to load, where each
plotly chart pulls in plotly.js; the Home page uses these to open fast. Pure functions of their
arguments; text is escaped here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from playground.core.formatting import escape_markdown as escape
from playground.core.formatting import step_label

if TYPE_CHECKING:  # the drawing layer knows no lesson: only the shape of what it draws
    from playground.home.forms import Unrolled

CELL = "#4C78A8"
DECODER = "#F58518"
INPUT = "#54A24B"
OUTPUT = "#E45756"
INK = "#333333"
FONT = "font-family:'Noto Sans CJK SC','Source Sans Pro',sans-serif"

STEP_W, BOX_W, BOX_H = 130, 70, 40
Y_OUT, Y_H, Y_IN = 40, 130, 220


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


def _box(x: float, y: float, text: str, color: str, w: float = BOX_W, h: float = BOX_H, sub: str = "") -> str:
    label = escape(text) + (f'<tspan font-size="10" dy="4">{escape(sub)}</tspan>' if sub else "")
    return (f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="6" fill="{color}" '
            f'fill-opacity="0.16" stroke="{color}" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="14" fill="{INK}">{label}</text>')


def _arrow(x0: float, y0: float, x1: float, y1: float, label: str = "", color: str = INK, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="5 4"' if dashed else ""
    out = (f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{color}" stroke-width="1.6"'
           f' marker-end="url(#arrow)"{dash}/>')
    if label and y0 == y1:  # horizontal: the label sits centred above the arrow
        out += (f'<text x="{(x0 + x1) / 2:.1f}" y="{y0 - 7:.1f}" text-anchor="middle" font-size="11" fill="{color}">'
                f"{escape(label)}</text>")
    elif label:  # vertical: beside it
        out += (f'<text x="{x0 + 5:.1f}" y="{(y0 + y1) / 2 + 4:.1f}" font-size="11" fill="{color}">'
                f"{escape(label)}</text>")
    return out


def unrolled_svg(graph: Unrolled, part_labels: dict[str, str] | None = None) -> str:
    """Inputs at the bottom, one cell per time step, outputs on top; the shared weight's name on
    every arrow that uses it, so weight sharing is visible."""
    part_labels = part_labels or {}
    body: list[str] = []
    x_of = {s.t: 60 + (s.t - 0.5) * STEP_W for s in graph.steps}
    previous = None
    for s in graph.steps:
        x = x_of[s.t]
        color = DECODER if s.part == "decoder" else CELL
        body.append(_box(x, Y_H, "h", color, sub=str(s.t)))
        if previous is None:
            body.append(f'<text x="{x - STEP_W / 2 - 6:.1f}" y="{Y_H + 5}" font-size="13" fill="{INK}">h₀</text>')
            body.append(_arrow(x - STEP_W / 2 + 14, Y_H, x - BOX_W / 2, Y_H))
        else:
            same_part = previous.part == s.part
            weight = {"cell": "W_hh", "encoder": "W_enc", "decoder": "W_dec"}[s.part] if same_part else "c"
            body.append(_arrow(x_of[previous.t] + BOX_W / 2, Y_H, x - BOX_W / 2, Y_H, weight, color))
        if s.x is not None:
            body.append(_box(x, Y_IN, s.x, INPUT, w=BOX_W + 10, h=30))
            body.append(_arrow(x, Y_IN - 15, x, Y_H + BOX_H / 2, "W_xh" if s.part == "cell" else "", INPUT))
        if s.y is not None:
            body.append(_box(x, Y_OUT, s.y, OUTPUT, w=BOX_W + 16, h=30))
            body.append(_arrow(x, Y_H - BOX_H / 2, x, Y_OUT + 15, "W_hy" if s.part == "cell" else "", OUTPUT))
        if s.part == "decoder" and previous is not None and previous.part == "decoder":
            # autoregressive decoding: the previous output is this step's input
            body.append(_arrow(x_of[previous.t] + 20, Y_OUT + 15, x - 20, Y_H - BOX_H / 2, color=DECODER, dashed=True))
        previous = s
    for part, color in (("encoder", CELL), ("decoder", DECODER)):
        xs = [x_of[s.t] for s in graph.steps if s.part == part]
        if xs:
            body.append(f'<text x="{(min(xs) + max(xs)) / 2:.1f}" y="{Y_IN + 40}" text-anchor="middle" font-size="14" '
                        f'font-weight="bold" fill="{color}">{escape(part_labels.get(part, part))}</text>')
    width = 60 + len(graph.steps) * STEP_W + 20
    return _svg(width, Y_IN + 50, body, f"unrolled RNN, {len(graph.steps)} steps")


def folded_svg(weight_names: Sequence[str] = ("W_xh", "W_hh", "W_hy")) -> str:
    """One cell with a self-loop: the folded drawing of the same network."""
    w_xh, w_hh, w_hy = weight_names
    x = 120
    body = [
        _box(x, Y_OUT, "y", OUTPUT, w=60, h=30, sub="t"),
        _box(x, Y_H, "h", CELL, sub="t"),
        _box(x, Y_IN, "x", INPUT, w=60, h=30, sub="t"),
        _arrow(x, Y_IN - 15, x, Y_H + BOX_H / 2, w_xh, INPUT),
        _arrow(x, Y_H - BOX_H / 2, x, Y_OUT + 15, w_hy, OUTPUT),
        f'<path d="M {x + BOX_W / 2} {Y_H + 10} C {x + 120} {Y_H + 60}, {x + 120} {Y_H - 60}, {x + BOX_W / 2} {Y_H - 10}" '
        f'fill="none" stroke="{CELL}" stroke-width="1.8" marker-end="url(#arrow)"/>',
        f'<text x="{x + 100}" y="{Y_H + 5}" font-size="12" fill="{CELL}">{escape(w_hh)}</text>',
    ]
    return _svg(300, Y_IN + 30, body, "folded RNN with a self-loop")


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


def heatmap_svg(rows: Sequence[Sequence[float]], column_labels: Sequence[str], title: str, row_label: str) -> str:
    """A units x steps grid of values in [-1, 1] (red -1, blue +1), with the value in each cell's tooltip."""
    cell_w, cell_h, left, top = 44, 14, 44, 28
    body = [f'<text x="{left}" y="16" font-size="14" font-weight="bold" fill="{INK}">{escape(title)}</text>']
    for i, row in enumerate(rows):
        y = top + i * cell_h
        # rows (units) are counted from 1, as on every page
        body.append(f'<text x="{left - 6}" y="{y + 11}" text-anchor="end" font-size="10" fill="#777">{i + 1}</text>')
        for j, value in enumerate(row):
            body.append(f'<rect x="{left + j * cell_w}" y="{y}" width="{cell_w - 1}" height="{cell_h - 1}" '
                        f'fill="{lecture_color(float(value))}"><title>{escape(column_labels[j])} · '
                        f"{escape(row_label)} {i + 1}: {float(value):+.4f}</title></rect>")
    bottom = top + len(rows) * cell_h
    for j, label in enumerate(column_labels):
        body.append(f'<text x="{left + j * cell_w + cell_w / 2}" y="{bottom + 16}" text-anchor="middle" font-size="12" '
                    f'fill="{INK}">{escape(label)}</text>')
    body.append(f'<text x="16" y="{top + len(rows) * cell_h / 2}" font-size="11" fill="#777" '
                f'transform="rotate(-90 16 {top + len(rows) * cell_h / 2})" text-anchor="middle">{escape(row_label)}</text>')
    width = left + max(len(column_labels), 1) * cell_w + 10
    return _svg(width, bottom + 26, body, title)


def bars_svg(bars: Sequence[tuple[str, float, str]], scale_max: float, title: str, value_format: str = ",.0f") -> str:
    """Horizontal bars (label, value, colour) on a fixed scale, so a bar visibly grows or shrinks
    as a slider moves; each bar carries its value."""
    left, width, bar_h, gap, top = 150, 520, 26, 12, 30
    body = [f'<text x="0" y="18" font-size="14" font-weight="bold" fill="{INK}">{escape(title)}</text>']
    for k, (label, value, color) in enumerate(bars):
        y = top + k * (bar_h + gap)
        length = max(1.0, width * min(value / scale_max, 1.0)) if scale_max > 0 else 1.0
        body.append(f'<text x="{left - 8}" y="{y + 18}" text-anchor="end" font-size="13" fill="{INK}">'
                    f"{escape(label)}</text>")
        body.append(f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{bar_h}" rx="3" fill="{color}" '
                    'fill-opacity="0.8"/>')
        body.append(f'<text x="{left + length + 6:.1f}" y="{y + 18}" font-size="13" fill="{INK}">'
                    f"{format(value, value_format)}</text>")
    return _svg(left + width + 110, top + len(bars) * (bar_h + gap), body, title)


def _fmt(value: float) -> str:
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("∞" if value > 0 else "-∞")
    return f"{value:.3g}"


def vector_steps_svg(steps: Sequence[dict], focus: int, labels: dict[str, str]) -> str:
    """A few unrolled steps with their numbers: each step dict has t, x, h (a vector), y, target,
    input_term and recurrent_term (vectors). The ``focus`` step is highlighted; the arrows carry
    W_xh x_t (from below) and W_hh h_{t-1} (from the left)."""
    col_w, box_w, left = 230, 120, 70
    y_out, y_h, y_in = 50, 175, 320
    body = []
    for k, s in enumerate(steps):
        x = left + k * col_w + col_w / 2
        focus_here = s["t"] == focus
        colour = OUTPUT if focus_here else CELL
        h_text = "[" + ", ".join(_fmt(v) for v in s["h"]) + "]"
        opacity, stroke = (0.22, 3) if focus_here else (0.1, 1.5)
        body.append(f'<rect x="{x - box_w / 2}" y="{y_h - 30}" width="{box_w}" height="60" rx="8" fill="{colour}" '
                    f'fill-opacity="{opacity}" stroke="{colour}" stroke-width="{stroke}"/>')
        body.append(f'<text x="{x}" y="{y_h - 8}" text-anchor="middle" font-size="13" fill="{INK}">h{_sub(s["t"])}</text>')
        body.append(f'<text x="{x}" y="{y_h + 14}" text-anchor="middle" font-size="13" fill="{INK}">{escape(h_text)}</text>')
        body.append(_box(x, y_in, f"x{_sub(s['t'])} = {s['x']}", INPUT, w=100, h=30))
        body.append(_arrow(x, y_in - 15, x, y_h + 30, "", INPUT))
        body.append(f'<text x="{x + 6}" y="{(y_in + y_h) / 2 + 20}" font-size="11" fill="{INPUT}">W_xh x = '
                    f'{escape("[" + ", ".join(_fmt(v) for v in s["input_term"]) + "]")}</text>')
        ok = "✓" if s.get("correct", True) else "✗"
        body.append(_box(x, y_out, f"y{_sub(s['t'])} = {_fmt(s['y'])} {ok}", OUTPUT, w=130, h=30))
        body.append(_arrow(x, y_h - 30, x, y_out + 15, "", OUTPUT))
        body.append(f'<text x="{x + 6}" y="{(y_out + y_h) / 2 + 2}" font-size="11" fill="{OUTPUT}">'
                    f'{escape(labels.get("target", "target"))} {s["target"]}</text>')
        x_prev = x - col_w
        body.append(_arrow(x_prev + box_w / 2 if k else x - col_w / 2 - 10, y_h, x - box_w / 2, y_h, "", CELL))
        body.append(f'<text x="{x - col_w / 2}" y="{y_h - 40}" text-anchor="middle" font-size="11" fill="{CELL}">W_hh h = '
                    f'{escape("[" + ", ".join(_fmt(v) for v in s["recurrent_term"]) + "]")}</text>')
    width = left + len(steps) * col_w + 20
    return _svg(width, y_in + 30, body, labels.get("title", "unrolled steps"))


def _sub(t: int) -> str:
    return str(t).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


BELT = "#7B4FA0"


def lstm_cell_svg(v: dict[str, float], title: str) -> str:
    """The LSTM cell as the textbook draws it, with numbers: the cell-state conveyor belt on top
    (c_{t-1} -> x f -> + i*c~ -> c_t), the four gates below, h_t = o * tanh(c_t) on the right.
    ``v`` holds c_prev, f, i, c_tilde, o, kept, written, c, h (floats)."""
    n = {k: _fmt(float(x)) for k, x in v.items()}
    belt_y, gate_y, in_y = 60, 215, 290
    body = [
        f'<line x1="30" y1="{belt_y}" x2="640" y2="{belt_y}" stroke="{BELT}" stroke-width="5" '
        'marker-end="url(#arrow)"/>',
        f'<text x="30" y="{belt_y - 14}" font-size="13" fill="{BELT}">c₍ₜ₋₁₎ = {n["c_prev"]}</text>',
        f'<text x="560" y="{belt_y - 14}" font-size="13" font-weight="bold" fill="{BELT}">cₜ = {n["c"]}</text>',
    ]
    for x, sym in ((190, "×"), (360, "+")):
        body.append(f'<circle cx="{x}" cy="{belt_y}" r="14" fill="white" stroke="{BELT}" stroke-width="2"/>'
                    f'<text x="{x}" y="{belt_y + 6}" text-anchor="middle" font-size="18" fill="{BELT}">{sym}</text>')
    body.append(f'<text x="255" y="{belt_y + 22}" text-anchor="middle" font-size="12" fill="{BELT}">'
                f'f·c = {n["kept"]}</text>')
    gates = [(190, "f", "σ", n["f"], "#E45756"), (300, "i", "σ", n["i"], "#F58518"),
             (400, "c̃", "tanh", n["c_tilde"], "#54A24B"), (520, "o", "σ", n["o"], "#4C78A8")]
    for x, name, fn, value, color in gates:
        body.append(_box(x, gate_y, f"{name} = {value}", color, w=92, h=34))
        body.append(f'<text x="{x}" y="{gate_y + 32}" text-anchor="middle" font-size="11" fill="#777">{fn}</text>')
        body.append(f'<line x1="{x}" y1="{in_y - 12}" x2="{x}" y2="{gate_y + 17}" stroke="#999" stroke-width="1.2" '
                    'marker-end="url(#arrow)"/>')
    body.append(_arrow(190, gate_y - 17, 190, belt_y + 14, "", "#E45756"))
    # i and c~ meet in a product that is written onto the belt
    body.append('<circle cx="350" cy="140" r="13" fill="white" stroke="#F58518" stroke-width="2"/>'
                '<text x="350" y="146" text-anchor="middle" font-size="16" fill="#F58518">×</text>')
    body.append(_arrow(300, gate_y - 17, 342, 150, "", "#F58518"))
    body.append(_arrow(400, gate_y - 17, 358, 150, "", "#54A24B"))
    body.append(_arrow(350, 127, 358, belt_y + 14, "", "#F58518"))
    body.append(f'<text x="372" y="112" font-size="12" fill="#F58518">i·c̃ = {n["written"]}</text>')
    # read-out: h = o * tanh(c)
    body.append(f'<line x1="600" y1="{belt_y}" x2="600" y2="128" stroke="{BELT}" stroke-width="1.6" '
                'marker-end="url(#arrow)"/>')
    body.append(_box(600, 145, "tanh", BELT, w=56, h=26))
    body.append(f'<circle cx="600" cy="{gate_y}" r="13" fill="white" stroke="#4C78A8" stroke-width="2"/>'
                f'<text x="600" y="{gate_y + 6}" text-anchor="middle" font-size="16" fill="#4C78A8">×</text>')
    body.append(_arrow(600, 158, 600, gate_y - 13, "", BELT))
    body.append(_arrow(566, gate_y, 587, gate_y, "", "#4C78A8"))
    body.append(_arrow(613, gate_y, 650, gate_y, "", INK))
    body.append(f'<text x="655" y="{gate_y + 5}" font-size="13" font-weight="bold" fill="{INK}">hₜ = {n["h"]}</text>')
    body.append(f'<line x1="150" y1="{in_y - 12}" x2="560" y2="{in_y - 12}" stroke="#999" stroke-width="1.2"/>')
    body.append(f'<text x="355" y="{in_y + 6}" text-anchor="middle" font-size="12" fill="#555">[h₍ₜ₋₁₎, xₜ]</text>')
    return _svg(760, in_y + 16, body, title)


def layer_grid_svg(layers: int, steps: int, selected: tuple[int, int], cone: set[tuple[int, int]],
                   layer_names: Sequence[str]) -> str:
    """A stacked RNN as a grid (layers up, time right). Each layer's row shares one set of
    weights; the selected state and every state it depends on are highlighted."""
    cell_w, cell_h, gap_x, gap_y, left, top = 64, 34, 26, 30, 110, 40
    body = []

    def xy(layer: int, step: int) -> tuple[float, float]:
        return left + (step - 1) * (cell_w + gap_x), top + (layers - layer + 1) * (cell_h + gap_y)

    for layer in range(1, layers + 1):
        _, y = xy(layer, 1)
        body.append(f'<text x="{left - 12}" y="{y + cell_h / 2 + 4}" text-anchor="end" font-size="12" fill="{INK}">'
                    f'{escape(layer_names[layer - 1])}: W⁽{_sup(layer)}⁾</text>')
        for step in range(1, steps + 1):
            x, y = xy(layer, step)
            if (layer, step) == selected:
                fill, opacity, stroke = OUTPUT, 0.55, OUTPUT
            elif (layer, step) in cone:
                fill, opacity, stroke = DECODER, 0.25, DECODER
            else:
                fill, opacity, stroke = CELL, 0.08, "#AAB"
            body.append(f'<rect x="{x}" y="{y}" width="{cell_w}" height="{cell_h}" rx="6" fill="{fill}" '
                        f'fill-opacity="{opacity}" stroke="{stroke}" stroke-width="1.5"/>')
            body.append(f'<text x="{x + cell_w / 2}" y="{y + cell_h / 2 + 4}" text-anchor="middle" font-size="11" '
                        f'fill="{INK}">h{_sup(layer)}{_sub(step)}</text>')
            if step > 1:
                body.append(_arrow(x - gap_x, y + cell_h / 2, x, y + cell_h / 2, "", "#889"))
            if layer > 1:
                body.append(_arrow(x + cell_w / 2, y + cell_h + gap_y, x + cell_w / 2, y + cell_h, "", "#889"))
    for step in range(1, steps + 1):
        x, y = xy(1, step)
        body.append(f'<text x="{x + cell_w / 2}" y="{y + cell_h + 22}" text-anchor="middle" font-size="12" '
                    f'fill="{INPUT}">x{_sub(step)}</text>')
    width = left + steps * (cell_w + gap_x) + 10
    height = top + (layers + 1) * (cell_h + gap_y) + 10
    return _svg(width, height, body, "stacked RNN")


def _sup(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def token_strip_html(tokens: Sequence[str], values: Sequence[float], focus: int | None, title: str,
                     unknown: Sequence[bool] = ()) -> str:
    """Tokens in boxes coloured by a probability (0 red, 0.5 white, 1 blue), the value under each;
    unknown tokens are drawn as <unk>; the focused step is outlined. The boxes wrap to the screen's
    width (HTML, not a drawing scaled to fit), so a phone gets more rows of full-size boxes."""
    boxes = []
    for j, (tok, value) in enumerate(zip(tokens, values, strict=True)):
        v = float(value)
        # negative (p = 0) in red, positive (p = 1) in blue, as the lecture colours -1 and +1
        fill = lecture_color(2 * v - 1) if math.isfinite(v) else "#dddddd"
        label = "<unk>" if j < len(unknown) and unknown[j] else tok
        border = f"3px solid {INK}" if j == focus else "1px solid #bbbbbb"
        boxes.append('<div style="display:inline-flex;flex-direction:column;align-items:center;margin:0 4px 6px 0">'
                     f'<span data-token="{j}" style="min-width:44px;padding:6px 5px;border:{border};border-radius:5px;'
                     f'background:{fill};text-align:center;font-size:13px">{escape(label[:6])}</span>'
                     f'<span style="font-size:10px;color:#555">{_fmt(v)}</span></div>')
    return (f'<div role="img" aria-label="{escape(title)}" style="color:{INK};{FONT}">'
            f'<div style="font-weight:bold;font-size:13px;margin-bottom:4px">{escape(title)}</div>'
            f'<div style="display:flex;flex-wrap:wrap">{"".join(boxes)}</div></div>')


def _visible(ch: str) -> str:
    return {"\n": "⏎", " ": "\u00a0", "\t": "⇥"}.get(ch, ch)


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


def curve_point_svg(curves: dict[str, tuple[Sequence[float], Sequence[float]]], point: tuple[float, float],
                    title: str, x_title: str, y_title: str) -> str:
    """A few lines (name: (x, y)) on one small chart, with ``point`` marked by a ring and its value:
    where one frame of a step-through sits on the whole curve (every frame draws the same lines)."""
    left, top, width, height = 56, 50, 440, 150
    xs = [float(x) for xy in curves.values() for x in xy[0]] + [float(point[0])]
    ys = [float(y) for xy in curves.values() for y in xy[1] if math.isfinite(float(y))] + [float(point[1])]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = min(ys), max(ys) if max(ys) > min(ys) else min(ys) + 1

    def px(x: float, y: float) -> tuple[float, float]:
        return left + width * (x - x0) / (x1 - x0), top + height * (1 - (y - y0) / (y1 - y0))

    colours = (CELL, DECODER, INPUT)
    body = [f'<text x="0" y="16" font-size="13" font-weight="bold" fill="{INK}">{escape(title)}</text>',
            f'<line x1="{left}" y1="{top + height}" x2="{left + width}" y2="{top + height}" stroke="#999"/>',
            f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + height}" stroke="#999"/>']
    for value in (y0, y1):
        _, y = px(x0, value)
        body.append(f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{value:.2f}</text>')
    for value in (x0, x1):
        x, _ = px(value, y0)
        body.append(f'<text x="{x:.1f}" y="{top + height + 15}" text-anchor="middle" font-size="11" fill="#555">'
                    f'{value:,.0f}</text>')
    body.append(f'<text x="{left + width / 2}" y="{top + height + 30}" text-anchor="middle" font-size="11" '
                f'fill="#555">{escape(x_title)}</text>')
    body.append(f'<text x="{left - 44}" y="{top - 14}" font-size="11" fill="#555">{escape(y_title)}</text>')
    for k, (name, (cx, cy)) in enumerate(curves.items()):
        line = " ".join("{:.1f},{:.1f}".format(*px(float(a), float(b))) for a, b in zip(cx, cy, strict=True)
                        if math.isfinite(float(b)))
        colour = colours[k % len(colours)]
        body.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.6"/>')
        body.append(f'<text x="{left + width + 6}" y="{top + 12 + 14 * k}" font-size="11" fill="{colour}">'
                    f'{escape(name)}</text>')
    x, y = px(float(point[0]), float(point[1]))
    body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="{OUTPUT}" stroke-width="3"/>'
                f'<text x="{x + 11:.1f}" y="{y + 4:.1f}" font-size="12" font-weight="bold" fill="{OUTPUT}">'
                f'{float(point[1]):.2f}</text>')
    return _svg(left + width + 150, top + height + 38, body, title)


def text_html(text: str, bold: bool = False, pre: bool = False) -> str:
    """A line (or, with ``pre``, a block that keeps its line breaks) of plain text for a player's
    frame, which is HTML and no markdown: its text is HTML-escaped here."""
    import html

    if pre:
        return (f'<pre style="white-space:pre-wrap;word-break:break-word;font-size:13px;background:#F6F4EF;'
                f'padding:8px 10px;border-radius:6px;margin:4px 0 8px 0;color:{INK}">{html.escape(text)}</pre>')
    weight = "font-weight:bold;" if bold else ""
    return f'<p style="{weight}font-size:14px;margin:4px 0;color:{INK};{FONT}">{html.escape(text)}</p>'


# --- drawings a player reveals (``playground.app.player.drawing_player``) -----------------------------
# One drawing carries every frame: an element with data-at="k" is shown from frame k on, one with
# data-only="k" on frame k alone, the rest always. A frame costs a few attributes, not a copy of the
# drawing, and the browser draws SVG without a chart library (a Plotly tree cost ~50 ms a change).

BEAM_STATUS_COLOUR = {"kept": "#4c78a8", "finished": "#2ca02c", "pruned": "#9a9a9a"}
BEAM_WINNER = "#d62728"
BEAM_RANK_PX = 30  # one rank: a label (12 px text) over its marker, clear of the next rank's label
BEAM_LABEL_PX = 12
BEAM_MAX_LABEL = 12  # characters: a longer token is shortened with "…" (its full text is in the tooltip)


def _text_px(text: str, size: float) -> float:
    from playground.drawing.figures import text_em

    return size * text_em(text, markup=False)


def beam_ranks(nodes: Sequence[dict]) -> dict[int, int]:
    """Each hypothesis's rank among those at its output position (0: the most probable)."""
    rank: dict[int, int] = {}
    for step in sorted({n["step"] for n in nodes}):
        at_step = sorted((n for n in nodes if n["step"] == step), key=lambda n: -n["log_prob"])
        rank.update({n["id"]: i for i, n in enumerate(at_step)})
    return rank


def beam_labels(nodes: Sequence[dict]) -> dict[int, str]:
    return {n["id"]: n["token"] if len(n["token"]) <= BEAM_MAX_LABEL else n["token"][:BEAM_MAX_LABEL - 1] + "…"
            for n in nodes}


def beam_frames(nodes: Sequence[dict], most: int = 64) -> list[int]:
    """The output positions a growing tree stops at, one frame each: every position, or ``most`` of
    them evenly spread, the last one always (the whole tree)."""
    every = sorted({n["step"] for n in nodes})
    if len(every) <= most:
        return every
    return sorted({every[round(k * (len(every) - 1) / (most - 1))] for k in range(most)})


def _beam_marker(status: str, x: float, y: float) -> str:
    colour = BEAM_STATUS_COLOUR[status]
    if status == "finished":
        return f'<rect x="{x - 4.5:.1f}" y="{y - 4.5:.1f}" width="9" height="9" fill="{colour}"/>'
    if status == "pruned":
        return (f'<path d="M{x - 4:.1f},{y - 4:.1f} l8,8 m0,-8 l-8,8" stroke="{colour}" stroke-width="2.2" '
                'stroke-linecap="round"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{colour}"/>'


def beam_tree_svg(nodes: Sequence[dict], winner: Sequence[int], names: dict[str, str], x_title: str,
                  label: str, most: int = 64) -> str:
    """A beam search drawn as a tree that grows: x = output position, y = rank at that position (best
    on top); a grey edge to every hypothesis, its marker by how it ended (kept, finished, pruned),
    its token above it and "token: log p" as its tooltip. Frame k (``beam_frames``) shows the tree
    cut after its k-th position; the winner's red path comes on the last frame, when the search is
    over. As wide as its labels need (one column per position, each as wide as the longest label)
    and as tall as its deepest rank, so no two labels overlap; a narrow screen scrolls it sideways.
    ``names``: the legend's kept / finished / pruned / winner."""
    stops = beam_frames(nodes, most)
    frame_of = {step: next(k for k, stop in enumerate(stops) if stop >= step) for step in {n["step"] for n in nodes}}
    last = max(len(stops) - 1, 0)
    rank, shown = beam_ranks(nodes), beam_labels(nodes)
    by_id = {n["id"]: n for n in nodes}
    on_path = set(winner)
    column = max([_text_px(s, BEAM_LABEL_PX) for s in shown.values()] + [_text_px("<bos>", BEAM_LABEL_PX)]) + 16
    positions = max((n["step"] for n in nodes), default=0) + 1
    ranks = max(rank.values(), default=0) + 1
    left, top = 10, 62  # the legend's row, then room for the first rank's label

    def at(step: int, r: int) -> tuple[float, float]:  # <bos> is step -1, the first column
        return left + (step + 1.5) * column, top + r * BEAM_RANK_PX

    # the legend: a marker and a name for each kind, then the winner's red line
    body, x = [], float(left)
    for status in ("kept", "finished", "pruned"):
        body.append(_beam_marker(status, x + 5, 18))
        body.append(f'<text x="{x + 15:.1f}" y="22" font-size="12" fill="{INK}">{escape(names[status])}</text>')
        x += 15 + _text_px(names[status], 12) + 18
    body.append(f'<line x1="{x:.1f}" y1="18" x2="{x + 18:.1f}" y2="18" stroke="{BEAM_WINNER}" stroke-width="3"/>'
                f'<text x="{x + 24:.1f}" y="22" font-size="12" fill="{INK}">{escape(names["winner"])}</text>')
    legend_px = x + 24 + _text_px(names["winner"], 12)
    # edges under the markers: grey to every hypothesis, then the winner's path over them
    edges, path = [], []
    for n in nodes:
        parent = by_id.get(n["parent"]) if n["parent"] is not None else None
        (x0, y0), (x1, y1) = at(parent["step"], rank[parent["id"]]) if parent else at(-1, 0), at(n["step"], rank[n["id"]])
        edges.append(f'<line data-at="{frame_of[n["step"]]}" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
                     'stroke="#d6d6d6" stroke-width="1"/>')
        if n["id"] in on_path:
            path.append(f'<line x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" stroke="{BEAM_WINNER}" '
                        'stroke-width="3" stroke-linecap="round"/>')
    body += edges
    if path:
        body.append(f'<g data-at="{last}">{"".join(path)}</g>')
    x, y = at(-1, 0)
    body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{INK}"/>'
                f'<text x="{x:.1f}" y="{y - 8:.1f}" text-anchor="middle" font-size="{BEAM_LABEL_PX}" fill="{INK}">'
                f'{escape("<bos>")}</text>')
    for n in nodes:
        x, y = at(n["step"], rank[n["id"]])
        ring = (f'<circle data-at="{last}" cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="{BEAM_WINNER}" '
                'stroke-width="2"/>') if n["id"] in on_path else ""
        ink = "#666666" if n["status"] == "pruned" else INK
        body.append(f'<g data-at="{frame_of[n["step"]]}"><title>{escape(n["token"])}: log p = {n["log_prob"]:.3f}'
                    f'</title>{_beam_marker(n["status"], x, y)}{ring}<text x="{x:.1f}" y="{y - 8:.1f}" '
                    f'text-anchor="middle" font-size="{BEAM_LABEL_PX}" fill="{ink}">{escape(shown[n["id"]])}</text></g>')
    # the positions under the deepest rank, and what they are
    bottom = top + (ranks - 1) * BEAM_RANK_PX + 24
    for step in range(positions):
        x, _ = at(step, 0)
        body.append(f'<text x="{x:.1f}" y="{bottom:.1f}" text-anchor="middle" font-size="11" fill="#555">{step}</text>')
    width = max(420.0, left + (positions + 1) * column + 10, legend_px + 10)
    body.append(f'<text x="{left + (width - left) / 2:.1f}" y="{bottom + 20:.1f}" text-anchor="middle" font-size="12" '
                f'fill="#555">{escape(x_title)}</text>')
    return _svg(width, bottom + 30, body, label)


ATTENTION_TOP = "#08519c"
ATTENTION_BAR = "#9ecae1"


def attention_rows_svg(weights: Sequence[Sequence[float]], source: Sequence[str], titles: Sequence[str],
                       y_title: str, label: str) -> str:
    """The attention of each output word in turn: bars over the source characters on a fixed 0-1
    scale, the character read most in a darker colour with its weight over it. Frame i (data-only)
    is output word i, titled ``titles[i]``; the axes are drawn once for every frame."""
    rows = [[float(v) for v in row] for row in weights][:len(titles)]
    column = max([_text_px(c, 13) for c in source] + [22]) + 6
    left, top, height = 64, 56, 150
    width = max(420.0, left + column * len(source) + 16, max((_text_px(t, 14) for t in titles), default=0) + 10)
    body = []
    for value in (0.0, 0.5, 1.0):  # the scale every frame shares
        y = top + height * (1 - value)
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + column * len(source)}" y2="{y:.1f}" '
                    f'stroke="{"#999" if value == 0 else "#e5e5e5"}"/>'
                    f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{value:.1f}</text>')
    body.append(f'<text x="14" y="{top + height / 2:.1f}" font-size="11" fill="#555" text-anchor="middle" '
                f'transform="rotate(-90 14 {top + height / 2:.1f})">{escape(y_title)}</text>')
    for j, ch in enumerate(source):  # each character and its place, under its bar
        x = left + column * (j + 0.5)
        body.append(f'<text x="{x:.1f}" y="{top + height + 17}" text-anchor="middle" font-size="13" fill="{INK}">'
                    f'{escape(_visible(ch))}</text><text x="{x:.1f}" y="{top + height + 37}" text-anchor="middle" '
                    f'font-size="11" fill="#666">{j + 1}</text>')
    for i, (row, title) in enumerate(zip(rows, titles, strict=False)):
        most = max(range(len(row)), key=row.__getitem__) if row else -1
        bars = [f'<text x="0" y="20" font-size="14" font-weight="bold" fill="{INK}">{escape(title)}</text>']
        for j, value in enumerate(row[:len(source)]):
            v = min(max(value, 0.0), 1.0) if math.isfinite(value) else 0.0
            x, h = left + column * j + 3, max(height * v, 0.5)
            bars.append(f'<rect x="{x:.1f}" y="{top + height - h:.1f}" width="{column - 6:.1f}" height="{h:.1f}" '
                        f'fill="{ATTENTION_TOP if j == most else ATTENTION_BAR}"/>')
            if j == most:
                bars.append(f'<text x="{x + (column - 6) / 2:.1f}" y="{top + height - h - 5:.1f}" text-anchor="middle" '
                            f'font-size="11" fill="{INK}">{value:.2f}</text>')
        body.append(f'<g data-only="{i}">{"".join(bars)}</g>')
    return _svg(width, top + height + 42, body, label)


# --- charts over a sentence, drawn as SVG -------------------------------------------------------------
# Lines (or bars) over the tokens of a sentence: what the gate lab and the classifier redraw on every
# new sentence. Plotly drew each in ~30 ms of the browser's time (more when it grew a margin and drew
# again); an SVG drawing costs a few milliseconds, and each point still tells its value on hover.
SERIES_COLOURS = ("#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2", "#9D755D", "#EECA3B")
PLOT_H = 200
COLUMN_MIN_PX = 20  # a label turned upright is a line of 12 px text wide (~17 px in a CJK font)


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    return [first + k * step for k in range(int(math.ceil((high - first) / step - 1e-9)) + 1)]


def _tick_text(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    text = f"{value:.{decimals}f}"
    return "0" if float(text) == 0 else text.replace("-", "−")


def _decade(exponent: int) -> str:
    return "10" + ("⁻" if exponent < 0 else "") + _sup(abs(exponent))


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


def sentence_chart_svg(labels: Sequence[str], series: dict[str, Sequence[float]], title: str, y_title: str = "",
                       bars: bool = False, highlight: int | None = None, log_y: bool = False,
                       dashed: Sequence[str] = (), fit_px: float = 560) -> str:
    """One value per token for each series: lines with a dot per token (a dashed line for the names in
    ``dashed``), or, with ``bars``, bars up or down from 0 for the one series. x: the tokens as
    "t · token"; y: linear with round ticks, or with ``log_y`` powers of ten (what is not positive is left
    out). ``highlight``: a dotted line through that token (0-based). A value that is not finite is a gap.
    Each point's tooltip gives its series, token and value. Wider than the column for a long sentence:
    it then scrolls sideways. ``fit_px``: the width it aims at (a half-width column: ~300)."""
    names = [step_label(i + 1, label) for i, label in enumerate(labels)]
    n = max(len(names), 1)
    widest = max((_text_px(s, 12) for s in names), default=0.0)
    values = {k: [float(v) for v in vs] for k, vs in series.items()}
    usable = [v for vs in values.values() for v in vs if math.isfinite(v) and (v > 0 or not log_y)]
    if log_y:
        low = math.floor(math.log10(min(usable))) if usable else -1
        high = math.ceil(math.log10(max(usable))) if usable else 0
        high = max(high, low + 1)
        ticks = [(float(e), _decade(e)) for e in range(low, high + 1, max(1, math.ceil((high - low) / 8)))]
        bottom_value, top_value = float(low), float(high)
    else:
        low, high = min(usable + [0.0] if bars else usable or [0.0]), max(usable + [0.0] if bars else usable or [1.0])
        steps = _nice_ticks(low, high)
        step = steps[1] - steps[0] if len(steps) > 1 else 1.0
        ticks = [(v, _tick_text(v, step)) for v in steps]
        bottom_value, top_value = steps[0], steps[-1] if steps[-1] > steps[0] else steps[0] + 1
    tick_px = max(_text_px(text, 11) for _, text in ticks)
    left = 12 + tick_px + 8 + (20 if y_title else 0)
    # as wide as ``fit_px`` allows, never narrower than COLUMN_MIN_PX a token nor wider than its label
    column = max(COLUMN_MIN_PX, min(widest + 8, 64.0, (fit_px - left - 24) / n))
    turned = widest + 4 > column  # labels turned upright when they would not fit side by side
    top = 34
    label_room = (widest + 18) if turned else 20
    legend = [] if bars else list(values)
    plot_w = column * n
    width = max(left + plot_w + 24, _text_px(_SUB.sub(r"\1", title), 14) + 10, min(320.0, fit_px))
    legend_rows, x, row = [], left, 0
    for name in legend:  # the legend under the axis, wrapped to the drawing's width
        item = 26 + _text_px(_SUB.sub(r"\1", name), 12) + 14
        if x + item > width and x > left:
            x, row = left, row + 1
        legend_rows.append((name, x, row))
        x += item
    legend_h = (max((r for _, _, r in legend_rows), default=-1) + 1) * 20
    height = top + PLOT_H + label_room + legend_h + 8

    def y_of(v: float) -> float:
        value = math.log10(v) if log_y else v
        return top + PLOT_H * (1 - (value - bottom_value) / (top_value - bottom_value))

    def x_of(i: int) -> float:
        return left + column * (i + 0.5)

    body = [f'<text x="2" y="18" font-size="14" font-weight="bold" fill="{INK}">{_rich(title)}</text>']
    for value, text in ticks:
        y = top + PLOT_H * (1 - (value - bottom_value) / (top_value - bottom_value))
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w:.1f}" y2="{y:.1f}" stroke="#e6e6e6"/>'
                    f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{text}</text>')
    if y_title:
        middle = top + PLOT_H / 2
        body.append(f'<text x="14" y="{middle:.1f}" font-size="12" fill="#555" text-anchor="middle" '
                    f'transform="rotate(-90 14 {middle:.1f})">{escape(y_title)}</text>')
    body.append(f'<line x1="{left}" y1="{top + PLOT_H}" x2="{left + plot_w:.1f}" y2="{top + PLOT_H}" stroke="#999"/>')
    for i, name in enumerate(names):
        x = x_of(i)
        y = top + PLOT_H + 14
        body.append(f'<text class="tick-x" x="{x:.1f}" y="{y:.1f}" font-size="12" fill="{INK}" '
                    + (f'text-anchor="end" transform="rotate(-90 {x + 4:.1f} {y - 6:.1f})">' if turned
                       else 'text-anchor="middle">') + f"{escape(name)}</text>")
    if highlight is not None and 0 <= highlight < len(names):
        x = x_of(highlight)
        body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + PLOT_H}" stroke="#777" '
                    'stroke-dasharray="2 3" stroke-width="1.5"/>')
    for k, (series_name, vs) in enumerate(values.items()):
        colour = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        body.append(f'<g data-series="{_plain(series_name)}">')
        if bars:
            zero = y_of(0.0) if not log_y else top + PLOT_H
            for i, v in enumerate(vs):
                if not math.isfinite(v):
                    continue
                y = y_of(v)
                fill = CELL if v >= 0 else OUTPUT
                body.append(f'<rect x="{x_of(i) - column * 0.35:.1f}" y="{min(y, zero):.1f}" width="{column * 0.7:.1f}" '
                            f'height="{max(abs(zero - y), 0.5):.1f}" fill="{fill}" fill-opacity="0.85">'
                            f'<title>{escape(names[i])}: {v:.4g}</title></rect>')
            body.append("</g>")
            continue
        runs, run = [], []
        for i, v in enumerate(vs):  # a gap where a value cannot be drawn
            if math.isfinite(v) and (v > 0 or not log_y):
                run.append((x_of(i), y_of(v), i, v))
            elif run:
                runs.append(run)
                run = []
        runs += [run] if run else []
        dash = ' stroke-dasharray="6 4"' if series_name in dashed else ""
        for run in runs:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in run)
            body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
            body += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"><title>{_plain(series_name)} · '
                     f'{escape(names[i])}: {v:.4g}</title></circle>' for x, y, i, v in run]
        body.append("</g>")
    legend_top = top + PLOT_H + label_room + 6
    for name, x, row in legend_rows:
        k = legend.index(name)
        colour, y = SERIES_COLOURS[k % len(SERIES_COLOURS)], legend_top + 20 * row
        dash = ' stroke-dasharray="6 4"' if name in dashed else ""
        body.append(f'<line x1="{x:.1f}" y1="{y + 6:.1f}" x2="{x + 20:.1f}" y2="{y + 6:.1f}" stroke="{colour}" '
                    f'stroke-width="2"{dash}/><text x="{x + 26:.1f}" y="{y + 10:.1f}" font-size="12" fill="{INK}">'
                    f"{_rich(name)}</text>")
    return _svg(width, height, body, _SUB.sub(r"\1", title))

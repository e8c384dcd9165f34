"""Diagrams as inline SVG: the unrolled and folded RNN, one LSTM step, the vector steps, the
grid of stacked layers, the beam-search tree and the attention rows. Pure functions of their arguments.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from playground.core.formatting import escape_markdown as escape
from playground.drawing.base import BELT, CELL, DECODER, INK, INPUT, OUTPUT, _fmt, _sup, _svg, _text_px, _visible


class UnrolledStep(Protocol):
    """One time step of an unrolled graph: what it reads and writes, and which part of the network runs it."""

    t: int
    x: str | None
    y: str | None
    part: str  # "cell", "encoder" or "decoder"


class Unrolled(Protocol):
    """What ``unrolled_svg`` draws (Home's ``forms.Unrolled`` has this shape: the drawing layer knows no lesson)."""

    steps: Sequence[UnrolledStep]


STEP_W, BOX_W, BOX_H = 130, 70, 40
Y_OUT, Y_H, Y_IN = 40, 130, 220


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


BEAM_STATUS_COLOUR = {"kept": "#4c78a8", "finished": "#2ca02c", "pruned": "#9a9a9a"}


BEAM_WINNER = "#d62728"


BEAM_RANK_PX = 30  # one rank: a label (12 px text) over its marker, clear of the next rank's label


BEAM_LABEL_PX = 12


BEAM_MAX_LABEL = 12  # characters: a longer token is shortened with "…" (its full text is in the tooltip)


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


def _beam_legend(names: dict[str, str], left: float) -> tuple[list[str], float]:
    """A marker and a name for each kind of hypothesis, then the winner's red line -> (body, its width)."""
    body, x = [], float(left)
    for status in ("kept", "finished", "pruned"):
        body.append(_beam_marker(status, x + 5, 18))
        body.append(f'<text x="{x + 15:.1f}" y="22" font-size="12" fill="{INK}">{escape(names[status])}</text>')
        x += 15 + _text_px(names[status], 12) + 18
    body.append(f'<line x1="{x:.1f}" y1="18" x2="{x + 18:.1f}" y2="18" stroke="{BEAM_WINNER}" stroke-width="3"/>'
                f'<text x="{x + 24:.1f}" y="22" font-size="12" fill="{INK}">{escape(names["winner"])}</text>')
    return body, x + 24 + _text_px(names["winner"], 12)


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

    body, legend_px = _beam_legend(names, left)
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

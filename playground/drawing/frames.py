"""Charts that play in the browser (issue 26): Plotly's own animation frames, with play / pause
buttons and a scrubber under the chart. Every frame is computed in one run and sent with the chart;
playing it costs the server nothing (``playground.app.player`` does the same for SVG and HTML).

Built cheaply: one validated figure per frame would cost ~10 ms a frame (plotly.py checks every
property), so 64 frames of a long curve would cost a second of CPU on every change of a setting.
A chart is drawn once (by ``playground.drawing.figures``, its axes fixed to hold every frame) and each frame
is a list of plain per-trace updates (``{"x": [...], "y": [...]}``, one dict per trace, in order),
which Plotly merges into the traces as it plays.

Pure functions of their arguments, like the rest of the drawing layer; no Streamlit."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from playground.core.formatting import step_label
from playground.drawing import figures

FRAME_MS = 900  # one frame every this many milliseconds
MAX_FRAMES = 64  # as ``playground.app.player``: a chart carries at most this many frames
CONTROLS_PX = 180  # under the plot: the x axis's numbers and title, the buttons, then the scrubber
LEGEND_PX = 50  # a legend's two rows (a phone wraps four names) under the controls


def _values(values) -> np.ndarray:
    """Values as a float array (plotly.py sends it as packed binary, and copies it without looking at
    each number, unlike a list); NaN, a gap in the line, for what a chart cannot draw."""
    return np.array(values, dtype=np.float64)  # None becomes NaN


def played(base: go.Figure, updates: Sequence[Sequence[dict]], labels: Sequence[str], start: int,
           words: dict[str, str], titles: Sequence[str] | None = None, own: bool = False,
           layouts: Sequence[dict] | None = None) -> go.Figure:
    """``base`` (its traces, axes and layout) with frames ``updates`` (per frame, one dict per trace
    of ``base``, in order, holding what changes; arrays as numpy arrays, which plotly.py copies
    without looking at each number) played client side. It opens paused on frame ``start``, plays
    to the last frame and stops there, and can be scrubbed; ``titles``: one per frame, or None to
    keep the chart's. ``words``: "play", "pause", "frame" (the scrubber's prefix). ``own``: ``base`` was
    drawn for this call alone, so it becomes the chart itself (a copy of a long curve's figure is 16 ms).
    ``layouts``: one layout update per frame (shapes, say), or None."""
    if not updates or len(updates) != len(labels) or any(
            extra is not None and len(extra) != len(updates) for extra in (titles, layouts)):
        raise ValueError("an animation needs one label (and title, and layout) per frame, and at least one frame")
    if any(len(frame) != len(base.data) for frame in updates):
        raise ValueError("every frame updates every trace of the chart, in order")
    start = max(0, min(len(updates) - 1, int(start)))
    fig = base if own else go.Figure(base)
    for trace, update in zip(fig.data, updates[start], strict=True):
        trace.update(update)
    if layouts is not None:
        fig.update_layout(layouts[start])
    if titles is not None:  # wrapped as every chart title is, with room for the longest frame's lines
        titles = [figures.wrap_title(title) for title in titles]
        shown = (fig.layout.title.text or "").count("<br>")
        extra = figures.TITLE_LINE_PX * max(0, max(title.count("<br>") for title in titles) - shown)
        fig.update_layout(title={"text": titles[start], "font": {"size": figures.TITLE_PX}},
                          margin={"t": (fig.layout.margin.t if fig.layout.margin.t is not None else 40) + extra},
                          height=(fig.layout.height or 450) + extra)
    fig._frame_objs = _frames(base, updates, titles, layouts)
    play = {"frame": {"duration": FRAME_MS, "redraw": True}, "transition": {"duration": 0}, "fromcurrent": True,
            "mode": "immediate"}
    fast = {**play, "frame": {"duration": FRAME_MS // 2, "redraw": True}}  # the speed: twice as fast
    pause = {"frame": {"duration": 0, "redraw": False}, "transition": {"duration": 0}, "mode": "immediate"}
    step = {"frame": {"duration": 0, "redraw": True}, "mode": "immediate", "transition": {"duration": 0}}
    # under the plot: the x axis's numbers and title, the buttons, then the scrubber as wide as the chart (a
    # phone's narrow chart has no room for both on one row); the chart grows by their height, so its plot
    # keeps its size; a legend that stood under the axis goes under them
    room = CONTROLS_PX
    legend = fig.layout.legend
    if legend.orientation == "h" and legend.y is not None and legend.y < 0:
        fig.update_layout(legend={"yref": "container", "y": 0, "yanchor": "bottom"})
        room += LEGEND_PX
    fig.update_layout(
        height=(fig.layout.height or 450) + room,
        margin={"b": (fig.layout.margin.b or 40) + room},
        updatemenus=[{"type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left",
                      "y": 0, "yanchor": "top", "pad": {"t": 58, "r": 8},
                      "buttons": [{"label": "▶ " + words["play"], "method": "animate", "args": [None, play]},
                                  {"label": "▮▮ " + words["pause"], "method": "animate", "args": [[None], pause]},
                                  {"label": "▶▶ 2×", "method": "animate", "args": [None, fast]}]}],
        sliders=[{"active": start, "x": 0, "len": 1, "y": 0, "yanchor": "top", "pad": {"t": 96},
                  "currentvalue": {"prefix": words["frame"] + " ", "font": {"size": 12}},
                  "transition": {"duration": 0},
                  "steps": [{"label": label, "method": "animate", "args": [[str(i)], step]}
                            for i, label in enumerate(labels)]}],
    )
    return fig


def _frames(base: go.Figure, updates: Sequence[Sequence[dict]], titles: Sequence[str] | None,
            layouts: Sequence[dict] | None) -> tuple[go.Frame, ...]:
    """``played``'s frames, unchecked: plotly.py would check every property of every frame again (four fifths
    of a played chart's CPU time), and they only hold values of the traces ``base`` has already checked.
    (Their JSON, ``to_dict``, is what Streamlit sends; ``tests/test_frames.py`` reads them that way.)"""
    kinds = [trace.type for trace in base.data]  # a frame's trace without its type would be drawn as a scatter
    out = []
    for i, frame in enumerate(updates):
        layout = {**(layouts[i] if layouts is not None else {}), **({"title": {"text": titles[i]}} if titles else {})}
        out.append(go.Frame(name=str(i), data=[{"type": kind, **u} for kind, u in zip(kinds, frame, strict=True)],
                            **({"layout": layout} if layout else {}), _validate=False))
    return tuple(out)


def cuts(count: int, most: int = MAX_FRAMES) -> list[int]:
    """The frames of a curve of ``count`` points revealed from its last point back to its first:
    the 0-based index each frame reveals down to, one per point, or ``most`` of them evenly spread
    (always the last point alone first and the whole curve last)."""
    if count <= most:
        return list(range(count - 1, -1, -1))
    return sorted({round((count - 1) * (1 - k / (most - 1))) for k in range(most)}, reverse=True)


def revealed_backwards(base: go.Figure, labels: Sequence[str], words: dict[str, str], background: str,
                       most: int = MAX_FRAMES) -> tuple[go.Figure, list[int]]:
    """The curves of ``base`` (all over the same numeric x) revealed step by step from the last x back to
    the first, as a gradient flows back through time: each frame moves the edge of a cover the colour of
    the page (``background``) that hides the plot left of the step reached so far. The x axis is fixed to
    the whole curve; the y axis is ``base``'s. Opens on the whole curve (the last frame), as the chart stood
    before it could play; play starts over. ``labels``: the scrubber's text for each x.
    -> (figure, the index each frame reveals down to).

    A frame is one number, the cover's edge: frames that carried each curve's revealed part sent four
    curves of 500 points 64 times over (800 KB a chart, 60% of the gradients lab's server time a change)."""
    xs = [float(x) for x in base.data[0].x]
    shown = cuts(len(xs), most)
    pad = 0.02 * max(xs[-1] - xs[0], 1)
    start = xs[0] - pad
    fig = go.Figure(base)
    fig.update_xaxes(range=[start, xs[-1] + pad], autorange=False)

    def cover(cut: int) -> dict:  # hides everything left of step ``cut``, halfway to the step before it
        edge = (xs[cut - 1] + xs[cut]) / 2 if cut else start
        return {"type": "rect", "layer": "above", "xref": "x", "yref": "paper", "x0": start, "x1": edge, "y0": 0,
                "y1": 1, "fillcolor": background, "line": {"width": 0}}

    layouts = [{"shapes": [cover(cut)]} for cut in shown]
    return played(fig, [[{} for _ in base.data] for _ in shown], [labels[c] for c in shown], len(shown) - 1, words,
                  own=True, layouts=layouts), shown


def forward_backward(tokens: Sequence[str], forward: Sequence[float], backward: Sequence[float],
                     names: tuple[str, str], titles: tuple[str, str], words: dict[str, str]) -> go.Figure:
    """A pass forward through ``tokens`` and then back, played: forward frame t shows ``forward[:t]``;
    backward frame t (from the last token down to the first) shows all of ``forward`` and
    ``backward[t-1:]``; a ring marks the step being computed. ``names``: the two series; ``titles``:
    format strings of a forward and a backward frame, with {t} and {token}. The scrubber reads
    "→ t" going forward and "← t" coming back. Opens on the last frame: every value, as a table shows."""
    x = [step_label(i + 1, token) for i, token in enumerate(tokens)]
    steps = [("forward", t) for t in range(1, len(x) + 1)] + [("backward", t) for t in range(len(x), 0, -1)]
    every = [float(v) for v in forward] + [float(v) for v in backward]
    finite = [v for v in every if math.isfinite(v)] or [0.0]
    spare = 0.08 * (max(finite) - min(finite)) or 0.5
    base = go.Figure([
        go.Scatter(x=x, y=_values(forward), mode="lines+markers", name=names[0]),
        go.Scatter(x=x, y=_values(backward), mode="lines+markers", name=names[1], line={"dash": "dash"}),
        go.Scatter(x=x[:1], y=[0.0], mode="markers", showlegend=False, hoverinfo="skip",
                   marker={"size": 16, "symbol": "circle-open", "line": {"width": 3}, "color": "#101419"}),
    ])
    base.update_layout(height=340, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                       legend={"orientation": "h", "y": -0.2})  # under the controls (played): clear of a two-line title
    base.update_xaxes(type="category", categoryorder="array", categoryarray=x)
    base.update_yaxes(range=[min(finite) - spare, max(finite) + spare], autorange=False)
    updates, frame_titles = [], []
    for direction, t in steps:
        ahead = direction == "forward"
        shown_f = [v if (not ahead or i < t) else math.nan for i, v in enumerate(forward)]
        shown_b = [v if (not ahead and i >= t - 1) else math.nan for i, v in enumerate(backward)]
        point = (forward if ahead else backward)[t - 1]
        updates.append([{"y": _values(shown_f)}, {"y": _values(shown_b)}, {"x": [x[t - 1]], "y": [float(point)]}])
        frame_titles.append(titles[0 if ahead else 1].format(t=t, token=tokens[t - 1]))
    labels = [("→ " if way == "forward" else "← ") + str(t) for way, t in steps]
    return played(base, updates, labels, len(steps) - 1, words, titles=frame_titles, own=True)


def forecast_steps(base: go.Figure, ahead: Sequence[int], lines: Sequence[Sequence[float]],
                   band: tuple[Sequence[float], Sequence[float]], labels: Sequence[str], words: dict[str, str]) -> go.Figure:
    """A ``figures.forecast`` chart whose band and forecast lines grow one hour ahead at a time (the
    truth stays whole): frame k shows the first k + 1 hours. Opens on the whole forecast."""
    ahead = np.asarray(ahead)
    low, high = _values(band[0]), _values(band[1])
    updates = []
    for k in range(1, len(ahead) + 1):
        frame = [{"x": np.r_[ahead[:k], ahead[:k][::-1]], "y": np.r_[high[:k], low[:k][::-1]]}]
        frame += [{"x": ahead[:k], "y": _values(line[:k])} for line in lines]
        updates.append(frame + [{}])
    return played(base, updates, labels, len(ahead) - 1, words)

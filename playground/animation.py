"""Charts that play in the browser: Plotly's own animation frames, with a play / pause button and a
scrubber under the chart. Every frame is computed in one run and sent with the chart; playing it
costs the server nothing (``playground.ui.player`` does the same for SVG and HTML frames)."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from playground.figures import TITLE_LINE_PX, TITLE_PX, wrap_title

FRAME_MS = 900  # one frame every this many milliseconds


def _y_span(frames: Sequence[go.Figure], log: bool) -> list[float] | None:
    """One y range that holds every frame's values (5% spare each side), in log10 units on a log
    axis; None when the frames hold no finite number."""
    import math

    values = []
    for frame in frames:
        for trace in frame.data:
            if trace.type == "bar" and not log:
                values.append(0.0)  # bars stand on zero
            for v in getattr(trace, "y", None) or ():
                if isinstance(v, (int, float)) and math.isfinite(v) and (v > 0 or not log):
                    values.append(math.log10(v) if log else float(v))
    if not values:
        return None
    low, high = min(values), max(values)
    spare = 0.05 * (high - low) or 0.5
    return [low - spare, high + spare]


def animated(frames: Sequence[go.Figure], labels: Sequence[str], start: int, words: dict[str, str]) -> go.Figure:
    """One chart that plays ``frames`` (figures with the same traces, in order) client side.

    It opens paused on frame ``start`` (the page's slider and so the link choose it), plays to the
    last frame and stops there, and can be scrubbed; each frame keeps its own title. ``words``:
    "play", "pause" and "frame" (the scrubber's prefix), in the visitor's language."""
    if not frames or len(frames) != len(labels):
        raise ValueError("an animation needs one label per frame, and at least one frame")
    start = max(0, min(len(frames) - 1, int(start)))
    names = [str(i) for i in range(len(frames))]
    fig = go.Figure(frames[start])
    if fig.layout.yaxis.range is None and (span := _y_span(frames, fig.layout.yaxis.type == "log")) is not None:
        fig.update_yaxes(range=span, autorange=False)  # a frame's axis does not rescale while it plays
    fig.frames = [go.Frame(data=f.data, name=name, layout=go.Layout(title=f.layout.title))
                  for f, name in zip(frames, names, strict=True)]
    play = {"frame": {"duration": FRAME_MS, "redraw": True}, "transition": {"duration": 0}, "fromcurrent": True,
            "mode": "immediate"}
    pause = {"frame": {"duration": 0, "redraw": False}, "transition": {"duration": 0}, "mode": "immediate"}
    bottom = (fig.layout.margin.b or 40) + 70
    fig.update_layout(
        margin={"b": bottom},
        updatemenus=[{"type": "buttons", "direction": "left", "showactive": False, "x": 0, "xanchor": "left",
                      "y": 0, "yanchor": "top", "pad": {"t": 48, "r": 8},
                      "buttons": [{"label": "▶ " + words["play"], "method": "animate", "args": [None, play]},
                                  {"label": "▮▮ " + words["pause"], "method": "animate", "args": [[None], pause]}]}],
        sliders=[{"active": start, "x": 0.28, "len": 0.72, "y": 0, "yanchor": "top", "pad": {"t": 36},
                  "currentvalue": {"prefix": words["frame"] + " ", "font": {"size": 12}},
                  "transition": {"duration": 0},
                  "steps": [{"label": label, "method": "animate",
                             "args": [[name], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate",
                                               "transition": {"duration": 0}}]}
                            for label, name in zip(labels, names, strict=True)]}],
    )
    return fig


def forward_backward(tokens: Sequence[str], forward: Sequence[float], backward: Sequence[float],
                     names: tuple[str, str], titles: tuple[str, str]) -> tuple[list[go.Figure], list[tuple[str, int]]]:
    """The frames of a pass forward through ``tokens`` and then back: forward frame t shows
    ``forward[:t]``; backward frame t (from the last token down to the first) shows all of ``forward``
    and ``backward[t-1:]``; a marker rides on the step being computed. ``names``: the two series;
    ``titles``: format strings for a forward and a backward frame, with {t} and {token}.
    -> (frames, (direction "forward"/"backward", 1-based t) of each)."""
    import math

    x = [f"{i + 1}:{token}" for i, token in enumerate(tokens)]
    steps = [("forward", t) for t in range(1, len(x) + 1)] + [("backward", t) for t in range(len(x), 0, -1)]
    frames = []
    for direction, t in steps:
        ahead = direction == "forward"
        shown_f = [float(v) if (not ahead or i < t) else math.nan for i, v in enumerate(forward)]
        shown_b = [float(v) if (not ahead and i >= t - 1) else math.nan for i, v in enumerate(backward)]
        point = (forward if ahead else backward)[t - 1]
        fig = go.Figure([
            go.Scatter(x=x, y=shown_f, mode="lines+markers", name=names[0]),
            go.Scatter(x=x, y=shown_b, mode="lines+markers", name=names[1], line={"dash": "dash"}),
            go.Scatter(x=[x[t - 1]], y=[float(point)], mode="markers", showlegend=False, hoverinfo="skip",
                       marker={"size": 16, "symbol": "circle-open", "line": {"width": 3}, "color": "#101419"}),
        ])
        # wrapped as figures wraps every chart title, with room for two lines in every frame (a phone)
        title = wrap_title(titles[0 if ahead else 1].format(t=t, token=tokens[t - 1]))
        fig.update_layout(title={"text": title, "font": {"size": TITLE_PX}}, height=340 + TITLE_LINE_PX,
                          margin={"l": 10, "r": 10, "t": 40 + TITLE_LINE_PX, "b": 10},
                          legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 1, "xanchor": "right"},
                          xaxis={"type": "category", "categoryorder": "array", "categoryarray": x})
        frames.append(fig)
    return frames, steps

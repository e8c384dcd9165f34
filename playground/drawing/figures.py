"""Pure functions that return plotly figures. No Streamlit; every label comes in as an argument."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from playground.core.formatting import step_label

# Chart titles: a half-width column at 1024 px and a phone both give a chart about 330 px, so a
# title is wrapped (at a space, or between two Chinese characters) into lines of at most TITLE_EM
# em at TITLE_PX; Plotly never wraps a title, and the chart's box cuts off what runs past it.
TITLE_PX = 15
TITLE_EM = 21.0
TITLE_LINE_PX = 20  # the top margin grows by one line's height per extra line
_TOKEN = re.compile(r"<[^>]*>|\s+|.", re.S)
_NO_LINE_START = set("，。、；：？！）》」』”’,.;:?!)]}")
_NO_LINE_END = set("（《「『“‘([{")


def _em(ch: str) -> float:
    """A character's width in em, roughly: wide (CJK) characters 1, a middle dot (the "4 · 服务" of a
    time axis) 0.3, the rest as an average Latin letter."""
    if ch == "·":
        return 0.3
    return 1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.56


def text_em(text: str, markup: bool = True) -> float:
    """The width of a line of chart text in em, roughly (with ``markup``, tags such as ``<sub>`` take
    no room; a drawing's text has none, and its "<eos>" is five characters)."""
    return sum(0.28 if ch.isspace() else _em(ch) for ch in (re.sub(r"<[^>]*>", "", text) if markup else text))


def wrap_title(text: str, budget: float = TITLE_EM) -> str:
    """``text`` with ``<br>`` between lines of at most ``budget`` em: breaks at a space (preferred
    while it keeps most of the line), else between two Chinese characters (never before closing
    punctuation), never inside a tag (``<sub>``); a word longer than a line stays whole. A title
    that already holds a ``<br>`` is left as it is."""
    if not text or "<br" in text:
        return text
    lines: list[str] = []
    line: list[str] = []
    width, depth = 0.0, 0
    spaces: list[tuple[int, float]] = []  # (position in ``line``, width before it) where it may be split
    wides: list[tuple[int, float]] = []
    for token in _TOKEN.findall(text):
        if len(token) > 1 and token.startswith("<") and token.endswith(">"):
            depth += -1 if token.startswith("</") else 1
            line.append(token)
            continue
        if token.isspace():
            if depth == 0 and line:
                spaces.append((len(line), width))
            line.append(" ")
            width += 0.28
            continue
        if (depth == 0 and line and token not in _NO_LINE_START and line[-1] not in _NO_LINE_END
                and _em(token) == 1.0 and _em(line[-1][-1]) == 1.0):
            wides.append((len(line), width))
        line.append(token)
        width += _em(token)
        if width > budget and (spaces or wides):
            space = spaces[-1] if spaces else None
            if space and (space[1] >= 0.6 * budget or not wides):
                cut = space
            else:
                cut = max(wides + spaces[-1:], key=lambda b: b[0])
            lines.append("".join(line[:cut[0]]).rstrip())
            line = line[cut[0]:]
            while line and line[0] == " ":
                line.pop(0)
            spaces, wides = [], []
            width = sum(0.28 if t == " " else _em(t) for t in line if len(t) == 1)
    lines.append("".join(line).rstrip())
    return "<br>".join(lines)


# A legend of a chart with an x axis title sits at the chart's bottom edge, under the axis's numbers
# and title (as a fraction of the plot it moved into the title once it wrapped onto a second row)
LEGEND_BELOW = dict(orientation="h", yref="container", y=0, yanchor="bottom")
LEGEND_ROOM_PX = 100  # the axis's numbers and title, and a legend of up to two rows


def _title_layout(title: str, height: int, top: int = 40) -> dict:
    """A wrapped title with the top margin and the height grown by a line for each extra line."""
    text = wrap_title(title)
    extra = TITLE_LINE_PX * text.count("<br>")
    return {"title": {"text": text, "font": {"size": TITLE_PX}}, "height": height + extra, "margin_t": top + extra}


# Room around the plot. Plotly grows a margin that is too small for what sits in it (tick labels, an
# axis title, a legend below, a colour bar), and each time it does it draws the chart again: half of a
# chart's drawing time in the browser when every margin starts at 10 px. So each chart starts with the
# margins its labels need, estimated from their text; Plotly still grows one that was guessed short.
TICK_PX = 12  # Plotly's tick label size
NUMBER_TICK_PX = 60  # a number on a value axis ("-0.25", "10⁻⁶", "1.5k") and its gap to the plot
AXIS_TITLE_PX = 24
NARROW_PLOT_PX = 300  # a chart in a half-width column: category labels wider than this in all are turned
COLOURBAR_PX = 104


def _category_labels(values) -> list[str]:
    return [v for v in (values if values is not None else ()) if isinstance(v, str)]


def _room(traces: Sequence, layout: dict) -> dict:
    """The left, bottom and right margins the labels of a chart need (``traces``: its traces;
    ``layout``: its layout as plain values), never less than those ``layout`` sets."""
    axis_y, axis_x, legend = layout.get("yaxis") or {}, layout.get("xaxis") or {}, layout.get("legend") or {}
    left = right = 10.0
    if axis_y.get("visible") is not False:
        names = [v for trace in traces for v in _category_labels(getattr(trace, "y", None))]
        left = max((text_em(v, markup=False) * TICK_PX + 14 for v in names), default=NUMBER_TICK_PX)
        left += AXIS_TITLE_PX if (axis_y.get("title") or {}).get("text") else 0
    names = list(dict.fromkeys(v for trace in traces for v in _category_labels(getattr(trace, "x", None))))
    widest = max((text_em(v, markup=False) * TICK_PX for v in names), default=0.0)
    # Plotly turns crowded category labels by 30 degrees: they then reach down half their width, and the
    # first one reaches left of the plot
    turned = len(names) * (widest + 6) > NARROW_PLOT_PX
    bottom = 32 + (0.5 * widest if turned else 0)
    if turned:
        left = max(left, 0.87 * text_em(names[0], markup=False) * TICK_PX + 10)
    bottom += AXIS_TITLE_PX if (axis_x.get("title") or {}).get("text") else 0
    if legend.get("orientation") == "h" and (legend.get("y") or 0) < 0 and legend.get("yref") != "container":
        bottom += 30  # one row of names under the axis
    if any(trace.type == "heatmap" and trace.showscale is not False for trace in traces):
        right = COLOURBAR_PX
    if (layout.get("yaxis2") or {}).get("overlaying"):
        right = max(right, NUMBER_TICK_PX + AXIS_TITLE_PX + 8)
    margin = layout.get("margin") or {}
    return {"l": max(margin.get("l") or 0, round(left)), "r": max(margin.get("r") or 0, round(right)),
            "b": max(margin.get("b") or 0, round(bottom))}


def _titled(fig: go.Figure, title: str) -> go.Figure:
    """Set a wrapped title; the top margin and the height grow by a line for each extra line."""
    layout = _title_layout(title, fig.layout.height or 300,
                           fig.layout.margin.t if fig.layout.margin.t is not None else 40)
    room = _room(fig.data, fig.layout.to_plotly_json())
    fig.update_layout(title=layout["title"], margin={"t": layout["margin_t"], **room}, height=layout["height"])
    return fig


def _built(data: list, title: str, height: int, **layout) -> go.Figure:
    """A figure built in one go (each ``update_layout`` or ``add_vline`` validates and walks the whole
    figure again: on a page that redraws five charts per review that was most of its CPU time)."""
    titled = _title_layout(title, height)
    margin = {**_room(data, layout), "t": titled["margin_t"]}
    return go.Figure(data=data, layout={**layout, "title": titled["title"], "height": titled["height"], "margin": margin})


def _column_line(x: int, **line) -> dict:
    """A vertical line through category ``x`` (0-based), the whole height of the plot."""
    return {"type": "line", "xref": "x", "yref": "paper", "x0": x, "x1": x, "y0": 0, "y1": 1, "line": line}


def training_curves(progress: Sequence[dict], labels: dict[str, str]) -> go.Figure:
    """Loss per step, validation loss where records carry it, and accuracy (right axis) where they carry it."""
    train = [p for p in progress if "validation_loss" not in p and "sample" not in p]
    fig = go.Figure(go.Scatter(x=[p["step"] for p in train], y=[p["loss"] for p in train], mode="lines",
                               name=labels["loss"]))
    validation = [p for p in progress if "validation_loss" in p]
    if validation:
        fig.add_trace(go.Scatter(x=[p["step"] for p in validation], y=[p["validation_loss"] for p in validation],
                                 mode="lines+markers", name=labels.get("validation_loss", "validation")))
    with_accuracy = [p for p in progress if "accuracy" in p]
    if with_accuracy:
        fig.add_trace(go.Scatter(x=[p["step"] for p in with_accuracy], y=[p["accuracy"] for p in with_accuracy],
                                 mode="lines+markers", name=labels["accuracy"], yaxis="y2"))
        # its own ticks, 0 % to 100 % (left to Plotly they followed the loss axis's grid: 0.051, 0.457, 0.864)
        fig.update_layout(yaxis2=dict(title=labels["accuracy"], overlaying="y", side="right", range=[0, 1.02],
                                      tickmode="array", tickvals=ACCURACY_TICKS, tickformat=".0%", showgrid=False,
                                      zeroline=False))
    # the legend sits under the chart: above it, in the top margin, it ran over an accuracy line near 100 %
    fig.update_layout(xaxis_title=labels["step"], yaxis_title=labels["loss"], height=280 + LEGEND_ROOM_PX - 10,
                      margin=dict(l=10, r=10, t=10, b=LEGEND_ROOM_PX), legend=LEGEND_BELOW)
    fig.update_layout(margin={"t": 10, **_room(fig.data, fig.layout.to_plotly_json())})
    return fig


ACCURACY_TICKS = [0, 0.25, 0.5, 0.75, 1]


def loss_curves(curve: Sequence[dict], names: dict[str, str], x_title: str, y_title: str) -> go.Figure:
    """Lines over training steps, one per key of ``names`` found in the records ({"step", key: value})."""
    fig = go.Figure()
    for key, name in names.items():
        points = [p for p in curve if key in p]
        fig.add_trace(go.Scatter(x=[p["step"] for p in points], y=[p[key] for p in points], name=name,
                                 mode="lines+markers" if len(points) < 40 else "lines"))
    fig.update_layout(xaxis_title=x_title, yaxis_title=y_title, height=300, margin=dict(l=10, r=10, t=10, b=10),
                      legend=dict(orientation="h", y=1.12))
    return fig


def time_series(x_labels: Sequence[str], series: dict[str, Sequence[float]], title: str, y_title: str = "",
                highlight: int | None = None, log_y: bool = False, dashed: Sequence[str] = ()) -> go.Figure:
    """Several lines over the same time axis (categorical labels, e.g. the characters read),
    with an optional highlighted step (0-based) and log scale."""
    x = [step_label(i + 1, label) for i, label in enumerate(x_labels)]
    data = [go.Scatter(x=x, y=np.asarray(values, dtype=float), mode="lines+markers", name=name,
                       line=dict(dash="dash" if name in dashed else "solid")) for name, values in series.items()]
    shapes = ([_column_line(highlight, color="#999", dash="dot")]
              if highlight is not None and 0 <= highlight < len(x) else [])
    yaxis = {"title": {"text": y_title}} | ({"type": "log", "exponentformat": "power"} if log_y else {})
    # (a log axis: 10⁻⁶, not the SI prefixes 1μ)
    return _built(data, title, 300, yaxis=yaxis, shapes=shapes, legend=dict(orientation="h", y=-0.25))


def log_curves(x: Sequence[float], series: dict[str, Sequence[float]], title: str, x_title: str, y_title: str,
               dashed: Sequence[str] = (), points: Sequence[tuple[float, float, str]] = ()) -> go.Figure:
    """Curves on a log y axis. Values that are 0, negative, NaN or inf cannot sit on a log axis:
    they are left out of the line, as NaN gaps (the page says how many there were). The values go in as
    numpy arrays, which plotly.py copies and sends packed without looking at each number: a list of 500
    Python floats a curve made the gradients lab's charts cost more than its three cells' backward passes."""
    fig = go.Figure()
    logs = []
    x = np.asarray(x)
    for name, values in series.items():
        y = _log_points(values)
        logs += np.log10(y[~np.isnan(y)]).tolist()
        fig.add_trace(go.Scatter(x=x, y=y, mode="lines", name=name,
                                 line=dict(dash="dash" if name in dashed else "solid")))
    xs = [float(v) for v in x]
    middle = (min(xs) + max(xs)) / 2 if xs else 0.0
    for px, py, label in points:
        # below a small value, above a large one: two at one x never overlap; towards the middle of the
        # axis, so a point at its end keeps its label inside the chart (issue 33: "0.00097656" was cut
        # off at k = 10 on a phone), and not clipped at the plot's edge
        side = "left" if px > middle else "right"
        fig.add_trace(go.Scatter(x=[px], y=[py], mode="markers+text", text=[label],
                                 textposition=("bottom " if py < 1 else "top ") + side, cliponaxis=False,
                                 marker=dict(size=10, symbol="diamond"), showlegend=False))
        logs.append(math.log10(py))
    fig.update_yaxes(type="log", exponentformat="power", **_log_axis(logs))
    fig.update_layout(xaxis_title=x_title, yaxis_title=y_title, height=400,
                      margin=dict(l=10, r=10, t=40, b=LEGEND_ROOM_PX), legend=LEGEND_BELOW)
    return _titled(fig, title)


LOG_LIMIT = 300  # decades: beyond 1e±300 a browser's log axis computes infinite ticks ("Infinity^-NaN")


def _log_points(values) -> np.ndarray:
    """``values`` as floats a log axis can draw, NaN for the rest (0, negative, NaN, inf, None and beyond
    1e±300)."""
    y = np.array(values, dtype=np.float64)  # None becomes NaN
    with np.errstate(all="ignore"):
        drawable = np.isfinite(y) & (y > 0) & (np.abs(np.log10(np.where(y > 0, y, 1.0))) <= LOG_LIMIT)
    return np.where(drawable, y, np.nan)


def _log_axis(logs: Sequence[float]) -> dict:
    """An explicit range with headroom (labels near the top stay inside) and a whole-decade tick
    step, so only powers of ten are labelled (no minor "2 ... 9" digits that read like values)."""
    if not logs:
        return {}
    low, high = min(logs), max(logs)
    span = max(high - low, 1.0)
    pad = max(0.5, 0.08 * span)
    edge = LOG_LIMIT + 5  # still inside a double (1.8e308)
    return {"range": [max(low - pad, -edge), min(high + pad, edge)], "dtick": max(1, math.ceil(span / 8))}


def loglog(series: dict[str, tuple[Sequence[float], Sequence[float]]], title: str, x_title: str, y_title: str,
           dashed: Sequence[str] = ()) -> go.Figure:
    """Lines with markers on log-log axes, one per name: (x values, y values); non-positive y left out."""
    fig = go.Figure()
    for name, (x, y) in series.items():
        y = [float(v) if v is not None and math.isfinite(float(v)) and float(v) > 0 else None for v in y]
        fig.add_trace(go.Scatter(x=list(x), y=y, mode="lines+markers", name=name,
                                 line=dict(dash="dash" if name in dashed else "solid")))
    fig.update_xaxes(type="log", exponentformat="power")
    fig.update_yaxes(type="log", exponentformat="power")
    fig.update_layout(xaxis_title=x_title, yaxis_title=y_title, height=420,
                      margin=dict(l=10, r=10, t=40, b=LEGEND_ROOM_PX), legend=LEGEND_BELOW)
    return _titled(fig, title)


def bars(labels: Sequence[str], values: Sequence[float], title: str, y_title: str = "") -> go.Figure:
    return _built([go.Bar(x=list(labels), y=np.asarray(values, dtype=float))], title, 300,
                  yaxis={"title": {"text": y_title}})


def strips(rows: dict[str, Sequence[float]], title: str, x_title: str, colorbar: str) -> go.Figure:
    """Heat strips, one row per label (e.g. log10 of the gradient each step receives); NaN is blank."""
    labels = list(rows)
    fig = go.Figure(go.Heatmap(z=[list(rows[k]) for k in labels], y=labels, x=list(range(1, len(rows[labels[0]]) + 1)),
                               colorscale="Viridis", colorbar=dict(title=colorbar),
                               hovertemplate="%{y}, t=%{x}: %{z:.2f}<extra></extra>"))
    fig.update_layout(xaxis_title=x_title, height=120 + 45 * len(labels), margin=dict(l=10, r=10, t=40, b=10))
    return _titled(fig, title)


def heatmap(z, x_labels: Sequence[str], y_labels: Sequence[str], title: str, zmin: float = -1.0, zmax: float = 1.0,
            highlight: int | None = None) -> go.Figure:
    """Rows x columns of values; red at zmin, blue at zmax (RdBu); an optional highlighted column."""
    x = [step_label(i + 1, label) for i, label in enumerate(x_labels)]
    # float32: what a colour and a three-decimal hover need, half the bytes of a 128-unit, 500-token map (~0.7 MB)
    data = [go.Heatmap(z=np.asarray(z, dtype=np.float32), x=x, y=list(y_labels), zmin=zmin, zmax=zmax, colorscale="RdBu",
                       hovertemplate="%{x} · %{y}: %{z:.3f}<extra></extra>")]
    shapes = [_column_line(highlight, color="black", width=2)] if highlight is not None else []
    return _built(data, title, min(120 + 6 * len(y_labels), 520), shapes=shapes)


def attention_map(weights, source: Sequence[str], target: Sequence[str], title: str) -> go.Figure:
    """Attention weights, one row per output word and one column per source character (0 white, 1 dark)."""
    fig = go.Figure(go.Heatmap(z=[[float(v) for v in row] for row in weights],
                               x=[step_label(i + 1, c) for i, c in enumerate(source)],
                               y=[step_label(i + 1, w) for i, w in enumerate(target)], zmin=0.0, zmax=1.0,
                               colorscale="Blues",
                               hovertemplate="%{y} ← %{x}: %{z:.3f}<extra></extra>"))
    fig.update_yaxes(autorange="reversed")
    fig.update_layout(height=min(160 + 26 * len(target), 640), margin=dict(l=10, r=10, t=40, b=10))
    return _titled(fig, title)




def forecast(past: tuple[Sequence[int], Sequence[float]], ahead: Sequence[int], actual: Sequence[float],
             lines: dict[str, Sequence[float]], band: tuple[Sequence[float], Sequence[float]],
             names: dict[str, str], title: str, x_title: str, y_title: str) -> go.Figure:
    """A forecast against the truth: the hours read (``past``: hours before now and their values), the
    hours ahead and their true values, forecast ``lines`` over the hours ahead, and a ``band`` (low,
    high) of the typical error around the first line. Traces: the band, each line, the truth (that
    order: ``frames.forecast_steps`` reveals the first ones hour by hour). ``names``: "band",
    "truth", "now". Both axes are fixed to hold every frame."""
    ahead = np.asarray(ahead)
    low, high = np.asarray(band[0], dtype=float), np.asarray(band[1], dtype=float)
    data = [go.Scatter(x=np.r_[ahead, ahead[::-1]], y=np.r_[high, low[::-1]], fill="toself", mode="lines",
                       line={"width": 0}, fillcolor="rgba(168,56,10,0.18)", name=names["band"], hoverinfo="skip")]
    dashes = ("dash", "solid", "dot")
    data += [go.Scatter(x=ahead, y=np.asarray(values, dtype=float), mode="lines+markers", name=name,
                        marker={"size": 4}, line={"dash": dashes[i % 3]}) for i, (name, values) in enumerate(lines.items())]
    x_all = np.r_[np.asarray(past[0]), ahead]
    data.append(go.Scatter(x=x_all, y=np.r_[np.asarray(past[1], dtype=float), np.asarray(actual, dtype=float)],
                           mode="lines", name=names["truth"], line={"color": "#101419", "width": 2}))
    every = np.concatenate([np.asarray(past[1], dtype=float), np.asarray(actual, dtype=float), low, high,
                            *(np.asarray(v, dtype=float) for v in lines.values())])
    every = every[np.isfinite(every)]
    pad = 0.05 * max(float(every.max() - every.min()), 0.5)
    now = {"type": "line", "xref": "x", "yref": "paper", "x0": -0.5, "x1": -0.5, "y0": 0, "y1": 1,
           "line": {"color": "#666", "dash": "dot"}}
    return _built(data, title, 340, xaxis={"title": {"text": x_title}, "range": [x_all[0] - 1, x_all[-1] + 1],
                                           "autorange": False},
                  yaxis={"title": {"text": y_title}, "range": [float(every.min()) - pad, float(every.max()) + pad],
                         "autorange": False},
                  shapes=[now], annotations=[{"x": -0.5, "y": 1, "xref": "x", "yref": "paper", "text": names["now"],
                                              "showarrow": False, "xanchor": "right", "yanchor": "bottom"}],
                  legend=dict(orientation="h", y=-0.25))


def dated(dates: Sequence[str], series: dict[str, Sequence[float]], title: str, y_title: str) -> go.Figure:
    """Lines over calendar dates (ISO strings; Plotly draws a date axis with month ticks); NaN is a gap."""
    data = [go.Scatter(x=list(dates), y=np.asarray(values, dtype=float), mode="lines", name=name, line={"width": 2})
            for name, values in series.items()]
    return _built(data, title, 300, xaxis={"type": "date", "tickformat": "%m-%d"}, yaxis={"title": {"text": y_title}},
                  legend=dict(orientation="h", y=-0.2))

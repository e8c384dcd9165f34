"""Pure functions that return plotly figures. No Streamlit; every label comes in as an argument."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from playground.forms import Unrolled

CELL = "#4C78A8"
ENCODER = "#4C78A8"
DECODER = "#F58518"
INPUT = "#54A24B"
OUTPUT = "#E45756"
INK = "#333333"


def _box(fig: go.Figure, x: float, y: float, text: str, color: str, w: float = 0.36, h: float = 0.28) -> None:
    fig.add_shape(type="rect", x0=x - w, x1=x + w, y0=y - h, y1=y + h, line=dict(color=color, width=2),
                  fillcolor=color, opacity=0.18, layer="below")
    fig.add_annotation(x=x, y=y, text=text, showarrow=False, font=dict(size=14, color=INK))


def _arrow(fig: go.Figure, x0: float, y0: float, x1: float, y1: float, text: str = "", color: str = INK,
           dash: bool = False) -> None:
    fig.add_annotation(x=x1, y=y1, ax=x0, ay=y0, xref="x", yref="y", axref="x", ayref="y", showarrow=True,
                       arrowhead=3, arrowsize=1.2, arrowwidth=1.6, arrowcolor=color, text="",
                       opacity=0.55 if dash else 1.0)
    if text:
        fig.add_annotation(x=(x0 + x1) / 2, y=(y0 + y1) / 2, text=text, showarrow=False,
                           font=dict(size=11, color=color), bgcolor="rgba(255,255,255,0.8)")


def _blank(fig: go.Figure, width_steps: int, height: int) -> go.Figure:
    fig.update_xaxes(visible=False, range=[0.3, width_steps + 0.7])
    fig.update_yaxes(visible=False, range=[-0.5, 3.3], scaleanchor=None)
    fig.update_layout(height=height, margin=dict(l=10, r=10, t=10, b=10), plot_bgcolor="white", showlegend=False)
    return fig


def unrolled_diagram(graph: Unrolled, part_labels: dict[str, str] | None = None) -> go.Figure:
    """Inputs at the bottom, one box per time step in the middle, outputs on top; the same
    weight names on every step, so weight sharing is visible."""
    part_labels = part_labels or {}
    fig = go.Figure()
    y_in, y_h, y_out = 0.0, 1.4, 2.8
    previous_part = None
    for s in graph.steps:
        x = float(s.t)
        color = {"encoder": ENCODER, "decoder": DECODER}.get(s.part, CELL)
        _box(fig, x, y_h, f"h<sub>{s.t}</sub>", color)
        w_rec = {"encoder": "W_enc", "decoder": "W_dec"}.get(s.part, "W_hh")
        if s.t > 1:
            label = w_rec if previous_part == s.part or s.part == "cell" else "c"
            _arrow(fig, x - 1 + 0.36, y_h, x - 0.36, y_h, label, color)
        else:
            fig.add_annotation(x=x - 0.55, y=y_h, text="h<sub>0</sub>", showarrow=False, font=dict(size=11, color=INK))
        if s.x is not None:
            _box(fig, x, y_in, s.x, INPUT, w=0.4, h=0.22)
            _arrow(fig, x, y_in + 0.22, x, y_h - 0.28, "W_xh" if s.part == "cell" else "", INPUT)
        if s.y is not None:
            _box(fig, x, y_out, s.y, OUTPUT, w=0.42, h=0.22)
            _arrow(fig, x, y_h + 0.28, x, y_out - 0.22, "W_hy" if s.part == "cell" else "", OUTPUT)
        if s.part == "decoder" and s.t > 1 and previous_part == "decoder":
            # autoregressive: the previous output is the next input
            _arrow(fig, x - 1 + 0.3, y_out - 0.22, x - 0.25, y_h - 0.28, "", DECODER, dash=True)
        previous_part = s.part
    for part in ("encoder", "decoder"):
        xs = [s.t for s in graph.steps if s.part == part]
        if xs:
            fig.add_annotation(x=(min(xs) + max(xs)) / 2, y=3.2, showarrow=False,
                               text=f"<b>{part_labels.get(part, part)}</b>",
                               font=dict(size=13, color=ENCODER if part == "encoder" else DECODER))
    return _blank(fig, len(graph.steps), height=300)


def folded_diagram(weight_names: Sequence[str] = ("W_xh", "W_hh", "W_hy")) -> go.Figure:
    """One cell with a self-loop: the folded drawing of the same network."""
    w_xh, w_hh, w_hy = weight_names
    fig = go.Figure()
    _box(fig, 1.5, 1.4, "h<sub>t</sub>", CELL, w=0.5)
    _box(fig, 1.5, 0.0, "x<sub>t</sub>", INPUT, w=0.4, h=0.22)
    _box(fig, 1.5, 2.8, "y<sub>t</sub>", OUTPUT, w=0.4, h=0.22)
    _arrow(fig, 1.5, 0.22, 1.5, 1.12, w_xh, INPUT)
    _arrow(fig, 1.5, 1.68, 1.5, 2.58, w_hy, OUTPUT)
    # the self-loop: out of the right side, round and back into the top-right corner
    fig.add_shape(type="path", path="M 2.0 1.25 C 2.9 0.7, 2.9 2.1, 2.0 1.55", line=dict(color=CELL, width=2))
    fig.add_annotation(x=2.0, y=1.55, ax=2.3, ay=1.85, xref="x", yref="y", axref="x", ayref="y",
                       showarrow=True, arrowhead=3, arrowcolor=CELL, text="")
    fig.add_annotation(x=2.75, y=1.4, text=w_hh, showarrow=False, font=dict(size=12, color=CELL))
    return _blank(fig, 2, height=300)


def hidden_state_heatmaps(states: Sequence, texts: Sequence[str], titles: Sequence[str], unit_label: str) -> go.Figure:
    """Side-by-side heatmaps of h_t (unit x step) for several sentences, on one colour scale."""
    fig = make_subplots(rows=1, cols=len(states), subplot_titles=list(titles), horizontal_spacing=0.08)
    for col, (h, text) in enumerate(zip(states, texts, strict=False), start=1):
        z = [[float(v) for v in row] for row in h.T]  # units as rows
        hover = "%{x}<br>" + unit_label + " %{y}: %{z:.4f}<extra></extra>"
        fig.add_trace(go.Heatmap(z=z, x=[f"{i + 1}:{ch}" for i, ch in enumerate(text)], y=list(range(len(z))),
                                 zmin=-1, zmax=1, colorscale="RdBu", reversescale=True,
                                 showscale=col == len(states), hovertemplate=hover),
                      row=1, col=col)
    fig.update_yaxes(title_text=unit_label, row=1, col=1)
    fig.update_layout(height=360, margin=dict(l=10, r=10, t=40, b=10))
    return fig


def parameters_vs_window(windows: Sequence[int], mlp: Sequence[int], rnn: Sequence[int], labels: dict[str, str],
                         chosen: int | None = None) -> go.Figure:
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=list(windows), y=list(mlp), mode="lines", name=labels["mlp"]))
    fig.add_trace(go.Scatter(x=list(windows), y=list(rnn), mode="lines", name=labels["rnn"], line=dict(dash="dash")))
    if chosen is not None:
        fig.add_vline(x=chosen, line=dict(color="#888", dash="dot"))
    fig.update_layout(title=labels.get("title"), xaxis_title=labels.get("x"), yaxis_title=labels.get("y"),
                      height=320, margin=dict(l=10, r=10, t=40, b=10), legend=dict(orientation="h", y=-0.25))
    return fig


def loss_curve(steps: Sequence[int], losses: Sequence[float], x_label: str, y_label: str) -> go.Figure:
    fig = go.Figure(go.Scatter(x=list(steps), y=list(losses), mode="lines"))
    fig.update_layout(xaxis_title=x_label, yaxis_title=y_label, height=260, margin=dict(l=10, r=10, t=10, b=10))
    return fig

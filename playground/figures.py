"""Pure functions that return plotly figures. No Streamlit; every label comes in as an argument."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go


def training_curves(progress: Sequence[dict], labels: dict[str, str]) -> go.Figure:
    """Loss per step, and accuracy (right axis) where the progress records carry it."""
    fig = go.Figure(go.Scatter(x=[p["step"] for p in progress], y=[p["loss"] for p in progress], mode="lines",
                               name=labels["loss"]))
    with_accuracy = [p for p in progress if "accuracy" in p]
    if with_accuracy:
        fig.add_trace(go.Scatter(x=[p["step"] for p in with_accuracy], y=[p["accuracy"] for p in with_accuracy],
                                 mode="lines+markers", name=labels["accuracy"], yaxis="y2"))
        fig.update_layout(yaxis2=dict(title=labels["accuracy"], overlaying="y", side="right", range=[0, 1.02]))
    fig.update_layout(xaxis_title=labels["step"], yaxis_title=labels["loss"], height=280,
                      margin=dict(l=10, r=10, t=10, b=10), legend=dict(orientation="h", y=1.12))
    return fig

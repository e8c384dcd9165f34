"""Pure functions that return plotly figures. No Streamlit; every label comes in as an argument."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go


def loss_curve(steps: Sequence[int], losses: Sequence[float], x_label: str, y_label: str) -> go.Figure:
    fig = go.Figure(go.Scatter(x=list(steps), y=list(losses), mode="lines"))
    fig.update_layout(xaxis_title=x_label, yaxis_title=y_label, height=260, margin=dict(l=10, r=10, t=10, b=10))
    return fig

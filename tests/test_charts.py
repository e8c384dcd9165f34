"""Figures drawn once (issue 51): ``drawn_once`` sends what the figure itself would, builds each set once for
every session and language, and never hands one builder's figures to another."""

import json

import plotly.graph_objects as go
import plotly.io as pio
from streamlit.testing.v1 import AppTest


def _page():
    import plotly.graph_objects as go
    import streamlit as st

    from playground.app import tr
    from playground.app.charts import drawn_once

    builds = st.session_state.setdefault("builds", [])

    @drawn_once
    def curves(points: int) -> dict:
        builds.append(("curves", points))
        return {"line": go.Figure(go.Scatter(x=list(range(points)), y=[v * v for v in range(points)],
                                             name=tr("player.play"))).update_layout(title="a line")}

    @drawn_once
    def bars(points: int) -> dict:
        builds.append(("bars", points))
        return {"line": go.Figure(go.Bar(x=list(range(points)), y=[1.5] * points))}

    points = int(st.query_params.get("points", 5))
    line = curves(points)["line"]
    if st.query_params.get("spoil"):  # what one session does to its copy
        line.to_dict()["data"][0]["y"][0] = 999
    st.plotly_chart(line, key="line")
    st.plotly_chart(bars(points)["line"], key="bars")


def _spec(at: AppTest, key: str) -> dict:
    return json.loads(next(c for c in at.get("plotly_chart") if c.proto.id.endswith(key)).proto.spec)


def _run(points: int, locale: str = "en-US", spoil: bool = False) -> AppTest:
    at = AppTest.from_function(_page, default_timeout=60)
    at.context = {"locale": locale}
    at.query_params["points"] = str(points)
    if spoil:
        at.query_params["spoil"] = "1"
    return at.run()


def test_the_chart_sent_is_the_figure_itself():
    at = _run(7)
    assert not at.exception
    direct = go.Figure(go.Scatter(x=list(range(7)), y=[v * v for v in range(7)], name="Play"))
    direct.update_layout(title="a line")
    assert _spec(at, "line") == json.loads(pio.to_json(direct, validate=False))
    assert _spec(at, "bars")["data"][0]["type"] == "bar"  # each builder its own figures, the same arguments


def test_each_set_is_built_once_for_every_session_and_again_per_language():
    first, second = _run(11), _run(11)
    assert ("curves", 11) in first.session_state["builds"]
    assert second.session_state["builds"] == []  # a second session on the same settings reuses the figures
    chinese = _run(11, "zh-CN")
    assert chinese.session_state["builds"] == [("curves", 11), ("bars", 11)]
    assert _spec(chinese, "line")["data"][0]["name"] != _spec(first, "line")["data"][0]["name"]


def test_a_session_changing_its_copy_changes_nobody_elses():
    assert _spec(_run(13, spoil=True), "line")["data"][0]["y"][0] == 999
    assert _spec(_run(13), "line")["data"][0]["y"][0] == 0

"""Charts that play in the browser, built cheaply (playground.drawing.frames), and the HTML/SVG pieces of the
players' frames (issue 26)."""

import json
import math
import time
import xml.etree.ElementTree as ET

import numpy as np
import plotly.io as pio
import pytest
from helpers import sent_values as _array

from playground.drawing import charts, diagrams, figures, frames, strips

WORDS = {"play": "Play", "pause": "Pause", "frame": "back to t ="}


def _spec(fig) -> dict:
    return json.loads(pio.to_json(fig.to_dict(), validate=False))  # what st.plotly_chart sends


@pytest.mark.parametrize(("count", "expected"), [(1, [0]), (5, [4, 3, 2, 1, 0])])
def test_a_short_curve_is_revealed_one_point_a_frame(count, expected):
    assert frames.cuts(count) == expected


def test_a_long_curve_gets_64_frames_from_its_last_point_to_its_first():
    shown = frames.cuts(500)
    assert len(shown) == 64 and shown[0] == 499 and shown[-1] == 0 and shown == sorted(shown, reverse=True)


def _cover_edges(spec) -> list[float]:
    """Each frame's cover: its right edge (the revealed curves start past it), checked to span the plot's height."""
    edges = []
    for frame in spec["frames"]:
        (cover,) = frame["layout"]["shapes"]
        assert cover["layer"] == "above" and cover["yref"] == "paper" and (cover["y0"], cover["y1"]) == (0, 1)
        assert cover["x0"] == spec["layout"]["xaxis"]["range"][0] and cover["fillcolor"] == "#FFFDF8"
        edges.append(cover["x1"])
    return edges


def test_the_gradient_is_revealed_backwards_and_opens_whole():
    length = 100
    norms = {"RNN": 0.9 ** np.arange(length)[::-1], "LSTM": np.r_[np.zeros(3), np.ones(length - 3)]}
    base = figures.log_curves(list(range(length)), norms, "title", "t", "norm")
    fig, shown = frames.revealed_backwards(base, [str(t) for t in range(length)], WORDS, "#FFFDF8")
    spec = _spec(fig)
    assert len(spec["frames"]) == 64 == len(shown)
    edges = _cover_edges(spec)
    assert edges[0] == 98.5  # the first frame: the last step alone, everything left of it covered
    assert edges == sorted(edges, reverse=True) and len(set(edges)) == 64  # further back each frame
    assert all(edge == cut - 0.5 for edge, cut in zip(edges[:-1], shown[:-1], strict=True))
    assert edges[-1] == spec["layout"]["xaxis"]["range"][0]  # the last frame covers nothing: the whole curve
    assert spec["layout"]["shapes"][0]["x1"] == edges[-1]  # and the chart opens on it
    # no curve sent again
    assert all(not any(update.keys() - {"type"}) for frame in spec["frames"] for update in frame["data"])
    whole = [_array(trace["y"]) for trace in spec["data"]]
    assert len(whole[0]) == length and math.isclose(whole[0][0], 0.9 ** 99)
    assert whole[1][:4] == [None, None, None, 1.0]  # 0 has no place on a log axis: a gap
    assert spec["layout"]["sliders"][0]["active"] == 63
    assert spec["layout"]["sliders"][0]["currentvalue"]["prefix"] == "back to t = "
    assert spec["layout"]["xaxis"]["range"][0] < 0 < 99 < spec["layout"]["xaxis"]["range"][1]  # fixed: nothing rescales
    assert spec["layout"]["yaxis"]["range"] == list(base.layout.yaxis.range)


def test_the_longest_gradient_is_small_and_quick_to_build():
    length = 500
    norms = {name: np.exp(-0.01 * k * np.arange(length)[::-1]) for k, name in enumerate(("RNN", "LSTM", "GRU", "c"))}
    start = time.process_time()
    fig, _ = frames.revealed_backwards(figures.log_curves(list(range(length)), norms, "", "t", ""),
                                       [str(t) for t in range(length)], WORDS, "#FFFDF8")
    sent = pio.to_json(fig.to_dict(), validate=False)
    assert time.process_time() - start < 1.0  # a validated figure a frame took several seconds here
    assert len(sent) < 120_000  # four curves once, and 64 covers (each frame carrying the curves: 800 KB)


def _tree():
    return [{"id": 0, "step": 0, "parent": None, "token": "I", "log_prob": -0.1, "status": "kept"},
            {"id": 1, "step": 0, "parent": None, "token": "We", "log_prob": -1.0, "status": "pruned"},
            {"id": 2, "step": 1, "parent": 0, "token": "love", "log_prob": -0.3, "status": "kept"},
            {"id": 3, "step": 1, "parent": 0, "token": "like", "log_prob": -0.9, "status": "pruned"},
            {"id": 4, "step": 2, "parent": 2, "token": "NLP", "log_prob": -0.5, "status": "finished"}]


NAMES = {"kept": "kept", "finished": "finished (<eos>)", "pruned": "pruned", "winner": "winner"}


def _parts(drawing: str, attribute: str) -> dict[int, list[ET.Element]]:
    """The drawing's parts by the frame number in ``attribute`` (data-at or data-only)."""
    found: dict[int, list[ET.Element]] = {}
    for element in ET.fromstring(drawing).iter():
        if attribute in element.attrib:
            found.setdefault(int(element.attrib[attribute]), []).append(element)
    return found


def _texts(parts: list[ET.Element]) -> list[str]:
    return [t.text for part in parts for t in part.iter() if t.tag.endswith("}text") and t.text]


def test_the_beam_tree_grows_and_shows_its_winner_on_the_last_frame():
    drawing = diagrams.beam_tree_svg(_tree(), [0, 2, 4], NAMES, "position", "the tree")
    assert diagrams.beam_frames(_tree()) == [0, 1, 2]
    grows = _parts(drawing, "data-at")
    assert _texts(grows[0]) == ["I", "We"] and _texts(grows[1]) == ["love", "like"]  # a position's hypotheses
    assert _texts(grows[2]) == ["NLP"]
    red = {k: [e for e in parts if e.get("stroke") == diagrams.BEAM_WINNER
               or (len(e) and all(line.get("stroke") == diagrams.BEAM_WINNER for line in e))] for k, parts in grows.items()}
    assert not red[0] and not red[1]  # the winner's path and rings come on the last frame only
    path = [e for e in red[2] if e.tag.endswith("}g")]
    assert len(path) == 1 and len(path[0]) == 3  # <bos> -> I -> love -> NLP
    assert sum(e.tag.endswith("}circle") for e in red[2]) == 3  # the winner's three hypotheses ringed
    assert "<title>I: log p = -0.100</title>" in drawing  # the tooltip: the token and its cumulative log p
    texts = _texts([ET.fromstring(drawing)])
    assert "<bos>" in texts and "finished (<eos>)" in texts and "<eos>" not in drawing  # shown as text, escaped


def test_a_long_search_grows_in_at_most_64_frames():
    nodes = [{"id": i, "step": i, "parent": i - 1 if i else None, "token": "w", "log_prob": -i, "status": "kept"}
             for i in range(100)]
    stops = diagrams.beam_frames(nodes)
    assert len(stops) == 64 and stops[0] == 0 and stops[-1] == 99
    drawing = diagrams.beam_tree_svg(nodes, [], NAMES, "position", "long")
    assert max(_parts(drawing, "data-at")) == 63


def test_each_output_word_has_its_attention_row():
    weights = np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])
    drawing = diagrams.attention_rows_svg(weights, "我爱你", ["word 1: I", "word 2: <you>"], "weight", "rows")
    rows = {k: parts[0] for k, parts in _parts(drawing, "data-only").items()}
    assert sorted(rows) == [0, 1]
    assert _texts([rows[0]])[0] == "word 1: I" and _texts([rows[1]])[0] == "word 2: <you>"  # each frame its title
    assert "word 2: &lt;you&gt;" in drawing  # escaped
    bars = {k: [e for e in row if e.tag.endswith("}rect")] for k, row in rows.items()}
    heights = {k: [float(e.get("height")) for e in row] for k, row in bars.items()}
    assert heights[1][2] > heights[1][0] == heights[1][1] and heights[0][0] > heights[0][1] > heights[0][2]
    fills = [e.get("fill") for e in bars[1]]
    assert fills[2] == diagrams.ATTENTION_TOP and fills[0] == fills[1] == diagrams.ATTENTION_BAR  # the character read most
    assert "0.80" in _texts([rows[1]]) and "0.70" in _texts([rows[0]])  # its weight over it
    # the characters and the scale are drawn once, outside the frames
    assert all("我" not in _texts([row]) for row in rows.values()) and _texts([ET.fromstring(drawing)]).count("我") == 1


def test_bad_frames_are_refused():
    base = figures.bars(["a", "b"], [1, 2], "t")
    with pytest.raises(ValueError):
        frames.played(base, [], [], 0, WORDS)
    with pytest.raises(ValueError):
        frames.played(base, [[{"y": [1, 2]}]], ["1", "2"], 0, WORDS)
    with pytest.raises(ValueError):
        frames.played(base, [[{"y": [1, 2]}, {}]], ["1"], 0, WORDS)  # one update per trace
    assert frames.played(base, [[{"y": [1, 2]}], [{"y": [2, 1]}]], ["1", "2"], 9, WORDS).layout.sliders[0].active == 1


def test_the_frames_html_is_escaped():
    row = strips.token_row_html(["<b>", "x"], 0, "t = 1 <i>")
    assert "<b>" not in row and "<i>" not in row  # a token, a title: text, never markup
    assert "<script" not in strips.text_html("<script>alert(1)</script>", pre=True)
    assert strips.text_html("a\nb", pre=True).count("\n") == 1  # a sample keeps its lines
    drawing = charts.curve_point_svg({"validation": ([0, 100, 200], [4.2, 2.0, 1.6])}, (100, 2.0), "where", "step", "loss")
    assert "<polyline" in drawing and "2.00" in drawing and "<circle" in drawing


def test_forward_then_backward_reveals_in_order_and_opens_whole():
    """The sentiment walk-through: h_t forward step by step, then ∂L/∂h_t back (issue 26)."""
    fig = frames.forward_backward(["服务", "慢", "但", "很好"], [0.0, -0.76159, 0.11864, 0.78540],
                                  [-0.0068, -0.0325, -0.0659, -0.3442], ("h", "g"), ("F {t} {token}", "B {t} {token}"),
                                  WORDS)
    labels = [s.label for s in fig.layout.sliders[0].steps]
    assert labels == ["→ 1", "→ 2", "→ 3", "→ 4", "← 4", "← 3", "← 2", "← 1"]
    assert fig.layout.sliders[0].active == 7 and fig.layout.title.text == "B 1 服务"  # opens on the last frame
    sent = _spec(fig)["frames"]
    second, back = sent[1], sent[5]  # forward t = 2; backward t = 3
    assert [v is not None for v in _array(second["data"][0]["y"])] == [True, True, False, False]
    assert all(v is None for v in _array(second["data"][1]["y"]))
    assert second["layout"]["title"]["text"] == "F 2 慢" and _array(second["data"][2]["y"]) == [-0.76159]
    assert [v is not None for v in _array(back["data"][1]["y"])] == [False, False, True, True]
    assert back["layout"]["title"]["text"] == "B 3 但" and _array(back["data"][2]["y"]) == [-0.0659]
    low, high = fig.layout.yaxis.range  # one axis for every frame
    assert low < -0.76159 and high > 0.78540


def test_a_played_chart_has_play_pause_and_a_faster_play():
    fig = frames.played(figures.bars(["a", "b"], [1, 2], "t"), [[{"y": [1, 2]}], [{"y": [2, 1]}]], ["1", "2"], 0, WORDS)
    play, pause, fast = fig.layout.updatemenus[0].buttons
    assert "Play" in play.label and "Pause" in pause.label and "2×" in fast.label
    assert fast.args[1]["frame"]["duration"] * 2 == play.args[1]["frame"]["duration"] == frames.FRAME_MS

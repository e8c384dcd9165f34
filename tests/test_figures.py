import re
import xml.etree.ElementTree as ET

import numpy as np
import plotly.graph_objects as go

from playground.drawing import base, charts, diagrams, figures, frames, strips
from playground.home import forms


def _parse(text):
    return ET.fromstring(text)  # well-formed XML, or this raises


def test_unrolled_svg_draws_one_cell_per_step_with_shared_weights():
    graph = forms.unrolled("many_to_many_aligned")
    text = diagrams.unrolled_svg(graph)
    root = _parse(text)
    ns = "{http://www.w3.org/2000/svg}"
    labels = ["".join(t.itertext()) for t in root.iter(ns + "text")]
    assert sum(bool(re.fullmatch("h[0-9]+", label)) for label in labels) == len(graph.steps)
    assert labels.count("W_hh") == len(graph.steps) - 1  # the same weight on every transition
    assert labels.count("W_xh") == len(graph.steps) and labels.count("W_hy") == len(graph.steps)


def test_seq2seq_svg_names_encoder_decoder_and_context():
    text = diagrams.unrolled_svg(forms.unrolled("many_to_many_unaligned"), {"encoder": "编码器", "decoder": "DEC"})
    assert "编码器" in text and "DEC" in text and ">c<" in text
    assert text.count('stroke-dasharray="5 4"') == 5  # five fed-back outputs
    _parse(text)


def test_text_is_escaped():
    graph = forms.Unrolled("one_to_one", [forms.Step(1, "<b>&", "x", "cell")], ("W",))
    text = diagrams.unrolled_svg(graph)
    assert "&lt;b&gt;&amp;" in text
    _parse(text)


def test_heatmap_svg_colours_and_tooltips():
    text = charts.heatmap_svg([[-1.0, 0.0, 1.0], [0.5, -0.5, 0.25]], ["狗", "咬", "人"], "狗咬人", "unit")
    _parse(text)
    assert len(re.findall("<rect ", text)) == 6
    assert "#2166ac" in text and "#ffffff" in text and "#b2182b" in text  # -1, 0, +1
    assert "人 · unit 1: +1.0000" in text and "人 · unit 2: +0.2500" in text  # units counted from 1


def test_folded_svg_and_plotly_figures():
    _parse(diagrams.folded_svg())
    bars = charts.bars_svg([("MLP", 500, base.OUTPUT), ("RNN", 100, base.CELL)], 1000, "params")
    _parse(bars)
    assert 'width="260.0"' in bars and 'width="52.0"' in bars and ">500<" in bars  # 520 px = the scale's maximum
    labels = {"loss": "L", "accuracy": "A", "step": "S"}
    assert len(figures.training_curves([{"step": 1, "loss": 1.0}, {"step": 2, "loss": 0.5}], labels).data) == 1
    fig = figures.training_curves([{"step": 1, "loss": 1.0}, {"step": 10, "loss": 0.5, "accuracy": 0.9}], labels)
    assert isinstance(fig, go.Figure) and len(fig.data) == 2 and fig.data[1].y == (0.9,)


def test_training_curves_accuracy_axis_has_round_ticks_and_the_legend_is_below():
    # issue 33: the right axis read 0.051 / 0.457 / 0.864, and the legend above the plot covered the accuracy line
    labels = {"loss": "L", "accuracy": "A", "step": "S"}
    fig = figures.training_curves([{"step": s, "loss": 1 / s, "accuracy": 1.0} for s in range(1, 20)], labels)
    right = fig.layout.yaxis2
    assert right.tickmode == "array" and right.tickvals == (0, 0.25, 0.5, 0.75, 1) and right.tickformat == ".0%"
    assert fig.layout.legend.yref == "container" and fig.layout.legend.y == 0  # at the chart's bottom edge
    assert fig.layout.margin.b >= figures.LEGEND_ROOM_PX and fig.layout.margin.r >= 60  # room for the axis on the right


def test_position_and_token_labels_do_not_read_as_ratios():
    # issue 33: "4:10" and "1:服务" on time axes read as ratios
    from playground.core.formatting import step_label

    assert step_label(4, "10") == "4 · 10" and step_label(1, "服务") == "1 · 服务"
    tokens = ["服务", "10"]
    labelled = [figures.time_series(tokens, {"u": [0.1, 0.2]}, "t").data[0].x,
                figures.heatmap([[0.1, 0.2]], tokens, ["u1"], "h").data[0].x,
                figures.attention_map([[0.5, 0.5]], tokens, ["w"], "a").data[0].x,
                frames.forward_backward(tokens, [1.0, 2.0], [0.5, 0.1], ("f", "b"), ("{t} {token}", "{t} {token}"),
                                        {"play": "p", "pause": "q", "frame": "f"}).data[0].x]
    drawn = _chart(charts.sentence_chart_svg(tokens, {"p": [0.1, 0.2]}, "t"))
    labelled.append(tuple("".join(e.itertext()) for e in drawn.iter() if e.get("class") == "tick-x"))
    for x in labelled:
        assert tuple(x) == ("1 · 服务", "2 · 10") and not any(re.search(r"\d:", label) for label in x)


def test_log_curves_drop_what_a_log_axis_cannot_show():
    fig = figures.log_curves([0, 1, 2, 3], {"g": [1.0, 0.0, float("inf"), float("nan")]}, "t", "x", "y",
                             points=[(1, 0.5, "half")])
    assert np.array_equal(fig.data[0].y, [1.0, np.nan, np.nan, np.nan], equal_nan=True)  # gaps in the line
    assert fig.layout.yaxis.type == "log" and fig.data[1].text == ("half",)


def test_a_point_label_at_the_end_of_the_axis_stays_inside_the_chart():
    # issue 33: at k = 10 the point's label "0.00097656" ran past the right edge and was cut off
    points = [(10, 0.5**10, "0.00097656"), (10, 1.5**10, "57.665")]
    at_end = figures.log_curves(list(range(11)), {"a": [0.5**k for k in range(11)]}, "t", "k", "a",
                                points=points).data[1:]
    assert [d.textposition for d in at_end] == ["bottom left", "top left"]
    near_start = figures.log_curves(list(range(2001)), {"a": [1.0] * 2001}, "t", "k", "a", points=points).data[1:]
    assert [d.textposition for d in near_start] == ["bottom right", "top right"]
    assert all(d.cliponaxis is False for d in (*at_end, *near_start))


def test_time_series_bars_and_strips():
    fig = figures.time_series(["a", "b"], {"u1": [0.1, 0.2], "p": [1, 1]}, "title", dashed=["p"], highlight=1)
    assert fig.data[0].x == ("1 · a", "2 · b") and fig.data[1].line.dash == "dash"
    assert len(figures.bars(["1", "2"], [3.0, 4.0], "sv").data[0].y) == 2
    strip = figures.strips({"full": [0.0, -1.0], "cut": [float("nan"), -1.0]}, "reach", "t", "log10")
    assert strip.data[0].y == ("full", "cut") and strip.data[0].x == (1, 2)  # positions counted from 1


def test_log_curves_stay_drawable_at_extreme_slider_values():
    """a = 1.5, k = 2000 once drew a tick "Infinity^-NaN"; labels at k = 10 overlapped; minor ticks
    printed digits that read like values; the 57.665 label was clipped at the top."""
    import math

    from playground.gradients import experiments as gradients

    ks = list(range(2001))
    fig = figures.log_curves(ks, {"a": gradients.repeated_product(1.5, 2000, "float64")}, "", "k", "a^k",
                             points=[(10, gradients.power(0.5, 10), "0.00097656"), (10, gradients.power(1.5, 10), "57.665")])
    low, high = fig.layout.yaxis.range
    assert -305 <= low < math.log10(0.5 ** 10) and math.log10(57.665) < high <= 305  # headroom, inside a double
    assert all(np.isnan(v) or 0 < v < 1e301 for v in fig.data[0].y)
    assert float(fig.layout.yaxis.dtick).is_integer() and fig.layout.yaxis.dtick >= 1  # whole decades only
    # one label below its point, one above: apart; towards the middle of the axis (k = 10 is near its start here)
    assert {fig.data[1].textposition, fig.data[2].textposition} == {"bottom right", "top right"}


def test_token_strip_wraps_and_escapes():
    """On a phone the strip was a wide drawing scaled down until unreadable: now its boxes wrap."""
    html = strips.token_strip_html(["服", "<b>", "好"], [0.1, 0.5, float("nan")], 1, "strip", unknown=[False, True, False])
    assert html.count("data-token=") == 3 and "flex-wrap:wrap" in html and "min-width:44px" in html
    assert "<b>" not in html and "&lt;unk&gt;" in html  # text is escaped; unknown tokens shown as <unk>
    assert html.count("3px solid") == 1  # the focused step is outlined


def _strip_as_shown(drawing: str, frame: int) -> tuple[list[str], list[str]]:
    """A strip drawn for a drawing player, as the browser shows ``frame``: the tokens whose boxes are shown, and
    those outlined."""
    hidden = re.compile(r'<span data-at="(\d+)">(.*?</div>)</span>')
    shown = hidden.sub(lambda m: m.group(2) if int(m.group(1)) <= frame else "", drawing)
    tokens = re.findall(r'data-token="\d+"[^>]*>([^<]*)<', shown)
    outlined = re.findall(r'data-token="\d+"[^>]*>([^<]*)<span data-only="(\d+)"', shown)
    return tokens, [token for token, only in outlined if int(only) == frame]


def test_a_strip_drawn_once_shows_each_frames_prefix_with_its_last_token_outlined():
    """The sentiment player's strip travels once: each frame shows the review up to its token (issue 51: a
    500-character review's frames, each a whole strip, were 1.4 MB)."""
    tokens, values = list("abcdefg"), [0.1, 0.9, 0.5, 0.3, 0.7, 0.2, 0.8]
    drawing = strips.token_strip_html(tokens, values, None, "strip", frames=[2, 4, 5])
    assert drawing.count("data-token=") == 6 and "3px solid #" not in drawing.split("data-only")[0]  # g: in no frame
    assert [_strip_as_shown(drawing, i) for i in range(3)] == [(list("abc"), ["c"]), (list("abcde"), ["e"]),
                                                              (list("abcdef"), ["f"])]
    for frame, last in enumerate([2, 4, 5]):  # the same boxes as the frame drawn on its own
        alone = strips.token_strip_html(tokens[:last + 1], values[:last + 1], last, "strip")
        assert re.findall(r'background:[^;]*;', drawing)[:last + 1] == re.findall(r'background:[^;]*;', alone)
        assert _strip_as_shown(drawing, frame)[0] == re.findall(r'data-token="\d+"[^>]*>([^<]*)<', alone)


# --- issue 25 (14): titles, diagrams and the beam tree fit a 1024 px projector and a phone ------------------
def test_long_titles_wrap_at_word_boundaries_and_the_top_margin_grows():
    title = 'Hidden state h_t: negative first, then positive, as a "but" sentence reads'
    wrapped = figures.wrap_title(title)
    assert wrapped.replace("<br>", " ") == title and wrapped.count("<br>") == 1
    lines = wrapped.split("<br>")
    assert all(figures.text_em(line) <= figures.TITLE_EM for line in lines)
    fig = figures.time_series(["a"], {"h": [0.1]}, title)
    short = figures.time_series(["a"], {"h": [0.1]}, "short")
    assert fig.layout.title.text == wrapped and short.layout.title.text == "short"
    assert fig.layout.margin.t == short.layout.margin.t + figures.TITLE_LINE_PX
    assert fig.layout.height == short.layout.height + figures.TITLE_LINE_PX


def test_titles_wrap_between_chinese_characters_never_inside_a_tag_or_before_punctuation():
    title = "沿细胞状态回传的梯度 ∂C<sub>T</sub>/∂C<sub>t</sub>，这是一个很长很长很长的中文标题（真的很长）。"
    wrapped = figures.wrap_title(title)
    assert wrapped.replace("<br>", "").replace(" ", "") == title.replace(" ", "") and "<br>" in wrapped
    for line in wrapped.split("<br>"):
        assert line.count("<sub>") == line.count("</sub>")  # no line ends inside a subscript
        assert line[0] not in "，。）"
    mixed = figures.wrap_title("Backward: the error travels back from 很好 to 服务 (∂L/∂h_t)")
    assert mixed.split("<br>")[1].startswith("很好")  # at the space, not between 很 and 好
    assert figures.wrap_title("") == "" and figures.wrap_title("a<br>b") == "a<br>b"
    long_word = "x" * 80
    assert figures.wrap_title(long_word) == long_word  # a word longer than a line stays whole


def test_beam_tree_is_as_wide_and_tall_as_its_labels_need():
    nodes = [{"id": 0, "step": 0, "parent": None, "token": "I", "log_prob": -0.1, "status": "kept"}]
    nodes += [{"id": i, "step": 1, "parent": 0, "token": f"word{i}" * (3 if i == 1 else 1), "log_prob": -i,
               "status": "pruned" if i > 4 else "kept"} for i in range(1, 11)]
    names = {"kept": "k", "finished": "f", "pruned": "p", "winner": "w"}
    drawing = diagrams.beam_tree_svg(nodes, [0, 1], names, "position", "tree")
    width, height = (float(v) for v in re.search(r'viewBox="0 0 (\d+) (\d+)"', drawing).groups())
    assert height >= 10 * diagrams.BEAM_RANK_PX  # ten ranks at step 1, a label's height apart
    labels = re.findall(r'font-size="12" fill="#[0-9a-f]+">([^<]+)</text>', drawing)
    assert max(len(t) for t in labels) <= diagrams.BEAM_MAX_LABEL and any(t.endswith("…") for t in labels)
    column = max(base._text_px(t, diagrams.BEAM_LABEL_PX) for t in labels)
    assert width >= 3 * column  # <bos> and two positions, each as wide as the longest label
    assert "<title>word1word1word1: log p = -1.000</title>" in drawing  # the full token is in the tooltip


def test_diagrams_scroll_instead_of_shrinking_below_a_readable_size():
    text = diagrams.unrolled_svg(forms.unrolled("many_to_many_unaligned"))
    assert text.startswith('<div class="rnn-diagram"') and "overflow-x:auto" in text and text.endswith("</svg></div>")
    width = float(re.search(r'viewBox="0 0 (\d+)', text).group(1))
    min_width = float(re.search(r"min-width:(\d+)px", text).group(1))
    assert min_width >= base.MIN_SCALE * width - 1 and 14 * base.MIN_SCALE >= 12  # box text stays >= 12 px


# --- issue 27: the charts a new sentence redraws are SVG (charts.sentence_chart_svg) ----------------------------
def _chart(markup: str) -> ET.Element:
    return next(iter(ET.fromstring(markup)))


def _of(root: ET.Element, tag: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.tag.endswith("}" + tag)]


def test_a_sentence_chart_draws_each_series_with_gaps_and_tooltips():
    markup = charts.sentence_chart_svg(["我", "<b>", "好"], {"LSTM": [0.2, float("nan"), 0.9], "bag": [0.5, 0.5, 0.5]},
                                    "p over C<sub>t</sub>", "p", highlight=1, dashed=["bag"])
    root = _chart(markup)
    assert root.get("aria-label") == "p over Ct"
    groups = [e for e in root.iter() if e.get("data-series")]
    assert [g.get("data-series") for g in groups] == ["LSTM", "bag"]
    lstm, bag = groups
    assert len(_of(lstm, "polyline")) == 2 and len(_of(lstm, "circle")) == 2  # NaN: a gap, not a point at 0
    assert _of(bag, "polyline")[0].get("stroke-dasharray") and not _of(lstm, "polyline")[0].get("stroke-dasharray")
    assert ["".join(t.itertext()) for t in _of(lstm, "title")] == ["LSTM · 1 · 我: 0.2", "LSTM · 3 · 好: 0.9"]
    labels = ["".join(t.itertext()) for t in root.iter() if t.get("class") == "tick-x"]
    assert labels == ["1 · 我", "2 · <b>", "3 · 好"] and "<b>" not in markup  # escaped
    assert any(e.get("stroke-dasharray") == "2 3" for e in _of(root, "line"))  # the chosen step
    title = _of(root, "text")[0]
    assert "".join(title.itertext()) == "p over Ct" and _of(title, "tspan")  # the subscript drawn lowered


def test_a_sentence_chart_on_a_log_axis_labels_powers_of_ten_and_leaves_out_what_it_cannot_draw():
    root = _chart(charts.sentence_chart_svg(list("abcd"), {"g": [1e-6, 0.0, 1e-3, 1.0]}, "grad", log_y=True))
    ticks = ["".join(t.itertext()) for t in _of(root, "text")]
    assert "10⁻⁶" in ticks and "10⁰" in ticks
    assert len(_of(root, "circle")) == 3  # 0 has no place on a log axis


def test_sentence_bars_go_up_and_down_from_zero():
    root = _chart(charts.sentence_chart_svg(["a", "b"], {"Δp": [0.4, -0.2]}, "Δp", bars=True))
    up, down = (r for r in _of(root, "rect"))
    assert up.get("fill") != down.get("fill")
    zero_up = float(up.get("y")) + float(up.get("height"))
    assert abs(zero_up - float(down.get("y"))) < 0.2 and float(up.get("height")) > float(down.get("height"))
    assert not [e for e in _of(root, "text") if e.get("font-size") == "12" and e.get("class") != "tick-x"]  # no legend


def test_a_sentence_chart_fits_its_column_and_turns_crowded_labels():
    tokens = [f"token{i}" for i in range(12)]
    half = _chart(charts.sentence_chart_svg(tokens, {"x": list(range(12))}, "t", fit_px=300))
    width = float(half.get("viewBox").split()[2])
    assert width <= 300 + 1 and any("rotate(-90" in (e.get("transform") or "") for e in half.iter())
    wide = _chart(charts.sentence_chart_svg(tokens[:3], {"x": [1, 2, 3]}, "t"))
    assert not any("rotate(-90" in (e.get("transform") or "") for e in wide.iter())
    long = _chart(charts.sentence_chart_svg([f"w{i}" for i in range(100)], {"x": list(range(100))}, "t", fit_px=300))
    assert float(long.get("viewBox").split()[2]) >= 100 * charts.COLUMN_MIN_PX  # a long review scrolls instead

"""The in-browser step-through player (playground.app.player): its markup, its window of frames."""

import json
import re

import pytest

from playground.app import player


def _markup(frames, labels, start):
    return player.player_markup(frames, labels, start, "test_player")


def test_the_frames_travel_as_json_with_no_markup_in_the_script():
    frames = ['<svg><text>h₁ = [1, 0, 1]</text></svg>', "<b>second</b>", "<i>third</i>"]
    html = _markup(frames, ["t = 1", "t = 2", "t = 3"], 1)
    script = html[html.index("<script>") + len("<script>"): html.rindex("</script>")]
    assert "<" not in script  # DOMPurify drops a script whose text looks like markup; nothing can end it early
    carried = json.loads(re.search(r"const frames = (\[.*?\]);", script).group(1))
    assert carried == frames
    assert re.search(r"let at = 1,", script)  # starts on the chosen frame, paused
    assert 'max="2"' in html and 'value="1"' in html


def test_the_start_is_clamped_and_frames_need_labels():
    assert re.search(r"let at = 2,", _markup(["a", "b", "c"], ["1", "2", "3"], 99))
    assert re.search(r"let at = 0,", _markup(["a", "b", "c"], ["1", "2", "3"], -5))
    with pytest.raises(ValueError):
        _markup(["a", "b"], ["1"], 0)
    with pytest.raises(ValueError):
        _markup([], [], 0)


def test_a_drawing_travels_once_with_one_frame_per_label():
    drawing = '<svg><g data-at="1"><text>grows</text></g><g data-only="0"><text>first</text></g></svg>'
    html = player.player_markup([drawing], ["a", "b", "c"], 9, "drawing", "drawing")
    script = html[html.index("<script>") + len("<script>"): html.rindex("</script>")]
    assert json.loads(re.search(r"const frames = (\[.*?\]);", script).group(1)) == [drawing]
    assert 'const count = 3, kind = "drawing";' in script and re.search(r"let at = 2,", script)  # opens on the last
    assert 'data-frames="3"' in html and 'max="2"' in html
    with pytest.raises(ValueError):
        player.player_markup([drawing, drawing], ["a", "b"], 0, "two drawings", "drawing")
    with pytest.raises(ValueError):
        player.player_markup([drawing], [], 0, "no frames", "drawing")
    assert 'kind = "frames";' in _markup(["a"], ["1"], 0)
    with pytest.raises(ValueError):
        player.player_markup([drawing], ["a"], 0, "no such kind", "slides")


def test_a_template_travels_once_and_each_frame_as_its_values():
    from helpers import filled_frame

    template = '<p data-fill="text">first</p><svg><rect width="10" fill="#000" data-fill="width,fill"/></svg>'
    fills = [["a < b", "10", "#111"], ["two", "20.5", "#222"]]
    html = player.player_markup([template], ["1", "2"], 1, "template", "template", fills)
    script = html[html.index("<script>") + len("<script>"): html.rindex("</script>")]
    assert "<" not in script and 'kind = "template";' in script
    assert json.loads(re.search(r"const frames = (\[.*?\]);", script).group(1)) == [template]
    assert json.loads(re.search(r"const fills = (\[.*?\]);", script).group(1)) == fills
    assert "textContent" in script and "innerHTML = frames[at]" in script  # values as text, never as markup
    assert player.slots(template) == 3
    assert filled_frame(template, fills[0]).startswith("<p data-fill=\"text\">a &lt; b</p>")
    assert 'width="20.5" fill="#222"' in filled_frame(template, fills[1])
    for bad in ([["a", "10"], ["two", "20", "#2"]], [["a", "10", "#1"]]):  # a value short; a frame short
        with pytest.raises(ValueError):
            player.player_markup([template], ["1", "2"], 0, "template", "template", bad)


def test_marked_bars_filled_with_their_values_are_the_bars_drawn_outright():
    import html

    from helpers import filled_frame

    from playground.drawing import charts, strips

    first = [("a", 60.0, "#2166ac"), ("␣", 25.5, "#9e9e9e"), ("<", 0.0, "#9e9e9e")]
    other = [("x & y", 99.0, "#9e9e9e"), ("\\n", 150.0, "#2166ac"), ("z", 0.04, "#9e9e9e")]
    template = strips.text_html("one", marked=True) + charts.bars_svg(first, 100, "Top", ".1f", marked=True)
    for said, bars in (("one", first), ("two <b>", other)):
        values = [said, *charts.bar_values(bars, 100, ".1f")]
        assert len(values) == player.slots(template)
        drawn = strips.text_html(said, marked=True) + charts.bars_svg(bars, 100, "Top", ".1f", marked=True)
        assert html.unescape(filled_frame(template, values)) == html.unescape(drawn)  # the same text on screen
    assert "data-fill" not in charts.bars_svg(first, 100, "Top") + strips.text_html("one")


def test_two_players_on_a_page_have_their_own_ids():
    one = player.player_markup(["a"], ["1"], 0, "one")
    two = player.player_markup(["a"], ["1"], 0, "two")
    ids = [re.search(r'id="(rnn-player-[0-9a-f]+)"', html).group(1) for html in (one, two)]
    assert ids[0] != ids[1]


@pytest.mark.parametrize(("count", "chosen", "expected"), [
    (10, 3, range(10)),
    (64, 63, range(64)),
    (200, 0, range(0, 64)),
    (200, 100, range(68, 132)),
    (200, 199, range(136, 200)),
])
def test_a_long_sequence_plays_the_window_around_the_chosen_step(count, chosen, expected):
    shown = player.frame_window(count, chosen)
    assert shown == expected and chosen in shown


def test_running_marks_fall_due_in_order_and_a_finished_result_draws_none():
    """``ui.busy``: one thread draws the running marks of every slow result (no thread per result)."""
    import threading
    import time

    from playground.app.widgets import _MarkTimer

    timer, drawn, done = _MarkTimer(), [], threading.Event()
    late = timer.add(0.2, lambda: (drawn.append("late"), done.set()))
    timer.add(0.05, lambda: drawn.append("soon"))
    cancelled = timer.add(0.1, lambda: drawn.append("cancelled"))
    cancelled[0] = None  # its result came in time
    assert done.wait(5) and drawn == ["soon", "late"] and late[0] is not None
    before = threading.active_count()
    for _ in range(20):
        timer.add(0.01, lambda: None)
    time.sleep(0.1)
    assert threading.active_count() == before  # still the one thread

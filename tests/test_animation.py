"""Charts that play in the browser (playground.animation): frames, controls, a fixed axis."""

import plotly.graph_objects as go
import pytest

from playground.animation import animated

WORDS = {"play": "Play", "pause": "Pause", "frame": "t ="}


def _frames(n=5, log=False):
    axis = {"type": "log"} if log else {}
    return [go.Figure(go.Scatter(x=[1, 2, 3], y=[10.0 ** -i, 1.0, 2.0 + i]),
                      layout={"yaxis": axis, "title": {"text": f"t = {i}"}}) for i in range(n)]


def test_it_opens_on_the_chosen_frame_with_every_frame_and_its_title():
    fig = animated(_frames(), [f"{i}" for i in range(5)], 3, WORDS)
    assert [f.name for f in fig.frames] == ["0", "1", "2", "3", "4"]
    assert list(fig.data[0].y) == [1e-3, 1.0, 5.0] and fig.layout.title.text == "t = 3"  # frame 3 on screen
    assert [f.layout.title.text for f in fig.frames] == [f"t = {i}" for i in range(5)]
    slider = fig.layout.sliders[0]
    assert slider.active == 3 and [s.label for s in slider.steps] == ["0", "1", "2", "3", "4"]
    labels = [b.label for b in fig.layout.updatemenus[0].buttons]
    assert any("Play" in b for b in labels) and any("Pause" in b for b in labels)


def test_the_axis_holds_every_frame():
    low, high = animated(_frames(), list("abcde"), 0, WORDS).layout.yaxis.range
    assert low <= 1e-4 and high >= 6.0
    low, high = animated(_frames(log=True), list("abcde"), 0, WORDS).layout.yaxis.range  # log10 units
    assert low <= -4 and high >= 0.77


def test_bad_frames_are_refused():
    with pytest.raises(ValueError):
        animated([], [], 0, WORDS)
    with pytest.raises(ValueError):
        animated(_frames(2), ["one"], 0, WORDS)
    assert animated(_frames(2), ["a", "b"], 99, WORDS).layout.sliders[0].active == 1  # clamped


def test_forward_then_backward_frames_reveal_in_order():
    import math

    from playground.animation import forward_backward

    frames, steps = forward_backward(["服务", "慢", "但", "很好"], [0.0, -0.76159, 0.11864, 0.78540],
                                     [-0.0068, -0.0325, -0.0659, -0.3442], ("h", "g"), ("F {t} {token}", "B {t} {token}"))
    assert steps == [("forward", 1), ("forward", 2), ("forward", 3), ("forward", 4),
                     ("backward", 4), ("backward", 3), ("backward", 2), ("backward", 1)]
    second = frames[1]  # forward, t = 2: h_1 and h_2 known, no gradient yet
    assert [not math.isnan(v) for v in second.data[0].y] == [True, True, False, False]
    assert all(math.isnan(v) for v in second.data[1].y)
    assert second.layout.title.text == "F 2 慢" and list(second.data[2].y) == [-0.76159]
    back = frames[5]  # backward, t = 3: the gradient known from step 3 on
    assert [not math.isnan(v) for v in back.data[1].y] == [False, False, True, True]
    assert back.layout.title.text == "B 3 但" and list(back.data[2].y) == [-0.0659]

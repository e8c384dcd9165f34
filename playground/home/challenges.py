"""Home's challenges (issue 53), one for each of its labs, checked by the functions those labs show.

The order lab: two texts that are not the same characters rearranged, yet the average of their
character embeddings is the same, while the RNN still ends far apart (``order.compare_orders``, the
page's two distances). The window lab: a clue so far back that even the smallest window that reaches
it needs ten times the RNN's parameters (``order.window_sees``, ``window_mlp_params``, ``rnn_params``).
"""

from __future__ import annotations

import math

from playground.core.challenges import Challenge, Getter, Verdict
from playground.core.errors import InputError
from playground.home import order
from playground.home import settings as state

RNN_APART = 1.0  # the least distance between the RNN's final states
TIMES = 10  # the window MLP's parameters over the RNN's, at least


def two_texts(get: Getter) -> tuple[str, str]:
    return get(state.ORDER_A), get(state.ORDER_B)


def same_mix(texts: tuple[str, str], load) -> Verdict:  # noqa: ARG001 - no shipped model
    """Different counts of the same characters in the same proportions: the bag's mean cannot tell."""
    try:
        found = order.compare_orders(*texts)
    except InputError:  # an empty or over-long text: the lab says so above
        return Verdict(False, "challenge.ch_home_mix.unusable")
    fields = {"mean": order.format_distance(found.mean_distance), "rnn": order.format_distance(found.rnn_distance),
              "least": f"{RNN_APART:g}"}
    if found.relation in ("identical", "same_chars"):
        return Verdict(False, "challenge.ch_home_mix.rearranged", fields)
    if order.format_distance(found.mean_distance) != "0":  # as the page shows it
        return Verdict(False, "challenge.ch_home_mix.bag_tells", fields)
    if not found.rnn_distance >= RNN_APART:
        return Verdict(False, "challenge.ch_home_mix.rnn_close", fields)
    return Verdict(True, "challenge.ch_home_mix.done", fields)


def window_settings(get: Getter) -> tuple[object, object, object]:
    return get(state.GAP), get(state.WINDOW), get(state.WIDTH)


def _whole(value) -> int | None:
    """A slider's value as a positive whole number, or None for anything else (a forged one)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 1:
        return None
    return int(value)


def smallest_window(chosen: tuple[object, object, object], load) -> Verdict:  # noqa: ARG001 - no shipped model
    """The window sees the clue, one word less would not, and it costs at least TIMES the RNN."""
    gap, window, width = (_whole(value) for value in chosen)
    if None in (gap, window, width):
        return Verdict(False, "challenge.ch_home_window.unusable")
    back = order.clue_distance(gap)
    mlp, rnn = order.window_mlp_params(window, width, width), order.rnn_params(width, width)
    fields = {"back": str(back), "window": str(window), "mlp": f"{mlp:,}", "rnn": f"{rnn:,}",
              "times": f"{mlp / rnn:.2f}", "goal": str(TIMES)}
    if not order.window_sees(gap, window):
        return Verdict(False, "challenge.ch_home_window.blind", fields)
    if order.window_sees(gap, window - 1):
        return Verdict(False, "challenge.ch_home_window.wider", fields)
    if mlp < TIMES * rnn:
        return Verdict(False, "challenge.ch_home_window.cheap", fields)
    return Verdict(True, "challenge.ch_home_window.done", fields)


# 狗咬人 twice holds each character twice in six, as 人咬狗 holds it once in three: the same mean. The near
# miss adds one 狗 only: 狗 is then 2 in 4, and the means part.
MIX = Challenge(
    "ch_home_mix", two_texts, same_mix,
    solution=((state.ORDER_A, "狗咬人狗咬人"), (state.ORDER_B, "人咬狗")),
    near_miss=((state.ORDER_A, "狗咬人狗"), (state.ORDER_B, "人咬狗")),
    anchor_of_lab="home-order",
)

# With d = m the ratio is (N m + 1) / (2 m + 1), just under N / 2: N = 21 (France 21 words back, 20 between)
# is the first window past 10x at every width; N = 20 falls short at every width (9.96 at m = 128).
WINDOW = Challenge(
    "ch_home_window", window_settings, smallest_window,
    solution=((state.GAP, 20), (state.WINDOW, 21)),
    near_miss=((state.GAP, 19), (state.WINDOW, 20)),
    anchor_of_lab="home-window",
)

CHALLENGES = (MIX, WINDOW)

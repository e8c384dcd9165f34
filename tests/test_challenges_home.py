"""Home's challenges (issue 53): every rule of each check, on the page's own functions, and the box on
the page agreeing with the lab's own figures."""

from __future__ import annotations

import pytest
from helpers import fresh_session, open_page

from playground.core.challenges import defaults
from playground.core.i18n import t
from playground.home import challenges as home
from playground.home import order
from playground.home import settings as state


def _mix(a: str, b: str):
    return home.MIX.judge_values(((state.ORDER_A, a), (state.ORDER_B, b)))


def _window(gap, window, width=128):
    return home.WINDOW.judge_values(((state.GAP, gap), (state.WINDOW, window), (state.WIDTH, width)))


@pytest.mark.parametrize(("a", "b", "said"), [
    ("狗咬人", "人咬狗", "rearranged"),  # the page as it opens
    ("狗咬人", "狗咬人", "rearranged"),
    ("狗咬人狗", "人咬狗", "bag_tells"),
    ("狗咬人", "狗咬人狗咬人", "rnn_close"),  # the same ending: the RNN has nearly forgotten the rest
    ("abab", "ba", "done"),
    ("", "人咬狗", "unusable"),
    ("狗" * 41, "人咬狗", "unusable"),
])
def test_the_mix_check_says_which_rule_a_pair_breaks(a, b, said):
    verdict = _mix(a, b)
    assert verdict.said == f"challenge.ch_home_mix.{said}" and verdict.solved == (said == "done")
    for lang in ("zh", "en"):
        assert t(verdict.said, lang, **verdict.fields)


def test_the_window_check_wants_the_smallest_window_that_sees_and_ten_times_the_rnn():
    assert _window(12, 5).said.endswith(".blind")  # the page as it opens
    assert _window(20, 22).said.endswith(".wider")
    assert _window(10, 11).said.endswith(".cheap")
    for width in state.WIDTH.options:  # the ratio (N m + 1) / (2 m + 1): N = 21 passes at every width, 20 never
        assert _window(20, 21, width).solved
        assert _window(19, 20, width).said.endswith(".cheap")
        assert order.window_mlp_params(21, width, width) >= 10 * order.rnn_params(width, width)
    for junk in (float("nan"), float("inf"), 0, -3, True, "5", None):
        assert _window(junk, 21).said.endswith(".unusable")
        assert _window(20, junk).said.endswith(".unusable")
    verdict = _window(20, 21)
    assert verdict.fields == {"back": "21", "window": "21", "mlp": "344,192", "rnn": "32,896", "times": "10.46",
                              "goal": "10"}


def test_the_page_opens_unsolved():
    assert not home.MIX.judge(defaults()).solved and not home.WINDOW.judge(defaults()).solved


def _verdict(at, name):
    return at.session_state["_challenge_verdicts"][name]


def test_on_the_page_the_solutions_pass_with_the_labs_own_figures():
    """Check, the solution behind one more click, its values put into the labs: the labs then show the
    very figures the verdicts report."""
    fresh_session()
    at = open_page(link={"home_guess": "skip"})
    for name in ("ch_home_mix", "ch_home_window"):
        at.button(key=f"{name}_check").click().run()
        assert not at.exception and not _verdict(at, name).solved
        at.button(key=f"{name}_show").click().run()
        at.button(key=f"{name}_use").click().run()
        assert not at.exception, [e.message for e in at.exception]
        at.button(key=f"{name}_check").click().run()
        assert _verdict(at, name).solved
    metrics = {m.label: m.value for m in at.metric}
    mix, window = _verdict(at, "ch_home_mix").fields, _verdict(at, "ch_home_window").fields
    assert metrics[t("home.order.mean_distance", "en")] == "0" and metrics[t("home.order.rnn_distance", "en")] == mix["rnn"]
    assert metrics[t("home.window.mlp_params", "en")] == window["mlp"]
    assert metrics[t("home.window.rnn_params", "en")] == window["rnn"]

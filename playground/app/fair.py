"""Every run a visitor causes is measured and paid from their fair share (``playground.core.fairness``).

``paced_run()`` wraps a whole page run (streamlit_app.py) and ``fragment`` every section that reruns
on its own, so that whichever way a visitor loops, each run's CPU time is counted once, a visitor
in debt waits (a toast says why) before the next run starts, and a visitor whose runs are heavy
takes turns with the other heavy ones (``LANE``). Heavy fragment runs also give
their freed memory back, as a full run does.
"""

from __future__ import annotations

import contextlib
import functools
import math
import threading
import time

import streamlit as st

from playground.app.shell import tr
from playground.app.store import flush_url
from playground.app.visitors import visitor as session_visitor
from playground.core import batching, fairness, runtime
from playground.core.datasets import cache as data_cache

SHARE = fairness.FairShare()
LANE = fairness.HeavyLane()
GATE = fairness.HeavyLane(slots=fairness.run_slots())  # every run: a few at once, the rest wait their turn
NOTICE_AFTER_S = 0.3  # shorter waits pass without a word
_inside = threading.local()  # a fragment drawn by a page run is paid by that run
_sleep, _now = time.sleep, time.monotonic  # (a test replaces them)


def visitor() -> str:
    """The browser (every tab of it shares one share, as it shares one training job), else the
    session; a name new to the server within its address's allowance (``playground.app.visitors``)."""
    return session_visitor()[0]


def _wait_turn(who: str) -> None:
    wait = min(SHARE.wait_s(who), fairness.MAX_WAIT_S)
    if wait <= 0:
        return
    if wait >= NOTICE_AFTER_S:
        st.toast(tr("fair.wait", seconds=f"{wait:.1f}"), icon=":material/hourglass_top:")
    _sleep(wait)


class _Turns:
    """The turns a run holds while it computes (the heavy lane's, the gate's): given back while it
    waits for a model's step loop (``playground.core.batching``), and taken again once served ahead of
    the runs still waiting for a first turn (it had one: queueing again behind them at every model
    call would make a page that calls a model six times wait six times)."""

    def __init__(self, who: str) -> None:
        self.who, self.lane, self.gate, self.held_lane = who, False, False, False

    def take(self) -> None:
        self.lane = self.held_lane = SHARE.heavy(self.who) and LANE.enter(SHARE.credit(self.who))
        self.gate = GATE.slots > 0 and GATE.enter(0.0)

    def take_again(self) -> None:
        self.lane = self.held_lane and LANE.enter(math.inf)
        self.gate = GATE.slots > 0 and GATE.enter(math.inf)

    def give_back(self) -> None:
        if self.gate:
            GATE.leave()
        if self.lane:
            LANE.leave()
        self.lane = self.gate = False


@contextlib.contextmanager
def paced_run():
    """Wait for this visitor's turn, then measure the run and charge it (nested runs: once)."""
    if getattr(_inside, "active", False) or not fairness.enabled():
        yield
        return
    who = visitor()
    _wait_turn(who)
    turns = _Turns(who)
    turns.take()
    _inside.active = True
    start, lent = time.thread_time(), batching.charged()  # the step loops' work for this run is its cost too
    try:
        # a model's step loop is waited for without a turn; a download never (datasets.cache)
        with batching.stepping_aside(turns.give_back, turns.take_again), data_cache.page_run():
            yield
    finally:
        _inside.active = False
        turns.give_back()
        spent = time.thread_time() - start + batching.charged() - lent
        SHARE.charge(who, spent)
        if spent > 0.2:  # a heavy section's temporary tensors go back now, not at the next full run
            runtime.release_free_memory(every_s=2.0)


GAPS = "_fair_gaps"  # session: each spaced section's last run and last act (monotonic seconds)
ACTED = "_fair_acted"  # session: the visitor's own act (a callback) asks the next spaced run not to wait


def act_now() -> None:
    """Call from a spaced section's callbacks: the rerun they cause is the visitor's own act, not a poll,
    and runs at once (once per gap: acts closer than that are spaced out like polls)."""
    st.session_state[ACTED] = True


def _own_rerun() -> bool:
    """Whether this run is a section's own rerun (its timer, a click inside it), not a run drawing it: a
    page run, or the rerun of a section it is nested in (a question's box drawing its class status)."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState, get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is None or not ctx.fragment_ids_this_run:
        return False
    try:
        running = ThreadState.get().fragment_id  # the section this code runs in
    except RuntimeError:
        return True
    return running is None or running in ctx.fragment_ids_this_run


def space_out(name: str, gap_s: float) -> None:
    """A section that polls (a class's console, a student's banner) runs at most once per ``gap_s`` in a
    session: a rerun asked for sooner (a forged client loops it back to back) waits, before it takes
    any turn or CPU, until the gap has passed (issue 52: 12 forged consoles cost a review 0.45-0.88 s)."""
    if not _own_rerun():
        return  # drawn by a page run: the visitor's own act, never held back
    gaps = st.session_state.setdefault(GAPS, {})
    last_run, last_act = gaps.get(name, (-math.inf, -math.inf))
    now = _now()
    acted = st.session_state.pop(ACTED, False) and now - last_act >= gap_s
    if not acted and (wait := last_run + gap_s - now) > 0:
        _sleep(wait)
    gaps[name] = (_now(), now if acted else last_act)


def fragment(func=None, *, gap_s: float = 0.0, **options):
    """``st.fragment`` whose own reruns are paced and charged like page runs; ``gap_s``: and spaced out
    (``space_out``), for a section that polls."""
    if func is None:
        return functools.partial(fragment, gap_s=gap_s, **options)

    @functools.wraps(func)
    def paced(*args, **kwargs):
        if gap_s > 0:
            space_out(func.__qualname__, gap_s)
        with paced_run():
            try:
                return func(*args, **kwargs)
            finally:
                flush_url()  # a fragment's own rerun never reaches the end of the page

    return st.fragment(paced, **options)


REQUESTED = "_fair_requested"  # session key: for each on-request section, the inputs it was last run for


def on_request(section: str, inputs: tuple, label: str, where=None) -> bool:
    """Whether an expensive section may compute now: only when asked, once per set of inputs.
    ``section`` starts with the page's prefix (its button's key is ``<section>_ask``).

    A button runs it for the inputs on the page; it stays shown while they stay the same (a page
    switch included) and asks again when they change. One click then costs one section, not every
    section a changed prompt touches (issue 28: at most about 0.5 CPU-s per interaction)."""
    memo = st.session_state.setdefault(REQUESTED, {})
    if memo.get(section) == inputs:
        return True
    place = where or st
    if place.button(label, key=f"{section}_ask", icon=":material/play_arrow:"):
        memo[section] = inputs
        return True
    if section in memo:
        place.caption(tr("fair.inputs_changed"))
    return False

"""Issue 28, fair CPU: every visitor's runs are paid from a share of the machine, and a visitor in
debt waits (a sleep, told by a toast) before the next run; one who does not loop never waits."""

import pytest

from playground.app import fair
from playground.core import fairness
from playground.core.i18n import t
from tests.helpers import open_page


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_looping_visitor_waits_and_a_quiet_one_does_not():
    clock = Clock()
    share = fairness.FairShare(cpus=2, load=0.5, burst=1.0, active_s=10, clock=clock)
    for _ in range(5):  # five heavy runs back to back: 2.5 CPU-s against a credit of 1
        share.charge("loop", 0.5)
    share.charge("quiet", 0.1)
    assert share.rate() == pytest.approx(0.5)  # 1 CPU-s/s shared by two busy visitors
    assert share.wait_s("loop") == pytest.approx(1.5 / 0.5)  # its debt, paid at its share
    assert share.wait_s("quiet") == 0.0
    clock.now += 3.0  # waiting pays the debt off
    assert share.wait_s("loop") == pytest.approx(0.0, abs=1e-9)
    clock.now += 100.0  # credit never grows past the burst
    share.charge("loop", 0.0)
    assert share._buckets["loop"].credit == pytest.approx(1.0)


def test_the_share_divides_among_the_busy_visitors_only():
    clock = Clock()
    share = fairness.FairShare(cpus=2, load=0.4, burst=1.0, active_s=10, clock=clock)
    for who in range(8):
        share.charge(f"v{who}", 0.1)
    assert share.rate() == pytest.approx(0.8 / 8)
    clock.now += 11  # gone quiet: the one still working gets the whole share
    share.charge("v0", 0.1)
    assert share.rate() == pytest.approx(0.8)


def test_the_table_forgets_visitors_long_gone():
    clock = Clock()
    share = fairness.FairShare(cpus=1, active_s=1, clock=clock)
    for who in range(300):
        share.charge(f"old{who}", 0.01)
    clock.now += 60
    share.charge("new", 0.01)
    assert len(share._buckets) == 1


@pytest.fixture
def fair_on(monkeypatch):
    monkeypatch.setenv(fairness.ENV_SWITCH, "on")
    monkeypatch.setattr(fair, "SHARE", fairness.FairShare(cpus=1, load=0.5, burst=1.0, clock=Clock()))  # time stands still
    monkeypatch.setattr(fair, "visitor", lambda: "tester")
    slept = []
    monkeypatch.setattr(fair, "_sleep", slept.append)
    return slept


def test_a_page_run_is_charged_to_its_visitor(fair_on):
    at = open_page("pages/gradients.py")
    assert not at.exception
    bucket = fair.SHARE._buckets["tester"]
    assert bucket.credit < 1.0  # the runs' CPU came out of the visitor's credit
    assert fair_on == []  # in credit: no wait


def test_a_visitor_in_debt_waits_and_is_told_why(fair_on):
    fair.SHARE.charge("tester", 3.0)  # 2 CPU-s in debt at 0.5 CPU-s/s: 4 s to wait
    at = open_page("pages/gradients.py")
    assert not at.exception
    assert fair_on and fair_on[0] == pytest.approx(4.0, rel=0.05)
    told = t("fair.wait", "en", seconds="@").split("@")[0]
    assert any(told in toast.value for toast in at.toast), [x.value for x in at.toast]


def test_a_fragment_rerun_is_paced_and_charged_once(fair_on):
    at = open_page("pages/gradients.py")
    before = fair.SHARE._buckets["tester"].credit
    fair.SHARE.charge("tester", 0.0)
    at.slider(key="grad_k").set_value(20).run()  # reruns the a^k section alone
    assert not at.exception
    assert fair.SHARE._buckets["tester"].credit <= before  # that run was paid for too
    assert fair.SHARE._buckets["tester"].last_run > 0


def test_heavy_runs_take_turns_the_one_with_most_credit_first():
    import threading
    import time

    lane = fairness.HeavyLane(slots=1)
    assert lane.enter(credit=0.0)  # one heavy run going
    order, started = [], threading.Event()

    def heavy(name: str, credit: float) -> None:
        started.set()
        assert lane.enter(credit=credit)
        order.append(name)
        lane.leave()

    waiting = [threading.Thread(target=heavy, args=("in debt", -3.0)), threading.Thread(target=heavy, args=("rich", 1.5))]
    for thread in waiting:
        thread.start()
        started.wait()
        time.sleep(0.05)
    assert lane.waiting == 2 and order == []  # nobody overtakes the run in the lane
    lane.leave()
    for thread in waiting:
        thread.join(5)
    assert order == ["rich", "in debt"]
    assert lane.enter(credit=0.0) and not lane.enter(credit=0.0, timeout_s=0.05)  # a wait has an end


def test_a_visitor_is_heavy_by_what_its_runs_cost_or_by_looping():
    clock = Clock()
    share = fairness.FairShare(cpus=2, burst=2.0, clock=clock)
    for _ in range(3):
        share.charge("review", 0.1)
        share.charge("beam", 0.5)
    assert not share.heavy("review") and share.heavy("beam")
    assert share.heavy("stranger")  # a new name's first run (issue 37): its cost is unknown, and a name costs nothing
    for _ in range(12):  # light runs, but back to back: half the credit gone
        share.charge("loop", 0.1)
    assert share.heavy("loop")
    assert fairness.lane_slots(2) == 1 and fairness.lane_slots(8) == 7 and fairness.lane_slots(1) == 1


# --- issue 37: a new name is not a new share of the machine ----------------------------------------------
def test_a_new_name_runs_first_in_the_heavy_lane_then_by_what_it_costs():
    clock = Clock()
    share = fairness.FairShare(cpus=2, burst=2.0, clock=clock)
    assert not share.known("fresh") and share.heavy("fresh")  # a fresh session's first run: in the lane
    share.charge("fresh", 0.05)  # an ordinary page
    assert share.known("fresh") and not share.heavy("fresh")  # from then on, by its own runs
    share.charge("churner", 0.5)  # a dear link opened under a new name: its first run was in the lane ...
    assert share.heavy("churner")  # ... and so is the next


def test_new_visitors_per_address_come_at_a_bounded_rate():
    clock = Clock()
    newcomers = fairness.Newcomers(burst=100, per_minute=30, clock=clock)
    assert all(newcomers.admit("school", f"student-{k}") for k in range(100))  # a class behind one address
    assert not newcomers.admit("school", "made-up")  # the 101st new name from it: not now
    assert newcomers.admit("school", "student-7")  # a name admitted before comes back
    assert newcomers.admit("home", "someone")  # another address has its own allowance
    clock.now += 2.0  # one more every 2 s
    assert newcomers.admit("school", "made-up") and not newcomers.admit("school", "made-up-2")


def test_the_newcomers_table_forgets_addresses_whose_allowance_is_full_again():
    clock = Clock()
    newcomers = fairness.Newcomers(burst=2, per_minute=60, clock=clock, most_addresses=10)
    for k in range(10):
        newcomers.admit(f"10.0.0.{k}", f"n{k}")
    clock.now += 60
    newcomers.admit("10.0.1.1", "n")
    assert len(newcomers._tokens) == 1


# --- issue 35: a class of runs takes turns, one per CPU -----------------------------------------------
def test_runs_compute_one_per_cpu_unless_the_environment_says_otherwise(monkeypatch):
    monkeypatch.delenv("RNN_PLAYGROUND_RUN_SLOTS", raising=False)
    assert fairness.run_slots(2) == 2 and fairness.run_slots(8) == 8
    monkeypatch.setenv("RNN_PLAYGROUND_RUN_SLOTS", "3")
    assert fairness.run_slots(2) == 3
    monkeypatch.setenv("RNN_PLAYGROUND_RUN_SLOTS", "0")  # no limit
    assert fairness.run_slots(2) == 0
    monkeypatch.setenv("RNN_PLAYGROUND_RUN_SLOTS", "many")
    assert fairness.run_slots(2) == 2


def test_page_runs_pass_the_gate_and_give_their_place_back(fair_on, monkeypatch):
    gate = fairness.HeavyLane(slots=1)
    entered = []
    original = gate.enter

    def enter(credit, timeout_s=30.0):
        entered.append(gate.running)
        return original(credit, timeout_s)

    monkeypatch.setattr(gate, "enter", enter)
    monkeypatch.setattr(fair, "GATE", gate)
    at = open_page("pages/gradients.py")
    at.slider(key="grad_k").set_value(20).run()
    assert not at.exception
    assert len(entered) >= 2 and set(entered) == {0}  # each run found the gate free: the last one left it
    assert gate.running == 0


def test_a_polled_section_reruns_at_most_once_per_gap_and_a_click_once_at_once(monkeypatch):
    """Issue 52: 12 forged consoles looped the poll back to back. A spaced section's own reruns wait out
    the gap before taking any turn; a teacher's click runs at once, but only once per gap; a page run
    that draws the section never waits."""
    from types import SimpleNamespace

    clock, slept = [100.0], []

    def sleep(seconds):
        slept.append(round(seconds, 3))
        clock[0] += seconds

    session = {}
    monkeypatch.setattr(fair, "st", SimpleNamespace(session_state=session))
    monkeypatch.setattr(fair, "_sleep", sleep)
    monkeypatch.setattr(fair, "_now", lambda: clock[0])
    monkeypatch.setattr(fair, "_own_rerun", lambda: True)
    fair.space_out("poll", 1.5)  # the first: at once
    clock[0] += 0.2
    fair.space_out("poll", 1.5)  # looped back to back: waits the rest of the gap
    assert slept == [1.3]
    clock[0] += 0.1
    fair.act_now()
    fair.space_out("poll", 1.5)  # the teacher's click: at once
    clock[0] += 0.1
    fair.act_now()
    fair.space_out("poll", 1.5)  # a second click within the gap: spaced like a poll
    assert slept == [1.3, 1.4]
    monkeypatch.setattr(fair, "_own_rerun", lambda: False)
    fair.space_out("poll", 1.5)  # a page run drawing it
    assert slept == [1.3, 1.4]


def test_a_section_drawn_by_the_rerun_of_a_section_around_it_is_not_its_own_rerun(monkeypatch):
    """Issue 51: a question's box, nested in the question's section, looks at the class on a timer. A vote
    reruns the question's section, which draws the box: that is the student's act, never spaced out (it
    waited up to 1.5 s); the box's own timer run is spaced; a page run never is."""
    from types import SimpleNamespace

    from streamlit.runtime.scriptrunner_utils import script_run_context as context

    running = {"id": None}
    monkeypatch.setattr(context.ThreadState, "get", staticmethod(lambda: SimpleNamespace(fragment_id=running["id"])))
    for queued, inside, own in ((["question"], "box", False), (["box"], "box", True), (["question"], "question", True),
                                ([], "box", False), (None, None, False)):
        running["id"] = inside
        run = SimpleNamespace(fragment_ids_this_run=queued)
        monkeypatch.setattr(context, "get_script_run_ctx", lambda run=run: run)
        assert fair._own_rerun() is own, (queued, inside)

import os
import threading
import time

import pytest

from playground.core.jobs import (
    DONE,
    FAILED,
    HEAVY,
    RUNNING,
    STOPPED,
    TINY,
    WAITING,
    Busy,
    JobRunner,
    SessionJobs,
    cpu_quota,
    default_cap,
    pace,
)


def _wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


def blocking_work(report, stop):
    step = 0
    while not stop.is_set():
        step += 1
        report(step=step, total=1000, loss=1.0 / step)
        time.sleep(0.01)
    return step


def test_cap_holds_and_waiting_jobs_start_when_a_slot_frees():
    runner = JobRunner(cap=2)
    jobs = [runner.submit(f"j{k}", blocking_work) for k in range(4)]
    assert _wait_for(lambda: runner.running() == 2)
    assert runner.waiting() == 2
    assert sorted(j.status for j in jobs) == [RUNNING, RUNNING, WAITING, WAITING]
    first_running = next(j for j in jobs if j.status == RUNNING)
    first_running.stop()
    assert first_running.join(2) and first_running.status == STOPPED
    assert _wait_for(lambda: runner.running() == 2 and runner.waiting() == 1)
    for job in jobs:
        job.stop()
    assert all(job.join(2) for job in jobs)


def test_stop_takes_effect_within_a_second():
    runner = JobRunner(cap=1)
    job = runner.submit("long", blocking_work)
    assert _wait_for(lambda: job.status == RUNNING and job.progress)
    started = time.monotonic()
    job.stop()
    assert job.join(1.0)
    assert time.monotonic() - started < 1.0
    assert job.status == STOPPED and job.result > 0


def test_job_stopped_while_waiting_never_runs():
    runner = JobRunner(cap=1)
    blocker = runner.submit("blocker", blocking_work)
    ran = threading.Event()
    queued = runner.submit("queued", lambda report, stop: ran.set())
    assert _wait_for(lambda: queued.status == WAITING and blocker.status == RUNNING)
    queued.stop()
    assert queued.join(1.0) and queued.status == STOPPED and not ran.is_set()
    blocker.stop()
    blocker.join(1.0)


def test_failing_job_reports_and_frees_its_slot():
    runner = JobRunner(cap=1)

    def boom(report, stop):
        raise RuntimeError("loss is NaN")

    bad = runner.submit("bad", boom)
    assert bad.join(2) and bad.status == FAILED and "NaN" in bad.error
    good = runner.submit("good", lambda report, stop: 42)
    assert good.join(2) and good.status == DONE and good.result == 42


def test_session_jobs_stop_all_and_one_job_per_visitor():
    runner = JobRunner(cap=4)
    session = SessionJobs(runner)
    first = session.start("train", "a", blocking_work)
    with pytest.raises(Busy) as busy:  # one job per visitor: no second while the first runs ...
        session.start("train", "b", blocking_work)
    assert busy.value.job is first and session.busy() is first
    with pytest.raises(Busy):  # ... on any page, in either lane
        session.start("other", "c", blocking_work, lane=TINY)
    assert session.get("train") is first and "other" not in session.jobs and runner.running() == 1
    session.stop_all()
    assert first.join(1.0) and first.status == STOPPED and session.busy() is None
    again = session.start("train", "d", lambda report, stop: "ok")  # stopped: the visitor may start again
    assert again.join(2) and again.number == 2


def test_snapshot_is_a_copy():
    runner = JobRunner(cap=1)
    job = runner.submit("quick", lambda report, stop: report(step=1, loss=0.5) or "ok")
    job.join(2)
    snap = job.snapshot()
    snap["progress"].append({"step": 99})
    assert [{k: v for k, v in p.items() if k != "seconds"} for p in job.snapshot()["progress"]] == [{"step": 1, "loss": 0.5}]
    assert snap["result"] == "ok"


def test_default_cap_follows_the_cpu_quota(tmp_path):
    assert default_cap() >= 1  # the CPUs but one (the pages' and the tiny lane's), at least 1
    quota = tmp_path / "cpu.max"
    quota.write_text("150000 100000\n")  # 1.5 CPUs of a 64-core host
    assert cpu_quota(quota) == 1
    quota.write_text("400000 100000\n")
    assert cpu_quota(quota) == 4
    quota.write_text("max 100000\n")  # no quota: the CPUs the process may run on
    assert 1 <= cpu_quota(quota) <= (os.cpu_count() or 1)
    assert cpu_quota(tmp_path / "missing") >= 1


def test_a_job_is_stopped_by_its_time_budget():
    runner = JobRunner(cap=1)
    job = runner.submit("long", blocking_work, max_seconds=0.3)
    assert job.join(3.0) and job.status == STOPPED and job.out_of_time and job.snapshot()["out_of_time"]
    free = runner.submit("unlimited", lambda report, stop: 1, max_seconds=None)
    assert free.join(2.0) and free.status == DONE and not free.out_of_time


def test_jobs_are_numbered_per_session_and_slot_and_a_replaced_one_is_remembered():
    """Issue 24: live models were numbered by the server's job count (#3, then #4 after two trainings),
    and the one a new training replaced left without a word."""
    runner = JobRunner(cap=4)
    other = SessionJobs(runner)  # another visitor on the same server
    assert other.start("charlm", "theirs", lambda report, stop: "their model").join(2)
    mine = SessionJobs(runner)
    first = mine.start("charlm", "a", lambda report, stop: "model 1")
    assert first.join(2) and first.number == 1 and first.id == 2 and "charlm" not in mine.replaced
    second = mine.start("charlm", "b", blocking_work)
    assert second.number == 2 and mine.replaced["charlm"] == 1  # its model is let go: say which one
    assert _wait_for(lambda: second.progress)
    second.stop()  # one job per visitor (issue 28): stopped before the next; it keeps what it learned
    assert second.join(2) and second.result
    third = mine.start("charlm", "c", lambda report, stop: "model 3")
    assert third.join(2) and third.number == 3 and mine.replaced["charlm"] == 2
    assert mine.start("other", "d", lambda report, stop: None).number == 1  # each slot counts from 1
    assert other.get("charlm").number == 1  # the other visitor's numbers are their own


def test_a_failed_job_replaced_nothing():
    runner = JobRunner(cap=2)
    session = SessionJobs(runner)

    def boom(report, stop):
        raise RuntimeError("loss is NaN")

    assert session.start("charlm", "bad", boom).join(2)
    nxt = session.start("charlm", "good", lambda report, stop: "model")
    assert nxt.join(2) and nxt.number == 2 and "charlm" not in session.replaced


# --- fair training (issue 28): a queue in order, one job per visitor, a lane for tiny jobs --------
def _gate_work(gate: threading.Event, order: list | None = None, name: str = ""):
    """A job that runs until ``gate`` is set (or it is stopped), noting when it started in ``order``."""
    def work(report, stop):
        if order is not None:
            order.append(name)
        while not (gate.is_set() or stop.is_set()):
            time.sleep(0.005)
        return name
    return work


def test_waiting_jobs_start_in_the_order_they_came_and_know_their_place():
    runner = JobRunner(cap=1)
    gate, order = threading.Event(), []
    first = runner.submit("first", _gate_work(gate, order, "first"))
    queued = [runner.submit(f"q{k}", _gate_work(gate, order, f"q{k}"), visitor=f"visitor-{k}") for k in range(5)]
    assert _wait_for(lambda: first.status == RUNNING)
    assert [runner.position(j) for j in queued] == [1, 2, 3, 4, 5] and runner.position(first) is None
    assert runner.waiting() == 5 and runner.waiting(HEAVY) == 5 and runner.running(HEAVY) == 1
    queued[2].stop()  # leaves the line at once, never runs; those behind move up
    assert queued[2].join(0.5) and queued[2].status == STOPPED
    assert [runner.position(j) for j in queued if not j.finished] == [1, 2, 3, 4]
    gate.set()  # every job ends as soon as it starts: they go through the one slot in turn
    assert all(j.join(5) for j in queued)
    assert order == ["first", "q0", "q1", "q3", "q4"]
    assert [j.status for j in queued] == [DONE, DONE, STOPPED, DONE, DONE]


def test_a_waiting_job_has_no_thread_running():
    runner = JobRunner(cap=1)
    gate = threading.Event()
    runner.submit("holder", _gate_work(gate))
    before = threading.active_count()
    waiting = [runner.submit(f"w{k}", _gate_work(gate)) for k in range(30)]
    assert threading.active_count() == before  # 30 in line cost no threads (and no polling) until their turn
    assert all(j.status == WAITING for j in waiting)
    gate.set()
    assert all(j.join(10) for j in waiting)


def test_one_job_per_visitor_across_sessions_and_lanes():
    """Two tabs of one browser are one visitor (the same ``visitor``): the second tab cannot queue
    a second job while the first runs or waits; another visitor can."""
    runner = JobRunner(cap=1)
    gate = threading.Event()
    blocker = runner.submit("someone else's", _gate_work(gate))
    tab1, tab2 = SessionJobs(runner, visitor="browser-a"), SessionJobs(runner, visitor="browser-a")
    waiting = tab1.start("charlm", "mine", _gate_work(gate))
    assert waiting.status == WAITING and tab2.busy() is waiting
    with pytest.raises(Busy):
        tab2.start("charlm", "mine again", _gate_work(gate))
    with pytest.raises(Busy):
        tab2.start("two_ones", "a tiny one", _gate_work(gate), lane=TINY)
    other = SessionJobs(runner, visitor="browser-b")
    theirs = other.start("charlm", "theirs", _gate_work(gate))
    assert runner.position(waiting) == 1 and runner.position(theirs) == 2
    waiting.stop()
    assert waiting.join(1) and tab2.busy() is None
    mine = tab2.start("charlm", "mine, now", _gate_work(gate))
    assert runner.position(mine) == 2  # back of the line: behind the other visitor
    gate.set()
    assert all(j.join(5) for j in (blocker, theirs, mine))
    assert SessionJobs(runner).visitor != SessionJobs(runner).visitor  # no browser named: each session alone


def test_visitor_check_is_atomic_under_concurrent_clicks():
    runner = JobRunner(cap=1)
    gate = threading.Event()
    started, refused = [], []
    barrier = threading.Barrier(8)

    def click():
        barrier.wait()
        try:
            started.append(runner.submit("click", _gate_work(gate), visitor="browser-a"))
        except Busy:
            refused.append(1)

    threads = [threading.Thread(target=click) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(started) == 1 and len(refused) == 7
    gate.set()
    assert started[0].join(2)


def test_a_tiny_job_starts_while_heavy_jobs_hold_every_heavy_slot():
    """Two attackers hold the heavy slots (and a third waits): a tiny job still starts at once."""
    runner = JobRunner(cap=2, tiny_cap=1)
    gate = threading.Event()
    heavy = [runner.submit(f"attacker {k}", _gate_work(gate), visitor=f"attacker-{k}") for k in range(3)]
    assert _wait_for(lambda: runner.running(HEAVY) == 2) and runner.waiting(HEAVY) == 1
    asked = time.monotonic()
    tiny = runner.submit("two 1s", lambda report, stop: report(step=1, total=1, loss=0.1) or "trained", lane=TINY,
                         visitor="victim")
    assert tiny.join(5.0) and tiny.status == DONE and tiny.result == "trained"
    assert time.monotonic() - asked < 5.0
    assert runner.running(HEAVY) == 2 and heavy[2].status == WAITING  # the heavy line did not move
    gate.set()
    assert all(j.join(5) for j in heavy)


def test_tiny_lane_has_its_own_queue_and_time_budget():
    runner = JobRunner(cap=1, tiny_cap=1)
    gate = threading.Event()
    first = runner.submit("tiny 1", _gate_work(gate), lane=TINY)
    second = runner.submit("tiny 2", _gate_work(gate), lane=TINY)
    heavy = runner.submit("heavy", _gate_work(gate))
    assert _wait_for(lambda: first.status == RUNNING and heavy.status == RUNNING)
    assert runner.position(second) == 1 and runner.waiting(TINY) == 1 and runner.waiting(HEAVY) == 0
    session = SessionJobs(runner)
    assert session.start("span", "span", blocking_work, lane=TINY).max_seconds == 60  # TINY_SECONDS
    with pytest.raises(ValueError):
        runner.submit("nowhere", blocking_work, lane="express")
    gate.set()
    for job in (first, second, heavy, session.get("span")):
        job.stop()
        assert job.join(5)


def test_a_running_job_knows_its_pace_and_when_its_budget_cuts_it():
    """Issue 25 (15): a long live training ran at ~1.4 steps/s for an hour with no word of it."""
    assert pace([], 300) is None and pace([{"step": 1, "total": 10, "seconds": 0.5}], 300) is None
    warm = [{"step": 1, "total": 5000, "seconds": 3.0}]  # the first step pays for warming up
    steady = [{"step": s, "total": 5000, "seconds": 3.0 + (s - 1) / 2} for s in range(2, 41)]  # then 2 steps/s
    measured = pace(warm + steady, None)
    assert measured.steps_per_s == pytest.approx(2.0) and measured.cut_at_step is None
    assert measured.seconds_left == pytest.approx((5000 - 40) / 2)
    cut = pace(warm + steady, 300)  # 300 s of budget, 22.5 s used: about 555 more steps, not 4,960
    assert cut.seconds_left == pytest.approx(300 - steady[-1]["seconds"])
    assert cut.cut_at_step == 40 + int((300 - steady[-1]["seconds"]) * 2)
    short = [{"step": s, "total": 50, "seconds": s / 10} for s in range(1, 11)]
    assert pace(short, 300).cut_at_step is None and pace(short, 300).seconds_left == pytest.approx(4.0)


def test_the_time_left_does_not_swing_with_a_run_s_periodic_pauses():
    """Issue 33: a char-LM run's time left read 1 min 5 s, 47 s, 1 min 25 s, 2 min 20 s, 39 s within 18 s:
    the pace was measured over its last 30 reports, with or without a validation pass among them."""
    progress, seconds = [], 2.0  # 2 s warming up, then 2 steps/s and an 8 s validation every 50 steps
    for step in range(1, 1001):
        seconds += 0.5
        progress.append({"step": step, "total": 1000, "seconds": seconds})
        if step % 50 == 0:
            seconds += 8.0
            progress.append({"step": step, "total": 1000, "seconds": seconds, "validation_loss": 1.0})
    end = progress[-1]["seconds"]
    lefts = [pace(progress[: i + 1], None).seconds_left for i in range(1, len(progress))]
    # from the 150th step on, "now + time left" stays within 8 % of when the run really ends ...
    later = [p["seconds"] + left for p, left in zip(progress[1:], lefts, strict=True) if p["step"] >= 150]
    assert all(abs(guess - end) < 0.08 * end for guess in later)
    # ... and after a pause the time left grows by a few per cent at most, not threefold
    assert all(b <= 1.05 * a for a, b in zip(lefts[300:], lefts[301:], strict=False))


def test_reports_are_stamped_with_the_seconds_since_the_job_began():
    runner = JobRunner(cap=1)

    def work(report, stop):
        for step in range(1, 4):
            report(step=step, total=3, loss=1.0)
            time.sleep(0.05)

    job = runner.submit("timed", work)
    assert job.join(5)
    seconds = [p["seconds"] for p in job.snapshot()["progress"]]
    assert len(seconds) == 3 and seconds == sorted(seconds) and 0.09 <= seconds[-1] - seconds[0] < 5
    assert job.snapshot()["max_seconds"] == job.max_seconds


# --- issue 37: names are cheap, addresses are not --------------------------------------------------
def test_the_line_takes_turns_between_addresses():
    """Ten made-up names from one address queue ten jobs; a victim from another address is next,
    and the address's own jobs keep their order among themselves."""
    runner = JobRunner(cap=1, tiny_cap=1)
    gate, order = threading.Event(), []
    forged = [runner.submit(f"f{k}", _gate_work(gate, order, f"f{k}"), lane=TINY, visitor=f"forged-{k}",
                            address="10.0.0.2") for k in range(10)]
    assert _wait_for(lambda: forged[0].status == RUNNING)
    victim = runner.submit("victim", _gate_work(gate, order, "victim"), lane=TINY, visitor="victim", address="10.0.0.3")
    assert runner.position(victim) == 1 and runner.position(forged[1]) == 2 and runner.position(forged[9]) == 10
    late = runner.submit("late", _gate_work(gate, order, "late"), lane=TINY, visitor="late", address="10.0.0.4")
    assert runner.position(late) == 2  # a third network: after the victim, before the forged ones' second turn
    gate.set()
    assert all(j.join(5) for j in (*forged, victim, late))
    assert order[:4] == ["f0", "victim", "late", "f1"] and order[4:] == [f"f{k}" for k in range(2, 10)]


def test_an_addresses_short_job_goes_before_its_long_ones():
    """Issue 52 (held-out check): ten forged cookies on a student's own address each queued a memory-span
    run, and the student's two-1s job waited 55 s. An address's jobs in line go shortest first."""
    from playground.gradients import memory_span
    from playground.two_ones.model import TrainSettings

    runner = JobRunner(cap=1, tiny_cap=1)
    gate, order = threading.Event(), []
    span = memory_span.estimate_s("gru", 50)
    forged = [runner.submit(f"f{k}", _gate_work(gate, order, f"f{k}"), lane=TINY, visitor=f"forged-{k}",
                            address="school", estimate_s=span) for k in range(10)]
    assert _wait_for(lambda: forged[0].status == RUNNING)
    two_ones = TrainSettings().estimate_s()
    assert two_ones < span
    student = runner.submit("two-ones", _gate_work(gate, order, "student"), lane=TINY, visitor="student",
                            address="school", estimate_s=two_ones)
    assert runner.position(student) == 1
    gate.set()
    assert all(j.join(5) for j in (*forged, student))
    assert order[:2] == ["f0", "student"] and order[2:] == [f"f{k}" for k in range(1, 10)]


def test_newcomers_past_the_allowance_share_a_cpu_share_but_not_a_job():
    """Issue 52: past an address's allowance every new name was one visitor, so the first job of any of
    them told every later student "You already have a training job running". They still share one CPU
    share (the fair share's visitor, ``newcomers-<address>``), but each session owns its own job; the
    address keeps its cap on jobs in line."""
    from playground.app.visitors import NEWCOMERS_PREFIX, job_owner
    from playground.core import fairness

    newcomers = fairness.Newcomers(burst=1, per_minute=0)
    assert newcomers.admit("school", "browser-a") and not newcomers.admit("school", "browser-b")
    shared = NEWCOMERS_PREFIX + "school"
    owners = [job_owner(shared, f"session-{k}") for k in range(2)]
    assert owners == ["session-0", "session-1"] and job_owner("browser-a", "session-9") == "browser-a"
    runner = JobRunner(cap=1, tiny_cap=1, per_address=2)
    gate = threading.Event()
    jobs = [SessionJobs(runner, visitor=o, address="school").start("two_ones", "t", _gate_work(gate), lane=TINY)
            for o in owners]  # neither is "busy" because of the other
    from playground.core.jobs import LineFull

    with pytest.raises(LineFull):
        SessionJobs(runner, visitor=job_owner(shared, "session-2"), address="school").start("two_ones", "t",
                                                                                             _gate_work(gate), lane=TINY)
    gate.set()
    assert all(j.join(5) for j in jobs)


def test_one_address_queues_at_most_its_cap():
    from playground.core.jobs import LineFull

    runner = JobRunner(cap=1, per_address=3)
    gate = threading.Event()
    jobs = [runner.submit(f"j{k}", _gate_work(gate), visitor=f"name-{k}", address="school") for k in range(3)]
    with pytest.raises(LineFull) as full:
        runner.submit("one more", _gate_work(gate), visitor="name-9", address="school")
    assert full.value.count == 3
    elsewhere = runner.submit("elsewhere", _gate_work(gate), visitor="home", address="home")
    jobs[2].stop()  # a place freed: the address may queue again
    assert jobs[2].join(1)
    again = SessionJobs(runner, visitor="name-9", address="school").start("charlm", "now", _gate_work(gate))
    gate.set()
    assert all(j.join(5) for j in (*jobs[:2], elsewhere, again))

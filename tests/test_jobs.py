import os
import threading
import time

from playground.jobs import DONE, FAILED, RUNNING, STOPPED, WAITING, JobRunner, SessionJobs, cpu_quota, default_cap


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


def test_session_jobs_stop_all_and_one_job_per_slot():
    runner = JobRunner(cap=4)
    session = SessionJobs(runner)
    first = session.start("train", "a", blocking_work)
    second = session.start("train", "b", blocking_work)  # replaces the first
    assert first.join(1.0) and first.status == STOPPED
    other = session.start("other", "c", blocking_work)  # one job per session: the first slot's stops too
    assert second.join(1.0) and second.status == STOPPED and not other.finished
    session.stop_all()
    assert other.join(1.0) and other.status == STOPPED


def test_snapshot_is_a_copy():
    runner = JobRunner(cap=1)
    job = runner.submit("quick", lambda report, stop: report(step=1, loss=0.5) or "ok")
    job.join(2)
    snap = job.snapshot()
    snap["progress"].append({"step": 99})
    assert job.snapshot()["progress"] == [{"step": 1, "loss": 0.5}]
    assert snap["result"] == "ok"


def test_default_cap_follows_the_cpu_quota(tmp_path):
    assert default_cap() >= 1
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
    third = mine.start("charlm", "c", lambda report, stop: "model 3")  # replaces one still training
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

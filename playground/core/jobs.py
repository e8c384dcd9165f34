"""Background jobs for live training: one thread per running job, two lanes served in order.

A job is a function ``work(report, stop) -> result``: it calls ``report(**fields)`` as it goes
(the page polls ``Job.snapshot()``) and returns when ``stop`` is set. The runner knows nothing of
Streamlit: ``playground.app`` binds one runner per server and one job list per browser session,
and stops a session's jobs when the session ends.

Fair training (issue 28):

* **Two lanes.** Character-LM training takes minutes (``HEAVY``); the two-1s RNN and the memory-span
  run take seconds (``TINY``). Each lane has its own slots, so a tiny job never waits behind a
  char-LM job: on a 2-core server the heavy lane gets ``cpu_quota() - 1`` = 1 slot and the tiny lane
  1, which leaves one core's worth of time for the pages themselves while a heavy job trains (the
  server runs torch on one thread per job, ``playground.core.runtime``), and a tiny job (seconds) borrows
  it only briefly.
* **Served in turn, network by network.** A job that finds its lane full waits in line;
  ``JobRunner.position`` says where it stands. The line takes turns between the networks the jobs
  came from (their client address): the next slot goes to the address served longest ago, and an
  address's own jobs go first come, first served. A visitor name is cheap to make (issue 37: ten
  made-up cookies queued ten jobs, and a victim's was tenth), an address is not: ten names from one
  address take one turn in ten while another address waits. A class behind one school address is
  served first come, first served among itself, as before. ``MAX_JOBS_PER_ADDRESS`` (running or
  waiting, both lanes) bounds what one address can queue (``LineFull``); a class of 100 fits. A
  waiting job has no thread: 30 queued visitors cost the server nothing until their turn.
* **Shortest first within an address.** Jobs carry the page's estimate of their seconds
  (``estimate_s``); an address's own jobs in line go shortest first (issue 52: ten memory-span runs
  from forged cookies on a student's address put the student's two-1s job 55 s back).
* **One job per visitor.** ``submit(..., visitor=...)`` refuses (``Busy``) while the same visitor
  has a job running or waiting, in either lane; the check and the queueing are one step under the
  runner's lock, so two tabs clicking at once cannot both get in.
* **A time budget.** A running job is stopped after ``max_seconds`` (``JOB_SECONDS``) and keeps
  what it learned; the page sizes its jobs to finish well within it (``playground.app.lm_picker``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

WAITING, RUNNING, DONE, STOPPED, FAILED = "waiting", "running", "done", "stopped", "failed"
FINISHED = {DONE, STOPPED, FAILED}
HEAVY, TINY = "heavy", "tiny"  # the lanes: char-LM training; the seconds-long jobs (two 1s, memory span)

# A live training job's time budget: then it is stopped and keeps what it learned. The char-LM
# settings are capped so that the largest job is estimated at ~3 minutes on one core of the 2-core
# server (playground.charlm.live.LIVE_BUDGET_S); 5 minutes is the backstop for a busy server.
JOB_SECONDS = 5 * 60
# The tiny jobs take seconds (measured on the 2-core machine, one torch thread, at their largest
# settings: two 1s at 16 units x 2,000 steps 2.5 s; memory span at distance 50: RNN 2.7 s, LSTM
# 2.4 s, GRU 4.6 s); a minute is ample, so a tiny job never holds its lane for long.
TINY_SECONDS = 60
TINY_SLOTS = 1  # tiny jobs are seconds long: one slot serves a queue of them quickly
MAX_JOBS_PER_ADDRESS = 120  # running or waiting, from one client address: a class of 100 behind one school address


def cpu_quota(cgroup: Path = Path("/sys/fs/cgroup/cpu.max")) -> int:
    """The CPUs this process may really use: the cgroup's quota when there is one (a container
    on a shared host often sees every core of the host in ``os.cpu_count()``), else its affinity."""
    with contextlib.suppress(OSError, ValueError):  # no cgroup v2 file: fall back to the affinity
        quota, period = cgroup.read_text().split()[:2]
        if quota != "max":
            return max(1, int(int(quota) // int(period)))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_cap() -> int:
    """Heavy jobs allowed at once: 4 on a GPU, else one per CPU the process may use but one (that
    one serves the pages and the tiny lane), and at least 1."""
    if torch.cuda.is_available():
        return 4
    return max(1, cpu_quota() - 1)


class LineFull(Exception):  # noqa: N818 - a state, not an error: this address has queued enough
    """``address`` already has ``MAX_JOBS_PER_ADDRESS`` jobs running or waiting."""

    def __init__(self, address: str, count: int) -> None:
        super().__init__(f"{count} jobs from {address or 'this address'} are running or waiting")
        self.address, self.count = address, count


class Busy(Exception):  # noqa: N818 - a state, not an error: the visitor already has a job
    """The visitor already has a job running or waiting (``job``); one at a time."""

    def __init__(self, job: Job) -> None:
        super().__init__(f"job {job.id} ({job.name}) is {job.status}")
        self.job = job


@dataclass(frozen=True)
class Pace:
    """How fast a running job goes: ``steps_per_s`` over its run so far and the ``seconds_left`` until
    it ends: at its last step, or when its time budget ends first, at about ``cut_at_step`` (else None)."""
    steps_per_s: float
    seconds_left: float
    cut_at_step: int | None = None


def pace(progress: list[dict], max_seconds: float | None) -> Pace | None:
    """The pace of a job from its progress entries (``step``, ``total``, ``seconds``): the average
    over the whole run from its first timed step on (the time before that step, warming up, is left
    out); None before two timed steps. Not over its last few steps: a validation pass or a sample
    every hundred steps then swung the time left of a char-LM run from 39 s to 2 min 20 s and back
    within 18 s (issue 33); over the run, such pauses are spread over the steps that share them."""
    timed = [p for p in progress if "step" in p and "seconds" in p]
    if len(timed) < 2:
        return None
    first, last = timed[0], timed[-1]
    steps, seconds = last["step"] - first["step"], last["seconds"] - first["seconds"]
    if steps <= 0 or seconds <= 0:
        return None
    rate = steps / seconds
    left = max(0, last.get("total", last["step"]) - last["step"]) / rate
    if max_seconds is not None and last["seconds"] + left > max_seconds:
        budget_left = max(0.0, max_seconds - last["seconds"])
        return Pace(rate, budget_left, last["step"] + int(budget_left * rate))
    return Pace(rate, left)


@dataclass
class Job:
    id: int
    name: str
    status: str = WAITING
    progress: list[dict] = field(default_factory=list)
    result: Any = None
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    began: float | None = None  # when it left the line and started running (time.monotonic)
    stop_event: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    out_of_time: bool = False  # stopped by its time budget, not by its owner
    number: int = 0  # per visitor and slot, from 1 (``SessionJobs``); ``id`` counts the server's jobs
    lane: str = HEAVY
    visitor: str | None = None  # who started it (``SessionJobs.visitor``): one job per visitor
    address: str = ""  # the client's network address: the line takes turns between addresses
    slot: str = ""  # where on the site (``SessionJobs.start``): the page says where a visitor's job is
    max_seconds: float | None = JOB_SECONDS
    estimate_s: float = 0.0  # the page's estimate of its running time: an address's jobs go shortest first
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _ended: threading.Event = field(default_factory=threading.Event)
    _on_stop: Callable[[Job], None] | None = None

    def report(self, **fields: Any) -> None:
        """One progress entry, stamped with the seconds since the job began running (``seconds``):
        the panel turns them into steps per second and the time left."""
        if self.began is not None:
            fields = {**fields, "seconds": time.monotonic() - self.began}
        with self._lock:
            self.progress.append(fields)

    def stop(self) -> None:
        """Stop it: a running job at its next step, a waiting one at once (it leaves the queue)."""
        self.stop_event.set()
        if self._on_stop is not None:
            self._on_stop(self)

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def snapshot(self) -> dict:
        """A consistent copy for the page to draw from (the job thread keeps appending)."""
        with self._lock:
            return {"id": self.id, "name": self.name, "status": self.status, "progress": list(self.progress),
                    "error": self.error, "result": self.result, "out_of_time": self.out_of_time,
                    "lane": self.lane, "max_seconds": self.max_seconds}

    def join(self, timeout: float | None = None) -> bool:
        """Wait until it has finished (or ``timeout`` seconds); True if it has."""
        self._ended.wait(timeout)
        return self.finished


class JobRunner:
    """Runs jobs in threads, per lane at most its cap at once; the rest wait in order."""

    def __init__(self, cap: int | None = None, tiny_cap: int = TINY_SLOTS,
                 per_address: int = MAX_JOBS_PER_ADDRESS) -> None:
        self.cap = cap if cap is not None else default_cap()  # the heavy lane's slots
        self.caps = {HEAVY: self.cap, TINY: max(1, tiny_cap)}
        self.per_address = per_address
        self._queues: dict[str, list[Job]] = {lane: [] for lane in self.caps}  # in order of arrival
        self._served: dict[str, dict[str, int]] = {lane: {} for lane in self.caps}  # address -> its last turn
        self._turns = itertools.count(1)
        self._busy = dict.fromkeys(self.caps, 0)  # slots taken, per lane
        self._ids = itertools.count(1)
        self._jobs: list[Job] = []
        self._lock = threading.RLock()  # a job's stop() comes back here (_withdraw), maybe under the lock

    def submit(self, name: str, work: Callable[[Callable[..., None], threading.Event], Any],
               max_seconds: float | None = JOB_SECONDS, lane: str = HEAVY, visitor: str | None = None,
               address: str = "", estimate_s: float = 0.0) -> Job:
        """Queue ``work`` in ``lane``; it starts at once if the lane has a free slot, else when its
        turn comes. Once running it is stopped after ``max_seconds`` (None: no limit). With
        ``visitor``: raises ``Busy`` if that visitor already has a job running or waiting; raises
        ``LineFull`` when ``address`` has ``per_address`` jobs running or waiting."""
        if lane not in self.caps:
            raise ValueError(f"unknown lane {lane!r}")
        with self._lock:
            if visitor is not None:
                mine = self.active(visitor)
                if mine is not None:
                    raise Busy(mine)
            self._jobs = [j for j in self._jobs if not j.finished]  # the owners keep their own references
            from_address = sum(j.address == address for j in self._jobs)
            if from_address >= self.per_address:
                raise LineFull(address, from_address)
            job = Job(id=next(self._ids), name=name, lane=lane, visitor=visitor, address=address,
                      max_seconds=max_seconds, estimate_s=max(0.0, float(estimate_s)))
            job.thread = threading.Thread(target=self._run, args=(job, work), name=f"job-{job.id}-{name}", daemon=True)
            job._on_stop = self._withdraw
            self._jobs.append(job)
            self._queues[lane].append(job)
            self._dispatch()
        return job

    @staticmethod
    def _next(queue: list[Job], served: dict[str, int]) -> Job:
        """Whose turn it is: the address served longest ago (never: first of all), its shortest job
        (then the first come)."""
        return min(queue, key=lambda j: (served.get(j.address, 0), j.estimate_s, j.id))

    def _dispatch(self) -> None:
        """Start the line's next jobs while their lane has free slots (the lock is held)."""
        for lane, queue in self._queues.items():
            while queue and self._busy[lane] < self.caps[lane]:
                job = self._next(queue, self._served[lane])
                queue.remove(job)
                self._served[lane][job.address] = next(self._turns)
                if len(self._served[lane]) > 4 * self.per_address:  # keep only the addresses still in line
                    waiting = {j.address for j in queue}
                    self._served[lane] = {a: t for a, t in self._served[lane].items() if a in waiting}
                self._busy[lane] += 1
                job.status = RUNNING
                job.began = time.monotonic()
                job.thread.start()

    def _withdraw(self, job: Job) -> None:
        """A waiting job that is stopped leaves the queue at once and never runs."""
        with self._lock:
            if job.status == WAITING and job in self._queues[job.lane]:
                self._queues[job.lane].remove(job)
                job.status = STOPPED
                job._ended.set()

    def _run(self, job: Job, work) -> None:
        def out_of_time() -> None:
            job.out_of_time = True
            job.stop()

        timer = threading.Timer(job.max_seconds, out_of_time) if job.max_seconds is not None else None
        if timer is not None:
            timer.daemon = True
            timer.start()
        try:
            if job.stop_event.is_set():  # stopped between leaving the queue and starting
                job.status = STOPPED
                return
            job.result = work(job.report, job.stop_event)
            job.status = STOPPED if job.stop_event.is_set() else DONE
        except Exception as exc:  # a failing job reports and frees its slot; the server lives on
            job.error = f"{type(exc).__name__}: {exc}"
            job.status = FAILED
        finally:
            if timer is not None:
                timer.cancel()
            with self._lock:
                self._busy[job.lane] -= 1
                job._ended.set()
                self._dispatch()

    def running(self, lane: str | None = None) -> int:
        with self._lock:
            return sum(j.status == RUNNING for j in self._jobs if lane in (None, j.lane))

    def waiting(self, lane: str | None = None) -> int:
        with self._lock:
            return sum(len(q) for name, q in self._queues.items() if lane in (None, name))

    def position(self, job: Job) -> int | None:
        """Where a waiting job stands in its lane's line as it is now: 1 = next to start; None if
        not waiting. (A job from an address not yet served that joins later goes ahead of it.)"""
        with self._lock:
            queue = list(self._queues.get(job.lane, ()))
            if job not in queue:
                return None
            served = dict(self._served.get(job.lane, {}))
            for place in itertools.count(1):
                turn = self._next(queue, served)
                if turn is job:
                    return place
                queue.remove(turn)
                served[turn.address] = max(served.values(), default=0) + 1

    def active(self, visitor: str) -> Job | None:
        """The visitor's job that is running or waiting, if any."""
        with self._lock:
            return next((j for j in self._jobs if j.visitor == visitor and not j.finished), None)

    def unfinished(self) -> list[Job]:
        """The jobs running or waiting, oldest first (the bench and the tests look them up)."""
        with self._lock:
            return [j for j in self._jobs if not j.finished]

    def prune(self) -> None:
        """Forget finished jobs (their owners keep their own references)."""
        with self._lock:
            self._jobs = [j for j in self._jobs if not j.finished]


class SessionJobs:
    """The jobs one browser session started; ``stop_all`` runs when the session ends.

    ``visitor`` names who is training: the browser (a cookie every tab of it sends, see
    ``playground.app.visitors``) or, without one, this session alone; ``address`` the network it
    came from (the line takes turns between addresses)."""

    def __init__(self, runner: JobRunner, visitor: str | None = None, address: str = "") -> None:
        self.runner = runner
        self.visitor = visitor or f"session-{id(self):x}-{next(_SESSIONS)}"
        self.address = address
        self.jobs: dict[str, Job] = {}
        self.started: dict[str, int] = {}  # per slot: how many jobs this session has started there
        self.replaced: dict[str, int] = {}  # per slot: the number of the job (and model) the latest one replaced

    def start(self, slot: str, name: str, work, lane: str = HEAVY, max_seconds: float | None = None,
              estimate_s: float = 0.0) -> Job:
        """Start ``work`` under ``slot`` in ``lane``. One visitor trains one thing at a time: while
        this visitor has a job running or waiting (on any page, in any tab), raises ``Busy`` and
        starts nothing; the page says so by its Start button (``busy``).

        Jobs are numbered per session and slot from 1 (``Job.number``: what the visitor is shown,
        whatever other visitors do). A slot keeps one job, and so one trained model: the new job
        replaces the previous one, whose model is let go (one live model per visitor bounds the
        server's memory); ``replaced[slot]`` keeps its number, so the page can say so."""
        if max_seconds is None:
            max_seconds = TINY_SECONDS if lane == TINY else JOB_SECONDS
        job = self.runner.submit(name, work, max_seconds=max_seconds, lane=lane, visitor=self.visitor,
                                 address=self.address, estimate_s=estimate_s)  # or Busy, or LineFull
        job.slot = slot
        previous = self.jobs.get(slot)
        if previous is not None and previous.result is not None:
            self.replaced[slot] = previous.number  # it had a model
        else:
            self.replaced.pop(slot, None)
        self.started[slot] = self.started.get(slot, 0) + 1
        job.number = self.started[slot]
        self.jobs[slot] = job
        return job

    def get(self, slot: str) -> Job | None:
        return self.jobs.get(slot)

    def busy(self) -> Job | None:
        """This visitor's job that is running or waiting (maybe started in another tab), if any."""
        return self.runner.active(self.visitor)

    def stop_all(self) -> None:
        for job in self.jobs.values():
            job.stop()
        self.runner.prune()


_SESSIONS = itertools.count(1)

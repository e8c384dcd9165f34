"""Background jobs for live training: one thread per job, a global cap on how many run at once.

A job is a function ``work(report, stop) -> result``: it calls ``report(**fields)`` as it goes
(the page polls ``Job.snapshot()``) and returns when ``stop`` is set. Jobs beyond the cap wait in
status ``"waiting"`` until a slot frees; a job stopped while waiting never starts. The runner
knows nothing of Streamlit: ``playground.ui`` binds one runner per server and one job list per
browser session, and stops a session's jobs when the session ends.
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


JOB_SECONDS = 15 * 60  # a live training job's time budget: then it is stopped and keeps what it learned


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
    """Concurrent jobs allowed: 4 on a GPU, else one per CPU the process may use."""
    if torch.cuda.is_available():
        return 4
    return cpu_quota()


@dataclass
class Job:
    id: int
    name: str
    status: str = WAITING
    progress: list[dict] = field(default_factory=list)
    result: Any = None
    error: str | None = None
    created: float = field(default_factory=time.monotonic)
    stop_event: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    out_of_time: bool = False  # stopped by its time budget, not by its owner
    number: int = 0  # per visitor and slot, from 1 (``SessionJobs``); ``id`` counts the server's jobs
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def report(self, **fields: Any) -> None:
        with self._lock:
            self.progress.append(fields)

    def stop(self) -> None:
        self.stop_event.set()

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    def snapshot(self) -> dict:
        """A consistent copy for the page to draw from (the job thread keeps appending)."""
        with self._lock:
            return {"id": self.id, "name": self.name, "status": self.status, "progress": list(self.progress),
                    "error": self.error, "result": self.result, "out_of_time": self.out_of_time}

    def join(self, timeout: float | None = None) -> bool:
        if self.thread is not None:
            self.thread.join(timeout)
        return self.finished


class JobRunner:
    """Starts jobs in threads; at most ``cap`` run at once, the rest wait their turn."""

    def __init__(self, cap: int | None = None) -> None:
        self.cap = cap if cap is not None else default_cap()
        self._slots = threading.BoundedSemaphore(self.cap)
        self._ids = itertools.count(1)
        self._jobs: list[Job] = []
        self._lock = threading.Lock()

    def submit(self, name: str, work: Callable[[Callable[..., None], threading.Event], Any],
               max_seconds: float | None = JOB_SECONDS) -> Job:
        """Start ``work`` in a thread; once running, it is stopped after ``max_seconds`` (None: no limit)."""
        job = Job(id=next(self._ids), name=name)
        job.thread = threading.Thread(target=self._run, args=(job, work, max_seconds), name=f"job-{job.id}-{name}",
                                      daemon=True)
        with self._lock:
            self._jobs.append(job)
        job.thread.start()
        return job

    def _run(self, job: Job, work, max_seconds: float | None) -> None:
        # Wait for a slot, but give up promptly if the job is stopped while waiting.
        while not self._slots.acquire(timeout=0.1):
            if job.stop_event.is_set():
                job.status = STOPPED
                return

        def out_of_time() -> None:
            job.out_of_time = True
            job.stop()

        timer = threading.Timer(max_seconds, out_of_time) if max_seconds is not None else None
        if timer is not None:
            timer.daemon = True
            timer.start()
        try:
            if job.stop_event.is_set():
                job.status = STOPPED
                return
            job.status = RUNNING
            job.result = work(job.report, job.stop_event)
            job.status = STOPPED if job.stop_event.is_set() else DONE
        except Exception as exc:  # a failing job reports and frees its slot; the server lives on
            job.error = f"{type(exc).__name__}: {exc}"
            job.status = FAILED
        finally:
            if timer is not None:
                timer.cancel()
            self._slots.release()

    def running(self) -> int:
        with self._lock:
            return sum(j.status == RUNNING for j in self._jobs)

    def waiting(self) -> int:
        with self._lock:
            return sum(j.status == WAITING for j in self._jobs)

    def prune(self) -> None:
        """Forget finished jobs (their owners keep their own references)."""
        with self._lock:
            self._jobs = [j for j in self._jobs if not j.finished]


class SessionJobs:
    """The jobs one browser session started; ``stop_all`` runs when the session ends."""

    def __init__(self, runner: JobRunner) -> None:
        self.runner = runner
        self.jobs: dict[str, Job] = {}
        self.started: dict[str, int] = {}  # per slot: how many jobs this session has started there
        self.replaced: dict[str, int] = {}  # per slot: the number of the job (and model) the latest one replaced

    def start(self, slot: str, name: str, work) -> Job:
        """Start ``work`` under ``slot``. One visitor trains one thing at a time: any of the
        session's jobs still running (in this slot or another page's) is stopped first, so one
        session never holds more than one of the server's slots.

        Jobs are numbered per session and slot from 1 (``Job.number``: what the visitor is shown,
        whatever other visitors do). A slot keeps one job, and so one trained model: the new job
        replaces the previous one, whose model is let go (one live model per visitor bounds the
        server's memory); ``replaced[slot]`` keeps its number, so the page can say so."""
        for old in self.jobs.values():
            if not old.finished:
                old.stop()
        previous = self.jobs.get(slot)
        if previous is not None and (previous.result is not None or not previous.finished):
            self.replaced[slot] = previous.number  # it had a model, or was making one
        else:
            self.replaced.pop(slot, None)
        self.started[slot] = self.started.get(slot, 0) + 1
        job = self.runner.submit(name, work)
        job.number = self.started[slot]
        self.jobs[slot] = job
        return job

    def get(self, slot: str) -> Job | None:
        return self.jobs.get(slot)

    def stop_all(self) -> None:
        for job in self.jobs.values():
            job.stop()
        self.runner.prune()

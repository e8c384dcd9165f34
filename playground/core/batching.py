"""Continuous batching: the step-by-step decoders of every visitor share one step loop per model.

A class types at once, and each text used to be walked through the same weights alone, one Python
step at a time. Here a decoder is written as a coroutine (a generator): it yields what it wants
stepped, ``(ids, state)`` (one row per sequence it keeps), and is sent back what the model's step
returns, ``(logits, state)``. Nothing else about it changes, so one decoder serves two ways:

* ``alone(step, coroutine)`` drives it by itself (a notebook, a test, a clamped unit);
* a ``StepLoop`` drives every coroutine submitted to it together, as serving systems batch
  sequence models (continuous batching, as in vLLM and TGI): each round it stacks the rows of all
  its coroutines, calls the model's step once, and hands each coroutine its own rows back.
  Coroutines join between rounds (a request waits at most the round in progress: milliseconds) and
  leave when they return. An RNN suits this well: a sequence's whole state is a few fixed vectors.

Nothing of one visitor reaches another: each coroutine keeps its own state and random generator and
sees only its own rows. The arithmetic of a batch may differ from one row's by float rounding only.
One caller's thread runs the rounds for all (``StepLoop``), so what a round costs is split among its
coroutines by rows and charged to their callers' runs (``charged``: the fair share adds it to the
run's own CPU time).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

import numpy as np

MAX_ROWS = 256  # rows in one round; a coroutine that would pass it waits for the next round
# "on" shares the loops; off by default until a class's tail is better with them than without (README:
# 100 students, p50 1.4-5.0 s against 6.9 s, but p95 11-12 s against 7.9 s: a 300-step decode waits a round
# of the shared loop per character, and on 2 cores each round waits for the interpreter's lock)
ENV_SWITCH = "RNN_PLAYGROUND_BATCHING"

State = list  # per layer: (h, c or None), each (rows, hidden)
Step = Callable[[np.ndarray, State], tuple[np.ndarray, State]]
Decoder = Generator[tuple[np.ndarray, State], tuple[np.ndarray, State], object]

_charged = threading.local()
_aside = threading.local()


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "off").lower() in ("on", "1", "true", "yes")


def charged() -> float:
    """CPU-seconds the loops spent for this thread so far (a run reads it before and after)."""
    return getattr(_charged, "cpu", 0.0)


@contextlib.contextmanager
def stepping_aside(leave: Callable[[], None], come_back: Callable[[], None]):
    """While this thread waits for a step loop, it calls ``leave()`` (to give back a turn to compute:
    the fair share's gate) and ``come_back()`` once served: a run that waits for the model holds no
    slot, so the other runs go on, and their decoders join the same batch."""
    _aside.calls = (leave, come_back)
    try:
        yield
    finally:
        _aside.calls = None


def alone(step: Step, decoder: Decoder):
    """Drive one decoder by itself; its return value."""
    try:
        wanted = next(decoder)
        while True:
            wanted = decoder.send(step(*wanted))
    except StopIteration as done:
        return done.value


@dataclass(eq=False)
class _Job:
    decoder: Decoder
    wanted: tuple | None = None
    result: object = None
    error: BaseException | None = None
    cpu: float = 0.0
    finished: bool = False
    since: float = field(default_factory=time.perf_counter)
    woken: threading.Event = field(default_factory=threading.Event)  # done, or the loop is now this thread's to run

    @property
    def rows(self) -> int:
        return len(self.wanted[0])

    def advance(self, given=None) -> bool:
        """Send ``given`` (None: start it); True once the decoder has returned or raised."""
        try:
            self.wanted = next(self.decoder) if given is None else self.decoder.send(given)
        except StopIteration as finished:
            self.result = finished.value
            return self._finish()
        except Exception as exc:  # noqa: BLE001 - delivered to its own caller, never to the others
            self.error = exc
            return self._finish()
        if self.rows < 1:
            self.error = ValueError("a decoder asked to step no rows")
            return self._finish()
        return False

    def _finish(self) -> bool:
        self.finished = True
        self.woken.set()
        return True


@dataclass
class LoopStats:
    rounds: int = 0
    rows: int = 0
    decoders: int = 0
    widest: int = 0  # the most decoders stepped in one round
    waited_s: float = 0.0  # summed over decoders: from submission to their first round
    longest_wait_s: float = 0.0


class StepLoop:
    """One model's shared step loop. No thread of its own: the first caller runs the rounds in its
    own thread (which holds a turn to compute anyway), the callers who come meanwhile wait without
    one, and when the runner's own decoder is done it hands the loop to one of them. So a batch
    never adds a thread that competes for the interpreter's lock with the runs it serves."""

    def __init__(self, step: Step, name: str = "", max_rows: int = MAX_ROWS) -> None:
        self.step, self.name, self.max_rows = step, name, max_rows
        self.stats = LoopStats()
        self._queue: deque[_Job] = deque()
        self._active: list[_Job] = []
        self._lock = threading.Lock()
        self._running = False

    def run(self, decoder: Decoder):
        """Step ``decoder`` with everyone else's; block until it returns (its value) or raises (its error)."""
        job = _Job(decoder)
        with self._lock:
            self._queue.append(job)
            leading = not self._running
            self._running = True
        if leading:
            self._serve(job)
        else:
            aside = getattr(_aside, "calls", None)
            if aside is not None:
                aside[0]()
            try:
                job.woken.wait()
                if not job.finished:  # handed the loop: run it now, never wait for a turn with a batch waiting on us
                    self._serve(job)
            finally:
                if aside is not None:
                    aside[1]()
        _charged.cpu = charged() + job.cpu
        if job.error is not None:
            raise job.error
        return job.result

    def _serve(self, own: _Job) -> None:
        while not own.finished:
            self._admit()
            if not self._active:
                continue
            try:
                self._active = self._round(self._active)
            except Exception as exc:  # noqa: BLE001 - the step itself failed: every decoder in it hears so
                for job in self._active:
                    job.error = exc
                    job._finish()
                self._active = []
        with self._lock:  # hand the loop on: to a decoder still going, else to the first waiting, else stop
            self._admit_locked()
            if self._active:
                self._active[0].woken.set()
            else:
                self._running = False

    def _admit(self) -> None:
        with self._lock:
            self._admit_locked()

    def _admit_locked(self) -> None:
        """Start waiting decoders while the round has rows to spare (first come, first stepped)."""
        rows = sum(j.rows for j in self._active)
        now = time.perf_counter()
        while self._queue and not (self._active and rows >= self.max_rows):
            job = self._queue.popleft()
            start = time.thread_time()
            finished = job.advance()
            job.cpu += time.thread_time() - start
            wait = now - job.since
            self.stats.decoders += 1
            self.stats.waited_s += wait
            self.stats.longest_wait_s = max(self.stats.longest_wait_s, wait)
            if not finished:
                self._active.append(job)
                rows += job.rows

    def _round(self, active: list[_Job]) -> list[_Job]:
        """One step for every active decoder; those still going. The round's CPU time is split among
        them by rows (what each does with its rows is small beside the step)."""
        start = time.thread_time()
        if len(active) == 1:
            ids, state = active[0].wanted
        else:
            ids = np.concatenate([j.wanted[0] for j in active])
            state = [(np.concatenate([j.wanted[1][k][0] for j in active]),
                      None if c is None else np.concatenate([j.wanted[1][k][1] for j in active]))
                     for k, (_, c) in enumerate(active[0].wanted[1])]
        logits, state = self.step(ids, state)
        going, row, sizes = [], 0, [j.rows for j in active]
        for job, rows in zip(active, sizes, strict=True):
            part = slice(row, row + rows)
            given = (logits, state) if len(active) == 1 else (
                logits[part], [(h[part], None if c is None else c[part]) for h, c in state])
            row += rows
            if not job.advance(given):
                going.append(job)
        spent = (time.thread_time() - start) / row
        for job, rows in zip(active, sizes, strict=True):
            job.cpu += spent * rows
        self.stats.rounds += 1
        self.stats.rows += row
        self.stats.widest = max(self.stats.widest, len(active))
        return going


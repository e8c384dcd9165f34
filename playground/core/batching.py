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
The loop's thread does the work, so what a round costs is split among its coroutines by rows and
charged to their callers' runs (``charged``: the fair share adds it to the run's own CPU time).
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

import numpy as np

MAX_ROWS = 256  # rows in one round; a coroutine that would pass it waits for the next round
IDLE_S = 10.0  # a loop's thread ends after this long with nothing to step (the next request starts it again)
ENV_SWITCH = "RNN_PLAYGROUND_BATCHING"  # "off": every coroutine runs alone, in its caller's thread

State = list  # per layer: (h, c or None), each (rows, hidden)
Step = Callable[[np.ndarray, State], tuple[np.ndarray, State]]
Decoder = Generator[tuple[np.ndarray, State], tuple[np.ndarray, State], object]

_charged = threading.local()


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "on").lower() not in ("off", "0", "false", "no")


def charged() -> float:
    """CPU-seconds the loops spent for this thread so far (a run reads it before and after)."""
    return getattr(_charged, "cpu", 0.0)


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
    done: threading.Event = field(default_factory=threading.Event)

    @property
    def rows(self) -> int:
        return len(self.wanted[0])

    def advance(self, given=None) -> bool:
        """Send ``given`` (None: start it); True once the decoder has returned or raised."""
        try:
            self.wanted = next(self.decoder) if given is None else self.decoder.send(given)
        except StopIteration as finished:
            self.result = finished.value
            return True
        except Exception as exc:  # noqa: BLE001 - delivered to its own caller, never to the others
            self.error = exc
            return True
        if self.rows < 1:
            self.error = ValueError("a decoder asked to step no rows")
            return True
        return False


@dataclass
class LoopStats:
    rounds: int = 0
    rows: int = 0
    decoders: int = 0
    widest: int = 0  # the most decoders stepped in one round
    waited_s: float = 0.0  # summed over decoders: from submission to their first round
    longest_wait_s: float = 0.0


class StepLoop:
    """One model's shared step loop, on a thread of its own while there is work."""

    def __init__(self, step: Step, name: str = "", max_rows: int = MAX_ROWS, idle_s: float = IDLE_S) -> None:
        self.step, self.name, self.max_rows, self.idle_s = step, name, max_rows, idle_s
        self.stats = LoopStats()
        self._queue: deque[tuple[_Job, float]] = deque()
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None

    def run(self, decoder: Decoder):
        """Step ``decoder`` with everyone else's; block until it returns (its value) or raises (its error)."""
        job = _Job(decoder)
        with self._lock:
            self._queue.append((job, time.perf_counter()))
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=f"step-loop {self.name}", daemon=True)
                self._thread.start()
            self._lock.notify()
        job.done.wait()
        _charged.cpu = charged() + job.cpu
        if job.error is not None:
            raise job.error
        return job.result

    def _admit(self, active: list[_Job]) -> bool:
        """Move waiting decoders into ``active`` while the round has rows to spare; False when the
        loop has nothing to do and may end (its thread is then forgotten under the lock)."""
        with self._lock:
            if not active and not self._queue:
                self._lock.wait(self.idle_s)
                if not self._queue:
                    self._thread = None
                    return False
            waiting = list(self._queue)
            self._queue.clear()
        rows = sum(j.rows for j in active)
        now = time.perf_counter()
        for n, (job, since) in enumerate(waiting):
            if active and rows >= self.max_rows:
                with self._lock:
                    self._queue.extendleft(reversed(waiting[n:]))  # first come, first stepped
                break
            start = time.thread_time()
            finished = job.advance()
            job.cpu += time.thread_time() - start
            wait = now - since
            self.stats.decoders += 1
            self.stats.waited_s += wait
            self.stats.longest_wait_s = max(self.stats.longest_wait_s, wait)
            if finished:
                job.done.set()
            else:
                active.append(job)
                rows += job.rows
        return True

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
            if job.advance(given):
                job.done.set()
            else:
                going.append(job)
        spent = (time.thread_time() - start) / row
        for job, rows in zip(active, sizes, strict=True):
            job.cpu += spent * rows
        self.stats.rounds += 1
        self.stats.rows += row
        self.stats.widest = max(self.stats.widest, len(active))
        return going

    def _serve(self) -> None:
        active: list[_Job] = []
        while self._admit(active):
            if active:
                try:
                    active = self._round(active)
                except Exception as exc:  # noqa: BLE001 - the step itself failed: every decoder in it hears so
                    for job in active:
                        job.error = exc
                        job.done.set()
                    active = []

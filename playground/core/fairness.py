"""A fair share of the server's CPU for every visitor: a per-visitor budget of CPU-seconds.

A class shares one small server. Streamlit runs each session's script in its own thread, so a
visitor who loops the most expensive input (a script, or a finger on an arrow key) would take a
core away from everyone else. Each visitor has a bucket of CPU-seconds: a run's CPU time (its
thread's, which includes torch and numpy work, since the server runs them on the calling thread)
is taken out when the run ends, and the bucket refills at the visitor's share of the machine:
``FAIR_LOAD`` of its CPUs divided among the visitors who used any in the last ``ACTIVE_S``
seconds. A visitor in debt waits, before the next run starts, until the bucket is back at zero:
waiting is a sleep, which costs nobody anything, and a visitor who does not loop never waits
(``BURST_S`` of credit covers a burst of ordinary clicks).

Heavy runs take turns. Pacing bounds each visitor's average, but twelve visitors each running a
half-second section at once would still share the GIL with everyone, and a light click (a review,
0.1 s) would take seconds. A visitor whose recent runs cost ``HEAVY_RUN_S`` or more on average, or
who has spent half their credit, runs in the heavy lane: ``HeavyLane`` lets ``lane_slots()`` such
runs go at once (one on a 2-core box), the visitor with the most credit first, while everyone
else's runs never wait for it.

A new name is not a new share (issue 37). A visitor is named by a cookie the client chooses, or by
its session, so a client can be a new visitor whenever it likes: one who opened a fresh session for
every dear page (a link at the page's maximum) never paid, and twelve of them took both cores. So a
new visitor's first run, whose cost nobody knows yet, goes through the heavy lane: churning clients
take one core between them, whatever the names. (A new visitor still brings the whole burst: with
the lane, credit buys a fresh name nothing, and an honest student who opens a teacher's link to a
dear page must not wait seconds on the next click - measured with 0.5 CPU-s for newcomers: 8.6 s.)
``Newcomers`` bounds how many new visitors one network address brings: a class of 100 behind a
school's one address arrives within ``NEW_PER_ADDRESS``; past it, one more every
``60 / NEW_PER_MINUTE`` s, and the rest share one visitor named by the address.

The policy knows nothing of Streamlit: ``playground.app.fair`` measures the runs and says why a page waits.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from playground.core.jobs import cpu_quota

FAIR_LOAD = 0.8  # of the machine's CPUs, shared out among busy visitors (heavy runs also take turns)
BURST_S = 2.0  # CPU-seconds of credit: a few heavy clicks in a row never wait
NEW_PER_ADDRESS = 150  # new visitors one address may bring at once: a class of 100 and its second tabs
NEW_PER_MINUTE = 30.0  # then this many a minute
ACTIVE_S = 15.0  # a visitor counts towards the share this long after their last run
MAX_WAIT_S = 8.0  # one wait at most; a deeper debt makes the following runs wait too
HEAVY_RUN_S = 0.2  # a visitor whose runs average this much CPU goes through the heavy lane
SMOOTHING = 0.5  # weight of the latest run in a visitor's running average
ENV_SWITCH = "RNN_PLAYGROUND_FAIR_SHARE"  # "off" turns pacing off (the in-process page tests)


@dataclass
class Bucket:
    credit: float = BURST_S  # CPU-seconds; negative is debt
    updated: float = 0.0
    last_run: float = 0.0
    typical_run: float = 0.0  # running average of the CPU-seconds per run


class FairShare:
    """Every visitor's bucket, safe to use from every session's thread."""

    def __init__(self, cpus: float | None = None, load: float = FAIR_LOAD, burst: float = BURST_S,
                 active_s: float = ACTIVE_S, clock=time.monotonic) -> None:
        self.capacity = load * (cpus if cpus is not None else cpu_quota())  # CPU-seconds per second
        self.burst, self.active_s, self.clock = burst, active_s, clock
        self._buckets: dict[str, Bucket] = {}
        self._lock = threading.Lock()

    def active(self, now: float | None = None) -> int:
        now = self.clock() if now is None else now
        with self._lock:
            return sum(1 for b in self._buckets.values() if now - b.last_run <= self.active_s)

    def rate(self, now: float | None = None) -> float:
        """CPU-seconds per second each busy visitor earns now."""
        return self.capacity / max(1, self.active(now))

    def _refill(self, bucket: Bucket, now: float, rate: float) -> None:
        if bucket.updated:
            bucket.credit = min(self.burst, bucket.credit + rate * (now - bucket.updated))
        bucket.updated = now

    def known(self, visitor: str) -> bool:
        """Whether ``visitor`` has run here lately (the table forgets those long gone)."""
        with self._lock:
            return visitor in self._buckets

    def wait_s(self, visitor: str) -> float:
        """How long ``visitor`` must wait before the next run may start (0 when in credit)."""
        now = self.clock()
        rate = self.rate(now)
        with self._lock:
            bucket = self._buckets.get(visitor)
            if bucket is None:
                return 0.0
            self._refill(bucket, now, rate)
            return max(0.0, -bucket.credit / rate)

    def charge(self, visitor: str, cpu_s: float) -> None:
        """Take a finished run's CPU time out of ``visitor``'s bucket."""
        now = self.clock()
        rate = self.rate(now)
        with self._lock:
            bucket = self._buckets.setdefault(visitor, Bucket(credit=self.burst, updated=now))
            self._refill(bucket, now, rate)
            bucket.credit -= max(0.0, cpu_s)
            bucket.typical_run += SMOOTHING * (max(0.0, cpu_s) - bucket.typical_run)
            bucket.last_run = now
            # forget visitors long gone, so that the table never grows with the sessions ever seen
            if len(self._buckets) > 256:
                for key in [k for k, b in self._buckets.items() if now - b.last_run > 10 * self.active_s]:
                    del self._buckets[key]

    def heavy(self, visitor: str) -> bool:
        """Whether ``visitor``'s next run goes through the heavy lane: a new visitor's first (its cost
        is unknown, and a new name costs nothing to make), or their runs have lately been heavy
        ones, or they have spent half their credit (a loop of light runs is heavy too)."""
        with self._lock:
            bucket = self._buckets.get(visitor)
            return bucket is None or bucket.typical_run >= HEAVY_RUN_S or bucket.credit < self.burst / 2

    def credit(self, visitor: str) -> float:
        with self._lock:
            bucket = self._buckets.get(visitor)
            return self.burst if bucket is None else bucket.credit

    def forget(self, visitor: str) -> None:
        with self._lock:
            self._buckets.pop(visitor, None)


class Newcomers:
    """How many new visitors each network address may bring: ``burst`` at once, then ``per_minute``
    (a token bucket per address); a name admitted before comes back freely. Safe to use from every
    session's thread."""

    def __init__(self, burst: int = NEW_PER_ADDRESS, per_minute: float = NEW_PER_MINUTE, clock=time.monotonic,
                 most_addresses: int = 4096, most_names: int = 20_000) -> None:
        self.burst, self.per_s, self.clock, self.most = burst, per_minute / 60.0, clock, most_addresses
        self.most_names = most_names
        self._tokens: dict[str, tuple[float, float]] = {}  # address -> (tokens, when counted)
        self._names: OrderedDict[str, None] = OrderedDict()  # the names admitted, the latest last
        self._lock = threading.Lock()

    def admit(self, address: str, name: str) -> bool:
        """Whether ``name`` from ``address`` is a visitor of its own: one admitted before is; a new
        one takes one from the address's allowance, and is refused when none is left."""
        now = self.clock()
        with self._lock:
            if name in self._names:
                self._names.move_to_end(name)
                return True
            tokens, then = self._tokens.get(address, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.per_s)
            admitted = tokens >= 1.0
            self._tokens[address] = (tokens - 1.0 if admitted else tokens, now)
            if admitted:
                self._names[name] = None
                while len(self._names) > self.most_names:
                    self._names.popitem(last=False)
            if len(self._tokens) > self.most:  # forget the addresses whose allowance has come back in full
                full_after = self.burst / self.per_s
                self._tokens = {a: v for a, v in self._tokens.items() if now - v[1] < full_after}
            return admitted


def lane_slots(cpus: int | None = None) -> int:
    """Heavy runs at once: every CPU but one, which stays free for light clicks and the event loop."""
    return max(1, (cpus if cpus is not None else cpu_quota()) - 1)


def run_slots(cpus: int | None = None) -> int:
    """How many runs (pages, sections) compute at once: one per CPU (``RNN_PLAYGROUND_RUN_SLOTS``
    overrides it; 0: no limit). The others wait their turn holding nothing: measured with a class of 60
    (python -m bench --only load), sixty script threads computing side by side spent 147 ms of CPU per
    interaction, thrashing the GIL and the caches, and p95 was 7.9 s; two at a time, 101 ms and 0.55 s."""
    default = cpus if cpus is not None else cpu_quota()
    try:
        return max(0, int(os.environ.get("RNN_PLAYGROUND_RUN_SLOTS", default)))
    except ValueError:
        return default


class HeavyLane:
    """At most ``slots`` heavy runs at once; who waits longest with the most credit goes next."""

    def __init__(self, slots: int | None = None) -> None:
        self.slots = slots if slots is not None else lane_slots()
        self._running = 0
        self._waiting: list[tuple[float, int]] = []  # (-credit, arrival): the first is served first
        self._arrivals = 0
        self._turn = threading.Condition()

    @property
    def running(self) -> int:
        return self._running

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def enter(self, credit: float, timeout_s: float = 30.0) -> bool:
        """Wait for a turn (False after ``timeout_s``: the run goes ahead anyway, never starves)."""
        with self._turn:
            self._arrivals += 1
            ticket = (-credit, self._arrivals)
            self._waiting.append(ticket)
            deadline = time.monotonic() + timeout_s
            try:
                while self._running >= self.slots or min(self._waiting) != ticket:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    self._turn.wait(left)
                self._running += 1
                return True
            finally:
                self._waiting.remove(ticket)
                self._turn.notify_all()

    def leave(self) -> None:
        with self._turn:
            self._running = max(0, self._running - 1)
            self._turn.notify_all()


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "on").lower() not in {"off", "0", "false", "no"}

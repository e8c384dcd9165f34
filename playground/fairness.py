"""A fair share of the server's CPU for every visitor: a per-visitor budget of CPU-seconds.

A class shares one small server. Streamlit runs each session's script in its own thread, so a
visitor who loops the most expensive input (a script, or a finger on an arrow key) would take a
core away from everyone else. Each visitor has a bucket of CPU-seconds: a run's CPU time (its
thread's, which includes torch and numpy work, since the server runs them on the calling thread)
is taken out when the run ends, and the bucket refills at the visitor's share of the machine:
``FAIR_LOAD`` of its CPUs divided among the visitors who used any in the last ``ACTIVE_S``
seconds. A visitor in debt waits, before the next run starts, until the bucket is back at zero:
waiting is a sleep, which costs nobody anything, and a visitor who does not loop never waits
(``BURST_S`` of credit covers a burst of ordinary clicks). The policy knows nothing of Streamlit:
``playground.ui.fair`` measures the runs and says why a page waits.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass

from playground.jobs import cpu_quota

FAIR_LOAD = 0.4  # of the machine's CPUs, shared out among busy visitors (the rest answers everyone else)
BURST_S = 1.5  # CPU-seconds of credit: a few heavy clicks in a row never wait
ACTIVE_S = 15.0  # a visitor counts towards the share this long after their last run
MAX_WAIT_S = 8.0  # one wait at most; a deeper debt makes the following runs wait too
ENV_SWITCH = "RNN_PLAYGROUND_FAIR_SHARE"  # "off" turns pacing off (the in-process page tests)


@dataclass
class Bucket:
    credit: float = BURST_S  # CPU-seconds; negative is debt
    updated: float = 0.0
    last_run: float = 0.0


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
            bucket.last_run = now
            # forget visitors long gone, so that the table never grows with the sessions ever seen
            if len(self._buckets) > 256:
                for key in [k for k, b in self._buckets.items() if now - b.last_run > 10 * self.active_s]:
                    del self._buckets[key]

    def forget(self, visitor: str) -> None:
        with self._lock:
            self._buckets.pop(visitor, None)


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "on").lower() not in {"off", "0", "false", "no"}

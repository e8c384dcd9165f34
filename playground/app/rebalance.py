"""A class spreads out again after a replica died and came back (issue 35).

Behind the proxy (``deploy/haproxy.cfg``) each browser is pinned to a replica by a cookie. When a
replica dies, its students move to the survivor and take its cookie; when the dead one is back,
they would stay where they are, one replica carrying the whole class. So each replica asks the
proxy every ``EVERY_S`` how many connections the class holds and how many replicas are live (a
one-line page the proxy serves at ``RNN_CLASS_LOAD_URL``), and when it carries at least
``MARGIN`` more sessions than its share for ``SUSTAIN_S``, it closes the sockets of the extra ones
with code 1012 ("service restart"). Their browsers reconnect, as they do after a network blip;
the proxy ignores the cookie of a websocket reconnect whose replica carries more than the average
(``ignore-persist`` there) and sends it to the least loaded one, with that replica's cookie.

A moved session starts afresh on the other replica from its link, which holds every setting of
its page (the app writes them into the address bar); a session with a training job running or
waiting is never moved, nor a teacher's (issue 52: the console on the projector), nor one in the
middle of a run. The ones moved are drawn at random among the rest, not the newest: a visitor who
opened many sessions early cannot make the replica shed everyone else's.

Nobody can steer it (issue 52: an attacker who closed sessions on one replica made the other shed real
students, three of them four times in 36 s): an imbalance must last ``SUSTAIN_S`` before any session
is moved, a replica sheds at most once every ``SHED_EVERY_S``, and a session that arrived from another
replica (its browser's reconnect names a session this process never had) stays for ``MOVED_WINDOW_S``:
nobody is moved twice in that time. Without ``RNN_CLASS_LOAD_URL`` (one process, Community Cloud)
nothing runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import os
import random
import threading
import time
import urllib.request
from collections.abc import Callable

LOAD_URL_ENV = "RNN_CLASS_LOAD_URL"
EVERY_S = 3.0
MARGIN = 2  # sessions above the fair share before any is moved: a class of 31 / 29 stays as it is
CLOSE_CODE = 1012  # WebSocket "service restart": the browser reconnects at once
SUSTAIN_S = 30.0  # an imbalance lasts this long before anyone is moved (a flicker of closed tabs moves nobody)
SHED_EVERY_S = 60.0  # a replica sheds at most once in this long
MOVED_WINDOW_S = 600.0  # a session that came from another replica is not moved again within this long
_LOG = logging.getLogger(__name__)
_started = False
_lock = threading.Lock()


def parse_load(text: str) -> tuple[int, int] | None:
    """The proxy's line ``"<connections> <live replicas>"`` -> (connections, live), or None."""
    parts = text.split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def to_shed(mine: int, total: int, live: int) -> int:
    """How many of this replica's ``mine`` sessions to move when the live replicas hold ``total``
    connections in all: down to the fair share (rounded up), once ``MARGIN`` above it."""
    if live < 2 or total <= 0:
        return 0
    share = total / live
    return mine - math.ceil(share) if mine - share >= MARGIN else 0


def read_load(url: str, timeout_s: float = 1.0) -> tuple[int, int] | None:
    """Ask the proxy; None when it does not answer or answers something else."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:
            return parse_load(response.read(64).decode("ascii", errors="replace"))
    except (OSError, ValueError):
        return None


def came_from_elsewhere(info) -> bool:
    """Whether the session's browser reconnected here naming a session this process never had: it
    was moved (or its replica died). A browser names its last session's id on every reconnect."""
    socket = getattr(info.client, "_websocket", None)
    raw = getattr(socket, "headers", {}).get("sec-websocket-protocol", "") if socket is not None else ""
    entries = [entry.strip() for entry in raw.split(",")]
    return len(entries) >= 3 and bool(entries[2]) and entries[2] != info.session.id


def movable_sessions(runtime, busy: Callable[[str], bool], settled: Callable[[object], bool] = lambda info: True
                     ) -> tuple[int, list]:
    """(this replica's connected sessions, those that may move: idle, no job of theirs running, and
    ``settled``: not moved here lately)."""
    from streamlit.runtime.app_session import AppSessionState

    active = runtime._session_mgr.list_active_sessions()
    idle = [info for info in active if getattr(info.session, "_state", None) != AppSessionState.APP_IS_RUNNING
            and not busy(info.session.id) and settled(info)]
    return len(active), idle


def close_sockets(runtime, sessions: list) -> int:
    """Close the websockets of ``sessions`` (on the server's event loop); how many were asked to close."""
    loop = runtime._get_async_objs().eventloop
    closed = 0
    for info in sessions:
        socket = getattr(info.client, "_websocket", None)
        if socket is None:
            continue
        asyncio.run_coroutine_threadsafe(socket.close(code=CLOSE_CODE), loop)
        closed += 1
    return closed


@dataclasses.dataclass
class Looks:
    """What the rebalancer remembers between looks: since when the replica has been above its share,
    when it last shed, and since when each session that came from elsewhere has been here."""

    imbalanced_since: float | None = None
    least_wanted: int = 0  # the fewest sessions to shed any look since then asked for (a last-moment spike moves nobody)
    last_shed: float = -math.inf
    arrived: dict[str, float] = dataclasses.field(default_factory=dict)

    def settled(self, info, now: float) -> bool:
        if info.session.id not in self.arrived and came_from_elsewhere(info):
            self.arrived[info.session.id] = now
        return now - self.arrived.get(info.session.id, -math.inf) >= MOVED_WINDOW_S

    def forget_gone(self, active_ids: set[str], now: float) -> None:
        self.arrived = {sid: t for sid, t in self.arrived.items() if sid in active_ids or now - t < MOVED_WINDOW_S}


def rebalance_once(runtime, load: tuple[int, int] | None, looks: Looks, busy: Callable[[str], bool],
                   now: float) -> tuple[int, int]:
    """One look at ``now``: (sessions it would shed, sessions it closed). It closes only once the replica
    has been above its share for ``SUSTAIN_S`` (a page load's passing connection or an attacker's closed
    tabs move nobody), at most once per ``SHED_EVERY_S``, and never a session moved here lately."""
    if load is None:
        looks.imbalanced_since = None
        return 0, 0
    mine, movable = movable_sessions(runtime, busy, lambda info: looks.settled(info, now))
    looks.forget_gone({info.session.id for info in runtime._session_mgr.list_active_sessions()}, now)
    wanted = to_shed(mine, *load)
    if wanted <= 0:
        looks.imbalanced_since = None
        return 0, 0
    if looks.imbalanced_since is None:
        looks.imbalanced_since, looks.least_wanted = now, wanted
    looks.least_wanted = min(looks.least_wanted, wanted)
    if now - looks.imbalanced_since < SUSTAIN_S or now - looks.last_shed < SHED_EVERY_S:
        return wanted, 0
    count = min(looks.least_wanted, len(movable))
    if count <= 0:
        return wanted, 0
    looks.last_shed, looks.imbalanced_since = now, None  # the class settles before the next decision
    return wanted, close_sockets(runtime, random.sample(movable, count))


def _keep_rebalancing(url: str, busy: Callable[[str], bool]) -> None:
    from streamlit.runtime import Runtime

    looks = Looks()
    while True:
        time.sleep(EVERY_S)
        with contextlib.suppress(Exception):  # a replica serves on whatever the proxy says
            if not Runtime.exists():
                continue
            _, closed = rebalance_once(Runtime.instance(), read_load(url), looks, busy, time.monotonic())
            if closed:
                _LOG.info("rebalance: moved %d sessions to a less loaded replica", closed)


def start(busy: Callable[[str], bool]) -> bool:
    """Start the process's rebalancer once when ``RNN_CLASS_LOAD_URL`` is set; True if it runs."""
    global _started
    url = os.environ.get(LOAD_URL_ENV, "")
    with _lock:
        if url and not _started:
            _started = True
            threading.Thread(target=_keep_rebalancing, args=(url, busy), name="rnn-playground-rebalance",
                             daemon=True).start()
    return _started

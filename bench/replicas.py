"""The replica recipe of docs/deploying.md, run: HAProxy in front of Streamlit replicas on this machine, a class
of light sessions through it, one replica killed mid-lesson and brought back.

The proxy runs ``deploy/haproxy.cfg``, the file docs/deploying.md documents, with the replicas' addresses
in its environment (``RNN_BIND``, ``RNN_REPLICA_1``, ...); the bench adds only
``bench/haproxy_stats.cfg``, a control socket to read what the health checks see.

Each student (``bench.classroom.student``) behaves as a browser behind the proxy: it fetches its
page over HTTP first and so receives the replica cookie, then opens the websocket with that cookie.
HAProxy names the replica of every response (``X-Replica``), so the bench checks per session that
everything went to one replica. At ``kill_at`` seconds one replica gets SIGKILL: its students'
sockets drop and they reconnect through the proxy with their old cookie, which HAProxy redispatches
to a live replica (a new cookie, a fresh session there: a visitor sees the page grey out while
Streamlit reconnects, then run again with the settings kept in its link). Once the health check has marked
the replica DOWN it is restarted on its old port; the bench times the check bringing it back UP
and lets a few late students join, who should land on it (``balance leastconn``).

Reported: latency p50 / p95 with every replica up, while one was down or cold, and overall; errors
(reconnects are counted apart), the students of each replica, stickiness violations, the health
check's timings, peak RSS per replica and their sum, the proxy's CPU; and, for comparison, the
same class on one process (``bench.classroom.run``).
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import http.cookies
import io
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import InvalidHandshake

from bench import classroom
from bench.harness import ROOT, free_port, streamlit_server, wait_healthy
from bench.interaction import PeakRSS, cpu_seconds, rss_bytes
from bench.light_client import LightSession

CONFIG = ROOT / "deploy" / "haproxy.cfg"
STATS_CONFIG = ROOT / "bench" / "haproxy_stats.cfg"
COOKIE = "RNNREPLICA"
GOAL_P95_S = classroom.GOAL_P95_S
RECONNECT_S = 30.0  # a browser keeps retrying its websocket; a student gives up after this long
REBALANCE_WINDOW_S = 60.0  # issue 35: within this long after the killed replica is UP, the class is served well again


def replica_names() -> list[str]:
    """The replicas the configuration names, in order (``server rnn1 "${RNN_REPLICA_1...}"``)."""
    return re.findall(r"^\s*server\s+(\S+)\s+\"\$\{RNN_REPLICA_\d+", CONFIG.read_text(), flags=re.M)


@dataclass
class ProxiedSession(LightSession):
    """A light session that reaches its replica through the proxy as a browser does: the page over
    HTTP first (which sets the replica cookie), then the websocket carrying that cookie. ``seen``
    keeps (time, "page" | "socket", replica) for every response."""

    cookie: str = ""
    seen: list[tuple[float, str, str]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # handshakes the proxy refused (no replica for it)
    browser_cookie: str = ""  # the browser's other cookies ("name=value"), sent beside the replica's (its XSRF cookie)

    async def open(self, timeout_s: float = 300.0) -> float:
        """The page (first time only), then the websocket; seconds until the first run finished,
        refused handshakes and the waits between them included."""
        started = time.perf_counter()
        if not self.cookie:
            await asyncio.to_thread(self._get_page)
        deadline = time.monotonic() + RECONNECT_S
        while True:  # a reconnect may meet the proxy before it gave up on the dead replica: 503
            self.headers = {"Cookie": "; ".join(c for c in (f"{COOKIE}={self.cookie}", self.browser_cookie) if c)}
            try:
                await super().open(timeout_s)
                break
            except (OSError, InvalidHandshake) as exc:
                self.refused.append(f"{type(exc).__name__}: {exc}")
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.5)
        self._saw("socket", self.handshake_headers)
        return time.perf_counter() - started

    def _get_page(self) -> None:
        request = urllib.request.Request(f"{self.url.replace('ws://', 'http://')}/{self.page}")
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            self._saw("page", {k.lower(): v for k, v in response.headers.items()})

    def _saw(self, what: str, headers: dict[str, str]) -> None:
        self.seen.append((time.monotonic(), what, headers.get("x-replica", "?")))
        cookie = http.cookies.SimpleCookie(headers.get("set-cookie", ""))
        if COOKIE in cookie:  # a first visit, or a redispatch to another replica
            self.cookie = cookie[COOKIE].value

    def sockets(self) -> list[tuple[float, str]]:
        """(time, replica) of each websocket this session opened: where its Streamlit session lived.
        (The page fetched first may come from another replica: no session exists before the socket.)"""
        return [(t, r) for t, what, r in self.seen if what == "socket"]

    def replicas(self) -> list[str]:
        """The replicas this session's sockets reached, in order, each once."""
        sockets = [r for _, r in self.sockets()]
        return [r for i, r in enumerate(sockets) if i == 0 or sockets[i - 1] != r]

    def moves(self) -> list[tuple[float, str, str]]:
        """(time, from, to) of each socket that reached another replica than the one before."""
        sockets = self.sockets()
        return [(t, before, r) for (t, r), (_, before) in zip(sockets[1:], sockets, strict=False) if r != before]


class Stats:
    """HAProxy's control socket: each replica's state as the health checks see it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def status(self) -> dict[str, str]:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(str(self.path))
            sock.sendall(b"show stat\n")
            text = b"".join(iter(lambda: sock.recv(65536), b"")).decode()
        rows = csv.DictReader(io.StringIO(text.lstrip("# ")))
        return {row["svname"]: row["status"] for row in rows if row["pxname"] == "replicas"
                and row["svname"] not in ("FRONTEND", "BACKEND")}

    async def wait(self, name: str, status: str, timeout_s: float) -> float:
        """Seconds until replica ``name`` is ``status`` (UP, DOWN) in the proxy's eyes."""
        started = time.monotonic()
        # "UP 1/3" is still up (one failed check of three), "DOWN 1/2" still down
        while ((await asyncio.to_thread(self.status)).get(name) or "?").split()[0] != status:
            if time.monotonic() - started > timeout_s:
                raise TimeoutError(f"{name} not {status} after {timeout_s:.0f} s: {self.status()}")
            await asyncio.sleep(0.1)
        return time.monotonic() - started


def haproxy_binary() -> str:
    """Debian's haproxy (in /usr/sbin, off a normal user's PATH)."""
    binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(binary).exists():
        raise RuntimeError("HAProxy not found: apt-get install -y haproxy (.ci/run does)")
    return binary


@contextlib.contextmanager
def haproxy(replica_ports: list[int], load_port: int | None = None) -> Iterator[tuple[int, subprocess.Popen, Stats]]:
    """HAProxy with deploy/haproxy.cfg (the documented configuration) on a free loopback port in front
    of ``replica_ports``, serving the class's load for the replicas' rebalancer on ``load_port``; yields
    (port, process, its control socket)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        sock = Path(tmp) / "haproxy.sock"
        env = {**os.environ, "RNN_BIND": f"127.0.0.1:{port}", "RNN_HAPROXY_SOCKET": str(sock),
               "RNN_LOAD_BIND": f"127.0.0.1:{load_port or free_port()}",
               **{f"RNN_REPLICA_{i}": f"127.0.0.1:{p}" for i, p in enumerate(replica_ports, 1)}}
        log = Path(tmp) / "haproxy.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([haproxy_binary(), "-db", "-f", str(CONFIG), "-f", str(STATS_CONFIG)], env=env,
                                    stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 10
            while not sock.exists():
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"haproxy did not start: {log.read_text()[-2000:]}")
                time.sleep(0.05)
            yield port, proc, Stats(sock)
        finally:
            proc.terminate()
            proc.wait(timeout=10)


@dataclass
class Replica:
    name: str
    port: int
    proc: subprocess.Popen
    peak: PeakRSS | None = None
    peak_bytes: int = 0  # the highest RSS of all its lives

    def watch(self) -> None:
        self.peak = PeakRSS(self.proc.pid).__enter__()

    def unwatch(self) -> None:
        if self.peak is not None:
            self.peak.__exit__(None, None, None)
            self.peak_bytes = max(self.peak_bytes, self.peak.bytes)
            self.peak = None


async def _kill_and_restart(victim: Replica, stats: Stats, start, kill_at: float, out: dict) -> None:
    """SIGKILL ``victim`` at ``kill_at`` s; once the proxy's check says DOWN, start it again on its
    port (``start(port)`` -> (port, process)) and time the check bringing it back UP."""
    await asyncio.sleep(kill_at)
    victim.unwatch()  # its peak so far: the process is about to vanish
    os.kill(victim.proc.pid, signal.SIGKILL)
    out["killed_at"] = time.monotonic()
    out["down_after_s"] = await stats.wait(victim.name, "DOWN", 60)
    restarted = time.monotonic()
    _, victim.proc = start(victim.port)
    await asyncio.to_thread(wait_healthy, victim.port, 120.0, victim.proc)
    out["healthy_after_s"] = time.monotonic() - restarted
    victim.watch()
    out["up_after_s"] = out["healthy_after_s"] + await stats.wait(victim.name, "UP", 60)
    out["up_at"] = time.monotonic()


async def _first_run(replica: Replica) -> None:
    from bench.light_client import LightSession

    session = LightSession(f"ws://127.0.0.1:{replica.port}", "")
    await session.open()
    await session.close()


async def _lesson(replicas: list[Replica], start, proxy_port: int, stats: Stats, students: int, seconds: float,
                  interval: float, kill_at: float | None, late: int, warm: bool) -> dict:
    """Warm every replica directly (``warm``: every model; else Home's first run only, so that a replica
    busy with its first run does not look loaded to leastconn and get no student), then hold the class
    through the proxy (and kill one)."""
    if not warm:
        await asyncio.gather(*(_first_run(r) for r in replicas))
    warmed = await asyncio.gather(*(classroom.warm(f"ws://127.0.0.1:{r.port}") for r in replicas if warm))
    warm_errors = [e for errors in warmed for e in errors]
    loaded = {r.name: rss_bytes(r.proc.pid) / 2**20 for r in replicas}
    sessions: dict[int, ProxiedSession] = {}
    proxy = f"ws://127.0.0.1:{proxy_port}"

    def connect(index: int, page: str) -> ProxiedSession:
        return sessions.setdefault(index, ProxiedSession(proxy, page))

    out, events = classroom.record(), {}
    started = time.monotonic()
    for r in replicas:
        r.watch()
    jobs = [classroom.student(i, connect, seconds, interval, out, rejoin=True) for i in range(students)]
    victim = replicas[0]
    if kill_at is not None:
        async def kill_then_late_students() -> None:
            await _kill_and_restart(victim, stats, start, kill_at, events)
            stay = max(started + seconds - time.monotonic(), 2 * interval)  # at least one change each
            await asyncio.gather(*(classroom.student(students + k, connect, stay, interval, out, rejoin=True)
                                   for k in range(late)))
        jobs.append(kill_then_late_students())
    await asyncio.gather(*jobs)
    wall = time.monotonic() - started
    for r in replicas:
        r.unwatch()
    return {"wall_s": wall, "started": started, "sessions": sessions, "out": out, "events": events,
            "warm_errors": warm_errors, "loaded_mb": loaded, "victim": victim.name, "students": students}


def _student_of(error: str) -> int:
    return int(error.split()[1])  # classroom.student writes "student <index> ..."


def _report(lesson: dict, names: list[str], kill_at: float | None, late: int, proxy_cpu_s: float,
            replicas: list[Replica]) -> dict:
    sessions, out, events = lesson["sessions"], lesson["out"], lesson["events"]
    home = {i: s.replicas()[0] for i, s in sessions.items() if s.sockets()}
    killed_at, up_at = events.get("killed_at", float("inf")), events.get("up_at", float("inf"))
    victim = lesson["victim"]
    unsticky, rebalanced = [], []  # sessions moved other than by the kill and the rebalance; those the rebalance moved
    for i, s in sessions.items():
        moves = s.moves()
        by_kill = [m for m in moves if m[1] == victim and m[0] >= killed_at]
        by_rebalance = [m for m in moves if m[1] != victim and m[0] >= up_at]
        if len(moves) > len(by_kill) + len(by_rebalance) or len(by_kill) > 1 or len(by_rebalance) > 1:
            unsticky.append(f"student {i}: {' -> '.join(s.replicas())}")
        if by_rebalance:
            rebalanced.append(i)
    errors = lesson["warm_errors"] + out["errors"]
    on = {name: sorted(i for i, r in home.items() if r == name and i < lesson["students"]) for name in names}
    survivors = {i for name, ids in on.items() if name != victim or kill_at is None for i in ids}
    phases = {"all_up": [x for x in out["interactions"] if x[0] < killed_at],
              "one_down_or_cold": [x for x in out["interactions"] if killed_at <= x[0] < up_at],
              "first_60s_back_up": [x for x in out["interactions"] if up_at <= x[0] < up_at + REBALANCE_WINDOW_S],
              "later": [x for x in out["interactions"] if x[0] >= up_at + REBALANCE_WINDOW_S]}
    peaks = {r.name: r.peak_bytes / 2**20 for r in replicas}
    return {
        "students": lesson["students"], "replicas": names, "seconds": round(lesson["wall_s"], 1),
        **classroom.latency(out["interactions"]),
        "phases": {k: classroom.latency(v) for k, v in phases.items()},
        "errors": errors, "survivor_errors": [e for e in out["errors"] if _student_of(e) in survivors],
        "students_per_replica": {name: len(ids) for name, ids in on.items()},
        "unsticky": unsticky, "sessions_checked": len(home),
        "killed": victim if kill_at is not None else None, "kill_at_s": kill_at,
        "paths": {i: " -> ".join(s.replicas()) for i, s in sorted(sessions.items())},
        # reconnects that found their replica again (seconds after the kill): HAProxy retries a refused
        # connection on the same server, and the restart can have put a process back on its port by then
        "rejoined_same_replica": {i: [round(t - killed_at, 1) for t, what, _ in s.seen[2:] if what == "socket"]
                                  for i, s in sorted(sessions.items())
                                  if home.get(i) == victim and len(s.replicas()) == 1 and len(s.sockets()) > 1},
        "moved": sorted(i for i, s in sessions.items() if len(s.replicas()) > 1),
        "moved_off_killed": sorted(i for i, s in sessions.items() if home.get(i) == victim and len(s.replicas()) > 1),
        "rebalanced": sorted(rebalanced),  # moved off the survivor once the killed replica was back
        "final_students_per_replica": {name: sum(1 for s in sessions.values() if s.sockets() and s.sockets()[-1][1] == name)
                                       for name in names},
        "moves_s_after_up": sorted(round(t - up_at, 1) for s in sessions.values()
                                   for t, before, _ in s.moves() if t >= up_at and before != victim),
        # a moved browser must now carry the survivor's cookie, or its next reconnect goes back to the
        # restarted replica: a third session (the config's cookie values are the server names)
        "stale_cookies": [i for i, s in sessions.items() if len(s.replicas()) > 1 and s.cookie != s.replicas()[-1]],
        "reconnects": len(out["reconnect_s"]),
        "refused_handshakes": [f"student {i}: {why}" for i, s in sorted(sessions.items()) for why in s.refused],
        "reconnect_max_s": max(out["reconnect_s"], default=0.0),
        "down_after_s": events.get("down_after_s"), "healthy_after_s": events.get("healthy_after_s"),
        "up_after_s": events.get("up_after_s"),
        "late_students": {i: home.get(i) for i in range(lesson["students"], lesson["students"] + late)},
        "rss_loaded_mb": lesson["loaded_mb"], "rss_peak_mb": peaks, "rss_peak_sum_mb": sum(peaks.values()),
        "proxy_cpu_s": proxy_cpu_s, "goal_p95_s": GOAL_P95_S,
    }


def run(students: int = 60, minutes: float = 3.0, kill_at: float | None = 90.0, replicas: int = 2,
        interval: float = 5.0, late: int = 4, warm: bool = True, compare: bool = True) -> dict:
    """``students`` for ``minutes`` through HAProxy in front of ``replicas`` Streamlit processes; with
    ``kill_at`` (seconds into the lesson), one replica killed then restarted and ``late`` students
    joining once it is back; ``warm``: every model loaded on every replica first (else the students
    load them: a quicker check, slower first changes); with ``compare``, the same class on one
    process afterwards."""
    names = replica_names()
    if replicas != len(names):
        raise ValueError(f"{CONFIG.relative_to(ROOT)} names {len(names)} replicas, not {replicas}")
    with recipe() as (group, start, proxy_port, proxy, stats):
        proxy_cpu = cpu_seconds(proxy.pid)
        lesson = asyncio.run(_lesson(group, start, proxy_port, stats, students, minutes * 60, interval, kill_at, late,
                                    warm))
        result = _report(lesson, names, kill_at, late if kill_at is not None else 0,
                         cpu_seconds(proxy.pid) - proxy_cpu, group)
    if compare:
        result["one_process"] = classroom.run(students, minutes, interval)
    return result


@contextlib.contextmanager
def recipe(env: dict[str, str] | None = None) -> Iterator[tuple[list[Replica], object, int, subprocess.Popen, Stats]]:
    """The recipe of docs/deploying.md running: a replica per server the configuration names (``env`` added to
    theirs), healthy, and HAProxy in front of them with every replica UP; yields (the replicas,
    ``start(port)`` that starts one again, the proxy's port, its process, its control socket)."""
    load_port = free_port()  # where the proxy tells the replicas the class's load (playground/app/rebalance.py)
    with contextlib.ExitStack() as stack:
        def start(port: int | None = None) -> tuple[int, subprocess.Popen]:  # a replica, not yet healthy
            extra = {"RNN_CLASS_LOAD_URL": f"http://127.0.0.1:{load_port}/", **(env or {})}
            return stack.enter_context(streamlit_server(wait=False, port=port, env=extra))

        group = [Replica(name, *start()) for name in replica_names()]
        for r in group:
            wait_healthy(r.port, proc=r.proc)
        proxy_port, proxy, stats = stack.enter_context(haproxy([r.port for r in group], load_port))
        deadline = time.monotonic() + 60  # no event loop here: a caller may hold one (Playwright's sync API)
        while any((stats.status().get(r.name) or "?").split()[0] != "UP" for r in group):
            if time.monotonic() > deadline:
                raise TimeoutError(f"replicas not UP in the proxy after 60 s: {stats.status()}")
            time.sleep(0.1)
        yield group, start, proxy_port, proxy, stats


def summary(r: dict) -> str:
    """The report's lines (``python -m bench --only replicas``); the one-process class is printed as
    the classroom part prints it."""
    back, goal = r["phases"]["first_60s_back_up"], r["goal_p95_s"]
    ok = (r["phases"]["all_up"]["p95_s"] <= goal and (not back["interactions"] or back["p95_s"] <= goal)
          and not r["errors"] and not r["unsticky"])
    lines = [
        f"replicas: {r['students']} light sessions through HAProxy (deploy/haproxy.cfg) in front of"
        f" {len(r['replicas'])} replicas for {r['seconds']:.0f} s on sentiment / char-LM / seq2seq / beyond"
        f" ({r['interactions']} interactions); students per replica "
        + ", ".join(f"{k} {v}" for k, v in r["students_per_replica"].items()),
        "  latency p50 / p95: " + "; ".join(f"{name.replace('_', ' ')} {p['p50_s'] * 1000:.0f} / {p['p95_s'] * 1000:.0f} ms"
                                           f" ({p['interactions']})" for name, p in r["phases"].items()
                                           if p["interactions"])
        + f"; all {r['p50_s'] * 1000:.0f} / {r['p95_s'] * 1000:.0f} ms",
        f"  errors {len(r['errors'])} (survivor's students {len(r['survivor_errors'])}); sessions on more than one"
        f" replica other than the killed one's move: {len(r['unsticky'])} of {r['sessions_checked']} checked;"
        f" stale cookies {len(r['stale_cookies'])}",
    ]
    if r["killed"]:
        lines.append(
            f"  {r['killed']} SIGKILLed at {r['kill_at_s']:.0f} s: {len(r['moved_off_killed'])} sessions moved off it,"
            f" {r['reconnects']}"
            f" reconnects (longest {r['reconnect_max_s']:.2f} s); health check DOWN after {r['down_after_s']:.1f} s;"
            f" restarted: healthy after {r['healthy_after_s']:.1f} s, UP in the proxy after {r['up_after_s']:.1f} s;"
            " late students on " + ", ".join(sorted({str(v) for v in r["late_students"].values()}))
            + f"; handshakes refused {len(r['refused_handshakes'])}; reconnects back on the restarted replica"
            f" {len(r['rejoined_same_replica'])}")
        moved = r["moves_s_after_up"]
        lines.append(
            f"  rebalance: {len(r['rebalanced'])} sessions moved off the survivor"
            + (f" {moved[0]:.1f}-{moved[-1]:.1f} s after the restarted replica was UP" if moved else "")
            + "; students per replica at the end "
            + ", ".join(f"{k} {v}" for k, v in r["final_students_per_replica"].items()))
    lines.append("  peak RSS " + ", ".join(f"{k} {v:.0f} MB" for k, v in r["rss_peak_mb"].items())
                 + f", sum {r['rss_peak_sum_mb']:.0f} MB (loaded: "
                 + ", ".join(f"{k} {v:.0f}" for k, v in r["rss_loaded_mb"].items())
                 + f"); proxy CPU {r['proxy_cpu_s']:.1f} s"
                 + f"  ({'meets' if ok else 'MISSES'} p95 <= {r['goal_p95_s']} s with every replica up and in the"
                 f" {REBALANCE_WINDOW_S:.0f} s after the restart, 0 errors,"
                 " no session moved but by the kill and the rebalance)")
    lines += [f"  ! {line}" for line in (r["errors"] + r["unsticky"])[:10]]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m bench.replicas [students] [minutes] [kill_at]
    import json
    import sys

    args = sys.argv[1:]
    print(json.dumps(run(int(args[0]) if args else 60, float(args[1]) if len(args) > 1 else 3.0,
                         float(args[2]) if len(args) > 2 else 90.0, compare=False), indent=1, default=str))

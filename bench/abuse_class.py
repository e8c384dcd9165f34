"""Issue 52's attacks, each rerun against its defence beside its goal: a part of ``python -m bench --only abuse``.

An adversarial pass (issue 52) found six ways one visitor could still hurt a class. Each is rerun here as
it was found, with the project's light clients over loopback (an address other than 127.0.0.1 stands for
another network, as in ``bench.abuse_visitors``), against a real server, or the replica recipe where the
finding needs one; each returns its figures, its goals and whether it met them (``ok``).

1. **Downloads** (``downloads``): an empty data cache and a package index that takes connections and never
   answers. Visitor A opens the temperature page while newcomers keep opening Home and the sentiment page:
   no newcomer's first page may wait on the download (they waited 25-29 s), and A's page answers at once
   saying its data is on the way (it waited 30.9 s), and again at "Look again".
2. **Rebalancer** (``rebalance``, the replica recipe): an attacker opens 12 sessions early; a teacher starts
   a class and 20 students join; the attacker closes its sessions on the replica the teacher is not on, holds
   that, then every 10 s opens 6 on one replica and closes those on the other. No session moved twice within
   ``MOVED_WINDOW_S``, no replica sheds twice within ``SHED_EVERY_S``, the teacher never moved and still at
   the console (three students were moved 4 times in 36 s, the teacher within 4 s).
3. **Poll stuffing** (``stuffing``): one address answers a class under 255 made-up cookies: counted at most
   the class's voters per address (120; 255 were); then, in a class whose teacher raised that to 2,000,
   sessions without a cookie: counted at most the new names the address had left, what its allowance
   refilled meanwhile, and one for the rest (``visitors.visitor``: past the allowance an address's
   newcomers are one visitor, and ``classroom._voter`` is that visitor).
4. **Shared address** (``shared_address``): an attacker uses up an address's allowance of new names and
   queues 10 memory-span trainings under made-up cookies; a student on that address starts the two-1s
   training: never told "You already have a training job", and running within 5 s.
5. **Poll flood** (``console_flood``): 12 tabs under made-up cookies rerun the console of a 10-question class
   (both rounds answered, its question revealed: the split and the changes of mind drawn) back to back, while
   a victim on another address types a review every ~1 s: the victim's p95 within 0.5 s (0.45-0.88 s was).
6. **Class creation** (``creation``): one session starts and ends classes until refused (at most 5), then
   fresh sessions from one address start one class each for 20 s: at most 20 open (891 in 40 s were); the
   store's rows, and its purge's cost at 100,000 classes (an index, at most once a minute).

And the small items of 7 a light client can see (``small``): the favicon is the app's own file and the
page's HTML names no other host; ``hide=`` cannot hide the way out of presentation mode, its picker or the
language. (The teacher's token leaving the browser's history needs a browser: tests/browser/test_class_poll.py.)

    python -m bench.abuse_class [finding,...]     # all of them at their full size, as JSON
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import random
import re
import socket
import statistics
import tempfile
import threading
import time
import traceback
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from bench import class_poll, replicas
from bench.abuse_training import QUEUED, TrainingSession
from bench.abuse_visitors import (
    SPAN_SUBMIT,
    TWO_ONES_SUBMIT,
    forged_cookie,
    place_in_line,
    queue_under_forged,
    until_running,
    victim_beside,
)
from bench.harness import streamlit_server
from bench.interaction import cpu_seconds, percentile
from bench.light_client import LightSession
from playground.core.class_store import (
    CLASSES_PER_PLACE,
    MAX_VOTERS_PER_PLACE,
    PURGE_EVERY_S,
    ROUNDS,
    STORE_ENV,
    VOTERS_PER_PLACE,
    SQLiteStore,
)
from playground.core.fairness import NEW_PER_ADDRESS, NEW_PER_MINUTE
from playground.core.i18n import t

GOAL_FIRST_PAGE_S = 3.0  # a newcomer's first page, and A's, while the download hangs (25-29 s and 30.9 s were)
GOAL_MOVES = 1  # moves of one session within MOVED_WINDOW_S
GOAL_TRAIN_START_S = 5.0  # a student's two-1s job on a shared address, from the click
GOAL_VICTIM_P95_S = 0.5  # a review under the poll flood
GOAL_PURGE_MS = 5.0  # one purge, at ``purge_classes`` classes
CLASSES_PER_SESSION = 5  # playground.app.console.CLASSES_PER_SESSION (the bench imports no Streamlit page code)
SUSTAIN_S, SHED_EVERY_S, MOVED_WINDOW_S, LOOK_EVERY_S = 30.0, 60.0, 600.0, 3.0  # playground/app/rebalance.py
FLIP_EVERY_S, FLIP_SESSIONS = 10.0, 6  # the attacker's alternating closes (the issue's)
# each attack from a network of its own (an address's allowance of new names is the server's for its life)
READER, STUFFER, SHARED, CONSOLES, VICTIM, MAKER = (f"127.0.0.{n}" for n in (51, 52, 53, 54, 55, 56))
QUESTION = "home_guess"  # Home's question: the light one the class poll bench answers too
PENDING, PLACE_FULL = t("data.pending", "en"), t("class.place_full", "en", n="@").split("@")[0]
TOO_MANY = t("class.too_many", "en")
BUSY = os.path.commonprefix([t("job.busy_running", "en", where=""), t("job.busy_waiting", "en", where="")])
FINDINGS = ("downloads", "rebalance", "stuffing", "shared_address", "console_flood", "creation", "small")
FULL = {  # each attack's size, as bench/sizes.py names them (the figures docs/security.md quotes)
    "download_s": 15.0,  # newcomers arrive this long while the index never answers
    "shed_hold_s": 40.0, "shed_flip_s": 60.0, "shed_students": 20,  # the rebalancer
    "stuffed_cookies": 255, "stuffed_cookieless": 30, "stuffed_cap": VOTERS_PER_PLACE,  # poll stuffing
    "shared_spend": True, "shared_span_jobs": 10,  # a shared address (False: its names not spent first)
    "console_tabs": 12, "console_s": 30.0, "console_alone_s": 10.0,  # the poll flood
    "creation_s": 20.0, "purge_classes": 100_000,  # class creation
}


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None or math.isinf(value) else round(value, digits)


def _says(session: LightSession, text: str) -> bool:
    return any(text in body for _, body in session.notices)


async def _crowd(url: str, page: str, query: str, count: int, source: str, rng: random.Random | None,
                 act=None, at_once: int = 4) -> list[str]:
    """``count`` sessions from ``source`` (under a made-up cookie each when ``rng``, else none) open ``page``,
    do ``act(session, k)`` if given, and leave, ``at_once`` at a time; the errors."""
    gate, errors = asyncio.Semaphore(at_once), []

    async def one(k: int) -> None:
        async with gate:
            session = LightSession(url, page, query_string=query, source=source,
                                   headers=forged_cookie(rng) if rng else {})
            try:
                await session.open(timeout_s=60.0)
                if act is not None:
                    await act(session, k)
            except Exception as exc:
                errors.append(f"{page or 'home'} {k}: {type(exc).__name__}: {exc}")
            finally:
                await session.close()

    await asyncio.gather(*(one(k) for k in range(count)))
    return errors


def _allowance(began: float) -> float:
    """The new names an address may have brought since ``began``: its allowance and what refilled since."""
    return NEW_PER_ADDRESS + (time.monotonic() - began) * NEW_PER_MINUTE / 60.0


# --- 1. a download that never answers ---------------------------------------------------------------------
@contextlib.contextmanager
def silent_index() -> Iterator[tuple[str, list]]:
    """A package index that takes every connection and never answers (a network that hangs): yields its URL
    and the connections it took (pip reached it when there is one)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    taken: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):  # the timeout is one
                taken.append(server.accept()[0])

    thread = threading.Thread(target=accept, name="silent index", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}/simple/", taken
    finally:
        stop.set()
        thread.join(2.0)
        for conn in taken:
            conn.close()
        server.close()


def offline_env(cache: Path, index_url: str) -> dict[str, str]:
    """A server's environment with an empty data cache and pip pointed at ``index_url`` only."""
    links = cache / "no-links"
    links.mkdir(exist_ok=True)
    return {"RNN_PLAYGROUND_DATA": str(cache), "PIP_INDEX_URL": index_url, "PIP_FIND_LINKS": str(links),
            "PIP_CONFIG_FILE": os.devnull, STORE_ENV: str(cache / "classes.sqlite3")}


async def _newcomers(url: str, seconds: float, out: list[tuple[str, float]]) -> None:
    """A new visitor every second for ``seconds``, Home and the sentiment page in turn: each first page's seconds."""
    k, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        page, began = ("", "sentiment")[k % 2], time.monotonic()
        session = LightSession(url, page)
        try:
            out.append((page or "home", await session.open(timeout_s=120.0)))
        except Exception:
            out.append((page or "home", math.inf))
        finally:
            await session.close()
        k += 1
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - began)))


async def downloads(url: str, seconds: float = 15.0, taken: list | None = None) -> dict:
    """Visitor A opens the temperature page (its data missing, the index silent) while newcomers arrive;
    halfway, A presses "Look again"."""
    await _crowd(url, "", "", 1, "", None)  # Home and the sentiment page warm: their first load is not the download
    await _crowd(url, "sentiment", "", 1, "", None)
    reader, arrived = LightSession(url, "forecast", source=READER), []
    arriving = asyncio.create_task(_newcomers(url, seconds, arrived))
    opened = await reader.open(timeout_s=120.0)
    pending = _says(reader, PENDING)
    await asyncio.sleep(seconds / 2)
    reader.notices.clear()
    again = await reader.press("fc.no_data_again", timeout_s=120.0)
    pending_again = _says(reader, PENDING)
    await arriving
    await reader.close()
    times = [took for _, took in arrived]
    worst, reached = max(times, default=math.inf), bool(taken)
    return {"newcomers": len(arrived), "newcomer_max_s": _r(worst),
            "newcomer_p50_s": _r(statistics.median(times)) if times else None,
            "page_s": _r(opened), "page_pending": pending, "again_s": _r(again), "again_pending": pending_again,
            "fetch_reached_network": reached, "goal_s": GOAL_FIRST_PAGE_S,
            "ok": max(worst, opened, again) <= GOAL_FIRST_PAGE_S and pending and pending_again and reached}


# --- 2. steering the rebalancer (the replica recipe) -------------------------------------------------------------
def _replica(session: replicas.ProxiedSession) -> str:
    sockets = session.sockets()
    return sockets[-1][1] if sockets else "?"


def _connected(session: replicas.ProxiedSession) -> bool:
    return getattr(session._socket, "state", None) is State.OPEN


async def _stay(session: replicas.ProxiedSession, errors: list[str]) -> None:
    """A tab left open on its page: when its replica closes the socket (the rebalancer), it reconnects at once
    through the proxy, naming its last session, as a browser does. Cancelled when the lesson is over."""
    while True:
        try:
            await session.idle()
        except ConnectionClosed:
            try:
                await session.open()
            except Exception as exc:
                errors.append(f"reconnect: {type(exc).__name__}: {exc}")
                return


async def _close_on(attackers: list[replicas.ProxiedSession], replica: str) -> int:
    """The attacker closes its sessions on ``replica``: how many."""
    gone = [s for s in attackers if _connected(s) and _replica(s) == replica]
    for session in gone:
        await session.close()
    return len(gone)


async def _flip(proxy: str, names: list[str], attackers: list, seconds: float) -> list[dict]:
    """Every FLIP_EVERY_S: six sessions opened on one replica (its cookie) and the attacker's on the other
    closed, the replicas in turn (the issue's alternating closes)."""
    log = []
    for k in range(round(seconds / FLIP_EVERY_S)):
        began, onto, off = time.monotonic(), names[k % 2], names[1 - k % 2]
        fresh = [replicas.ProxiedSession(proxy, "", cookie=onto) for _ in range(FLIP_SESSIONS)]
        for session in fresh:
            await session.open()
        attackers += fresh
        log.append({"opened_on": dict(Counter(_replica(s) for s in fresh)), "closed_on": off,
                    "closed": await _close_on(attackers, off)})
        await asyncio.sleep(max(0.0, FLIP_EVERY_S - (time.monotonic() - began)))
    return log


def _sheds(moves: dict[str, list[tuple[float, str, str]]]) -> dict[str, list[float]]:
    """When each replica shed (its sessions' moves away from it, those within two looks of each other one shed)."""
    times: dict[str, list[float]] = {}
    for at, left, _ in sorted(m for ms in moves.values() for m in ms):
        shed = times.setdefault(left, [])
        if not shed or at - shed[-1] > 2 * LOOK_EVERY_S:
            shed.append(at)
    return times


def _steering(tabs: dict[str, replicas.ProxiedSession], began: float, counts: dict, flips: list[dict],
              console: bool, errors: list[str]) -> dict:
    """The moves each session saw, each replica's sheds, the teacher's: the figures beside their goals."""
    moves = {who: [(round(t - began, 1), a, b) for t, a, b in s.moves()] for who, s in tabs.items()}
    twice = sorted(who for who, m in moves.items() if any(b[0] - a[0] < MOVED_WINDOW_S for a, b in pairwise(m)))
    sheds = _sheds(moves)
    closest = min((b - a for times in sheds.values() for a, b in pairwise(times)), default=None)
    return {"students": len(tabs) - 1, "per_replica": counts, "flips": flips,
            "moved": {who: m for who, m in moves.items() if m}, "most_moves": max(map(len, moves.values())),
            "moved_twice": twice, "goal_moves": GOAL_MOVES, "window_s": MOVED_WINDOW_S, "sheds_s": sheds,
            "closest_sheds_s": _r(closest, 1), "goal_sheds_apart_s": SHED_EVERY_S,
            "teacher_moves": len(moves["teacher"]), "teacher_console": console, "errors": errors[:5],
            "ok": (not twice and (closest is None or closest >= SHED_EVERY_S - LOOK_EVERY_S)
                   and not moves["teacher"] and console and not errors)}


async def _lesson(proxy: str, students: int) -> tuple[list, class_poll.Teacher, dict]:
    """The attacker's 12 sessions first, then the teacher starts a class (a browser: its XSRF cookie) and the
    students join it -> (the attacker's sessions, the teacher, every tab of the class by name)."""
    attackers = [replicas.ProxiedSession(proxy, "") for _ in range(2 * FLIP_SESSIONS)]
    for session in attackers:
        await session.open()
    teacher = class_poll.Teacher(proxy, browser_cookie=forged_cookie(random.Random(2))["Cookie"])
    await teacher.start(QUESTION, class_poll.TITLES["home"])
    teacher.session.query_string = f"class={teacher.code}"  # the address bar after the start: never the token
    tabs = {"teacher": teacher.session}
    for k in range(students):
        tabs[f"student {k}"] = replicas.ProxiedSession(proxy, "", query_string=f"class={teacher.code}")
        await tabs[f"student {k}"].open()
    return attackers, teacher, tabs


async def _steer(proxy: str, names: list[str], hold_s: float, flip_s: float, students: int) -> dict:
    """The lesson, every tab staying (reconnecting when moved); the attacker's closes on the replica the teacher
    is not on, held ``hold_s``, then turned about for ``flip_s``; then the teacher reloads the console's link."""
    attackers, teacher, tabs = await _lesson(proxy, students)
    errors: list[str] = []
    staying = [asyncio.create_task(_stay(s, errors)) for s in tabs.values()]

    def where() -> dict[str, int]:
        return dict(Counter(_replica(s) for s in [*tabs.values(), *attackers] if _connected(s)))

    counts, began = {"joined": where()}, time.monotonic()
    quiet = next(n for n in names if n != _replica(teacher.session))  # so the teacher's replica looks crowded
    flips = [{"closed_on": quiet, "closed": await _close_on(attackers, quiet)}]
    await asyncio.sleep(hold_s)
    counts["held"] = where()
    flips += await _flip(proxy, names, attackers, flip_s)
    await asyncio.sleep(2 * LOOK_EVERY_S)  # a last look's closes reconnect
    counts["end"] = where()
    for task in staying:
        task.cancel()
    await asyncio.gather(*staying, return_exceptions=True)
    await teacher.session.goto("class", f"class={teacher.code}")  # a reload of the address bar's link
    console = "class_end" in teacher.session.widgets
    for session in [*tabs.values(), *attackers]:
        await session.close()
    return _steering(tabs, began, counts, flips, console, errors)


def _rebalance(hold_s: float, flip_s: float, students: int) -> dict:
    """Finding 2 on the replica recipe (its class store a SQLite file of its own)."""
    with tempfile.TemporaryDirectory() as tmp, \
            replicas.recipe({STORE_ENV: str(Path(tmp) / "classes.sqlite3")}) as (group, _, proxy_port, _, _):
        asyncio.run(class_poll._warm(group, "home"))
        result = asyncio.run(_steer(f"ws://127.0.0.1:{proxy_port}", [r.name for r in group], hold_s, flip_s,
                                    students))
    return {"hold_s": hold_s, "flip_s": flip_s, **result}


# --- 3. one address stuffs a poll ---------------------------------------------------------------------------
def _votes(store: SQLiteStore, code: str, round_: int = 1) -> int:
    return sum(store.tallies(code).get(QUESTION, {}).get(round_, Counter()).values())


async def _console_count(teacher: class_poll.Teacher) -> int:
    """Round 1's count as the teacher's console shows it at its next poll (the class's state is read at
    most once a second)."""
    await asyncio.sleep(1.1)
    (fragment_id, _), = teacher.session.auto_reruns.items()
    teacher.session.markdown.clear()
    await teacher.session.auto_rerun(fragment_id)
    return teacher.shown_counts()[0]


async def _vote_all(url: str, code: str, count: int, rng: random.Random | None) -> dict:
    """``count`` sessions from the stuffer's address answer the class's question (each under a made-up
    cookie when ``rng``) -> how many the page told that their answer did not count, and the errors."""
    told: list[int] = []

    async def answer(session: LightSession, k: int) -> None:
        options = session.widgets[QUESTION].options
        await session.choose(QUESTION, options[k % len(options)])
        if _says(session, PLACE_FULL):
            told.append(k)

    errors = await _crowd(url, "", f"class={code}", count, STUFFER, rng, answer)
    return {"sessions": count, "told_not_counted": len(told), "errors": errors[:5]}


async def stuffing(url: str, store: SQLiteStore, cookies: int = 255, cookieless: int = 30,
                   cap: int = VOTERS_PER_PLACE) -> dict:
    """Made-up cookies in a class taking ``cap`` voters an address (its teacher sets it, unless it is the
    usual), then sessions without a cookie in a class whose teacher raised that to the most: the votes each
    class counted from the one address."""
    capped, raised = class_poll.Teacher(url), class_poll.Teacher(url)
    for teacher in (capped, raised):
        await teacher.start(QUESTION, class_poll.TITLES["home"])
    if cap != VOTERS_PER_PLACE:  # a quick size: fewer made-up cookies go past it
        await capped.session.set_number(f"class_per_place_{capped.code}", cap)
    await raised.session.set_number(f"class_per_place_{raised.code}", MAX_VOTERS_PER_PLACE)
    began = time.monotonic()
    forged = await _vote_all(url, capped.code, cookies, random.Random(52))
    # the whole new names the address has left (each made-up cookie took one while there was one), one more
    # part-refilled, and those that refill while the sessions without a cookie come: each a voter of its own;
    # past them, the rest are one
    left, middle = max(0, math.floor(min(NEW_PER_ADDRESS, _allowance(began) - cookies))), time.monotonic()
    forged["seconds"] = round(middle - began, 1)
    bare = await _vote_all(url, raised.code, cookieless, None)
    refilled = math.ceil((time.monotonic() - middle) * NEW_PER_MINUTE / 60.0)
    goal_bare = min(cookieless, left + 1 + refilled + 1)
    elapsed = time.monotonic() - began
    counted, counted_bare = _votes(store, capped.code), _votes(store, raised.code)
    shown = await _console_count(capped)
    for teacher in (capped, raised):
        await teacher.session.close()
    return {"cookies": forged, "counted": counted, "teacher_saw": shown, "goal_counted": cap,
            "cookieless": bare, "counted_cookieless": counted_bare, "names_left": left, "refilled": refilled,
            "goal_cookieless": goal_bare, "raised_to": MAX_VOTERS_PER_PLACE, "seconds": round(elapsed, 1),
            "ok": counted <= cap and shown == counted and counted_bare <= goal_bare
            and not forged["errors"] + bare["errors"]}


# --- 4. a shared address still trains ---------------------------------------------------------------------
async def _spend_names(url: str, rng: random.Random, used: int, began: float) -> int:
    """Sessions under new names from the shared address until it has brought more than its allowance since
    ``began`` (``used`` so far) -> the names used in all."""
    while (short := math.ceil(_allowance(began)) + 1 - used) > 0:
        await _crowd(url, "", "", short, SHARED, rng)
        used += short
    return used


async def shared_address(url: str, spend: bool = True, span_jobs: int = 10) -> dict:
    """The attacker spends the address's new names (``spend``) and queues memory-span jobs under made-up cookies,
    as the address's one newcomer visitor; then spends the names that refilled meanwhile, and a student on that
    address, that visitor too, starts the two-1s job."""
    rng, began = random.Random(53), time.monotonic()
    used = await _spend_names(url, rng, 0, began) if spend else 0
    spent_s = time.monotonic() - began
    attackers = await queue_under_forged(url, "gradients", "", SPAN_SUBMIT, span_jobs, rng, source=SHARED)
    holding = sum(bool(s.says(QUEUED) or s.progress) for s in attackers)  # running or in line
    used = await _spend_names(url, rng, used + span_jobs, began) if spend else used + span_jobs
    student = TrainingSession(url, "two_ones", source=SHARED)
    past = used + 1 > _allowance(began)
    await student.open()
    started = time.perf_counter()
    await student.click(TWO_ONES_SUBMIT)
    refused, place = student.says(BUSY), place_in_line(student)
    took = await until_running(student, started, limit_s=60.0)
    for session in (*attackers, student):
        await session.close()
    return {"names_used": used, "allowance": NEW_PER_ADDRESS, "names_s": round(spent_s, 1), "span_jobs": span_jobs,
            "attacker_jobs_held": holding, "student_refused": refused, "student_place": place,
            "student_past_allowance": past, "student_start_s": _r(took), "goal_start_s": GOAL_TRAIN_START_S,
            "ok": past and not refused and took <= GOAL_TRAIN_START_S}


# --- 5. the teacher's console, rerun by a dozen tabs ---------------------------------------------------------
def _answered_class(store: SQLiteStore, code: str, token: str, voters: int = 30, seed: int = 5) -> int:
    """Every page's question asked and answered in both rounds by ``voters`` (written to the store as their
    votes would be), then Home's asked again and revealed: a class at the end of a lesson -> questions."""
    from playground import lessons
    from playground.core.settings import SKIPPED

    rng = random.Random(seed)
    for question, lesson in lessons.questions().items():
        options = [c for c in lessons.module(lesson, "settings").GUESS.options if c and c != SKIPPED]
        store.ask(code, token, question)
        for round_ in ROUNDS:
            if round_ == 2:
                store.open_round_two(code, token, question)
            for v in range(voters):
                store.answer(code, question, f"bench-voter-{v:04d}", rng.choice(options), place=f"10.52.{v}.1")
    store.ask(code, token, QUESTION)
    store.reveal(code, token, QUESTION)
    return len(lessons.questions())


async def _rerun_console(tab: class_poll.ConsoleSession, stop: asyncio.Event, took: list[float],
                         errors: list[str]) -> None:
    """One forged tab: the console's poll rerun back to back (no timer), until ``stop``."""
    try:
        (fragment_id, _), = tab.auto_reruns.items()
        while not stop.is_set():
            took.append(await tab.auto_rerun(fragment_id, timeout_s=60.0))
    except Exception as exc:
        errors.append(f"console tab: {type(exc).__name__}: {exc}")


async def _forged_consoles(url: str, link: str, tabs: int) -> list[class_poll.ConsoleSession]:
    """``tabs`` consoles of the class opened by the teacher's link, each under a made-up cookie, from one address."""
    rng, opened = random.Random(54), []
    for _ in range(tabs):
        opened.append(class_poll.ConsoleSession(url, "class", query_string=link, source=CONSOLES,
                                                browser_cookie=forged_cookie(rng)["Cookie"]))
        await opened[-1].open(timeout_s=120.0)
    return opened


async def console_flood(url: str, pid: int, store: SQLiteStore, tabs: int = 12, seconds: float = 30.0,
                        alone_s: float = 10.0, warmup_s: float = 2.0) -> dict:
    """The teacher's class answered; ``tabs`` forged consoles open (idle while the victim reviews alone), then
    each reruns its poll back to back while the victim reviews again."""
    teacher = class_poll.Teacher(url)
    await teacher.start(QUESTION, class_poll.TITLES["home"])
    questions = _answered_class(store, teacher.code, teacher.token)
    consoles = await _forged_consoles(url, f"class={teacher.code}&teacher={teacher.token}", tabs)
    took, errors, cpu = [], [], []

    def attack(stop: asyncio.Event) -> list[asyncio.Task]:
        cpu.append(cpu_seconds(pid))
        return [asyncio.create_task(_rerun_console(tab, stop, took, errors)) for tab in consoles]

    alone, under, wall = await victim_beside(url, attack, seconds, warmup_s, alone_s, source=VICTIM)
    busy = (cpu_seconds(pid) - cpu[0]) / wall if cpu and wall else None
    for session in (*consoles, teacher.session):
        await session.close()
    p95 = percentile(under, 95) if under else None
    return {"tabs": tabs, "questions": questions, "reruns": len(took), "reruns_per_s": _r(len(took) / wall, 1),
            "rerun_p95_s": _r(percentile(took, 95)) if took else None, "server_cores_busy": _r(busy, 2),
            "victim_alone_p95_s": _r(percentile(alone, 95)) if alone else None, "victim_n": len(under),
            "victim_p50_s": _r(statistics.median(under)) if under else None, "victim_p95_s": _r(p95),
            "goal_p95_s": GOAL_VICTIM_P95_S, "errors": errors[:5],
            "ok": p95 is not None and p95 <= GOAL_VICTIM_P95_S and not errors and len(took) >= tabs}


# --- 6. classes for free? ---------------------------------------------------------------------------------
async def _start_class(session: LightSession) -> bool:
    """Press "Start a class poll": True when a class started (its link drawn), False when refused."""
    session.code_blocks.clear()
    session.notices.clear()
    await session.press("class_start")
    return any("?class=" in block for block in session.code_blocks) and not _says(session, TOO_MANY)


async def _one_session_starts(url: str) -> int:
    """One session starts a class and ends it, again and again, until refused: how many it started."""
    session, started = LightSession(url, "class", source=MAKER), 0
    await session.open()
    try:
        for _ in range(CLASSES_PER_SESSION + 3):
            if not await _start_class(session):
                break
            started += 1
            await session.press("class_end")
            await session.press("class_end_yes")
    finally:
        await session.close()
    return started


def _rows(store: SQLiteStore) -> int:
    return store._db().execute("SELECT COUNT(*) FROM classes").fetchone()[0]


async def creation(url: str, store: SQLiteStore, seconds: float = 20.0) -> dict:
    """One session's starts, then fresh sessions from one address each starting a class for ``seconds``."""
    in_session = await _one_session_starts(url)
    rows = _rows(store)
    made = refused = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        session = LightSession(url, "class", source=MAKER)
        try:
            await session.open()
            if await _start_class(session):
                made += 1
            else:
                refused += 1
        finally:
            await session.close()
    added = _rows(store) - rows
    return {"one_session_started": in_session, "goal_per_session": CLASSES_PER_SESSION, "sessions": made + refused,
            "started": made, "refused": refused, "goal_per_place": CLASSES_PER_PLACE, "store_rows_added": added,
            "seconds": seconds,
            "ok": in_session <= CLASSES_PER_SESSION and made <= CLASSES_PER_PLACE and added <= CLASSES_PER_PLACE}


def purge_cost(classes: int = 100_000, repeats: int = 5) -> dict:
    """The purge's time in a store of ``classes`` live classes (its ``began`` index finds the expired without
    reading the rest), and the same store's without that index: the scan the issue measured (47 ms at 500,000)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "classes.sqlite3")
        db, now = store._db(), time.time()
        db.execute("BEGIN")
        db.executemany("INSERT INTO classes VALUES (?, ?, ?, NULL)",
                       ((f"P{k:09d}", "-", now - k % 3600) for k in range(classes)))
        db.execute("COMMIT")

        def once() -> float:
            store._purged_at = -math.inf  # due now (it runs at most once a PURGE_EVERY_S)
            began = time.perf_counter()
            store._purge()
            return time.perf_counter() - began

        indexed = statistics.median(once() for _ in range(repeats))
        db.execute("DROP INDEX classes_began")
        scanned = statistics.median(once() for _ in range(repeats))
    return {"classes": classes, "purge_ms": _r(indexed * 1000, 3), "without_index_ms": _r(scanned * 1000, 2),
            "every_s": PURGE_EVERY_S, "goal_ms": GOAL_PURGE_MS, "ok": indexed * 1000 <= GOAL_PURGE_MS}


def _with_purge(made: dict, classes: int) -> dict:
    """Class creation's figures with the purge's cost beside them (both must meet their goals)."""
    purge = purge_cost(classes)
    return {**made, "purge": purge, "ok": made["ok"] and purge["ok"]}


def _on_one_server(chosen: set[str], sizes: dict, out: dict) -> None:
    """Findings 3-6 on one server with a class store of its own (closed sessions let go after 2 s, so that the
    shared address's jobs, measured last, stop with their sockets)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "classes.sqlite3"
        store = SQLiteStore(path)
        with streamlit_server(env={STORE_ENV: str(path)}, extra_args=("--server.disconnectedSessionTTL", "2")) \
                as (port, proc):
            url = f"ws://127.0.0.1:{port}"
            steps = {
                "creation": lambda: _with_purge(asyncio.run(creation(url, store, sizes["creation_s"])),
                                                sizes["purge_classes"]),
                "stuffing": lambda: asyncio.run(stuffing(url, store, sizes["stuffed_cookies"],
                                                         sizes["stuffed_cookieless"], sizes["stuffed_cap"])),
                "console_flood": lambda: asyncio.run(console_flood(url, proc.pid, store, sizes["console_tabs"],
                                                                   sizes["console_s"], sizes["console_alone_s"])),
                "shared_address": lambda: asyncio.run(shared_address(url, sizes["shared_spend"],
                                                                     sizes["shared_span_jobs"])),
            }
            for name, step in steps.items():
                if name in chosen:
                    _measure(out, name, step)


# --- 7 (small): nothing from another host, no hiding the way out -----------------------------------------------
@dataclass
class _Looking(LightSession):
    """A light session that also keeps the page's favicon and the HTML blocks it draws (their styles)."""

    favicon: str = ""
    html: list[str] = field(default_factory=list)

    def _seen(self, message, kind: str) -> None:
        if kind == "page_config_changed" and message.page_config_changed.favicon:
            self.favicon = message.page_config_changed.favicon
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            element = message.delta.new_element
            if element.WhichOneof("type") == "html":
                self.html.append(element.html.body)


HIDE_TRIED = ("present_leave", "present_picker", "lang")  # the way out, its picker, the language
HIDE_DECLARED = "home_form"  # a setting Home declares: hidden as asked (the rule still works)


async def small(url: str) -> dict:
    """The favicon the page asks for and where it comes from; the hosts the page's HTML names; what a
    presentation link that names the way out, its picker and the language hides."""
    http = url.replace("ws://", "http://")
    page = _Looking(url, "")
    await page.open()
    await page.close()
    icon = page.favicon
    own = icon.startswith(("/", "./", "data:")) or icon.startswith(http)
    served = None
    if own and not icon.startswith("data:"):
        with urllib.request.urlopen(f"{http}/{icon.lstrip('./')}", timeout=10) as response:
            served = f"{response.status} {response.headers.get_content_type()}"
    with urllib.request.urlopen(f"{http}/", timeout=10) as response:
        html = response.read().decode(errors="replace")
    hosts = sorted({h for h in re.findall(r"(?:href|src)=[\"'](?:https?:)?//([^/\"']+)", html)} - {http[7:]})
    presenting = _Looking(url, "", query_string=f"present=1&hide={','.join((*HIDE_TRIED, HIDE_DECLARED))}")
    await presenting.open()
    await presenting.close()
    rules = [body for body in presenting.html if "display: none" in body]
    hidden = sorted({key for key in (*HIDE_TRIED, HIDE_DECLARED) for body in rules if f"st-key-{key}" in body})
    way_out = "present_leave" in presenting.widgets
    return {"favicon": icon[:80], "favicon_own": own, "favicon_served": served, "other_hosts": hosts,
            "hide_tried": list(HIDE_TRIED), "hidden": [k for k in hidden if k != HIDE_DECLARED],
            "declared": HIDE_DECLARED, "declared_hidden": HIDE_DECLARED in hidden, "way_out_drawn": way_out,
            "ok": own and (served is None or served.startswith("200 image/")) and not hosts and hidden == [HIDE_DECLARED]
            and way_out}


def _offline(seconds: float, chosen: set[str], out: dict) -> None:
    """Findings 1 and 7 on one server with an empty data cache behind a silent index."""
    with tempfile.TemporaryDirectory() as tmp, silent_index() as (index, taken), \
            streamlit_server(env=offline_env(Path(tmp), index)) as (port, _):
        url = f"ws://127.0.0.1:{port}"
        if "downloads" in chosen:
            _measure(out, "downloads", lambda: asyncio.run(downloads(url, seconds, taken)))
        if "small" in chosen:
            _measure(out, "small", lambda: asyncio.run(small(url)))


# --- the whole part ----------------------------------------------------------------------------------------
def _measure(out: dict, name: str, step) -> None:
    """One finding into ``out[name]``, with its seconds; one that breaks is recorded (not met) and the others run."""
    began = time.perf_counter()
    try:
        out[name] = step()
    except Exception as exc:
        out[name] = {"error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()[-3000:], "ok": False}
    out["seconds"][name] = round(time.perf_counter() - began, 1)


def run(only: tuple[str, ...] | None = None, **sizes) -> dict:
    """The findings of ``only`` (None: all of FINDINGS) at ``sizes`` (any of FULL's, by name): 1 and 7 on a
    server behind a silent index, 3-6 on one server, 2 on the replica recipe."""
    if unknown := sizes.keys() - FULL.keys():
        raise TypeError(f"no such size: {', '.join(sorted(unknown))}")
    sizes = {**FULL, **sizes}
    chosen, out, began = set(only or FINDINGS), {"sizes": sizes, "seconds": {}}, time.perf_counter()
    if chosen & {"downloads", "small"}:
        _offline(sizes["download_s"], chosen, out)
    if chosen & {"creation", "stuffing", "console_flood", "shared_address"}:
        _on_one_server(chosen, sizes, out)
    if "rebalance" in chosen:
        _measure(out, "rebalance", lambda: _rebalance(sizes["shed_hold_s"], sizes["shed_flip_s"], sizes["shed_students"]))
    out["seconds"]["total"] = round(time.perf_counter() - began, 1)
    out["verdicts"] = verdicts(out)
    return out


def verdicts(out: dict) -> dict[str, bool]:
    """Each finding run: whether it met its goals."""
    return {name: out[name].get("ok") for name in FINDINGS if name in out}


def _met(ok: bool) -> str:
    return "OK" if ok else "MISSED"


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"


def _line_downloads(r: dict) -> list[str]:
    return [f"downloads (an empty cache, an index that never answers): {r['newcomers']} newcomers' first pages (Home,"
            f" sentiment) at most {_seconds(r['newcomer_max_s'])}, median {_seconds(r['newcomer_p50_s'])}; the"
            f" temperature page {_seconds(r['page_s'])} saying its data is on the way: {r['page_pending']}, \"Look"
            f" again\" {_seconds(r['again_s'])}: {r['again_pending']}; pip reached the index: {r['fetch_reached_network']}"
            f"  (goal: each <= {r['goal_s']:g} s, said at once)  {_met(r['ok'])}"]


def _line_rebalance(r: dict) -> list[str]:
    moved = ", ".join(f"{who} {' '.join(f'{a}->{b} at {t:.0f} s' for t, a, b in m)}" for who, m in r["moved"].items())
    sheds = "; ".join(f"{name} at {', '.join(f'{t:.0f}' for t in times)} s" for name, times in r["sheds_s"].items())
    return [f"rebalancer (replica recipe): {r['students']} students, a teacher, 12 attacker sessions; the attacker's"
            f" closes held {r['hold_s']:.0f} s, then turned about every {FLIP_EVERY_S:.0f} s for {r['flip_s']:.0f} s;"
            f" sessions per replica {r['per_replica']}",
            f"     moved: {moved or 'none'}; sheds: {sheds or 'none'}; most moves of one session {r['most_moves']},"
            f" moved twice within {r['window_s']:.0f} s: {len(r['moved_twice'])} (goal 0); closest two sheds of one"
            f" replica {_seconds(r['closest_sheds_s'])} (goal >="
            f" {r['goal_sheds_apart_s']:.0f} s); teacher moved {r['teacher_moves']} times (goal 0), console kept:"
            f" {r['teacher_console']}  {_met(r['ok'])}"]


def _line_stuffing(r: dict) -> list[str]:
    forged, bare = r["cookies"], r["cookieless"]
    return [f"poll stuffing from one address: {forged['sessions']} made-up cookies (in {forged['seconds']:.0f} s) counted"
            f" {r['counted']}"
            f" (goal <= {r['goal_counted']}), the teacher saw {r['teacher_saw']}, {forged['told_not_counted']} told"
            f" why not; {bare['sessions']} sessions without a cookie, in a class that takes {r['raised_to']:,} an"
            f" address, counted {r['counted_cookieless']} (goal <= {r['goal_cookieless']}: {r['names_left']} new names"
            f" left, 1 part-refilled, {r['refilled']} refilled meanwhile, 1 for the rest)  {_met(r['ok'])}"]


def _line_shared(r: dict) -> list[str]:
    place = "started at once" if r["student_place"] is None else f"{r['student_place']} in line"
    return [f"shared address: {r['names_used']} new names from it in all (allowance {r['allowance']}, spent in"
            f" {r['names_s']:.0f} s),"
            f" {r['attacker_jobs_held']} of {r['span_jobs']} made-up memory-span jobs running or in line; a student"
            f" there (past the allowance: {r['student_past_allowance']}) told \"you already have a job\":"
            f" {r['student_refused']} (goal False); its two-1s job {place}, running after"
            f" {_seconds(r['student_start_s'])} (goal <= {r['goal_start_s']:g} s)  {_met(r['ok'])}"]


def _line_console(r: dict) -> list[str]:
    return [f"poll flood: {r['tabs']} made-up tabs rerun the console of a {r['questions']}-question class back to back"
            f" ({r['reruns']} reruns, {r['reruns_per_s']}/s, p95 {_seconds(r['rerun_p95_s'])}; server"
            f" {r['server_cores_busy']} cores busy); a victim's review alone p95 {_seconds(r['victim_alone_p95_s'])},"
            f" under it ({r['victim_n']}) p95 {_seconds(r['victim_p95_s'])} (goal <= {r['goal_p95_s']:g} s)"
            f"  {_met(r['ok'])}"]


def _line_creation(r: dict) -> list[str]:
    p = r["purge"]
    return [f"class creation from one address: one session started {r['one_session_started']} (goal <="
            f" {r['goal_per_session']}); fresh sessions for {r['seconds']:.0f} s: {r['started']} started, {r['refused']}"
            f" refused (goal <= {r['goal_per_place']} open); the store +{r['store_rows_added']} classes; a purge at"
            f" {p['classes']:,} classes {p['purge_ms']:.3f} ms"
            f" (without its index {p['without_index_ms']:.1f} ms; at most once per {p['every_s']:.0f} s; goal <="
            f" {p['goal_ms']:g} ms)  {_met(r['ok'])}"]


def _line_small(r: dict) -> list[str]:
    return [f"small: the favicon {r['favicon']!r} is the app's own: {r['favicon_own']} ({r['favicon_served']});"
            f" other hosts in the page's HTML: {', '.join(r['other_hosts']) or 'none'}; hide={','.join(r['hide_tried'])}"
            f" hid {', '.join(r['hidden']) or 'none of them'} (and {r['declared']}, a setting of the page:"
            f" {r['declared_hidden']}), the way out drawn: {r['way_out_drawn']}  {_met(r['ok'])}"]


LINES = {"downloads": _line_downloads, "rebalance": _line_rebalance, "stuffing": _line_stuffing,
         "shared_address": _line_shared, "console_flood": _line_console, "creation": _line_creation,
         "small": _line_small}


def summary(out: dict, first: int = 1) -> str:
    """The report's lines: each finding measured, numbered from ``first``, its figures beside its goals."""
    lines = [f"issue 52's attacks, each rerun with its goal ({out['seconds'].get('total', 0):.0f} s):"]
    for n, name in enumerate((name for name in FINDINGS if name in out), first):
        r = out[name]
        if "error" in r:
            lines.append(f" {n:2d}. {name}: not measured: {r['error']}  {_met(r['ok'])}")
            continue
        body = LINES[name](r)
        lines += [f" {n:2d}. {body[0]}", *body[1:]]
        lines += [f"     ! {e}" for e in r.get("errors", [])[:3]]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m bench.abuse_class [finding,...]
    import json
    import sys

    result = run(tuple(sys.argv[1].split(",")) if len(sys.argv) > 1 else None)
    print(summary(result))
    print(json.dumps(result, indent=1, default=str))

"""One visitor against the others (issue 37): four attacks on a real server over loopback, each with
the light client (``bench.light_client``) as a script a visitor could write.

1. **Leak** (``leak``): visitors A and B each train a small live char-LM on their own pasted text,
   open the cells page, pick "My model (#1)" and run the clamp. B must get B's model's writing:
   never A's text (A's holds ``SECRET``, B's never does).
2. **Churn** (``churn``): cookieless clients on one address (127.0.0.2) open the char-LM page at its
   dearest link with a new prompt, close, and open again, as fast as the server answers; a victim on
   another address (127.0.0.3) types a review every ~1 s. The victim's p95; goal 0.5 s.
3. **Forged queue** (``forged_queue``): one client (127.0.0.2) sends 10 made-up XSRF cookies and
   queues a memory-span training under each; a victim on another address starts the two-1s training:
   seconds until it runs; goal 5 s. Then 4 made-up cookies queue the largest char-LM training and the
   victim's small char-LM job says its place in line.
4. **Memory flood** (``memory_flood``): 24 sessions each send the largest text the server accepts
   into the review box at once (first, a text larger than that: refused, or taken?): the server's
   peak above where it started (goal 300 MB), and its RSS 60 s after they left (goal: within 60 MB
   of the start).

Loopback addresses other than 127.0.0.1 stand for other networks: the server sees them as the
client's address, which a client cannot choose without a network of its own.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import statistics
import time
import tomllib
from concurrent.futures import ProcessPoolExecutor
from urllib.parse import urlencode

from bench.abuse_training import HEAVY_LINK, QUEUED, TrainingSession
from bench.harness import ROOT
from bench.interaction import PeakRSS, percentile, rss_bytes
from bench.light_client import LightSession
from playground.core.i18n import t
from playground.core.runtime import spawnable_main

GOAL_LEAKS = 0
GOAL_CHURN_P95_S = 0.5
GOAL_QUEUE_START_S = 5.0
GOAL_FLOOD_PEAK_MB = 300.0
GOAL_FLOOD_BACK_MB = 60.0
ATTACKER, VICTIM = "127.0.0.2", "127.0.0.3"  # two networks, as the server sees them
MB = 2**20

# --- 1. a live model's writing, seen by another visitor? ----------------------------------------------
SECRET_TEXT = "QQQ hello world SECRET QQQ\n" * 200
OTHER_TEXT = "hello world zzz\n" * 300
LIVE_LINK = urlencode({"lm_source": "paste", "lm_live_cell": "rnn", "lm_live_hidden": 32, "lm_live_layers": 1,
                       "lm_live_bptt": 16, "lm_live_steps": 50})
CELLS_LINK = urlencode({"cells_source": "paste", "cells_text": "hello world hello world", "cells_clamp_prompt": "hello"})


async def train_live(session: TrainingSession, text: str, timeout_s: float = 120.0) -> bool:
    """Paste ``text`` into the char-LM page's live training, start it, and follow its panel as the
    browser does until the page says the model is ready; True when it did."""
    ready = t("charlm.live.ready", "en", id=1).split("#")[0]
    await session.change("lm_live_text", text)
    await session.click("lm_live_start")
    deadline = time.monotonic() + timeout_s
    while not session.says(ready) and time.monotonic() < deadline:
        fragment = next(iter(session.auto_reruns), None)
        if fragment is None:
            return False
        await asyncio.sleep(0.3)
        await session.poll(fragment)
    return session.says(ready)


async def clamp_with_own_model(session: TrainingSession) -> str:
    """On the cells page: pick this session's live model and run the clamp; the two texts it wrote."""
    await session.goto("charlm_cells", CELLS_LINK)
    await session.set_widget("cells_model", "string_array_value", [t("charlm.model.live", "en", id=1)])
    session.code_blocks.clear()
    await session.click("cells_clamp_ask")
    return "\n".join(session.code_blocks)


async def leak(url: str) -> dict:
    """A trains on SECRET_TEXT, B on OTHER_TEXT; both run the clamp on their model #1."""
    texts = {}
    for who, text in (("a", SECRET_TEXT), ("b", OTHER_TEXT)):
        session = TrainingSession(url, "charlm", query_string=LIVE_LINK)
        try:
            await session.open()
            if not await train_live(session, text):
                return {"measured": False, "why": f"visitor {who}'s live model never became ready"}
            texts[who] = await clamp_with_own_model(session)
        finally:
            await session.close()
    leaked = "SECRET" in texts["b"] or texts["a"] == texts["b"]
    return {"measured": True, "a_wrote": texts["a"][:160], "b_wrote": texts["b"][:160],
            "a_has_secret": "SECRET" in texts["a"], "leaks": int(leaked), "goal": GOAL_LEAKS}


# --- 2. fresh sessions to dodge the fair share ----------------------------------------------------------
def _prompt(rng: random.Random, length: int = 290) -> str:
    words = ("ROMEO", "thou", "art", "the", "king", "my", "lord", "love", "night", "sweet", "fair", "come", "hither")
    text = ""
    while len(text) < length:
        text += rng.choice(words) + rng.choice(" \n,")
    return text[:length]


async def _churner(url: str, index: int, stop: asyncio.Event, opened: list, errors: list) -> None:
    rng = random.Random(1000 + index)
    while not stop.is_set():
        link = urlencode({"lm_strategy": "beam", "lm_width": 10, "lm_length": 400, "lm_prompt": _prompt(rng)})
        session = LightSession(url, "charlm", query_string=link, source=ATTACKER)
        try:
            await session.open(timeout_s=120.0)
            opened.append(time.monotonic())
        except Exception as exc:
            errors.append(f"churner {index}: {type(exc).__name__}: {exc}")
            await asyncio.sleep(1.0)
        finally:
            await session.close()


def _reviews(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    words = ("the", "film", "was", "great", "boring", "plot", "acting", "not", "bad", "at", "all", "music", "slow")
    return [" ".join(rng.choice(words) for _ in range(rng.randint(4, 9))) + f" {k}" for k in range(count)]


async def victim(url: str, seconds: float, reviews: list[str], skip_s: float = 0.0, source: str = "") -> list[float]:
    """A visitor typing a new review every ~1 s for ``seconds``: how long each took (after ``skip_s``)."""
    session = LightSession(url, "sentiment", source=source)
    await session.open()
    times: list[float] = []
    started = time.monotonic()
    while time.monotonic() - started < seconds and reviews:
        took = await session.change("senti_review", reviews.pop())
        if time.monotonic() - started >= skip_s:
            times.append(took)
        await asyncio.sleep(max(0.0, 1.0 - took))
    await session.close()
    return times


def victim_process(url: str, seconds: float, reviews: list[str], skip_s: float = 0.0, source: str = "") -> list[float]:
    """The victim in a process of its own, so that the attackers' client never delays its clock."""
    return asyncio.run(victim(url, seconds, list(reviews), skip_s, source))


def victim_pool() -> ProcessPoolExecutor:
    """One process of its own for a victim, started now, so that what this process's ``__main__`` is
    (a page script, once AppTest has run here) does not reach it (``runtime.spawnable_main``)."""
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    with spawnable_main():
        pool.submit(os.getpid).result()
    return pool


async def victim_beside(url: str, attack, seconds: float, warmup_s: float, alone_s: float,
                        source: str = VICTIM) -> tuple[list[float], list[float], float]:
    """The victim's reviews alone for ``alone_s``, then for ``warmup_s + seconds`` while ``attack(stop)``
    runs (it starts its tasks and returns them; they end once ``stop`` is set) -> (the reviews alone, those
    after the warm-up under attack, the attack's seconds). The victim runs in a process of its own."""
    loop = asyncio.get_running_loop()
    pool = victim_pool()
    try:
        alone = await loop.run_in_executor(pool, victim_process, url, alone_s, _reviews(200, 1),
                                           min(2.0, alone_s / 2), source)
        stop = asyncio.Event()
        tasks = attack(stop)
        started = time.monotonic()
        under = await loop.run_in_executor(pool, victim_process, url, warmup_s + seconds, _reviews(400, 2),
                                           warmup_s, source)
        stop.set()
        wall = time.monotonic() - started
        await asyncio.wait(tasks, timeout=120.0)
    finally:
        pool.shutdown()
    return alone, under, wall


async def churn(url: str, churners: int = 12, seconds: float = 60.0, warmup_s: float = 10.0,
                alone_s: float = 20.0) -> dict:
    opened, errors = [], []

    def attack(stop: asyncio.Event) -> list[asyncio.Task]:
        return [asyncio.create_task(_churner(url, k, stop, opened, errors)) for k in range(churners)]

    alone, under, wall = await victim_beside(url, attack, seconds, warmup_s, alone_s)
    return {"churners": churners, "page_opens": len(opened), "opens_per_s": round(len(opened) / wall, 2),
            "victim_alone_p95_s": _r(percentile(alone, 95)) if alone else None,
            "victim_n": len(under), "victim_p50_s": _r(statistics.median(under)) if under else None,
            "victim_p95_s": _r(percentile(under, 95)) if under else None, "goal_p95_s": GOAL_CHURN_P95_S,
            "errors": errors[:5]}


# --- 3. made-up identities in the training line ----------------------------------------------------------
SPAN_SUBMIT = "grad_span_run"
TWO_ONES_SUBMIT = "ones_train_start"
SMALL_LM_LINK = urlencode({"lm_live_cell": "rnn", "lm_live_hidden": 32, "lm_live_layers": 1, "lm_live_steps": 50})


def forged_cookie(rng: random.Random) -> dict[str, str]:
    """A made-up Streamlit XSRF cookie (version 1: the token itself, 16 random bytes in hex)."""
    return {"Cookie": f"_streamlit_xsrf={rng.randbytes(16).hex()}"}


async def queue_under_forged(url: str, page: str, query: str, button: str, count: int, rng,
                             source: str = ATTACKER) -> list[TrainingSession]:
    """``count`` sessions from ``source``, each under a made-up cookie, open ``page`` and press ``button``."""
    sessions = []
    for _ in range(count):
        session = TrainingSession(url, page, query_string=query, source=source, headers=forged_cookie(rng))
        await session.open()
        await session.click(button)
        sessions.append(session)
    return sessions


async def until_running(session: TrainingSession, started: float, limit_s: float = 90.0) -> float:
    """Seconds from ``started`` until the session's page shows its job running (its panel polled as a browser does)."""
    while not session.progress and time.perf_counter() - started < limit_s:
        fragment = next(iter(session.auto_reruns), None)
        if fragment is None:
            break
        await asyncio.sleep(0.1)  # a browser waits the interval the server asked for: this measures sooner
        await session.poll(fragment)
    return time.perf_counter() - started if session.progress else float("inf")


def place_in_line(session: TrainingSession) -> int | None:
    """The place in line the session's page says (None: it says none)."""
    for text in session.texts:
        if QUEUED in text:
            digits = "".join(c for c in text.split(QUEUED, 1)[1].split(".")[0] if c.isdigit())
            return int(digits) if digits else None
    return None


async def forged_queue(url: str, forged: int = 10, forged_heavy: int = 4) -> dict:
    rng = random.Random(37)
    attackers = await queue_under_forged(url, "gradients", "", SPAN_SUBMIT, forged, rng)
    accepted = sum(bool(s.says(QUEUED) or s.progress) for s in attackers)  # in line or running
    victim = TrainingSession(url, "two_ones", source=VICTIM)
    await victim.open()
    started = time.perf_counter()
    await victim.click(TWO_ONES_SUBMIT)
    place = place_in_line(victim)
    took = await until_running(victim, started)
    for session in (*attackers, victim):
        await session.close()
    heavy = await queue_under_forged(url, "charlm", HEAVY_LINK, "lm_live_start", forged_heavy, rng)
    small = TrainingSession(url, "charlm", query_string=SMALL_LM_LINK, source=VICTIM)
    await small.open()
    await small.click("lm_live_start")
    heavy_place = place_in_line(small) or (0 if small.progress else None)
    for session in (*heavy, small):
        await session.close()
    return {"forged": forged, "forged_accepted": accepted, "victim_place": place, "victim_start_s": _r(took),
            "goal_start_s": GOAL_QUEUE_START_S, "forged_heavy": forged_heavy, "victim_heavy_place": heavy_place}


# --- 4. the largest text the server takes, 24 times at once -----------------------------------------------
def widget_limit_bytes() -> int:
    """The largest message a client may send (``server.maxWidgetStateSize`` in .streamlit/config.toml, MB)."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    return int(config.get("server", {}).get("maxWidgetStateSize", 25) * 1_000_000)


async def _oversize_refused(url: str, size: int) -> bool:
    """Whether the server refuses one message of ``size`` bytes (closes the socket) rather than run it."""
    session = LightSession(url, "sentiment")
    await session.open()
    try:
        await session.change("senti_review", "a" * size, timeout_s=30.0)
        return False
    except Exception:
        return True
    finally:
        await session.close()


async def memory_flood(url: str, pid: int, sessions: int = 24, after_s: float = 60.0, oversize_mb: float = 9.0) -> dict:
    warm = LightSession(url, "sentiment")
    await warm.open()
    await warm.close()
    await asyncio.sleep(2.0)
    started_mb = rss_bytes(pid) / MB
    limit = widget_limit_bytes()
    refused = await _oversize_refused(url, int(max(oversize_mb * MB, limit + MB)))
    size = limit - 64 * 1024  # the envelope and the page's other widgets fit in what is left
    clients = [LightSession(url, "sentiment") for _ in range(sessions)]
    await asyncio.gather(*(c.open() for c in clients))
    opened_mb = rss_bytes(pid) / MB
    errors: list[str] = []
    with PeakRSS(pid) as peak:
        results = await asyncio.gather(*(c.change("senti_review", chr(97 + k % 26) * size, timeout_s=120.0)
                                         for k, c in enumerate(clients)), return_exceptions=True)
    errors += [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    await asyncio.gather(*(c.close() for c in clients))
    left = time.monotonic()
    trace = []
    while time.monotonic() - left < after_s:
        await asyncio.sleep(min(5.0, after_s))
        trace.append(round(rss_bytes(pid) / MB))
    after_mb = rss_bytes(pid) / MB
    return {"sessions": sessions, "text_bytes": size, "limit_bytes": limit, "oversize_refused": refused,
            "started_mb": round(started_mb), "opened_mb": round(opened_mb), "peak_mb": round(peak.bytes / MB),
            "peak_above_start_mb": round(peak.bytes / MB - started_mb), "after_s": after_s,
            "after_mb": round(after_mb), "after_above_start_mb": round(after_mb - started_mb), "trace_mb": trace,
            "goal_peak_mb": GOAL_FLOOD_PEAK_MB, "goal_back_mb": GOAL_FLOOD_BACK_MB, "errors": errors[:5]}


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)

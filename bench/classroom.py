"""A classroom on one box: 30 light sessions, each typing into a heavy page's main box every ~5 s.

Each student is a ``bench.light_client.LightSession`` (the app's websocket protocol, no browser):
it opens one of the heaviest pages (sentiment, char-LM, seq2seq, beyond: the ones that run a
trained model on what is typed), then, for ``minutes``, types a new text every ~5 s (jittered, so
the class does not click in step) and waits for the rerun to finish. Texts come from grammars of
600-840 texts per page, dealt to the whole class from one shuffled deck (``Deck``): in a 3-minute
class of 60 no text is typed twice, so no cache the pages keep for every session answers for them.

Reported: interaction latency p50 / p95 (all and per page), errors (exceptions on a page, runs
that did not finish), the server's RSS (loaded and peak) and CPU (cores busy on average), the
client's own CPU (to show it measured the server, not itself), and whether every shared model is
byte-identical before and after (``RNN_PLAYGROUND_DIAGNOSTICS=1``, ``playground.core.diagnostics``).

``student`` is shared with ``bench.replicas`` (the same class behind HAProxy), whose ``connect`` hook
reaches each student's replica through the proxy and which lets a student rejoin a dropped socket.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import statistics
import time
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed

from bench.harness import streamlit_server
from bench.interaction import PeakRSS, cpu_seconds, percentile, rss_bytes
from bench.light_client import LightSession

GOAL_P95_S = 1.5
GOAL_RSS_MB = 690.0


def _texts() -> dict[str, tuple[str, list[str]]]:
    """Each loaded page's main text box and the texts a class types into it: 600-840 per page, so
    that a 3-minute class of 60 (about 550 texts a page) types few the server has seen (the pages keep
    readings, searches and samples for every session: a repeated text costs little)."""
    reviews = [f"the {a} was {b}" + (f", {c}" if c else "") for a, b, c in itertools.product(
        ("film", "plot", "acting", "music", "ending", "story", "cast", "dialogue"),
        ("great", "terrible", "boring", "wonderful", "not bad at all", "not good", "far too long", "really moving",
         "a bit slow", "quite funny"),
        ("", "I loved it", "a waste of time", "I would watch it again", "but the rest was fine", "and I was bored",
         "what a surprise", "never again", "my friends agreed"))]
    prompts = [f"{who}:\n{first}{then}" for who, first, then in itertools.product(
        ("ROMEO", "JULIET", "HAMLET", "KING RICHARD III", "First Citizen", "MENENIUS", "LADY MACBETH", "OTHELLO",
         "IAGO", "PORTIA", "BRUTUS", "CORIOLANUS", "FALSTAFF", "PROSPERO"),
        ("", "O ", "My lord, ", "What ", "Good morrow, ", "I pray you, ", "Nay, ", "Alas, ", "Come, ", "Hark! "),
        ("", "the king", "my love", "sweet friend", "good sir", "my lady"))]
    sentences = [f"{who}{when}{verb}{what}。" for who, when, verb, what in itertools.product(
        ("我", "他", "我们", "她", "你", "他们"), ("", "今天", "明天", "每天", "昨天"), ("喜欢", "不喜欢", "想", "常常"),
        ("喝咖啡", "看书", "学习中文", "吃苹果", "去北京", "看电影"))]
    blanks = [f"{lead}{left}__{right}" for lead, left, right in itertools.product(
        ("", "我觉得", "听说", "其实", "昨天", "老师说"),
        ("我吃了一个", "我在", "他是我的", "今天", "我们一起去", "她喜欢", "你想", "明天我要", "这是一本", "他们在"),
        ("", "。", "工作", "学校", "吃饭", "很好", "的书", "里", "了", "的人"))]
    return {"sentiment": ("senti_review", reviews), "charlm": ("lm_prompt", prompts),
            "seq2seq": ("s2s_text", sentences), "beyond": ("beyond_cloze_text", blanks)}


class Deck:
    """The texts of each page, shuffled once and dealt to the whole class in turn: no text comes
    twice until a page's texts are all used (then they come round again, as a class repeats itself)."""

    def __init__(self, seed: int = 7) -> None:
        self._texts = {page: random.Random(seed).sample(values, len(values))
                       for page, (_, values) in _texts().items()}
        self._next = dict.fromkeys(self._texts, 0)

    def deal(self, page: str) -> str:
        values, i = self._texts[page], self._next[page]
        self._next[page] = i + 1
        return values[i % len(values)]


Connect = Callable[[int, str], LightSession]  # (student index, page) -> a session, not yet open


def direct(url: str) -> Connect:
    """Students connecting straight to the server at ``url`` (``ws://host:port``)."""
    return lambda index, page: LightSession(url, page)


def record() -> dict:
    """What students write while they run: interactions as (finished at, student, page, seconds);
    and the deck they all type from."""
    return {"open_s": [], "interactions": [], "errors": [], "reconnect_s": [], "deck": Deck()}


async def student(index: int, connect: Connect, seconds: float, interval: float, out: dict,
                  rejoin: bool = False) -> None:
    """Student ``index`` opens its page and types into it every ~``interval`` s for ``seconds``.
    With ``rejoin``, a dropped socket (its server died behind a proxy) is a reconnect, as a browser
    reconnects: the session is opened again and the student goes on; without, an error."""
    texts = _texts()
    page = list(texts)[index % len(texts)]
    key = texts[page][0]
    session = connect(index, page)

    async def went_on(exc: Exception, doing: str) -> bool:
        """With ``rejoin``, a dropped socket is reopened (True); anything else is an error (False)."""
        if rejoin and isinstance(exc, ConnectionClosed):
            try:
                out["reconnect_s"].append(await session.open())
                return True
            except Exception as again:
                exc, doing = again, "reconnect"
        out["errors"].append(f"student {index} {page} {doing}: {type(exc).__name__}: {exc}")
        return False

    try:
        out["open_s"].append(await session.open())
    except Exception as exc:  # a page that never answered
        if not await went_on(exc, "open"):
            return
    rng = random.Random(1000 + index)
    deadline = time.monotonic() + seconds
    await asyncio.sleep(rng.uniform(0, interval))  # the class does not start in step
    while time.monotonic() < deadline:
        value = out["deck"].deal(page)  # a text nobody in the class has typed yet
        try:
            took = await session.change(key, value)
        except Exception as exc:
            if await went_on(exc, "change"):
                continue
            break
        out["interactions"].append((time.monotonic(), index, page, took))
        await asyncio.sleep(max(0.0, interval * rng.uniform(0.8, 1.2) - took))
    out["errors"].extend(f"student {index} {exception}" for exception in session.exceptions)
    await session.close()


async def warm(url: str) -> list[str]:
    """One student per page on the server at ``url``, so that every model is loaded; their errors."""
    out = record()
    await asyncio.gather(*(student(i, direct(url), 0.0, 0.0, out) for i in range(len(_texts()))))
    return out["errors"]


def latency(interactions: list[tuple]) -> dict:
    """p50 / p95 of ``interactions`` (as ``record`` keeps them), all and per page."""
    every = [took for *_, took in interactions]
    by_page: dict[str, list[float]] = {}
    for _, _, page, took in interactions:
        by_page.setdefault(page, []).append(took)
    return {"interactions": len(every), "p50_s": statistics.median(every) if every else 0.0,
            "p95_s": percentile(every, 95) if every else 0.0,
            "by_page": {page: {"n": len(times), "p50_s": statistics.median(times), "p95_s": percentile(times, 95)}
                        for page, times in by_page.items()}}


async def _fingerprints(url: str) -> dict:
    session = LightSession(url, "", query_string="diagnostics")
    await session.open()
    await session.close()
    return json.loads(session.code_blocks[0])


async def _class(url: str, pid: int, students: int, seconds: float, interval: float) -> dict:
    warm_errors = await warm(url)
    before = await _fingerprints(url)
    loaded = rss_bytes(pid)
    out = record()
    server_cpu, client_cpu, started = cpu_seconds(pid), time.process_time(), time.perf_counter()
    with PeakRSS(pid) as peak:
        await asyncio.gather(*(student(i, direct(url), seconds, interval, out) for i in range(students)))
    wall = time.perf_counter() - started
    server_cpu, client_cpu = cpu_seconds(pid) - server_cpu, time.process_time() - client_cpu
    after = await _fingerprints(url)
    return {
        "students": students, "seconds": round(wall, 1), "interval_s": interval, **latency(out["interactions"]),
        "open_p50_s": statistics.median(out["open_s"]), "open_p95_s": percentile(out["open_s"], 95),
        "errors": warm_errors + out["errors"],
        "rss_loaded_mb": loaded / 2**20, "rss_peak_mb": peak.bytes / 2**20,
        "server_cores_busy": server_cpu / wall, "client_cores_busy": client_cpu / wall,
        "cpus": os.cpu_count(), "goal_p95_s": GOAL_P95_S, "goal_rss_mb": GOAL_RSS_MB,
        "shared_models_checked": len(before["models"]),
        "shared_models_changed": [k for k, v in before["models"].items() if after["models"].get(k) != v],
    }


def run(students: int = 30, minutes: float = 3.0, interval: float = 5.0) -> dict:
    """Start a server (diagnostics on), warm it, then hold a class of ``students`` for ``minutes``."""
    env = {"RNN_PLAYGROUND_DIAGNOSTICS": "1"}
    with streamlit_server(env=env) as (port, proc):
        return asyncio.run(_class(f"ws://127.0.0.1:{port}", proc.pid, students, minutes * 60, interval))


if __name__ == "__main__":  # python -m bench.classroom [students] [minutes]
    import sys

    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 30,
                         float(sys.argv[2]) if len(sys.argv) > 2 else 3.0), indent=1))

"""A classroom on one box: 30 light sessions, each typing into a heavy page's main box every ~5 s.

Each student is a ``bench.light_client.LightSession`` (the app's websocket protocol, no browser):
it opens one of the heaviest pages (sentiment, char-LM, seq2seq, beyond: the ones that run a
trained model on what is typed), then, for ``minutes``, types a new text every ~5 s (jittered, so
the class does not click in step) and waits for the rerun to finish. Texts come from small
grammars, shuffled per student, so most inputs are new to the server's caches, as a class's are.

Reported: interaction latency p50 / p95 (all and per page), errors (exceptions on a page, runs
that did not finish), the server's RSS (loaded and peak) and CPU (cores busy on average), the
client's own CPU (to show it measured the server, not itself), and whether every shared model is
byte-identical before and after (``RNN_PLAYGROUND_DIAGNOSTICS=1``, ``playground.diagnostics``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import statistics
import time

from bench.harness import streamlit_server
from bench.interaction import PeakRSS, cpu_seconds, percentile, rss_bytes
from bench.light_client import LightSession

GOAL_P95_S = 1.5
GOAL_RSS_MB = 690.0


def _texts() -> dict[str, tuple[str, list[str]]]:
    """Each loaded page's main text box and the texts a class types into it."""
    reviews = [f"the {a} was {b}" + (f", {c}" if c else "") for a, b, c in itertools.product(
        ("film", "plot", "acting", "music", "ending"),
        ("great", "terrible", "boring", "wonderful", "not bad at all", "not good"),
        ("", "I loved it", "a waste of time"))]
    prompts = [f"{who}:\n{first}" for who, first in itertools.product(
        ("ROMEO", "JULIET", "HAMLET", "KING RICHARD III", "First Citizen", "MENENIUS", "LADY MACBETH"),
        ("", "O ", "My lord, ", "What "))]
    sentences = [f"{who}{verb}{what}。" for who, verb, what in itertools.product(
        ("我", "他", "我们"), ("喜欢", "不喜欢", "每天", "想"), ("喝咖啡", "看书", "学习中文", "吃苹果", "去北京"))]
    blanks = [f"{left}__{right}" for left, right in itertools.product(
        ("我吃了一个", "我在", "他是我的", "今天", "我们一起去"), ("", "。", "工作", "学校"))]
    return {"sentiment": ("senti_review", reviews), "charlm": ("lm_prompt", prompts),
            "seq2seq": ("s2s_text", sentences), "beyond": ("beyond_cloze_text", blanks)}


async def _student(index: int, url: str, seconds: float, interval: float, out: dict) -> None:
    texts = _texts()
    page = list(texts)[index % len(texts)]
    key, values = texts[page]
    values = random.Random(index).sample(values, len(values))
    session = LightSession(url, page)
    try:
        out["open_s"].append(await session.open())
    except Exception as exc:  # a page that never answered
        out["errors"].append(f"student {index} {page} open: {type(exc).__name__}: {exc}")
        return
    rng = random.Random(1000 + index)
    deadline = time.monotonic() + seconds
    await asyncio.sleep(rng.uniform(0, interval))  # the class does not start in step
    for value in itertools.cycle(values):
        if time.monotonic() >= deadline:
            break
        try:
            took = await session.change(key, value)
        except Exception as exc:
            out["errors"].append(f"student {index} {page}: {type(exc).__name__}: {exc}")
            break
        out["latency_s"].setdefault(page, []).append(took)
        await asyncio.sleep(max(0.0, interval * rng.uniform(0.8, 1.2) - took))
    out["errors"].extend(session.exceptions)
    await session.close()


async def _fingerprints(url: str) -> dict:
    session = LightSession(url, "", query_string="diagnostics")
    await session.open()
    await session.close()
    return json.loads(session.code_blocks[0])



async def _class(url: str, pid: int, students: int, seconds: float, interval: float) -> dict:
    warm = {"open_s": [], "latency_s": {}, "errors": []}  # one student per page first: every model loaded
    await asyncio.gather(*(_student(i, url, 0.0, 0.0, warm) for i in range(len(_texts()))))
    before = await _fingerprints(url)
    loaded = rss_bytes(pid)
    out = {"open_s": [], "latency_s": {}, "errors": []}
    server_cpu, client_cpu, started = cpu_seconds(pid), time.process_time(), time.perf_counter()
    with PeakRSS(pid) as peak:
        await asyncio.gather(*(_student(i, url, seconds, interval, out) for i in range(students)))
    wall = time.perf_counter() - started
    server_cpu, client_cpu = cpu_seconds(pid) - server_cpu, time.process_time() - client_cpu
    after = await _fingerprints(url)
    every = [t for times in out["latency_s"].values() for t in times]
    return {
        "students": students, "seconds": round(wall, 1), "interval_s": interval, "interactions": len(every),
        "p50_s": statistics.median(every), "p95_s": percentile(every, 95),
        "by_page": {page: {"n": len(times), "p50_s": statistics.median(times), "p95_s": percentile(times, 95)}
                    for page, times in out["latency_s"].items()},
        "open_p50_s": statistics.median(out["open_s"]), "open_p95_s": percentile(out["open_s"], 95),
        "errors": warm["errors"] + out["errors"],
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

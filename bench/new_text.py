"""Server CPU for a text the server has never seen: what a class typing costs.

The latency part alternates two values, so the caches answer half of its changes. Here one light
session per heavy page (``bench.light_client``) types ``changes`` texts from the classroom's
grammars (``bench.classroom._texts``), each new to the server, and the server process's CPU time
around them is divided by their number. Goal: 100 ms per text on every page (issue 27).
"""

from __future__ import annotations

import asyncio
import random
import statistics
from concurrent.futures import ThreadPoolExecutor

from bench.harness import streamlit_server
from bench.interaction import cpu_seconds
from bench.light_client import LightSession

GOAL_CPU_S = 0.100


async def _page(url: str, pid: int, page: str, key: str, values: list[str], changes: int) -> dict:
    session = LightSession(url, page)
    await session.open()
    await session.change(key, values[-1])  # the page's first run of this kind of text (lazy imports, models)
    walls, before = [], cpu_seconds(pid)
    for value in values[:changes]:
        walls.append(await session.change(key, value))
    spent = cpu_seconds(pid) - before
    await session.close()
    return {"changes": len(walls), "cpu_per_text_s": spent / len(walls), "wall_p50_s": statistics.median(walls),
            "errors": session.exceptions}


async def _pages(url: str, pid: int, changes: int) -> dict:
    from bench.classroom import _texts as texts  # the class's grammars: the inputs of the load test

    out = {}
    for page, (key, values) in texts().items():
        values = random.Random(7).sample(values, len(values))
        out[page] = await _page(url, pid, page, key, values, changes)
    return out


def run(changes: int = 10) -> dict:
    """One server; each heavy page gets ``changes`` texts it has not seen."""
    with streamlit_server() as (port, proc), ThreadPoolExecutor(1) as worker:
        # a thread of its own: the bench's Playwright keeps an event loop running in this one
        pages = worker.submit(asyncio.run, _pages(f"ws://127.0.0.1:{port}", proc.pid, changes)).result()
    return {"pages": pages, "goal_cpu_s": GOAL_CPU_S}


if __name__ == "__main__":  # python -m bench.new_text [changes]
    import json
    import sys

    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 10), indent=1))

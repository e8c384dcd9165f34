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


_ONE_PAGE = """
import asyncio, json, random
from concurrent.futures import ThreadPoolExecutor
from bench.classroom import _texts
from bench.harness import streamlit_server
from bench.new_text import _page
key, values = _texts()[{page!r}]
values = random.Random(7).sample(values, len(values))
with streamlit_server() as (port, proc), ThreadPoolExecutor(1) as worker:
    done = worker.submit(asyncio.run, _page(f"ws://127.0.0.1:{{port}}", proc.pid, {page!r}, key, values, {changes}))
    print(json.dumps(done.result()))
"""


def compare(page: str, trees: list[str], changes: int = 15, rounds: int = 3) -> dict:
    """One page's server CPU per new text for each of ``trees`` (checkouts of this repository: the code before
    and after a change), a fresh server each, the trees taking turns ``rounds`` times: this host's speed drifts
    by a quarter between hours, so a change is measured against the code before it, back to back."""
    import json
    import os
    import subprocess
    import sys

    spent: dict[str, list[float]] = {tree: [] for tree in trees}
    for _ in range(rounds):
        for tree in trees:
            done = subprocess.run([sys.executable, "-c", _ONE_PAGE.format(page=page, changes=changes)], cwd=tree,
                                  env={**os.environ, "PYTHONPATH": tree}, capture_output=True, text=True, check=True)
            spent[tree].append(round(json.loads(done.stdout.splitlines()[-1])["cpu_per_text_s"] * 1000, 1))
    return {tree: {"cpu_ms_per_text": sorted(ms), "median_ms": statistics.median(ms)} for tree, ms in spent.items()}


if __name__ == "__main__":  # python -m bench.new_text [changes] | python -m bench.new_text ab PAGE TREE... [changes rounds]
    import json
    import sys

    if sys.argv[1:2] == ["ab"]:
        trees = [arg for arg in sys.argv[3:] if not arg.isdigit()]
        numbers = [int(arg) for arg in sys.argv[3:] if arg.isdigit()]
        print(json.dumps(compare(sys.argv[2], trees, *numbers), indent=1))
    else:
        print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 10), indent=1))

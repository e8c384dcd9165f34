"""Concurrent load: 20 browser sessions at once, each walking every page and starting one live
training job (the two-1s RNN with 2,000 steps, so that jobs overlap and the cap is visible).

Reported: exceptions seen (goal 0), pages that did not answer (goal 0), page render time p50 / p95
under load against one session alone, sessions that saw the "waiting" message (the job cap at
work), the server's peak RSS, and whether every shared model's fingerprint is identical before
and after (the server runs with ``RNN_PLAYGROUND_DIAGNOSTICS=1``; see ``playground.core.diagnostics``).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import time

from playwright.async_api import async_playwright

from bench.harness import CHROMIUM_ARGS, RENDERED, chromium_path, streamlit_server
from bench.interaction import PeakRSS, page_url, pages, percentile, rss_bytes
from playground.core.i18n import t
from playground.lessons import PAGES

NOT_RUNNING = """() => { const e = document.querySelector("[data-test-script-state]");
  return e && e.getAttribute('data-test-script-state') === 'notRunning'; }"""


async def _rendered(page, timeout_ms: float = 300_000) -> None:
    await page.wait_for_selector(RENDERED, state="attached", timeout=timeout_ms)
    await page.wait_for_function(NOT_RUNNING, timeout=timeout_ms, polling=50)


async def _fingerprints(context, base: str) -> dict:
    page = await context.new_page()
    await page.goto(f"{base}/?diagnostics")
    await page.wait_for_selector("[data-testid='stCode']", timeout=120_000)
    text = await page.locator("[data-testid='stCode'] code").first.inner_text()
    await page.close()
    return json.loads(text)


async def _session(browser, base: str, index: int, out: dict, longest_job: bool = True,
                   keys: tuple[str, ...] | None = None) -> None:
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    try:
        for spec in pages(keys):
            started = time.perf_counter()
            try:
                await page.goto(page_url(base, spec), timeout=300_000)
                await _rendered(page)
            except Exception as exc:  # a page that never answered
                out["unanswered"].append(f"session {index} {spec.key}: {type(exc).__name__}")
                continue
            out["render_s"].append(time.perf_counter() - started)
            if await page.locator("[data-testid='stException']").count():
                out["exceptions"].append(f"session {index} {spec.key}: "
                                         + await page.locator("[data-testid='stException']").first.inner_text())
        # one live-training job: the two-1s RNN, steps slider pushed to its maximum (or minimum)
        two_ones = next(s for s in PAGES if s.key == "two_ones")
        await page.goto(page_url(base, two_ones))
        await _rendered(page)
        steps = page.locator(".st-key-ones_train_steps input[type='range']").first  # (a panel, no longer a form)
        await steps.focus()
        await steps.press("End" if longest_job else "Home")
        await _rendered(page)  # the new value is kept (and in the link) before Start
        await page.locator(".st-key-ones_train_start button").click()
        deadline = time.monotonic() + 600
        waiting_text = t("job.waiting", "en", running="", cap="").split(":")[0]
        while time.monotonic() < deadline:
            body = await page.locator("[data-testid='stMain']").inner_text()
            if waiting_text in body:
                out["saw_waiting"].add(index)
            if t("job.done", "en") in body or t("two.train.yours", "en")[:30] in body:
                out["jobs_done"] += 1
                break
            await asyncio.sleep(0.5)
        if await page.locator("[data-testid='stException']").count():
            out["exceptions"].append(f"session {index} training: exception element")
    finally:
        await context.close()



async def _run(base: str, pid: int, sessions: int, longest_job: bool, keys: tuple[str, ...] | None) -> dict:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        # one session alone first: it loads every model and gives the unloaded baseline
        alone = {"render_s": [], "exceptions": [], "unanswered": [], "saw_waiting": set(), "jobs_done": 0}
        await _session(browser, base, -1, alone, longest_job, keys)
        context = await browser.new_context()
        before = await _fingerprints(context, base)
        loaded_rss = rss_bytes(pid)
        out = {"render_s": [], "exceptions": [], "unanswered": [], "saw_waiting": set(), "jobs_done": 0}
        started = time.perf_counter()
        with PeakRSS(pid) as peak:
            await asyncio.gather(*(_session(browser, base, i, out, longest_job, keys) for i in range(sessions)))
        wall = time.perf_counter() - started
        after = await _fingerprints(context, base)
        await context.close()
        await browser.close()
    changed = [k for k, v in before["models"].items() if after["models"].get(k) != v]
    return {
        "sessions": sessions, "wall_s": wall,
        "exceptions": out["exceptions"] + alone["exceptions"], "unanswered": out["unanswered"] + alone["unanswered"],
        "render_alone_p50_s": statistics.median(alone["render_s"]), "render_alone_p95_s": percentile(alone["render_s"], 95),
        "render_load_p50_s": statistics.median(out["render_s"]), "render_load_p95_s": percentile(out["render_s"], 95),
        "sessions_that_waited_for_a_slot": len(out["saw_waiting"]), "jobs_done": out["jobs_done"],
        "job_cap": after["jobs"]["cap"], "jobs_running_after": after["jobs"]["running"],
        "rss_loaded_mb": loaded_rss / 2**20, "rss_peak_mb": peak.bytes / 2**20,
        "shared_models_checked": len(before["models"]), "shared_models_changed": changed,
    }


def run(sessions: int = 20, longest_job: bool = True, keys: tuple[str, ...] | None = None) -> dict:
    """``sessions`` browsers at once, each walking every page (of ``keys``) and training the longest
    two-1s job the form offers (or the shortest)."""
    os.environ["RNN_PLAYGROUND_DIAGNOSTICS"] = "1"  # inherited by the server process
    try:
        with streamlit_server() as (port, proc):
            return asyncio.run(_run(f"http://127.0.0.1:{port}", proc.pid, sessions, longest_job, keys))
    finally:
        os.environ.pop("RNN_PLAYGROUND_DIAGNOSTICS", None)


if __name__ == "__main__":  # python -m bench.load [sessions]
    import sys

    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20), indent=1, default=list))

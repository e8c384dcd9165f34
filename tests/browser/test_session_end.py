"""Closing the browser tab stops the jobs that session started (its session-scoped resources are
released when Streamlit ends the session; the server here ends it 1 s after the tab is gone,
by default Streamlit waits 2 minutes for a reconnect)."""

import asyncio
import concurrent.futures
import json
import time

from bench.harness import streamlit_server, wait_rendered
from bench.light_client import LightSession
from playground.core.i18n import t


async def _diagnostics(port: int) -> dict:
    session = LightSession(f"ws://127.0.0.1:{port}", "", query_string="diagnostics")
    await session.open()
    await session.close()
    return json.loads(session.code_blocks[0])


def _jobs(port: int) -> dict:
    """The server's job counts, read by a session of the light client (the bench's websocket client): a
    reading in a browser tab cost Chromium a page load each second. A thread of its own: Playwright's sync
    API may hold an event loop in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _diagnostics(port)).result()["jobs"]


def _wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(1.0)
    return False


def test_closing_the_tab_stops_its_training_job(browser):
    with streamlit_server(extra_args=("--server.disconnectedSessionTTL", "1"),
                          env={"RNN_PLAYGROUND_DIAGNOSTICS": "1"}) as (port, _):
        base = f"http://127.0.0.1:{port}"
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(f"{base}/charlm?lm_source=python")
        wait_rendered(page)
        steps = page.locator(".st-key-lm_live_steps input[type='range']").first
        steps.focus()
        steps.press("End")  # 5,000 steps: the job is still training when the tab closes
        wait_rendered(page)
        page.get_by_role("button", name=t("charlm.live.start", "en")).click()
        assert _wait_for(lambda: _jobs(port)["running"] == 1, 120), "the live training job did not start"
        time.sleep(3.0)
        assert _jobs(port)["running"] == 1, "the job ended on its own before the tab closed"
        context.close()  # the tab goes away while the job is still training
        assert _wait_for(lambda: _jobs(port)["running"] == 0, 120), "the job outlived its session"

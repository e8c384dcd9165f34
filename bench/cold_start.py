"""Cold start: from `streamlit run` to the first page fully rendered in Chromium.

Measured for this app and for a bare Streamlit page that only imports torch, alternating the
two in the same run so that both see the same machine. Goal: app / bare <= 1.3.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bench.harness import POLL_MS, ROOT, streamlit_server, wait_healthy, wait_rendered

BARE_PAGE = 'import streamlit as st\nimport torch\n\nst.title("bare page")\nst.write(torch.__version__)\n'

# every chart the page announced has been drawn
CHARTS_DRAWN = """() => {
  const wanted = document.querySelectorAll("[data-testid='stPlotlyChart']").length;
  return document.querySelectorAll("[data-testid='stPlotlyChart'] .main-svg").length >= wanted;
}"""


def time_cold_start(browser, script: Path, cwd: Path) -> float:
    """Seconds from launching the server process to a fully rendered first page."""
    started = time.perf_counter()
    with streamlit_server(script, cwd=cwd, wait=False) as (port, proc):
        wait_healthy(port, proc=proc)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        wait_rendered(page)
        page.locator("h1").first.wait_for()
        page.wait_for_function(CHARTS_DRAWN, timeout=60_000, polling=POLL_MS)
        elapsed = time.perf_counter() - started
        context.close()
    return elapsed


def run(browser, rounds: int = 3) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE_PAGE)
        app_times, bare_times = [], []
        for _ in range(rounds):
            bare_times.append(time_cold_start(browser, bare, Path(tmp)))
            app_times.append(time_cold_start(browser, ROOT / "streamlit_app.py", ROOT))
    app_median, bare_median = statistics.median(app_times), statistics.median(bare_times)
    return {
        "app_s": app_times, "bare_s": bare_times,
        "app_median_s": app_median, "bare_median_s": bare_median,
        "ratio": app_median / bare_median, "goal": 1.3,
    }

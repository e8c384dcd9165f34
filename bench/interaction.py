"""Interaction latency and server memory, measured in a real browser.

Latency: Chromium changes a page's main widget (the catalog's ``main_widget``: type into its text
box and press Enter, or step its slider with the keyboard) and the clock stops when the app has
finished the rerun (``data-test-script-state`` back to ``notRunning``). 20 changes per page,
alternating between two values so that every change reruns, p50 / p95; and the server's CPU time
per change (the process's user + system time around the 20 changes, divided by 20: what one
student's click costs the box, whatever the browser does). The same on a bare page with one
slider, in the same run. Each page is measured ``rounds`` times; the best round is kept. Chromium
runs on the server's two cores: on the chart-heavy pages it spends more CPU per change than the
server (gate lab: ~0.5 CPU-s against 30 ms, Plotly's JavaScript most of it), and the clock, which
stops when the page's main thread has seen "script finished", includes drawing what came before.
(Pinning the server to one core and Chromium to the other made those pages slower, not faster.)

Memory: the server's resident set size after one session has visited every page (every shipped
model loaded lazily, as a visitor would), what each page added on the way, and the growth per
additional session doing the same.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench.harness import ROOT, lab_url, streamlit_server, wait_rendered
from playground.lessons import PAGES

BARE_SLIDER_PAGE = ('import streamlit as st\n\nvalue = st.slider("x", 0, 100, 50, key="x")\n'
                    'st.write(f"value {value}")\n')

class ScriptRuns:
    """Counts the server's "script finished" messages on a page's websocket (Streamlit's own
    ForwardMsg protobuf): a rerun is over when the next one arrives. (The page's
    data-test-script-state attribute can go running -> notRunning inside one React update for a
    fast rerun and then never changes, so it cannot be counted.)"""

    def __init__(self, page) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self.finished = 0
        self._parse = ForwardMsg.FromString
        self._page, self._counting = page, True
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", self._frame)

    def stop(self) -> None:
        """Count nothing more (a tab kept for the next visit gets a counter of its own)."""
        self._counting = False
        self._page.remove_listener("websocket", self._socket)

    def _frame(self, payload) -> None:
        if self._counting and isinstance(payload, bytes | bytearray):
            try:
                if self._parse(bytes(payload)).WhichOneof("type") == "script_finished":
                    self.finished += 1
            except Exception:  # not a ForwardMsg (nothing else is sent on this socket today)
                pass


def pages(keys: tuple[str, ...] | None = None) -> list:
    """The catalog's pages whose keys are in ``keys`` (None: every page), in the catalog's order."""
    return [spec for spec in PAGES if keys is None or spec.key in keys]


def page_url(base: str, spec) -> str:
    return f"{base}/" if spec.default else f"{base}/{spec.url_path}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _timed_change(page, runs: ScriptRuns, act, timeout_s: float = 120.0) -> float:
    before = runs.finished
    started = time.perf_counter()
    act()
    while runs.finished == before:
        if time.perf_counter() - started > timeout_s:
            raise TimeoutError("the rerun did not finish")
        page.wait_for_timeout(2)  # lets Playwright deliver the websocket events
    return time.perf_counter() - started


def time_widget_changes(page, runs: ScriptRuns, widget_key: str, other_value: str | None,
                        changes: int = 20) -> list[float]:
    """Seconds per change of widget ``widget_key`` (a text box gets ``other_value`` and its original
    value in turn; a slider steps right and left in turn)."""
    page.wait_for_selector(f".st-key-{widget_key} input, .st-key-{widget_key} textarea", state="attached",
                           timeout=60_000)  # the page may report "rendered" a moment before its widget exists
    slider = page.locator(f".st-key-{widget_key} input[type='range']")
    times = []
    if slider.count():
        handle = slider.first
        for i in range(changes):
            handle.focus()
            key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
            times.append(_timed_change(page, runs, lambda key=key: handle.press(key)))
        return times
    box = page.locator(f".st-key-{widget_key}").locator("input, textarea").first
    original = box.input_value()
    submit = "Control+Enter" if box.evaluate("e => e.tagName") == "TEXTAREA" else "Enter"
    for i in range(changes):
        box.fill(other_value if i % 2 == 0 else original)
        times.append(_timed_change(page, runs, lambda: box.press(submit)))
    return times


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _summary(times: list[float], cpu_s: float) -> dict:
    return {"p50_s": statistics.median(times), "p95_s": percentile(times, 95), "runs_s": times,
            "cpu_per_change_s": cpu_s / len(times)}


def _measured(page, runs: ScriptRuns, pid: int, widget: str, value, changes: int) -> dict:
    before = cpu_seconds(pid)
    times = time_widget_changes(page, runs, widget, value, changes)
    return _summary(times, cpu_seconds(pid) - before)


GOAL_RATIO = 2.0  # every page's p95 at most twice the bare page's
GOAL_CPU_S = 0.100  # server CPU per main interaction, on 2 cores (issue 27; 0.150 before)


def _page_rounds(browser, url: str, pid: int, widget: str, value, changes: int, rounds: int) -> dict:
    """``rounds`` times ``changes`` changes in a fresh tab; the round with the lowest p95 is kept (a
    2-core box's other work moves a p95 of 20 changes by +-100 ms), with every round's p95 beside it."""
    measured = []
    for _ in range(rounds):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        runs = ScriptRuns(page)
        page.goto(url)
        wait_rendered(page)
        page.wait_for_timeout(300)
        measured.append(_measured(page, runs, pid, widget, value, changes))
        context.close()
    best = min(measured, key=lambda m: m["p95_s"])
    return best | {"rounds_p95_s": [m["p95_s"] for m in measured]}


def latency(browser, changes: int = 20, keys: tuple[str, ...] | None = None, rounds: int = 3) -> dict:
    """p50 / p95 and server CPU per change, per page (those of ``keys``, None: all) and on the
    bare one-slider page; the best of ``rounds`` rounds of each."""
    out: dict = {"pages": {}, "goal_ratio": GOAL_RATIO, "goal_cpu_s": GOAL_CPU_S, "rounds": rounds}
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE_SLIDER_PAGE)
        with streamlit_server(bare, cwd=Path(tmp)) as (port, proc):
            out["bare"] = _page_rounds(browser, f"http://127.0.0.1:{port}/", proc.pid, "x", None, changes, rounds)
    with streamlit_server() as (port, proc):
        base = f"http://127.0.0.1:{port}"
        for spec in pages(keys):
            if not spec.main_widget:
                continue
            figures = _page_rounds(browser, lab_url(base, spec), proc.pid, spec.main_widget, str(spec.main_value),
                                   changes, rounds)
            out["pages"][spec.key] = {**figures, "widget": spec.main_widget}
    bare_p95 = out["bare"]["p95_s"]
    for figures in out["pages"].values():
        figures["p95_over_bare"] = figures["p95_s"] / bare_p95
    return out


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


class PeakRSS:
    """The highest RSS of process ``pid`` while the block runs, sampled every 0.2 s in a thread:
    ``with PeakRSS(pid) as peak: ...`` then ``peak.bytes``."""

    def __init__(self, pid: int) -> None:
        self.pid, self.bytes = pid, rss_bytes(pid)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            try:
                self.bytes = max(self.bytes, rss_bytes(self.pid))
            except (OSError, RuntimeError):  # the process is gone
                return
            time.sleep(0.2)

    def __enter__(self) -> PeakRSS:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def visit_every_page(browser, base: str, pid: int | None = None, keys: tuple[str, ...] | None = None
                     ) -> dict[str, float]:
    """One session opens every page (of ``keys``) in turn; with ``pid``, the server's RSS (MB) after each."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    after: dict[str, float] = {}
    for spec in pages(keys):
        page.goto(page_url(base, spec))
        wait_rendered(page)
        page.wait_for_timeout(300)
        wait_rendered(page)
        if pid is not None:
            time.sleep(0.5)
            after[spec.key] = rss_bytes(pid) / 2**20
    context.close()
    return after


def vm_hwm_bytes(pid: int) -> int:
    """The kernel's high-water mark of process ``pid``'s RSS: its true peak, nothing sampled."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


PEAK_GOAL_MB = 600.0  # one visitor walking every page with its main interaction (issue 35)


def working_walk(browser, base: str, pid: int, changes: int = 2, keys: tuple[str, ...] | None = None) -> dict:
    """One visitor opens every page (of ``keys``) with its lab open and makes ``changes`` changes of
    the page's main widget, as a student would; per page, the server's RSS and its peak so far (MB)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    runs = ScriptRuns(page)
    rss, peak = {}, {}
    for spec in pages(keys):
        page.goto(lab_url(base, spec))
        wait_rendered(page)
        if spec.main_widget:
            time_widget_changes(page, runs, spec.main_widget, str(spec.main_value), changes)
        wait_rendered(page)
        rss[spec.key], peak[spec.key] = rss_bytes(pid) / 2**20, vm_hwm_bytes(pid) / 2**20
    context.close()
    return {"rss_after_page_mb": rss, "peak_after_page_mb": peak}


def peak_memory(browser, changes: int = 2, keys: tuple[str, ...] | None = None) -> dict:
    """A fresh server's peak RSS while one visitor walks every page with its main interaction,
    beside its RSS when started (Streamlit alone) and at rest after the walk."""
    with streamlit_server() as (port, proc):
        started = rss_bytes(proc.pid)
        walk = working_walk(browser, f"http://127.0.0.1:{port}", proc.pid, changes, keys)
        time.sleep(16.0)  # the app gives freed memory back while nobody runs anything (every 15 s)
        rest, peak = rss_bytes(proc.pid), vm_hwm_bytes(proc.pid)
    return {"started_mb": started / 2**20, "peak_mb": peak / 2**20, "rest_mb": rest / 2**20,
            "peak_goal_mb": PEAK_GOAL_MB, "changes_per_page": changes, **walk}


def memory(browser, extra_sessions: int = 3, keys: tuple[str, ...] | None = None) -> dict:
    """Server RSS: started, after one visitor walked every page (of ``keys``), and per extra session."""
    with streamlit_server() as (port, proc):
        base = f"http://127.0.0.1:{port}"
        started = rss_bytes(proc.pid)
        after_page = visit_every_page(browser, base, proc.pid, keys)
        time.sleep(1.0)
        loaded = rss_bytes(proc.pid)
        for _ in range(extra_sessions):
            visit_every_page(browser, base, keys=keys)
        time.sleep(1.0)
        after = rss_bytes(proc.pid)
    previous, added = started / 2**20, {}
    for key, mb in after_page.items():  # the first page also pays for importing torch, Streamlit's
        added[key], previous = mb - previous, mb  # tables and plotly (the app's imports)
    return {"started_mb": started / 2**20, "all_models_loaded_mb": loaded / 2**20, "added_by_page_mb": added,
            "goal_mb": 480.0,
            "per_extra_session_mb": (after - loaded) / extra_sessions / 2**20, "extra_sessions": extra_sessions,
            "cloud_allowance_mb": 690.0}


if __name__ == "__main__":  # a quick look: python -m bench.interaction
    from playwright.sync_api import sync_playwright

    from bench.harness import launch_browser

    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        print(memory(browser, 1))
        print(latency(browser, changes=4))
        browser.close()
    print(ROOT)

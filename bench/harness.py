"""Start a Streamlit server on a free loopback port and drive it with Playwright + Debian chromium.

Shared by the browser tests, the screenshots in README.md and docs/, and ``python -m bench``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
FAIR_SWITCH = "RNN_PLAYGROUND_FAIR_SHARE"  # playground.core.fairness.ENV_SWITCH (the bench imports no app code)
RENDERED = "[data-test-script-state='notRunning']"
MAIN_CONTENT = "[data-testid='stMain'] [data-testid='stElementContainer']"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_healthy(port: int, timeout: float = 120.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}/_stcore/health"
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with code {proc.returncode}")
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as response:
            if response.status == 200:
                return
        time.sleep(0.1)
    raise TimeoutError(f"no healthy server on port {port} after {timeout:.0f} s")


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """Debian's redis-server on a free loopback port, nothing saved to disk; yields its URL (database 0)."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        raise RuntimeError("redis-server not found: apt-get install -y redis-server (.ci/run does)")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {port}") from None
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextlib.contextmanager
def streamlit_server(
    script: str | Path = "streamlit_app.py", cwd: Path = ROOT, wait: bool = True, extra_args: tuple[str, ...] = (),
    env: dict[str, str] | None = None, port: int | None = None,
) -> Iterator[tuple[int, subprocess.Popen]]:
    """``streamlit run script`` on ``port`` (a free loopback port if none: a replica restarted
    behind a proxy needs its old one), plus ``extra_args``, with ``env`` added to the environment;
    yields (port, process)."""
    port = port or free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none", *extra_args],
        cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, FAIR_SWITCH: "on", **(env or {})},  # served as a class gets it, whatever the tests set
    )
    try:
        if wait:
            try:
                wait_healthy(port, proc=proc)
            except Exception:
                log.seek(0)
                sys.stderr.write(log.read().decode(errors="replace")[-4000:])
                raise
        yield port, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def launch_browser(playwright):
    path = chromium_path()
    if path is None:
        raise RuntimeError("Debian chromium not found: apt-get install -y chromium")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)


# How often a browser-side wait asks again. Playwright's default for wait_for_function is every
# animation frame, which keeps Chromium painting at 60 frames a second for as long as a test waits:
# two test workers waiting that way doubled the suite's CPU time (issue 48).
POLL_MS = 50


def wait_rendered(page, timeout_ms: float = 60_000) -> None:
    """Wait until the app has run its script to the end (and then a moment for charts to paint).

    A page that has just loaded reports "not running" before its first run has even started, so
    the main area must also hold something (every page draws at least its title)."""
    page.wait_for_selector(RENDERED, state="attached", timeout=timeout_ms)
    page.wait_for_selector(MAIN_CONTENT, state="attached", timeout=timeout_ms)
    page.wait_for_function(
        "() => { const e = document.querySelector(\"[data-test-script-state]\");"
        " return e && e.getAttribute('data-test-script-state') === 'notRunning'; }",
        timeout=timeout_ms, polling=POLL_MS,
    )


def lab_url(base: str, spec) -> str:
    """The page of ``spec`` (a catalog PageSpec) with its "predict first" question skipped, so that the
    lab it keeps collapsed until then is open (issue 33): for a test or bench that works the lab."""
    from playground import lessons

    guess = lessons.module(spec, "settings").GUESS.key
    return f"{base}/{'' if spec.default else spec.url_path}?{guess}=skip"

"""Issue 25 (15): the first visit to a fresh server. Streamlit serves an app with a ``pages/`` folder
the old way until some session has run st.navigation, and its sidebar then listed the raw file names
("streamlit app", "charlm cells") for the seconds the first run spends importing torch. This test
owns its server (the shared one has long been visited) and watches the sidebar from the first moment."""

import time

from bench.harness import ROOT, streamlit_server, wait_rendered
from playground.core.i18n import t
from playground.lessons import PAGES

NAV_TEXTS = """() => [...document.querySelectorAll("[data-testid='stSidebarNav'] a, [data-testid='stSidebarNavLink']")]
                 .map(e => e.innerText.trim()).filter(s => s)"""
RAW_NAMES = {"streamlit app", *(p.name.removesuffix(".py").replace("_", " ") for p in (ROOT / "pages").glob("*.py"))}


def _watch(page, seconds: float) -> list[list[str]]:
    """Every distinct sidebar navigation seen while the page loads (polled every 50 ms)."""
    seen: list[list[str]] = []
    start = time.time()
    while time.time() - start < seconds:
        names = page.evaluate(NAV_TEXTS)
        if names and (not seen or seen[-1] != names):
            seen.append(names)
        page.wait_for_timeout(50)
    return seen


def test_the_first_visit_never_shows_file_names(new_page):
    titles = [t(f"page.{spec.key}.title", "en") for spec in PAGES]
    with streamlit_server() as (port, _proc):
        first = new_page(locale="en-US")
        first.goto(f"http://127.0.0.1:{port}/", wait_until="commit")
        seen = _watch(first, 4)
        wait_rendered(first)
        seen += _watch(first, 0.5)
        raw = [names for names in seen if RAW_NAMES & {n.lower() for n in names}]
        assert not raw, raw
        assert seen and all(title in " ".join(seen[-1]) for title in titles), seen
        # the navigation stays for this visitor's next page and for a second visitor
        first.locator("[data-testid='stSidebarNav'] a").nth(3).click()
        wait_rendered(first)
        assert all(title in " ".join(first.evaluate(NAV_TEXTS)) for title in titles)
        second = new_page(locale="en-US")
        second.goto(f"http://127.0.0.1:{port}/gradients")
        wait_rendered(second)
        assert all(title in " ".join(second.evaluate(NAV_TEXTS)) for title in titles)


BUSY_APP = """
import time
import streamlit as st
from playground.app.widgets import busy

seconds = float(st.query_params.get("seconds", "0"))
with busy("Scoring every candidate", after_s=0.15):
    time.sleep(seconds)
st.write(f"done after {seconds}")
"""
STATUS_TEXT = """() => [...document.querySelectorAll("[data-testid='stExpander']")].map(e => e.innerText).join(" ")"""


def _marks(page, url: str, until: str) -> list[str]:
    page.goto(url, wait_until="commit")
    seen = []
    for _ in range(200):
        seen.append(page.evaluate(STATUS_TEXT))
        # read from the moment the navigation commits: the body may not exist yet
        if until in page.evaluate("() => document.body ? document.body.innerText : ''"):
            break
        page.wait_for_timeout(25)
    wait_rendered(page)
    return [*seen, page.evaluate(STATUS_TEXT)]


def test_a_slow_result_says_it_is_running_and_a_fast_one_never_flashes(new_page, tmp_path):
    """Issue 25 (15): the cloze's first sentences took 2-3 s with the old tables on screen and no mark."""
    import os

    (tmp_path / "busy_app.py").write_text(BUSY_APP, encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with streamlit_server(tmp_path / "busy_app.py", cwd=tmp_path, env=env) as (port, _proc):
        page = new_page()
        slow = _marks(page, f"http://127.0.0.1:{port}/?seconds=1.5", "done after 1.5")
        assert any("Scoring every candidate" in s for s in slow), slow  # shown while it ran
        assert "Scoring every candidate" not in slow[-1]  # and gone with the result
        fast = _marks(page, f"http://127.0.0.1:{port}/?seconds=0", "done after 0")
        assert not any("Scoring every candidate" in s for s in fast), fast


def test_a_page_load_asks_nothing_of_any_other_host(server_url, new_page):
    """Issue 52 (7): the favicon, once a Material icon fetched from a font host that saw every student's
    address, is the app's own; no request of a page load leaves the app's address."""
    page = new_page(locale="zh-CN")
    elsewhere = []
    page.on("request", lambda request: elsewhere.append(request.url)
            if not request.url.startswith((server_url, "data:", "blob:")) else None)
    for path in ("/", "/gradients", "/class"):
        page.goto(server_url + path)
        wait_rendered(page)
        page.wait_for_timeout(500)
    icons = page.evaluate("() => [...document.querySelectorAll('link[rel~=icon]')].map(l => l.href)")
    assert icons and all(icon.startswith(server_url) for icon in icons), icons
    assert not elsewhere, elsewhere

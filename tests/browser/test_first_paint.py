"""Issue 25 (15): the first visit to a fresh server. Streamlit serves an app with a ``pages/`` folder
the old way until some session has run st.navigation, and its sidebar then listed the raw file names
("streamlit app", "charlm cells") for the seconds the first run spends importing torch. This test
owns its server (the shared one has long been visited) and watches the sidebar from the first moment."""

import time

from bench.harness import ROOT, streamlit_server, wait_rendered
from playground.catalog import PAGES
from playground.i18n import t

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

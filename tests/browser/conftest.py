import pytest
from playwright.sync_api import sync_playwright

from bench.harness import chromium_path, launch_browser, streamlit_server


@pytest.fixture(scope="session")
def server_url():
    with streamlit_server() as (port, _proc):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def browser():
    # Browser tests never skip: without chromium they fail and say how to install it.
    assert chromium_path(), "Debian chromium is required for the browser tests: apt-get install -y chromium"
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def student(browser):
    """One tab per language, kept for the test module: a student opening page after page. Each call is a
    new session (the caller's ``goto`` loads the app afresh), in the tab the student already has open:
    a new tab costs Chromium a renderer process of its own, 7.4 CPU-s a load against 4.3 in the same tab
    (every page loaded ten times each way on the 2-core machine, 2026-12-07). The other language's tab
    is parked on a blank page, so no session of it stays open. Where a test needs a browser that has seen
    nothing (a colleague opening a shared link), it uses ``new_page``."""
    contexts, tabs = {}, {}

    def tab(locale="en-US", width=1400, height=1000):
        for other, page in tabs.items():
            if other != locale and page.url != "about:blank":
                page.goto("about:blank")
        if locale not in contexts:
            contexts[locale] = browser.new_context(locale=locale)
        if locale not in tabs or tabs[locale].is_closed():
            tabs[locale] = contexts[locale].new_page()
        tabs[locale].set_viewport_size({"width": width, "height": height})
        return tabs[locale]

    yield tab
    for context in contexts.values():
        context.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(locale="en-US", width=1400, height=1000):
        context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()

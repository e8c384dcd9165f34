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
    """A new tab per call in one browser per language, kept for the test module: a student opening page
    after page. Each tab is a new session, but the app's scripts come from the browser's cache after the
    first (a fresh browser per page costs Chromium twice the time: 8 CPU-s a load against 4). Where a test
    needs a browser that has seen nothing (a colleague opening a shared link), it uses ``new_page``."""
    contexts, tabs = {}, []

    def tab(locale="en-US", width=1400, height=1000):
        while tabs:
            tabs.pop().close()
        if locale not in contexts:
            contexts[locale] = browser.new_context(locale=locale)
        tabs.append(contexts[locale].new_page())
        tabs[-1].set_viewport_size({"width": width, "height": height})
        return tabs[-1]

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

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

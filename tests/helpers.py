"""Shared test helpers."""

from streamlit.testing.v1 import AppTest

APP = "../streamlit_app.py"
TIMEOUT = 120  # a cold import of torch and plotly takes seconds on these machines


def open_page(path: str | None = None, locale: str = "en-US", link: dict[str, str] | None = None) -> AppTest:
    """The app, run once with a browser locale (and the query ``link`` of a shared URL, before any
    script has read it), then switched to the page file ``path``."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.context = {"locale": locale}
    for key, value in (link or {}).items():
        at.query_params[key] = value
    at.run()
    return at.switch_page(path).run() if path else at

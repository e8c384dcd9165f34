"""Shared test helpers."""

from streamlit.testing.v1 import AppTest

APP = "../streamlit_app.py"
TIMEOUT = 120  # a cold import of torch and plotly takes seconds on these machines


def open_page(path: str | None = None, locale: str = "en-US", link: dict[str, str] | None = None) -> AppTest:
    """The app opened on the page file ``path`` (else its default page) with a browser locale and the
    query ``link`` of a shared URL, as a deep link opens it: the page reads its link on its first run."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.context = {"locale": locale}
    for key, value in (link or {}).items():
        at.query_params[key] = value
    return at.switch_page(path).run() if path else at.run()


def _clear_session_jobs():
    from playground.ui.jobs import session_jobs

    session_jobs.clear()


def fresh_session() -> None:
    """AppTest runs every test in one session ("test session id"): forget its jobs (and live models)."""
    AppTest.from_function(_clear_session_jobs, default_timeout=30).run()

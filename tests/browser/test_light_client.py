"""The classroom load test's light client speaks the app's websocket protocol: it opens a page,
finds its widgets and their fragments, and a typed text reruns the section as a browser's would."""

import asyncio
import threading

from bench.light_client import LightSession


def _ws(server_url: str) -> str:
    return server_url.replace("http://", "ws://")


def _run(make_coroutine):
    """asyncio.run in a thread of its own: the browser tests' Playwright keeps an event loop running
    in this one. Whatever the scenario raises is raised here."""
    out: dict = {}

    def target():
        try:
            out["result"] = asyncio.run(make_coroutine())
        except BaseException as exc:  # handed to the test's thread below
            out["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["result"]


def test_a_light_session_types_a_review_and_the_fragment_reruns(server_url):
    async def scenario():
        session = LightSession(_ws(server_url), "sentiment")
        await session.open()
        review = session.widgets["senti_review"]
        assert review.fragment_id, "the review box lives in the classifier's fragment"
        assert session.widgets["senti_model_lang"].fragment_id == ""  # the language picker reruns the page
        first = len(session.code_blocks), len(session.exceptions)
        seconds = await session.change("senti_review", "terrible, boring film, a waste of time")
        await session.change("senti_review", "")  # empty: a message, not a traceback
        await session.close()
        return seconds, first, session

    seconds, first, session = _run(scenario)
    assert seconds < 60
    assert session.exceptions == [] and first[1] == 0


def test_a_light_session_on_every_heavy_page_finds_its_main_box(server_url):
    from bench.classroom import _texts

    async def scenario():
        found = {}
        for page, (key, values) in _texts().items():
            session = LightSession(_ws(server_url), page)
            await session.open()
            await session.change(key, values[0])
            found[page] = (key in session.widgets, session.exceptions)
            await session.close()
        return found

    assert _run(scenario) == {page: (True, []) for page in ("sentiment", "charlm", "seq2seq", "beyond")}

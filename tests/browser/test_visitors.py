"""One visitor against the others, on a real server (issue 37): the attacks of ``bench.abuse_visitors``
whose outcome is a fact, not a speed (the speeds are the bench's: ``python -m bench --only abuse``)."""

import asyncio
import concurrent.futures

import pytest

from bench import abuse_visitors as visitors
from bench.harness import streamlit_server


def _run(coro):
    """asyncio.run in a thread of its own (Playwright's sync API may hold this thread's event loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture(scope="module")
def server():
    # closed sessions let go after 2 s, so that the made-up visitors' jobs stop between tests
    with streamlit_server(extra_args=("--server.disconnectedSessionTTL", "2")) as (port, _proc):
        yield f"ws://127.0.0.1:{port}"


def test_b_never_sees_the_text_a_trained_on(server):
    """Two visitors' first live models are both "My model (#1)": each must write with its own."""
    result = _run(visitors.leak(server))
    assert result["measured"], result
    assert result["a_has_secret"], result  # A's model learned A's text ...
    assert result["leaks"] == 0 and "SECRET" not in result["b_wrote"], result  # ... and B never got it


def test_made_up_names_from_one_address_do_not_put_another_address_at_the_back(server):
    result = _run(visitors.forged_queue(server, forged=3, forged_heavy=2))
    assert result["forged_accepted"] == 3, result  # each made-up name queued a job (one per name) ...
    assert result["victim_place"] in (1, None), result  # ... yet the victim is next (None: it started at once)
    assert result["victim_start_s"] != float("inf"), result
    assert result["victim_heavy_place"] in (0, 1), result  # next behind the one char-LM job that runs


def test_a_message_larger_than_any_input_needs_is_refused():
    with streamlit_server() as (port, _proc):
        url = f"ws://127.0.0.1:{port}"
        limit = visitors.widget_limit_bytes()
        assert limit <= 1_000_000  # .streamlit/config.toml: what the largest paste box needs, no more
        assert _run(visitors._oversize_refused(url, limit + 64 * 1024))
        assert not _run(visitors._oversize_refused(url, 2_000))  # an ordinary review goes through

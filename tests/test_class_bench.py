"""The class bench's students are the same browsers at every class (bench/class_poll.py): the app knows a
visitor by Streamlit's XSRF cookie, and a bench that came with new cookie-less sessions to each class spent
the replicas' allowance of newcomers by its sixth class (its students then shared one voter)."""

import http.cookies

from bench.class_poll import browser_cookie
from playground.app.visitors import XSRF_COOKIE, visitor_id
from playground.core.fairness import NEW_PER_ADDRESS, Newcomers


def _name(cookie: str) -> str | None:
    jar = http.cookies.SimpleCookie(cookie)
    return visitor_id({XSRF_COOKIE: jar[XSRF_COOKIE].value})


def test_each_student_is_one_browser_the_app_knows_by_its_cookie():
    names = [_name(browser_cookie(f"student {i}")) for i in range(100)]
    assert all(n and n.startswith("browser-") for n in names)
    assert len(set(names)) == 100
    assert _name(browser_cookie("teacher")) not in names


def test_eight_classes_of_a_hundred_spend_a_hundred_newcomers_of_one_address():
    clock = [0.0]
    newcomers = Newcomers(clock=lambda: clock[0], per_minute=0.0)  # no refill: the allowance alone
    for _class in range(8):
        for i in range(100):
            assert newcomers.admit("10.0.0.1", _name(browser_cookie(f"student {i}")))
        clock[0] += 60.0
    assert NEW_PER_ADDRESS >= 100

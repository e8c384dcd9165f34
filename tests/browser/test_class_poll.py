"""A class poll in real browsers (issue 36), through the replica recipe of docs/deploying.md: HAProxy
(deploy/haproxy.cfg) in front of two replicas that share one class store (a SQLite file, as on one
box). A teacher starts a class on /class; three students open its link in their own browsers, land
on the replicas the proxy picks (at least one on another replica than the teacher's), and answer
Home's predict-first question; the teacher's page counts 3 within seconds (its own 2 s poll) and
shows no split until the teacher reveals it; the students' pages never show it; a student's link,
even with a made-up teacher token, has no control; ending the class deletes it. axe-core finds nothing
serious or critical on the new views: the teacher's page before and after the reveal (at 1024 px, the
projector's width) and a student's view of /class."""

import re
import tempfile
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from bench import replicas
from bench.harness import POLL_MS, wait_rendered
from playground.core.class_store import STORE_ENV, SQLiteStore
from tests.browser.axe import AXE, MISSING
from tests.browser.axe import serious as _serious


@pytest.fixture(scope="module")
def recipe():
    """(the proxy's address, the store both replicas share)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "classes.sqlite3"
        with replicas.recipe({STORE_ENV: str(path)}) as (_, _, port, _, _):
            yield f"http://127.0.0.1:{port}", SQLiteStore(path)


def _replica(context) -> str:
    """The replica the proxy pinned this browser to (its cookie's value is the server's name)."""
    return next(c["value"] for c in context.cookies() if c["name"] == replicas.COOKIE)


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(200)
    wait_rendered(page)


def _assert_accessible(page, where: str) -> None:
    found = _serious(page, where)
    assert not found, "\n".join(found)


def _answer(page, label_index: int) -> None:
    page.locator(".st-key-home_guess [role='radiogroup'] label").nth(label_index).click()
    page.wait_for_function("() => new URL(location.href).searchParams.get('home_guess') !== null", timeout=20_000,
                           polling=POLL_MS)


def test_a_teachers_link_opens_the_class_on_fresh_replicas(recipe, browser):
    """The first visit of all (a restarted server): a typed /class link opens the teacher's page, not
    Streamlit's "Page not found" (first in this file, so both replicas are still fresh)."""
    server_url, store = recipe
    code, token = store.start()
    page = browser.new_context(locale="en-US").new_page()
    page.goto(f"{server_url}/class?class={code}&teacher={token}")
    _settled(page)
    page.get_by_role("button", name="End the class (deletes every answer)").wait_for(timeout=15_000)
    assert page.get_by_text("Page not found").count() == 0
    assert urlparse(page.url).path == "/class" and "teacher" not in parse_qs(urlparse(page.url).query)
    page.context.close()


def test_three_students_on_two_replicas_answer_and_the_teacher_reveals_the_split(recipe, browser):
    assert AXE.exists(), MISSING
    server_url, store = recipe
    teacher_ctx = browser.new_context(locale="en-US", viewport={"width": 1024, "height": 900})
    teacher = teacher_ctx.new_page()
    teacher.goto(f"{server_url}/")
    _settled(teacher)
    teacher.get_by_role("link", name="Teachers: run a class poll").click()  # the sidebar's link
    teacher.wait_for_url("**/class**", timeout=20_000)
    _settled(teacher)
    teacher.get_by_role("button", name="Start a class poll").click()
    teacher.wait_for_function("() => new URL(location.href).searchParams.has('class')", timeout=20_000, polling=POLL_MS)
    _settled(teacher)
    assert "teacher" not in parse_qs(urlparse(teacher.url).query)  # never on the projector
    code = parse_qs(urlparse(teacher.url).query)["class"][0]
    teacher.get_by_text("Your teacher's link (keep it secret)").click()
    own = urlparse(teacher.locator("[data-testid='stExpander'] code").first.inner_text().strip())
    assert own.path == "/class" and parse_qs(own.query)["class"] == [code]
    token = parse_qs(own.query)["teacher"][0]
    assert store.is_teacher(code, token)
    assert teacher.locator(".rnn-qr svg path").count() and f"?class={code}" in teacher.locator("code").first.inner_text()
    _assert_accessible(teacher, "the teacher's page, a new class")

    students = []
    for n, choice in enumerate((0, 1, 1)):
        ctx = browser.new_context(locale="en-US")  # a browser of its own: its own vote
        page = ctx.new_page()
        page.goto(f"{server_url}/?class={code}" + (f"&teacher={token[:-3]}abc" if n == 0 else ""))
        _settled(page)
        assert "teacher" not in parse_qs(urlparse(page.url).query)
        _answer(page, choice)
        students.append((ctx, page))
    homes = {_replica(ctx) for ctx, _ in students}
    assert homes - {_replica(teacher_ctx)}, f"a student on the other replica: teacher {_replica(teacher_ctx)}, {homes}"
    teacher.get_by_text("3 answered").wait_for(timeout=15_000)  # the teacher's poll, every 2 s
    assert teacher.locator("[data-testid='stProgress']").count() == 0  # hidden until revealed
    assert sum(store.tallies(code)["home_guess"].values()) == 3

    _, student = students[0]
    student.goto(f"{server_url}/class?class={code}&teacher=made-up-token")
    _settled(student)
    assert student.get_by_role("button", name="Reveal the split").count() == 0
    assert student.get_by_role("button", name="End the class (deletes every answer)").count() == 0
    _assert_accessible(student, "/class from a student's link")

    teacher.get_by_role("button", name="Reveal the split").click()
    teacher.locator("[data-testid='stProgress']").first.wait_for(timeout=15_000)
    assert teacher.locator("[data-testid='stProgress']").count() == 2  # two choices were picked
    assert store.revealed(code) == {"home_guess"}
    _assert_accessible(teacher, "the teacher's page, the split revealed")
    for _, page in students[1:]:  # revealed on the teacher's screen, never on a student's
        page.reload()
        _settled(page)
        assert page.locator("[data-testid='stProgress']").count() == 0
        assert page.get_by_text(re.compile(r"^\d+ answered$")).count() == 0
    other = browser.new_context(locale="en-US").new_page()  # the teacher's link on another computer
    other.goto(f"{server_url}/class?class={code}&teacher={token}")
    _settled(other)
    other.get_by_role("button", name="Hide the split").wait_for(timeout=15_000)
    assert "teacher" not in parse_qs(urlparse(other.url).query)
    other.context.close()

    teacher.get_by_role("button", name="End the class (deletes every answer)").click()
    teacher.wait_for_function("() => !new URL(location.href).searchParams.has('class')", timeout=20_000, polling=POLL_MS)
    assert not store.is_open(code) and store.tallies(code) == {}
    for ctx, _ in students:
        ctx.close()
    teacher_ctx.close()

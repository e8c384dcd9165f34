"""Peer instruction in real browsers (issues 36 and 49), through the replica recipe of docs/deploying.md:
HAProxy (deploy/haproxy.cfg) in front of two replicas that share one class store (a SQLite file, as on
one box). A teacher at a 1024 x 768 projector starts a class and asks Home's question; three students
on phones (390 px), in their own browsers and on the replicas the proxy picks, see the class's banner
and vote in round 1; nobody's page shows the answer. The teacher reloads (the console comes back, and
again in presentation mode, its first screen still holding the code, the QR code and the counts),
opens round 2; one student changes their mind, two keep their answer; the teacher reveals: both rounds
side by side, every option, the right one marked, one change of mind; and the students' pages show the
answer without a reload. A student's link with a made-up token has no control; the teacher's link on
another computer has them; End asks once. axe-core finds nothing serious or critical on the console
and on a student's phone."""

import re
import tempfile
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from bench import replicas
from bench.harness import POLL_MS, ROOT, wait_rendered
from playground.core.class_store import STORE_ENV, SQLiteStore
from playground.core.i18n import t
from tests.browser.axe import AXE, MISSING
from tests.browser.axe import serious as _serious

PROJECTOR = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
REVEAL_WITHIN_MS = 20_000  # the students' banner looks every 4 s; a page rerun follows


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


def _says(page, key: str, **values) -> None:
    """The page shows the string ``key`` (its Markdown bold rendered away) within the reveal's time."""
    page.get_by_text(t(key, "en", **values).replace("**", "")).first.wait_for(timeout=REVEAL_WITHIN_MS)


def test_a_teachers_link_opens_the_class_on_fresh_replicas(recipe, browser):
    """The first visit of all (a restarted server): a typed /class link opens the teacher's page, not
    Streamlit's "Page not found" (first in this file, so both replicas are still fresh)."""
    server_url, store = recipe
    code, token = store.start()
    page = browser.new_context(locale="en-US").new_page()
    page.goto(f"{server_url}/class?class={code}&teacher={token}")
    _settled(page)
    page.get_by_role("button", name=t("class.end", "en")).wait_for(timeout=15_000)
    assert page.get_by_text("Page not found").count() == 0
    assert urlparse(page.url).path == "/class" and "teacher" not in parse_qs(urlparse(page.url).query)
    page.reload()  # the console comes back from the browser, with no token in the address
    _settled(page)
    page.get_by_role("button", name=t("class.end", "en")).wait_for(timeout=15_000)
    # no entry of the browser's history holds the token: Back leaves the app (issue 52)
    page.go_back()
    assert "teacher=" not in page.url, page.url
    page.context.close()


def _start_on_a_projector(browser, server_url, store):
    """The teacher's console, a class started from the sidebar -> (context, page, code, token)."""
    context = browser.new_context(locale="en-US", viewport=PROJECTOR)
    teacher = context.new_page()
    teacher.goto(f"{server_url}/")
    _settled(teacher)
    teacher.get_by_role("link", name=t("class.sidebar", "en")).click()
    teacher.wait_for_url("**/class**", timeout=20_000)
    _settled(teacher)
    teacher.get_by_role("button", name=t("class.start", "en")).click()
    teacher.wait_for_function("() => new URL(location.href).searchParams.has('class')", timeout=20_000, polling=POLL_MS)
    _settled(teacher)
    assert "teacher" not in parse_qs(urlparse(teacher.url).query)  # never on the projector
    code = parse_qs(urlparse(teacher.url).query)["class"][0]
    teacher.get_by_text(t("class.teacher_link_title", "en")).click()
    own = urlparse(teacher.locator("[data-testid='stExpander'] code").first.inner_text().strip())
    assert own.path == "/class" and parse_qs(own.query)["class"] == [code]
    token = parse_qs(own.query)["teacher"][0]
    assert store.is_teacher(code, token)
    teacher.get_by_text(t("class.teacher_link_title", "en")).click()  # closed again
    return context, teacher, code, token


def _projector_first_screen(teacher, code):
    """The code in large type, the QR code at least 300 px, the question and its counts: all above 768 px."""
    big = teacher.locator(".rnn-class-code")
    assert big.inner_text().strip() == code
    assert float(big.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 36  # body text: 16
    qr = teacher.locator(".rnn-qr svg").bounding_box()
    assert qr["width"] >= 300 and qr["y"] + qr["height"] <= PROJECTOR["height"], qr
    counts = teacher.get_by_text(re.compile(r"^Round 1: \d+ answered")).bounding_box()
    assert counts["y"] + counts["height"] <= PROJECTOR["height"], counts


def _ask(teacher, page_title: str) -> None:
    teacher.locator(".st-key-class_asking input").first.click()
    teacher.locator("[role='option']", has_text=page_title + " · ").first.click()
    _settled(teacher)


def test_peer_instruction_with_three_phones_two_rounds_and_a_reload(recipe, browser, request):
    assert AXE.exists(), MISSING
    server_url, store = recipe
    teacher_ctx, teacher, code, token = _start_on_a_projector(browser, server_url, store)
    _ask(teacher, t("page.home.title", "en"))
    assert store.view(code).asking == "home_guess"
    _projector_first_screen(teacher, code)
    _assert_accessible(teacher, "the console, round 1")

    students = []
    for n, choice in enumerate((0, 1, 1)):
        ctx = browser.new_context(locale="en-US", viewport=PHONE)  # a phone of its own: its own vote
        page = ctx.new_page()
        page.goto(f"{server_url}/?class={code}" + (f"&teacher={token[:-3]}abc" if n == 0 else ""))
        _settled(page)
        assert "teacher" not in parse_qs(urlparse(page.url).query)
        _says(page, "class.banner.student", code=code)
        _answer(page, choice)
        _says(page, "class.status.counted", round=1)
        assert page.locator(".st-key-home_guess_reveal").count() == 0  # a vote is a vote: no answer yet
        students.append((ctx, page))
    _assert_accessible(students[0][1], "a student's phone, round 1")
    homes = {_replica(ctx) for ctx, _ in students}
    assert homes - {_replica(teacher_ctx)}, f"a student on the other replica: teacher {_replica(teacher_ctx)}, {homes}"
    _says(teacher, "class.answered_rounds", one=3, two=0)

    teacher.reload()  # the address holds no token: the browser gets the console back
    _settled(teacher)
    teacher.goto(f"{server_url}/class?class={code}&present=1")  # and once more, on the projector
    _settled(teacher)
    _projector_first_screen(teacher, code)
    teacher.get_by_role("button", name=t("class.round_two", "en")).click()
    _says(teacher, "class.state.open", round=2)
    for n, (_, page) in enumerate(students):
        _says(page, "class.status.again")
        if n == 0:
            _answer(page, 1)  # changed their mind after the argument
        else:
            page.get_by_role("button", name=re.compile("^" + re.escape(t("class.keep", "en", answer="")))).click()
        _says(page, "class.status.counted", round=2)
        assert page.locator(".st-key-home_guess_reveal").count() == 0
    _says(teacher, "class.answered_rounds", one=3, two=3)
    assert store.changes(code, "home_guess")[("a", "b")] == 1

    teacher.get_by_role("button", name=t("class.reveal", "en")).click()
    _says(teacher, "class.changes", moved=1, both=3)
    table = teacher.locator("[data-testid='stMarkdown'] table").first.inner_text()
    assert "✅" in table and table.count("\n") >= 3, table  # a header and all three options
    _assert_accessible(teacher, "the console, revealed")
    if request.config.getoption("--screenshots"):  # docs/teaching.md's
        teacher.screenshot(path=str(ROOT / "docs" / "screenshots" / "1024" / "class-poll-en.png"))
    for _, page in students:  # every student's page shows the answer, without a reload
        page.locator(".st-key-home_guess_reveal").wait_for(timeout=REVEAL_WITHIN_MS)

    _, student = students[0]
    student.goto(f"{server_url}/class?class={code}&teacher=made-up-token")
    _settled(student)
    assert student.get_by_role("button", name=t("class.reveal", "en")).count() == 0
    assert student.get_by_role("button", name=t("class.end", "en")).count() == 0
    other = browser.new_context(locale="en-US").new_page()  # the teacher's link on another computer
    other.goto(f"{server_url}/class?class={code}&teacher={token}")
    _settled(other)
    other.get_by_role("button", name=t("class.clear", "en")).wait_for(timeout=15_000)
    other.context.close()

    teacher.get_by_role("button", name=t("class.end", "en")).click()
    teacher.get_by_role("button", name=t("class.end_yes", "en")).click()
    _says(teacher, "class.ended", code=code)
    assert not store.is_open(code) and store.tallies(code) == {}
    for ctx, _ in students:
        ctx.close()
    teacher_ctx.close()

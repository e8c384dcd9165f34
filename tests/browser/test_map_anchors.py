"""A lecture-map link lands on its section (issue 33): opened at 1024 x 800, the heading it names is
at the top of the window once the page has settled, even when what is drawn above it comes later (a
chart, the revealed answer of a question the link skips); and a visitor who scrolls is left where they
scrolled to."""

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.harness import wait_rendered
from playground.home import lecture_map

LINKS = [lecture_map.place("cell_lab", "gru_step"), lecture_map.place("charlm", "compare"),
         lecture_map.place("gradients", "half")]
TOP = "(id) => { const e = document.getElementById(id); return e ? e.getBoundingClientRect().top : null; }"
SCROLL_BY = "(dy) => { const m = document.querySelector(\"[data-testid='stMain']\");" \
            " const box = m && m.scrollHeight > m.clientHeight ? m : document.scrollingElement; box.scrollTop += dy; }"
AT_TOP = "(id) => { const e = document.getElementById(id); if (!e) return false;" \
         " const top = e.getBoundingClientRect().top; return top >= 0 && top <= 120; }"


def _landed(page, demo) -> None:
    """The heading reaches the top (a busy machine draws the charts above it late) and stays there."""
    wait_rendered(page)
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says where it is
        page.wait_for_function(AT_TOP, arg=demo.anchor, timeout=15_000, polling=100)
    page.wait_for_timeout(1500)
    top = page.evaluate(TOP, demo.anchor)
    assert top is not None and 0 <= top <= 120, (demo.anchor, top)


@pytest.mark.parametrize("demo", LINKS, ids=lambda d: d.anchor)
def test_a_map_link_lands_on_its_heading(demo, server_url, student):
    page = student(locale="zh-CN", width=1024, height=800)
    page.goto(server_url + lecture_map.link(demo, "zh")[1:])
    _landed(page, demo)


def test_a_visitor_who_scrolls_is_left_where_they_scrolled(server_url, student):
    demo = LINKS[0]
    page = student(locale="zh-CN", width=1024, height=800)
    page.goto(server_url + lecture_map.link(demo, "zh")[1:])
    _landed(page, demo)
    page.mouse.move(600, 400)
    page.mouse.wheel(0, 700)
    page.wait_for_timeout(1500)
    top = page.evaluate(TOP, demo.anchor)
    assert top < -300, top  # scrolled on, not brought back


def test_a_visitor_who_drags_the_scrollbar_is_left_there_too(server_url, student):
    """A scrollbar's drag fires no wheel, touch, key or mouse-down event on the page: the script sees the page
    scrolled without having scrolled it."""
    demo = LINKS[0]
    page = student(locale="zh-CN", width=1024, height=800)
    page.goto(server_url + lecture_map.link(demo, "zh")[1:])
    _landed(page, demo)
    page.evaluate(SCROLL_BY, 700)
    page.wait_for_timeout(1500)
    top = page.evaluate(TOP, demo.anchor)
    assert top < -300, top


def test_a_link_to_a_question_shows_its_box_whole_below_the_header(server_url, student):
    """A class banner's link and the run-sheet's land on a page's question (``#question``, a mark inside the box):
    the box's top edge and its first line are below Streamlit's header bar, not under it."""
    page = student(locale="zh-CN", width=390, height=844)
    page.goto(server_url + "/gradients?lang=zh#question")
    wait_rendered(page)
    box = ".st-key-grad_guess_box"
    page.wait_for_timeout(1500)
    header = page.evaluate("() => document.querySelector(\"[data-testid='stHeader']\").getBoundingClientRect().bottom")
    top = page.evaluate(f"() => document.querySelector('{box}').getBoundingClientRect().top")
    assert header <= top <= header + 60, (header, top)

"""A lecture-map link lands on its section (issue 33): opened at 1024 x 800, the heading it names is
at the top of the window once the page has settled, even when what is drawn above it comes later (a
chart, the revealed answer of a question the link skips)."""

import pytest

from bench.harness import wait_rendered
from playground.home import lecture_map

LINKS = [lecture_map.place("cell_lab", "gru_step"), lecture_map.place("charlm", "compare"),
         lecture_map.place("gradients", "half")]
TOP = "(id) => { const e = document.getElementById(id); return e ? e.getBoundingClientRect().top : null; }"


@pytest.mark.parametrize("demo", LINKS, ids=lambda d: d.anchor)
def test_a_map_link_lands_on_its_heading(demo, server_url, student):
    page = student(locale="zh-CN", width=1024, height=800)
    page.goto(server_url + lecture_map.link(demo, "zh")[1:])
    wait_rendered(page)
    page.wait_for_timeout(2500)  # the page settles; its heading is brought back each time
    wait_rendered(page)
    top = page.evaluate(TOP, demo.anchor)
    assert top is not None and 0 <= top <= 120, (demo.anchor, top)

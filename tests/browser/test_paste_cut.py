"""A paste past a box's limit is cut to it, with a notice (issue 33): with the limit on the box
itself, the browser dropped a 2,000-character paste into the 500-character review box whole, and the
old text stayed without a word."""

from bench.harness import wait_rendered
from playground.core.i18n import t


def test_a_long_paste_is_cut_to_the_limit_and_said(server_url, new_page):
    page = new_page(locale="zh-CN")
    page.goto(f"{server_url}/sentiment?lang=zh")
    wait_rendered(page)
    box = page.locator(".st-key-senti_review textarea")
    pasted = "服务很慢但是菜很好吃" * 200  # 2,000 characters
    box.click()
    box.fill(pasted)
    box.press("Control+Enter")  # how a text area is sent (a click elsewhere does it too)
    page.get_by_text(t("state.cut", "zh", length="2,000", limit="500")).wait_for(timeout=60_000)
    wait_rendered(page)
    assert box.input_value() == pasted[:500]

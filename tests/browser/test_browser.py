"""Real-browser tests: Debian chromium driven by Playwright against `streamlit run`: the language
switch and the links that carry settings, bad input, a fresh server's first deep link, /home, and
settings that never leak between pages. Every page in both languages, at every width, with axe-core
and its main interaction, is tests/browser/test_page_walk.py."""

import re
from urllib.parse import parse_qs, urlparse

from playground.core.i18n import t
from playground.lessons import PAGES
from tests.browser.pages import assert_no_exception, page_url, settled

CJK = re.compile("[\u4e00-\u9fff]")


def test_language_switch_is_kept_in_the_url(server_url, student, new_page):
    page = student("en-US")
    page.goto(server_url + "/")
    settled(page)
    assert not CJK.search(page.locator("h1").first.inner_text())
    page.get_by_role("radio", name="中文").click()
    page.wait_for_url(re.compile("lang="), timeout=30_000)
    settled(page)
    assert CJK.search(page.locator("h1").first.inner_text())
    assert "计算设备" in page.locator("[data-testid='stSidebar']").inner_text()
    shared = page.url
    other = new_page(locale="en-US")  # a colleague with an English browser opens the shared link
    other.goto(shared)
    settled(other)
    assert CJK.search(other.locator("h1").first.inner_text())


def test_home_state_comes_from_the_url(server_url, student):
    page = student("en-US")
    page.goto(server_url + "/?home_order_a=人狗咬&home_form=many_to_many_unaligned&home_window=30")
    settled(page)
    assert_no_exception(page)
    assert page.locator(".st-key-home_order_a input").input_value() == "人狗咬"
    assert "我爱自然语言处理" in page.locator("[data-testid='stMain']").inner_text()
    seen = t("home.window.sees", "en", back="@", window="@").split("@")[-1]  # window 30 sees the gap
    assert seen and seen in page.locator("[data-testid='stMain']").inner_text()


def test_bad_input_shows_a_message_not_a_traceback(server_url, student):
    page = student("zh-CN")
    page.goto(server_url + "/?home_guess=skip&home_order_b=" + "字" * 45 + "&home_order_a=" + "\u200b" * 3)
    settled(page)
    assert_no_exception(page)
    # a link's over-long text is cut to what the box takes, and the visitor is told, by the box's label
    notice = page.locator("[data-testid='stToast']").first.inner_text()
    assert t("home.order.b", "zh") in notice and "超出了允许范围" in notice
    assert page.locator(".st-key-home_order_b input").input_value() == "字" * 40
    assert t("error.empty_text", "zh") in page.locator("[data-testid='stMain']").inner_text()  # and bad text is told why


def test_a_deep_link_is_the_first_visit_to_a_fresh_server(browser):
    # Streamlit serves pages/ files alone until some session has run st.navigation;
    # ui.require_app_shell makes even this first visitor get the sidebar and navigation
    from bench.harness import streamlit_server

    with streamlit_server() as (port, _proc):
        context = browser.new_context(locale="zh-CN", viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/two_ones")
        settled(page)
        assert_no_exception(page)
        sidebar = page.locator("[data-testid='stSidebar']").inner_text()
        assert "计算设备" in sidebar and t("page.two_ones.title", "zh") in sidebar
        assert CJK.search(page.locator("h1").first.inner_text())
        context.close()


def test_home_by_its_name_opens_home_not_a_dialog(server_url, student):
    """/home once showed Streamlit's English-only "Page not found" dialog, in the Chinese UI too."""
    warm = student("en-US")
    warm.goto(server_url + "/")  # a server that has run its navigation (a fresh one resolves files)
    settled(warm)
    page = student("zh-CN")
    page.goto(server_url + "/home?home_gap=30")
    settled(page)
    page.wait_for_timeout(500)
    assert_no_exception(page)  # also: no dialog
    assert page.locator("h1").first.inner_text() == t("home.title", "zh")
    assert parse_qs(urlparse(page.url).query).get("home_gap") == ["30"]


def _open_in_sidebar(page, title: str) -> None:
    page.locator("[data-testid='stSidebarNavLink']", has_text=title).first.click()
    settled(page)


def test_settings_never_leak_from_page_to_page(server_url, student):
    """Gradients' window k = 200, then Home, once raised "200 is greater than the max_value 60"
    (Home's window took the value); the cell lab's m = 300 broke the gradients lab the same way.
    Keys now carry their page's prefix: each page keeps its own."""
    gradients = next(s for s in PAGES if s.key == "gradients")
    cell_lab = next(s for s in PAGES if s.key == "cell_lab")
    page = student("en-US")
    page.goto(page_url(server_url, gradients, "?grad_window=200&grad_m=128&grad_seed=7"))
    settled(page)
    assert_no_exception(page)
    _open_in_sidebar(page, t("page.home.title", "en"))
    assert_no_exception(page)
    assert t("home.window.header", "en") in page.locator("[data-testid='stMain']").inner_text()
    page.goto(page_url(server_url, cell_lab, "?lab_m=300&lab_seed=9"))
    settled(page)
    _open_in_sidebar(page, t("page.gradients.title", "en"))
    assert_no_exception(page)
    assert t("grad.lab.header", "en") in page.locator("[data-testid='stMain']").inner_text()

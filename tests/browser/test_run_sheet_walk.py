"""A teacher walks the 讲义 run-sheet from its first step to its last in a real browser (issue 36): Next
moves one step at a time, each card quotes the text's words for its part and opens its place with the
right link, the address keeps the step (a reload lands on the same card), and Previous goes back."""

from urllib.parse import urljoin

from bench.harness import POLL_MS, wait_rendered
from playground.home import run_sheet


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(150)
    wait_rendered(page)


def _card(page) -> str:
    return page.locator(".st-key-home_sheet_card").inner_text()


def test_a_teacher_walks_the_notes_from_first_to_last_step(server_url, new_page):
    steps = run_sheet.steps("notes")
    page = new_page(locale="zh-CN", width=1024, height=900)
    page.goto(f"{server_url}/?lang=zh&home_sheet=notes#home-runsheet")
    _settled(page)
    ahead = page.locator(".st-key-home_sheet_ahead button")
    for number, step in enumerate(steps, start=1):
        page.wait_for_function(f"() => new URL(location.href).searchParams.get('home_step') === '{number}'"
                               if number > 1 else "() => true", timeout=20_000, polling=POLL_MS)
        _settled(page)
        card = _card(page)
        assert step.quote[1].split("$")[0][:12] in card, (number, step.part.id)
        assert f"第 {step.quote[0]} 行" in card
        demo = page.locator(".st-key-home_sheet_card a")
        if step.demo is None:
            assert demo.count() == 0, number
        else:
            assert urljoin(f"{server_url}/", demo.first.get_attribute("href")) == urljoin(f"{server_url}/", step.link("zh"))
        if number < len(steps):
            ahead.click()
    assert ahead.is_disabled()

    page.reload()  # the step is in the address: the same card after a reload
    _settled(page)
    assert f"第 {steps[-1].quote[0]} 行" in _card(page)
    page.locator(".st-key-home_sheet_back button").click()
    page.wait_for_function(f"() => new URL(location.href).searchParams.get('home_step') === '{len(steps) - 1}'",
                           timeout=20_000, polling=POLL_MS)

"""A challenge in a real browser on a phone (issue 53): a student opens two 1s at its challenge's box (the
link lands on it), presses Check at the page's own weights and reads the first counterexample and the
hint; one more click shows the worked solution; its button puts the weights into the page's own editors;
Check passes; Home lists the solve with a link back. axe-core finds nothing serious in the box."""

from bench.harness import wait_rendered
from playground import lessons
from playground.core.i18n import t
from tests.browser.axe import serious

NAME = "ch_ones_three"


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(300)
    wait_rendered(page)


def _press(page, key: str) -> None:
    page.locator(f".st-key-{key} button >> visible=true").click()  # (a help tooltip keeps a hidden copy)
    _settled(page)


def test_a_student_checks_reads_the_hint_uses_the_solution_and_solves(server_url, new_page):
    challenge, _ = lessons.challenges()[NAME]
    page = new_page(width=390, height=844)
    page.goto(f"{server_url}/two_ones?lang=en&ones_guess=skip#{challenge.anchor}")
    _settled(page)
    box = page.locator(f".st-key-challenge_{NAME}")
    assert box.count() == 1 and t(f"challenge.{NAME}.title", "en") in box.inner_text()
    assert page.locator(f".st-key-{NAME}_show").count() == 0  # the solution comes after a check
    _press(page, f"{NAME}_check")
    said = box.inner_text()
    assert t("challenge.not_yet", "en") in said and "1 1" in said and t("challenge.hint", "en") in said
    _press(page, f"{NAME}_show")
    assert t("challenge.solution", "en") in box.inner_text()
    assert serious(page, "the challenge box at 390 px") == []
    _press(page, f"{NAME}_use")
    assert "ones_weights" in page.url  # the page's own editors (and its link) hold the solution now
    _press(page, f"{NAME}_check")
    assert t("challenge.done", "en") in page.locator(f".st-key-challenge_{NAME}").inner_text()
    # Home within the visit (a new address would be a new session, which has solved nothing); on a phone the
    # sidebar is folded off screen: the link's own click, as a tap on the opened menu sends it
    page.locator("[data-testid='stSidebarNav'] a", has_text=t("page.home.title", "en")).first.dispatch_event("click")
    _settled(page)
    link = page.locator(f"a[href*='#{challenge.anchor}']")
    assert link.count() >= 1 and t(f"challenge.{NAME}.title", "en") in link.first.inner_text()

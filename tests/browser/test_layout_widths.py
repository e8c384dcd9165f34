"""Projector, laptop and phone widths: no control label, choice or metric label is cut off on any
page, in either language (each option of a choice stays on screen: they wrap instead of scrolling
away). The 1024 px English screenshots go to docs/screenshots/1024/."""

import pytest

from bench.harness import ROOT, wait_rendered
from playground.catalog import PAGES

SHOTS = ROOT / "docs" / "screenshots" / "1024"
# an element is cut off when its content is wider than its box and the box hides the rest
CLIPPED = """(mainOnly) => {
  const cut = [];
  const scope = mainOnly ? "[data-testid='stMain'] " : "";
  const inside = ["[data-testid='stButtonGroup'] *", "[data-testid='stSidebarNavLink'] *", "[data-testid='stWidgetLabel'] *",
                  "[data-testid='stMetricLabel'] *"].map(s => scope + s).join(", ");
  for (const el of document.querySelectorAll(inside)) {
    if (el.offsetParent === null) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.innerText.slice(0, 60));
  }
  return cut;
}"""


def _url(base, spec):
    return f"{base}/" if spec.default else f"{base}/{spec.url_path}"


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(500)
    wait_rendered(page)


@pytest.mark.parametrize("width", [1024, 1280, 1440])
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_nothing_is_cut_off(width, locale, server_url, new_page):
    page = new_page(locale=locale, width=width, height=900)
    clipped = {}
    for spec in PAGES:
        page.goto(_url(server_url, spec))
        _settled(page)
        if cut := page.evaluate(CLIPPED, False):
            clipped[spec.key] = cut
        if width == 1024 and locale == "en-US":
            height = page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollHeight")
            page.set_viewport_size({"width": 1024, "height": min(max(int(height), 900), 6000)})
            _settled(page)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{spec.key}-en.png"))
            page.set_viewport_size({"width": 1024, "height": 900})
    assert not clipped, clipped


def test_a_phone_sees_every_choice(server_url, new_page):
    """On a phone the sidebar folds away (by design); everything in the page itself must fit."""
    page = new_page(locale="zh-CN", width=390, height=844)
    clipped = {}
    for spec in PAGES:
        page.goto(_url(server_url, spec))
        _settled(page)
        cut = [c for c in page.evaluate(CLIPPED, True) if c]
        if cut:
            clipped[spec.key] = cut
        if spec.key == "sentiment":  # the token strip keeps full-size boxes (it once shrank to unreadable)
            widths = page.evaluate("() => [...document.querySelectorAll('[data-token]')]"
                                   ".map(e => e.getBoundingClientRect().width)")
            assert widths and min(widths) >= 40, widths
    assert not clipped, clipped

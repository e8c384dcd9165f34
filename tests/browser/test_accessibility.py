"""axe-core (WCAG 2.0/2.1 A and AA rules) finds nothing serious or critical on any page, in either
language: colour contrast of the theme (the selected option of a segmented control, captions and
other greyed text) and scroll boxes a keyboard can reach. axe-core comes from npm,
pinned in package.json / package-lock.json; ``.ci/run`` installs it (``npm ci``) into node_modules/.

Each page is checked as it first paints (a segmented control's selected option included) at a laptop
width and at a projector's 1024 px, and at the laptop width again after its main interaction (the
widget and value catalog.PAGES names for the page tests)."""

import re

import pytest

from bench.harness import ROOT, lab_url, wait_rendered
from playground.lessons import PAGES

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}
WIDTHS = [1280, 1024]  # a laptop (Playwright's default width) and a projector

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                               why: n.any.concat(n.all, n.none).map(c => c.message).join('; ').slice(0, 240)})),
  }));
}"""
MISSING = f"{AXE.relative_to(ROOT)} is missing: run `npm ci` in the repository root (.ci/run does)"


def _url(base, spec):
    return f"{base}/" if spec.default else f"{base}/{spec.url_path}"


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(500)
    wait_rendered(page)


def _serious(page, where):
    """axe's serious and critical findings on the page as it is now, one readable line per element."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = []
    for violation in page.evaluate(RUN_AXE, TAGS):
        if violation["impact"] in BLOCKING:
            found += [f"{where}: {violation['id']} ({violation['impact']}: {violation['help']}) at {n['target']}"
                      f"\n    {n['html']}\n    {n['why']}" for n in violation["nodes"]]
    return found


def _interact(page, spec, base):
    """The page's main interaction, as test_browser does it (its question skipped, so its lab is open: the
    skipped state is checked too): a slider steps right with the keyboard, a text or number box takes
    the catalog's value; done when the address carries the widget's key."""
    page.goto(lab_url(base, spec))
    _settled(page)
    slider = page.locator(f".st-key-{spec.main_widget} input[type='range']")
    if slider.count():
        slider.first.focus()
        slider.first.press("ArrowRight")
    else:
        box = page.locator(f".st-key-{spec.main_widget}").locator("input, textarea").first
        box.fill(str(spec.main_value))
        box.press("Control+Enter" if box.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
    page.wait_for_url(re.compile(spec.main_widget), timeout=30_000)
    _settled(page)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_no_serious_accessibility_violation(locale, width, server_url, new_page):
    assert AXE.is_file(), MISSING  # never a skip: without axe-core the test fails and says how to get it
    page = new_page(locale=locale, width=width, height=900)
    found = []
    for spec in PAGES:
        page.goto(_url(server_url, spec))
        _settled(page)
        found += _serious(page, f"{spec.key} ({locale}, {width} px)")
        if spec.main_widget and width == WIDTHS[0]:  # one width is enough for the second state
            _interact(page, spec, server_url)
            found += _serious(page, f"{spec.key} ({locale}, {width} px, after changing {spec.main_widget})")
    assert not found, f"{len(found)} serious or critical axe-core findings:\n" + "\n".join(found)

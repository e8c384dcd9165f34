"""Every page in a real browser, loaded once (in the language of the day: below) and looked at the ways a class looks at it
(issue 48: one load does the work of the every-page, accessibility and width walks, which loaded the
same pages some 140 times):

- it renders with no exception element and no dialog, its heading in the page's language, and the
  sidebar says where models run; with ``--screenshots`` the screenshots of docs/pages.md are taken
  (1400 px, full height; and the 1024 px English ones for docs/screenshots/1024/);
- at 1440, 1280 and 1024 px (a laptop, a smaller laptop, a projector) nothing is cut off: no control
  label, choice or metric label (each option of a choice stays on screen: they wrap instead of
  scrolling away), and every chart title, equation, diagram and table fits its box or sits in a box
  that scrolls sideways, chart titles show their whole text, diagram text is big enough to read and
  the labels of a diagram or a tree do not overlap;
- axe-core (WCAG 2.0/2.1 A and AA rules) finds nothing serious or critical at 1024 px as the page opens
  and at 1280 px after its main interaction: colour
  contrast of the theme (the selected option of a segmented control, captions and other greyed text)
  and scroll boxes a keyboard can reach. axe-core comes from npm, pinned in package.json /
  package-lock.json; ``.ci/run`` installs it (``npm ci``) into node_modules/;
- on a phone (390 px: the window narrowed, which folds the sidebar away as a phone's fresh visit does)
  everything in the page itself fits or scrolls;
- predict first means first: before its question is answered, nothing on screen outside the question's
  box gives the answer away (the revealed result's numbers, 0/1 sequences and quoted texts were not
  on screen), and skipping the question opens what was held back;
- its main interaction (the widget and value its manifest names, with its question skipped so that the
  lab it keeps collapsed is open) changes the page and the address, and axe still finds nothing.

The widths after the first are reached by resizing the window, as a teacher does when a laptop meets a
projector; the views a page does not open with (the widest diagram, the most crowded beam tree, a
freshly trained model's matrices) are checked at every width.

Which pages, by the day (``PAGE_WALK_SEED``, default today's date, as the state sweep's): the pages take turns in
thirds (the state sweep's rotation, tests/browser/test_state_sweep.py): on a page's first day of three the state sweep
sweeps it, on its second this walk walks it, in the language its sweep did not have; the views alternate their language.
So each page is walked on one run of every three and in each language within six, and a third of the pages a run;
tests/browser/test_peak_memory.py works every page on a fresh server every run. A page walked costs Chromium some
25 CPU-s (three widths, a phone, two axe runs, its question and its main interaction; 2026-12-07), and walking half
the pages every run, with the rest, kept CI over 20 minutes. ``PAGE_WALK_LANGS=both`` (and ``--screenshots``) walks
every page in both languages.
"""

import os
import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.harness import ROOT
from conformance import state_sweep
from playground import lessons
from playground.core.device import device_label
from playground.core.i18n import t
from playground.lessons import PAGES
from tests.browser.axe import serious as _serious
from tests.browser.pages import assert_no_exception, page_url, settled
from tests.browser.test_state_sweep import PARTS as SWEEP_PARTS

SHOTS = ROOT / "docs" / "screenshots"
CJK = re.compile("[\u4e00-\u9fff]")
LANGS = [("zh", "zh-CN"), ("en", "en-US")]
SEED = int(os.environ.get("PAGE_WALK_SEED") or state_sweep.date_seed())
WIDTHS = (1440, 1280, 1024)  # a wide laptop, a laptop, a projector: the window shrinks in this order
AXE_WIDTHS = (1280, 1024)  # after the main interaction; on first paint (the projector's)
SCREENSHOT_WIDTH = 1400
PHONE = (390, 844)
BY_KEY = {spec.key: spec for spec in PAGES}
# Views a page does not open with, by link: the widest diagram (Home's many-to-many, unaligned) and
# the most crowded beam tree (beam 10).
LINKED = (("home", "?home_form=many_to_many_unaligned"), ("seq2seq", "?s2s_beam=10"))
TRAINED = ("two_ones", "?ones_train_hidden=16")  # the learned weights of the widest model, trained here (~2 s)
VISIBLE_TEXT = """(box) => {
  const main = document.querySelector('[data-testid=stMain]');
  const all = main.innerText;
  const own = document.querySelector(box);
  return [all, own ? own.innerText : ''];
}"""

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

MIN_FONT_PX = 9.5  # the smallest diagram text a back row (or a phone held at arm's length) can read
# The page's content: [what, text] for each chart title, equation, diagram or table that is cut off,
# each diagram text drawn too small to read and each pair of labels that overlap.
CONTENT = r"""(minFont) => {
  const found = [];
  const main = document.querySelector("[data-testid='stMain']");
  if (!main) return found;
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
                      && !el.closest("details:not([open])");
  const flat = s => (s || '').replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '').replace(/\u200b/g, '')
                              .replace(/\s+/g, ' ').trim();
  const short = s => flat(s).slice(0, 70);
  const contentBox = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  const outside = (r, b) => r.width > 0 && (r.left < b.left - 1 || r.right > b.right + 1);
  // Part of box r (drawn by el) is out of reach: a box between el and its page element hides it, or it
  // runs past the page element (a column, the main area) with nothing that scrolls on the way.
  const hidden = (el, r) => {
    const stop = el.closest("[data-testid='stElementContainer']");
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return false;
      const last = p === stop || p === main;
      if ((o === 'hidden' || o === 'clip' || last) && outside(r, p.getBoundingClientRect())) return true;
      if (last) return false;
    }
    return false;
  };
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                            && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const overlaps = (what, texts) => {
    const boxes = texts.filter(t => flat(t.textContent)).map(t => [t, t.getBoundingClientRect()])
                       .filter(([, r]) => r.width > 0);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        if (overlap(boxes[i][1], boxes[j][1]))
          found.push([what, short(boxes[i][0].textContent) + ' / ' + short(boxes[j][0].textContent)]);
  };
  // (a) Plotly charts: the title in full and inside the chart, axis titles and legend inside, text labels apart
  for (const plot of main.querySelectorAll('.js-plotly-plot')) {
    if (!shown(plot)) continue;
    const svg = plot.querySelector('svg.main-svg');
    if (!svg) continue;
    const box = svg.getBoundingClientRect();
    const title = plot.layout && plot.layout.title;
    const want = flat(typeof title === 'string' ? title : (title && title.text) || '');
    for (const t of plot.querySelectorAll('.gtitle')) {
      const text = flat(t.textContent);
      if (outside(t.getBoundingClientRect(), box) || hidden(svg, box)) found.push(['chart title', text]);
      else if (text.includes('…') || (want && text.replace(/\s/g, '') !== want.replace(/\s/g, '')))
        found.push(['chart title (shortened)', want + ' -> ' + text]);
    }
    for (const t of plot.querySelectorAll('.g-xtitle text, .g-ytitle text, .g-y2title text, .legendtext'))
      if (outside(t.getBoundingClientRect(), box)) found.push(['chart label', short(t.textContent)]);
    overlaps('chart labels overlap', [...plot.querySelectorAll('.textpoint text')]);
    // the titles, the legend and a played chart's controls (buttons, the scrubber's caption) keep apart
    const apart = '.gtitle, .g-xtitle text, .g-ytitle text, .legendtext, .updatemenu-item-text, '
                  + 'text.slider-label:not(.slider-labels text)';
    overlaps('chart labels overlap', [...plot.querySelectorAll(apart)]);
  }
  // (b) KaTeX: an equation fits, or its box scrolls sideways
  for (const k of main.querySelectorAll('.katex-display, .katex')) {
    if (!shown(k) || (k.classList.contains('katex') && k.closest('.katex-display'))) continue;
    const html = k.querySelector('.katex-html') || k;
    const source = k.querySelector('annotation');
    if (hidden(html, contentBox(html))) found.push(['equation', short(source ? source.textContent : k.textContent)]);
  }
  // (c) our inline diagrams: inside the page or a scrolling box, text inside the drawing, readable and apart
  for (const svg of main.querySelectorAll("[data-testid='stMarkdownContainer'] svg, [data-testid='stHtml'] svg")) {
    const r = svg.getBoundingClientRect();
    if (!shown(svg) || r.width < 40 || svg.closest('h1, h2, h3, h4, h5, h6, button, a')) continue;
    const name = short(svg.getAttribute('aria-label') || '');
    if (hidden(svg, r)) found.push(['diagram', name]);
    const texts = [...svg.querySelectorAll('text')];
    for (const t of texts) {
      const tr = t.getBoundingClientRect();
      if (!flat(t.textContent) || tr.width === 0) continue;
      if (tr.left < r.left - 1 || tr.right > r.right + 1 || tr.top < r.top - 1 || tr.bottom > r.bottom + 1)
        found.push(['diagram text cut', name + ': ' + short(t.textContent)]);
      const m = t.getScreenCTM();
      const drawn = parseFloat(getComputedStyle(t).fontSize), px = drawn * (m ? Math.hypot(m.a, m.b) : 1);
      if (px < Math.min(drawn, minFont) - 0.2)
        found.push(['diagram text too small', `${name}: ${short(t.textContent)} (${px.toFixed(1)} px)`]);
    }
    overlaps('diagram labels overlap', texts);
  }
  // (d) tables: the table inside the page or a scrolling box, no cell that hides part of its text
  for (const table of main.querySelectorAll("[data-testid='stTable'] table, [data-testid='stMarkdownContainer'] table")) {
    if (!shown(table)) continue;
    if (hidden(table, table.getBoundingClientRect()))
      found.push(['table', short(table.querySelector('th, td')?.textContent)]);
    for (const cell of table.querySelectorAll('th, td')) {
      const o = getComputedStyle(cell).overflowX;
      if (o !== 'visible' && cell.scrollWidth > cell.clientWidth + 1) found.push(['table cell', short(cell.textContent)]);
    }
  }
  for (const frame of main.querySelectorAll("[data-testid='stDataFrame']")) {
    if (shown(frame) && hidden(frame, frame.getBoundingClientRect())) found.push(['data frame', '']);
  }
  return found;
}"""


def _cut(page, key, width, locale, main_only=False):
    """[(page, width, locale, what, text)] for each control cut off and each piece of content that is."""
    found = [(key, width, locale, "control", cut) for cut in page.evaluate(CLIPPED, main_only) if cut]
    return found + [(key, width, locale, what, text) for what, text in page.evaluate(CONTENT, MIN_FONT_PX)]


def _report(found):
    """One line per thing: page, width, locale, what, text."""
    return "cut off or unreadable:\n" + "\n".join("  " + " | ".join(map(str, row)) for row in found)


def _resize(page, width, height=900):
    page.set_viewport_size({"width": width, "height": height})
    settled(page)


def _full_height_screenshot(page, width, path):
    height = page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollHeight")
    _resize(page, width, min(max(int(height), 900), 6000))
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("−", "-"))


def tell_tales(result: str) -> set[str]:
    """What in a revealed result gives the answer away: decimals with at least two digits after the
    point (0.82, 4.79021, 0.00097656, +0.601; not a saturated 1.0000 or 0.0000), sequences of three
    or more 0/1s, quoted texts and code lines of at least six characters (spaces removed)."""
    # (a probability shown as 1.0000 or 0.0000 says nothing of which answer is right: many texts read so)
    found = {x for x in re.findall(r"[-+]?\d+\.\d{2,}", result.replace("−", "-")) if abs(float(x)) not in (0.0, 1.0)}
    found |= {_flat(m) for m in re.findall(r"\b[01](?:\s*,\s*[01]){2,}\b", result)}
    for quoted in re.findall(r"[“\"]([^”\"]{6,})[”\"]", result):
        found.add(_flat(quoted))
    found |= {_flat(line) for line in result.splitlines() if len(_flat(line)) >= 12 and ":" not in line[:3]}
    return {piece for piece in found if piece}


def _nothing_answers_before_an_answer(page, spec, lang):
    """Predict first means first (issue 33): before the question is answered, nothing on screen outside
    the question's own box gives the answer away. The student then chooses to see the answer; the
    tell-tale pieces of the revealed result (its decimals, its 0/1 sequences, its quoted texts and code
    lines) must not have been on screen before, outside the question box (whose options may name
    candidate values), and what was held back opens."""
    guess = lessons.module(spec, "settings").GUESS.key
    box = f".st-key-{guess}_box"
    before, question = page.evaluate(VISIBLE_TEXT, box)
    assert question, f"{spec.key}: no question box on the page"
    outside = _flat(before.replace(question, ""))
    page.get_by_role("button", name=re.compile(re.escape(t("predict.skip", lang)) + "$")).click()
    settled(page)
    reveal = page.locator(f".st-key-{guess}_reveal")
    reveal.wait_for(timeout=60_000)
    result = reveal.inner_text()
    pieces = tell_tales(result) - {p for p in tell_tales(result) if p in _flat(question)}
    assert pieces, f"{spec.key}: the reveal holds nothing to look for: {result!r}"
    shown = sorted(p for p in pieces if p in outside)
    assert not shown, f"{spec.key}: on screen before an answer: {shown}"
    after, _ = page.evaluate(VISIBLE_TEXT, box)
    assert t("predict.hidden", lang) not in after  # skipping opens what was held back


def _first_paint(page, spec, lang, locale, screenshots=False):
    """Rendered in ``lang``, then seen at every width: [cut findings], [axe findings]. With
    ``screenshots``, docs/pages.md's are rewritten on the way."""
    assert_no_exception(page)
    heading = page.locator("h1").first.inner_text()
    assert bool(CJK.search(heading)) == (lang == "zh"), heading
    assert t("sidebar.device", lang, name=device_label()) in page.locator("[data-testid='stSidebar']").inner_text()
    cut, axe = [], []
    for width in WIDTHS:
        _resize(page, width)
        cut += _cut(page, spec.key, width, locale)
        if width == AXE_WIDTHS[1]:
            axe += _serious(page, f"{spec.key} ({locale}, {width} px)")
        if screenshots and width == WIDTHS[0]:  # docs/pages.md's screenshot, the whole page
            _full_height_screenshot(page, SCREENSHOT_WIDTH, SHOTS / f"{spec.key}-{lang}.png")
    if screenshots and lang == "en":  # the projector's view (docs/teaching.md, docs/pages.md)
        _full_height_screenshot(page, 1024, SHOTS / "1024" / f"{spec.key}-en.png")
    return cut, axe


def _on_a_phone(page, spec, locale):
    """The window narrowed to a phone's 390 px (the sidebar folds away, as on a phone's fresh visit:
    checked against one): everything in the page itself fits or scrolls."""
    _resize(page, PHONE[0], PHONE[1])
    assert_no_exception(page)
    if spec.key == "sentiment":  # the token strip keeps full-size boxes (it once shrank to unreadable)
        widths = page.evaluate("() => [...document.querySelectorAll('[data-token]')]"
                               ".map(e => e.getBoundingClientRect().width)")
        assert widths and min(widths) >= 40, widths
    return _cut(page, spec.key, PHONE[0], locale, main_only=True)


def _turn(page, spec):
    """The main interaction, as a person does it: a slider steps right with the keyboard until the address
    follows, a text or number box takes the manifest's value. Returns the value the address must carry."""
    slider = page.locator(f".st-key-{spec.main_widget} input[type='range']")
    if slider.count():
        for _ in range(3):
            page.wait_for_timeout(500)  # a busy first run can swallow a key press
            slider.first.focus()
            slider.first.press("ArrowRight")
            expected = slider.first.input_value()
            try:
                page.wait_for_url(re.compile(f"{spec.main_widget}={expected}"), timeout=30_000)
                return expected
            except PlaywrightTimeout:
                continue
        return expected
    box = page.locator(f".st-key-{spec.main_widget}").locator("input, textarea").first
    box.fill(str(spec.main_value))
    box.press("Control+Enter" if box.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
    return str(spec.main_value)


def _main_interaction(page, spec, locale):
    """The lab, its question skipped (as the student just did: what ``lab_url`` opens), worked once:
    the page and its address change; axe after it, at the other width."""
    _resize(page, AXE_WIDTHS[0])
    assert parse_qs(urlparse(page.url).query)[lessons.module(spec, "settings").GUESS.key] == ["skip"]
    before = page.locator("[data-testid='stMain']").inner_text()
    expected = _turn(page, spec)
    page.wait_for_url(re.compile(spec.main_widget), timeout=30_000)
    settled(page)
    assert_no_exception(page)
    assert page.locator("[data-testid='stMain']").inner_text() != before
    assert parse_qs(urlparse(page.url).query)[spec.main_widget] == [expected]
    return _serious(page, f"{spec.key} ({locale}, {AXE_WIDTHS[0]} px, after changing {spec.main_widget})")


def walk(seed: int, both: bool = False) -> list[tuple[str, str, str]]:
    """(page key, lang, locale) for the run of ``seed``: the pages the state sweep swept the day before, each in the
    language that sweep did not have (every page in both languages with ``both``)."""
    swept = state_sweep.rotation(seed - 1, 1, parts=SWEEP_PARTS)
    return [(spec.key, lang, locale) for spec in PAGES for lang, locale in LANGS
            if both or (swept[spec.key][1] and lang != swept[spec.key][0])]


def views_locales(seed: int, both: bool = False) -> list[str]:
    return [locale for i, (_, locale) in enumerate(LANGS) if both or i == seed % 2]


def _both(config) -> bool:
    return os.environ.get("PAGE_WALK_LANGS") == "both" or config.getoption("--screenshots")


def pytest_generate_tests(metafunc):
    both = _both(metafunc.config)
    if metafunc.function.__name__ == "test_every_page_at_every_width":
        cases = walk(SEED, both)
        metafunc.parametrize("key, lang, locale", cases, ids=[f"{lang}-{key}" for key, lang, _ in cases])
    elif metafunc.function.__name__ == "test_the_views_a_page_does_not_open_with":
        metafunc.parametrize("locale", views_locales(SEED, both))


def test_a_third_of_the_pages_a_run_and_six_runs_walk_every_page_in_both_languages():
    """The rotation: on each day the walk and the state sweep's share (the same seed) are two thirds of the pages, no
    page in both; three consecutive days walk every page once; six, every page in each language; the views alternate."""
    every = {(spec.key, lang) for spec in PAGES for lang, _ in LANGS}
    for seed in (SEED, SEED + 1, SEED + 2, 739_000):
        walked = [[(k, lang) for k, lang, _ in walk(s)] for s in range(seed, seed + 2 * SWEEP_PARTS)]
        assert sorted(k for day in walked[:SWEEP_PARTS] for k, _ in day) == sorted(spec.key for spec in PAGES)
        assert {pair for day in walked for pair in day} == every
        swept = {key for key, (_, cases) in state_sweep.rotation(seed, 1, parts=SWEEP_PARTS).items() if cases}
        today = {k for k, _, _ in walk(seed)}
        assert not today & swept and len(today) + len(swept) >= 2 * (len(PAGES) // SWEEP_PARTS)
        assert set(views_locales(seed) + views_locales(seed + 1)) == {locale for _, locale in LANGS}
    assert len(walk(SEED, both=True)) == 2 * len(PAGES)


def test_every_page_at_every_width(key, lang, locale, server_url, student, request):
    spec = BY_KEY[key]
    page = student(locale, WIDTHS[0], 900)
    page.goto(page_url(server_url, spec))
    settled(page)
    cut, axe = _first_paint(page, spec, lang, locale, request.config.getoption("--screenshots"))
    cut += _on_a_phone(page, spec, locale)
    _nothing_answers_before_an_answer(page, spec, lang)
    if spec.main_widget:
        axe += _main_interaction(page, spec, locale)
    assert not cut, _report(cut)
    assert not axe, f"{len(axe)} serious or critical axe-core findings:\n" + "\n".join(axe)


def _at_every_width(page, what, locale):
    found = []
    for width in WIDTHS:
        _resize(page, width)
        found += _cut(page, what, width, locale)
    _resize(page, PHONE[0], PHONE[1])
    return found + _cut(page, what, PHONE[0], locale, main_only=True)


def _train_the_widest(page, locale):
    # the start button (its name may carry the icon's ligature text before the label)
    page.get_by_role("button", name=re.compile(re.escape(t("two.train.start", locale[:2])) + "$")).click()
    page.get_by_text(t("two.train.yours", locale[:2])).wait_for(timeout=60_000)
    settled(page)
    learned = page.evaluate("() => document.querySelectorAll('.katex-display').length")
    assert learned >= 5, learned  # the hand-built and the learned matrices are on the page


def test_the_views_a_page_does_not_open_with(locale, server_url, student):
    """The widest diagram, the most crowded beam tree and a freshly trained 16-unit two-1s model, from a
    laptop's width down to a phone's."""
    page = student(locale, WIDTHS[0], 900)
    found = []
    for key, query in LINKED:
        page.set_viewport_size({"width": WIDTHS[0], "height": 900})
        page.goto(page_url(server_url, BY_KEY[key], query))
        settled(page)
        found += _at_every_width(page, f"{key}{query}", locale)
    key, query = TRAINED
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(page_url(server_url, BY_KEY[key], query))
    settled(page)
    _train_the_widest(page, locale)
    found += _at_every_width(page, f"{key}{query} (trained)", locale)
    assert not found, _report(found)


SIDEBAR_AND_MAIN = """() => {
  const side = document.querySelector('[data-testid=stSidebar]').getBoundingClientRect();
  const main = document.querySelector('[data-testid=stMain]').getBoundingClientRect();
  return [Math.max(0, Math.round(side.right)), Math.round(main.left), Math.round(main.width)];
}"""


def test_a_window_narrowed_to_a_phone_is_laid_out_as_a_phone(server_url, new_page, student):
    """What lets the walk check a phone by narrowing the window: the sidebar folds away and the page takes
    the phone's width, as on a phone's fresh visit (Home: the layout is the app's, the lightest page shows it)."""
    spec = BY_KEY["home"]
    phone = new_page(locale="en-US", width=PHONE[0], height=PHONE[1])
    phone.goto(page_url(server_url, spec))
    settled(phone)
    narrowed = student("en-US", WIDTHS[0], 900)
    narrowed.goto(page_url(server_url, spec))
    settled(narrowed)
    assert narrowed.evaluate(SIDEBAR_AND_MAIN)[0] > 0  # the sidebar is open on a laptop
    _resize(narrowed, PHONE[0], PHONE[1])
    assert narrowed.evaluate(SIDEBAR_AND_MAIN) == phone.evaluate(SIDEBAR_AND_MAIN) == [0, 0, PHONE[0]]

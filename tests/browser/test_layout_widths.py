"""Projector, laptop and phone widths: nothing on any page is cut off, in either language.

Controls: no control label, choice or metric label is cut off (each option of a choice stays on
screen: they wrap instead of scrolling away). Content: every chart title, equation, diagram and
table fits its box or sits in a box that scrolls sideways, chart titles show their whole text,
diagram text is big enough to read and the labels of a diagram or a tree do not overlap.
The 1024 px English screenshots go to docs/screenshots/1024/."""

import re

import pytest

from bench.harness import ROOT, wait_rendered
from playground.core.i18n import t
from playground.lessons import PAGES

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


def _url(base, spec, query=""):
    return (f"{base}/" if spec.default else f"{base}/{spec.url_path}") + query


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(500)
    wait_rendered(page)


BY_KEY = {spec.key: spec for spec in PAGES}
# Views a page does not open with, by link: the widest diagram (Home's many-to-many, unaligned) and
# the most crowded beam tree (beam 10).
LINKED = (("home", "?home_form=many_to_many_unaligned"), ("seq2seq", "?s2s_beam=10"))
TRAINED = ("two_ones", "?ones_train_hidden=16")  # the learned weights of the widest model, trained here (~2 s)


def _report(found):
    """One line per thing: page, width, locale, what, text."""
    return "cut off or unreadable:\n" + "\n".join("  " + " | ".join(map(str, row)) for row in found)


def _content(page, key, width, locale):
    return [(key, width, locale, what, text) for what, text in page.evaluate(CONTENT, MIN_FONT_PX)]


def _extra_views(page, base, width, locale):
    """The linked views and a freshly trained 16-unit two-1s model: [(page, width, locale, what, text)]."""
    found = []
    for key, query in LINKED:
        page.goto(_url(base, BY_KEY[key], query))
        _settled(page)
        found += _content(page, f"{key}{query}", width, locale)
    key, query = TRAINED
    page.goto(_url(base, BY_KEY[key], query))
    _settled(page)
    # the start button (its name may carry the icon's ligature text before the label)
    page.get_by_role("button", name=re.compile(re.escape(t("two.train.start", locale[:2])) + "$")).click()
    page.get_by_text(t("two.train.yours", locale[:2])).wait_for(timeout=60_000)
    _settled(page)
    learned = page.evaluate("() => document.querySelectorAll('.katex-display').length")
    assert learned >= 5, learned  # the hand-built and the learned matrices are on the page
    return found + _content(page, f"{key}{query} (trained)", width, locale)


@pytest.mark.parametrize("width", [1024, 1280, 1440])
@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_nothing_is_cut_off(width, locale, server_url, new_page):
    page = new_page(locale=locale, width=width, height=900)
    found = []
    for spec in PAGES:
        page.goto(_url(server_url, spec))
        _settled(page)
        found += [(spec.key, width, locale, "control", cut) for cut in page.evaluate(CLIPPED, False)]
        found += _content(page, spec.key, width, locale)
        if width == 1024 and locale == "en-US":
            height = page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollHeight")
            page.set_viewport_size({"width": 1024, "height": min(max(int(height), 900), 6000)})
            _settled(page)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{spec.key}-en.png"))
            page.set_viewport_size({"width": 1024, "height": 900})
    found += _extra_views(page, server_url, width, locale)
    assert not found, _report(found)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_a_phone_sees_every_choice(locale, server_url, new_page):
    """On a phone the sidebar folds away (by design); everything in the page itself must fit or scroll."""
    page = new_page(locale=locale, width=390, height=844)
    found = []
    for spec in PAGES:
        page.goto(_url(server_url, spec))
        _settled(page)
        found += [(spec.key, 390, locale, "control", cut) for cut in page.evaluate(CLIPPED, True) if cut]
        found += _content(page, spec.key, 390, locale)
        if spec.key == "sentiment":  # the token strip keeps full-size boxes (it once shrank to unreadable)
            widths = page.evaluate("() => [...document.querySelectorAll('[data-token]')]"
                                   ".map(e => e.getBoundingClientRect().width)")
            assert widths and min(widths) >= 40, widths
    found += _extra_views(page, server_url, 390, locale)
    assert not found, _report(found)

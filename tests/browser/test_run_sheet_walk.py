"""A teacher teaches from the run-sheets in a real browser (issues 36 and 50): Next moves one step at a time
through the 讲义's sheet, each card quotes the text's words for its step and links its places; the address
keeps the step (a reload lands on the same card). Presenting, a step's demo opens in the same window at its
section, presented, with a way back to the same step. The printout, printed to PDF by Chromium, fits A4
portrait and holds every step."""

import io
import re
import unicodedata
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

import pypdf

from bench.harness import POLL_MS, wait_rendered
from playground.home import run_sheet

A4_POINTS = (595, 842)


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(150)
    wait_rendered(page)


def _card(page) -> str:
    return page.locator(".st-key-home_sheet_card").inner_text()


def _step_is(page, number: int) -> None:
    page.wait_for_function(f"() => new URL(location.href).searchParams.get('home_step') === '{number}'",
                           timeout=20_000, polling=POLL_MS)
    _settled(page)


def test_a_teacher_walks_the_notes_from_first_to_last_step(server_url, new_page):
    steps = run_sheet.steps("notes")
    page = new_page(locale="zh-CN", width=1024, height=900)
    page.goto(f"{server_url}/?lang=zh&home_sheet=notes#home-runsheet")
    _settled(page)
    ahead = page.locator(".st-key-home_sheet_ahead button")
    for number, step in enumerate(steps, start=1):
        if number > 1:
            _step_is(page, number)
        card = _card(page)
        assert step.quote.words.split("$")[0][:12] in card, (number, step.part.id)
        assert f"第 {step.quote.line} 行" in card
        links = page.locator(".st-key-home_sheet_card a.rnn-go")
        assert links.count() == len(step.places), number
        for n, demo in enumerate(step.places):
            assert links.nth(n).get_attribute("target") == "_self"
            assert urljoin(f"{server_url}/", links.nth(n).get_attribute("href")) == \
                urljoin(f"{server_url}/", step.link("zh", demo))
        if number < len(steps):
            ahead.click()
    assert ahead.is_disabled()
    page.reload()  # the step is in the address: the same card after a reload
    _settled(page)
    assert f"第 {steps[-1].quote.line} 行" in _card(page)


def test_presenting_a_step_opens_its_demo_in_the_same_window_and_comes_back(server_url, new_page):
    steps = run_sheet.steps(run_sheet.PLAN)
    number = next(i for i, s in enumerate(steps, start=1) if s.ask == "gradients")
    page = new_page(locale="zh-CN", width=1024, height=768)
    page.goto(f"{server_url}/?lang=zh&present=1&home_sheet={run_sheet.PLAN}&home_step={number}#home-runsheet")
    _settled(page)
    page.locator(".st-key-home_sheet_go_0 a.rnn-go").click()
    page.wait_for_url(re.compile(r"/gradients\?"), timeout=30_000)
    # the new page's own question first: under load the address changes a moment before its first run starts
    page.locator(".st-key-grad_guess_box").wait_for(state="attached", timeout=30_000)
    _settled(page)
    assert len(page.context.pages) == 1  # no new tab
    assert parse_qs(urlsplit(page.url).query).get("present") == ["1"]
    page.locator("[data-testid='stSidebar']").wait_for(state="hidden", timeout=10_000)  # the projector's view
    assert page.locator(".st-key-grad_guess_box").count() == 1  # at the question, unanswered
    page.wait_for_function("() => { const e = document.getElementById('question');"
                           " return e && Math.abs(e.getBoundingClientRect().top) < 120; }",
                           timeout=20_000, polling=POLL_MS)  # scrolled to it, as the projector shows it
    back = page.get_by_role("link", name=re.compile("回到讲课单"))
    back.click()
    _step_is(page, number)
    assert f"第 {steps[number - 1].quote.line} 行" in _card(page)
    assert len(page.context.pages) == 1


def test_the_printout_prints_on_a4_portrait_with_every_step(server_url, new_page):
    sheet = run_sheet.sheet(run_sheet.PLAN)
    page = new_page(locale="en-US", width=1280, height=900)
    page.goto(f"{server_url}/?lang=en&home_sheet={run_sheet.PLAN}&home_step=1#home-runsheet")
    _settled(page)
    page.locator(".st-key-home_sheet_print button").first.click()
    save = page.locator(".st-key-home_sheet_save button")
    save.wait_for(timeout=120_000)
    with page.expect_download() as download:
        save.click()
    html = Path(download.value.path()).read_text(encoding="utf-8")
    printed = page.context.new_page()
    printed.set_content(html)
    printed.emulate_media(media="print")
    printed.set_viewport_size({"width": 703, "height": 1000})  # A4's width less the margins, at 96 px an inch
    wide = printed.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the table runs off the page: {wide}"
    pdf = pypdf.PdfReader(io.BytesIO(printed.pdf(prefer_css_page_size=True)))
    assert len(pdf.pages) >= 2
    assert all(round(float(p.mediabox.width)) == A4_POINTS[0] and round(float(p.mediabox.height)) == A4_POINTS[1]
               for p in pdf.pages)
    # the PDF's text as read back: its fonts map some characters to look-alikes (⽅ for 方, ‒ for –)
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", "".join(p.extract_text() for p in pdf.pages)))
    text = text.replace("‒", "–")
    for index, step in enumerate(sheet.steps):
        start, end = sheet.clock(index)
        assert f"{start}–{end}" in text, index + 1
        assert re.sub(r"\s+", "", step.gloss)[:20] in text, index + 1  # the English copy glosses each step
    assert "Answer:" in text and "90minutesinall" in text

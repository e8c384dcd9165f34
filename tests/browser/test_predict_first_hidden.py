"""Predict first means first (issue 33): on every page, before the question is answered, nothing on
screen outside the question's own box gives the answer away.

For each page, in a real browser: the page is opened fresh and its visible text read (what a student
sees; a collapsed section's text is not visible); then the student chooses to see the answer, and
the tell-tale pieces of the revealed result are taken from the page's own reveal: its decimal numbers,
its 0/1 sequences, its quoted texts and code lines. None of them may have been on screen before,
outside the question box (whose options may name candidate values).
"""

import re

import pytest

from bench.harness import wait_rendered
from playground.core.i18n import t
from playground.lessons import PAGES

PREFIX = {"home": "home", "two_ones": "ones", "cell_lab": "lab", "sentiment": "senti", "gradients": "grad",
          "seq2seq": "s2s", "forecast": "fc", "charlm": "lm", "charlm_cells": "cells", "beyond": "beyond"}
VISIBLE_TEXT = """(box) => {
  const main = document.querySelector('[data-testid=stMain]');
  const all = main.innerText;
  const own = document.querySelector(box);
  return [all, own ? own.innerText : ''];
}"""


def _settled(page):
    wait_rendered(page)
    page.wait_for_timeout(400)
    wait_rendered(page)


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text.replace("−", "-"))


def tell_tales(result: str) -> set[str]:
    """What in a revealed result gives the answer away: decimals with at least two digits after the
    point (0.82, 4.79021, 0.00097656, +0.601), sequences of three or more 0/1s, quoted texts and
    code lines of at least six characters (spaces removed)."""
    found = set(re.findall(r"[-+]?\d+\.\d{2,}", result.replace("−", "-")))
    found |= {_flat(m) for m in re.findall(r"\b[01](?:\s*,\s*[01]){2,}\b", result)}
    for quoted in re.findall(r"[“\"]([^”\"]{6,})[”\"]", result):
        found.add(_flat(quoted))
    found |= {_flat(line) for line in result.splitlines() if len(_flat(line)) >= 12 and ":" not in line[:3]}
    return {piece for piece in found if piece}


def _url(base: str, key: str) -> str:
    spec = next(s for s in PAGES if s.key == key)
    return f"{base}/" if spec.default else f"{base}/{spec.url_path}"


@pytest.mark.parametrize("key", list(PREFIX))
def test_nothing_on_screen_answers_the_question_before_an_answer(key, server_url, new_page):
    page = new_page(locale="zh-CN")
    page.goto(_url(server_url, key))
    _settled(page)
    box = f".st-key-{PREFIX[key]}_guess_box"
    before, question = page.evaluate(VISIBLE_TEXT, box)
    assert question, f"{key}: no question box on the page"
    outside = _flat(before.replace(question, ""))
    page.get_by_role("button", name=re.compile(re.escape(t("predict.skip", "zh")) + "$")).click()
    _settled(page)
    reveal = page.locator(f".st-key-{PREFIX[key]}_guess_reveal")
    reveal.wait_for(timeout=60_000)
    result = reveal.inner_text()
    pieces = tell_tales(result) - {p for p in tell_tales(result) if p in _flat(question)}
    assert pieces, f"{key}: the reveal holds nothing to look for: {result!r}"
    shown = sorted(p for p in pieces if p in outside)
    assert not shown, f"{key}: on screen before an answer: {shown}"
    after, _ = page.evaluate(VISIBLE_TEXT, box)
    assert t("predict.hidden", "zh") not in after  # skipping opens what was held back

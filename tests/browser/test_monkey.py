"""A seeded monkey in a real browser: one session does a fixed budget of random valid actions
across every page (move a slider, pick an option, type from a pool of awkward texts, type a number,
switch page through the sidebar, switch language) and the app must never show an exception, a
dialog, or stop answering. The walk changes every day (``MONKEY_SEED``, by default today's date, printed
in the session header: set it to repeat a run); ``MONKEY_ACTIONS`` raises the budget of 80 (the bench
runs a longer one)."""

import datetime
import os
import random

from bench.harness import wait_rendered

ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "80"))
SEED = int(os.environ.get("MONKEY_SEED") or datetime.date.today().strftime("%Y%m%d"))
TEXTS = ("", "   ", "狗咬人", "我在__工作", "服务很慢，但是菜很好吃", "not bad at all, I would watch it again",
         "ROMEO:\n", "def f(x):\n    return [x, 'hi']  # done", "🙂🙃👍 emoji only", "[点这里](https://evil.example/)",
         "x" * 2000, "0 1 1 0 1 1", "1e400", "-5", "NaN")
NUMBERS = ("0", "1", "7", "-3", "99999999", "1e5", "2.5")  # what a browser lets one type into a number box
MAIN = "[data-testid='stMain']"


def _settled(page) -> None:
    wait_rendered(page, timeout_ms=90_000)  # "no answer" fails here
    page.wait_for_timeout(150)
    wait_rendered(page, timeout_ms=90_000)


def _check(page, what: str) -> None:
    errors = page.locator("[data-testid='stException']")
    assert errors.count() == 0, f"after {what}: {errors.first.inner_text()}"
    dialogs = page.locator("[role='dialog']")
    assert dialogs.count() == 0, f"after {what}: {dialogs.first.inner_text()}"


def _pick(rng, locator):
    count = locator.count()
    return locator.nth(rng.randrange(count)) if count else None


def _act(page, rng) -> str:
    """Do one random action that a visitor could do; return what it was."""
    kind = rng.choices(["slider", "option", "text", "number", "page", "language"], weights=[5, 4, 4, 2, 2, 1])[0]
    if kind == "page":
        link = _pick(rng, page.locator("[data-testid='stSidebarNavLink']"))
        if link is not None:
            link.click()
            return f"open {link.get_attribute('href')}"
    if kind == "language":
        button = _pick(rng, page.locator("[data-testid='stSidebar'] [data-testid='stButtonGroup'] button"))
        if button is not None:
            button.click()
            return "switch language"
    if kind == "slider":
        # Streamlit 1.67's slider thumb is a visually hidden <input type=range> (react-aria), not role=slider
        handle = _pick(rng, page.locator(f"{MAIN} [data-testid='stSlider'] input[type='range']"))
        if handle is not None and handle.is_enabled():
            key = rng.choice(["ArrowRight", "ArrowLeft", "End", "Home", "PageUp", "PageDown"])
            handle.focus()
            for _ in range(rng.randint(1, 4)):
                handle.press(key)
            return f"slider {key}"
    if kind == "option":
        option = _pick(rng, page.locator(f"{MAIN} [data-testid='stButtonGroup'] button:visible"))
        if option is not None and option.is_enabled():
            option.click()
            return f"option {option.inner_text()[:20]!r}"
    if kind == "text":
        box = _pick(rng, page.locator(f"{MAIN} [data-testid='stTextInput'] input:visible, "
                                      f"{MAIN} [data-testid='stTextArea'] textarea:visible"))
        if box is not None and box.is_editable():
            text = rng.choice(TEXTS)
            box.fill(text)
            box.press("Control+Enter" if box.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
            return f"type {text[:20]!r}"
    if kind == "number":
        box = _pick(rng, page.locator(f"{MAIN} [data-testid='stNumberInput'] input:visible"))
        if box is not None and box.is_editable():
            number = rng.choice(NUMBERS)
            box.fill(number)
            box.press("Enter")
            return f"number {number}"
    return "nothing"


def test_a_seeded_monkey_finds_no_exception(server_url, new_page):
    rng = random.Random(SEED)
    page = new_page(locale="en-US", width=1280, height=900)
    page.goto(server_url + "/")
    _settled(page)
    done = []
    for step in range(ACTIONS):
        what = _act(page, rng)
        done.append(what)
        _settled(page)
        _check(page, f"action {step + 1} ({what}); the ones before: {done[-5:-1]}")
    assert sum(d != "nothing" for d in done) >= ACTIONS * 0.6, "; ".join(done)  # the monkey really did things

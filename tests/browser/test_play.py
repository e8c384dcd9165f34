"""Issue 26: a step-through plays in the browser. Pressing play advances the frame label at least
three times while the server runs the page not once (every script run flips the app's
``data-test-script-state`` to "running"; a MutationObserver counts the flips). The players of one page
and link are played on one load.

Half the pages a run, by the day (``PLAY_SEED``, default today's date; ``PLAY_PAGES=all`` plays every
page): each half has both kinds of player, and two consecutive runs play every one (a test checks)."""

import os

import pytest

from bench.harness import wait_rendered
from conformance.state_sweep import date_seed

COUNT_RUNS = """() => {
  window.__rnnRuns = 0;
  const state = document.querySelector("[data-test-script-state]");
  new MutationObserver(() => { if (state.getAttribute("data-test-script-state") === "running") window.__rnnRuns++; })
    .observe(state, { attributes: true });
}"""

# (page path, link settings, which player on the page[, kind[, button to press first]]): kind "player" (the
# default) is the nth ``.rnn-player`` (playground.app.player); "plotly" the nth chart with Plotly animation
# frames (playground.drawing.frames: its play button is an ``.updatemenu-button``, its
# scrubber's current-value text the frame's label). A section drawn on request needs its button pressed.
PLAYERS = [
    ("two_ones", "ones_guess=skip", 0),  # behind the question (issue 33): the link skips it
    ("sentiment", "", 0),  # the classifier's strip, prefix by prefix
    ("sentiment", "", 0, "plotly"),  # the lecture's walk-through forward, then its gradient back
    ("gradients", "", 0, "plotly"),  # the gradient flowing back through time, RNN
    ("gradients", "", 1, "plotly"),  # ... and the three cells
    ("cell_lab", "lab_t=2", 0),  # the conveyor belt along its sentence
    ("seq2seq", "", 0),  # the beam tree growing (one drawing, its parts shown frame by frame)
    ("seq2seq", "", 1),  # each output word's attention row
    ("forecast", "fc_guess=skip", 0, "plotly"),  # two forecasts growing hour by hour (behind the question)
    ("charlm", "lm_position=3", 0),  # the next-character distribution, position by position
    ("charlm", "", 1, "player", "lm_stages_ask"),  # the training stages, snapshot by snapshot
]

ANIMATED = ".js-plotly-plot:has(.updatemenu-button)"
# a drawing player's frame: which of its parts (data-at: from frame k on; data-only: frame k alone) are shown
SHOWN_PARTS = """root => [...root.querySelectorAll('[data-at], [data-only]')].filter(e => e.style.display !== 'none')
  .map(e => e.dataset.at ?? 'only ' + e.dataset.only).join()"""


class Player:
    """One player on the page, of either kind: its frame label, play / pause, and whether it plays."""

    def __init__(self, page, kind: str, index: int):
        self.page, self.kind = page, kind
        self.root = page.locator(".rnn-player" if kind == "player" else ANIMATED).nth(index)
        self.root.wait_for(state="attached", timeout=60_000)
        self.root.scroll_into_view_if_needed()

    def label(self) -> str:
        if self.kind == "player":
            return self.root.locator(".rnn-player-label").inner_text()
        # the scrubber's current value: the slider group's own text (the steps' labels sit in groups below it)
        return self.root.locator(".slider-container .slider-group > text").first.text_content() or ""

    def play(self) -> None:
        (self.root.locator("[data-act=play]") if self.kind == "player"
         else self.root.locator(".updatemenu-button").nth(0)).click()

    def pause(self) -> None:
        (self.root.locator("[data-act=play]") if self.kind == "player"
         else self.root.locator(".updatemenu-button").nth(1)).click()


def _page_loads() -> dict[tuple[str, str, str | None], list[tuple[int, str]]]:
    """The cases by page load: the players of one page and link are played on one load, one after another."""
    loads: dict[tuple[str, str, str | None], list[tuple[int, str]]] = {}
    for path, query, index, *rest in PLAYERS:
        kind, ask = (rest[0] if rest else "player"), (rest[1] if len(rest) > 1 else None)
        loads.setdefault((path, query, ask), []).append((index, kind))
    return loads


LOADS = _page_loads()
# The two halves, balanced by the seconds their loads took (2-core machine, 2026-12-07: 67 | 58).
HALVES = (("two_ones", "sentiment", "seq2seq", "forecast"), ("gradients", "cell_lab", "charlm"))
SEED = int(os.environ.get("PLAY_SEED") or date_seed())


def _loads_of(seed: int) -> list[tuple[str, str, str | None]]:
    return [load for load in LOADS if load[0] in HALVES[(seed + 1) % len(HALVES)]]


def todays_loads() -> list[tuple[str, str, str | None]]:
    return list(LOADS) if os.environ.get("PLAY_PAGES") == "all" else _loads_of(SEED)


def test_two_consecutive_runs_play_every_player():
    every, pages = {path for path, *_ in PLAYERS}, [set(half) for half in HALVES]
    assert set().union(*pages) == every and sum(map(len, pages)) == len(every)  # each page in one half
    assert {load for seed in (SEED, SEED + 1) for load in _loads_of(seed)} == set(LOADS)
    for half in HALVES:  # each half plays both kinds of player
        assert {(rest[0] if rest else "player") for path, _, _, *rest in PLAYERS if path in half} == {"player", "plotly"}


@pytest.mark.parametrize("load", todays_loads(), ids=lambda load: "-".join(part for part in load if part))
def test_play_advances_frames_with_no_server_run(load, server_url, student):
    path, query, ask = load
    page = student(locale="en-US")
    page.goto(f"{server_url}/{path}{'?' + query if query else ''}")
    wait_rendered(page)
    if ask:
        page.locator(f".st-key-{ask} button").click()
        page.wait_for_timeout(500)
        wait_rendered(page)
    for index, kind in LOADS[load]:
        _plays(page, kind, index)


def _plays(page, kind: str, index: int) -> None:
    """Player ``index`` of ``kind`` starts paused, plays at least three frames with no server run, pauses,
    and (a drawing player) steps back by hand."""
    player = Player(page, kind, index)
    first = player.label()
    assert first, (kind, index)  # it starts paused, on a labelled frame
    if kind == "player":
        assert player.root.get_attribute("data-playing") in (None, "0")
    page.wait_for_timeout(1200)
    assert player.label() == first  # motion starts paused
    page.evaluate(COUNT_RUNS)
    player.play()
    seen = [first]
    for _ in range(80):
        page.wait_for_timeout(100)
        text = player.label()
        if text != seen[-1]:
            seen.append(text)
        if len(seen) >= 4:
            break
    assert len(seen) >= 4, (kind, index, seen)  # three advances at least
    assert page.evaluate("window.__rnnRuns") == 0  # and not one server run for them
    player.pause()
    page.wait_for_timeout(300)
    paused_on = player.label()
    page.wait_for_timeout(1500)
    assert player.label() == paused_on
    if kind == "player":
        assert player.root.get_attribute("data-playing") == "0"
        drawn, view = player.root.evaluate(SHOWN_PARTS), player.root.locator(".rnn-player-frame").inner_html()
        player.root.locator("[data-act=back]").click()
        assert player.label() != paused_on  # one step back, by hand
        # and another frame on screen: a frame put in place, a drawing's parts shown, a template's values set
        assert player.root.locator(".rnn-player-frame").inner_html() != view
        if drawn:  # a drawing's frame is the parts it shows: another frame shows others
            assert player.root.evaluate(SHOWN_PARTS) != drawn
    assert page.evaluate("window.__rnnRuns") == 0

"""Issue 26: a step-through plays in the browser. Pressing play advances the frame label at least
three times while the server runs the page not once (every script run flips the app's
``data-test-script-state`` to "running"; a MutationObserver counts the flips)."""

import pytest

from bench.harness import wait_rendered

COUNT_RUNS = """() => {
  window.__rnnRuns = 0;
  const state = document.querySelector("[data-test-script-state]");
  new MutationObserver(() => { if (state.getAttribute("data-test-script-state") === "running") window.__rnnRuns++; })
    .observe(state, { attributes: true });
}"""

# (page path, link settings, which player on the page)
PLAYERS = [
    ("two_ones", "", 0),
    ("sentiment", "", 0),  # the classifier's strip, prefix by prefix
]


@pytest.mark.parametrize(("path", "query", "index"), PLAYERS)
def test_play_advances_frames_with_no_server_run(path, query, index, server_url, new_page):
    page = new_page(locale="en-US")
    page.goto(f"{server_url}/{path}{'?' + query if query else ''}")
    wait_rendered(page)
    player = page.locator(".rnn-player").nth(index)
    player.scroll_into_view_if_needed()
    label = player.locator(".rnn-player-label")
    first = label.inner_text()
    assert first and player.get_attribute("data-playing") in (None, "0")  # it starts paused
    page.evaluate(COUNT_RUNS)
    player.locator("[data-act=play]").click()
    seen = [first]
    for _ in range(80):
        page.wait_for_timeout(100)
        text = label.inner_text()
        if text != seen[-1]:
            seen.append(text)
        if len(seen) >= 4:
            break
    assert len(seen) >= 4, seen  # three advances at least
    assert page.evaluate("window.__rnnRuns") == 0  # and not one server run for them
    player.locator("[data-act=play]").click()  # pause
    paused_on = label.inner_text()
    page.wait_for_timeout(1500)
    assert label.inner_text() == paused_on and player.get_attribute("data-playing") == "0"
    player.locator("[data-act=back]").click()
    assert label.inner_text() != paused_on  # one step back, by hand

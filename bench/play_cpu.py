"""Server CPU while a 20-frame step-through plays in the browser vs 20 steps of its slider (issue 26):
the cell lab's conveyor belt over a 22-character sentence (and 20 frames of the gradient page's
Plotly animation), the server's CPU seconds read from /proc/<pid>/stat before and after.
``python -m bench.play_cpu`` (Linux; Debian chromium)."""
import os

from playwright.sync_api import sync_playwright

from bench.harness import POLL_MS, launch_browser, streamlit_server, wait_rendered

SENTENCE = "服务很慢但是味道非常好我们下次还会再来的真的"  # 22 characters: 21 steps after the first
COUNT = """() => { window.__runs = 0; const s = document.querySelector("[data-test-script-state]");
  new MutationObserver(() => { if (s.getAttribute("data-test-script-state") === "running") window.__runs++; })
  .observe(s, {attributes: true}); }"""


def cpu(proc) -> float:
    """The server process's CPU seconds (user + system, its threads included) from /proc/<pid>/stat."""
    with open(f"/proc/{proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    with streamlit_server() as (port, proc), sync_playwright() as pw:
        page = launch_browser(pw).new_context(locale="en-US", viewport={"width": 1400, "height": 1000}).new_page()
        page.goto(f"http://127.0.0.1:{port}/cell_lab?lab_text={SENTENCE}&lab_t=1")
        wait_rendered(page)
        page.wait_for_timeout(3000)
        player = page.locator(".rnn-player").first
        player.scroll_into_view_if_needed()
        player.locator("[data-act=speed]").select_option("4.0")
        page.wait_for_timeout(1000)
        page.evaluate(COUNT)
        idle0 = cpu(proc)
        page.wait_for_timeout(5000)
        idle = cpu(proc) - idle0
        before = cpu(proc)
        player.locator("[data-act=play]").click()
        page.wait_for_function("() => document.querySelector('.rnn-player').dataset.frame === '20'", timeout=60000,
                               polling=POLL_MS)
        played = cpu(proc) - before
        print(f"idle 5 s: {idle:.3f} CPU-s; 20 frames played in the browser: {played:.3f} CPU-s, "
              f"server runs: {page.evaluate('window.__runs')}, label {player.locator('.rnn-player-label').inner_text()!r}")
        player.locator("[data-act=play]").click()  # pause
        thumb = page.locator(".st-key-lab_t input[type='range']")  # Streamlit 1.67: a hidden range input
        page.evaluate(COUNT)
        before = cpu(proc)
        for _ in range(20):
            value = int(thumb.input_value())
            thumb.focus()
            thumb.press("ArrowRight")
            page.wait_for_url(f"**lab_t={value + 1}**", timeout=30000)  # the link follows each step
            wait_rendered(page)
        page.wait_for_timeout(500)
        stepped = cpu(proc) - before
        print(f"20 slider steps: {stepped:.3f} CPU-s, server runs: {page.evaluate('window.__runs')}, "
              f"slider at {thumb.input_value()}")
        # a chart's Plotly animation: the gradient flowing back (64 frames at T = 100), 20 of them
        page.goto(f"http://127.0.0.1:{port}/gradients")
        wait_rendered(page)
        page.wait_for_timeout(3000)
        chart = page.locator(".js-plotly-plot:has(.updatemenu-button)").first
        chart.scroll_into_view_if_needed()
        label = chart.locator(".slider-container .slider-group > text").first
        page.evaluate(COUNT)
        before, seen = cpu(proc), [label.text_content()]
        chart.locator(".updatemenu-button").first.click()
        while len(seen) < 21:  # the first frame, then 20 more
            page.wait_for_timeout(50)
            if label.text_content() != seen[-1]:
                seen.append(label.text_content())
        animated = cpu(proc) - before
        print(f"20 frames of a Plotly animation played in the browser: {animated:.3f} CPU-s, "
              f"server runs: {page.evaluate('window.__runs')}, {seen[1]!r} .. {seen[-1]!r}")


if __name__ == "__main__":
    main()

"""Play a step-through in the visitor's browser: frames computed in one run, shown one after another
by a few lines of script, with play / pause, step, speed and a scrubber. No frame costs the server a
rerun: thirty students pressing play cost what one page view costs.

Four kinds of frames. HTML/SVG frames (``frame_player``: the unrolled steps of the two-1s network,
the sentiment strip, the conveyor belt) go into one ``st.html`` element; Streamlit's HTML element
strips SVG, so the frames travel as JSON and the script puts the current one in place. A drawing
that grows or changes in place (``drawing_player``: the beam tree, the attention rows) travels once,
and the script shows each frame's parts. Frames that differ only in a few values (``template_player``:
the char-LM's next-character bars) travel as one frame and each frame's values. Chart frames use
Plotly's own animation (``playground.drawing.frames``)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence

import streamlit as st

from playground.app.language import tr

# The button marks are characters every font here has (the media-control block, U+23EE.., is
# missing from the CJK fonts a Debian server or a classroom PC may fall back to).
# One frame every BASE_MS at 1x; the speeds a visitor can pick. A player carries at most MAX_FRAMES
# frames (a few KB each): a longer sequence plays the window of that many steps around the chosen one.
BASE_MS = 900
SPEEDS = (0.5, 1.0, 2.0, 4.0)
MAX_FRAMES = 64


def frame_window(count: int, chosen: int, most: int = MAX_FRAMES) -> range:
    """The 0-based frames a player carries for a sequence of ``count`` steps with step ``chosen``
    (0-based) on screen: all of them, or ``most`` of them around the chosen one."""
    if count <= most:
        return range(count)
    first = max(0, min(chosen - most // 2, count - most))
    return range(first, first + most)

_PLAYER_HTML = """<div class="rnn-player" id="{id}" data-frames="{count}">
<div class="rnn-player-bar" role="group" aria-label="{group}"
  style="display:flex;flex-wrap:wrap;gap:0.4rem;align-items:center;margin:0.25rem 0 0.5rem 0;">
<button type="button" data-act="back" aria-label="{back}" title="{back}"
  style="{button}font-size:1.1rem;line-height:1;">&#x2039;</button>
<button type="button" data-act="play" aria-label="{play}" title="{play}"
  style="{button}min-width:5.5rem;">&#x25B6; {play}</button>
<button type="button" data-act="next" aria-label="{next}" title="{next}"
  style="{button}font-size:1.1rem;line-height:1;">&#x203A;</button>
<label style="font-size:0.875rem;">{speed} <select data-act="speed" style="font:inherit;">{speeds}</select></label>
<input type="range" data-act="scrub" min="0" max="{last}" value="{start}" aria-label="{scrub}"
  style="flex:1 1 10rem;min-width:8rem;accent-color:#A8380A;">
<span class="rnn-player-label" aria-live="polite" style="font-size:0.875rem;min-width:6rem;"></span>
</div>
<div class="rnn-player-frame" style="overflow-x:auto;"></div>
</div>
<script>
(function () {{
  const root = document.getElementById("{id}");
  if (!root) return;
  const frames = {frames};
  const labels = {labels};
  const words = {words};
  const view = root.querySelector(".rnn-player-frame"), label = root.querySelector(".rnn-player-label");
  const scrub = root.querySelector("[data-act=scrub]"), play = root.querySelector("[data-act=play]");
  const speed = root.querySelector("[data-act=speed]");
  const fills = {fills};
  let at = {start}, timer = null;
  const count = {count}, kind = "{kind}";
  let shown = [], only = [], slots = [];
  if (kind !== "frames") view.innerHTML = frames[0];  // one drawing, or one frame to fill in, for every frame
  if (kind === "drawing") {{  // its parts say on which frames they show
    shown = [...view.querySelectorAll("[data-at]")];
    only = [...view.querySelectorAll("[data-only]")];
  }}
  if (kind === "template") slots = [...view.querySelectorAll("[data-fill]")].map((e) => [e, e.dataset.fill.split(",")]);
  const fill = (values) => {{  // each value as text or an attribute: never read as markup
    let k = 0;
    for (const [e, names] of slots) for (const name of names) {{
      if (name === "text") e.textContent = values[k++]; else e.setAttribute(name, values[k++]);
    }}
  }};
  const show = (i) => {{
    at = Math.max(0, Math.min(count - 1, i));
    if (kind === "drawing") {{
      for (const e of shown) e.style.display = at >= +e.dataset.at ? "" : "none";
      for (const e of only) e.style.display = +e.dataset.only === at ? "" : "none";
    }} else if (kind === "template") fill(fills[at]);
    else view.innerHTML = frames[at];
    label.textContent = labels[at];
    scrub.value = at;
    root.dataset.frame = at;
  }};
  const pause = () => {{
    if (timer) clearInterval(timer);
    timer = null;
    play.innerHTML = "&#x25B6; " + words.play;
    play.setAttribute("aria-label", words.play);
    root.dataset.playing = "0";
  }};
  const start = () => {{
    if (at >= count - 1) show(0);  // a play from the last frame starts over
    timer = setInterval(() => {{
      if (at >= count - 1) {{ pause(); return; }}  // a play ends on the last frame
      show(at + 1);
    }}, {base} / parseFloat(speed.value));
    play.innerHTML = "&#x25AE;&#x25AE; " + words.pause;
    play.setAttribute("aria-label", words.pause);
    root.dataset.playing = "1";
  }};
  root.querySelector("[data-act=back]").onclick = () => {{ pause(); show(at - 1); }};
  root.querySelector("[data-act=next]").onclick = () => {{ pause(); show(at + 1); }};
  play.onclick = () => (timer ? pause() : start());
  scrub.oninput = () => {{ pause(); show(parseInt(scrub.value, 10)); }};
  speed.onchange = () => {{ if (timer) {{ pause(); start(); }} }};
  show(at);  // starts paused, on the frame the page's own slider (and so the link) chose
}})();
</script>"""

_BUTTON = ("padding:0.2rem 0.55rem;border:1px solid rgba(16,20,25,0.35);border-radius:0.4rem;background:#FFFDF8;"
           "color:#101419;cursor:pointer;font:inherit;font-size:0.875rem;")


def _script_json(value) -> str:
    """JSON safe inside a <script> element: no "<" at all (as \\u003c), so that nothing can end the
    element and Streamlit's sanitiser (DOMPurify) does not drop a script whose text looks like markup."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


KINDS = ("frames", "drawing", "template")
_FILLED = re.compile(r' data-fill="([^"]*)"')


def slots(template: str) -> int:
    """How many values a frame of ``template`` takes: one per name in each data-fill mark."""
    return sum(len(names.split(",")) for names in _FILLED.findall(template))


class _Markup(str):
    """HTML that ``st.html`` sends as it is: a body with ``_repr_html_`` skips Streamlit's dedent of the
    text, which for a player of 64 SVG frames (~260 KB) cost about 6 ms a run."""

    def _repr_html_(self) -> str:
        return str(self)


def player_markup(frames: Sequence[str], labels: Sequence[str], start: int, key: str, kind: str = "frames",
                  fills: Sequence[Sequence[str]] = ()) -> str:
    """The player's HTML and script (the frames are our own SVG/HTML, their text escaped where drawn).
    ``kind`` "drawing": ``frames`` is one drawing whose parts carry data-at="k" (shown from frame k on) or
    data-only="k" (shown on frame k alone), and there is one frame per label. "template": ``frames`` is
    one frame whose changing elements carry data-fill="name,..." (an attribute's name, or "text" for the
    element's text), and ``fills`` holds each frame's values in the order of those names."""
    if kind not in KINDS:
        raise ValueError(f"a player's kind is one of {KINDS}")
    if not labels or (len(frames) != 1 if kind != "frames" else len(frames) != len(labels)):
        raise ValueError("a player needs one label per frame, and at least one frame")
    if kind == "template" and (len(fills) != len(labels) or any(len(f) != slots(frames[0]) for f in fills)):
        raise ValueError("a template's frames need one value per data-fill name each")
    start = max(0, min(len(labels) - 1, int(start)))
    element_id = "rnn-player-" + hashlib.sha1(key.encode()).hexdigest()[:10]
    speeds = "".join(f'<option value="{s}"{" selected" if s == 1.0 else ""}>{s:g}&#xD7;</option>' for s in SPEEDS)
    words = {"play": tr("player.play"), "pause": tr("player.pause")}
    return _PLAYER_HTML.format(
        id=element_id, count=len(labels), last=len(labels) - 1, start=start, kind=kind,
        base=BASE_MS, speeds=speeds,
        frames=_script_json(list(frames)), fills=_script_json([list(f) for f in fills]),
        labels=_script_json(list(labels)), words=_script_json(words),
        group=tr("player.group"), back=tr("player.back"), play=words["play"], next=tr("player.next"),
        speed=tr("player.speed"), scrub=tr("player.scrub"), button=_BUTTON)


def frame_player(frames: Sequence[str], labels: Sequence[str], start: int, key: str, where=None) -> None:
    """Draw ``frames`` (SVG or HTML strings) with a player that runs in the browser, starting paused on
    frame ``start`` (0-based; the page's slider and so the link choose it)."""
    (where or st).html(_Markup(player_markup(frames, labels, start, key)), unsafe_allow_javascript=True)


def window_note(shown: range, total: int, where=None) -> None:
    """Under a player that holds only frames ``shown`` of ``total`` (``frame_window``): say so, and how
    to reach the others (issue 33: the char-LM's held 64 of 300 characters without a word)."""
    if len(shown) < total:
        (where or st).caption(tr("player.window", first=shown.start + 1, last=shown.stop, total=total))


def drawing_player(drawing: str, labels: Sequence[str], start: int, key: str, where=None) -> None:
    """Play one drawing (``playground.drawing.diagrams``: its parts marked data-at / data-only) frame by frame, one
    frame per label, starting paused on frame ``start``: the browser shows and hides its parts, so a
    frame costs the page nothing to send or draw but a few attributes."""
    (where or st).html(_Markup(player_markup([drawing], labels, start, key, "drawing")), unsafe_allow_javascript=True)


def template_player(template: str, fills: Sequence[Sequence[str]], labels: Sequence[str], start: int, key: str,
                    where=None) -> None:
    """Play frames that differ only in a few values: ``template`` (one frame, its changing elements marked
    data-fill as ``player_markup`` says) travels once, and each frame as its values (``fills``), which the
    browser sets as text or attributes. The char-LM's 64 frames of ten bars: ~260 KB as frames, ~25 KB as values."""
    (where or st).html(_Markup(player_markup([template], labels, start, key, "template", fills)),
                       unsafe_allow_javascript=True)

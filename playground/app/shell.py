"""The app shell every page shares: the page-run guard and the sidebar."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import CodeType
from typing import NoReturn

import streamlit as st

from playground import lessons
from playground.app import present
from playground.app.language import LANG_KEY, default_language, lang, tr
from playground.app.store import language_choice, use_page_state
from playground.core.device import device, device_label

__all__ = ["LANG_KEY", "OFFERS_KEY", "default_language", "halt", "lang", "page_style", "require_app_shell", "run_page",
           "sidebar", "tr"]
OFFERS_KEY = "_retrain_offers"  # shipped models offered for retraining in this run (one button each)


def run_page(lesson: str) -> None:
    """Run ``playground/<lesson>/page.py`` as Streamlit runs a page script: top to bottom, on every
    rerun (an import would run it once per process), after the app shell's guard and with the
    lesson's declared settings in the store (``settings.STATE``). ``pages/<lesson>.py`` calls this."""
    require_app_shell()
    state = lessons.module(lesson, "settings").STATE
    use_page_state(state)
    present.hide_settings(tuple(state.keys))
    with contextlib.suppress(PageHalted):  # the page ended early (``halt``); the run goes on to its end
        _run_as_main(lessons.lesson(lesson).package + ".page")


def _run_as_main(module: str) -> None:
    """Run ``module``'s file as ``__main__`` in a fresh namespace, as ``runpy.run_module`` does, from code compiled
    once per version of the file: runpy compiles the source at every run where no bytecode file is kept
    (``PYTHONDONTWRITEBYTECODE``, a read-only checkout), 10% of a page's server time (py-spy, a gradients page
    opened 150 times)."""
    spec = _spec(module)
    stamp = os.stat(spec.origin)  # an edited page is compiled again (a developer's server)
    code = _compiled(spec.origin, stamp.st_mtime_ns, stamp.st_size)
    exec(code, {"__name__": "__main__", "__file__": spec.origin, "__cached__": None, "__doc__": None,  # noqa: S102
                "__loader__": spec.loader, "__package__": spec.parent, "__spec__": spec})


@functools.cache
def _spec(module: str) -> ModuleSpec:
    return importlib.util.find_spec(module)


@functools.lru_cache(maxsize=64)
def _compiled(path: str, mtime_ns: int, size: int) -> CodeType:  # noqa: ARG001 - the file's version, in the key
    return compile(Path(path).read_bytes(), path, "exec", dont_inherit=True)


class PageHalted(Exception):
    """A page ended early (``halt``)."""


def halt() -> NoReturn:
    """End the page here, keeping what it drew, as ``st.stop()`` would; but the run goes on to its end. After
    ``st.stop()`` Streamlit drops every later message, the address bar's among them: a page stopped by bad input
    lost its settings and its language from the link."""
    raise PageHalted


def require_app_shell() -> None:
    """Every page calls this first. On a fresh server, Streamlit serves a deep link into a
    ``pages/`` folder as an old-style page (the file alone, without streamlit_app.py's navigation
    and sidebar) until some session has run st.navigation. Leave that mode and rerun, so that
    even the first visitor's deep link gets the whole app."""
    from streamlit.runtime.pages_manager import PagesManager

    st.session_state[OFFERS_KEY] = set()  # a new page run: no retrain offer drawn yet
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        # once per session: a rerun drops the widget event of the run it interrupts (AppTest
        # starts every run in the old mode; a real server leaves it for good after this)
        if not st.session_state.get("_app_shell_rerun"):
            st.session_state["_app_shell_rerun"] = True
            st.rerun()


FAVICON = Path(__file__).with_name("favicon.png")  # served by the app (a Material icon comes from a font host)

# Narrow screens (a projector at 1024 px, a phone): choices wrap onto a second line instead of hiding
# options off to the side, and metric labels wrap instead of being cut off.
# A wide display formula breaks after its = and + (KaTeX's own break points) and table cells wrap,
# instead of growing a sideways scroll box that a keyboard cannot reach (axe: scrollable-region-focusable).
# A disabled control's label stays readable: Streamlit greys it to 2.6:1 on the theme's background, a mid
# grey keeps it visibly off at 5.1:1 (axe: color-contrast, once the control is drawn rather than a placeholder).
_LAYOUT_CSS = """<style>
:is(.stSlider, .stSelectSlider, .stSelectbox, .stMultiSelect, .stRadio, .stNumberInput, .stTextInput,
  .stTextArea):has([aria-disabled='true'], :disabled) [data-testid='stWidgetLabel'] p { color: #6b6b6b; }
[data-testid='stButtonGroup'] > div { flex-wrap: wrap; row-gap: 0.25rem; }
[data-testid='stButtonGroup'] button { flex: 0 0 auto; }
[data-testid='stMetricLabel'] p, [data-testid='stMetricLabel'] div { white-space: normal; overflow: visible; }
.katex-display > .katex { white-space: normal; }
.katex-display > .katex > .katex-html > .base { margin: 0.15em 0; }
[data-testid='stTable'] th, [data-testid='stTable'] td { white-space: normal; }
a.rnn-go { display: inline-block; padding: 0.35rem 0.8rem; border: 1px solid rgba(49, 51, 63, 0.3);
  border-radius: 0.5rem; color: inherit; text-decoration: none; }
a.rnn-go:hover, a.rnn-go:focus-visible { border-color: #ff4b4b; color: #ff4b4b; }
</style>"""


def page_style() -> None:
    """The app's few layout rules, once per run (before the page draws), and the projector's while
    presenting (``playground.app.present``)."""
    st.html(_LAYOUT_CSS)
    present.style()


# The link is read from the address bar in the browser at the moment it is shown or copied: the
# server writes the address after every change, so the box always holds what the screen shows,
# fragment reruns included. Our own markup and script, no visitor text in it.
_SHARE_HTML = """<div class="rnn-share">
<input id="rnn-share-link" type="text" readonly aria-label="{copy}" value=""
  style="width:100%;font-size:0.75rem;padding:0.25rem;border:1px solid rgba(128,128,128,0.4);border-radius:0.25rem;">
<button id="rnn-share-copy" type="button"
  style="margin-top:0.25rem;padding:0.2rem 0.6rem;border:1px solid rgba(128,128,128,0.5);border-radius:0.4rem;
  background:transparent;cursor:pointer;font:inherit;font-size:0.875rem;color:inherit;">{copy}</button>
<span id="rnn-share-said" role="status" style="font-size:0.75rem;margin-left:0.4rem;"></span>
</div>
<script>
(function () {{
  const box = document.getElementById("rnn-share-link");
  const said = document.getElementById("rnn-share-said");
  const show = () => {{ if (box && document.activeElement !== box) box.value = window.location.href; }};
  show();
  if (window.__rnnShareTimer) clearInterval(window.__rnnShareTimer);
  window.__rnnShareTimer = setInterval(show, 400);
  document.getElementById("rnn-share-copy").onclick = async () => {{
    show();
    try {{ await navigator.clipboard.writeText(window.location.href); said.textContent = "{copied}"; }}
    catch (e) {{ box.focus(); box.select(); said.textContent = "{by_hand}"; }}
  }};
}})();
</script>"""


# Sideways scroll boxes (Streamlit's table in a narrow column and code block with a long line, a
# formula still wider than the page after breaking, our diagrams below their smallest scale, a keyed
# container that the CSS above lets scroll) get a keyboard stop (tabindex=0) while, and only while,
# they scroll, so a keyboard can scroll them too (axe: scrollable-region-focusable). Our own script,
# no visitor text; it rides on the share link's html, which every page draws, so it adds no element.
_SCROLL_KEYS_JS = """<script>
(function () {
  if (window.__rnnScrollKeys) return;
  window.__rnnScrollKeys = true;
  const boxes = "[data-testid='stTable'] > div, pre, .katex-display, .rnn-diagram, [class*='st-key-']";
  let queued = false;
  const mark = () => {
    queued = false;
    for (const box of document.querySelectorAll(boxes)) {
      const sideways = ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
      const scrolls = sideways && box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) { box.setAttribute("tabindex", "0"); box.dataset.rnnScroll = "1"; }
      else if (!scrolls && box.dataset.rnnScroll) { box.removeAttribute("tabindex"); delete box.dataset.rnnScroll; }
    }
  };
  const later = () => { if (!queued) { queued = true; setTimeout(mark, 200); } };  // at most 5 looks a second
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
})();
</script>"""


# A link to a section (the lecture map's ``#anchor``): Streamlit scrolls to the heading once, as it
# appears, and what is drawn above it later (a chart, a revealed answer) pushed it down, off the top
# (issue 33: /cell_lab#lab-step, /gradients?grad_guess=skip#grad-scalar landed above their section).
# So the heading is looked at four times a second for up to 20 s and brought back to the top whenever
# what is above it has moved it, until the visitor scrolls (the wheel, a finger, the keys, or a drag of the
# scrollbar, which fires none of those: the page scrolled without this script having scrolled it). Waiting
# for the page to fall quiet instead left the heading off the top for seconds on a busy machine.
_KEEP_ANCHOR_JS = """<script>
(function () {
  if (window.__rnnAnchor) return;
  window.__rnnAnchor = true;
  const id = decodeURIComponent(window.parent.location.hash.slice(1) || location.hash.slice(1));
  if (!id) return;
  const doc = window.parent.document || document;
  const scroller = (heading) => {
    for (let e = heading.parentElement; e; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && e.scrollHeight > e.clientHeight) return e;
    }
    return doc.scrollingElement;
  };
  let rest = null, left = null;  // where the heading sits once brought up; where this script left the scroll
  const keep = () => {
    const heading = doc.getElementById(id);
    if (!heading) return;
    const box = scroller(heading), top = heading.getBoundingClientRect().top;
    const moved = rest === null || Math.abs(top - rest) > 2;
    if (moved && left !== null && box.scrollTop !== left) { stop(); return; }  // the visitor scrolled
    if (moved || rest > 120) {
      heading.scrollIntoView({ block: "start" });
      rest = heading.getBoundingClientRect().top;
    }
    left = box.scrollTop;
  };
  const timer = setInterval(keep, 250);
  const stop = () => clearInterval(timer);
  for (const what of ["wheel", "touchstart", "keydown", "mousedown"]) {
    doc.addEventListener(what, stop, { once: true, passive: true });
  }
  setTimeout(stop, 20000);
  keep();
})();
</script>"""


def share_link() -> None:
    """"Copy a link to this experiment": the full address, shown and copied in the browser."""
    st.html(_SHARE_HTML.format(copy=tr("state.copy_link"), copied=tr("state.copied"), by_hand=tr("state.copy_by_hand"))
            + _SCROLL_KEYS_JS + _KEEP_ANCHOR_JS, unsafe_allow_javascript=True)


def sidebar(class_page=None) -> None:
    """The shared sidebar: language switch (kept in the session and the URL), device badge, the share
    link, presentation mode and (``class_page``, the teacher's page) the class poll."""
    with st.sidebar:
        language_choice(st)
        is_gpu = device().type == "cuda"
        st.badge(tr("sidebar.device", name=device_label()), icon=":material/memory:",
                 color="green" if is_gpu else "gray", help=tr("sidebar.device_help"))
        st.caption(tr("sidebar.share"))
        share_link()
        st.button(tr("present.start"), key="present_start", icon=":material/present_to_all:",
                  help=tr("present.start_help"), on_click=present.start)
        if class_page is not None:
            st.page_link(class_page, label=tr("class.sidebar"), icon=":material/groups:", help=tr("class.sidebar_help"))

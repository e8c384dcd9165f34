"""Presentation mode (issue 36): ``present=1`` in a link hides the sidebar, sets type for a 1024 px
projector, and hides the controls the teacher marks (``hide=key,key``: per control and in the link,
as TensorFlow Playground's ``_hide`` does). A toolbar at the top of the page chooses the hidden
controls, gives the students' link (the same experiment without the presentation) and leaves.

The mode holds for the visit, beside the language: read from the first link of the session, then
kept in the session and written into every address (``store.LINK_EXTRAS``).
"""

from __future__ import annotations

import re
from html import escape

import streamlit as st

from playground.app.language import tr
from playground.app.store import ACTIVE, LABELS, LINK_EXTRAS, url_follows

PRESENT_KEY, HIDE_KEY = "present", "hide"
# the way back to where the demo was opened from (a run-sheet's step): a relative address of this app only
BACK_KEY, BACK = "back", "_present_back"
BACK_ADDRESS = re.compile(r"\./[a-z_]{0,40}\?[A-Za-z0-9_=&.%+-]{0,300}(#[a-z][a-z0-9-]{0,40})?")
HIDDEN = "_present_hidden"  # the hidden controls' keys while presenting; absent when not presenting
PICKER = "present_picker"  # the toolbar's multiselect
KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")  # a setting's key; nothing else reaches the page's CSS
MAX_HIDDEN = 40


def parse_hidden(raw: object) -> tuple[str, ...]:
    """A link's ``hide`` value -> the setting keys in it, in order, each once (a hostile value: none)."""
    if not isinstance(raw, str):
        return ()
    keys = [key for key in raw[:2000].split(",") if KEY.fullmatch(key)]
    return tuple(dict.fromkeys(keys))[:MAX_HIDDEN]


def read_link() -> None:
    """Once per session, with its first run: a link with ``present=1`` starts the presentation."""
    if "_present_read" in st.session_state:
        return
    st.session_state["_present_read"] = True
    if st.query_params.get(PRESENT_KEY) == "1":
        _set(parse_hidden(st.query_params.get(HIDE_KEY)))
        back = st.query_params.get(BACK_KEY)
        if isinstance(back, str) and BACK_ADDRESS.fullmatch(back):
            st.session_state[BACK] = back
            # kept in the address as it came: rewriting the query would drop the link's #section
            st.session_state[LINK_EXTRAS] = {**st.session_state.get(LINK_EXTRAS, {}), BACK_KEY: back}


def presenting() -> bool:
    return HIDDEN in st.session_state


def hidden() -> tuple[str, ...]:
    return st.session_state.get(HIDDEN, ())


def _set(keys: tuple[str, ...] | None) -> None:
    """Present with ``keys`` hidden, or (None) stop presenting; the address follows."""
    extras = {k: v for k, v in st.session_state.get(LINK_EXTRAS, {}).items() if k not in (PRESENT_KEY, HIDE_KEY)}
    if keys is None:
        st.session_state.pop(HIDDEN, None)
        st.session_state.pop(BACK, None)
        extras.pop(BACK_KEY, None)
    else:
        st.session_state[HIDDEN] = keys
        extras |= {PRESENT_KEY: "1", **({HIDE_KEY: ",".join(keys)} if keys else {})}
    st.session_state[LINK_EXTRAS] = extras  # the class's code (playground.app.classroom) stays
    url_follows()


def start() -> None:
    _set(())


def stop() -> None:
    _set(None)


# Projector: no sidebar, larger type, the page's full width; and the marked controls gone. Only
# setting keys (KEY) are written into it.
_PROJECTOR_CSS = """<style>
[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], [data-testid='stExpandSidebarButton'] {
  display: none !important; }
html { font-size: 18px; }
[data-testid='stMainBlockContainer'] { padding-left: 2rem; padding-right: 2rem; max-width: 100%; }
</style>"""


def hiding_rules(keys: tuple[str, ...], declared: tuple[str, ...]) -> str:
    """The CSS that hides ``keys``, those among the page's ``declared`` settings only: a link cannot hide
    the toolbar, its way out, the language or anything else that is not a setting of the page."""
    return "\n".join(f".st-key-{key}, [class*='st-key-{key}-'] {{ display: none !important; }}"  # editors: key-N-...
                     for key in keys if key in declared and KEY.fullmatch(key))


def style() -> None:
    """The projector's CSS, each run while presenting."""
    if presenting():
        st.html(_PROJECTOR_CSS)


def hide_settings(declared: tuple[str, ...]) -> None:
    """While presenting, hide the marked controls among the settings the page about to draw declares."""
    rules = hiding_rules(hidden(), declared) if presenting() else ""
    if rules:
        st.html(f"<style>\n{rules}\n</style>")


def _picked(on_page: list[str]) -> None:
    """The toolbar's choice for this page; controls hidden on other pages stay hidden."""
    elsewhere = [key for key in hidden() if key not in on_page]
    _set(parse_hidden(",".join([*elsewhere, *st.session_state.get(PICKER, [])])))


# The students' link: this address without the presentation's two parameters, read in the browser
# (the server writes the address after every change). Our own markup and script, no visitor text.
_STUDENT_LINK_HTML = """<div class="rnn-student">
<input id="rnn-student-link" type="text" readonly aria-label="{label}" value=""
  style="width:100%;font-size:0.8rem;padding:0.25rem;border:1px solid rgba(128,128,128,0.4);border-radius:0.25rem;">
</div>
<script>
(function () {{
  const box = document.getElementById("rnn-student-link");
  const show = () => {{
    if (!box || document.activeElement === box) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("{present}"); url.searchParams.delete("{hide}"); url.searchParams.delete("{back}");
    box.value = url.href;
  }};
  show();
  if (window.__rnnStudentTimer) clearInterval(window.__rnnStudentTimer);
  window.__rnnStudentTimer = setInterval(show, 400);
}})();
</script>"""


def slot():
    """A container at the top of the page for the toolbar while presenting (else None: no element)."""
    read_link()
    return st.container() if presenting() else None


def toolbar(where) -> None:
    """While presenting, in ``where`` (``slot()``, filled after the page has drawn its controls, so
    that it knows their labels): which controls to hide, the students' link, and the way out."""
    if where is None or not presenting():
        return
    state = st.session_state.get(ACTIVE)
    labels = st.session_state.get(LABELS, {})
    on_page = [key for key in (state.keys if state is not None else ()) if key in labels]
    chosen = [key for key in hidden() if key in on_page]
    st.session_state[PICKER] = chosen
    back = st.session_state.get(BACK)
    if back is not None:  # one window: the run-sheet's step this demo was opened from
        where.markdown(f'<a class="rnn-go" href="{escape(back)}" target="_self">{escape(tr("present.back"))}</a>',
                       unsafe_allow_html=True)
    with where.popover(tr("present.menu"), icon=":material/present_to_all:"):
        st.multiselect(tr("present.hide"), on_page, key=PICKER, format_func=lambda key: labels.get(key, key),
                       on_change=_picked, args=(on_page,), help=tr("present.hide_help"), placeholder=tr("present.none"))
        st.caption(tr("present.student"))
        st.html(_STUDENT_LINK_HTML.format(label=tr("present.student"), present=PRESENT_KEY, hide=HIDE_KEY, back=BACK_KEY),
                unsafe_allow_javascript=True)
        st.button(tr("present.leave"), key="present_leave", icon=":material/cancel_presentation:", on_click=stop)

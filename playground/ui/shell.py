"""The app shell every page shares: the page-run guard and the sidebar."""

from __future__ import annotations

import streamlit as st

from playground import i18n
from playground.device import device, device_label
from playground.ui.language import LANG_KEY, default_language, lang, tr
from playground.ui.url_state import url_choice

__all__ = ["LANG_KEY", "OFFERS_KEY", "default_language", "lang", "page_style", "require_app_shell", "sidebar", "tr"]
OFFERS_KEY = "_retrain_offers"  # shipped models offered for retraining in this run (one button each)


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


# Narrow screens (a projector at 1024 px, a phone): choices wrap onto a second line instead of hiding
# options off to the side, and metric labels wrap instead of being cut off.
_LAYOUT_CSS = """<style>
[data-testid='stButtonGroup'] > div { flex-wrap: wrap; row-gap: 0.25rem; }
[data-testid='stButtonGroup'] button { flex: 0 0 auto; }
[data-testid='stMetricLabel'] p, [data-testid='stMetricLabel'] div { white-space: normal; overflow: visible; }
</style>"""


def page_style() -> None:
    """The app's few layout rules, once per run (before the page draws)."""
    st.html(_LAYOUT_CSS)


def sidebar() -> None:
    """The shared sidebar: language switch (kept in the session and the URL) and device badge."""
    with st.sidebar:
        url_choice(st.segmented_control, "语言 · Language", i18n.LANGUAGES, LANG_KEY, default_language(),
                   format_func=i18n.LANGUAGE_NAMES.get, always_in_url=True)
        is_gpu = device().type == "cuda"
        st.badge(tr("sidebar.device", name=device_label()), icon=":material/memory:",
                 color="green" if is_gpu else "gray", help=tr("sidebar.device_help"))
        st.caption(tr("sidebar.share"))

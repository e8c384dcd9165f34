"""The reader's language: the sidebar switch, else the URL, else the browser's locale; ``tr``."""

from __future__ import annotations

import streamlit as st

from playground.core import i18n

LANG_KEY = "lang"
STORE = "_page_store"  # the page-state store (playground.app.store): a plain session key, never dropped


def default_language() -> str:
    return i18n.language_from_locale(st.context.locale)


def lang() -> str:
    # the store first, and the link only if it has none: every string on a page asks (a chart's 128 unit
    # labels too), and reading the link costs ~25 µs a time
    held = st.session_state.get(STORE, {}).get(LANG_KEY)
    if held in i18n.LANGUAGES:
        return held
    linked = st.query_params.get(LANG_KEY)
    return linked if linked in i18n.LANGUAGES else default_language()


def tr(key: str, **fields: object) -> str:
    """The UI string ``key`` in the reader's language, ``fields`` filled in."""
    return i18n.t(key, lang(), **fields)

"""What the URL keeps: each page's declared settings (``playground.state``) bound to the address
bar, checked before any widget reads them, and the widgets built from the declarations.

Sliders, number boxes and text inputs use Streamlit's own ``bind="query-params"``; choices go
through ``url_choice`` so that a shared link works in either language (by option code).
"""

from __future__ import annotations

import contextlib
import dataclasses

import streamlit as st
from streamlit.errors import StreamlitAPIException

from playground.state import OK, PageState, Setting
from playground.ui.language import tr


def _correct_first_load(key: str, text: str) -> None:
    """On a page's first load Streamlit seeds a URL-bound widget from a copy of the URL taken
    before the script ran (and turns "inf" into an int there, which raises OverflowError): put the
    checked value into that copy too. A private structure, hence the guard: without it the
    corrected URL above is what a later Streamlit reads."""
    with contextlib.suppress(Exception):
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

        with get_script_run_ctx().session_state.query_params() as params:
            if key in params._initial_query_params:
                params._initial_query_params[key] = [text]


def _reset(state: PageState) -> None:
    for setting in state.settings:  # before the widgets exist in the rerun: they start from these
        st.session_state[setting.key] = setting.default


def use_page_state(state: PageState) -> None:
    """Call once at the top of a page, before its widgets: a value in the URL (or left in the
    session) that is out of range, of the wrong type or unknown is clamped or replaced by the
    default, with a short notice, so that no widget ever sees it; and a sidebar button puts every
    setting back to its default."""
    from_url = {key: st.query_params.get(key) for key in state.keys
                if key in st.query_params and key not in st.session_state}
    clean, notices = state.check(from_url)
    for key, raw, status in notices:
        st.session_state[key] = clean[key]  # the widget starts from this and writes it to the URL
        with contextlib.suppress(StreamlitAPIException):  # not yet bound: correct the URL itself too
            st.query_params[key] = state[key].as_url(clean[key])
        _correct_first_load(key, state[key].as_url(clean[key]))
        st.toast(tr(f"state.{status}", name=key, value=raw), icon=":material/link_off:")
    session = {key: st.session_state[key] for key in state.keys if key in st.session_state}
    for key, value in state.check(session)[0].items():
        if value != session[key]:  # e.g. a choice whose options changed under it
            st.session_state[key] = value
    st.sidebar.button(tr("state.reset"), key=f"{state.prefix}_reset", icon=":material/restart_alt:",
                      on_click=_reset, args=(state,))


def url_choice(widget, label: str, options, key: str, default, format_func=str, always_in_url: bool = False, **kw):
    """A choice widget (``st.segmented_control``, ``st.radio``, ``st.selectbox``) kept in the URL
    by its option *code*, not its translated label, so a shared link works in either language.
    A value no longer among ``options`` (they can change at run time) falls back to ``default``.

    (Streamlit's ``bind="query-params"`` writes the displayed label, which changes with the
    language; text inputs and sliders have language-free values and use ``bind`` directly.)
    """
    options = list(options)
    if key not in st.session_state or st.session_state[key] not in options:
        from_url = st.query_params.get(key)
        st.session_state[key] = next((o for o in options if str(o) == from_url), default)
    if widget is st.segmented_control:
        kw.setdefault("required", True)  # a segmented control may otherwise be clicked empty
    value = widget(label, options, format_func=format_func, key=key, **kw)
    if value != default or always_in_url:
        st.query_params[key] = str(value)
    elif key in st.query_params:
        del st.query_params[key]
    return value


def narrowed(setting: Setting, **changes) -> Setting:
    """A declared setting with the range (or default) only this run knows, e.g. a position slider
    up to the generated length; a value left in the session outside it goes back to the default
    (as a Streamlit number box does)."""
    narrow = dataclasses.replace(setting, **changes)
    if setting.key in st.session_state and narrow.parse(st.session_state[setting.key]).status != OK:
        st.session_state[setting.key] = narrow.default
    return narrow


# --- widgets built from a declaration ---------------------------------------------------------------
def _start(setting: Setting) -> dict:
    """The widget's starting value: the declared default, unless the session already holds one
    (passing both makes Streamlit warn)."""
    return {} if setting.key in st.session_state else {"value": setting.default}


def slider(setting: Setting, label: str, where=None, **kw):
    return (where or st).slider(label, min_value=setting.low, max_value=setting.high, step=setting.step,
                                key=setting.key, bind="query-params", **_start(setting), **kw)


def number(setting: Setting, label: str, where=None, **kw):
    return (where or st).number_input(label, min_value=setting.low, max_value=setting.high, step=setting.step,
                                      key=setting.key, bind="query-params", **_start(setting), **kw)


def text(setting: Setting, label: str, where=None, area: bool = False, **kw):
    widget = (where or st).text_area if area else (where or st).text_input
    return widget(label, max_chars=setting.max_chars, key=setting.key, bind="query-params", **_start(setting), **kw)


def toggle(setting: Setting, label: str, where=None, **kw):
    return (where or st).toggle(label, key=setting.key, bind="query-params", **_start(setting), **kw)


def select(setting: Setting, label: str, where=None, **kw):
    """A select slider over a declared choice of numbers (bound to the URL by value)."""
    return (where or st).select_slider(label, list(setting.options), key=setting.key, bind="query-params",
                                       **_start(setting), **kw)


def choice(setting: Setting, label: str, widget=None, options=None, **kw):
    """``url_choice`` for a declared choice; ``options`` narrows the declared ones at run time."""
    options = setting.options if options is None else [o for o in options if o in setting.options]
    default = setting.default if setting.default in options else options[0]
    return url_choice(widget or st.segmented_control, label, options, setting.key, default, **kw)

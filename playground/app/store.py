"""The page-state store: every declared setting (``playground.core.settings``) of every page lives in one
per-session store that outlives its widgets, every widget is drawn from it, and the address bar is
written from it after every change.

Why a store: Streamlit forgets a widget's value when the widget is not drawn in a run, which is
every run on another page; a value kept only in the widget would be lost on the way back.

The rules, in order:
- A page's link is read once per session, the first time the page runs: its values are checked
  (``PageState.check``) and kept; a refused or clamped one is announced by the widget's own label.
- The store holds what the visitor (or the link) chose; a setting it does not hold shows its
  default, which the page may work out at run time (``dataclasses.replace(setting, default=...)``).
- After every change the URL is exactly: the language, then every setting of this page that the
  store holds (values equal to their default are dropped when they are set). Nothing else writes it.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import streamlit as st

from playground.app.language import LANG_KEY, STORE, lang, tr
from playground.core.formatting import escape_markdown
from playground.core.i18n import LANGUAGE_NAMES, LANGUAGES
from playground.core.settings import IGNORED, OK, PageState, Setting

READ_LINKS = "_page_links_read"  # prefixes of the pages whose link was read in this session
ACTIVE = "_page_active"  # the PageState of the page this run draws
NOTICES = "_page_notices"  # {setting key: (raw link text, status)} not yet shown
GENERATION = "_page_generation"  # {prefix: n}: bumped by Reset, so that editors start afresh
CUT = "_text_cut"  # {setting key: the length of a text just cut to its box's limit}
EDITOR_BASES = "_editor_bases"  # {editor key: the value a live editor was drawn from}
SLIDER_RANGES = "_slider_ranges"  # {setting key: (low, high, step) its slider was last drawn with}
KEEP = object()  # what an editor's draw returns while its grid holds no valid value (an emptied cell)


def store() -> dict[str, Any]:
    return st.session_state.setdefault(STORE, {})


def stored(setting: Setting) -> Any:
    """The setting's value: what the store holds, else its (run-time) default."""
    return store().get(setting.key, setting.default)


def remember(setting: Setting, value: Any) -> None:
    """Keep ``value``; the URL follows at the end of the run (``flush_url``). A value equal to a
    default that never changes is dropped, so the link stays short; one equal to a default worked
    out at run time (the reader's language) is kept, since the default may move under it."""
    state: PageState | None = st.session_state.get(ACTIVE)
    declared = state[setting.key] if state is not None and setting.key in state.keys else setting
    if setting.same(value, setting.default) and declared.same(value, declared.default):
        store().pop(setting.key, None)
    else:
        store()[setting.key] = value
    url_follows()


def generation(prefix: str) -> int:
    return st.session_state.setdefault(GENERATION, {}).get(prefix, 0)


URL_STALE = "_url_stale"  # the store changed since the address bar was last written
URL_HELD = "_url_held"  # session: until when the address is left alone (hold_url)
URL_WRITTEN = "_url_written"  # session: the query this session last sent to the browser
LINK_EXTRAS = "_link_extras"  # parameters that hold for the whole visit beside the language (presentation mode)
LABELS = "_control_labels"  # {setting key: its widget's label}, as last drawn (presentation mode names them)


def url_follows() -> None:
    st.session_state[URL_STALE] = True


def hold_url(seconds: float) -> None:
    """Leave the address as the browser has it for ``seconds`` (the first flush after writes it): a
    script edits the browser's own history entry meanwhile, which a new address would leave behind."""
    st.session_state[URL_HELD] = time.monotonic() + seconds


def url_held() -> bool:
    return time.monotonic() < st.session_state.get(URL_HELD, 0.0)



def flush_url() -> None:
    """The address bar from the store: the language and this page's chosen settings, nothing else.
    Once per run, at its end (``streamlit_app.py``; a fragment's rerun at its own end, ``fair.fragment``),
    and only when the store changed: the store is the one writer of the URL."""
    if url_held() or not st.session_state.pop(URL_STALE, False):
        return
    state: PageState | None = st.session_state.get(ACTIVE)
    held = store()
    want = {LANG_KEY: lang(), **st.session_state.get(LINK_EXTRAS, {})}
    if state is not None:
        want |= {key: state[key].as_url(held[key]) for key in state.keys if key in held}
    # The run starts from the query the browser had when it asked for the run; an earlier run's
    # write may still be on its way and land after it, so a match with the browser's copy alone
    # is not enough: the last write must match too (quick clicks left a stale value in the link).
    # Before this session's first write, the browser's copy is all there is (and a write it does not need
    # would drop the link's #section).
    browser = st.query_params.to_dict()
    if browser != want or st.session_state.get(URL_WRITTEN, browser) != want:
        st.query_params.from_dict(want)
    st.session_state[URL_WRITTEN] = want


def renew_editors(prefix: str) -> None:
    """New editors for the page's structured settings (their value was replaced from outside)."""
    counters = st.session_state.setdefault(GENERATION, {})
    counters[prefix] = counters.get(prefix, 0) + 1


def _reset(state: PageState) -> None:
    held = store()
    for key in state.keys:
        held.pop(key, None)
    renew_editors(state.prefix)


def use_page_state(state: PageState) -> None:
    """Call once at the top of a page, before its widgets. The first time the page runs in a
    session, its link's values are checked and kept (out of range: clamped; unusable: refused and
    announced); then the URL is written from the store, and a sidebar button resets the page."""
    read = st.session_state.setdefault(READ_LINKS, set())
    if state.prefix not in read:
        read.add(state.prefix)
        linked = {key: st.query_params[key] for key in state.keys if key in st.query_params}
        clean, notices = state.check(linked)
        refused = {key for key, _, status in notices if status == IGNORED}
        store().update({key: value for key, value in clean.items() if key not in refused})
        st.session_state.setdefault(NOTICES, {}).update({key: (raw, status) for key, raw, status in notices})
    st.session_state[ACTIVE] = state
    url_follows()
    st.sidebar.button(tr("state.reset"), key=f"{state.prefix}_reset", icon=":material/restart_alt:",
                      on_click=_reset, args=(state,))


def _labelled(key: str, label: str) -> None:
    st.session_state.setdefault(LABELS, {})[key] = label


def announce(key: str, label: str) -> None:
    """A link's refused or clamped value, said once, naming the setting by its label (the widget
    helpers below call it; a page that draws a structured setting itself calls it with its label)."""
    raw, status = st.session_state.get(NOTICES, {}).pop(key, (None, None))
    if status is not None:
        st.toast(tr(f"state.{status}", name=escape_markdown(label), value=escape_markdown(raw)),
                 icon=":material/link_off:")


def flush_notices() -> None:
    """After the page: notices of settings whose widget this run did not draw (hidden behind
    another choice) are said without a label."""
    for key in list(st.session_state.get(NOTICES, {})):
        announce(key, tr("state.unnamed"))


def narrowed(setting: Setting, **changes) -> Setting:
    """A declared setting with the range, options or default only this run knows (a position up to
    the generated length, the models that loaded). A stored value outside it is moved into it (a
    number clamped, a choice back to the default), and the URL follows."""
    narrow = dataclasses.replace(setting, **changes)
    if setting.key in store():
        parsed = narrow.parse(store()[setting.key])
        if parsed.status != OK:
            remember(narrow, parsed.value)
    return narrow


# --- widgets drawn from the store ----------------------------------------------------------------
def _changed(setting: Setting, user_callback, args, kwargs) -> None:
    value = st.session_state[setting.key]
    if setting.kind == "choice" and value not in setting.options:
        return  # a choice emptied (a test client's None): the widget is drawn again from the store
    if setting.kind == "str" and isinstance(value, str) and len(value) > setting.max_chars:
        # a paste past the limit is cut, not dropped (issue 33), and the box says so (``text``)
        st.session_state.setdefault(CUT, {})[setting.key] = len(value)
        value = st.session_state[setting.key] = value[: setting.max_chars]
    remember(setting, value)
    if user_callback is not None:
        user_callback(*args, **kwargs)


def _bound(setting: Setting, label: str, kw: dict) -> dict:
    """Put the stored value into the widget before it is drawn (after a page switch Streamlit has
    forgotten it), and keep every change in the store."""
    value = stored(setting)
    if setting.key not in st.session_state or not setting.same(st.session_state[setting.key], value):
        st.session_state[setting.key] = value
    announce(setting.key, label)
    _labelled(setting.key, label)
    callback, args, kwargs = kw.pop("on_change", None), kw.pop("args", ()), kw.pop("kwargs", None) or {}
    return {"key": setting.key, "on_change": _changed, "args": (setting, callback, args, kwargs), **kw}


def _drawn(setting: Setting, value: Any) -> Any:
    return value


def editor(setting: Setting, label: str, draw) -> Any:
    """A structured setting drawn by the page's own editors (data editors' grids and their selects).
    ``draw(start, key)`` draws them from the value ``start``, with widget keys that begin with
    ``key``, and returns the value they show (``KEEP`` while it is not a valid one, e.g. an emptied
    cell: the store keeps the last valid value). A live editor keeps the value it was drawn from (its
    edits apply to that); a new one - after a page switch, Reset or ``renew_editors`` - starts from
    the store."""
    key = f"{setting.key}-{generation(setting.key.split('_')[0])}"
    bases = st.session_state.setdefault(EDITOR_BASES, {})
    if key not in bases or not any(k.startswith(key) for k in st.session_state):
        bases[key] = stored(setting)
    announce(setting.key, label)
    _labelled(setting.key, label)
    value = draw(bases[key], key)
    if value is not KEEP:
        remember(setting, value)
    return value


def vector(setting: Setting, label: str, where=None):
    """A vector setting (``playground.vector.settings``) as a one-row editable grid -> its values, or
    KEEP while a cell is empty or not a number a link can carry."""
    import numpy as np

    from playground.app.widgets import matrix_editor

    def draw(start, key):
        row = matrix_editor(label, [list(start)], key, where)[0]
        return tuple(float(v) for v in row) if np.isfinite(row).all() and (np.abs(row) <= 1e6).all() else KEEP

    return editor(setting, label, draw)


def _reset_if_range_moved(setting: Setting) -> None:
    """A keyed slider whose range changes (a narrowed setting: the live steps' top follows the model's size) is a
    new widget to Streamlit, which the browser draws at its minimum unless the run sets its value: it showed
    50 steps while the page trained 500. Dropping the old widget's value makes ``_bound`` set it again."""
    ranges = st.session_state.setdefault(SLIDER_RANGES, {})
    span = (setting.low, setting.high, setting.step)
    if ranges.get(setting.key, span) != span:
        st.session_state.pop(setting.key, None)
    ranges[setting.key] = span


def slider(setting: Setting, label: str, where=None, **kw):
    _reset_if_range_moved(setting)
    bound = _bound(setting, label, kw)
    return _drawn(setting, (where or st).slider(label, min_value=setting.low, max_value=setting.high,
                                                step=setting.step, **bound))


def number(setting: Setting, label: str, where=None, **kw):
    bound = _bound(setting, label, kw)
    return _drawn(setting, (where or st).number_input(label, min_value=setting.low, max_value=setting.high,
                                                      step=setting.step, **bound))


def text(setting: Setting, label: str, where=None, area: bool = False, limit: str | None = None, **kw):
    """A text box that takes exactly what the page reads, and says so in its label before anyone
    types (``limit`` words it in the page's own unit, e.g. bits; else characters)."""
    widget = (where or st).text_area if area else (where or st).text_input
    labelled = tr("state.labelled_limit", label=label, limit=limit or tr("state.chars", limit=setting.max_chars))
    # no ``max_chars`` on the widget: the browser would drop a longer paste whole, without a word;
    # the server cuts it (``_changed``; the websocket's message size bounds what can arrive)
    value = _drawn(setting, widget(labelled, **_bound(setting, label, kw)))
    if (length := st.session_state.get(CUT, {}).pop(setting.key, None)) is not None:
        st.warning(tr("state.cut", length=f"{length:,}", limit=f"{setting.max_chars:,}"), icon=":material/content_cut:")
    return value


def toggle(setting: Setting, label: str, where=None, **kw):
    return _drawn(setting, (where or st).toggle(label, **_bound(setting, label, kw)))


def select(setting: Setting, label: str, where=None, **kw):
    """A select slider over a declared choice of numbers."""
    bound = _bound(setting, label, kw)
    return _drawn(setting, (where or st).select_slider(label, list(setting.options), **bound))


def choice(setting: Setting, label: str, widget=None, options=None, **kw):
    """A choice (``st.segmented_control`` by default, ``st.radio``, ``st.selectbox``) kept by its
    option *code*, never its translated label, so a link works in either language. ``options``
    are the ones this run offers (they may differ from the declared ones, e.g. the models that
    loaded); a stored value not among them falls back to the default."""
    options = list(setting.options if options is None else options)
    default = setting.default if setting.default in options else options[0]
    setting = narrowed(setting, options=tuple(options), default=default)
    widget = widget or st.segmented_control
    if getattr(widget, "__name__", "") == "segmented_control":
        kw.setdefault("required", True)  # a segmented control may otherwise be clicked empty
    bound = _bound(setting, label, kw)
    value = widget(label, options, **bound)
    # a choice that came back empty (a test client's None) reads as the stored one, and is drawn so next run
    return _drawn(setting, value if value in options else stored(setting))


def _language_changed() -> None:
    store()[LANG_KEY] = st.session_state[LANG_KEY]
    url_follows()


def language_choice(where) -> str:
    """The sidebar's language switch. The language is always in the store (from the link or the
    browser on a session's first run) and always in the URL."""
    held = store()
    held.setdefault(LANG_KEY, lang())
    if st.session_state.get(LANG_KEY) != held[LANG_KEY]:
        st.session_state[LANG_KEY] = held[LANG_KEY]
    return where.segmented_control("语言 · Language", LANGUAGES, format_func=LANGUAGE_NAMES.get, key=LANG_KEY,
                                   required=True, on_change=_language_changed)


UNANSWERED = ""  # every guess setting's default: no answer picked yet


def answer(setting: Setting, label: str, options: dict[str, str], on_answer, name: str | None = None) -> None:
    """A predict-first question's radio (``playground.app.predict``): no choice shown while the
    question is unanswered or skipped; a pick is kept like any setting's, then ``on_answer()``."""
    guess = stored(setting)
    want = guess if guess in options else None
    if setting.key not in st.session_state or st.session_state[setting.key] != want:
        st.session_state[setting.key] = want
    announce(setting.key, name or label)
    st.radio(label, list(options), format_func=options.get, key=setting.key, on_change=_answered,
             args=(setting, on_answer))


def _answered(setting: Setting, on_answer) -> None:
    value = st.session_state.get(setting.key)
    remember(setting, UNANSWERED if value is None else value)
    on_answer()

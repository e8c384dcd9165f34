"""What the URL keeps: choice widgets bound to the address bar by their option codes.

Sliders, number boxes and text inputs use Streamlit's own ``bind="query-params"``; choices go
through ``url_choice`` so that a shared link works in either language.
"""

from __future__ import annotations

import streamlit as st


def url_choice(widget, label: str, options, key: str, default, format_func=str, always_in_url: bool = False, **kw):
    """A choice widget (``st.segmented_control``, ``st.radio``, ``st.selectbox``) kept in the URL
    by its option *code*, not its translated label, so a shared link works in either language.

    (Streamlit's ``bind="query-params"`` writes the displayed label, which changes with the
    language; text inputs and sliders have language-free values and use ``bind`` directly.)
    """
    options = list(options)
    if key not in st.session_state:
        from_url = st.query_params.get(key)
        st.session_state[key] = from_url if from_url in options else default
    if widget is st.segmented_control:
        kw.setdefault("required", True)  # a segmented control may otherwise be clicked empty
    value = widget(label, options, format_func=format_func, key=key, **kw)
    if value != default or always_in_url:
        st.query_params[key] = value
    elif key in st.query_params:
        del st.query_params[key]
    return value

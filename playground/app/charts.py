"""Figures drawn once for every visitor (issue 51): a page's Plotly figures are built, validated and laid
out once per their inputs and the reader's language, and shown as built afterwards.

Building a figure is most of a chart page's run: Plotly validates every property it is given, copies the
figure for each frame of a player and again when Streamlit reads it. The gradients lesson's lab cost about
300 ms of one core a run that way, on every answer of a class to its question, although a class of a
hundred on the page's defaults asks for the same figures a hundred times."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

import plotly.graph_objects as go
import plotly.io as pio
import streamlit as st

from playground.app.language import lang
from playground.app.shared import MODEL_CLASSES
from playground.core import identity

DRAWN_ENTRIES = 32  # figure sets kept per builder: a class shares the defaults, a visitor's own settings come and go


class Drawn(go.Figure):
    """A figure already validated, held as its JSON-ready dict: ``st.plotly_chart`` reads ``to_dict()``
    and encodes it, and nothing validates or copies it again. Only for showing: it has no traces to edit."""

    def __init__(self, spec: dict) -> None:  # noqa: D107 - Figure.__init__ is what this skips
        self._drawn_spec = spec

    def to_dict(self) -> dict:
        return self._drawn_spec

    def to_plotly_json(self) -> dict:
        return self._drawn_spec


def _plain(figure: go.Figure) -> dict:
    """``figure`` as plain JSON values (arrays as Plotly's typed arrays): what Streamlit sends, made once."""
    return json.loads(pio.to_json(figure, validate=False))


def drawn_once(build: Callable[..., dict[str, go.Figure]]) -> Callable[..., dict[str, go.Figure]]:
    """``build(*args)`` -> ``{name: figure}``, made once per its arguments and the reader's language for every
    visitor and session (``st.cache_data``: each caller gets its own copy), then shown as made. The
    arguments must say everything the figures depend on besides the language; a model goes into the key by
    its server-wide identity, as in ``shared_results`` (tests/test_shared_caches.py walks the builders)."""

    def made(language: str, *args, **kwargs) -> dict[str, dict]:
        return {name: _plain(figure) for name, figure in build(*args, **kwargs).items()}

    # st.cache_data keys a cache by the function's module and name: each builder gets its own
    made.__module__, made.__qualname__ = build.__module__, f"{build.__qualname__}.drawn"
    cached = st.cache_data(show_spinner=False, max_entries=DRAWN_ENTRIES,
                           hash_funcs=dict.fromkeys(MODEL_CLASSES, identity.of))(made)

    @functools.wraps(build)
    def figures(*args, **kwargs) -> dict[str, go.Figure]:
        return {name: Drawn(spec) for name, spec in cached(lang(), *args, **kwargs).items()}

    return figures

"""Widgets and drawings more than one page uses: inline SVG, a matrix editor, input errors,
generated text streamed or side by side, the "How we know" note, the running mark of a slow result."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from streamlit.runtime.scriptrunner import add_script_run_ctx, get_script_run_ctx

from playground.app.language import tr
from playground.core import i18n
from playground.core.errors import InputError, Phrase
from playground.core.formatting import escape_markdown

_LOG = logging.getLogger(__name__)


def show_svg(markup: str, where=None) -> None:
    """Draw an inline SVG from ``playground.drawing`` (charts, diagrams) (its text is escaped there). ``st.html``
    sanitises SVG away, so it goes through markdown's HTML pass-through instead."""
    (where or st).markdown(markup, unsafe_allow_html=True)


# Every chart goes without Plotly's own toolbar (zoom, pan, reset, download buttons shown on hover): a
# drag still zooms and a double click resets. Built for every chart on every rerun, it was a third of
# the browser's drawing time on the gate lab (195 -> 135 ms of Plotly's JavaScript for its three
# charts per change, measured with Chrome's profiler), on a student's laptop as on the bench.
CHART_CONFIG = {"displayModeBar": False}


# A result that takes longer than this gets a running mark where it will appear. Streamlit's own spinner
# waits 0.5 s, and a section that reruns in a fragment keeps its old tables on screen meanwhile: a
# student who typed a new sentence saw the old answer for a second or two with nothing said.
BUSY_AFTER_S = 0.15


class _MarkTimer:
    """One thread that draws every running mark that falls due. A ``threading.Timer`` per result cost
    about 30 ms of wall time on a busy server (``Thread.start`` waits until the new thread holds the
    GIL), twice per sentiment review; here a result only adds an entry to a heap."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._due: list[tuple[float, int, list]] = []  # (when, order, [draw or None once cancelled])
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def add(self, after_s: float, draw) -> list:
        entry = [draw]
        with self._ready:
            heapq.heappush(self._due, (time.monotonic() + after_s, next(self._order), entry))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="running-marks", daemon=True)
                self._thread.start()
            self._ready.notify()
        return entry

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._ready.wait(self._due[0][0] - time.monotonic() if self._due else None)
                entry = heapq.heappop(self._due)[2]
            draw = entry[0]
            if draw is not None:
                try:
                    draw()
                except Exception:  # a mark that cannot be drawn (its run is over) is no reason to stop the rest
                    _LOG.debug("running mark not drawn", exc_info=True)


_MARKS = _MarkTimer()


@contextmanager
def busy(label: str, after_s: float = BUSY_AFTER_S) -> Iterator[None]:
    """A running mark (a status box with a turning icon and ``label``) in place while the body runs,
    shown only once it has run ``after_s`` seconds: a cached answer never flashes one."""
    slot = st.empty()
    ctx = get_script_run_ctx()
    lock = threading.Lock()

    def show() -> None:
        with lock:
            if entry[0] is not None:
                add_script_run_ctx(threading.current_thread(), ctx)  # draws into this run's page
                slot.status(label, state="running")

    entry = _MARKS.add(after_s, show)
    try:
        yield
    finally:
        with lock:
            entry[0] = None
        slot.empty()


# a data editor's edits come from the client as one JSON text; Streamlit applies every added row to a
# pandas frame one by one (5,000 rows: 10+ CPU-s, on every rerun) before the page can look at them.
# ``bounded_edits`` cuts them to the table's limit first; a text longer than this is not read at all
MAX_EDITS_CHARS = 200_000


def _cut_edits(edits, rows: int, limit: int, columns, fixed: bool) -> tuple[dict, int]:
    """The client's ``edits`` ({"edited_rows", "added_rows", "deleted_rows"}) of a ``rows``-row table
    cut to what the table takes: at most ``limit`` rows in all, cells only in ``columns`` and in rows
    that exist, no added or deleted rows for a ``fixed`` table -> (the edits kept, the number of rows
    the client asked for)."""
    edits = edits if isinstance(edits, dict) else {}
    added = edits.get("added_rows") if isinstance(edits.get("added_rows"), list) else []
    deleted = edits.get("deleted_rows") if isinstance(edits.get("deleted_rows"), list) else []
    edited = edits.get("edited_rows") if isinstance(edits.get("edited_rows"), dict) else {}
    deleted = sorted({i for i in deleted if type(i) is int and 0 <= i < rows})
    asked = rows - len(deleted) + len(added)
    if fixed:
        added, deleted = [], []
    room = max(0, limit - (rows - len(deleted)))
    allowed = set(columns)

    def cells(row):
        return {c: v for c, v in row.items() if c in allowed} if isinstance(row, dict) else None

    kept_edits = {}
    for position, row in edited.items():
        try:
            position = int(position)
        except (TypeError, ValueError):
            continue
        if 0 <= position < rows and cells(row) is not None:
            kept_edits[position] = cells(row)
    kept_added = [cells(row) for row in added[:room] if cells(row) is not None]
    return {"edited_rows": kept_edits, "added_rows": kept_added, "deleted_rows": deleted}, asked


def bounded_edits(key: str, rows: int, limit: int, columns, fixed: bool = False) -> int:
    """Call just before ``st.data_editor(..., key=key)`` of a ``rows``-row table with ``columns``:
    the edits its client sent (a forged client included) are cut to at most ``limit`` rows, cells of
    those columns only, before Streamlit builds anything from them. Returns how many rows the client
    asked for (more than ``limit``: the page says that only the first ones were taken). Edits too
    long to read (over MAX_EDITS_CHARS) are dropped whole, the table shown as it was.

    Streamlit keeps the client's edits in its session state (``streamlit.runtime.state``, 1.67),
    serialised until the widget reads them; the edits are cut there, where the widget will read them."""
    import json

    from streamlit.elements.widgets.data_editor import DataEditorState
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx
    from streamlit.runtime.state.session_state import Serialized, Value

    ctx = get_script_run_ctx()
    inner = getattr(getattr(ctx, "session_state", None), "_state", None)
    if inner is None:
        return rows
    asked = rows
    widgets, old = inner._new_widget_state.states, inner._old_state
    for held in (widgets, old):
        for wid in [w for w in held if isinstance(w, str) and w.endswith(f"-{key}")]:
            value = held[wid]
            if isinstance(value, Serialized):
                raw = value.value.string_value if value.value.WhichOneof("value") == "string_value" else "{}"
                if len(raw) > MAX_EDITS_CHARS:
                    edits, asked = {}, max(asked, limit + 1, raw.count("{") - 2)
                else:
                    try:
                        edits = json.loads(raw)
                    except ValueError:
                        edits = {}
            else:
                edits = value.value if isinstance(value, Value) else value
            kept, wanted = _cut_edits(edits, rows, limit, columns, fixed)
            asked = max(asked, wanted)
            state = DataEditorState(kept)
            held[wid] = Value(state) if held is widgets else state
    return asked


def matrix_editor(label: str, array, key: str, where=None):
    """An editable numeric grid (``st.data_editor``) that returns a float array of the same shape;
    emptied cells come back as NaN for the library to refuse with a message. Its rows are fixed:
    rows a forged client adds are dropped before Streamlit reads them."""
    import numpy as np
    import pandas as pd

    array = np.atleast_2d(np.asarray(array, dtype=np.float64))
    frame = pd.DataFrame(array, columns=[str(j + 1) for j in range(array.shape[1])])
    (where or st).markdown(label)
    bounded_edits(key, len(frame), len(frame), frame.columns, fixed=True)
    edited = (where or st).data_editor(frame, key=key, hide_index=True, num_rows="fixed",
                                       column_config={c: st.column_config.NumberColumn(c, format="%.4g") for c in frame},
                                       width="content")
    return edited.apply(pd.to_numeric, errors="coerce").to_numpy(dtype=np.float64)


def _shown(value):
    """An InputError parameter as shown: a ``Phrase`` translated (its own parameters shown the same
    way), a list or tuple (the reader's own tokens) escaped and joined by spaces, any other text
    escaped; numbers as they are (a string may format them)."""
    if isinstance(value, Phrase):
        return tr(value.key, **{k: _shown(v) for k, v in value.params.items()})
    if isinstance(value, list | tuple):
        return escape_markdown(" ".join(map(str, value)))
    return escape_markdown(value) if isinstance(value, str) else value


def input_error(exc: InputError) -> None:
    """Show a library InputError as a clear message in the reader's language, the reader's own text
    in it escaped. A code without a message says so in the reader's language (the details, a
    library's English, go to the server log)."""
    key = f"error.{exc.code}"
    if key in i18n.strings():
        st.warning(tr(key, **{k: _shown(v) for k, v in exc.params.items()}), icon=":material/error:")
    else:
        _LOG.warning("an InputError without a message: %s", exc)
        st.warning(tr("error.unknown"), icon=":material/error:")


def stream_text(records, where, prefix: str = "", every: int = 40) -> list:
    """Draw generated characters into ``where`` as they arrive (a code block, so spacing and line
    breaks show as written); return the records."""
    collected, text = [], prefix
    for record in records:
        collected.append(record)
        text += record.char
        if len(collected) % every == 0:
            where.code(text, language=None)
    where.code(text, language=None)
    return collected


def text_columns(items) -> list:
    """Texts side by side, each under a bold title, as written (code blocks keep spacing and line
    breaks); returns the columns for captions underneath."""
    columns = st.columns(len(items))
    for column, (title, text) in zip(columns, items, strict=True):
        column.markdown(f"**{title}**")
        column.code(text, language=None, wrap_lines=True)  # long lines wrap instead of being cut off
    return columns


def how_we_know(body_key: str, **figures) -> None:
    """The note every page with a trained model carries: how well the model did on data it never
    saw (``figures``, read from its card by the page, never typed in) and one place it fails."""
    with st.expander(tr("how.title"), icon=":material/fact_check:"):
        st.markdown(tr(body_key, **figures))

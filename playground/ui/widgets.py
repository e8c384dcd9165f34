"""Widgets and drawings more than one page uses: inline SVG, a matrix editor, input errors,
generated text streamed or side by side, the "How we know" note."""

from __future__ import annotations

import streamlit as st

from playground import i18n
from playground.errors import InputError
from playground.formatting import escape_markdown
from playground.ui.language import tr


def show_svg(markup: str, where=None) -> None:
    """Draw an inline SVG from ``playground.svg`` (its text is escaped there). ``st.html``
    sanitises SVG away, so it goes through markdown's HTML pass-through instead."""
    (where or st).markdown(markup, unsafe_allow_html=True)


def matrix_editor(label: str, array, key: str, where=None):
    """An editable numeric grid (``st.data_editor``) that returns a float array of the same shape;
    emptied cells come back as NaN for the library to refuse with a message."""
    import numpy as np
    import pandas as pd

    array = np.atleast_2d(np.asarray(array, dtype=np.float64))
    frame = pd.DataFrame(array, columns=[str(j + 1) for j in range(array.shape[1])])
    (where or st).markdown(label)
    edited = (where or st).data_editor(frame, key=key, hide_index=True, num_rows="fixed",
                                       column_config={c: st.column_config.NumberColumn(c, format="%.4g") for c in frame},
                                       width="content")
    return edited.apply(pd.to_numeric, errors="coerce").to_numpy(dtype=np.float64)


def input_error(exc: InputError) -> None:
    """Show a library InputError as a clear message in the reader's language. A list or tuple
    parameter holds the reader's own tokens (e.g. the ones a model cannot read): it is shown
    escaped, separated by spaces."""
    key = f"error.{exc.code}"
    if key in i18n.STRINGS:
        params = {k: escape_markdown(" ".join(map(str, v))) if isinstance(v, list | tuple) else v
                  for k, v in exc.params.items()}
        st.warning(tr(key, **params), icon=":material/error:")
    else:
        st.warning(tr("error.unknown", detail=str(exc)), icon=":material/error:")


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

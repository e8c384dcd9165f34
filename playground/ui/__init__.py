"""The Streamlit side of the library (the only package under ``playground`` that imports it).

``shell`` (page-run guard, language, sidebar), ``url_state`` (the page-state store: widgets drawn from
it, the URL written from it),
``widgets`` (SVG, matrix editor, input errors, streamed text, the "How we know" note), ``models`` (shipped models shared
between sessions, the retrain offer, diagnostics), ``jobs`` (background jobs and their panel),
``charlm`` (what the two character-LM pages share), ``predict`` (the "predict first" box) and ``questions``
(each page's question in it), ``fair`` (every run paid from the visitor's fair
share of the CPU; pages declare their sections with ``fragment``, not ``st.fragment``).
Pages import the names below from here.
"""

from playground.ui.fair import fragment, paced_run
from playground.ui.jobs import job_panel, job_runner, session_jobs
from playground.ui.models import SHARED, checkpoint_error, diagnostics, shared_resource, shared_results, shipped_model
from playground.ui.predict import Reveal, predict_first, until_answered
from playground.ui.shell import lang, page_style, require_app_shell, sidebar, tr
from playground.ui.url_state import flush_notices
from playground.ui.widgets import (
           CHART_CONFIG,
           busy,
           how_we_know,
           input_error,
           matrix_editor,
           show_svg,
           stream_text,
           text_columns,
)

__all__ = ["CHART_CONFIG", "SHARED", "Reveal", "busy", "checkpoint_error", "diagnostics", "flush_notices", "fragment",
           "how_we_know", "input_error", "job_panel", "job_runner", "lang",
           "matrix_editor", "paced_run", "page_style", "predict_first", "require_app_shell", "session_jobs",
           "shared_resource", "shared_results", "shipped_model",
           "show_svg", "sidebar", "stream_text", "text_columns", "tr", "until_answered"]

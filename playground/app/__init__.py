"""The app layer: the Streamlit side of the library. Only this package and the lessons' ``page.py``
import Streamlit (``tests/test_layout.py``).

``shell`` (the page-run guard, running a lesson's page, the sidebar), ``store`` (the page-state
store: widgets drawn from the declared settings, the predict-first answer bound to it, the URL
written from it once per run), ``widgets`` (SVG, matrix editor, input errors, streamed text, the
"How we know" note), ``shared`` (shipped models and results shared between sessions, the retrain
offer, diagnostics), ``background`` (a session's background jobs and their panel), ``lm_picker``
(the model picker the two character-LM pages share), ``predict`` (the "predict first" box),
``player`` (the in-browser step-through), ``fair`` (every run paid from the visitor's fair share of
the CPU; pages declare their sections with ``fragment``, not ``st.fragment``), ``visitors`` and
``language``. Pages import the names below from here.
"""

from playground.app.background import job_panel, job_runner, session_jobs
from playground.app.fair import fragment, paced_run
from playground.app.predict import Reveal, predict_first, until_answered
from playground.app.shared import SHARED, checkpoint_error, diagnostics, shared_resource, shared_results, shipped_model
from playground.app.shell import lang, page_style, require_app_shell, run_page, sidebar, tr
from playground.app.store import flush_notices, flush_url
from playground.app.widgets import (
           CHART_CONFIG,
           busy,
           how_we_know,
           input_error,
           matrix_editor,
           show_svg,
           stream_text,
           text_columns,
)

__all__ = ["CHART_CONFIG", "SHARED", "Reveal", "busy", "checkpoint_error", "diagnostics", "flush_notices", "flush_url",
           "fragment", "how_we_know", "input_error", "job_panel", "job_runner", "lang",
           "matrix_editor", "paced_run", "page_style", "predict_first", "require_app_shell", "run_page", "session_jobs",
           "shared_resource", "shared_results", "shipped_model",
           "show_svg", "sidebar", "stream_text", "text_columns", "tr", "until_answered"]

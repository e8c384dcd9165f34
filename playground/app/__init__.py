"""The app layer: the Streamlit side of the library. Only this package and the lessons' ``page.py``
import Streamlit (``tests/test_layout.py``).

``shell`` (the page-run guard, running a lesson's page, the sidebar), ``store`` (the page-state
store: widgets drawn from the declared settings, the predict-first answer bound to it, the URL
written from it once per run), ``widgets`` (SVG, matrix editor, input errors, streamed text, the
"How we know" note), ``shared`` (shipped models and results shared between sessions, the retrain
offer, diagnostics), ``background`` (a session's background jobs and their panel), ``lm_picker``
(the model picker the two character-LM pages share), ``predict`` (the "predict first" box),
``player`` (the in-browser step-through), ``charts`` (figures drawn once for every visitor),
``challenge`` (a challenge's box), ``fair`` (every run paid
from the visitor's fair share of the CPU; pages declare their sections with ``fragment``, not
``st.fragment``), ``visitors`` and ``language``. Pages import the names below from here.

The names are looked up on first use (``__getattr__``), so importing a submodule that needs no
Streamlit, such as the shell's ``strings``, does not start Streamlit.
"""

from __future__ import annotations

import importlib

# name -> the submodule that defines it
_FROM = {
    "challenge_box": "challenge", "page_challenges": "challenge", "drawn_once": "charts",
    "job_panel": "background", "job_runner": "background", "session_jobs": "background",
    "fragment": "fair", "paced_run": "fair",
    "Reveal": "predict", "predict_first": "predict", "until_answered": "predict",
    "SHARED": "shared", "checkpoint_error": "shared", "data_missing": "shared", "diagnostics": "shared",
    "shared_resource": "shared",
    "shared_results": "shared", "shipped_model": "shared",
    "halt": "shell", "lang": "shell", "page_style": "shell", "require_app_shell": "shell", "run_page": "shell",
    "sidebar": "shell", "tr": "shell",
    "flush_notices": "store", "flush_url": "store",
    "CHART_CONFIG": "widgets", "busy": "widgets", "how_we_know": "widgets", "input_error": "widgets",
    "matrix_editor": "widgets", "show_svg": "widgets", "stream_text": "widgets", "text_columns": "widgets",
}
__all__ = sorted(_FROM)


def __getattr__(name: str):
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)
    globals()[name] = value  # looked up once
    return value

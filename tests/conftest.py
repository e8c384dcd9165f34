"""Test-wide settings: in-process page tests (AppTest) show the full exception, so that a
failure says what went wrong; the served app keeps the config file's short form."""

import os

os.environ.setdefault("STREAMLIT_CLIENT_SHOW_ERROR_DETAILS", "full")

"""Test-wide settings: in-process page tests (AppTest) show the full exception, so that a
failure says what went wrong; the served app keeps the config file's short form."""

import os

os.environ.setdefault("STREAMLIT_CLIENT_SHOW_ERROR_DETAILS", "full")
# In-process page tests click faster than any class: the fair share of the CPU would only make them
# wait (tests/test_fairness.py turns it on where it is the subject; served apps always have it).
os.environ.setdefault("RNN_PLAYGROUND_FAIR_SHARE", "off")

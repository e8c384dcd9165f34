"""The address /forecast (deep links resolve by this file's name); the page is playground/forecast/page.py."""

from playground.app import run_page

run_page("forecast")

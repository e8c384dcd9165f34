"""The address /beyond (deep links resolve by this file's name); the page is playground/beyond/page.py."""

from playground.app import run_page

run_page("beyond")

"""The address /two_ones (deep links resolve by this file's name); the page is playground/two_ones/page.py."""

from playground.app import run_page

run_page("two_ones")

"""The address /cell_lab (deep links resolve by this file's name); the page is playground/cell_lab/page.py."""

from playground.app import run_page

run_page("cell_lab")

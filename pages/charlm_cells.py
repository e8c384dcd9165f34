"""The address /charlm_cells (deep links resolve by this file's name); the page is playground/charlm_cells/page.py."""

from playground.app import run_page

run_page("charlm_cells")

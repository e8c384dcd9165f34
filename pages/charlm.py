"""The address /charlm (deep links resolve by this file's name); the page is playground/charlm/page.py."""

from playground.app import run_page

run_page("charlm")

"""The address /sentiment (deep links resolve by this file's name); the page is playground/sentiment/page.py."""

from playground.app import run_page

run_page("sentiment")

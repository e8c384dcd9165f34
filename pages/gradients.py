"""The address /gradients (deep links resolve by this file's name); the page is playground/gradients/page.py."""

from playground.app import run_page

run_page("gradients")

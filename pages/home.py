"""The address /home (deep links resolve by this file's name); the page is playground/home/page.py."""

from playground.app import run_page

run_page("home")

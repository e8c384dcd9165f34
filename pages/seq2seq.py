"""The address /seq2seq (deep links resolve by this file's name); the page is playground/seq2seq/page.py."""

from playground.app import run_page

run_page("seq2seq")

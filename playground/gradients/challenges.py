"""This page's challenges (issue 53)."""

CHALLENGES = ()

"""The words of the plays the Shakespeare models were trained on, for the page's challenge (issue 53):
a "non-word" in a sample is a word that none of those plays contains.

They are read from the training split of the corpus (the same plays the models learned from), once per
process. A check never waits on the network: inside a page run a missing archive is fetched in the
background (``datasets.cache.page_run``), ``known`` raises ``DataPending`` meanwhile and the check says
the plays are on their way (the deploy step ``python -m playground.core.datasets.cache`` fetches them ahead).
"""

from __future__ import annotations

import functools
import re

from playground.core.datasets.charcorpora import load

WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")  # letters, with apostrophes inside: o'er, hath, mistress'd


def words_of(text: str) -> frozenset[str]:
    """The distinct words of ``text``, lower case (case is ignored: ROMEO and Romeo are one word)."""
    return frozenset(word.lower() for word in WORD.findall(text))


@functools.cache
def known() -> frozenset[str]:
    """The training plays' words (about 23,000; 0.6 s the first time)."""
    return words_of(load("shakespeare").train)


def counted(prompt: str, text: str) -> list[str]:
    """The words a sample is judged on: every word that ends in the generated ``text`` (one that began in
    the prompt counts whole), except a word the length limit may have cut off at the very end."""
    whole = prompt + text
    return [m.group() for m in WORD.finditer(whole) if len(prompt) < m.end() < len(whole)]


def non_words(words: list[str]) -> list[str]:
    """Those of ``words`` that no training play contains, in order."""
    listed = known()
    return [word for word in words if word.lower() not in listed]

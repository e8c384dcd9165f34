"""The words of the plays the Shakespeare models were trained on, for the page's challenge (issue 53):
a "non-word" in a sample is a word that none of those plays contains.

The list ships with the lesson (``shakespeare_words.txt.gz``, one lower-case word a line) because the
corpus itself is a download and a check must never wait on the network. It is built from the training
split by ``python -m playground.charlm.words``; a test rebuilds it wherever the corpus is cached.
"""

from __future__ import annotations

import functools
import gzip
import re
from pathlib import Path

WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")  # letters, with apostrophes inside: o'er, hath, mistress'd
PATH = Path(__file__).with_name("shakespeare_words.txt.gz")


def words_of(text: str) -> set[str]:
    """The distinct words of ``text``, lower case (the list ignores case: ROMEO and Romeo are one word)."""
    return {word.lower() for word in WORD.findall(text)}


def write(training_text: str, path: Path = PATH) -> None:
    """The list of ``training_text``'s words, sorted, gzipped without a time stamp (the same bytes on every build)."""
    listed = "\n".join(sorted(words_of(training_text))) + "\n"
    path.write_bytes(gzip.compress(listed.encode("ascii"), compresslevel=9, mtime=0))


@functools.cache
def known() -> frozenset[str]:
    """The shipped list, read once per process."""
    return frozenset(gzip.decompress(PATH.read_bytes()).decode("ascii").split())


def counted(prompt: str, text: str) -> list[str]:
    """The words a sample is judged on: every word that ends in the generated ``text`` (one that began in
    the prompt counts whole), except a word the length limit may have cut off at the very end."""
    whole = prompt + text
    return [m.group() for m in WORD.finditer(whole) if len(prompt) < m.end() < len(whole)]


def non_words(words: list[str]) -> list[str]:
    """Those of ``words`` that no training play contains, in order."""
    listed = known()
    return [word for word in words if word.lower() not in listed]


if __name__ == "__main__":
    from playground.core.datasets.charcorpora import load

    write(load("shakespeare").train)
    print(f"{len(known()):,} words -> {PATH}")

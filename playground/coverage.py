"""How much of a typed text a model can read: no verdict without evidence.

Every model here reads its input through a vocabulary; whatever is not in it is read as one
shared "unknown" token (<unk>), which carries nothing of what was typed. ``coverage`` splits a
text's tokens into known and unknown; ``Coverage.require`` refuses, with an ``InputError`` the
page shows, a text the model cannot read, so that no probability, translation or continuation is
given on text the model never saw.

When a text is readable (``READABLE_SHARE``): at least half of its tokens are known, and at least
one is. Below half, most of what the model reads is <unk>, and its answer says more about where
the <unk>s stand than about the text. The line was measured on the shipped sentiment classifiers
(issue 24): of the held-out test reviews, none falls below it (the lowest known share is 0.87 for
the 1,720 Chinese reviews and exactly 0.50 for the 1,058 English ones), while a review in the other
language reads 0 known tokens of 22. The same line serves the character models (translator,
cloze, character LMs), whose held-out text is almost entirely known.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

from playground.errors import InputError

READABLE_SHARE = 0.5  # the least share of known tokens a model needs to read a text (see above)
LISTED = 20  # at most this many distinct unknown tokens are named in a message


def shown(token: str) -> str:
    """A token as a message names it: printable ones as they are, others (a tab, a line break, a
    control character) as Python writes them ('\\t')."""
    return token if token.isprintable() and not token.isspace() else repr(token)


@dataclass(frozen=True)
class Coverage:
    """The tokens a model reads from a text and, for each, whether its vocabulary holds it."""

    tokens: tuple[str, ...]
    known: tuple[bool, ...]

    @property
    def total(self) -> int:
        return len(self.tokens)

    @property
    def known_count(self) -> int:
        return sum(self.known)

    @property
    def share(self) -> float:
        """The share of known tokens (1.0 for no token: nothing unread)."""
        return self.known_count / self.total if self.tokens else 1.0

    @property
    def unknown(self) -> list[str]:
        """The distinct unknown tokens, in order of first appearance."""
        return list(dict.fromkeys(t for t, k in zip(self.tokens, self.known, strict=True) if not k))

    @property
    def readable(self) -> bool:
        """Nothing unknown, or at least one known token and at least ``READABLE_SHARE`` of them."""
        if self.known_count == self.total:
            return True
        return self.known_count >= 1 and self.share >= READABLE_SHARE

    def listed(self) -> tuple[str, ...]:
        """The unknown tokens as a message names them: the first ``LISTED``, then "…" if there are more."""
        unknown = [shown(t) for t in self.unknown]
        return tuple(unknown[:LISTED] + (["…"] if len(unknown) > LISTED else []))

    def require(self) -> Coverage:
        """``self`` when the text is readable; else raise ``InputError`` ``unreadable_none`` (no token
        known) or ``unreadable_few`` (too few), naming the unknown tokens (``unknown``, a tuple: the
        page shows it escaped) and the counts (``known``, ``total``)."""
        if self.readable:
            return self
        code = "unreadable_none" if self.known_count == 0 else "unreadable_few"
        raise InputError(code, unknown=self.listed(), known=self.known_count, total=self.total)


def coverage(tokens: Iterable[str], known: Container[str] | Callable[[str], bool]) -> Coverage:
    """Which of ``tokens`` the model knows: ``known`` is its vocabulary (anything supporting ``in``,
    e.g. a token -> index dict) or a test per token."""
    tokens = tuple(tokens)
    test = known if callable(known) else known.__contains__
    return Coverage(tokens, tuple(bool(test(t)) for t in tokens))

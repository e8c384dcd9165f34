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

Coverage alone misses one case: a model trained on Chinese reviews has Latin letters in its
vocabulary (reviews mention "iPhone", "wifi"), so an English sentence reads as known characters
and would get a confident verdict (issue 33: "The pasta was cold and the waiter was rude." read
as 0.947 positive). ``other_language`` says when a text is written mostly in the other language's
script; ``require_language`` refuses it the same way, naming the language a model for it exists in.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

import regex

from playground.core.errors import InputError, Phrase

READABLE_SHARE = 0.5  # the least share of known tokens a model needs to read a text (see above)
LISTED = 20  # at most this many distinct unknown tokens are named in a message
LANGUAGES = ("zh", "en")  # the languages a model here is trained on, each in its own script
# the other script must outweigh the model's own this many times: a Chinese review that names things
# in English ("check in & check out比较快", 4 words against 3 characters) is still Chinese
SCRIPT_MARGIN = 2
_HAN, _LATIN_WORD = regex.compile(r"\p{Han}"), regex.compile(r"\p{Latin}+")


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


def other_language(text: str, lang: str) -> str | None:
    """The other language ('zh' or 'en') when ``text`` holds more than ``SCRIPT_MARGIN`` times as much
    of its script as of ``lang``'s, counting Han characters against Latin words (each about one unit of
    meaning, so "iPhone 很好用" is Chinese); else None. Emoji, digits and punctuation belong to neither.
    Of the held-out reviews, the rule refuses two of the 1,720 Chinese ones (one written in English, one
    a bare web address) and none of the 1,058 English ones."""
    han, latin = len(_HAN.findall(text)), len(_LATIN_WORD.findall(text))
    mine, theirs = (han, latin) if lang == "zh" else (latin, han)
    return ("en" if lang == "zh" else "zh") if theirs > SCRIPT_MARGIN * mine else None


def require_language(text: str, lang: str) -> str:
    """``text`` when it is written mostly in ``lang``; else ``InputError`` ``other_language`` with the
    model's language and the text's (``lang``, ``other``: Phrases ``lang.zh`` / ``lang.en``; the codes
    themselves as ``other_code``, for a page that offers a switch)."""
    other = other_language(text, lang)
    if other is not None:
        raise InputError("other_language", lang=Phrase(f"lang.{lang}"), other=Phrase(f"lang.{other}"),
                         other_code=other)
    return text

"""The one error type for bad user input.

Library functions raise ``InputError(code, **params)``; pages translate ``code`` through
``playground.core.i18n`` (key ``error.<code>``) so the message appears in the reader's language. A
parameter that describes the problem in words, rather than quoting the reader's input, is a
``Phrase``: an i18n key the page translates too, so no library's English reaches the page.
"""

from __future__ import annotations

import math


class Phrase:
    """Words for an InputError's parameter, in the reader's language: the i18n key ``key`` with
    ``params`` filled in (themselves escaped when shown, unless Phrases too)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}{''.join(f', {k}={v!r}' for k, v in self.params.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    __hash__ = None


class InputError(ValueError):
    """User input the library cannot work with; ``code`` names the problem, ``params`` the details."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)


def whole(value: object) -> float:
    """``int(value)``, or NaN where there is none (NaN, inf, text): a range check on the result then
    fails and refuses the value with an InputError instead of ``int()`` raising."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return math.nan

"""The one error type for bad user input.

Library functions raise ``InputError(code, **params)``; pages translate ``code`` through
``playground.i18n`` (key ``error.<code>``) so the message appears in the reader's language.
"""

from __future__ import annotations

import math


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

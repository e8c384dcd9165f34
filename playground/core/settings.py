"""Page state declared once: every setting a page keeps (and shares through its URL), with its
type, range or options and default. Widgets, URL binding and the checks of a shared link are
built from these declarations (``playground.app.store``); ``playground/<lesson>/settings.py``
holds one page's.

A URL is hostile until checked: ``Setting.parse`` turns any text into a valid value, clamped into
range when it is a number outside it, or refuses it (not a number, not finite, not an option).
Keys carry their page's prefix, so one page's value can never reach another page's widget.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playground.core.errors import InputError

OK, CLAMPED, IGNORED = "ok", "clamped", "ignored"


@dataclass(frozen=True)
class Parsed:
    value: Any
    status: str  # OK | CLAMPED | IGNORED (value is then the default)


@dataclass(frozen=True)
class Setting:
    """One setting: ``default`` fixes its type (bool, int, float, str); numbers have ``low`` and
    ``high`` (and ``step``), choices ``options``, texts ``max_chars``. ``needs`` names the other
    settings' values under which the page draws this one's widget (e.g. a top-k slider only for the
    top-k strategy): ``(("lm_strategy", "top_k"),)``; the state sweep opens the page with them."""

    key: str
    default: Any
    low: float | None = None
    high: float | None = None
    step: float | None = None
    options: tuple | None = None
    max_chars: int | None = None
    needs: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.options is not None:
            assert self.default in self.options, f"{self.key}: default {self.default!r} is not an option"
        elif self.kind in ("int", "float"):
            assert self.low is not None and self.high is not None and self.low <= self.default <= self.high, self.key
        elif self.kind == "str":
            assert self.max_chars is not None and len(self.default) <= self.max_chars, self.key

    @property
    def kind(self) -> str:
        if self.options is not None:
            return "choice"
        return {bool: "bool", int: "int", float: "float", str: "str"}[type(self.default)]

    def parse(self, raw: object) -> Parsed:
        """Any value (a URL's text, a stale session value) -> a valid value and what was done to it."""
        text = "" if raw is None else str(raw)
        if self.kind == "choice":
            for option in self.options:
                if str(option) == text:
                    return Parsed(option, OK)
            return Parsed(self.default, IGNORED)
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "1"):
                return Parsed(True, OK)
            if lowered in ("false", "0"):
                return Parsed(False, OK)
            return Parsed(self.default, IGNORED)
        if self.kind == "str":
            if len(text) > self.max_chars:
                return Parsed(text[: self.max_chars], CLAMPED)
            return Parsed(text, OK)
        return self._parse_number(text)

    def _parse_number(self, text: str) -> Parsed:
        try:
            number = float(text.strip())
        except ValueError:
            return Parsed(self.default, IGNORED)
        if not math.isfinite(number):
            return Parsed(self.default, IGNORED)
        status = OK
        if self.kind == "int" and number != int(number):
            number, status = float(round(number)), CLAMPED
        if number < self.low or number > self.high:
            number, status = min(max(number, self.low), self.high), CLAMPED
        if self.step and self.kind == "float":  # onto the slider's grid, as the widget would round it
            snapped = round(round((number - self.low) / self.step) * self.step + self.low, 10)
            number, status = snapped, status if math.isclose(snapped, number, abs_tol=1e-9) else CLAMPED
        return Parsed(int(number) if self.kind == "int" else float(number), status)

    def as_url(self, value: Any) -> str:
        return str(value).lower() if self.kind == "bool" else str(value)

    def same(self, a: Any, b: Any) -> bool:
        """Whether two values are one setting (compared as the link writes them: a structured
        value may hold arrays, which ``==`` does not compare)."""
        return self.as_url(a) == self.as_url(b)


@dataclass(frozen=True)
class Structured(Setting):
    """A setting whose value is a structure (a table, a set of weight matrices) rather than one
    number or word: ``encode`` writes it as the link's text and ``decode`` reads it back, raising
    ``InputError`` (or ``ValueError``) for text that is not such a value. ``max_chars`` bounds the
    text a link may bring."""

    encode: Callable[[Any], str] | None = None
    decode: Callable[[str], Any] | None = None

    def __post_init__(self) -> None:
        assert self.encode is not None and self.decode is not None and self.max_chars, self.key
        assert len(self.encode(self.default)) <= self.max_chars, self.key

    @property
    def kind(self) -> str:
        return "structured"

    def parse(self, raw: object) -> Parsed:
        text = "" if raw is None else str(raw)
        if len(text) > self.max_chars:  # a structure cut short is no structure: refuse it whole
            return Parsed(self.default, IGNORED)
        try:
            return Parsed(self.decode(text), OK)
        except (InputError, ValueError, TypeError):
            return Parsed(self.default, IGNORED)

    def as_url(self, value: Any) -> str:
        return self.encode(value)


@dataclass(frozen=True)
class PageState:
    """Every setting of one page, each key starting with ``prefix`` + "_"."""

    prefix: str
    settings: tuple[Setting, ...]

    def __post_init__(self) -> None:
        keys = [s.key for s in self.settings]
        assert len(keys) == len(set(keys)), f"{self.prefix}: a key is declared twice"
        for key in keys:
            assert key.startswith(self.prefix + "_"), f"{key} lacks the page prefix {self.prefix}_"

    def __getitem__(self, key: str) -> Setting:
        for setting in self.settings:
            if setting.key == key:
                return setting
        raise KeyError(key)

    @property
    def keys(self) -> list[str]:
        return [s.key for s in self.settings]

    def defaults(self) -> dict[str, Any]:
        return {s.key: s.default for s in self.settings}

    def check(self, values: dict[str, object]) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
        """(the valid value of every key present in ``values``, notices (key, raw text, status) for
        those that were clamped or ignored). Keys of other pages are left alone."""
        clean, notices = {}, []
        for setting in self.settings:
            if setting.key in values:
                parsed = setting.parse(values[setting.key])
                clean[setting.key] = parsed.value
                if parsed.status != OK:
                    notices.append((setting.key, str(values[setting.key])[:40], parsed.status))
        return clean, notices


def vector(key: str, default: tuple[float, ...], bound: float = 1e6, needs: tuple = ()) -> Structured:
    """A fixed-length vector of finite numbers (at most ``bound`` in size), in a link as "1,-0.5,0.3"."""
    size = len(default)

    def encode(values) -> str:
        return ",".join(f"{float(v):.6g}" for v in values)

    def decode(text: str) -> tuple[float, ...]:
        values = tuple(float(v) for v in text.split(","))
        if len(values) != size or not all(math.isfinite(v) and abs(v) <= bound for v in values):
            raise ValueError(text)
        return values

    return Structured(key, tuple(float(v) for v in default), max_chars=16 * size, encode=encode, decode=decode,
                      needs=needs)


SKIPPED = "skip"  # a guess setting's value when the student chose to see the answer without guessing


def guess(key: str, codes: str = "abc") -> Setting:
    """A page's "predict first" answer (issue 26): "" while unanswered (the default, so a link
    without it opens the question unanswered), one of ``codes``, or ``SKIPPED`` (issue 33)."""
    return Setting(key, "", options=("", *codes, SKIPPED))

"""``t(key, lang, **fields)``: a UI string in 中文 or English with its ``{fields}`` filled in.

The strings live beside what they describe: the app shell's, and each lesson's in its own
``strings.py``. This module names none of them: the package's root tells it where they are
(``use_strings``, from the house's list of lessons), and they are gathered on first use (a lesson's
package imports its models, which import this module, so the gathering cannot happen at import
time). Pages never hold literal UI text; a test checks that every key has both languages with the
same fields.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from functools import cache
from types import ModuleType

LANGUAGES = ("zh", "en")
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}
_SOURCES: list[Callable[[], Iterable[str]]] = []  # each gives names of modules holding ``STRINGS``


def use_strings(source: Callable[[], Iterable[str]]) -> None:
    """Gather strings from the modules ``source()`` names (called on first use, not now)."""
    _SOURCES.append(source)
    strings.cache_clear()


def modules() -> tuple[ModuleType, ...]:
    """Every strings module, in the order their sources name them."""
    return tuple(importlib.import_module(name) for source in _SOURCES for name in source())


@cache
def strings() -> dict[str, dict[str, str]]:
    """Every key's ``{"zh": ..., "en": ...}``; a key defined in two modules is an error."""
    merged: dict[str, dict[str, str]] = {}
    for module in modules():
        twice = set(module.STRINGS) & set(merged)
        if twice:
            raise RuntimeError(f"i18n keys defined twice: {sorted(twice)}")
        merged.update(module.STRINGS)
    return merged


def t(key: str, lang: str, /, **fields: object) -> str:
    """The string ``key`` in ``lang`` (``zh`` or ``en``) with ``fields`` filled in."""
    entry = strings()[key]
    text = entry.get(lang) or entry["en"]
    return text.format(**fields) if fields else text


def language_from_locale(locale: str | None) -> str:
    """The default UI language for a browser locale such as ``zh-CN`` or ``en-US``."""
    if locale and locale.lower().startswith("zh"):
        return "zh"
    return "en"

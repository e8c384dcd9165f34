"""``t(key, lang, **fields)``: a UI string in 中文 or English with its ``{fields}`` filled in.

The strings live beside what they describe: the app shell's in ``playground/app/strings.py``, each
lesson's in ``playground/<lesson>/strings.py``. They are gathered on first use (a lesson's package
imports its models, which import this module, so the gathering cannot happen at import time).
Pages never hold literal UI text; a test checks that every key has both languages with the same fields.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

LANGUAGES = ("zh", "en")
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}
LESSONS = ("home", "two_ones", "cell_lab", "gradients", "sentiment", "seq2seq", "forecast", "charlm", "charlm_cells",
           "beyond")
STRING_MODULES = ("playground.app.strings", *(f"playground.{lesson}.strings" for lesson in LESSONS))


def modules() -> tuple[ModuleType, ...]:
    """Every strings module, the app's first."""
    return tuple(importlib.import_module(name) for name in STRING_MODULES)


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

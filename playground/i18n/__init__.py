"""Every UI string, in 中文 and English: one module per page plus ``shell`` (app, sidebar, errors, jobs).

``t(key, lang, **fields)`` looks a string up and fills its ``{fields}``. Pages never hold
literal UI text. A test checks that every key has both languages with the same fields.
"""

from __future__ import annotations

from playground.i18n import (
    beyond,
    cell_lab,
    charlm,
    charlm_cells,
    gradients,
    home,
    predict,
    sentiment,
    seq2seq,
    shell,
    two_ones,
)

LANGUAGES = ("zh", "en")
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}
MODULES = (shell, predict, home, two_ones, cell_lab, gradients, sentiment, seq2seq, charlm, charlm_cells, beyond)


def _merged() -> dict[str, dict[str, str]]:
    strings: dict[str, dict[str, str]] = {}
    for module in MODULES:
        twice = set(module.STRINGS) & set(strings)
        if twice:
            raise RuntimeError(f"i18n keys defined twice: {sorted(twice)}")
        strings.update(module.STRINGS)
    return strings


STRINGS: dict[str, dict[str, str]] = _merged()


def t(key: str, lang: str, /, **fields: object) -> str:
    """The string ``key`` in ``lang`` (``zh`` or ``en``) with ``fields`` filled in."""
    entry = STRINGS[key]
    text = entry.get(lang) or entry["en"]
    return text.format(**fields) if fields else text


def language_from_locale(locale: str | None) -> str:
    """The default UI language for a browser locale such as ``zh-CN`` or ``en-US``."""
    if locale and locale.lower().startswith("zh"):
        return "zh"
    return "en"

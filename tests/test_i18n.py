import re
import string
from pathlib import Path

import pytest

from playground.core.i18n import LANGUAGES, language_from_locale, strings, t
from playground.home import forms
from playground.lessons import PAGES

STRINGS = strings()


ROOT = Path(__file__).resolve().parent.parent


def _fields(text):
    # braces inside $...$ are LaTeX, not format fields
    prose = re.sub(r"\$[^$]*\$", "", text)
    return {name for _, name, _, _ in string.Formatter().parse(prose) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_key_has_both_languages_with_the_same_fields(key):
    entry = STRINGS[key]
    assert set(entry) == set(LANGUAGES), f"{key} lacks a language"
    assert all(entry[lang].strip() for lang in LANGUAGES), f"{key} has an empty string"
    assert _fields(entry["zh"]) == _fields(entry["en"]), f"{key}: fields differ between languages"
    fields = _fields(entry["en"])
    if fields:  # t() formats these strings: every other brace must be doubled
        for lang in LANGUAGES:
            entry[lang].format(**{name: 1 for name in fields})


def test_chinese_strings_are_chinese():
    # a Chinese string that is just the English copied over is a missing translation
    # (a technical term such as "tanh" or "ReLU(W_hy h)" may be the same in both)
    copied = [k for k, v in STRINGS.items() if v["zh"] == v["en"] and re.search("[A-Za-z]{3,} [A-Za-z]{3,}", v["en"])]
    assert copied == []


def test_every_literal_key_used_in_code_exists():
    used = set()
    for path in [*ROOT.glob("pages/*.py"), *ROOT.glob("playground/**/*.py"), ROOT / "streamlit_app.py"]:
        used |= set(re.findall(r"""\btr?\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in STRINGS)
    assert used and missing == []


def test_dynamic_keys_exist():
    for form in forms.FORMS:
        assert f"home.form.{form}" in STRINGS and f"home.form.{form}.desc" in STRINGS
    for spec in PAGES:
        assert f"page.{spec.key}.title" in STRINGS and f"page.{spec.key}.blurb" in STRINGS


def test_lookup_and_locale():
    assert t("sidebar.device", "zh", name="CPU") == "计算设备：CPU"
    assert t("sidebar.device", "en", name="CPU") == "Device: CPU"
    assert language_from_locale("zh-CN") == "zh" and language_from_locale("zh-TW") == "zh"
    assert language_from_locale("en-US") == "en" and language_from_locale(None) == "en"


def test_page_url_paths_match_file_names():
    # a fresh server resolves a deep link by pages/<url_path>.py before the app's first run
    for spec in PAGES:
        assert (ROOT / spec.path).is_file()
        assert spec.default or Path(spec.path).stem == spec.url_path


def test_every_formatted_call_formats():
    # tr("key", name=...) in the code: the string must format with exactly those names (LaTeX braces
    # in such strings must be doubled)
    calls = set()
    for path in [*ROOT.glob("pages/*.py"), *ROOT.glob("playground/**/*.py")]:
        for key, args in re.findall(r"""\btr\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']\s*,([^()]*(?:\([^()]*\)[^()]*)*)\)""",
                                    path.read_text(encoding="utf-8")):
            names = tuple(sorted(set(re.findall(r"\b([a-z_]+)=", args))))
            if names:
                calls.add((key, names))
    assert calls
    for key, names in calls:
        for lang in LANGUAGES:
            t(key, lang, **{name: 1 for name in names})


def _keys_read_by(folder: Path) -> tuple[set[str], set[str]]:
    """The string keys a package's code names (literal keys) and the key prefixes it builds keys from
    (the constant head of an f-string, such as ``senti.lang.`` in ``f"senti.lang.{lang}"``)."""
    import ast

    literal, prefixes = set(), set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in STRINGS:
                literal.add(node.value)
            elif (isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant)
                  and re.fullmatch(r"[a-z_]+\.([a-z0-9_]+\.)*", node.values[0].value)):
                prefixes.add(node.values[0].value)
    return literal, prefixes


def _foreign(folder: Path, modules: list[str]) -> list[str]:
    """The keys and key families ``folder``'s code reads that none of ``modules`` defines."""
    import importlib

    own = {key for name in modules for key in importlib.import_module(name).STRINGS}
    literal, prefixes = _keys_read_by(folder)
    built = [p for p in prefixes if any(k.startswith(p) for k in STRINGS) and not any(k.startswith(p) for k in own)]
    return sorted(literal - own) + sorted(built)


@pytest.mark.parametrize("spec", PAGES, ids=[p.key for p in PAGES])
def test_a_lesson_reads_only_its_own_strings_and_the_apps(spec):
    """A lesson stands alone: every key its code names, and every key family it builds, is defined in its
    own strings module or the app shell's (what two lessons say alike, each says in its own words)."""
    assert _foreign(ROOT / "playground" / spec.key, [f"{spec.package}.strings", "playground.app.strings"]) == []


def test_the_app_layer_reads_only_its_own_strings():
    assert _foreign(ROOT / "playground" / "app", ["playground.app.strings"]) == []

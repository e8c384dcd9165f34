import re
import string
from pathlib import Path

import pytest

from playground import forms
from playground.catalog import PAGES
from playground.i18n import LANGUAGES, STRINGS, language_from_locale, t

ROOT = Path(__file__).resolve().parent.parent


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_key_has_both_languages_with_the_same_fields(key):
    entry = STRINGS[key]
    assert set(entry) == set(LANGUAGES), f"{key} lacks a language"
    assert all(entry[lang].strip() for lang in LANGUAGES), f"{key} has an empty string"
    assert _fields(entry["zh"]) == _fields(entry["en"]), f"{key}: fields differ between languages"


def test_chinese_strings_are_chinese():
    # a Chinese string that is just the English copied over is a missing translation
    copied = [k for k, v in STRINGS.items() if v["zh"] == v["en"] and re.search("[a-z]{4,}", v["en"])]
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

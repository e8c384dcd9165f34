"""Page state declared once: every page's settings are declared, keys are unique across the app
and carry their page's prefix, a shared link's values are checked (clamped or dropped, never an
exception), and every page survives a link whose every declared key is junk (the link sweep)."""

import ast
import html
import math
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from playground import lessons
from playground.core.settings import CLAMPED, IGNORED, OK, PageState, Parsed, Setting
from playground.lessons import PAGES

ROOT = Path(__file__).resolve().parent.parent


def _state(spec) -> PageState:
    return lessons.module(spec, "settings").STATE


def _literal_keys(path: Path) -> list[str]:
    """Every widget key a page spells out: ``key="..."`` and the constant start of ``key=f"..."``
    (and the model picker's key argument)."""
    keys = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        for kw in node.keywords:
            if kw.arg == "key" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                keys.append(kw.value.value)
            elif kw.arg == "key" and isinstance(kw.value, ast.JoinedStr) and kw.value.values \
                    and isinstance(kw.value.values[0], ast.Constant):
                keys.append(kw.value.values[0].value)
        if getattr(node.func, "id", None) == "charlm_choice" and node.args and isinstance(node.args[0], ast.Constant):
            keys.append(node.args[0].value)
    return keys


def test_every_page_declares_its_state_with_its_own_prefix():
    prefixes = [_state(spec).prefix for spec in PAGES]
    assert len(prefixes) == len(set(prefixes))
    declared = [key for spec in PAGES for key in _state(spec).keys]
    assert len(declared) == len(set(declared)), "a key is declared by two pages"


@pytest.mark.parametrize("spec", PAGES, ids=[p.key for p in PAGES])
def test_every_widget_key_on_a_page_carries_its_prefix(spec):
    state = _state(spec)
    keys = _literal_keys(ROOT / spec.path)
    stray = [k for k in keys if not k.startswith(state.prefix + "_")]
    assert not stray, f"{spec.path}: keys without the prefix {state.prefix}_: {stray}"
    assert spec.main_widget in state.keys, "the main widget is a declared setting"


def test_no_two_pages_share_a_widget_key():
    owners: dict[str, str] = {}
    for spec in PAGES:
        for key in set(_literal_keys(ROOT / spec.path)):
            assert key not in owners, f"{key!r} is used by {owners[key]} and {spec.key}"
            owners[key] = spec.key


def test_a_setting_turns_any_text_into_a_valid_value():
    count = Setting("x_n", 10, 1, 60)
    assert count.parse("30") == Parsed(30, OK) and count.parse("30.4") == Parsed(30, CLAMPED)
    for raw in ("inf", "-inf", "Infinity", "nan", "1e400", "abc", "", "None", None):
        parsed = count.parse(raw)
        assert parsed.value == 10 and parsed.status == IGNORED, raw
    assert count.parse("200").value == 60 and count.parse("200").status == CLAMPED
    assert count.parse("-5").value == 1 and count.parse("2.6").value == 3
    scale = Setting("x_a", 0.5, 0.05, 2.0, 0.05)
    assert scale.parse("0.5").status == OK and math.isclose(scale.parse("0.53").value, 0.55)
    assert scale.parse("7").value == 2.0 and scale.parse("nan").status == IGNORED
    pick = Setting("x_c", "b", options=("a", "b"))
    assert pick.parse("a").value == "a" and pick.parse("None").status == IGNORED and pick.parse("A").value == "b"
    numbers = Setting("x_w", 128, options=(16, 128))
    assert numbers.parse("16").value == 16 and numbers.parse("17").value == 128
    words = Setting("x_t", "hi", max_chars=5)
    assert words.parse("hello world").value == "hello" and words.parse("hello world").status == CLAMPED
    flag = Setting("x_f", True)
    assert flag.parse("false").value is False and flag.parse("maybe").value is True
    with pytest.raises(AssertionError):
        PageState("x", (Setting("y_n", 1, 0, 2),))  # a key without the page prefix


JUNK_NUMBERS = ("inf", "-1e400", "nan", "hello", "-5")
JUNK_TEXT = "[点这里](https://evil.example/) ![p](https://evil.example/p.png) <script>alert(1)</script>" + "字" * 3000


def _junk(setting: Setting, round_: int) -> str:
    if setting.kind in ("int", "float"):
        return JUNK_NUMBERS[round_ % len(JUNK_NUMBERS)]
    if setting.kind == "str":
        return JUNK_TEXT
    return ("None", "many_to_one", "🙂")[round_ % 3]  # an empty choice, another page's value, noise


@pytest.mark.parametrize("round_", [0, 1, 2])
@pytest.mark.parametrize("spec", PAGES, ids=[p.key for p in PAGES])
def test_link_sweep_every_declared_key_set_to_junk(spec, round_):
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    at.context = {"locale": "en-US" if round_ % 2 else "zh-CN"}
    for setting in _state(spec).settings:
        at.query_params[setting.key] = _junk(setting, round_)
    at.switch_page(spec.path).run()  # a deep link: the page reads its link on its first run
    assert not at.exception, [e.message for e in at.exception]
    shown = [m.value for m in (*at.markdown, *at.info, *at.warning, *at.caption, *at.success, *at.error, *at.toast)]
    links = [text for text in shown if re.search(r"(?<!\\)\]\(https://evil", text)]
    assert not links, f"a link's text became a clickable link: {links}"
    # GFM makes a link of a bare address in the shown text too: none may be left whole
    bare = [text for text in shown if "https://evil" in html.unescape(text) or "<script" in text]
    assert not bare, f"a link's address or tag reached the page as markup: {bare}"


def _shown_text(markdown: str) -> str:
    """What a reader sees of an escaped value: its character references decoded, the invisible
    joiners that keep an address from becoming a link dropped."""
    from playground.core.formatting import WORD_JOINER

    return html.unescape(markdown).replace(WORD_JOINER, "")


@pytest.mark.parametrize(("path", "key", "raw"), [
    ("pages/gradients.py", "grad_k", "![t](https://host.example/p.png)"),
    ("pages/sentiment.py", "senti_kind", "**请点击**[登录](https://x.example)"),
    ("pages/sentiment.py", "senti_kind", ":red[看] $x$ `c` <img src=x> ~~s~~"),
    ("pages/sentiment.py", "senti_kind", "# 标题\n- 列表 a@b.example www.x.example"),
], ids=["image", "bold-link", "directives", "blocks-addresses"])
def test_a_link_value_in_the_ignored_notice_is_text_not_markup(path, key, raw):
    """Issue 28, item 5: the "value ignored" toast once showed a link's raw value as markdown (an
    image fetched by every student who opened the link; a bold, clickable 登录 in an official notice).
    (A notice quotes at most 40 characters of the value.)"""
    from playground.core.formatting import escape_markdown

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    at.context = {"locale": "zh-CN"}
    at.query_params[key] = raw
    at.switch_page(path).run()
    assert not at.exception, [e.message for e in at.exception]
    toasts = [toast.value for toast in at.toast]
    notice = next(text for text in toasts if escape_markdown(raw) in text)
    assert _shown_text(escape_markdown(raw)) == raw.replace("\n", " ")
    for markup in ("](", "![", "**", ":red[", "$x$", "`c`", "<img", "~~", "\n", "# ", "https://", "a@b", "www."):
        assert markup not in notice, (markup, notice)

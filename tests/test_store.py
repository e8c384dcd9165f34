"""The page-state store (issue 24): a setting outlives its widget when the visitor leaves a page and
comes back, the URL holds every chosen value (minimum and maximum included) after every change,
structured settings read and write their own text, a link's refused value is announced by the
setting's label, and every text box takes exactly what its page reads. The real-browser sweep over
every declared setting is ``tests/browser/test_state_sweep.py`` (and ``python -m conformance state``)."""

import ast
import math
from pathlib import Path

import numpy as np
import pytest
from helpers import fresh_session
from streamlit.testing.v1 import AppTest

from playground import lessons
from playground.core.i18n import t
from playground.core.settings import IGNORED, OK, Structured
from playground.lessons import PAGES
from playground.sentiment import settings as senti_state
from playground.two_ones import model as two_ones
from playground.two_ones import settings as ones_state

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "streamlit_app.py")
SPEC = {spec.key: spec for spec in PAGES}


def _state(key: str):
    return lessons.module(key, "settings").STATE


def _app(lang: str = "en", **link) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=180)
    at.context = {"locale": "en-US" if lang == "en" else "zh-CN"}
    for key, value in link.items():
        at.query_params[key] = value
    return at


def _open(at: AppTest, page: str) -> AppTest:
    """Open ``page``: as a deep link on the first run, by the navigation afterwards."""
    at.switch_page(SPEC[page].path).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _url(at: AppTest) -> dict:
    return {k: v[-1] if isinstance(v, list) else v for k, v in at.query_params.items()}


# --- structured settings ------------------------------------------------------------------------------
def test_edited_weights_are_one_structured_setting():
    setting = ones_state.WEIGHTS
    assert isinstance(setting, Structured) and setting.kind == "structured"
    assert setting.parse("").value is None and setting.as_url(None) == ""
    weights = two_ones.lecture_weights()
    weights.w_hh[0, 0] = 0.25
    text = setting.as_url(weights)
    parsed = setting.parse(text)
    assert parsed.status == OK and np.array_equal(parsed.value.w_hh, weights.w_hh)
    assert setting.same(parsed.value, weights) and not setting.same(parsed.value, None)
    for junk in ("1;2;3", "a,b;c;d;e;f;g", "nan;" * 5 + "x", "1," * 500):
        assert setting.parse(junk).status == IGNORED and setting.parse(junk).value is None


def test_walkthrough_table_is_one_structured_setting():
    setting = senti_state.WALK_TOKENS
    assert setting.default == (("服务", 0.0), ("慢", -1.0), ("但", 0.5), ("很好", 1.0))
    table = (("好", 1.5), ("不", -2.0))
    assert setting.parse(setting.as_url(table)).value == table
    assert setting.parse("[]").value == ()  # every row deleted: the page says so, and so does the link
    for junk in ('[["a", "b"]]', "{", '[["a", 1e400]]', '[["' + "x" * 30 + '", 1]]', "[" + '["a", 1],' * 60 + '["a", 1]]'):
        parsed = setting.parse(junk)
        assert parsed.status == IGNORED and parsed.value == setting.default, junk


# --- every text box takes what its page reads -------------------------------------------------------------
def test_every_text_box_takes_exactly_what_its_page_reads():
    from playground.beyond.cloze import MAX_SENTENCE
    from playground.charlm.settings import MAX_PROMPT
    from playground.charlm_cells.settings import PASSAGE_CHARS
    from playground.core.datasets.tatoeba import MAX_SOURCE_CHARS
    from playground.core.text import MAX_CHARS as ORDER_CHARS
    from playground.models.charlm.interpret import MAX_PATTERN
    from playground.models.sentiment import MAX_CHARS as REVIEW_CHARS

    limits = {"s2s_text": MAX_SOURCE_CHARS, "s2s_long": MAX_SOURCE_CHARS, "home_order_a": ORDER_CHARS,
              "home_order_b": ORDER_CHARS, "beyond_cloze_text": MAX_SENTENCE, "beyond_gen_prompt": MAX_SENTENCE,
              "senti_review": REVIEW_CHARS, "senti_counterfactual": REVIEW_CHARS, "lab_text": ORDER_CHARS,
              "lm_prompt": MAX_PROMPT,
              "cells_text": PASSAGE_CHARS, "cells_regex": MAX_PATTERN, "cells_clamp_prompt": MAX_PROMPT,
              "ones_bits": 2 * two_ones.MAX_STEPS}
    texts = {s.key: s.max_chars for spec in PAGES for s in _state(spec.key).settings if s.kind == "str"}
    assert texts == limits  # a new text setting is added here with the limit its page reads


@pytest.mark.parametrize(("page", "key", "lang", "words"), [("seq2seq", "s2s_text", "en", "up to 40 characters"),
                                                            ("home", "home_order_a", "zh", "最多 40 个字符"),
                                                            ("two_ones", "ones_bits", "en", "up to 256 bits")])
def test_a_text_box_says_its_limit_before_anyone_types(page, key, lang, words):
    """... and a longer paste is cut to it, with a notice (issue 33: the browser dropped the paste whole
    and kept the old text when the box itself carried the limit, so it no longer does)."""
    at = _open(_app(lang), page)
    box = at.get_by_key(key)
    limit = _state(page)[key].max_chars
    assert words in box.label and not box.max_chars
    box.set_value("1" * (limit + 7)).run()
    assert at.get_by_key(key).value == "1" * limit and _url(at)[key] == "1" * limit
    assert t("state.cut", lang, length=f"{limit + 7:,}", limit=f"{limit:,}") in [w.value for w in at.warning]


# --- the store: leave a page, come back ---------------------------------------------------------------------
def test_choices_survive_a_page_switch_and_stay_in_the_url():
    """Issue 24, defect 1: Classic + Sampling came back as Attention + Beam search."""
    at = _open(_app(), "seq2seq")
    at.get_by_key("s2s_model").set_value("classic").run()
    at.get_by_key("s2s_strategy").set_value("sample").run()
    _open(at, "charlm")
    assert "s2s_model" not in _url(at)  # another page's settings are not in its link
    _open(at, "seq2seq")
    assert at.get_by_key("s2s_model").value == "classic" and at.get_by_key("s2s_strategy").value == "sample"
    assert _url(at)["s2s_model"] == "classic" and _url(at)["s2s_strategy"] == "sample"


def test_a_chinese_review_comes_back_read_by_the_chinese_model():
    """Defect 1's worst case: an English reader picks the Chinese model and types a Chinese review,
    visits another page and returns: the Chinese LSTM still reads it."""
    at = _open(_app("en"), "sentiment")
    at.get_by_key("senti_model_lang").set_value("zh").run()
    at.get_by_key("senti_review").set_value("这家店的菜太难吃了，服务也很差").run()
    _open(at, "cell_lab")
    _open(at, "sentiment")
    assert at.get_by_key("senti_model_lang").value == "zh"
    assert at.get_by_key("senti_review").value == "这家店的菜太难吃了，服务也很差"
    assert _url(at)["senti_model_lang"] == "zh"
    verdicts = [w.value for w in (*at.success, *at.warning) if "0." in w.value]
    assert verdicts and not any("<unk>" in v for v in verdicts)


def _choices(page: str) -> list:
    """Choices drawn under the defaults."""
    return [s for s in _state(page).settings if s.kind == "choice" and not s.needs and len(s.options) > 1]


@pytest.mark.parametrize("case", [(spec.key, s.key) for spec in PAGES for s in _choices(spec.key)],
                         ids=lambda case: case[1])
def test_every_choice_of_every_page_survives_a_page_switch(case):
    """Generated from the declarations: each choice of each page set to another option, the visitor
    leaves and comes back, and the widget and the URL still hold it. (One choice per session: the
    test client resets other segmented controls after a set_value, which a browser does not; the
    browser sweep sets several per page.)"""
    page, key = case
    at = _open(_app(), page)
    setting = _state(page)[key]
    widget = at.get_by_key(key)  # a choice hidden under the defaults declares ``needs`` (and is left to the sweep)
    offered = len(getattr(widget, "options", setting.options))
    other = next(o for o in reversed(setting.options[:offered]) if o != widget.value)
    widget.set_value(other).run()
    assert not at.exception, [e.message for e in at.exception]
    _open(at, "home" if page != "home" else "gradients")
    _open(at, page)
    assert at.get_by_key(key).value == other
    assert _url(at)[key] == setting.as_url(other)


def test_a_page_that_ends_early_still_writes_its_address():
    """A link whose text the model cannot read: the page ends early (``halt``) and says why, and the address still
    follows the store, the language added. After ``st.stop()`` Streamlit drops every later message, the address
    bar's among them, so such a page had left the link without its language (the browser sweep found it: a
    Python file's offset past the file's end)."""
    at = _open(_app(cells_guess="skip", cells_source="paste", cells_text="引号里的字"), "charlm_cells")
    assert at.warning  # what the model cannot read
    with pytest.raises(KeyError):
        at.get_by_key("cells_focus")  # and nothing of the lab below the text (a readable text draws it)
    assert _url(at) == {"lang": "en", "cells_guess": "skip", "cells_source": "paste", "cells_text": "引号里的字"}


def test_an_offset_past_the_end_of_a_file_opens_its_last_passage():
    """The cell page's Python offset goes to 1,000,000 for the longest file; in a shorter one a link past its end
    is moved to its last passage (it said "the input is empty" before), and the link follows."""
    from playground.charlm_cells.settings import FILE, PASSAGE_CHARS
    from playground.core.datasets.charcorpora import python_file_chars

    at = _open(_app(cells_guess="skip", cells_source="python", cells_offset="1000000"), "charlm_cells")
    last = python_file_chars(FILE.default) - PASSAGE_CHARS
    assert at.get_by_key("cells_offset").value == last and not at.warning
    assert _url(at)["cells_offset"] == str(last)


@pytest.mark.parametrize(("key", "value"), [("grad_k", 1), ("grad_a", 0.05), ("grad_T", 10), ("grad_m", 2),
                                            ("grad_k", 2000)])
def test_a_slider_at_its_end_stays_in_the_link(key, value):
    """Defect 2: k = 1 was dropped from the link and opened as k = 10."""
    at = _open(_app(), "gradients")
    at.get_by_key(key).set_value(value).run()
    assert math.isclose(float(_url(at)[key]), value)
    fresh = _open(_app(**{key: _url(at)[key]}), "gradients")
    assert math.isclose(fresh.get_by_key(key).value, value)


def test_reset_puts_the_page_back_and_empties_the_link():
    at = _open(_app(), "gradients")
    at.get_by_key("grad_k").set_value(1).run()
    at.get_by_key("grad_dtype").set_value("float64").run()
    at.button(key="grad_reset").click().run()
    assert at.get_by_key("grad_k").value == 10 and at.get_by_key("grad_dtype").value == "float32"
    assert set(_url(at)) == {"lang"}


def test_edited_weights_survive_a_page_switch_and_travel_in_the_link():
    weights = two_ones.lecture_weights()
    weights.w_hy[0, 2] = -0.5
    text = two_ones.weights_to_text(weights)
    at = _open(_app(ones_weights=text), "two_ones")
    assert at.get_by_key("ones_edit").value is True  # a link with weights opens them for editing
    assert _url(at)["ones_weights"] == text
    _open(at, "home")
    _open(at, "two_ones")
    assert _url(at)["ones_weights"] == text and at.get_by_key("ones_edit").value is True
    at.get_by_key("ones_edit").set_value(False).run()
    assert "ones_weights" not in _url(at)  # the screen shows the construction, and so does the link


def test_a_refused_link_value_is_announced_by_its_label():
    """Defect 6: "The link's grad_act=foo ..." spoke in an internal key."""
    for lang, label in (("en", "Activation"), ("zh", "激活函数")):
        at = _open(_app(lang, grad_act="foo"), "gradients")
        toasts = [t.value for t in at.toast]
        assert toasts and all("grad_act" not in t for t in toasts), toasts
        assert any(label in t and "foo" in t for t in toasts), toasts


def test_a_link_cannot_put_markup_in_a_notice():
    at = _open(_app(grad_k="![t](https://host.example/p.png)"), "gradients")
    toasts = [t.value for t in at.toast]
    assert toasts and not any("](https://host" in t.replace("\\]", "") for t in toasts), toasts


WRITES = {"from_dict", "update", "clear", "pop", "setdefault", "__setitem__", "__delitem__"}


def _is_query_params(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "query_params"


def _url_writes(path: Path) -> list[int]:
    """Lines of ``path`` that change ``st.query_params``: a writing method, an item set or deleted, an attribute set."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES \
                and _is_query_params(node.func.value):
            lines.append(node.lineno)
        targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        lines += [node.lineno for target in targets
                  if isinstance(target, ast.Subscript | ast.Attribute) and _is_query_params(target.value)]
    return lines


def test_nothing_but_the_store_writes_the_url():
    """The store alone writes the address (``store.flush_url``); a lesson's page, a widget, the predict box
    and the shell only ever change the store."""
    files = [*(ROOT / "playground").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "streamlit_app.py"]
    writers = {p.relative_to(ROOT).as_posix(): lines for p in files if (lines := _url_writes(p))}
    assert list(writers) == ["playground/app/store.py"], writers
    assert len(writers["playground/app/store.py"]) == 1  # flush_url's one from_dict
    for path in files:
        assert "_initial_query_params" not in path.read_text(encoding="utf-8"), path  # no Streamlit internals


def test_the_url_is_built_once_per_run(monkeypatch):
    """Three sliders moved in one run: the address is built, compared and written once, not once per widget."""
    from streamlit.runtime.state.query_params_proxy import QueryParamsProxy

    reads, writes = [], []
    to_dict, from_dict = QueryParamsProxy.to_dict, QueryParamsProxy.from_dict
    monkeypatch.setattr(QueryParamsProxy, "to_dict", lambda self: reads.append(1) or to_dict(self))
    monkeypatch.setattr(QueryParamsProxy, "from_dict",
                        lambda self, params: writes.append(dict(params)) or from_dict(self, params))
    at = _open(_app(), "gradients")
    reads.clear(), writes.clear()
    at.slider(key="grad_k").set_value(12)
    at.slider(key="grad_a").set_value(0.7)
    at.slider(key="grad_scale").set_value(1.5)
    at.run()
    assert not at.exception
    assert len(reads) == 1 and len(writes) == 1, (reads, writes)
    assert {"grad_k": "12", "grad_a": "0.7", "grad_scale": "1.5"}.items() <= writes[0].items()
    reads.clear(), writes.clear()
    at.run()  # nothing changed: compared once (the address bar may have been edited), nothing sent
    assert len(reads) == 1 and not writes


def test_a_write_still_on_its_way_is_not_taken_for_the_browsers_address(monkeypatch):
    """A run starts from the query the browser had when it asked; an earlier write may land after
    it. Quick clicks (float64, float32) left float64 in the link: the second run saw the browser's
    old address, which matched, and wrote nothing, then the first run's write arrived."""
    from streamlit.runtime.state.query_params_proxy import QueryParamsProxy

    writes = []
    from_dict = QueryParamsProxy.from_dict
    monkeypatch.setattr(QueryParamsProxy, "from_dict",
                        lambda self, params: writes.append(dict(params)) or from_dict(self, params))
    at = _open(_app(), "gradients")
    before, first_k = _url(at), at.slider(key="grad_k").value
    at.slider(key="grad_k").set_value(12).run()
    assert writes and writes[-1]["grad_k"] == "12"
    writes.clear()
    at.slider(key="grad_k").set_value(first_k)
    at.query_params.clear()
    at.query_params.update(before)
    at.run()  # the browser never showed k 12: its address already reads as this run wants
    assert not at.exception
    assert writes, "the browser may yet receive k 12: this run must write its own address"
    assert writes[-1].get("grad_k") != "12"


def test_the_training_panels_keep_what_was_set_before_start():
    """Issue 33: on two 1s, hidden units set to 6 and another learning rate, without pressing Start;
    Home and back: they were 4 and 0.03 again, and not in the link (the panel was a form). Now they
    stay, and the link holds them; the memory-span panel's cell and distance too."""
    at = _open(_app(), "two_ones")
    at.get_by_key("ones_train_hidden").set_value(6).run()
    at.get_by_key("ones_train_lr").set_value(0.1).run()
    assert not at.exception, [e.message for e in at.exception]
    _open(at, "home")
    _open(at, "two_ones")
    assert at.get_by_key("ones_train_hidden").value == 6 and at.get_by_key("ones_train_lr").value == 0.1
    assert _url(at)["ones_train_hidden"] == "6" and _url(at)["ones_train_lr"] == "0.1"
    _open(at, "gradients")
    at.get_by_key("grad_span_cell").set_value("gru").run()
    at.get_by_key("grad_span_distance").set_value(20).run()
    _open(at, "home")
    _open(at, "gradients")
    assert at.get_by_key("grad_span_cell").value == "gru" and at.get_by_key("grad_span_distance").value == 20
    assert _url(at)["grad_span_cell"] == "gru" and _url(at)["grad_span_distance"] == "20"
    fresh_session()  # the page tests after this one expect no job of this session's

"""AppTest of the "both directions and beyond" page: the cloze answers four ways, bad input
gets a message, generation without a future is shown, the cost charts render."""

import re

import pytest
from helpers import open_page

from playground.core.device import device_label
from playground.core.formatting import escape_markdown
from playground.core.i18n import t


def _page(locale="en-US"):
    return open_page("pages/beyond.py", locale)


def test_cloze_tables_follow_the_sentence():
    at = _page()
    assert not at.exception
    tables = [tb.value for tb in at.table[:4]]  # left, right, two readers added, bidirectional model
    assert len(tables) == 4 and all(len(tb) == 5 for tb in tables)
    assert all(s.startswith("我在") and s.endswith("工作") for s in tables[3].index)
    at.text_input(key="beyond_cloze_text").set_value("我吃了一个__").run()
    assert all(s.startswith("我吃了一个") for s in at.table[3].value.index)
    at.slider(key="beyond_cloze_k").set_value(1).run()
    assert all(len(s) == len("我吃了一个") + 1 for s in at.table[3].value.index)
    metrics = {m.label: m.value for m in at.metric}
    assert t("beyond.cloze.accuracy", "en", rule=t("beyond.rule.bidirectional", "en")) in metrics


def test_bad_cloze_input_gets_messages():
    at = _page("zh-CN")
    at.text_input(key="beyond_cloze_text").set_value("我在工作").run()
    assert not at.exception
    marks = escape_markdown(" ".join(["__", "＿＿", "_", "＿", "□"]))  # shown as written, not as markup
    assert t("error.cloze_no_blank", "zh", marks=marks) in [w.value for w in at.warning]
    at.text_input(key="beyond_cloze_text").set_value("我__在__").run()
    assert t("error.cloze_two_blanks", "zh") in [w.value for w in at.warning]
    at.text_input(key="beyond_gen_prompt").set_value("").run()
    assert t("error.empty_text", "zh") in [w.value for w in at.warning]


def test_generation_and_cost_sections():
    at = _page()
    codes = [c.value for c in at.code]
    assert len(codes) == 2 and all(c.startswith("我想") for c in codes)
    at.select_slider(key="beyond_cost_longest").set_value(256).run()
    next(b for b in at.button if b.label == t("beyond.cost.run", "en")).click().run()
    assert not at.exception
    shown = t("beyond.cost.here", "en", device=device_label())  # "CPU" or the GPU's name, never the raw "cpu"
    assert any(shown in str(c.proto) for c in at.get("plotly_chart"))
    assert not any(t("beyond.cost.here", "en", device="cpu") in str(c.proto) for c in at.get("plotly_chart"))


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_bidirectional_text_credits_the_script_and_calls_the_model_one_network(locale):
    """Issue 25: concatenation and 3 + 3 -> 6 are in the lecture script (seed 000) only; the
    bidirectional model is one jointly trained network, the two readers are two models."""
    lang = locale[:2]
    shown = " ".join(m.value for m in _page(locale).markdown)
    if lang == "zh":
        assert "讲解稿里的双向 RNN 把两个方向的状态拼起来" in shown and "讲义里的双向" not in shown
        assert "一个网络里正反两个方向的 LSTM 各有一套参数，一起训练" in shown
        assert "本页就是两个分别训练的模型" not in shown
    else:
        assert "The lecture script's bidirectional RNN concatenates" in shown and "The lectures' bidirectional" not in shown
        assert "one network whose forward and backward LSTMs have a set of parameters each and are trained together" in shown
        assert "(here: two separately trained models)" not in shown


def test_junk_in_the_link_never_reaches_a_widget():
    link = {"beyond_cloze_k": "-3", "beyond_kv_width": "7", "beyond_cost_longest": "inf",
            "beyond_gen_prompt": "字" * 500}
    at = open_page("pages/beyond.py", link=link)
    assert not at.exception, [e.value for e in at.exception]
    assert at.slider(key="beyond_cloze_k").value == 1  # clamped into 1..4
    assert at.select_slider(key="beyond_kv_width").value == 512  # not an option: the default
    assert at.select_slider(key="beyond_cost_longest").value == 1024
    assert at.text_input(key="beyond_gen_prompt").value == "字" * 60  # cut to what the readers take ...
    assert [n for n in at.toast if "out of range" in n.value]  # ... and the visitor is told


def test_typed_characters_cannot_make_a_link():
    at = _page()
    at.text_input(key="beyond_cloze_text").set_value("𪚥[點這裡](https://evil.example/)__").run()
    assert not at.exception
    assert any("𪚥" in i.value for i in at.info)  # the unknown character is named ...
    shown = [m.value for m in (*at.markdown, *at.info, *at.warning, *at.caption)]
    assert not [m for m in shown if re.search(r"(?<!\\)\]\(https://evil", m)]  # ... and no link is made


def test_no_answer_for_text_the_readers_cannot_read():
    """Issue 24: a cloze or a generation prompt the readers cannot read gets a message naming the
    characters, not candidates or a continuation."""
    at = _page()
    at.text_input(key="beyond_cloze_text").set_value("😀😀__😀").run()
    assert not at.exception
    assert t("error.unreadable_none", "en", total=3, unknown="😀") in [w.value for w in at.warning]
    assert not [tb for tb in at.table if any("😀" in str(s) for s in tb.value.index)]  # no candidates
    at.text_input(key="beyond_gen_prompt").set_value("😀😀我").run()
    assert t("error.unreadable_few", "en", known=1, total=3, unknown="😀") in [w.value for w in at.warning]
    assert not [c.value for c in at.code if c.value.startswith("😀")]  # no continuation
    at.text_input(key="beyond_gen_prompt").set_value("我想😀").run()  # readable: generated, the unknown one named
    assert [c.value for c in at.code if c.value.startswith("我想😀")] and any("😀" in i.value for i in at.info)

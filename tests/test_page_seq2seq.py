"""AppTest of the seq2seq page: every strategy and both models render; the lecture's sentence is
translated live; bad input of every kind gets a message and never a traceback."""

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from playground.core.formatting import escape_markdown
from playground.core.i18n import t
from playground.seq2seq import load_translator


def _page(locale="en-US"):
    return open_page("pages/seq2seq.py", locale)


def _charts(at):
    return [c.proto.spec for c in at.get("plotly_chart")]


def test_default_page_translates_the_lectures_sentence():
    at = _page()
    assert not at.exception, [e.value for e in at.exception]
    expected = load_translator(True, device="cpu").translate("我爱自然语言处理").text
    assert f"### {expected}" in [m.value for m in at.markdown]
    seed_table = at.table[0].value
    assert all(v.endswith("<eos>") for v in seed_table.iloc[:, 0])
    steps = at.table[1].value
    assert steps.iloc[-1, 0] == "<eos>" and len(steps) >= 2
    assert any('"type":"heatmap"' in spec.replace(" ", "") for spec in _charts(at))  # the attention map


def test_every_strategy_and_the_classic_model():
    at = _page()
    for strategy in ("greedy", "sample", "beam"):
        at.button_group(key="s2s_strategy").set_value(strategy).run()
        assert not at.exception, (strategy, [e.value for e in at.exception])
    at.slider(key="s2s_beam").set_value(1).run()
    compare = at.table[2].value  # greedy / beam / sample side by side
    assert compare.iloc[0, 0] == compare.iloc[1, 0]  # width 1 is greedy
    at.button_group(key="s2s_model").set_value("classic").run()
    assert not at.exception
    assert t("s2s.context.header", "en") in [s.value for s in at.subheader]


def test_bad_input_gets_a_message():
    at = _page("zh-CN")
    cases = {"": t("error.empty_text", "zh"), "。。。！": t("error.seq2seq_no_chinese", "zh"),
             "I love you": t("error.seq2seq_english", "zh")}
    for text, message in cases.items():
        at.text_input(key="s2s_text").set_value(text).run()
        assert not at.exception, (text, [e.value for e in at.exception])
        assert message in [w.value for w in at.warning], text
    at.text_input(key="s2s_text").set_value("字" * 45).run()  # the box takes what the translators read
    assert at.text_input(key="s2s_text").value == "字" * 40 and "最多 40 个字符" in at.text_input(key="s2s_text").label


def test_traditional_and_unknown_characters_are_explained():
    at = _page()
    at.text_input(key="s2s_text").set_value("我們明天去公園吧").run()
    assert any("我们明天去公园吧" in i.value for i in at.info)
    at.text_input(key="s2s_text").set_value("我喜欢𪚥").run()
    assert not at.exception
    assert any("𪚥" in i.value for i in at.info)


def test_long_sentence_on_both_models():
    at = _page()
    at.text_input(key="s2s_long").set_value("字" * 50).run()
    assert not at.exception
    assert at.text_input(key="s2s_long").value == "字" * 40  # the box takes what the translators read


def _open_with(query: dict[str, str]) -> AppTest:
    return open_page("pages/seq2seq.py", link=query)


def test_junk_in_the_link_never_reaches_a_widget():
    at = _open_with({"s2s_seed": "-5", "s2s_beam": "1e400", "s2s_strategy": "bogus", "s2s_model": "None",
                     "s2s_temperature": "7", "s2s_penalty": "nan", "s2s_text": "字" * 500})
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key="s2s_seed").value == 0  # clamped into 0..10000
    assert at.slider(key="s2s_beam").value == 5  # not finite: the default
    assert at.slider(key="s2s_temperature").value == 2.0  # clamped to the top of the range
    assert at.slider(key="s2s_penalty").value == 1.0
    assert at.button_group(key="s2s_strategy").value == "beam"
    assert at.button_group(key="s2s_model").value == "attention"
    assert at.text_input(key="s2s_text").value == "字" * 40  # cut to what the translators read
    assert [n for n in at.toast if "out of range" in n.value]  # and the visitor is told


def test_an_infinite_seed_in_the_link_is_ignored():
    at = _open_with({"s2s_seed": "inf"})
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key="s2s_seed").value == 0


def test_converted_text_cannot_make_a_link():
    at = _page()
    at.text_input(key="s2s_text").set_value("我愛[點這裡](https://evil.example/)").run()
    assert not at.exception
    converted = [i.value for i in at.info if "evil" in i.value]
    assert converted == [t("s2s.out.converted", "en", text=escape_markdown("我爱[点这里](https://evil.example/)"))]
    assert "](" not in converted[0]


def test_no_translation_of_a_sentence_the_model_cannot_read():
    """Issue 24: a sentence of characters the encoder never saw gets no translation, but a message naming
    them (escaped: "*" is not in the vocabulary either)."""
    at = _page()
    at.text_input(key="s2s_text").set_value("龘靐*齉").run()
    assert not at.exception
    assert t("error.unreadable_none", "en", total=4, unknown=escape_markdown("龘 靐 * 齉")) in [w.value for w in at.warning]
    assert not [m.value for m in at.markdown if m.value.startswith("### ")]  # no translation shown
    at.text_input(key="s2s_text").set_value("我爱龘靐齉").run()  # two known of five: too few
    assert t("error.unreadable_few", "en", known=2, total=5, unknown="龘 靐 齉") in [w.value for w in at.warning]


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_decoding_sliders_grey_out_what_the_strategy_does_not_use(locale):
    """Issue 25: beam width and length penalty only for beam search, temperature and seed only for
    sampling (as the char-LM page), and the caption says so."""
    lang = locale[:2]
    uses = {"greedy": set(), "beam": {"s2s_beam", "s2s_penalty"}, "sample": {"s2s_temperature", "s2s_seed"}}
    for strategy, active in uses.items():
        # by the link: AppTest's segmented control takes no value through a translated format_func
        at = open_page("pages/seq2seq.py", locale, link={"s2s_strategy": strategy})
        assert not at.exception and at.button_group(key="s2s_strategy").value == strategy
        assert t("s2s.lab.disabled", lang) in [c.value for c in at.caption]
        state = {key: not at.slider(key=key).disabled for key in ("s2s_beam", "s2s_penalty", "s2s_temperature")}
        state["s2s_seed"] = not at.number_input(key="s2s_seed").disabled
        assert {key for key, on in state.items() if on} == active, strategy


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_classic_decoder_is_described_as_the_code_builds_it(locale):
    """Issue 25: the classic decoder reads c in its output layer only (its first state comes from c);
    Cho et al. also feed c into every recurrent update: the page says which it does."""
    lang = locale[:2]
    shown = " ".join(m.value for m in _page(locale).markdown)
    assert t("s2s.formula.classic", lang) in shown
    if lang == "zh":
        assert "本页的模型只在输出层读它" in shown
        assert "Cho 等的原始模型还把 $\\mathbf{c}$ 送进解码器每一步的循环更新" in shown
    else:
        assert "the model on this page reads it in the output layer only" in shown
        assert "Cho et al. also feed $\\mathbf{c}$ into every recurrent update" in shown


def test_the_classic_model_reads_c_only_outside_its_recurrence():
    """What the text above claims, checked on the model: the classic decoder's GRU takes only the
    target embedding, and c enters through the output layer's combination (and the first state)."""
    model = load_translator(False, device="cpu").model
    assert not model.attention and model.decoder.input_size == model.tgt_embed.embedding_dim
    assert model.combine.in_features == model.bridge.in_features + model.decoder.hidden_size

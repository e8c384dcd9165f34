"""AppTest of the LSTM/GRU cell lab: the lecture's numbers, GRU mode, the belt, counts, shapes."""

import re

import pytest
from helpers import drawings, open_page

from playground.core.cells import param_count
from playground.core.i18n import t


def _page(locale="en-US"):
    return open_page("pages/cell_lab.py", locale)


def _latex(at):
    return [x.value for x in at.latex]


def test_lecture_numbers_and_sliders():
    at = _page("zh-CN")
    assert not at.exception
    assert any(r"=0.9\times0.8+0.2\times0.5=0.72+0.10=0.82" in x for x in _latex(at))  # 0.10, as the lecture
    assert t("lab.scalar.soft", "zh") in [i.value for i in at.info]
    at.slider(key="lab_f").set_value(0.73).run()
    assert any(r"=0.73\times0.8+0.2\times0.5=0.584+0.100=0.684" in x for x in _latex(at))
    at.slider(key="lab_i").set_value(1.0).run()
    assert t("lab.scalar.extreme", "zh", value="1") in [c.value for c in at.caption]


def test_vector_step_lstm_and_gru():
    at = _page()
    assert sum(x.startswith("$$\nf_t=\\sigma(W_f") for x in _latex(at)) == 1
    assert sum(x.startswith("$$\nh_t=o_t\\odot\\tanh(C_t)=") for x in _latex(at)) == 1
    at.button_group(key="lab_cell").set_value("gru").run()
    assert not at.exception
    assert any(x.startswith("$$\nz_t=") for x in _latex(at))
    assert any("PyTorch" in m.value for m in at.markdown)
    at.number_input(key="lab_seed").set_value(42).run()
    assert not at.exception


@pytest.mark.parametrize("locale, sentence, model", [("zh-CN", "服务慢，但味道很好", "zh"),
                                                   ("en-US", "Slow service, but the food was great", "en")])
def test_the_belt_s_sentence_follows_the_reader_s_language(locale, sentence, model):
    # issue 33: the English page opened on a Chinese sentence
    lang = locale[:2]
    at = _page(locale)
    assert at.text_input(key="lab_text").value == sentence
    language = t(f"senti.lang.{model}", lang)
    assert t("lab.belt.trained", lang, language=language) in [c.value for c in at.caption]


def test_belt_follows_the_sentence_and_bias():
    at = _page()
    match = next(m.value for m in at.markdown if m.value.startswith("The two curves coincide"))
    assert float(re.search(r"largest difference ([0-9.e+-]+)", match).group(1)) < 1e-12
    at.slider(key="lab_bias").set_value(5.0).run()
    at.text_input(key="lab_text").set_value("我在苹果工作").run()
    assert not at.exception
    at.slider(key="lab_t").set_value(6).run()
    assert not at.exception
    at.text_input(key="lab_text").set_value("").run()
    assert t("error.empty_text", "en") in [w.value for w in at.warning]
    assert t("lab.params.header", "en") in [h.value for h in at.header]  # the rest of the page still works


def test_parameter_counts_and_shapes():
    at = _page()
    at.number_input(key="lab_d").set_value(10).run()
    at.number_input(key="lab_m").set_value(20).run()
    at.number_input(key="lab_layers").set_value(2).run()
    table = next(d.value for d in at.dataframe if t("lab.params.count", "en") in d.value.columns)
    assert table[t("lab.params.count", "en")].tolist() == [f"{param_count(c, 10, 20, 2):,}" for c in ("rnn", "gru", "lstm")]
    assert table[t("lab.params.ratio", "en")].tolist() == ["1.00×", "3.00×", "4.00×"]
    assert t("lab.shapes.bi_result", "en", m=3, out=6) in [s.value for s in at.success]
    at.slider(key="lab_bi_hidden").set_value(5).run()
    assert t("lab.shapes.bi_result", "en", m=5, out=10) in [s.value for s in at.success]
    assert t("lab.shapes.cone", "en", layer=3, step=6, count=18, weights=3) in [c.value for c in at.caption]


def test_junk_in_the_link_never_reaches_a_widget():
    link = {"lab_f": "inf", "lab_c_prev": "-7", "lab_bias": "99", "lab_seed": "abc", "lab_d": "1e12",
            "lab_cell": "rnn", "lab_unit": "7", "lab_grid_layers": "2.5", "lab_t": "999",
            "lab_text": "字" * 500}
    at = open_page("pages/cell_lab.py", link=link)
    assert not at.exception, [e.value for e in at.exception]
    assert at.slider(key="lab_f").value == 0.9  # not a finite number: the default
    assert at.slider(key="lab_c_prev").value == -1.0  # clamped into range
    assert at.slider(key="lab_bias").value == 5.0
    assert at.number_input(key="lab_seed").value == 0
    assert at.number_input(key="lab_d").value == 4096
    assert at.button_group(key="lab_cell").value == "lstm"  # not an option: the default
    assert at.radio(key="lab_unit").value == 0
    assert at.slider(key="lab_grid_layers").value == 2  # a whole number
    assert at.text_input(key="lab_text").value == "字" * 40  # cut to what the belt reads
    assert at.slider(key="lab_t").value == at.slider(key="lab_t").max  # clamped, then to the sentence's length


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_scalar_cell_reads_as_written_and_says_what_the_page_adds(locale):
    """Issue 25: readable slider labels, a negative factor in brackets, the terms to the same decimals,
    and o_t = 0.5 with the h_t line marked as the page's own addition to the lecture's example."""
    lang = locale[:2]
    at = _page(locale)
    labels = [s.label for s in at.slider]
    # subscripts as characters (cₜ₋₁): a TeX label renders, but its KaTeX overflows the label box at 1024 px
    assert t("lab.scalar.c_prev", lang) in labels and "cₜ₋₁" in t("lab.scalar.c_prev", lang)
    assert not any("c_{t-1}" in label or "$" in label for label in labels)  # never raw, never TeX
    weights = t("lab.step.weights", lang)
    assert "$[h_{t-1}, x_t]$" in weights and weights in [e.label for e in at.expander]
    added = t("lab.scalar.added", lang)
    assert added in [c.value for c in at.caption]
    assert ("没有给 $o_t$ 的值" in added) if lang == "zh" else ("no value of $o_t$" in added)
    at.slider(key="lab_c_prev").set_value(-1.0).run()
    at.slider(key="lab_f").set_value(0.0).run()
    at.slider(key="lab_c_tilde").set_value(-0.5).run()
    assert any(r"=0\times(-1)+0.2\times(-0.5)=0.00+(-0.10)=-0.10" in x for x in _latex(at)), _latex(at)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_belt_names_its_units_by_their_numbers_and_the_model_it_used(locale):
    """Issue 25: the 4 units drawn are the ones that move most, labelled by their real numbers; the
    note names the model the sentence picked (an English sentence: the English LSTM)."""
    lang = locale[:2]
    at = _page(locale)
    at.text_input(key="lab_text").set_value("The service was slow but the food was great").run()
    assert not at.exception
    charts = drawings(at)
    cell_chart = charts[re.sub(r"</?sub>", "", t("lab.belt.cell_chart", lang))]  # a drawing's name: its plain title
    names = cell_chart.series
    numbers = [int(re.search(r"(\d+)$", n).group(1)) for n in names]
    assert len(numbers) == 4 and numbers != [1, 2, 3, 4] and numbers == sorted(numbers)
    note = " ".join(m.value for e in at.expander for m in e.markdown)
    joined = t("lab.belt.units_joined", lang).join(str(n) for n in numbers)
    assert joined in note and ("前几个" not in note and "first few" not in note)
    assert t("senti.lang.en", lang) + " LSTM" in note and t("senti.lang.zh", lang) + " LSTM" not in note
    grad_title = next(title for title in charts if title.startswith(re.sub(r"</?sub>", "", t("lab.belt.grad_chart", lang))))
    assert grad_title.endswith(f"({t('lab.belt.unit', lang)} {numbers[0]})")
    assert any(re.fullmatch(r"10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+", text) for text in charts[grad_title].texts)  # 10⁻⁶, not 1μ


def test_the_gru_myth_keeps_the_lecture_scripts_may():
    assert "短文本分类可能用 GRU 已足够" in t("lab.myths.body", "zh")
    assert "may be enough" in t("lab.myths.body", "en") and "often enough" not in t("lab.myths.body", "en")

"""Lecture errata found by reading every page against the three seeds (issue 18), as regression
checks on the texts the pages show."""

import re

import pytest

from playground.i18n import STRINGS, t


def _all(lang: str) -> str:
    """Every UI string of ``lang`` as written (placeholders unfilled)."""
    return "\n".join(str(STRINGS[key][lang]) for key in STRINGS)


def test_the_seeds_chinese_full_names_appear_where_the_terms_are_introduced():
    assert "长短期记忆网络" in t("lab.intro", "zh") and "门控循环单元" in t("lab.intro", "zh")
    assert "随时间反向传播" in t("grad.intro", "zh")
    assert "long short-term memory" in t("lab.intro", "en") and "gated recurrent unit" in t("lab.intro", "en")
    assert "backpropagation through time" in t("grad.intro", "en")


def test_seed_000_is_the_lecture_script_on_every_page():
    """讲解稿 everywhere (one page said 讲稿)."""
    assert "讲稿" not in _all("zh").replace("讲解稿", "")


def test_the_relu_rnn_is_called_that_in_both_languages():
    assert "线性化" not in t("grad.clip.intro", "zh") and "ReLU RNN" in t("grad.clip.intro", "zh")


def test_temperature_is_tau_because_t_is_the_sequence_length():
    intro = t("charlm.lab.intro", "en") + t("charlm.lab.intro", "zh")
    assert "$T<1$" not in intro and "\\tau<1" in intro
    assert "τ" in t("charlm.lab.temperature", "en") and "$T=1$" not in t("charlm.compare.intro", "en")


def test_the_classifier_formula_has_its_bias_and_the_intro_keeps_the_seeds_might():
    for lang in ("zh", "en"):
        assert re.search(r"\+\s*b\)", t("senti.model.intro", lang))
    assert "可能看到两个否定" in t("senti.intro", "zh") and "may see two negatives" in t("senti.intro", "en")


def test_the_classic_seq2seq_is_credited_to_cho_et_al():
    """The implemented decoder reads the same c at every step: Cho et al. 2014's design."""
    assert "Cho" in t("s2s.formula.classic", "en") and "Cho" in t("s2s.formula.classic", "zh")


def test_the_cloze_text_says_what_the_models_do():
    for lang in ("zh", "en"):
        intro = t("beyond.cloze.intro", lang)
        assert ("对数概率相加" in intro) if lang == "zh" else ("adding the log-probabilities" in intro)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_claims_list_paraphrases_without_quotation_marks(lang):
    body = t("beyond.claims.body", lang)
    assert not re.search(r"\*\*[“\"]", body)


def test_the_cell_lab_counts_the_candidate_as_a_block_not_a_gate_and_the_cone_depends_on_weights():
    assert "候选" in t("lab.params.intro", "zh") and "candidate" in t("lab.params.intro", "en")
    assert "共用 2 组权重" not in t("lab.shapes.cone", "zh", layer=2, step=3, count=5, weights=2)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_seed_000s_small_examples_are_on_the_cell_lab_page(locale):
    from helpers import open_page

    shown = " ".join(m.value for m in open_page("pages/cell_lab.py", locale).markdown)
    for piece in (r"\sigma(0)=0.5", r"\tanh(0)=0", r"(1,2)^\top\odot(3,4)^\top=(3,8)^\top", "孩子们", "他们", "0.82"):
        assert piece in shown, piece


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_seed_000s_ambiguity_examples_are_on_the_cloze(locale):
    from helpers import open_page

    shown = " ".join(m.value for m in open_page("pages/beyond.py", locale).markdown)
    for piece in ("我在苹果工作", "我吃了一个苹果", "He sat by the bank of the river"):
        assert piece in shown, piece


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_seed_003s_examples_have_a_place(locale):
    from helpers import open_page

    lang = locale[:2]
    home = " ".join(m.value for m in open_page("pages/home.py", locale).markdown)
    assert "h_t=f_W(h_{t-1},x_t)" in home and "y_t=W_{hy}h_t" in home
    assert ("池化" in home) if lang == "zh" else ("pooling" in home)  # many-to-one read-out (the default form)
    grads = " ".join(m.value for m in open_page("pages/gradients.py", locale).markdown)
    assert ("分身" in grads) if lang == "zh" else ("own copy of $W$" in grads)
    charlm = " ".join(m.value for m in open_page("pages/charlm.py", locale).markdown)
    assert "=0.13011" in charlm and "=2.0394" in charlm  # the slide's 2.2 vs 4.1, to five figures
    assert "0.84" in charlm and "0.13" in charlm
    cells = " ".join(m.value for m in open_page("pages/charlm_cells.py", locale).markdown)
    assert r"\bif\b" in cells
    s2s = " ".join(m.value for m in open_page("pages/seq2seq.py", locale).markdown)
    assert ("教师强制" in s2s) if lang == "zh" else ("teacher forcing" in s2s)
    lab = " ".join(m.value for m in open_page("pages/cell_lab.py", locale).markdown)
    assert "4-2" in lab

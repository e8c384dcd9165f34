import itertools

import pytest
import torch

from playground.core import text
from playground.core.errors import InputError
from playground.home import forms, order


def test_permutations_have_identical_means_but_different_rnn_states():
    for perm in itertools.permutations("狗咬人"):
        b = "".join(perm)
        result = order.compare_orders("狗咬人", b)
        assert result.mean_distance == 0.0  # exactly: a bag has no order
        if b == "狗咬人":
            assert result.rnn_distance == 0.0
        else:
            assert result.rnn_distance > 0.1


def test_different_characters_differ_on_both():
    result = order.compare_orders("狗咬人", "猫咬人")
    assert not result.same_characters
    assert result.mean_distance > 0 and result.rnn_distance > 0


@pytest.mark.parametrize("a, b, relation, zero", [
    ("狗咬人", "狗咬人", "identical", True),
    ("狗咬人", "人咬狗", "same_chars", True),
    ("狗咬人狗咬人狗咬人", "人咬狗", "same_mix", True),  # issue 33: once 1.27994e-16 and "different characters"
    ("狗咬人人", "人咬狗", "same_set", False),
    ("狗咬人", "猫咬人", "diff_chars", False),
])
def test_relation_of_the_two_texts_and_exact_zero_distance(a, b, relation, zero):
    result = order.compare_orders(a, b)
    assert result.relation == relation
    assert (result.mean_distance == 0.0) is zero  # exactly 0, not 0 up to rounding
    assert (order.format_distance(result.mean_distance) == "0") is zero


def test_format_distance_shows_rounding_error_as_zero():
    assert order.format_distance(1.27994e-16) == "0" and order.format_distance(-3e-17) == "0"
    assert order.format_distance(0.728179) == "0.728179" and order.format_distance(4.912621) == "4.91262"


def test_states_have_one_row_per_character_and_stay_bounded():
    result = order.compare_orders("我吃了一个苹果", "苹果")
    assert result.states_a.shape == (7, order.HIDDEN) and result.states_b.shape == (2, order.HIDDEN)
    assert float(result.states_a.abs().max()) < 1.0  # tanh keeps the state in (-1, 1)


def test_whitespace_and_control_characters_are_ignored():
    assert text.clean_text("  狗 咬\t人\n") == "狗咬人"
    assert text.clean_text("狗\x00咬人") == "狗咬人"


@pytest.mark.parametrize("bad, code", [("", "empty_text"), ("   ", "empty_text"), (None, "empty_text"),
                                       ("字" * (text.MAX_CHARS + 1), "text_too_long")])
def test_bad_text_raises_input_error(bad, code):
    with pytest.raises(InputError) as info:
        order.compare_orders(bad, "人咬狗")
    assert info.value.code == code


def test_embeddings_are_fixed_per_character():
    assert torch.equal(text.char_embedding("狗"), text.char_embedding("狗"))
    assert not torch.equal(text.char_embedding("狗"), text.char_embedding("人"))


def test_demo_rnn_is_contractive():
    rnn = order.demo_rnn()
    assert abs(float(torch.linalg.matrix_norm(rnn.w_hh, ord=2)) - 0.9) < 1e-9


def test_parameter_counts():
    assert order.rnn_params(3, 4) == 3 * 4 + 4 * 4 + 4
    assert order.window_mlp_params(5, 3, 4) == 5 * 3 * 4 + 4
    assert order.window_mlp_params(10, 8, 8) > order.window_mlp_params(5, 8, 8)
    # 12 words between France and French: France is 13 back (issue 25: it was off by one)
    assert order.window_sees(gap=12, window=13) and not order.window_sees(gap=12, window=12)
    assert order.window_sees(gap=1, window=2) and not order.window_sees(gap=1, window=1)


@pytest.mark.parametrize("form, n_in, n_out", [("one_to_one", 1, 1), ("one_to_many", 1, 4), ("many_to_one", 4, 1),
                                               ("many_to_many_aligned", 6, 6), ("many_to_many_unaligned", 8, 6)])
def test_four_forms(form, n_in, n_out):
    for lang in ("zh", "en"):
        graph = forms.unrolled(form, lang)
        assert (graph.n_inputs, graph.n_outputs) == (n_in, n_out)


def test_lecture_examples_in_forms():
    aligned = forms.unrolled("many_to_many_aligned")
    assert [s.x for s in aligned.steps] == list("010111") and [s.y for s in aligned.steps] == list("000011")
    seq2seq = forms.unrolled("many_to_many_unaligned")
    assert "".join(s.x for s in seq2seq.steps if s.x) == "我爱自然语言处理"
    assert [s.y for s in seq2seq.steps if s.y] == ["I", "love", "natural", "language", "processing", "<eos>"]
    assert {s.part for s in seq2seq.steps} == {"encoder", "decoder"}
    with pytest.raises(ValueError):
        forms.unrolled("two_to_three")


@pytest.mark.parametrize("form, expected", [
    ("one_to_one", ("none", {})),
    ("one_to_many", ("one", {"steps": 4})),
    ("many_to_many_aligned", ("one", {"steps": 6})),
    ("many_to_many_unaligned", ("two", {"encoder": 8, "decoder": 6})),
])
def test_what_each_drawing_says_about_its_weights(form, expected):
    """Seed 000: one network reads and another writes in seq2seq; one-to-one has no time axis."""
    graph = forms.unrolled(form, "zh")
    assert forms.weight_sharing(graph)[0] == expected[0]
    if form != "one_to_many":
        assert forms.weight_sharing(graph) == expected


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_home_page_says_two_sets_of_weights_for_seq2seq_and_none_for_one_step(locale):
    from helpers import open_page

    from playground.core.i18n import t

    lang = locale[:2]
    captions = " ".join(c.value for c in open_page("pages/home.py", locale,
                                                   link={"home_form": "many_to_many_unaligned"}).caption)
    assert t("home.forms.shared.two", lang, encoder=8, decoder=6) in captions
    assert t("home.forms.shared.one", lang, steps=14) not in captions
    captions = " ".join(c.value for c in open_page("pages/home.py", locale, link={"home_form": "one_to_one"}).caption)
    assert t("home.forms.shared.none", lang) in captions
    assert t("home.forms.shared.one", lang, steps=1) not in captions

"""Bidirectional cloze: parsing, the three scoring rules, generation without a future; the shipped
forward and backward readers are evaluated on held-out sentences."""

import pytest
import torch

from playground.beyond import cloze
from playground.core.errors import InputError
from playground.models.charlm import decoding as cs
from playground.models.charlm import model as charlm_model

CLOZE_CEILING = 3.80  # nats per character on held-out sentences (shipped: see the model cards)
SENTENCES = ["我在苹果工作。", "我吃了一个苹果。", "他在学校工作。", "我吃了一个梨。"] * 50


def _reader(direction, seed=0):
    text = cloze.text_of(SENTENCES, direction)
    vocab = cloze.vocab_with_min_count(text, 1)
    torch.manual_seed(seed)
    model = charlm_model.CharLM("lstm", len(vocab), 8, 16, 1).eval()
    return cs.FastSampler.from_model(model, vocab)


def test_parse_marks_and_errors():
    assert cloze.parse("我在__工作") == ("我在", "工作")
    assert cloze.parse(" 我吃了一个□ ") == ("我吃了一个", "")
    assert cloze.parse("＿＿天很好") == ("", "天很好")
    for text, code in (("", "empty_text"), ("我在工作", "cloze_no_blank"), ("我__在__", "cloze_two_blanks"),
                       ("字" * 61 + "__", "text_too_long")):
        with pytest.raises(InputError) as err:
            cloze.parse(text)
        assert err.value.code == code


def test_backward_reader_sees_reversed_sentences():
    assert cloze.text_of(["ab", "cd"], "backward") == "\nba\ndc\n"
    assert cloze.text_of(["ab"], "forward") == "\nab\n"
    vocab = cloze.vocab_with_min_count("aab", 2)
    assert vocab.chars == (charlm_model.UNKNOWN, "a")


def test_three_rules_and_both_is_the_sum():
    forward, backward = _reader("forward"), _reader("backward", seed=1)
    result = cloze.fill(forward, backward, "我在__工作", k=2, width=5)
    assert result.k == 2 and all(len(r["candidate"]) == 2 for r in result.table)
    for row in result.table:
        assert row["both"] == pytest.approx(row["left"] + row["right"])
        assert row["left"] == pytest.approx(cs.sequence_log_prob(forward, "\n我在", row["candidate"]))
        assert "\n" not in row["candidate"]
    top = result.top("both", 3)
    assert [s for _, s in top] == sorted([s for _, s in top], reverse=True)
    with pytest.raises(InputError):
        cloze.fill(forward, backward, "我在__工作", k=9)


def test_generation_with_an_empty_future_is_defined_and_short():
    forward, backward = _reader("forward"), _reader("backward", seed=1)
    text = cloze.generate_with_both(forward, backward, "我", 5)
    assert isinstance(text, str) and len(text) <= 5 and "\n" not in text


def test_cloze_accuracy_counts_each_rule():
    forward, backward = _reader("forward"), _reader("backward", seed=1)
    scores = cloze.cloze_accuracy(forward, backward, SENTENCES, n=10)
    assert scores["sentences"] == 10
    assert all(0 <= scores[r] <= 1 for r in ("left", "right", "both"))


# --- the shipped readers ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shipped():
    from playground.core.checkpoints import load_checkpoint

    def reader(direction):
        tensors, card = load_checkpoint(cloze.model_name(direction), device="cpu")
        return cs.FastSampler.from_model(*charlm_model.rebuild(tensors, card)), card

    return reader("forward"), reader("backward")


@pytest.fixture(scope="module")
def held_out():
    sentences, _ = cloze.corpus()
    return sentences


def test_shipped_readers_predict_held_out_sentences(held_out):
    from playground.core.checkpoints import load_checkpoint

    for direction in cloze.DIRECTIONS:
        tensors, card = load_checkpoint(cloze.model_name(direction), device="cpu")
        model, vocab = charlm_model.rebuild(tensors, card)
        loss = charlm_model.held_out_loss(model, vocab.encode(cloze.text_of(held_out["test"], direction)))
        assert loss <= CLOZE_CEILING, f"{direction}: {loss:.4f} nats/char"
        assert card.metrics["test_loss_nats"] == pytest.approx(loss, abs=2e-3)


def test_both_sides_beat_either_side_on_held_out_sentences(shipped, held_out):
    (forward, _), (backward, _) = shipped
    scores = cloze.cloze_accuracy(forward, backward, held_out["test"], n=200, seed=1)
    assert scores["both"] > scores["left"] + 0.05 and scores["both"] > scores["right"] + 0.05, scores


def test_the_lectures_sentence_reads_its_right_side(shipped):
    (forward, _), (backward, _) = shipped
    # 他__了一本书: from the left anything goes; the right side (了一本书) asks for a verb like 买 / 看 / 写
    result = cloze.fill(forward, backward, "他__了一本书", k=1)
    assert {c for c, _ in result.top("both", 3)} & {"买", "看", "写", "读"}
    assert not {c for c, _ in result.top("left", 3)} & {"买", "看", "写", "读"}

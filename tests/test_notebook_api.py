"""The notebook API: one-line loaders for the shipped models, and docs/models.md's own example run as written."""

import contextlib
import io
import math
import re
from pathlib import Path

import numpy as np
import pytest

from playground import charlm, sentiment, seq2seq
from playground.core.errors import InputError
from playground.models.charlm import decoding, interpret
from playground.models.charlm.model import held_out_loss

MODELS_DOC = Path(__file__).resolve().parent.parent / "docs" / "models.md"


@pytest.fixture(scope="module")
def lm():
    return charlm.load(corpus="shakespeare", cell="lstm")


def test_docs_use_it_from_python_runs_as_written():
    section = MODELS_DOC.read_text(encoding="utf-8").split("## Use it from Python", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/models.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert len(lines) >= 6, lines
    assert float(lines[1]) > 0 and math.isfinite(float(lines[1]))  # nats per character


def test_charlm_loads_by_name_or_by_choice(lm):
    same = charlm.load("charlm_shakespeare_lstm")
    assert lm.name == same.name == "charlm_shakespeare_lstm" and lm.card.metrics["test_loss_nats"] > 0
    assert not lm.model.training and not any(p.requires_grad for p in lm.model.parameters())
    for bad in ({"corpus": "klingon", "cell": "lstm"}, {"corpus": "python", "cell": "gru"}):
        with pytest.raises(InputError):
            charlm.load(**bad)
    with pytest.raises(InputError):
        charlm.load("charlm_nothing")


def test_sample_follows_the_decoders(lm):
    greedy = lm.sample("ROMEO:", 80, strategy="greedy")
    assert len(greedy) == 80 and greedy == lm.sample("ROMEO:", 80, strategy="greedy", seed=5)  # no randomness
    assert greedy == decoding.generate(lm.sampler, "ROMEO:", 80, "greedy").text
    drawn = lm.sample("ROMEO:", 60, temperature=0.8, seed=3)
    assert drawn == decoding.generate(lm.sampler, "ROMEO:", 60, "sample", temperature=0.8, seed=3).text
    assert drawn != lm.sample("ROMEO:", 60, temperature=0.8, seed=4)
    assert lm.sample("ROMEO:", 40, top_k=5, seed=1) == decoding.generate(lm.sampler, "ROMEO:", 40, "top_k",
                                                                         top_k=5, seed=1).text
    assert lm.sample("ROMEO:", 40, top_p=0.5, seed=1) == decoding.generate(lm.sampler, "ROMEO:", 40, "top_p",
                                                                           top_p=0.5, seed=1).text
    beam = lm.generate("ROMEO:", 40, beam=4)
    assert beam.strategy == "beam" and beam.text == decoding.beam_search(lm.sampler, "ROMEO:", 40, width=4).text
    for bad in ({"prompt": "", "length": 10}, {"prompt": "x", "length": 0}, {"prompt": "x", "length": 10, "temperature": 0},
                {"prompt": "x", "length": 10, "strategy": "nonsense"}, {"prompt": "x", "length": 10, "beam": 3,
                                                                          "strategy": "top_p"}):
        with pytest.raises(InputError):
            lm.sample(**bad)


def test_evaluate_is_nats_per_character_of_one_stream(lm):
    text = "To be, or not to be, that is the question."
    nats = lm.evaluate(text)
    assert nats == pytest.approx(held_out_loss(lm.model, lm.vocab.encode(text), streams=1))
    assert nats < lm.evaluate("qzxj vvkq pwzz qqxj zzkv")  # English-like text is far more likely than noise
    for bad in ("", "a"):
        with pytest.raises(InputError):
            lm.evaluate(bad)


def test_activations_are_characters_by_layers_by_units(lm):
    text = "def f(x):\n    return 'hi'\n"
    acts = lm.activations(text)
    layers, hidden = lm.card.architecture["layers"], lm.card.architecture["hidden"]
    assert acts.shape == (len(text), layers, hidden)
    assert np.array_equal(acts, np.transpose(interpret.activations(lm.sampler, text), (1, 0, 2)))
    assert np.abs(lm.activations(text, which="hidden")).max() <= 1.0
    with pytest.raises(InputError):
        lm.activations("")


def test_the_other_loaders_take_names_or_choices():
    zh = sentiment.load(lang="zh", cell="lstm")
    assert zh.card.name == "sentiment_zh_lstm" and sentiment.load("sentiment_zh_lstm").card.name == zh.card.name
    assert 0.0 <= zh.predict("服务很慢，但是菜很好吃") <= 1.0
    with pytest.raises(InputError):
        sentiment.load("sentiment_fr_lstm")
    translator = seq2seq.load(attention=True)
    assert translator.attention and seq2seq.load("seq2seq_zh_en_classic").attention is False
    assert translator.translate("我爱你。", strategy="greedy").text
    assert set(seq2seq.load("seq2seq_bottleneck")) == {"attention", "classic"}

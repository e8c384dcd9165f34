"""Issue 27 (4): one range check for the decoding settings both generators take, ranges that hold
every slider's, and one path per job (the char-LM dispatcher and side by side, Translator.compare)."""

import math

import numpy as np
import pytest
import torch

from playground.charlm import settings as lm_state
from playground.core import decoding as ds
from playground.core.errors import InputError
from playground.models.charlm import decoding as cs
from playground.models.charlm import model as charlm_model
from playground.seq2seq import settings as s2s_state
from playground.seq2seq.translate import MAX_BEAM, Translator, check_decoding


@pytest.mark.parametrize(("setting", "bounds"), [
    (lm_state.TEMPERATURE, ds.TEMPERATURE), (s2s_state.TEMPERATURE, ds.TEMPERATURE),
    (lm_state.PENALTY, ds.LENGTH_PENALTY), (s2s_state.PENALTY, ds.LENGTH_PENALTY),
    (lm_state.SEED, ds.SEED), (s2s_state.SEED, ds.SEED),
    (lm_state.WIDTH, (1, cs.MAX_WIDTH)), (s2s_state.BEAM, (1, MAX_BEAM)),
])
def test_every_slider_lies_inside_the_range_the_library_takes(setting, bounds):
    assert bounds[0] <= setting.low <= setting.high <= bounds[1], setting.key


@pytest.mark.parametrize("temperature", [0.0, 0.009, 100.1, math.nan, math.inf, -1.0])
def test_both_generators_refuse_the_same_temperatures(temperature):
    with pytest.raises(InputError) as lm:
        cs.check_settings(10, temperature, 10, 0.9, 5)
    with pytest.raises(InputError) as s2s:
        check_decoding("sample", 5, 1.0, temperature, 0)
    assert lm.value.params == s2s.value.params == {"name": "temperature", "low": 0.01, "high": 100}


@pytest.mark.parametrize("temperature", [0.01, 0.05, 1.0, 5.0, 100.0])
def test_both_generators_take_the_same_temperatures(temperature):
    cs.check_settings(10, temperature, 10, 0.9, 5)
    check_decoding("sample", 5, 1.0, temperature, 0)


def _sampler():
    text = "ROMEO:\nBut, soft! what light through yonder window breaks?\n\n" * 20
    vocab = charlm_model.CharVocab.build(text)
    torch.manual_seed(0)
    return cs.FastSampler.from_model(charlm_model.CharLM("lstm", len(vocab), 8, 16, 2).eval(), vocab)


def test_the_side_by_side_goes_through_the_dispatcher_and_reuses_what_the_caller_has():
    sampler = _sampler()
    runs = cs.compare(sampler, "RO", 30, temperature=0.7, width=3, seed=4)
    assert list(runs) == list(cs.COMPARED)
    for strategy, run in runs.items():
        alone = cs.generate(sampler, "RO", 30, strategy, temperature=0.7, width=3, seed=4)
        assert (run.text, run.log_prob) == (alone.text, alone.log_prob)
    lab = cs.generate(sampler, "RO", 50, "sample", temperature=0.7, seed=4)  # longer: its first 30 characters
    reused = cs.compare(sampler, "RO", 30, temperature=0.7, width=3, seed=4, made=lab)["sample"]
    assert reused.steps == lab.steps[:30] and reused.text == runs["sample"].text


def test_beam_search_records_the_distributions_it_chose_from():
    sampler = _sampler()
    beam = cs.generate(sampler, "RO", 40, "beam", width=4, end="")
    assert [r.char for r in beam.steps] == list(beam.text)
    # each step's log p is the model's own for that character after the ones before it
    again = [cs.sequence_log_prob(sampler, "RO" + beam.text[:k], beam.text[k]) for k in range(len(beam.text))]
    np.testing.assert_allclose([r.log_prob for r in beam.steps], again, atol=1e-5)
    assert sum(r.log_prob for r in beam.steps) == pytest.approx(beam.log_prob, rel=1e-6)


def test_used_settings_key_one_generation_once():
    greedy = cs.used_settings("greedy", temperature=0.3, seed=9, width=7)
    assert greedy == {"temperature": 1.0, "seed": 0, "width": 5}
    assert cs.used_settings("sample", temperature=0.3, seed=9, width=7) == {"temperature": 0.3, "seed": 9, "width": 5}


def test_translator_compare_calls_the_given_translate_once_per_strategy():
    calls = []

    def translate(*args):
        calls.append(args)
        return args[1]

    translator = Translator.__new__(Translator)  # compare reads no model
    assert translator.compare("我爱你", 3, 0.5, 0.8, 7, translate=translate) == {
        "greedy": "greedy", "beam": "beam", "sample": "sample"}
    assert calls == [("我爱你", "greedy"), ("我爱你", "beam", 3, 0.5), ("我爱你", "sample", 3, 0.5, 0.8, 7)]

"""The seq2seq page's challenge (issue 53): on the page itself, the numbers its worked solution quotes,
each verdict the check can reach, and inputs it must refuse with a verdict rather than raise on."""

from __future__ import annotations

import math

import pytest

from playground import seq2seq
from playground.core.challenges import plain_load
from playground.core.i18n import t
from playground.seq2seq import challenges
from playground.seq2seq import settings as state
from playground.seq2seq.model import model_name

BEAM = challenges.BEAM


def test_the_worked_solution_quotes_the_translators_own_numbers():
    translator = plain_load(model_name(True), seq2seq)
    sentence = "这个问题很难回答。"
    greedy = translator.translate(sentence, "greedy")
    beams = {width: translator.translate(sentence, "beam", width, 1.0) for width in (2, 3)}
    first = dict(greedy.steps[0].top)
    quoted = [f"{first[w]:.3f}" for w in ("the", "it's", "this")]
    quoted += [f"{greedy.log_prob:.3f}".replace("-", "−"), f"{beams[2].log_prob:.3f}".replace("-", "−"),
               f"{beams[3].log_prob:.3f}".replace("-", "−"), f"{beams[2].log_prob - greedy.log_prob:.2f}",
               f"{beams[3].log_prob - greedy.log_prob:.2f}"]
    quoted += [f"{s.prob:.3f}" for s in beams[3].steps[1:4]]
    quoted += [greedy.text, beams[2].text, beams[3].text]
    for lang in ("zh", "en"):
        said = t(BEAM.key("solution"), lang)
        for number in quoted:
            assert number in said, (lang, number)
    for width in range(3, 11):  # "any width from 3 up gives the same"
        assert translator.translate(sentence, "beam", width, 1.0).tokens == beams[3].tokens


@pytest.mark.parametrize("values,said", [
    (((state.TEXT, "   "),), "challenge.s2s.empty"),
    (((state.TEXT, "I love you"),), "challenge.s2s.unusable"),
    (((state.TEXT, "!!!"),), "challenge.s2s.unusable"),
    (((state.BEAM, 0),), "challenge.s2s.unusable"),
    (((state.BEAM, 11),), "challenge.s2s.unusable"),
    (((state.PENALTY, math.nan),), "challenge.s2s.unusable"),
    (((state.PENALTY, math.inf),), "challenge.s2s.unusable"),
    (((state.TEXT, "这个问题很难回答。"), (state.BEAM, 1)), "challenge.s2s.same"),
    # the length penalty prefers "close the door, please." (longer, less probable) to greedy's sentence
    (((state.TEXT, "请把门关上。"),), "challenge.s2s.lower"),
])
def test_each_verdict_and_unusable_input(values, said):
    verdict = BEAM.judge_values(values)
    assert not verdict.solved and verdict.said == said, verdict
    for lang in ("zh", "en"):
        assert t(said, lang, **verdict.fields).strip()

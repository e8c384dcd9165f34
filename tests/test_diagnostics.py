"""The load tests' proof that no session changed a shared model (``playground.core.diagnostics``): a
fingerprint follows the weights, not what a model remembers for the next session."""

import torch

from playground import charlm
from playground.core.diagnostics import fingerprint
from playground.models import sentiment as S
from playground.seq2seq.translate import load_translator


def test_a_fingerprint_ignores_the_caches_and_sees_every_weight():
    classifier = S.load_classifier("en", "lstm", device="cpu")
    translator = load_translator(True, device="cpu")
    lm = charlm.load(charlm.name_of("shakespeare", "lstm"))
    before = [fingerprint(m) for m in (classifier, translator, lm)]
    classifier.read("a fine film")  # a reading, the float64 weights, a beam search, a prompt's state
    translator.beam_tree("我爱你")
    lm.sample("ROMEO:\n", 40)
    assert [fingerprint(m) for m in (classifier, translator, lm)] == before
    for owner, was in zip((classifier, translator, lm), before, strict=True):
        weight = next(owner.model.parameters())
        with torch.no_grad():
            weight.view(-1)[0] += 1.0
        try:
            assert fingerprint(owner) != was
        finally:
            with torch.no_grad():
                weight.view(-1)[0] -= 1.0

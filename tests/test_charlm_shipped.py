"""The shipped character LMs, evaluated on text they never saw: whole held-out plays and held-out
standard-library files. Floors sit a little above what the shipped weights measured (the model
cards and the closing note give the exact figures); the Shakespeare LSTM's is the issue's 1.50."""

import re

import pytest
import torch

from playground.core.checkpoints import load_checkpoint
from playground.core.datasets.charcorpora import load
from playground.models.charlm import decoding as cs
from playground.models.charlm import interpret
from playground.models.charlm import model as charlm_model

# test-split loss ceilings in nats per character
CEILINGS = {("shakespeare", "lstm"): 1.50, ("shakespeare", "gru"): 1.46, ("shakespeare", "rnn"): 1.58,
            ("python", "lstm"): 1.17}


@pytest.fixture(scope="module")
def corpora():
    return {name: load(name) for name in charlm_model.CORPORA}


@pytest.fixture(scope="module")
def models():
    return {key: charlm_model.load_model(*key, device="cpu") for key in charlm_model.SHIPPED_CHOICES}


@pytest.fixture(scope="module")
def held_out_losses(models, corpora):
    return {key: charlm_model.held_out_loss(model, vocab.encode(corpora[key[0]].test))
            for key, (model, vocab, _) in models.items()}


@pytest.mark.parametrize("key", list(charlm_model.SHIPPED_CHOICES), ids=["-".join(k) for k in charlm_model.SHIPPED_CHOICES])
def test_held_out_loss_of_the_shipped_weights(key, held_out_losses, models):
    loss = held_out_losses[key]
    assert loss <= CEILINGS[key], f"{key}: {loss:.4f} nats/char ({charlm_model.bits(loss):.4f} bits/char)"
    # the card reports the same figure (it was measured on the fp16 weights as shipped)
    assert models[key][2].metrics["test_loss_nats"] == pytest.approx(loss, abs=2e-3)


def test_weights_are_stored_in_half_precision():
    tensors, _ = load_checkpoint(charlm_model.model_name("shakespeare", "lstm"), device="cpu", dtype=torch.float16)
    from safetensors import safe_open

    from playground.core.checkpoints import paths

    with safe_open(str(paths(charlm_model.model_name("shakespeare", "lstm"))[0]), "pt") as fh:
        assert all(fh.get_tensor(k).dtype == torch.float16 for k in fh.keys())  # noqa: SIM118
    assert tensors


def test_gated_cells_predict_better_than_the_vanilla_rnn(held_out_losses):
    assert held_out_losses[("shakespeare", "lstm")] < held_out_losses[("shakespeare", "rnn")]
    assert held_out_losses[("shakespeare", "gru")] < held_out_losses[("shakespeare", "rnn")]


def _english_share(text: str, words: set[str]) -> float:
    found = re.findall(r"[a-z]+", text.lower())
    return sum(w in words for w in found) / max(1, len(found))


def test_stages_go_from_gibberish_to_english_to_the_plays_format(corpora):
    snapshots = charlm_model.load_snapshots("shakespeare", "lstm", device="cpu")
    final, vocab, _ = charlm_model.load_model("shakespeare", "lstm", device="cpu")
    words = set(re.findall(r"[a-z]+", corpora["shakespeare"].train.lower()))
    # 30,000 validation characters order the stages as 100,000 do (4.37, 2.13, 1.75, 1.55, 1.46, 1.43 nats against
    # 4.37, 2.15, 1.77, 1.58, 1.49, 1.46), in a third of the time
    val_ids = vocab.encode(corpora["shakespeare"].validation[:30_000])
    stages = sorted(snapshots.items()) + [(10**9, final)]
    losses = [charlm_model.held_out_loss(model, val_ids) for _, model in stages]
    assert losses == sorted(losses, reverse=True), losses
    samples = ["".join(cs.generate(cs.FastSampler.from_model(m, vocab), "ROMEO:\n", 600, "sample", temperature=0.8,
                                   seed=s).text for s in range(3)) for _, m in stages]
    shares = [_english_share(text, words) for text in samples]
    assert shares[0] < 0.6 < shares[-1], shares  # gibberish first, mostly real words at the end
    # the plays' format at the end: speaker lines "NAME:" after a blank line
    assert re.search(r"\n\n[A-Z][A-Za-z ]+:\n", samples[-1]), samples[-1][:300]


def test_greedy_repeats_itself_and_beam_finds_likelier_text(models):
    model, vocab, _ = models[("shakespeare", "lstm")]
    sampler = cs.FastSampler.from_model(model, vocab)
    for prompt in ("ROMEO:\n", "KING HENRY:\nMy lord", "First Citizen:\nWe are"):
        greedy = cs.generate(sampler, prompt, 120, "greedy")
        beam = cs.beam_search(sampler, prompt, 120, width=5, end="")
        assert beam.log_prob >= greedy.log_prob - 1e-6
    greedy = cs.generate(sampler, "ROMEO:\n", 500, "greedy").text
    sampled = cs.generate(sampler, "ROMEO:\n", 500, "sample", temperature=1.0, seed=0).text
    assert cs.repetition(greedy) > 0.3 > cs.repetition(sampled)


def test_python_model_has_cells_that_track_strings_and_comments(models, corpora):
    model, vocab, _ = models[("python", "lstm")]
    sampler = cs.FastSampler.from_model(model, vocab)
    text = corpora["python"].test[:6000]
    acts = interpret.activations(sampler, text, "cell")
    feats = interpret.text_features(text)
    ranking = interpret.rank_cells(acts, feats, top=1).set_index("feature")["correlation"].abs()
    # measured on the shipped weights: strings 0.54, comments 0.41, indentation 0.67, column 0.67,
    # bracket depth 0.78 (first 6,000 characters of the held-out files)
    assert ranking["in_string"] > 0.45 and ranking["in_comment"] > 0.35, ranking
    assert min(ranking["indent"], ranking["column"], ranking["bracket_depth"]) > 0.55, ranking


def test_shared_models_are_not_changed_by_sampling(models):
    model, vocab, _ = models[("shakespeare", "lstm")]
    before = {k: v.clone() for k, v in model.state_dict().items()}
    sampler = cs.FastSampler.from_model(model, vocab)
    cs.generate(sampler, "ROMEO:\n", 50, "sample", clamp=cs.Clamp(1, 3, 2.0))
    cs.sample_text(sampler, "ROMEO:\n", 50)
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())

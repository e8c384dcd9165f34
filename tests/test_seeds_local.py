"""Seeds are local (issue 28, item 6): a seeded computation gives the same numbers when other
visitors' threads reseed and draw from torch's and numpy's process-wide generators meanwhile.

Every seeded computation of the playground runs here at small settings, first alone, then in
several threads at once beside a thread that keeps reseeding the global generators; the results
must be identical. (Before: ``torch.manual_seed(seed)`` and then layers drawn from the process-wide
generator, and dropout masks drawn from it during training: most of these differed.)
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import torch
from torch import nn

from playground.cell_lab import model as cell_lab
from playground.core.datasets.reviews import Example
from playground.core.training import TrainConfig, train
from playground.gradients import experiments, memory_span
from playground.models.charlm import recipes as charlm_recipes
from playground.models.charlm.model import CharLMSettings
from playground.sentiment import recipes as sentiment_recipes
from playground.two_ones import model as two_ones

CPU = torch.device("cpu")
TEXT = ("ROMEO:\nBut, soft! what light through yonder window breaks?\nIt is the east, and Juliet is the sun.\n\n"
        "JULIET:\nO Romeo, Romeo! wherefore art thou Romeo?\n\n") * 12


def _plain(value):
    """Tensors, arrays and containers as plain Python numbers (compared exactly, NaN equal to NaN)."""
    if isinstance(value, torch.Tensor):
        return ("tensor", tuple(value.shape), repr(value.detach().double().flatten().tolist()))
    if isinstance(value, np.ndarray):
        return ("array", value.shape, repr(value.astype(np.float64).flatten().tolist()))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return repr(value)
    return value


# --- the seeded computations, at small settings -------------------------------------------------------
def _cell(seed):
    w = cell_lab.seeded_cell(("lstm", "gru", "rnn")[seed % 3], seed=seed)
    return [w.w_ih, w.w_hh, w.b_ih, w.b_hh]


def _tbptt(seed):
    out = experiments.truncated_bptt(length=30, window=10, hidden=8, seed=seed)
    return {"reach": out["reach"], "carried": out["carried"]}


def _clipping(seed):
    out = experiments.clipping_run(1.0, steps=6, length=10, seed=seed)
    return {"loss": out["loss"], "grad_norm": out["grad_norm"]}


def _span(seed):
    settings = memory_span.SpanSettings(hidden=8, steps=8, batch=16, test_size=32, seed=seed)
    out = memory_span.train_one("gru", 5, settings, device=CPU)
    return {"accuracy": out["accuracy"], "final_loss": out["final_loss"]}


def _two_ones(seed):
    out = two_ones.train(two_ones.TrainSettings(steps=8, batch=16, length=8, seed=seed), device=CPU)
    return {"loss": [h["loss"] for h in out.history], "weights": dict(out.model.state_dict())}


class _DropoutNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(4, 8)
        self.drop = nn.Dropout(0.5)
        self.rnn = nn.GRU(8, 8, batch_first=True)
        self.head = nn.Linear(8, 4)

    def forward(self, x, state=None):
        out, state = self.rnn(self.drop(self.embed(x)), state)
        return self.head(self.drop(out)), state


_START = {name: torch.randn(p.shape, generator=torch.Generator().manual_seed(k)) * 0.3
          for k, (name, p) in enumerate(_DropoutNet().named_parameters())}


def _cycle_batches(step):
    start = torch.randint(0, 4, (4, 1), generator=torch.Generator().manual_seed(step))
    seq = (start + torch.arange(13)) % 4
    return seq[:, :-1], seq[:, 1:]


def _training_loop(seed):
    """The shared loop with dropout: its masks must not come from the process-wide generator."""
    model = _DropoutNet()
    model.load_state_dict(_START)
    result = train(model, _cycle_batches, lambda y, t: nn.functional.cross_entropy(y.reshape(-1, 4), t.reshape(-1)),
                   TrainConfig(steps=8, lr=0.02, seed=seed), device=CPU)
    return {"loss": [p.loss for p in result.history], "weights": dict(model.state_dict())}


def _charlm(seed):
    settings = CharLMSettings(kind="lstm", hidden=16, layers=1, embed=8, dropout=0.0, batch=4, bptt=8, steps=6,
                              eval_every=3, snapshots=(), seed=seed)
    trained = charlm_recipes.train_charlm(TEXT[:-300], TEXT[-300:], settings, device=CPU, validation_chars=300)
    return {"curve": trained.curve, "weights": dict(trained.model.state_dict())}


_REVIEWS = [Example(text, label, split) for k, (text, label) in enumerate(
    [("a fine warm film, good and kind", 1), ("a dull cold film, bad and slow", 0),
     ("good acting and a kind story", 1), ("bad acting and a slow story", 0),
     ("warm, fine and good", 1), ("cold, dull and bad", 0)] * 4)
    for split in [("train", "train", "validation", "test")[k % 4]]]


def _sentiment(seed):
    settings = sentiment_recipes.SentimentSettings(embed=8, hidden=8, batch=4, epochs=2, seed=seed)  # dropout 0.3
    classifier, metrics = sentiment_recipes.train_classifier("en", "lstm", _REVIEWS, settings, device=CPU)
    return {"validation": metrics["validation_accuracy"], "weights": dict(classifier.model.state_dict())}


COMPUTATIONS = {"seeded_cell": _cell, "truncated_bptt": _tbptt, "clipping_run": _clipping,
                "memory_span.train_one": _span, "two_ones.train": _two_ones, "training.train (dropout)": _training_loop,
                "train_charlm": _charlm, "sentiment.train_classifier (dropout)": _sentiment}
SEEDS = {"seeded_cell": range(12)}  # cheap: many seeds, many chances for another thread to cut in


def _noise(stop: threading.Event) -> None:
    """Another visitor: reseed and draw from every process-wide generator, in a loop."""
    rng = random.Random(12345)
    while not stop.is_set():
        torch.manual_seed(rng.randrange(2**31))
        torch.rand(16)
        np.random.seed(rng.randrange(2**31))
        np.random.rand(4)
        random.seed(rng.randrange(2**31))


def test_seeded_results_do_not_depend_on_other_threads():
    jobs = [(name, seed) for name in COMPUTATIONS for seed in SEEDS.get(name, (1, 2))]
    alone = {(name, seed): _plain(COMPUTATIONS[name](seed)) for name, seed in jobs}
    for name in COMPUTATIONS:  # not vacuous: the seed matters
        first, second = list(SEEDS.get(name, (1, 2)))[:2]
        assert alone[(name, first)] != alone[(name, second)], name

    stop = threading.Event()
    noise = [threading.Thread(target=_noise, args=(stop,), daemon=True) for _ in range(2)]
    for thread in noise:
        thread.start()
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            futures = {job: pool.submit(COMPUTATIONS[job[0]], job[1]) for job in jobs * 2}
            together = {job: _plain(future.result()) for job, future in futures.items()}
    finally:
        stop.set()
        for thread in noise:
            thread.join()
    wrong = sorted({name for (name, seed), result in together.items() if result != alone[(name, seed)]})
    assert not wrong, f"other threads changed the results of {wrong}"


# --- the initialisation and the dropout are torch's own ---------------------------------------------------
def _models():
    from playground.beyond.bicloze import BiCloze
    from playground.models.charlm.model import CharLM
    from playground.models.sentiment import SentimentNet

    return {"charlm": lambda: CharLM("lstm", 30, 8, 16, 2, 0.1), "charlm_gru": lambda: CharLM("gru", 30, 8, 16, 1),
            "bicloze": lambda: BiCloze(40, 8, 12, 1, 10), "span": lambda: memory_span.SpanModel("rnn", 8),
            "two_ones": lambda: two_ones.TwoOnesRNN(4, "relu"),
            "sentiment": lambda: SentimentNet("gru", [20, 30], 8, 8, 0.3),
            "cells": lambda: nn.Sequential(nn.LSTMCell(3, 5), nn.GRUCell(2, 3), nn.RNNCell(4, 2), nn.LayerNorm(6),
                                           nn.LSTM(3, 4, 2, bidirectional=True, proj_size=2))}


@pytest.mark.parametrize("name", ["charlm", "charlm_gru", "bicloze", "span", "two_ones", "sentiment", "cells"])
def test_reset_parameters_draws_what_torch_draws(name):
    """The same weights as torch.manual_seed(s) before building the model: every shipped recipe
    and lecture number stays as it was."""
    from playground.core.seeding import reset_parameters_

    build = _models()[name]
    torch.manual_seed(7)
    reference = build().state_dict()
    torch.manual_seed(99)
    ours = reset_parameters_(build(), torch.Generator().manual_seed(7)).state_dict()
    assert list(ours) == list(reference)
    assert all(torch.equal(ours[k], reference[k]) for k in reference)
    if name == "sentiment":  # the padding rows stay zero
        assert all(ours[f"embeds.{k}.weight"][0].abs().sum() == 0 for k in range(2))


def test_unknown_parameters_are_refused():
    from playground.core.seeding import reset_parameters_

    class Own(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.zeros(3))
            self.head = nn.Linear(3, 1)

    with pytest.raises(TypeError, match="Own"):
        reset_parameters_(Own(), torch.Generator())
    with pytest.raises(TypeError, match="Conv1d"):
        reset_parameters_(nn.Sequential(nn.Conv1d(1, 1, 3)), torch.Generator())


def test_seeded_dropout_is_torchs_dropout_with_its_own_generator():
    from playground.core.seeding import local_dropout, seeded_dropout

    x = torch.randn(40, 30)
    torch.manual_seed(5)
    expected = nn.functional.dropout(x, 0.3)
    assert torch.equal(seeded_dropout(x, 0.3, torch.Generator().manual_seed(5)), expected)
    assert torch.equal(seeded_dropout(x, 0.3, torch.Generator(), training=False), x)
    model = _DropoutNet()
    with local_dropout(model, torch.Generator()):
        assert type(model.drop).__name__ == "SeededDropout"
    assert type(model.drop) is nn.Dropout

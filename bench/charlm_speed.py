"""Char-LM sampling speed: batch-1 generation from the shipped Shakespeare LSTM, three ways, one run.

naive   - ``torch.nn.LSTM`` (with its embedding and output layer) called one character at a time,
          the next character drawn with ``torch.multinomial``;
fast    - ``playground.models.charlm.engine.sample_text``: the stages' sampler (float32 numpy, fused layout);
matvec  - only the step's matrix-vector products (first-layer state, deeper layers on the
          concatenated [input, state], output layer): the ceiling for this model on this machine.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
import torch

from playground.models.charlm import engine
from playground.models.charlm import model as charlm


def _naive(model: charlm.CharLM, vocab, prompt: str, length: int, seed: int) -> float:
    generator = torch.Generator().manual_seed(seed)
    started = time.perf_counter()
    with torch.no_grad():
        logits, state = model(vocab.encode(prompt)[None], None)
        logits = logits[0, -1]
        for _ in range(length):
            idx = torch.multinomial(torch.softmax(logits, -1), 1, generator=generator)
            logits, state = model(idx.view(1, 1), state)
            logits = logits[0, -1]
    return length / (time.perf_counter() - started)


def _fast(sampler, prompt: str, length: int, seed: int, calls: int = 3) -> float:
    started = time.perf_counter()
    for k in range(calls):  # the page's longest sample is 2000 characters: time several
        engine.sample_text(sampler, prompt, length, 1.0, seed + k)
    return calls * length / (time.perf_counter() - started)


def _matvec(sampler, length: int) -> float:
    _, w_hh0, deeper, head_w = sampler.lean_lstm()  # the matrices sample_text multiplies by, in its layout
    h = np.random.default_rng(0).standard_normal(sampler.hidden).astype(np.float32)
    cat = np.concatenate([h, h, np.ones(1, dtype=np.float32)])  # a deeper layer reads [input, state, 1]
    started = time.perf_counter()
    for _ in range(length):
        h @ w_hh0
        for w in deeper:
            cat @ w
        h @ head_w
    return length / (time.perf_counter() - started)


def sampling_speed(rounds: int = 5, length: int = 2000, corpus: str = "shakespeare", kind: str = "lstm") -> dict:
    model, vocab, card = charlm.load_model(corpus, kind, device="cpu")
    sampler = engine.FastSampler.from_model(model, vocab)
    prompt = charlm.PROMPTS[corpus]
    rates: dict[str, list[float]] = {"naive": [], "fast": [], "matvec": []}
    _fast(sampler, prompt, 100, 0)  # warm-up
    for r in range(rounds):  # interleaved, so that machine noise hits all three alike
        rates["naive"].append(_naive(model, vocab, prompt, length // 4, r))
        rates["fast"].append(_fast(sampler, prompt, length, r))
        rates["matvec"].append(_matvec(sampler, 3 * length))
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {"model": card.name, "layers": card.architecture["layers"], "hidden": card.architecture["hidden"],
            "chars_per_s": rates, "median": med, "fast_over_naive": med["fast"] / med["naive"],
            "fast_over_matvec": med["fast"] / med["matvec"], "goal_over_naive": 5.0, "goal_over_matvec": 0.6,
            "torch_threads": torch.get_num_threads()}

"""The shipped character LMs: the registry's interface and the object a notebook works with.

    >>> from playground import charlm
    >>> lm = charlm.load(corpus="shakespeare", cell="lstm")
    >>> lm.sample("ROMEO:", 80, strategy="greedy")      # text after the prompt
    >>> lm.evaluate("To be, or not to be")               # nats per character
    >>> lm.activations("def f(x):").shape                # (characters, layers, units)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from playground.core.checkpoints import ModelCard, load_card
from playground.core.errors import InputError
from playground.core.identity import of_card
from playground.models.charlm import decoding
from playground.models.charlm.engine import FastSampler, sample_text
from playground.models.charlm.interpret import activations as _activations
from playground.models.charlm.model import (
    SHIPPED_CHOICES,
    CharLM,
    CharVocab,
    held_out_loss,
    load_model,
    load_snapshots,
    model_name,
    snapshots_name,
)

SHIPPED: dict[str, str] = {model_name(corpus, cell): f"character LM, {corpus}, {cell}" for corpus, cell in SHIPPED_CHOICES}
_CHOICE_OF = {model_name(corpus, cell): (corpus, cell) for corpus, cell in SHIPPED_CHOICES}


class LanguageModel:
    """A frozen character LM with its vocabulary: sample, score and look inside. Safe to share
    between sessions (nothing here changes the weights)."""

    def __init__(self, model: CharLM, vocab: CharVocab, card: ModelCard | None = None) -> None:
        self.model, self.vocab, self.card = model, vocab, card
        self.identity = of_card(card)  # the shared caches' name for it (playground.core.identity)
        self.sampler = FastSampler.from_model(model, vocab, self.identity)  # the fast numpy copy every decoder steps

    @property
    def name(self) -> str | None:
        return self.card.name if self.card is not None else None

    def generate(self, prompt: str, length: int, strategy: str = "sample", temperature: float = 1.0,
                 top_k: int | None = None, top_p: float | None = None, beam: int = 1, length_penalty: float = 0.0,
                 seed: int = 0) -> decoding.Generation:
        """The whole record: text, log-probability, the top 10 at every step. ``strategy`` is one of
        greedy, sample, top_k, top_p, beam; ``top_k`` / ``top_p`` given with "sample" choose those
        strategies, and ``beam`` > 1 (with the default strategy, "greedy" or "beam") means beam
        search of that width."""
        if strategy == "sample" and top_k is not None:
            strategy = "top_k"
        elif strategy == "sample" and top_p is not None:
            strategy = "top_p"
        if beam > 1 and strategy not in ("beam", "greedy", "sample"):  # a width with top-k / top-p: ambiguous
            raise InputError("bad_choice", name=f"{strategy} with beam={beam}")
        if beam > 1:
            strategy = "beam"
        return decoding.generate(self.sampler, prompt, length, strategy, temperature=temperature,
                                 top_k=decoding.DEFAULTS["top_k"] if top_k is None else top_k,
                                 top_p=decoding.DEFAULTS["top_p"] if top_p is None else top_p,
                                 width=beam, length_penalty=length_penalty, seed=seed)

    def sample(self, prompt: str, length: int, strategy: str = "sample", temperature: float = 1.0,
               top_k: int | None = None, top_p: float | None = None, beam: int = 1, seed: int = 0) -> str:
        """The ``length`` characters the model writes after ``prompt`` (the prompt not included)."""
        return self.generate(prompt, length, strategy, temperature, top_k, top_p, beam, seed=seed).text

    def evaluate(self, text: str) -> float:
        """Mean loss in nats per character of predicting each character of ``text`` from the ones
        before it (read as one stream from a fresh state; bits = nats / ln 2)."""
        if not text or len(text) < 2:
            raise InputError("text_too_short", minimum=2)
        if len(text) > 1_000_000:
            raise InputError("text_too_long", length=len(text), limit=1_000_000)
        return held_out_loss(self.model, self.vocab.encode(text), streams=1)

    def activations(self, text: str, which: str = "cell") -> np.ndarray:
        """(characters, layers, units): every unit after reading each character. ``which`` = "cell"
        (LSTM: tanh of the cell state; other cells: h) or "hidden" (h). Layer 0 here is layer 1 on
        the pages (the one next to the input)."""
        return np.transpose(_activations(self.sampler, text, which), (1, 0, 2))


def name_of(corpus: str, cell: str) -> str:
    if (corpus, cell) not in SHIPPED_CHOICES:
        known = ", ".join(f"{c}/{k}" for c, k in SHIPPED_CHOICES)
        raise InputError("bad_choice", name=f"{corpus}/{cell} (shipped: {known})")
    return model_name(corpus, cell)


def load(name: str | None = None, *, corpus: str | None = None, cell: str | None = None, directory=None,
         device="cpu") -> LanguageModel:
    """A shipped model by name (``charlm_shakespeare_lstm``) or by ``corpus`` and ``cell``; raises
    CheckpointError when its file is missing or broken. Loaded on the CPU by default: sampling
    steps one character at a time, which a CPU does faster than a GPU."""
    if name is None:
        name = name_of(corpus, cell)
    if name not in _CHOICE_OF:
        raise InputError("bad_choice", name=name)
    model, vocab, card = load_model(*_CHOICE_OF[name], directory=directory, device=device)
    return LanguageModel(model, vocab, card)


def build(name: str, out_dir, device) -> ModelCard:
    from playground.models.charlm.recipes import build_model  # training code loads only for the CLI

    return build_model(*_CHOICE_OF[name], out_dir, device)


@dataclass(frozen=True)
class Stage:
    """The model after ``step`` training steps: its validation loss and a sampler (numpy copy only)."""

    step: int
    validation_loss: float
    sampler: FastSampler

    def sample(self, prompt: str, length: int, temperature: float = 0.8, seed: int = 0) -> str:
        """Plain temperature sampling on the fast path (``engine.sample_text``: no per-step records)."""
        return sample_text(self.sampler, prompt, length, temperature=temperature, seed=seed)


def training_stages(corpus: str = "shakespeare", cell: str = "lstm", directory=None) -> list[Stage]:
    """The shipped model at each recorded step of its training (snapshots, then the final weights)."""
    snapshots = load_snapshots(corpus, cell, directory, device="cpu")
    snap_card = load_card(snapshots_name(corpus, cell), directory)
    final = load(corpus=corpus, cell=cell, directory=directory)
    losses = {int(s["step"]): s["validation_loss_nats"] for s in snap_card.extra["stages"]}
    stages = [Stage(step, losses[step], FastSampler.from_model(model, final.vocab)) for step, model in snapshots.items()]
    stages.append(Stage(final.card.metrics["steps"], final.card.metrics["validation_loss_nats"], final.sampler))
    return stages

"""The one training loop every model in the playground uses.

A model is any ``nn.Module`` called as ``model(inputs, state) -> (output, state)``; ``state`` is
``None`` at the start of a sequence. ``batches(step)`` returns ``(inputs, targets)`` with time on
dimension 1. With ``bptt`` set, each batch is cut into chunks of that many time steps: each chunk
is one optimiser step, and the state crosses chunk borders *without* gradient (truncated BPTT,
lecture 7, section 5.1). Adam (or plain SGD, to show what clipping is for), gradient clipping by
norm, fixed seeds, ``device()``.

The loop checks ``stop`` before every step, reports every step to ``on_progress`` and ends early
(status ``"diverged"``) when the loss stops being finite, so a caller never trains on NaN.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import Tensor, nn

from playground.core import optimisers, seeding
from playground.core.device import device as default_device


@dataclass
class TrainConfig:
    steps: int = 1000
    lr: float = 2e-3
    clip_norm: float | None = 1.0
    bptt: int | None = None  # chunk length in time steps; None = full backpropagation
    seed: int = 0
    weight_decay: float = 0.0
    optimizer: str = "adam"  # "adam" | "sgd"
    eval_every: int | None = None  # with ``evaluate``: score every n steps, keep the best weights
    lr_schedule: str = "constant"  # "constant" | "cosine" (from lr down to lr / 10 over the steps)


@dataclass
class Progress:
    step: int  # optimiser steps done so far (1-based)
    total: int
    loss: float
    grad_norm: float  # before clipping
    tokens_per_s: float
    elapsed_s: float


@dataclass
class TrainResult:
    status: str  # "done" | "stopped" | "diverged"
    steps: int
    seconds: float
    history: list[Progress] = field(default_factory=list)
    best_score: float | None = None  # early stopping: the best validation score, and its step
    best_step: int | None = None

    @property
    def final_loss(self) -> float:
        return self.history[-1].loss if self.history else math.nan


def seed_everything(seed: int) -> None:
    """Seed the process-wide generators of random, numpy and torch: for a command-line run in a
    process of its own only (the server's seeded computations use ``playground.core.seeding``)."""
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def scheduled_lr(config: TrainConfig, step: int) -> float:
    """The learning rate at 0-based ``step``: constant, or a cosine from lr down to lr / 10."""
    if config.lr_schedule != "cosine" or config.steps <= 1:
        return config.lr
    progress = min(step / (config.steps - 1), 1.0)
    return config.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


def detach_state(state):
    """Cut the graph behind a recurrent state (tensor, tuple of tensors, or None)."""
    if state is None:
        return None
    if isinstance(state, Tensor):
        return state.detach()
    return type(state)(detach_state(s) for s in state)


def _time_chunks(inputs: Tensor, targets: Tensor, bptt: int | None):
    if bptt is None or inputs.dim() < 2:
        yield inputs, targets
        return
    for start in range(0, inputs.shape[1], bptt):
        yield inputs[:, start : start + bptt], targets[:, start : start + bptt]


@dataclass
class Validation:
    """A validation figure a recipe measured during training (reported beside the ``Progress`` events)."""

    step: int
    total: int
    scores: dict[str, float]  # e.g. {"validation_loss": 1.43}


Event = Progress | Validation  # what a training callback receives


def make_optimiser(params: list[nn.Parameter], config: TrainConfig) -> optimisers.SGD:
    if config.optimizer == "sgd":
        return optimisers.SGD(params, lr=config.lr, weight_decay=config.weight_decay)
    return optimisers.Adam(params, lr=config.lr, weight_decay=config.weight_decay)


def _grad_norm(params: list[nn.Parameter], clip_norm: float | None) -> float:
    """The gradient's norm before clipping (and clip it, when ``clip_norm`` is set)."""
    if clip_norm is not None:
        return float(nn.utils.clip_grad_norm_(params, clip_norm))
    norms = [p.grad.norm() for p in params if p.grad is not None]
    return float(torch.linalg.vector_norm(torch.stack(norms))) if norms else 0.0


class _BestWeights:
    """Early stopping: score the model every ``eval_every`` steps, remember the best weights."""

    def __init__(self, evaluate: Callable[[], float] | None, config: TrainConfig) -> None:
        self.evaluate, self.config = evaluate, config
        self.score: float | None = None
        self.step: int | None = None
        self.state: dict[str, Tensor] | None = None

    def check(self, model: nn.Module, step: int) -> None:
        every = self.config.eval_every
        if self.evaluate is None or not every or (step % every and step != self.config.steps):
            return
        model.eval()
        with torch.no_grad():
            score = float(self.evaluate())
        model.train()
        if self.score is None or score > self.score:
            self.score, self.step = score, step
            self.state = {k: v.detach().clone() for k, v in model.state_dict().items()}

    def restore(self, model: nn.Module) -> None:
        if self.state is not None:
            model.load_state_dict(self.state)


def train(
    model: nn.Module,
    batches: Callable[[int], tuple[Tensor, Tensor]],
    loss_fn: Callable[[Tensor, Tensor], Tensor],
    config: TrainConfig,
    on_progress: Callable[[Progress], None] | None = None,
    stop: threading.Event | None = None,
    device: torch.device | None = None,
    evaluate: Callable[[], float] | None = None,
) -> TrainResult:
    """Train ``model`` in place for ``config.steps`` optimiser steps (fewer if stopped or diverged).

    With ``evaluate`` (a validation score, higher is better, computed with the model in eval
    mode) and ``config.eval_every``, the weights of the best-scoring step are restored at the
    end: early stopping without losing the steps after it."""
    dev = device or default_device()
    model.to(dev).train()
    # the loop's own randomness (dropout masks) comes from a generator of its own: the server's
    # other threads may reseed or draw from torch's process-wide one at any time
    generator = seeding.generator(config.seed, dev)
    if seeding.rnn_dropout(model):
        # nn.RNN/LSTM/GRU draw the masks between their layers from the process-wide generator (no
        # generator argument), so such a training cannot be seeded locally. Only the rebuilds of
        # the shipped char-LMs use it (python -m playground.train, or the offer to rebuild a
        # missing file): seeded here as before, a rebuild in a process of its own gives the same
        # model; beside other visitors' threads its masks may differ. Live trainings have no such
        # dropout (the char-LM page trains with dropout 0) and stay exactly reproducible.
        torch.manual_seed(config.seed)
    with seeding.local_dropout(model, generator):
        return _train(model, batches, loss_fn, config, on_progress, stop, dev, evaluate)


def _train(model: nn.Module, batches, loss_fn, config: TrainConfig, on_progress, stop, dev: torch.device,
           evaluate) -> TrainResult:
    params = [p for p in model.parameters() if p.requires_grad]
    optimiser = make_optimiser(params, config)
    best = _BestWeights(evaluate, config)
    history: list[Progress] = []
    report = on_progress or (lambda progress: None)
    started = time.perf_counter()
    step, batch_index, status = 0, 0, "done"
    while step < config.steps and status == "done":
        inputs, targets = batches(batch_index)
        batch_index += 1
        state = None
        for chunk_in, chunk_target in _time_chunks(inputs.to(dev), targets.to(dev), config.bptt):
            if stop is not None and stop.is_set():
                status = "stopped"
                break
            if step >= config.steps:
                break
            tick = time.perf_counter()
            for group in optimiser.param_groups:
                group["lr"] = scheduled_lr(config, step)
            optimiser.zero_grad(set_to_none=True)
            output, state = model(chunk_in, detach_state(state))
            loss = loss_fn(output, chunk_target)
            loss_value = float(loss.detach())
            if not math.isfinite(loss_value):  # never step on NaN: report it and end
                status = "diverged"
                history.append(Progress(step + 1, config.steps, loss_value, math.nan, 0.0, time.perf_counter() - started))
                report(history[-1])
                break
            loss.backward()
            grad_norm = _grad_norm(params, config.clip_norm)
            optimiser.step()
            step += 1
            seconds = max(time.perf_counter() - tick, 1e-9)
            history.append(Progress(step, config.steps, loss_value, grad_norm, chunk_target.numel() / seconds,
                                    time.perf_counter() - started))
            report(history[-1])
            best.check(model, step)
    best.restore(model)
    model.eval()
    return TrainResult(status=status, steps=step, seconds=time.perf_counter() - started, history=history,
                       best_score=best.score, best_step=best.step)


def progress_printer(name: str, unit: str, every: int = 200) -> Callable[[Event], None]:
    """A training callback for the train CLI: loss and speed every ``every`` steps, and every
    validation figure the recipe reports."""

    def report(event: Event) -> None:
        if isinstance(event, Validation):
            figures = ", ".join(f"{key.replace('_', ' ')} {value:.4f}" for key, value in event.scores.items())
            print(f"{name}: step {event.step} {figures}", flush=True)
        elif event.step % every == 0:
            print(f"{name}: step {event.step}/{event.total} loss {event.loss:.3f} {event.tokens_per_s:,.0f} {unit}/s",
                  flush=True)

    return report

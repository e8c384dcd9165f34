"""How far back can each cell remember? The textbook's table 4-2 as an experiment.

Task: a sequence starts with one of ``SIGNALS`` symbols, followed by L random distractor symbols;
at the end the model must name the first symbol. Chance is 1 / SIGNALS. A vanilla RNN, an LSTM
and a GRU of the same width are trained on the shared loop for each L and scored on fresh held-out
sequences at exactly L, in two regimes:

- ``mixed``: each training batch at a distance drawn from 1..L (short ones teach what to keep, long
  ones whether it can be kept): the easiest way to learn it;
- ``fixed``: every training sequence at exactly L: the gradient has to cross all L steps before
  the model learns anything, which is where the textbook's "a few to a dozen steps" comes from.

Distances grow until a cell clearly fails (held-out accuracy below ``FAILED``), after which longer
ones are not run; where a cell never fails, ``SWEEP_LENGTHS[-1]`` is the ceiling of the test, not
a measured limit. ``python -m playground.train memory_span`` runs both sweeps and ships them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn

from playground.core.checkpoints import ModelCard, load_checkpoint, save_checkpoint
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.core.training import TrainConfig, train

SIGNALS = 4
DISTRACTORS = 4
SWEEP_LENGTHS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
MAX_DISTANCE = SWEEP_LENGTHS[-1]
FAILED = 0.5  # below this held-out accuracy (chance is 0.25) a cell has clearly lost the signal
CELLS = ("rnn", "lstm", "gru")
REGIMES = ("mixed", "fixed")
SWEEP = "memory_span"  # the shipped file
SHIPPED: dict[str, str] = {SWEEP: "accuracy vs distance, RNN / LSTM / GRU (the textbook's memory span)"}


@dataclass(frozen=True)
class SpanSettings:
    hidden: int = 32
    steps: int = 1000
    batch: int = 64
    lr: float = 1e-2
    test_size: int = 1000
    seed: int = 0


class SpanModel(nn.Module):
    def __init__(self, cell: str, hidden: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(SIGNALS + DISTRACTORS, 16)
        self.rnn = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[cell](16, hidden, batch_first=True)
        self.head = nn.Linear(hidden, SIGNALS)

    def forward(self, x: torch.Tensor, state=None):
        out, state = self.rnn(self.embed(x), state)
        return self.head(out[:, -1]), state


def make_batch(size: int, distance: int, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """(sequences, labels): a signal symbol, then ``distance`` distractors; the label is the signal."""
    labels = torch.randint(0, SIGNALS, (size,), generator=generator)
    noise = torch.randint(SIGNALS, SIGNALS + DISTRACTORS, (size, distance), generator=generator)
    return torch.cat([labels[:, None], noise], dim=1), labels


SECONDS_AT_50 = {"rnn": 2.7, "lstm": 2.4, "gru": 4.6}  # one run at distance 50, one core (2-core machine)


def estimate_s(cell: str, distance: int) -> float:
    """About how long ``train_one`` runs (its jobs in line go shortest first; LSTM at 20: 2.1 s measured)."""
    return 1.0 + SECONDS_AT_50.get(cell, 5.0) * max(1, int(distance)) / 50


def train_one(cell: str, distance: int, settings: SpanSettings = SpanSettings(),
              report: Callable[..., None] | None = None, stop: threading.Event | None = None,
              device: torch.device | None = None, regime: str = "mixed") -> dict:
    """Train one cell at one distance L in one regime; returns held-out accuracy, final loss and seconds."""
    if cell not in CELLS or regime not in REGIMES:
        raise InputError("bad_choice", name=f"{cell}/{regime}")
    if not 1 <= distance <= MAX_DISTANCE:
        raise InputError("bad_size", hidden=settings.hidden, length=distance)
    # weights from a generator of its own, never the process-wide one other visitors' threads share
    model = reset_parameters_(SpanModel(cell, settings.hidden), torch.Generator().manual_seed(settings.seed))

    def batches(k: int):
        generator = torch.Generator().manual_seed(settings.seed * 7919 + k)
        length = distance if regime == "fixed" else int(torch.randint(1, distance + 1, (1,), generator=generator))
        return make_batch(settings.batch, length, generator)

    def on_progress(p):
        if report is not None:
            report(step=p.step, total=p.total, loss=p.loss)

    started = time.perf_counter()
    result = train(model, batches, nn.functional.cross_entropy,
                   TrainConfig(steps=settings.steps, lr=settings.lr, clip_norm=1.0, seed=settings.seed),
                   on_progress=on_progress, stop=stop, device=device)
    dev = next(model.parameters()).device
    x, y = make_batch(settings.test_size, distance, torch.Generator().manual_seed(10**6 + settings.seed))
    with torch.no_grad():
        accuracy = float((model(x.to(dev))[0].argmax(dim=1) == y.to(dev)).float().mean())
    return {"cell": cell, "distance": distance, "regime": regime, "accuracy": accuracy,
            "final_loss": result.final_loss, "status": result.status, "seconds": time.perf_counter() - started}


def sweep(lengths=SWEEP_LENGTHS, settings: SpanSettings = SpanSettings(), device: torch.device | None = None,
          log: Callable[[str], None] | None = None, regimes=REGIMES) -> list[dict]:
    """Every cell at growing distances, in each regime, until it scores below FAILED."""
    rows = []
    for regime in regimes:
        for cell in CELLS:
            for distance in lengths:
                row = train_one(cell, distance, settings, device=device, regime=regime)
                rows.append(row)
                if log:
                    log(f"  {regime:5s} {cell:4s} L={distance:4d} accuracy={row['accuracy']:.3f} ({row['seconds']:.1f} s)")
                if row["accuracy"] < FAILED:
                    break
    return rows


def load(name: str = SWEEP, directory=None, device=None) -> list[dict]:
    """The shipped sweeps as rows (regime, cell, distance, accuracy), only the points that were run;
    raises CheckpointError."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    tensors, card = load_checkpoint(name, directory, device="cpu")
    lengths = tensors["lengths"].tolist()
    accuracy = tensors["accuracy"].tolist()  # regime x cell x length, NaN where not run
    return [{"regime": regime, "cell": cell, "distance": lengths[j], "accuracy": accuracy[r][i][j]}
            for r, regime in enumerate(card.architecture["regimes"])
            for i, cell in enumerate(card.architecture["cells"]) for j in range(len(lengths))
            if accuracy[r][i][j] == accuracy[r][i][j]]


def build(name: str, out_dir, device) -> ModelCard:
    """Run the whole sweep on ``device`` and ship its accuracies (results, not weights)."""
    settings = SpanSettings()
    started = time.perf_counter()
    rows = sweep(settings=settings, device=device, log=print)
    accuracy = torch.full((len(REGIMES), len(CELLS), len(SWEEP_LENGTHS)), float("nan"))
    for r in rows:
        accuracy[REGIMES.index(r["regime"]), CELLS.index(r["cell"]), SWEEP_LENGTHS.index(r["distance"])] = r["accuracy"]
    card = ModelCard(
        name=SWEEP,
        architecture={"cells": list(CELLS), "regimes": list(REGIMES), "hidden": settings.hidden, "embedding": 16,
                      "task": f"first of {SIGNALS} signal symbols, then L of {DISTRACTORS} distractor symbols"},
        vocabulary=list(range(SIGNALS + DISTRACTORS)),
        data={"source": "random sequences generated from the seed (no corpus)", "package": None, "version": None},
        split={"train": f"{settings.steps} batches of {settings.batch} fresh sequences per (regime, cell, L); "
                        "mixed: each batch at a distance drawn from 1..L; fixed: every batch at L",
               "test": f"{settings.test_size} held-out sequences per (cell, L), generated from another seed"},
        hyperparameters={"lr": settings.lr, "steps": settings.steps, "batch": settings.batch, "optimizer": "Adam",
                         "clip_norm": 1.0, "lengths": list(SWEEP_LENGTHS), "stop_below": FAILED},
        metrics={f"test_accuracy_{r['regime']}_{r['cell']}_L{r['distance']}": r["accuracy"] for r in rows},
        device=str(device), training_seconds=round(time.perf_counter() - started, 1), seed=settings.seed,
        extra={"chance": 1 / SIGNALS, "note": "this file ships results, not weights: one accuracy per "
               "(regime, cell, L); NaN where a cell had already failed at a shorter L"},
    )
    save_checkpoint({"accuracy": accuracy, "lengths": torch.tensor(SWEEP_LENGTHS)}, card, out_dir)
    return card


def span_of(rows: list[dict], cell: str, regime: str = "mixed", threshold: float = 0.95) -> int:
    """The largest distance L at which ``cell`` scored at least ``threshold`` (0 if none)."""
    good = [r["distance"] for r in rows if r["cell"] == cell and r["regime"] == regime and r["accuracy"] >= threshold]
    return max(good, default=0)


def failed_at(rows: list[dict], cell: str, regime: str = "mixed") -> int | None:
    """The first distance at which ``cell`` scored below FAILED, or None if it never did (the sweep's
    longest distance is then only the ceiling of the test)."""
    bad = [r["distance"] for r in rows if r["cell"] == cell and r["regime"] == regime and r["accuracy"] < FAILED]
    return min(bad, default=None)

"""The shipped models: which subject ships which file, and how to rebuild or load each.

Every subject that ships weights or measurements follows one interface (module or package):

- ``SHIPPED: dict[str, str]``: the names it ships (``pretrained/<name>.safetensors`` + card), each
  with a one-line description;
- ``load(name, directory=None, device=None)``: the shipped thing ready for inference (a frozen
  model, or the recorded measurement), raising ``CheckpointError`` when the file is broken;
- ``build(name, out_dir, device) -> ModelCard``: train it from scratch with fixed seeds, evaluate it
  on held-out data and write it (what ``python -m playground.train`` runs).

Which subjects there are, and in what order, each lesson's manifest says (``LESSON.shipped``; the
house, ``playground.lessons``, gathers them). This module only reads that interface; the subjects
never import it (imports point downward).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import torch

from playground import lessons
from playground.core.checkpoints import ModelCard


@dataclass(frozen=True)
class Shipped:
    """One shipped file and the subject that builds and loads it."""

    name: str
    group: str
    description: str
    subject: ModuleType

    def build(self, out_dir: Path, device: torch.device) -> ModelCard:
        return self.subject.build(self.name, out_dir, device)

    def load(self, directory: Path | None = None, device=None):
        return self.subject.load(self.name, directory=directory, device=device)


def shipped() -> dict[str, Shipped]:
    """Every shipped name, in the order the lessons list their subjects (later ones may read earlier ones)."""
    out: dict[str, Shipped] = {}
    for group, module_name in lessons.shipped_subjects().items():
        subject = importlib.import_module(module_name)
        for name, description in subject.SHIPPED.items():
            if name in out:
                raise ValueError(f"{name!r} is shipped by two subjects")
            out[name] = Shipped(name, group, description, subject)
    return out


def select(target: str) -> list[Shipped]:
    """Shipped models for a name, a group name, or ``all``; raises KeyError for anything else."""
    models = shipped()
    if target == "all":
        return list(models.values())
    if target in models:
        return [models[target]]
    chosen = [m for m in models.values() if m.group == target]
    if not chosen:
        known = sorted({*models, *(m.group for m in models.values())})
        raise KeyError(f"no model or group named {target!r}; known: {', '.join(known) or '(none yet)'}")
    return chosen


def owner_of(checkpoint: str) -> str | None:
    """The shipped name whose build writes file ``checkpoint`` (its own name, or the longest name it
    starts with: ``charlm_shakespeare_lstm_snapshots`` -> ``charlm_shakespeare_lstm``)."""
    models = shipped()
    if checkpoint in models:
        return checkpoint
    owners = [name for name in models if checkpoint.startswith(name + "_")]
    return max(owners, key=len) if owners else None

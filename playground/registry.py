"""Every shipped model registers a recipe here; ``python -m playground.train`` runs them.

A recipe is a function ``build(out_dir, device) -> ModelCard`` that trains one model from scratch
with fixed seeds, evaluates it on held-out data and writes it with ``checkpoints.save_checkpoint``.
Pages add their module to ``RECIPE_MODULES`` so the CLI finds them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from playground.checkpoints import ModelCard

# Modules whose import registers recipes (one per page subject that ships weights).
RECIPE_MODULES: list[str] = ["playground.two_ones", "playground.memory_span", "playground.sentiment",
                            "playground.charlm", "playground.cloze",
                            "playground.scaling", "playground.seq2seq"]


@dataclass(frozen=True)
class Recipe:
    name: str
    group: str
    description: str
    build: Callable[[Path, torch.device], ModelCard]


RECIPES: dict[str, Recipe] = {}


def register(name: str, group: str, description: str):
    """Decorator: make ``build`` available as ``python -m playground.train <name|group>``."""

    def wrap(build):
        if name in RECIPES:
            raise ValueError(f"recipe {name!r} registered twice")
        RECIPES[name] = Recipe(name, group, description, build)
        return build

    return wrap


def load_all() -> dict[str, Recipe]:
    for module in RECIPE_MODULES:
        importlib.import_module(module)
    return RECIPES


def select(target: str) -> list[Recipe]:
    """Recipes for a model name, a group name, or ``all``; raises KeyError for anything else."""
    recipes = load_all()
    if target == "all":
        return list(recipes.values())
    if target in recipes:
        return [recipes[target]]
    chosen = [r for r in recipes.values() if r.group == target]
    if not chosen:
        known = sorted({*recipes, *(r.group for r in recipes.values())})
        raise KeyError(f"no model or group named {target!r}; known: {', '.join(known) or '(none yet)'}")
    return chosen


def recipe_for(checkpoint: str) -> str | None:
    """The recipe that writes shipped file ``checkpoint`` (its own name, or the longest recipe name
    it starts with: ``charlm_shakespeare_lstm_snapshots`` -> ``charlm_shakespeare_lstm``)."""
    recipes = load_all()
    if checkpoint in recipes:
        return checkpoint
    owners = [name for name in recipes if checkpoint.startswith(name + "_")]
    return max(owners, key=len) if owners else None

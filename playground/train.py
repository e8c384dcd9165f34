"""Rebuild shipped models: ``python -m playground.train <name|group|all> [--out DIR] [--list]``.

Runs on ``playground.device()`` (a CUDA GPU when there is one) with fixed seeds, and writes
weights plus model cards to ``pretrained/`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playground import registry
from playground.checkpoints import PRETRAINED_DIR
from playground.device import device, device_label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playground.train", description=__doc__)
    parser.add_argument("target", nargs="?", default="all", help="model name, group name, or 'all'")
    parser.add_argument("--out", type=Path, default=PRETRAINED_DIR, help="output folder (default: pretrained/)")
    parser.add_argument("--list", action="store_true", help="list the registered models and exit")
    args = parser.parse_args(argv)

    if args.list:
        recipes = registry.load_all()
        for recipe in recipes.values():
            print(f"{recipe.name:28s} [{recipe.group}] {recipe.description}")
        if not recipes:
            print("no models registered yet")
        return 0
    try:
        recipes = registry.select(args.target)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if not recipes:
        print("no models registered yet; nothing to train")
        return 0
    print(f"training {len(recipes)} model(s) on {device_label()} -> {args.out}")
    for recipe in recipes:
        started = time.perf_counter()
        card = recipe.build(args.out, device())
        metrics = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in card.metrics.items())
        print(f"{recipe.name}: {metrics} ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

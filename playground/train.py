"""Rebuild shipped models: ``python -m playground.train <name|group|all> [--out DIR] [--list]``.

Runs on ``playground.core.device()`` (a CUDA GPU when there is one) with fixed seeds, and writes
weights plus model cards to ``pretrained/`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playground import registry
from playground.core.checkpoints import PRETRAINED_DIR
from playground.core.device import device, device_label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playground.train", description=__doc__)
    parser.add_argument("target", nargs="?", default="all", help="model name, group name, or 'all'")
    parser.add_argument("--out", type=Path, default=PRETRAINED_DIR, help="output folder (default: pretrained/)")
    parser.add_argument("--list", action="store_true", help="list the registered models and exit")
    args = parser.parse_args(argv)

    if args.list:
        models = registry.shipped()
        for model in models.values():
            print(f"{model.name:28s} [{model.group}] {model.description}")
        if not models:
            print("no shipped models yet")
        return 0
    try:
        models = registry.select(args.target)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    print(f"training {len(models)} model(s) on {device_label()} -> {args.out}")
    for model in models:
        started = time.perf_counter()
        card = model.build(args.out, device())
        metrics = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in card.metrics.items())
        print(f"{model.name}: {metrics} ({time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Per-page computation speed: recomputing the gradient page's curves."""

from __future__ import annotations

import statistics
import time

from playground.gradients import experiments as gradients


def gradient_curves(rounds: int = 5, hidden: int = 64, length: int = 200) -> dict:
    """Wall time to recompute the ||dh_T/dh_t|| curves of RNN + LSTM + GRU (one slider move)."""
    settings = gradients.LabSettings(hidden=hidden, length=length)
    for cell in gradients.CELLS:  # warm-up: first calls pay for lazy initialisation
        gradients.gradient_run(cell, settings)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        for cell in gradients.CELLS:
            gradients.gradient_run(cell, settings)
        times.append(time.perf_counter() - started)
    return {"seconds": times, "median_s": statistics.median(times), "hidden": hidden, "length": length, "goal_s": 0.1}

"""Training throughput of the page models, with their default settings, on ``playground.core.device()``."""

from __future__ import annotations

import statistics

from playground.two_ones import model as two_ones


def two_ones_wall_time(rounds: int = 3) -> dict:
    """Seconds to train the two-consecutive-1s RNN from scratch with the page's defaults."""
    outcomes = [two_ones.train(two_ones.TrainSettings()) for _ in range(rounds)]
    seconds = [o.seconds for o in outcomes]
    return {"seconds": seconds, "median_s": statistics.median(seconds),
            "steps": two_ones.TrainSettings().steps,
            "exhaustive_string_accuracy": [o.accuracy["string_accuracy"] for o in outcomes]}

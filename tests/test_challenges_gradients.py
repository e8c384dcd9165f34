"""The gradients page's challenge (issue 53): the band is checked on the lab's own measurement, every t
from 0 to T - 1, and settings the lab would refuse, too short a chain or an overflow get their verdicts."""

from __future__ import annotations

import math

import numpy as np
import pytest

from playground.gradients import challenges as ch
from playground.gradients import experiments as gradients
from playground.gradients import settings as state


def test_the_verdict_reports_the_labs_own_curve():
    verdict = ch.BAND.judge_values(ch.BAND.near_miss)
    norms = gradients.gradient_run("rnn", gradients.LabSettings(activation="identity", scale=0.95)).norms
    assert verdict.fields["low"] == f"{norms.min():.3g}" and verdict.fields["t_low"] == str(int(np.argmin(norms)))
    assert verdict.fields["high"] == f"{norms.max():.3g}"


@pytest.mark.parametrize("values,said", [
    (((state.ACTIVATION, "relu"), (state.SCALE, 1.3)), "challenge.grad.in_band"),  # ReLU makes up for its zeros
    (((state.ACTIVATION, "relu"), (state.SCALE, 1.25)), "challenge.grad.out_of_band"),
    (((state.ACTIVATION, "relu"), (state.SCALE, 1.35)), "challenge.grad.out_of_band"),
    (((state.INPUT_SCALE, 0.0),), "challenge.grad.in_band"),  # the state stays at 0, where tanh' = 1
    (((state.ACTIVATION, "identity"), (state.SCALE, 1.0), (state.LENGTH, 99)), "challenge.grad.too_short"),
    (((state.ACTIVATION, "identity"), (state.SCALE, 3.0)), "challenge.grad.overflowed"),
    (((state.SEED, math.nan),), "challenge.grad.unusable"),
    (((state.SCALE, math.inf),), "challenge.grad.unusable"),
    (((state.HIDDEN, 1000),), "challenge.grad.unusable"),
    (((state.ACTIVATION, "sigmoid"),), "challenge.grad.unusable"),
])
def test_the_band_says_what_it_found(values, said):
    verdict = ch.BAND.judge_values(values)
    assert verdict.said == said and verdict.solved == (said == "challenge.grad.in_band")


def test_the_largest_lab_holds_the_band_with_the_solution():
    """m = 64 and T = 500, the lab's largest (its cost is the lab's own: a fraction of a CPU-second)."""
    verdict = ch.BAND.judge_values((*ch.BAND.solution, (state.HIDDEN, 64), (state.LENGTH, 500), (state.DTYPE, "float64")))
    assert verdict.solved and verdict.fields["low"] == "8"  # sqrt(64): an orthogonal product at every step

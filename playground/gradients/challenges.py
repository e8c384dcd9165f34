"""The gradients page's challenge (issue 53): settings of the vanilla RNN lab under which the gradient
neither vanishes nor explodes over at least 100 steps, checked by the lab's own measurement
(``gradient_run``: the curve ||dh_T/dh_t|| the page draws, every t from 0 to T - 1)."""

from __future__ import annotations

import math

import numpy as np

from playground.core.challenges import Challenge, Getter, Verdict
from playground.core.errors import InputError
from playground.gradients import experiments as gradients
from playground.gradients import settings as state

LEAST_LENGTH = 100  # the lab's default T: from step 100 back to step 0
LOW, HIGH = 0.1, 10.0  # the band the whole curve must stay in


def lab_in_use(get: Getter) -> dict:
    """The vanilla RNN lab's settings as its controls hold them (``LabSettings``' fields)."""
    return {"hidden": get(state.HIDDEN), "length": get(state.LENGTH), "scale": get(state.SCALE),
            "input_scale": get(state.INPUT_SCALE), "seed": get(state.SEED), "activation": get(state.ACTIVATION),
            "init": get(state.INIT), "measure": get(state.MEASURE), "dtype": get(state.DTYPE)}


def _settings(values: dict) -> gradients.LabSettings | None:
    """The lab's settings, or None for values it would refuse."""
    try:
        seed = float(values["seed"])
        if not math.isfinite(seed):
            return None
        return gradients.LabSettings(**{**values, "seed": int(seed)})
    except (InputError, TypeError, ValueError):
        return None


def _number(value: float) -> str:
    return f"{value:.3g}" if np.isfinite(value) else str(value)


def check_band(values: dict, load) -> Verdict:  # noqa: ARG001 - no shipped model
    """Solved when T >= 100 and every ||dh_T/dh_t|| lies in [0.1, 10]; else the lowest and the highest
    with where they are (a NaN or inf counts as out of the band)."""
    settings = _settings(values)
    if settings is None:
        return Verdict(False, "challenge.grad.unusable")
    if settings.length < LEAST_LENGTH:
        return Verdict(False, "challenge.grad.too_short", {"length": str(settings.length), "least": str(LEAST_LENGTH)})
    norms = gradients.gradient_run("rnn", settings).norms
    fields = {"length": str(settings.length)}
    bad = np.flatnonzero(~np.isfinite(norms))
    if bad.size:
        return Verdict(False, "challenge.grad.overflowed", {**fields, "t": str(int(bad[-1])), "count": str(bad.size)})
    low, high = int(np.argmin(norms)), int(np.argmax(norms))
    fields |= {"low": _number(norms[low]), "t_low": str(low), "high": _number(norms[high]), "t_high": str(high)}
    solved = bool(LOW <= norms[low] <= norms[high] <= HIGH)
    return Verdict(solved, "challenge.grad.in_band" if solved else "challenge.grad.out_of_band", fields)


# The identity activation leaves only W_hh: an orthogonal W_hh of scale 1 turns the gradient without
# shrinking it, sqrt(32) = 5.66 at every step. At 0.95 (the near miss) it is 0.95^99 x 5.66 = 0.035 at t = 0.
# (The orthogonal start and T = 100 are the lab's defaults, set too so that the solution holds whatever else was moved.)
_ORTHOGONAL_100 = ((state.INIT, "orthogonal"), (state.LENGTH, LEAST_LENGTH), (state.ACTIVATION, "identity"))
BAND = Challenge(
    "ch_grad_band", lab_in_use, check_band,
    solution=(*_ORTHOGONAL_100, (state.SCALE, 1.0)),
    near_miss=(*_ORTHOGONAL_100, (state.SCALE, 0.95)),
    anchor_of_lab="grad-lab",
)

CHALLENGES = (BAND,)

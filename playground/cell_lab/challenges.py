"""The gate lab's challenges (issue 53), each checked by the page's own cell arithmetic:

- hold: the scalar LSTM's five sliders, the step applied 50 times with the same gates, the cell state
  within 1% of where it started at every step (``ScalarLSTM``, as the scalar section draws it);
- choose: one input x_t for the seeded vector LSTM that makes unit 1's forget gate close and unit 2's
  open in the same step (``one_step`` on ``seeded_cell``, as the vector section computes it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from playground.cell_lab import model as cell_lab
from playground.cell_lab import settings as state
from playground.core.challenges import Challenge, Getter, Verdict

HOLD_STEPS = 50
HOLD_TOLERANCE = 0.01  # of the starting value
HOLD_LEAST = 0.1  # the starting cell must hold something: 1% of 0 is no band at all
FORGET_AT_MOST = 0.05  # unit 1's forget gate: it drops 95% or more of its memory
KEEP_AT_LEAST = 0.95  # unit 2's: it keeps 95% or more


def _fixed(value: float) -> str:
    return f"{value + 0.0:.4f}"  # + 0.0: never "-0.0000"


# --- hold: 50 steps, within 1% ---------------------------------------------------------------------------
def scalar_in_use(get: Getter) -> dict[str, float]:
    """The five slider values of the scalar section, by ScalarLSTM field."""
    return {name: get(setting) for name, setting in state.SCALAR.items()}


def held_cells(values: dict[str, float], steps: int = HOLD_STEPS) -> list[float]:
    """c_1 .. c_steps: the scalar step applied again and again with the same gates and candidate, each
    step's c_t the next step's c_{t-1} (the page's ``ScalarLSTM``, one step per call)."""
    cells, c = [], values["c_prev"]
    for _ in range(steps):
        c = cell_lab.ScalarLSTM(**{**values, "c_prev": c}).c
        cells.append(c)
    return cells


def check_hold(values: dict[str, float], load) -> Verdict:  # noqa: ARG001 - no shipped model
    """Solved when every c_t of the 50 stays within 1% of c_0; else the first step that leaves the band."""
    try:
        values = {name: float(v) for name, v in values.items()}
    except (TypeError, ValueError):
        return Verdict(False, "challenge.lab.unusable")
    if not all(math.isfinite(v) for v in values.values()):
        return Verdict(False, "challenge.lab.unusable")
    c0 = values["c_prev"]
    if abs(c0) < HOLD_LEAST:
        return Verdict(False, "challenge.lab.hold_empty", {"c0": _fixed(c0)})
    cells = held_cells(values)
    band = HOLD_TOLERANCE * abs(c0) * (1 + 1e-9)  # exactly 1% is within (0.99 x 0.8 is 0.792 only nearly)
    out = next((t for t, c in enumerate(cells, 1) if not abs(c - c0) <= band), None)
    last = {"c0": _fixed(c0), "c50": _fixed(cells[-1])}
    if out is None:
        return Verdict(True, "challenge.lab.held", last)
    off = abs(cells[out - 1] - c0) / abs(c0)
    return Verdict(False, "challenge.lab.hold_left", {**last, "t": str(out), "ct": _fixed(cells[out - 1]),
                                                      "off": f"{off:.1%}"})


# The cell writes exactly what it forgets: (1 - f) c = i c~, 0.1 x 0.8 = 0.16 x 0.5, the other sliders at
# the lecture's values. The near miss forgets 1% a step and writes nothing: 0.99^50 = 0.605.
HOLD = Challenge(
    "ch_lab_hold", scalar_in_use, check_hold,
    solution=((state.C_PREV, 0.8), (state.F, 0.9), (state.I, 0.16), (state.C_TILDE, 0.5)),
    near_miss=((state.C_PREV, 0.8), (state.F, 0.99), (state.I, 0.0)),
    anchor_of_lab="lab-scalar",
)


# --- choose: one input, one unit forgets and the other keeps ---------------------------------------------
@dataclass(frozen=True)
class StepInputs:
    kind: str
    seed: object
    x: object
    h_prev: object
    c_prev: object


def step_in_use(get: Getter) -> StepInputs:
    """What the vector section runs: the cell, its seed and the three edited vectors."""
    return StepInputs(get(state.CELL), get(state.SEED), get(state.VEC_X), get(state.VEC_H), get(state.VEC_C))


def _finite_vector(values, size: int) -> np.ndarray | None:
    """``values`` as ``size`` finite floats, or None (an editor's unusable content)."""
    try:
        array = np.asarray(values, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        return None
    return array if array.shape == (size,) and np.isfinite(array).all() else None


def _seed(value) -> int | None:
    """The seed as the page's number box allows it, or None."""
    try:
        seed = float(value)
    except (TypeError, ValueError):
        return None
    return int(seed) if math.isfinite(seed) and state.SEED.low <= seed <= state.SEED.high else None


def check_choose(inputs: StepInputs, load) -> Verdict:  # noqa: ARG001 - no shipped model
    """Solved when the step's forget gate is at most 0.05 for unit 1 and at least 0.95 for unit 2."""
    if inputs.kind != "lstm":
        return Verdict(False, "challenge.lab.choose_gru")
    x, h_prev, c_prev = (_finite_vector(v, n) for v, n in ((inputs.x, 3), (inputs.h_prev, 2), (inputs.c_prev, 2)))
    seed = _seed(inputs.seed)
    if x is None or h_prev is None or c_prev is None or seed is None:
        return Verdict(False, "challenge.lab.unusable")
    out = cell_lab.one_step(cell_lab.seeded_cell("lstm", d=3, m=2, seed=seed), x, h_prev, c_prev)
    f1, f2 = (float(v) for v in out["f"])
    fields = {"f1": f"{f1:.3f}", "f2": f"{f2:.3f}", "seed": str(seed)}
    solved = f1 <= FORGET_AT_MOST and f2 >= KEEP_AT_LEAST
    return Verdict(solved, "challenge.lab.chose" if solved else "challenge.lab.choose_not", fields)


# Seed 0's W_f reads x_t through the columns (-0.014, 0.187), (0.561, -0.214), (-0.063, -0.139): x_1 up and
# x_2 down push unit 1 down and unit 2 up. Ten of each gives pre-activations -5.2 and +3.9; seven of each
# (the near miss) only -3.5 and +2.7, so unit 2 keeps 0.937.
_AT_SEED_0 = ((state.CELL, "lstm"), (state.SEED, 0), (state.VEC_H, state.VEC_H.default))
CHOOSE = Challenge(
    "ch_lab_choose", step_in_use, check_choose,
    solution=(*_AT_SEED_0, (state.VEC_X, (10.0, -10.0, 0.0))),
    near_miss=(*_AT_SEED_0, (state.VEC_X, (7.0, -7.0, 0.0))),
    anchor_of_lab="lab-step",
)

CHALLENGES = (HOLD, CHOOSE)

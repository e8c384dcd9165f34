"""The two-1s page's challenges (issue 53): weights, typed into the page's own editors, that make the
same three-unit RNN answer another question; checked on all 2,046 strings of length 1 to 10 by the
page's own exhaustive check, the first counterexample shown."""

from __future__ import annotations

import numpy as np

from playground.core.challenges import Challenge, Getter, Verdict
from playground.two_ones import model as two_ones
from playground.two_ones import settings as state

CHECK_LENGTH = 10  # every string up to this long: 2,046 of them


def weights_in_use(get: Getter) -> two_ones.Weights:
    """The weights the page runs: the edited ones while editing, else the chosen construction's."""
    edited = get(state.WEIGHTS) if get(state.EDIT) else None
    return edited if edited is not None else two_ones.CONSTRUCTIONS[get(state.CONSTRUCTION)]()


def _exhaustive(targets):
    def check(weights: two_ones.Weights, load) -> Verdict:  # noqa: ARG001 - no shipped model
        wrong = two_ones.verify(weights, CHECK_LENGTH, targets)
        count = f"{two_ones.count_strings(CHECK_LENGTH):,}"
        if wrong is None:
            return Verdict(True, "challenge.ones.all_right", {"n": count})
        return Verdict(False, "challenge.ones.wrong_on", {"n": count, "bits": " ".join(wrong)})
    return check


def _weights(w_xh, w_hh, w_hy, activation: str = "relu", output: str = "relu") -> two_ones.Weights:
    return two_ones.Weights(w_xh=np.array(w_xh, dtype=float), w_hh=np.array(w_hh, dtype=float),
                            w_hy=np.array(w_hy, dtype=float), h0=np.array([0.0, 0.0, 1.0]),
                            activation=activation, output=output)


# Three 1s: the first unit counts the 1s in a row (+1 for a 1; a 0 pulls it far below zero and ReLU
# clears it), and the read-out fires from a count of 3 on. The near miss fires from 2: two 1s again.
_COUNTER = dict(w_xh=[[20], [0], [0]], w_hh=[[1, 0, -19], [0, 0, 0], [0, 0, 1]])
THREE = Challenge(
    "ch_ones_three", weights_in_use, _exhaustive(two_ones.three_in_a_row),
    solution=((state.EDIT, True), (state.WEIGHTS, _weights(**_COUNTER, w_hy=[[1, 0, -2]]))),
    near_miss=((state.EDIT, True), (state.WEIGHTS, _weights(**_COUNTER, w_hy=[[1, 0, -1]]))),
    anchor_of_lab="ones-weights",
)

# Odd so far: parity p_t = |p_{t-1} - x_t| = ReLU(p - x) + ReLU(x - p), one half in each of the first two
# units (their sum is p). The near miss uses tanh, which keeps the negative half: the two cancel.
_PARITY = dict(w_xh=[[-1], [1], [0]], w_hh=[[1, 1, 0], [-1, -1, 0], [0, 0, 1]], w_hy=[[1, 1, 0]])
ODD = Challenge(
    "ch_ones_odd", weights_in_use, _exhaustive(two_ones.odd_so_far),
    solution=((state.EDIT, True), (state.WEIGHTS, _weights(**_PARITY))),
    near_miss=((state.EDIT, True), (state.WEIGHTS, _weights(**_PARITY, activation="tanh"))),
    anchor_of_lab="ones-weights",
)

CHALLENGES = (THREE, ODD)

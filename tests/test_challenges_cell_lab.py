"""The gate lab's challenges (issue 53): the 50 steps are the scalar section's own step applied again and
again, the chosen input is the vector section's own step, and unusable values get a verdict, not an error."""

from __future__ import annotations

import math

import pytest

from playground.cell_lab import challenges as ch
from playground.cell_lab import model as cell_lab
from playground.cell_lab import settings as state


def test_the_fifty_steps_are_the_scalar_sections_step_applied_again_and_again():
    values = {"c_prev": 0.8, "f": 0.99, "i": 0.0, "c_tilde": 0.5, "o": 0.5}
    cells = ch.held_cells(values)
    assert len(cells) == 50 and cells[0] == pytest.approx(cell_lab.ScalarLSTM(**values).c)
    assert cells[-1] == pytest.approx(0.8 * 0.99**50)


@pytest.mark.parametrize("values,said", [
    (((state.F, 1.0), (state.I, 0.0)), "challenge.lab.held"),  # the conveyor belt: keep all, write nothing
    (((state.F, 1.0), (state.I, 0.0), (state.C_PREV, -0.5)), "challenge.lab.held"),
    (((state.F, 0.99), (state.I, 0.0)), "challenge.lab.hold_left"),  # exactly 1% at step 1 is within; step 2 is not
    (((state.C_PREV, 0.05), (state.F, 1.0), (state.I, 0.0)), "challenge.lab.hold_empty"),
    (((state.C_PREV, math.nan),), "challenge.lab.unusable"),
    (((state.F, math.inf),), "challenge.lab.unusable"),
])
def test_hold_says_what_it_found(values, said):
    verdict = ch.HOLD.judge_values(values)
    assert verdict.said == said and verdict.solved == (said == "challenge.lab.held")
    if said == "challenge.lab.hold_left" and dict(values)[state.F] == 0.99:
        assert verdict.fields["t"] == "2"


def test_choose_reads_the_vector_sections_own_step():
    verdict = ch.CHOOSE.judge_values(ch.CHOOSE.solution)
    x = dict(ch.CHOOSE.solution)[state.VEC_X]
    out = cell_lab.one_step(cell_lab.seeded_cell("lstm", d=3, m=2, seed=0), x, state.VEC_H.default, state.VEC_C.default)
    assert verdict.fields["f1"] == f"{float(out['f'][0]):.3f}" and verdict.fields["f2"] == f"{float(out['f'][1]):.3f}"


@pytest.mark.parametrize("values,said", [
    (((state.CELL, "gru"),), "challenge.lab.choose_gru"),
    (((state.VEC_X, (math.nan, 0.0, 0.0)),), "challenge.lab.unusable"),
    (((state.VEC_X, (1.0, 2.0)),), "challenge.lab.unusable"),
    (((state.VEC_X, "1,2,3"),), "challenge.lab.unusable"),
    (((state.SEED, math.inf),), "challenge.lab.unusable"),
    (((state.SEED, 10_000),), "challenge.lab.unusable"),
    (((state.VEC_X, (1e6, -1e6, 0.0)),), "challenge.lab.chose"),  # the editors' largest values saturate, never fail
    (((state.SEED, 9999), (state.VEC_X, (10.0, -10.0, 0.0))), "challenge.lab.choose_not"),  # another seed, other weights
])
def test_choose_never_raises_and_says_why(values, said):
    assert ch.CHOOSE.judge_values(values).said == said

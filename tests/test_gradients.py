import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from playground.core.cells import gru_step, lstm_step, rnn_step
from playground.core.errors import InputError
from playground.gradients import experiments as G
from playground.gradients import memory_span as M


def test_lecture_numbers():
    assert G.power(0.5, 10) == 0.0009765625
    assert f"{G.power(0.5, 10):.5g}" == "0.00097656"
    assert f"{G.power(1.5, 10):.5g}" == "57.665"


def test_floating_point_gives_up_exactly_where_it_should():
    vanishing = G.float_limits(0.5, 2000)
    # 0.5^k is exact until it leaves the subnormal range: 2^-24 (float16), 2^-149, 2^-1074
    assert vanishing["float16"]["underflow_at"] == 25
    assert vanishing["float32"]["underflow_at"] == 150
    assert vanishing["float64"]["underflow_at"] == 1075
    exploding = G.float_limits(1.5, 2000)
    assert exploding["float16"]["overflow_at"] == math.ceil(math.log(65520) / math.log(1.5))
    assert exploding["float32"]["overflow_at"] == 219 and exploding["float64"]["overflow_at"] == 1751
    assert all(v["overflow_at"] is None for v in vanishing.values())
    values = G.repeated_product(0.5, 200, "float32")
    assert values[150] == 0.0 and values[149] > 0 and values[10] == 0.0009765625


def test_identity_activation_with_half_identity_gives_exactly_powers_of_a_half():
    norms = G.gradient_norms(hidden=2, length=30, scale=0.5, activation="identity", init="identity", dtype="float64")
    assert np.allclose(norms, [math.sqrt(2) * 0.5 ** (30 - t) for t in range(30)], rtol=1e-15, atol=0)  # of 0.5^k I_2
    wide = G.gradient_norms(hidden=4, length=12, scale=0.5, activation="identity", init="identity", dtype="float64")
    assert np.allclose(wide, [2 * 0.5 ** (12 - t) for t in range(12)], rtol=0, atol=0)  # Frobenius of 0.5^k I_4


@pytest.mark.parametrize("activation", ["tanh", "relu", "identity"])
@pytest.mark.parametrize("init", ["orthogonal", "gaussian"])
def test_autograd_agrees_with_the_explicit_jacobian_product(activation, init):
    settings = G.LabSettings(hidden=6, length=25, scale=1.1, activation=activation, init=init, dtype="float64", seed=3)
    autograd = G.gradient_run("rnn", settings).norms
    explicit = G.explicit_rnn_jacobian_norms(settings)
    assert np.allclose(autograd, explicit, rtol=1e-10, atol=1e-300)


def _autograd_norms(cell: str, settings) -> np.ndarray:
    """The reference: m copies run forward as one batch, one backward pass through the whole graph."""
    dtype, m = G.DTYPES[settings.dtype], settings.hidden
    w_ih, w_hh, bias = (t.to(dtype) for t in G._weights(cell, settings))
    h = torch.zeros(m, m, dtype=dtype, requires_grad=True)
    c = torch.zeros(m, m, dtype=dtype)
    states = []
    for x in G._inputs(settings).to(dtype):
        states.append(h)
        if cell == "rnn":
            h = rnn_step(x, h, w_ih, w_hh, bias, None, settings.activation)["h"]
        elif cell == "lstm":
            out = lstm_step(x, h, c, w_ih, w_hh, bias, None)
            h, c = out["h"], out["c"]
        else:
            h = gru_step(x, h, w_ih, w_hh, bias, None)["h"]
    grads = torch.autograd.grad(h.diagonal().sum(), states)
    return torch.linalg.matrix_norm(torch.stack(grads).double()).numpy()


@pytest.mark.parametrize("cell", G.CELLS)
@pytest.mark.parametrize("scale, forget_bias, dtype", [(0.9, 0.0, "float64"), (1.4, 2.0, "float64"), (1.1, -1.0, "float32")])
def test_the_written_out_backward_pass_agrees_with_autograd(cell, scale, forget_bias, dtype):
    """The lab's chain rule per cell gives autograd's numbers, without autograd's T-step graph."""
    settings = G.LabSettings(hidden=8, length=40, scale=scale, forget_bias=forget_bias, input_scale=1.5,
                             dtype=dtype, seed=5)
    tolerance = 1e-9 if dtype == "float64" else 1e-4
    assert np.allclose(G.gradient_run(cell, settings).norms, _autograd_norms(cell, settings), rtol=tolerance, atol=0)


_PEAK_SCRIPT = """
import resource, sys
from playground.gradients import experiments as G
G.gradient_run("lstm", G.LabSettings(hidden=4, length=10))  # imports and first-call buffers
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
settings = G.LabSettings(hidden=G.HIDDEN_RANGE[1], length=G.LENGTH_RANGE[1], dtype="float64")
for cell in G.CELLS:
    G.gradient_run(cell, settings)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024)
"""


def test_the_lab_keeps_no_graph_of_the_whole_run():
    """At the page's largest settings the three cells raise the peak by tens of MB, not 1.5 GB."""
    done = subprocess.run([sys.executable, "-c", _PEAK_SCRIPT], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert int(done.stdout.split()[-1]) < 60 * 2**20, done.stdout


def test_recurrent_matrix_scale():
    gen = torch.Generator().manual_seed(0)
    w = G.recurrent_matrix(16, 1.7, "gaussian", "singular", gen)
    assert abs(float(torch.linalg.matrix_norm(w, ord=2)) - 1.7) < 1e-9
    w = G.recurrent_matrix(16, 0.8, "gaussian", "spectral", gen)
    assert abs(float(torch.linalg.eigvals(w).abs().max()) - 0.8) < 1e-9
    w = G.recurrent_matrix(16, 1.0, "orthogonal", "singular", gen)
    assert torch.allclose(torch.linalg.svdvals(w), torch.ones(16, dtype=torch.float64))


def test_vanishing_and_exploding_regimes_and_the_highway():
    small = G.gradient_run("rnn", G.LabSettings(scale=0.5, length=60, dtype="float64"))
    assert small.norms[0] < 1e-12 * small.norms[-1]  # vanishes
    big = G.gradient_run("rnn", G.LabSettings(scale=3.0, activation="identity", length=60, dtype="float64"))
    assert big.norms[0] > 1e20 * big.norms[-1]  # explodes
    assert small.final_state_norm > 0.1  # while the forward state is anything but zero
    assert np.all(small.step_factors <= 0.5 + 1e-6)  # tanh' <= 1 only shrinks the factor
    # LSTM: with forget gates near 1 the cell path hardly decays; with negative bias it does
    open_gate = G.gradient_run("lstm", G.LabSettings(forget_bias=6.0, length=100))
    closed = G.gradient_run("lstm", G.LabSettings(forget_bias=-3.0, length=100))
    assert open_gate.cell_path[0] > 0.5 * open_gate.cell_path[-1]
    assert closed.cell_path[0] < 1e-30 * closed.cell_path[-1]


def test_extreme_settings_give_marked_values_not_exceptions():
    run = G.gradient_run("rnn", G.LabSettings(scale=3.0, activation="identity", length=200))
    assert not run.finite
    # the factor of each step stays a number (identity with W = 3 I: about 3); the gradient norms grow by it
    # step by step back in time and, past the float range, are marked non-finite (what the page says), no exception
    assert np.allclose(run.step_factors, 3.0, rtol=1e-3)
    assert np.isfinite(run.norms[-5:]).all() and np.allclose(run.norms[-5:-1] / run.norms[-4:], 3.0, rtol=1e-3)
    assert not np.isfinite(run.norms[0])
    for bad in ({"hidden": 0}, {"length": 10**6}, {"scale": float("inf")}, {"activation": "gelu"}, {"dtype": "int8"}):
        with pytest.raises(InputError):
            G.LabSettings(**bad)
    with pytest.raises(InputError):
        G.gradient_run("transformer", G.LabSettings())


def test_clipping_keeps_an_exploding_run_alive():
    free, clipped = G.clipping_run(None), G.clipping_run(1.0)
    assert free["status"] == "diverged" and free["nan_at"] is not None and free["nan_at"] < 10
    assert clipped["status"] == "done" and clipped["loss"][-1] < clipped["loss"][0]
    assert max(free["grad_norm"][: free["nan_at"] - 1]) > 100


def test_truncated_bptt_cuts_the_gradient_and_the_memory():
    full, cut = G.truncated_bptt(window=None), G.truncated_bptt(window=20)
    assert (full["reach"] > 0).all()
    assert (cut["reach"][-20:] > 0).all() and (cut["reach"][:-20] == 0).all()
    assert len(cut["carried"]) == 9 and all(v > 0 for v in cut["carried"])
    assert cut["saved_bytes"] * 5 < full["saved_bytes"]
    with pytest.raises(InputError):
        G.truncated_bptt(window=0)


def test_memory_span_sweep_is_reproducible_and_finds_each_cells_limit():
    rows = M.load(M.SWEEP)
    assert {(r["regime"], r["cell"]) for r in rows} == {(g, c) for g in M.REGIMES for c in M.CELLS}
    for regime in M.REGIMES:
        for cell in M.CELLS:
            run = sorted((r["distance"], r["accuracy"]) for r in rows if r["regime"] == regime and r["cell"] == cell)
            failed = M.failed_at(rows, cell, regime)
            # the sweep goes on until the cell fails, and stops there; a cell that never fails has
            # reached the longest distance (the ceiling of the test)
            assert failed == run[-1][0] if failed else run[-1][0] == M.MAX_DISTANCE, (regime, cell, run)
            assert all(acc >= M.FAILED for _, acc in run[:-1])
    # mixed distances: the gap points the textbook's way, each cell failing at a longer distance
    assert M.span_of(rows, "rnn") < M.span_of(rows, "lstm") <= M.span_of(rows, "gru")
    assert M.failed_at(rows, "rnn") < M.failed_at(rows, "lstm") <= (M.failed_at(rows, "gru") or M.MAX_DISTANCE + 1)
    # a fixed distance: every cell fails between 20 and 50 steps, the LSTM first (what the page says)
    assert all(20 <= M.failed_at(rows, cell, "fixed") <= 50 for cell in M.CELLS)
    assert M.failed_at(rows, "lstm", "fixed") <= min(M.failed_at(rows, c, "fixed") for c in M.CELLS)
    shipped = {(r["regime"], r["cell"], r["distance"]): r["accuracy"] for r in rows}
    rnn, lstm = M.train_one("rnn", 100), M.train_one("lstm", 100)  # re-run two points of the sweep
    assert abs(rnn["accuracy"] - shipped[("mixed", "rnn", 100)]) <= 0.02
    assert abs(lstm["accuracy"] - shipped[("mixed", "lstm", 100)]) <= 0.02
    assert rnn["accuracy"] < 0.7 and lstm["accuracy"] > 0.95
    fixed = M.train_one("lstm", 20, regime="fixed")
    assert abs(fixed["accuracy"] - shipped[("fixed", "lstm", 20)]) <= 0.02 and fixed["accuracy"] < M.FAILED


def test_the_lab_takes_exactly_the_pages_ranges():
    """Issue 28: LabSettings once took m = 512 and T = 5,000 (gigabytes); now what the sliders offer, no more."""
    from playground.gradients import settings as page

    assert (page.HIDDEN.low, page.HIDDEN.high) == G.HIDDEN_RANGE and (page.LENGTH.low, page.LENGTH.high) == G.LENGTH_RANGE
    G.LabSettings(hidden=G.HIDDEN_RANGE[0], length=G.LENGTH_RANGE[0])
    G.LabSettings(hidden=G.HIDDEN_RANGE[1], length=G.LENGTH_RANGE[1])
    for bad in ({"hidden": G.HIDDEN_RANGE[1] + 1}, {"hidden": G.HIDDEN_RANGE[0] - 1},
                {"length": G.LENGTH_RANGE[1] + 1}, {"length": G.LENGTH_RANGE[0] - 1}):
        with pytest.raises(InputError):
            G.LabSettings(**bad)


@pytest.mark.parametrize(("init", "activation", "measure", "dtype"), [
    ("orthogonal", "tanh", "singular", "float64"), ("identity", "relu", "singular", "float64"),
    ("gaussian", "tanh", "spectral", "float64"), ("gaussian", "relu", "spectral", "float64"),
    ("orthogonal", "tanh", "singular", "float32"), ("gaussian", "tanh", "singular", "float32")])
def test_the_step_factors_are_each_steps_jacobian_spectral_norm(init, activation, measure, dtype):
    """||diag(f'(z_t)) W_hh||_2 by SVD, step by step; the orthogonal and identity starts take a shortcut
    (s max|f'|, in float32 too, where W W^T is s^2 I only to float32's rounding) and the Gaussian one an
    eigensolver that once gave up on this very ReLU run in float32."""
    settings = G.LabSettings(hidden=64, length=300, scale=0.5, activation=activation, init=init, measure=measure,
                             seed=2, dtype=dtype)
    w_ih, w_hh, bias = (t.to(G.DTYPES[dtype]) for t in G._weights("rnn", settings))
    h, zs = torch.zeros(settings.hidden, dtype=G.DTYPES[dtype]), []
    for x in G._inputs(settings).to(G.DTYPES[dtype]):
        out = rnn_step(x, h, w_ih, w_hh, bias, None, activation)
        h = out["h"]
        zs.append(out["z"])
    jacobians = G._derivative(torch.stack(zs).double(), activation)[:, :, None] * w_hh.double()
    expected = torch.linalg.matrix_norm(jacobians, ord=2).numpy()
    rtol = 1e-9 if dtype == "float64" else 1e-5  # float32: the trajectory's own rounding
    assert np.allclose(G.gradient_run("rnn", settings).step_factors, expected, rtol=rtol, atol=0)

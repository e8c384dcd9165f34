import math

import pytest
import torch
from torch import nn

from playground.core.cells import CellWeights, gru_step, lstm_step, rnn_step, run_sequence, trace_table

T, D, M = 7, 5, 4


def _inputs(seed=0):
    torch.manual_seed(seed)
    return torch.randn(T, D, dtype=torch.float64)


def _module(cls, **kw):
    torch.manual_seed(1)
    return cls(D, M, batch_first=True, **kw).double()


@pytest.mark.parametrize("nonlinearity", ["tanh", "relu"])
def test_rnn_matches_torch(nonlinearity):
    module, xs = _module(nn.RNN, nonlinearity=nonlinearity), _inputs()
    h0 = torch.randn(M, dtype=torch.float64)
    expected, _ = module(xs[None], h0[None, None])
    trace = run_sequence(CellWeights.from_torch(module), xs, h0=h0)
    ours = torch.stack([s["h"] for s in trace])
    assert torch.allclose(ours, expected[0], atol=1e-6)
    assert trace[0]["z"].shape == (M,)


def test_lstm_matches_torch_and_gate_algebra():
    module, xs = _module(nn.LSTM), _inputs()
    h0, c0 = torch.randn(M, dtype=torch.float64), torch.randn(M, dtype=torch.float64)
    expected, (h_n, c_n) = module(xs[None], (h0[None, None], c0[None, None]))
    trace = run_sequence(CellWeights.from_torch(module), xs, h0=h0, c0=c0)
    assert torch.allclose(torch.stack([s["h"] for s in trace]), expected[0], atol=1e-6)
    assert torch.allclose(trace[-1]["c"], c_n[0, 0], atol=1e-6)
    first = trace[0]
    assert torch.allclose(first["c"], first["f"] * c0 + first["i"] * first["c_tilde"])
    assert torch.allclose(first["h"], first["o"] * torch.tanh(first["c"]))
    for gate in ("f", "i", "o"):
        assert bool(((first[gate] > 0) & (first[gate] < 1)).all())


def test_gru_matches_torch_in_textbook_convention():
    module, xs = _module(nn.GRU), _inputs()
    h0 = torch.randn(M, dtype=torch.float64)
    expected, _ = module(xs[None], h0[None, None])
    trace = run_sequence(CellWeights.from_torch(module), xs, h0=h0)
    assert torch.allclose(torch.stack([s["h"] for s in trace]), expected[0], atol=1e-6)
    s = trace[0]
    # the textbook's update: h_t = (1 - z) h_{t-1} + z h~_t
    assert torch.allclose(s["h"], (1 - s["z"]) * h0 + s["z"] * s["h_tilde"])
    assert torch.allclose(s["z"], torch.sigmoid(s["pre_z"]))


def test_gru_reset_before_is_the_textbook_candidate():
    torch.manual_seed(3)
    x, h = torch.randn(D, dtype=torch.float64), torch.randn(M, dtype=torch.float64)
    w_ih, w_hh = torch.randn(3 * M, D, dtype=torch.float64), torch.randn(3 * M, M, dtype=torch.float64)
    b_ih, b_hh = torch.randn(3 * M, dtype=torch.float64), torch.randn(3 * M, dtype=torch.float64)
    out = gru_step(x, h, w_ih, w_hh, b_ih, b_hh, reset_after=False)
    r = out["r"]
    expected = torch.tanh(w_ih[2 * M:] @ x + b_ih[2 * M:] + w_hh[2 * M:] @ (r * h) + b_hh[2 * M:])
    assert torch.allclose(out["h_tilde"], expected)
    assert not torch.allclose(out["h_tilde"], gru_step(x, h, w_ih, w_hh, b_ih, b_hh)["h_tilde"])


def test_batched_step_equals_single_steps():
    torch.manual_seed(4)
    xb, hb, cb = torch.randn(3, D), torch.randn(3, M), torch.randn(3, M)
    w_ih, w_hh = torch.randn(4 * M, D), torch.randn(4 * M, M)
    batched = lstm_step(xb, hb, cb, w_ih, w_hh)
    for k in range(3):
        single = lstm_step(xb[k], hb[k], cb[k], w_ih, w_hh)
        assert torch.allclose(batched["h"][k], single["h"])


def test_lecture_rolling_summary_numbers():
    # seed 000, concept 1: h0 = 0, W_xh = 1, W_hh = 0.5, b = 0, x = (1, 0)
    w = CellWeights("rnn", w_ih=torch.tensor([[1.0]], dtype=torch.float64), w_hh=torch.tensor([[0.5]], dtype=torch.float64))
    trace = run_sequence(w, torch.tensor([[1.0], [0.0]], dtype=torch.float64))
    assert f"{float(trace[0]['h']):.5g}" == "0.76159"
    assert f"{float(trace[1]['h']):.5g}" == "0.3634"  # 0.36340 to five significant figures
    assert math.isclose(float(trace[1]["h"]), 0.36340, abs_tol=5e-6)


def test_lecture_sentiment_walkthrough_states():
    # seed 000, worked example: h_t = tanh(x_t + 0.5 h_{t-1}), x = (0, -1, 0.5, 1).
    # The seed prints h = (0, -0.76159, 0.11865, 0.78548), p = 0.82792, L = 0.18880 nat; exact
    # arithmetic gives h3 = 0.11864, h4 = 0.78540, p = 0.82790, L = 0.18886 nat = 0.27247 bit
    # (the seed's h3 and h4 are off in the fifth figure, and its L does not follow from its p).
    # The cells must compute the exact values; the sentiment page explains the difference.
    w = CellWeights("rnn", w_ih=torch.tensor([[1.0]], dtype=torch.float64), w_hh=torch.tensor([[0.5]], dtype=torch.float64))
    xs = torch.tensor([[0.0], [-1.0], [0.5], [1.0]], dtype=torch.float64)
    hs = [float(s["h"]) for s in run_sequence(w, xs)]
    assert [f"{h:.5g}" for h in hs] == ["0", "-0.76159", "0.11864", "0.7854"]
    p = float(torch.sigmoid(torch.tensor(2 * hs[-1], dtype=torch.float64)))
    assert f"{p:.5g}" == "0.8279"
    assert f"{-math.log(p):.5g}" == "0.18886"
    assert f"{-math.log2(p):.5g}" == "0.27247"


def test_lstm_scalar_example_from_the_lecture():
    # c_{t-1} = 0.8, f = 0.9, i = 0.2, c~ = 0.5: choose pre-activations that give exactly these gates
    logit = lambda p: math.log(p / (1 - p))  # noqa: E731
    bias = torch.tensor([logit(0.2), logit(0.9), math.atanh(0.5), 0.0], dtype=torch.float64)
    zeros = torch.zeros(4, 1, dtype=torch.float64)
    out = lstm_step(torch.zeros(1, dtype=torch.float64), torch.zeros(1, dtype=torch.float64),
                    torch.tensor([0.8], dtype=torch.float64), zeros, zeros, bias, None)
    assert math.isclose(float(out["kept"]), 0.72, abs_tol=1e-12)
    assert math.isclose(float(out["written"]), 0.10, abs_tol=1e-12)
    assert math.isclose(float(out["c"]), 0.82, abs_tol=1e-12)


def test_rnn_step_nonlinearities_and_errors():
    x, h = torch.tensor([-2.0]), torch.tensor([0.0])
    w = torch.tensor([[1.0]])
    assert float(rnn_step(x, h, w, w, nonlinearity="relu")["h"]) == 0.0
    assert float(rnn_step(x, h, w, w, nonlinearity="identity")["h"]) == -2.0
    with pytest.raises(ValueError):
        rnn_step(x, h, w, w, nonlinearity="sigmoidish")


def test_trace_table_is_tidy():
    module, xs = _module(nn.LSTM), _inputs()
    table = trace_table(run_sequence(CellWeights.from_torch(module), xs))
    assert list(table.columns) == ["t", "quantity", "unit", "value"]
    assert set(table["t"]) == set(range(1, T + 1))
    assert {"f", "i", "o", "c_tilde", "c", "h"} <= set(table["quantity"])
    assert len(table[(table.t == 1) & (table.quantity == "h")]) == M

import math
import re
import xml.etree.ElementTree as ET

import pytest
import torch
from torch import nn

from playground.cell_lab import model as L
from playground.core.cells import gru_step, param_count
from playground.core.errors import InputError
from playground.drawing import diagrams


def test_lecture_scalar_lstm():
    s = L.LECTURE_SCALAR
    assert (s.c_prev, s.f, s.i, s.c_tilde) == (0.8, 0.9, 0.2, 0.5)
    assert f"{s.kept:.5g}" == "0.72" and f"{s.written:.5g}" == "0.1" and f"{s.c:.5g}" == "0.82"
    assert math.isclose(s.h, 0.5 * math.tanh(0.82))
    assert L.ScalarLSTM(0.8, 0.73, 0.2, 0.5, 1.0).c == pytest.approx(0.73 * 0.8 + 0.1)


@pytest.mark.parametrize("cell, module", [("rnn", nn.RNN), ("gru", nn.GRU), ("lstm", nn.LSTM)])
@pytest.mark.parametrize("d, m, layers, bidirectional", [(1, 1, 1, False), (100, 128, 1, False), (7, 5, 3, False),
                                                          (3, 3, 1, True), (10, 20, 2, True)])
def test_param_count_equals_torch(cell, module, d, m, layers, bidirectional):
    net = module(d, m, num_layers=layers, bidirectional=bidirectional)
    assert param_count(cell, d, m, layers, bidirectional) == sum(p.numel() for p in net.parameters())


def test_param_ratios_approach_3_and_4():
    rnn = param_count("rnn", 256, 256)
    assert param_count("lstm", 256, 256) == 4 * rnn and param_count("gru", 256, 256) == 3 * rnn
    with pytest.raises(ValueError):
        param_count("transformer", 1, 1)


def test_gradient_along_the_cell_is_the_product_of_forget_gates():
    belt = L.conveyor("服务慢，但味道很好")
    assert belt.cell_path_gradient.shape == (9, 4)
    assert torch.allclose(belt.cell_path_gradient, belt.forget_product, atol=1e-12)
    assert torch.all(belt.forget_product[-1] == 1.0)
    # a larger forget bias keeps more: the product over the whole sentence grows
    kept = L.conveyor("服务慢，但味道很好", forget_bias=5.0)
    assert bool((kept.forget_product[0] > belt.forget_product[0]).all())
    assert float(kept.forget_product[0].min()) > 0.9


def test_conveyor_bad_text():
    with pytest.raises(InputError):
        L.conveyor("   ")
    assert len(L.conveyor("a").trace) == 1


def test_forget_bias_shifts_the_forget_gate_only():
    plain, shifted = L.seeded_cell("lstm", seed=3), L.seeded_cell("lstm", seed=3, forget_bias=2.0)
    x, h, c = torch.ones(3, dtype=torch.float64), torch.zeros(2, dtype=torch.float64), torch.zeros(2, dtype=torch.float64)
    a, b = L.one_step(plain, x, h, c), L.one_step(shifted, x, h, c)
    assert torch.allclose(b["pre_f"] - a["pre_f"], torch.full((2,), 2.0, dtype=torch.float64))
    assert torch.equal(a["pre_i"], b["pre_i"]) and torch.equal(a["pre_o"], b["pre_o"])


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_gate_matrices_reproduce_the_step(kind):
    weights = L.seeded_cell(kind, seed=1)
    x, h = torch.tensor([1.0, -0.5, 0.3], dtype=torch.float64), torch.tensor([0.1, -0.2], dtype=torch.float64)
    out = L.one_step(weights, x, h, [0.5, -0.4])
    blocks = L.gate_matrices(weights)
    hx = torch.cat([h, x])
    if kind == "lstm":
        for gate in ("f", "i", "c_tilde", "o"):
            w, b = blocks[gate]
            assert torch.allclose(w @ hx + b, out[f"pre_{gate}"])
    else:
        for gate in ("r", "z"):
            w, b = blocks[gate]
            assert torch.allclose(w @ hx + b, out[f"pre_{gate}"])
        w, b = blocks["h_tilde"]
        assert torch.allclose(w @ torch.cat([out["r"] * h, x]) + b, out["pre_h_tilde"])
        assert torch.allclose(out["h"], (1 - out["z"]) * h + out["z"] * out["h_tilde"])
        # the textbook GRU is not torch's (reset after W_hn h): both are available in cells
        torch_style = gru_step(x, h, weights.w_ih, weights.w_hh, weights.b_ih, weights.b_hh)
        assert not torch.allclose(torch_style["h_tilde"], out["h_tilde"])


def test_equations_carry_the_numbers():
    weights = L.seeded_cell("lstm")
    out = L.one_step(weights, [1.0, -0.5, 0.3], [0.1, -0.2], [0.5, -0.4])
    equations = L.lstm_equations(out, [0.5, -0.4])
    assert len(equations) == 6 and equations[4].startswith(r"C_t=f_t\odot C_{t-1}")
    assert f"{float(out['c'][0]):.3g}" in equations[4]
    gru = L.one_step(L.seeded_cell("gru"), [1.0, -0.5, 0.3], [0.1, -0.2])
    assert len(L.gru_equations(gru, [0.1, -0.2])) == 4
    values = L.scalar_cell_values(out, [0.5, -0.4], 1)
    assert values["c"] == pytest.approx(values["kept"] + values["written"])


def test_bidirectional_shape_is_measured():
    assert L.bidirectional_shape(hidden=3) == {"forward": (5, 3), "backward": (5, 3), "output": (5, 6),
                                               "final_states": (2, 1, 3)}


def test_dependency_cone():
    assert len(L.dependency_cone(3, 6, 3, 6)) == 18  # the top-right state needs the whole grid
    assert L.dependency_cone(3, 6, 1, 1) == {(1, 1)}
    assert (1, 3) in L.dependency_cone(2, 4, 2, 3) and (2, 4) not in L.dependency_cone(2, 4, 2, 3)
    with pytest.raises(ValueError):
        L.dependency_cone(2, 2, 3, 1)


def test_cell_and_grid_svgs():
    s = L.LECTURE_SCALAR
    values = {"c_prev": s.c_prev, "f": s.f, "i": s.i, "c_tilde": s.c_tilde, "o": s.o, "kept": s.kept,
              "written": s.written, "c": s.c, "h": s.h}
    text = diagrams.lstm_cell_svg(values, "cell")
    ET.fromstring(text)
    assert "cₜ = 0.82" in text and "f·c = 0.72" in text and "i·c̃ = 0.1" in text
    grid = diagrams.layer_grid_svg(2, 3, (2, 3), L.dependency_cone(2, 3, 2, 3), ["L1", "L2"])
    ET.fromstring(grid)
    assert len(re.findall('fill-opacity="0.25"', grid)) == 5 and len(re.findall('fill-opacity="0.55"', grid)) == 1

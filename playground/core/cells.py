"""Single steps of the three recurrent cells, returning every intermediate.

Weights follow ``torch.nn``'s layout so that a trained ``nn.RNN/LSTM/GRU`` can be read step by
step with the same numbers (gate order LSTM: i, f, g, o; GRU: r, z, n). Inputs may be a single
vector ``(d,)`` or a batch ``(B, d)``.

The GRU needs one translation. The textbook writes h_t = (1 - z_t) * h_{t-1} + z_t * h~_t, where
z_t is the share of the *new* candidate; torch's update gate is the share of the *old* state.
``gru_step`` reports the textbook's z (= 1 - torch's z), so the lecture's formula holds with the
numbers shown. ``reset_after=True`` (torch, cuDNN) applies the reset gate after W_hn h;
``reset_after=False`` is the textbook's h~ = tanh(W [r * h, x] + b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import torch
from torch import Tensor, nn

if TYPE_CHECKING:  # pandas is imported where a table is made: the home page draws none
    import pandas as pd

NONLINEARITIES = {
    "tanh": torch.tanh,
    "relu": torch.relu,
    "identity": lambda z: z,
}


def _linear(x: Tensor, weight: Tensor, bias: Tensor | None) -> Tensor:
    out = x @ weight.T
    return out if bias is None else out + bias


def _activation(name: str):
    try:
        return NONLINEARITIES[name]
    except KeyError:
        raise ValueError(f"unknown nonlinearity {name!r}; choose from {sorted(NONLINEARITIES)}") from None


def rnn_step(
    x: Tensor,
    h_prev: Tensor,
    w_ih: Tensor,
    w_hh: Tensor,
    b_ih: Tensor | None = None,
    b_hh: Tensor | None = None,
    nonlinearity: str = "tanh",
) -> dict[str, Tensor]:
    """h_t = f(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh); returns both halves, z and h."""
    from_input = _linear(x, w_ih, b_ih)
    from_state = _linear(h_prev, w_hh, b_hh)
    z = from_input + from_state
    return {"from_input": from_input, "from_state": from_state, "z": z, "h": _activation(nonlinearity)(z)}


def lstm_step(
    x: Tensor,
    h_prev: Tensor,
    c_prev: Tensor,
    w_ih: Tensor,
    w_hh: Tensor,
    b_ih: Tensor | None = None,
    b_hh: Tensor | None = None,
) -> dict[str, Tensor]:
    """One LSTM step: pre-activations, gates f, i, o, candidate c~, cell c and hidden h."""
    pre = _linear(x, w_ih, b_ih) + _linear(h_prev, w_hh, b_hh)
    pre_i, pre_f, pre_g, pre_o = pre.chunk(4, dim=-1)
    i, f, o = torch.sigmoid(pre_i), torch.sigmoid(pre_f), torch.sigmoid(pre_o)
    c_tilde = torch.tanh(pre_g)
    kept, written = f * c_prev, i * c_tilde
    c = kept + written
    h = o * torch.tanh(c)
    return {
        "pre_f": pre_f, "pre_i": pre_i, "pre_c_tilde": pre_g, "pre_o": pre_o,
        "f": f, "i": i, "c_tilde": c_tilde, "o": o,
        "kept": kept, "written": written, "c": c, "h": h,
    }


def gru_step(
    x: Tensor,
    h_prev: Tensor,
    w_ih: Tensor,
    w_hh: Tensor,
    b_ih: Tensor | None = None,
    b_hh: Tensor | None = None,
    reset_after: bool = True,
) -> dict[str, Tensor]:
    """One GRU step in the textbook's convention: z = share of the candidate h~ in h_t."""
    m = h_prev.shape[-1]
    gx = _linear(x, w_ih, b_ih)
    gx_r, gx_z, gx_n = gx.chunk(3, dim=-1)
    w_hr, w_hz, w_hn = w_hh.split(m, dim=0)
    b_hr, b_hz, b_hn = b_hh.split(m) if b_hh is not None else (None, None, None)
    pre_r = gx_r + _linear(h_prev, w_hr, b_hr)
    pre_keep = gx_z + _linear(h_prev, w_hz, b_hz)
    r = torch.sigmoid(pre_r)
    keep = torch.sigmoid(pre_keep)  # torch's z: the share of h_{t-1}
    pre_h_tilde = gx_n + r * _linear(h_prev, w_hn, b_hn) if reset_after else gx_n + _linear(r * h_prev, w_hn, b_hn)
    h_tilde = torch.tanh(pre_h_tilde)
    z = 1.0 - keep
    h = (1.0 - z) * h_prev + z * h_tilde
    return {"pre_r": pre_r, "pre_z": -pre_keep, "pre_h_tilde": pre_h_tilde, "r": r, "z": z, "h_tilde": h_tilde, "h": h}


@dataclass(frozen=True)
class CellWeights:
    """The weights of one layer of a recurrent cell, in torch's layout."""

    kind: str  # "rnn" | "lstm" | "gru"
    w_ih: Tensor
    w_hh: Tensor
    b_ih: Tensor | None = None
    b_hh: Tensor | None = None
    nonlinearity: str = "tanh"  # rnn only

    @property
    def hidden_size(self) -> int:
        return self.w_hh.shape[1]

    @classmethod
    def from_torch(cls, module: nn.RNNBase, layer: int = 0, reverse: bool = False) -> CellWeights:
        """Copy one layer's weights out of a ``torch.nn.RNN/LSTM/GRU`` module."""
        suffix = f"_l{layer}" + ("_reverse" if reverse else "")
        kind = {"RNN_TANH": "rnn", "RNN_RELU": "rnn", "LSTM": "lstm", "GRU": "gru"}[module.mode]
        bias = module.bias
        return cls(
            kind=kind,
            w_ih=getattr(module, "weight_ih" + suffix).detach().clone(),
            w_hh=getattr(module, "weight_hh" + suffix).detach().clone(),
            b_ih=getattr(module, "bias_ih" + suffix).detach().clone() if bias else None,
            b_hh=getattr(module, "bias_hh" + suffix).detach().clone() if bias else None,
            nonlinearity="relu" if module.mode == "RNN_RELU" else "tanh",
        )


def step(weights: CellWeights, x: Tensor, h_prev: Tensor, c_prev: Tensor | None = None, **kw) -> dict[str, Tensor]:
    """Dispatch one step of the cell that ``weights`` describes."""
    w = (weights.w_ih, weights.w_hh, weights.b_ih, weights.b_hh)
    if weights.kind == "rnn":
        return rnn_step(x, h_prev, *w, nonlinearity=weights.nonlinearity)
    if weights.kind == "lstm":
        return lstm_step(x, h_prev, c_prev if c_prev is not None else torch.zeros_like(h_prev), *w)
    if weights.kind == "gru":
        return gru_step(x, h_prev, *w, **kw)
    raise ValueError(f"unknown cell kind {weights.kind!r}")


@torch.no_grad()
def run_sequence(
    weights: CellWeights,
    xs: Tensor,
    h0: Tensor | None = None,
    c0: Tensor | None = None,
    **kw,
) -> list[dict[str, Tensor]]:
    """Run the cell over ``xs`` (T, d) and return one dict of intermediates per step."""
    m = weights.hidden_size
    h = h0 if h0 is not None else torch.zeros(m, dtype=xs.dtype, device=xs.device)
    c = c0 if c0 is not None else torch.zeros_like(h)
    trace = []
    for x in xs:
        out = step(weights, x, h, c, **kw)
        h = out["h"]
        c = out.get("c", c)
        trace.append(out)
    return trace


def trace_table(trace: list[dict[str, Tensor]]) -> pd.DataFrame:
    """A tidy table of a trace: one row per (step t, quantity, unit index) with its value."""
    rows = []
    for t, out in enumerate(trace, start=1):
        for name, value in out.items():
            flat = value.detach().reshape(-1).cpu().tolist()
            rows.extend({"t": t, "quantity": name, "unit": j, "value": v} for j, v in enumerate(flat))
    import pandas as pd

    return pd.DataFrame(rows, columns=["t", "quantity", "unit", "value"])


GATES = {"rnn": 1, "gru": 3, "lstm": 4}


def param_count(cell: str, d: int, m: int, layers: int = 1, bidirectional: bool = False) -> int:
    """Parameters of ``torch.nn.RNN/GRU/LSTM(d, m, num_layers=layers, bidirectional=...)``.

    Each direction of each layer has g blocks (RNN 1, GRU 3, LSTM 4) of W_ih (m x d_in),
    W_hh (m x m) and two bias vectors (torch keeps b_ih and b_hh; the textbook's single b_h
    has m fewer per block). Layers above the first read the previous layer's output, of size
    m, or 2m when bidirectional.
    """
    if cell not in GATES:
        raise ValueError(f"unknown cell {cell!r}; choose from {sorted(GATES)}")
    g, directions = GATES[cell], 2 if bidirectional else 1
    total = 0
    for layer in range(layers):
        d_in = d if layer == 0 else m * directions
        total += directions * g * (m * d_in + m * m + 2 * m)
    return total

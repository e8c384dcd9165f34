"""The LSTM and GRU cell lab: the lecture's scalar LSTM, one vector step with every number, the
cell-state conveyor belt over a sentence, and the shapes of stacked and bidirectional RNNs.

The math of one step lives in ``playground.core.cells``; this module chooses weights, runs them and
measures the gradient that flows along the cell state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch

from playground.core.cells import CellWeights, gru_step, lstm_step, run_sequence
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.core.text import char_embedding, clean_text

EMBED_DIM = 8


@dataclass(frozen=True)
class ScalarLSTM:
    c_prev: float
    f: float
    i: float
    c_tilde: float
    o: float

    @property
    def kept(self) -> float:
        return self.f * self.c_prev

    @property
    def written(self) -> float:
        return self.i * self.c_tilde

    @property
    def c(self) -> float:
        return self.kept + self.written

    @property
    def h(self) -> float:
        return self.o * math.tanh(self.c)


LECTURE_SCALAR = ScalarLSTM(c_prev=0.8, f=0.9, i=0.2, c_tilde=0.5, o=0.5)


def seeded_cell(kind: str, d: int = 3, m: int = 2, seed: int = 0, forget_bias: float = 0.0) -> CellWeights:
    """A small cell with seeded weights (uniform in +-1/sqrt(m), as torch initialises them);
    ``forget_bias`` is added to the LSTM forget gate's bias (positive: remember more)."""
    module = {"lstm": torch.nn.LSTM, "gru": torch.nn.GRU, "rnn": torch.nn.RNN}[kind]
    # drawn from a generator of its own (never the process-wide one another visitor may reseed),
    # in float32 and then widened: the weights torch.manual_seed(seed) gave
    net = reset_parameters_(module(d, m), torch.Generator().manual_seed(seed)).double()
    weights = CellWeights.from_torch(net)
    if kind == "lstm" and forget_bias:
        b_ih = weights.b_ih.clone()
        b_ih[m : 2 * m] += forget_bias  # torch's gate order: i, f, g, o
        weights = CellWeights(kind, weights.w_ih, weights.w_hh, b_ih, weights.b_hh)
    return weights


def gate_matrices(weights: CellWeights) -> dict[str, tuple[torch.Tensor, torch.Tensor]]:
    """Each gate's textbook matrix W (m x (m + d), acting on [h_{t-1}, x_t]) and bias b, cut out
    of torch's stacked layout (LSTM order i, f, g, o; GRU r, z, n), torch's two biases summed.
    The GRU's z block is negated: torch's update gate is the share of the old state, the
    textbook's z = 1 - that = sigma(-(...)), the share of the candidate."""
    m = weights.hidden_size
    names = {"lstm": ("i", "f", "c_tilde", "o"), "gru": ("r", "z", "h_tilde")}[weights.kind]
    b = weights.b_ih + weights.b_hh
    blocks = {}
    for k, name in enumerate(names):
        w = torch.cat([weights.w_hh[k * m:(k + 1) * m], weights.w_ih[k * m:(k + 1) * m]], dim=1)
        sign = -1.0 if name == "z" else 1.0
        blocks[name] = (sign * w, sign * b[k * m:(k + 1) * m])
    return blocks


def _as_vector(values) -> torch.Tensor:
    """A float64 copy of a list, array or tensor (page editors hand in read-only numpy arrays)."""
    if isinstance(values, torch.Tensor):
        return values.detach().to(torch.float64).clone()
    return torch.tensor(np.array(values, dtype=np.float64))


def one_step(weights: CellWeights, x, h_prev, c_prev=None) -> dict[str, torch.Tensor]:
    """One step with every intermediate (the textbook's GRU: reset applied before W_h)."""
    x, h_prev = _as_vector(x), _as_vector(h_prev)
    if weights.kind == "lstm":
        c_prev = _as_vector(c_prev)
        return lstm_step(x, h_prev, c_prev, weights.w_ih, weights.w_hh, weights.b_ih, weights.b_hh)
    return gru_step(x, h_prev, weights.w_ih, weights.w_hh, weights.b_ih, weights.b_hh, reset_after=False)


# --- the conveyor belt over a sentence ---------------------------------------------------------------
@dataclass
class Conveyor:
    tokens: list[str]
    trace: list[dict[str, torch.Tensor]]  # one lstm_step dict per token
    cell_path_gradient: torch.Tensor  # (T, m): d c_T / d c_t along the cell path, by autograd
    forget_product: torch.Tensor  # (T, m): prod_{k=t+1}^{T} f_k
    units: list[int] | None = None  # the model's (0-based) index of each unit kept; None: all, in order

    def series(self, name: str) -> torch.Tensor:
        return torch.stack([step[name] for step in self.trace])


def conveyor(text: str, hidden: int = 4, seed: int = 0, forget_bias: float = 0.0) -> Conveyor:
    """Run a seeded LSTM over the characters of ``text`` (fixed random character vectors) and
    measure how c_T depends on each earlier c_t along the cell-state path alone."""
    text = clean_text(text)
    weights = seeded_cell("lstm", d=EMBED_DIM, m=hidden, seed=seed, forget_bias=forget_bias)
    xs = torch.stack([char_embedding(ch, EMBED_DIM) for ch in text])
    return belt(weights, xs, list(text))


def conveyor_from_classifier(classifier, text: str, forget_bias: float = 0.0, units: int = 4) -> Conveyor:
    """The same measurement through a trained sentiment LSTM (its embeddings and weights; the
    forget bias is added to a copy). Keeps the ``units`` units whose cell state moves the most."""
    from playground.models.sentiment import MAX_CHARS, encode

    clean = classifier.clean(text)[0]
    ids = encode(clean, classifier.lang, classifier.vocab, max_tokens=MAX_CHARS)
    if not ids:
        raise InputError("empty_text")
    with torch.no_grad():
        xs = classifier.model.embed(torch.tensor(ids)).double()
    w = CellWeights.from_torch(classifier.model.rnn)
    m = w.hidden_size
    b_ih = w.b_ih.double().clone()
    b_ih[m:2 * m] += forget_bias
    weights = CellWeights("lstm", w.w_ih.double(), w.w_hh.double(), b_ih, w.b_hh.double())
    full = belt(weights, xs, classifier.tokens(clean))
    keep = torch.argsort(full.series("c").std(dim=0, correction=0), descending=True)[:units].sort().values
    return Conveyor(full.tokens, [{k: v[keep] for k, v in step.items()} for step in full.trace],
                    full.cell_path_gradient[:, keep], full.forget_product[:, keep], keep.tolist())


def belt(weights: CellWeights, xs: torch.Tensor, tokens: list[str]) -> Conveyor:
    """Run the LSTM ``weights`` over ``xs`` (T, d) and measure dC_T/dC_t along the cell path."""
    hidden = weights.hidden_size
    trace = run_sequence(weights, xs)
    # autograd through the cell path only: h_{t-1} enters the gates detached, so the sole route
    # from c_t to c_T is c_k = f_k * c_{k-1} + i_k * c~_k
    h = torch.zeros(hidden, dtype=torch.float64)
    c = torch.zeros(hidden, dtype=torch.float64, requires_grad=True)
    cells = []
    for x in xs:
        out = lstm_step(x, h.detach(), c, weights.w_ih, weights.w_hh, weights.b_ih, weights.b_hh)
        h, c = out["h"], out["c"]
        cells.append(c)
    steps = len(tokens)
    gradient = torch.ones(steps, hidden, dtype=torch.float64)
    if steps > 1:
        # d c_T[u] / d c_t[u] for all units at once: c_T's units depend on c_t's units one to one
        grads = torch.autograd.grad(cells[-1].sum(), cells[:-1])
        gradient[:-1] = torch.stack(grads)
    f = torch.stack([step["f"] for step in trace])  # (T, m)
    product = torch.ones_like(f)
    for t in range(steps - 2, -1, -1):
        product[t] = product[t + 1] * f[t + 1]
    return Conveyor(tokens, trace, gradient.detach(), product)


# --- shapes ----------------------------------------------------------------------------------------
def bidirectional_shape(hidden: int = 3, steps: int = 5, d: int = 4) -> dict[str, tuple[int, ...]]:
    """Run a real bidirectional torch RNN and report its shapes: each direction gives ``hidden``
    numbers per step, the output concatenates them (3 + 3 -> 6 in the lecture)."""
    net = reset_parameters_(torch.nn.RNN(d, hidden, bidirectional=True, batch_first=True), torch.Generator().manual_seed(0))
    out, h_n = net(torch.zeros(1, steps, d))
    return {"forward": (steps, hidden), "backward": (steps, hidden), "output": tuple(out.shape[1:]),
            "final_states": tuple(h_n.shape)}


def dependency_cone(layers: int, steps: int, layer: int, step: int) -> set[tuple[int, int]]:
    """The grid cells (layer, step), 1-based, that the state at (layer, step) depends on in a
    stacked unidirectional RNN: every cell at or below its layer and at or before its step."""
    if not (1 <= layer <= layers and 1 <= step <= steps):
        raise ValueError("cell outside the grid")
    return {(lay, st) for lay in range(1, layer + 1) for st in range(1, step + 1)}


# --- equations with their numbers ------------------------------------------------------------------
def _vec(values) -> str:
    from playground.core.formatting import number

    return r"\begin{pmatrix}" + r" \\ ".join(number(float(v), 3) for v in values) + r"\end{pmatrix}"


def lstm_equations(out: dict[str, torch.Tensor], c_prev) -> list[str]:
    """The textbook's six LSTM equations, each followed by its pre-activation and its value."""
    c_prev = _as_vector(c_prev)
    return [
        rf"f_t=\sigma(W_f[h_{{t-1}},x_t]+b_f)=\sigma{_vec(out['pre_f'])}={_vec(out['f'])}",
        rf"i_t=\sigma(W_i[h_{{t-1}},x_t]+b_i)=\sigma{_vec(out['pre_i'])}={_vec(out['i'])}",
        rf"\widetilde C_t=\tanh(W_C[h_{{t-1}},x_t]+b_C)=\tanh{_vec(out['pre_c_tilde'])}={_vec(out['c_tilde'])}",
        rf"o_t=\sigma(W_o[h_{{t-1}},x_t]+b_o)=\sigma{_vec(out['pre_o'])}={_vec(out['o'])}",
        rf"C_t=f_t\odot C_{{t-1}}+i_t\odot\widetilde C_t={_vec(out['f'])}\odot{_vec(c_prev)}+{_vec(out['i'])}\odot"
        rf"{_vec(out['c_tilde'])}={_vec(out['kept'])}+{_vec(out['written'])}={_vec(out['c'])}",
        rf"h_t=o_t\odot\tanh(C_t)={_vec(out['o'])}\odot\tanh{_vec(out['c'])}={_vec(out['h'])}",
    ]


def gru_equations(out: dict[str, torch.Tensor], h_prev) -> list[str]:
    """The textbook's four GRU equations (z = the share of the candidate) with their numbers."""
    h_prev = _as_vector(h_prev)
    return [
        rf"z_t=\sigma(W_z[h_{{t-1}},x_t]+b_z)=\sigma{_vec(out['pre_z'])}={_vec(out['z'])}",
        rf"r_t=\sigma(W_r[h_{{t-1}},x_t]+b_r)=\sigma{_vec(out['pre_r'])}={_vec(out['r'])}",
        rf"\widetilde h_t=\tanh(W_h[r_t\odot h_{{t-1}},x_t]+b_h)=\tanh{_vec(out['pre_h_tilde'])}={_vec(out['h_tilde'])}",
        rf"h_t=(1-z_t)\odot h_{{t-1}}+z_t\odot\widetilde h_t=(1-{_vec(out['z'])})\odot{_vec(h_prev)}+{_vec(out['z'])}"
        rf"\odot{_vec(out['h_tilde'])}={_vec(out['h'])}",
    ]


def scalar_cell_values(out: dict[str, torch.Tensor], c_prev, unit: int) -> dict[str, float]:
    """One unit's numbers from a vector LSTM step, in the shape ``svg.lstm_cell_svg`` draws."""
    c_prev = _as_vector(c_prev)
    keys = ("f", "i", "c_tilde", "o", "kept", "written", "c", "h")
    return {"c_prev": float(c_prev[unit]), **{k: float(out[k][unit]) for k in keys}}

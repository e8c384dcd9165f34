"""Vanishing and exploding gradients, measured with autograd.

The error signal from step T back to step t crosses T - t Jacobians diag(f'(z_k)) W_hh (seed 001:
the BPTT Jacobian product). ``gradient_run`` builds a recurrent cell with a chosen recurrent
scale, runs it, and measures ||dh_T/dh_t|| for every t by backpropagation; ``power`` and
``repeated_product`` are the one-number version (0.5^10, 1.5^10) and where floating point gives up.
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from playground.core.cells import NONLINEARITIES, rnn_step
from playground.core.errors import InputError

DTYPES = {"float16": torch.float16, "float32": torch.float32, "float64": torch.float64}
CELLS = ("rnn", "lstm", "gru")
INITS = ("orthogonal", "gaussian", "identity")
MEASURES = ("singular", "spectral")
INPUT_SIZE = 16
# The lab's sizes, the page's sliders too. Its cost grows as m^3 T (every step multiplies an m x m
# Jacobian): at m = 64, T = 500 in float64 the three cells take about 0.12-0.13 CPU-s, most of it 1.3 GFLOP of
# m x m products in the backward pass (the gates' blocks summed first: 2.1 before), and a server about
# 0.33-0.37 CPU-s a seed change with the charts (0.5-0.57 before the backward pass moved to NumPy and the
# played charts stopped carrying their curves in every frame; 2026-12-07).
# 500 steps are enough to see float32 give up (0.5^k underflows at k = 150).
HIDDEN_RANGE = (2, 64)
LENGTH_RANGE = (10, 500)


# --- the scalar picture -------------------------------------------------------------------------
def power(a: float, k: int) -> float:
    """a^k in float64: the factor a gradient picks up crossing k steps that each multiply by a
    (inf where float64 overflows)."""
    try:
        return float(a) ** int(k)
    except OverflowError:
        return math.inf


def repeated_product(a: float, k: int, dtype: str = "float32") -> np.ndarray:
    """1, a, a^2, ..., a^k computed by k multiplications in ``dtype`` (as backpropagation does),
    so small values underflow to exactly 0 and large ones overflow to inf."""
    out = torch.empty(k + 1, dtype=DTYPES[dtype])
    value = torch.tensor(1.0, dtype=DTYPES[dtype])
    factor = torch.tensor(a, dtype=DTYPES[dtype])
    for step in range(k + 1):
        out[step] = value
        value = value * factor
    return out.double().numpy()


def float_limits(a: float, k: int) -> dict[str, dict[str, int | None]]:
    """For each dtype: the first step at which a^k (by repeated multiplication) is exactly 0, or inf."""
    result = {}
    for name in DTYPES:
        values = repeated_product(a, k, name)
        zero = np.flatnonzero(values == 0.0)
        inf = np.flatnonzero(np.isinf(values))
        result[name] = {"underflow_at": int(zero[0]) if zero.size and a != 0 else None,
                        "overflow_at": int(inf[0]) if inf.size else None}
    return result


# --- recurrent matrices -----------------------------------------------------------------------------
def recurrent_matrix(m: int, scale: float, init: str = "orthogonal", measure: str = "singular",
                     generator: torch.Generator | None = None) -> torch.Tensor:
    """An m x m matrix whose largest singular value (or spectral radius) equals ``scale``."""
    if init not in INITS:
        raise InputError("bad_choice", name=init)
    if init == "identity":
        return scale * torch.eye(m, dtype=torch.float64)
    raw = torch.randn(m, m, generator=generator, dtype=torch.float64)
    if init == "orthogonal":
        q, r = torch.linalg.qr(raw)
        raw = q * torch.sign(torch.diagonal(r))
    size = torch.linalg.matrix_norm(raw, ord=2) if measure == "singular" else torch.linalg.eigvals(raw).abs().max()
    return raw * (scale / float(size))


# --- the lab ------------------------------------------------------------------------------------
@dataclass
class GradientRun:
    cell: str
    norms: np.ndarray  # ||dh_T/dh_t|| (Frobenius) for t = 0..T-1
    step_factors: np.ndarray | None  # rnn: ||diag(f'(z_t)) W_hh||_2 for t = 1..T
    singular_values: np.ndarray  # of W_hh (rnn) or of the candidate's recurrent block
    cell_path: np.ndarray | None  # lstm: ||prod_{k>t} f_k|| along the cell state, t = 0..T-1
    final_state_norm: float  # ||h_T||: the forward pass does not vanish with the gradient

    @property
    def finite(self) -> bool:
        return bool(np.isfinite(self.norms).all())


@dataclass(frozen=True)
class LabSettings:
    hidden: int = 32
    length: int = 100
    scale: float = 1.0
    activation: str = "tanh"
    init: str = "orthogonal"
    measure: str = "singular"
    input_scale: float = 1.0
    forget_bias: float = 0.0
    seed: int = 0
    dtype: str = "float32"

    def __post_init__(self):
        if not (HIDDEN_RANGE[0] <= self.hidden <= HIDDEN_RANGE[1] and LENGTH_RANGE[0] <= self.length <= LENGTH_RANGE[1]):
            raise InputError("bad_size", hidden=self.hidden, length=self.length)
        for value in (self.scale, self.input_scale, self.forget_bias):
            if not math.isfinite(value):
                raise InputError("bad_number", value=value)
        if self.activation not in ("tanh", "relu", "identity") or self.dtype not in DTYPES \
                or self.measure not in MEASURES or self.init not in INITS:
            raise InputError("bad_choice", name=f"{self.activation}/{self.init}/{self.measure}/{self.dtype}")


def _weights(cell: str, s: LabSettings):
    """Input weights, stacked recurrent blocks (each with the chosen scale) and biases, seeded."""
    gen = torch.Generator().manual_seed(s.seed)
    blocks = {"rnn": 1, "gru": 3, "lstm": 4}[cell]
    m = s.hidden
    w_ih = torch.randn(blocks * m, INPUT_SIZE, generator=gen, dtype=torch.float64) / math.sqrt(INPUT_SIZE)
    w_hh = torch.cat([recurrent_matrix(m, s.scale, s.init, s.measure, gen) for _ in range(blocks)])
    bias = torch.zeros(blocks * m, dtype=torch.float64)
    if cell == "lstm":
        bias[m:2 * m] = s.forget_bias  # torch's order i, f, g, o
    return w_ih, w_hh, bias


def _inputs(s: LabSettings) -> torch.Tensor:
    gen = torch.Generator().manual_seed(10_000 + s.seed)  # the same inputs for every cell
    return s.input_scale * torch.randn(s.length, INPUT_SIZE, generator=gen, dtype=torch.float64)


def _backward_factors(cell: str, s: LabSettings, stacked: dict) -> dict:
    """What each step of the backward pass multiplies by, for all T steps at once from the values the
    forward pass saved (T x m each): the chain rule's elementwise factors, so that a step back is a
    few operations on the m x m signal instead of twenty."""
    if cell == "rnn":
        return {"slope": _derivative(stacked["z"], s.activation)}
    if cell == "lstm":
        i, f, g, o, c, c_prev = (stacked[k] for k in ("i", "f", "c_tilde", "o", "c", "c_prev"))
        squashed = torch.tanh(c)
        return {"to_c": o * (1 - squashed**2), "f": f,  # torch's order of the blocks: i, f, g, o
                "to_pre": torch.cat([g * i * (1 - i), c_prev * f * (1 - f), i * (1 - g**2), squashed * o * (1 - o)], -1)}
    # gru, torch's convention: h_t = keep * h_{t-1} + (1 - keep) * h~,  h~ = tanh(x part + r * (W_hn h_{t-1}))
    r, keep, h_tilde, h_prev, from_state = (stacked[k] for k in ("r", "keep", "h_tilde", "h_prev", "n_state"))
    return {"keep": keep, "to_candidate": (1 - keep) * (1 - h_tilde**2),
            "to_pre": torch.cat([from_state * r * (1 - r), (h_prev - h_tilde) * keep * (1 - keep), r], -1)}


WEIGHTS_BLOCK = 32  # steps whose gate-weighted matrices are made at once (4 MB at m = 64 in float64)


def _step_weights(cell: str, factors: dict, w_hh, steps: slice, room: tuple, ops: dict) -> tuple:
    """For each step of ``steps``, the two m x m matrices its backward step multiplies by. The gates' blocks
    that read the same signal are summed first: the LSTM's i, f and g all read to_c, so (to_c * a_i) W_i +
    (to_c * a_f) W_f + (to_c * a_g) W_g = to_c (diag(a_i) W_i + diag(a_f) W_f + diag(a_g) W_g), and the GRU's
    r and n blocks both read its candidate's share: two m x m products a step where there were four (three)
    m-wide ones, the bulk of the lab's cost. Made for a block of steps at once (each a few small operations),
    in ``room`` (``_weights_room``): fresh megabytes a block were fresh pages, and the page faults cost a
    server more than the products saved. ``ops``: the backend's (``_OPS``)."""
    m, a = w_hh.shape[1], factors["to_pre"][steps]
    scaled, shared = room[0][:len(a)], room[1][:len(a)]
    ops["mul"](a[:, :, None], w_hh, out=scaled)  # diag(a_t) W_hh, every block of the gates
    ops["add"](scaled[:, :m], scaled[:, 2 * m:3 * m] if cell == "lstm" else scaled[:, 2 * m:], out=shared)
    if cell == "lstm":
        shared += scaled[:, m:2 * m]
        return shared, scaled[:, 3 * m:]
    return shared, scaled[:, m:2 * m]


def _weights_room(cell: str, w_hh, ops: dict) -> tuple | None:
    """Where ``_step_weights`` writes a block: made once a run."""
    if cell == "rnn":
        return None
    rows, m = w_hh.shape
    return ops["empty"]((WEIGHTS_BLOCK, rows, m), w_hh.dtype), ops["empty"]((WEIGHTS_BLOCK, m, m), w_hh.dtype)


def _back_one_step(cell: str, factors: dict, t: int, signal_h, signal_c, w_hh, weights=None, ops=None):
    """Carry the error signal (one row per copy) from h_t (and c_t) back to h_{t-1} (and c_{t-1}),
    by the chain rule written out for each cell (``_backward_factors``; ``weights``: step t's pair
    from ``_step_weights``, LSTM and GRU). NumPy arrays or torch tensors alike (``ops``: the backend's, ``_OPS``)."""
    ops = ops or _OPS["torch"]
    matmul, addmm = ops["matmul"], ops["addmm"]
    if cell == "rnn":
        return matmul(signal_h * factors["slope"][t], w_hh), None
    shared, own = weights
    if cell == "lstm":
        to_c = signal_c + signal_h * factors["to_c"][t]  # everything that reaches c_t
        return addmm(matmul(to_c, shared), signal_h, own), to_c * factors["f"][t]
    to_candidate = signal_h * factors["to_candidate"][t]
    return addmm(addmm(signal_h * factors["keep"][t], to_candidate, shared), signal_h, own), None


def _backward_norms(cell: str, factors: dict, w_hh, length: int) -> np.ndarray:
    """||dh_T/dh_t|| (Frobenius, in float64) for t = T-1 down to 0: the error signal carried back step by
    step from the identity (``gradient_run``). In NumPy for float32 and float64 (a small NumPy operation
    costs a microsecond where torch dispatches for several: the 1,500 steps of the three cells at T = 500
    were a third of the lab's server time), in torch for float16, whose elementwise operations NumPy runs seven
    times slower; its products accumulate in float32 (``_half_matmul``)."""
    backend = "torch" if w_hh.dtype == torch.float16 else "numpy"
    ops, m = _OPS[backend], w_hh.shape[1]
    if backend == "numpy":
        factors, w_hh = {name: value.numpy() for name, value in factors.items()}, w_hh.numpy()
    signal_h = ops["eye"](m, w_hh.dtype)  # d(sum_b h_T[b, b]) / dh_T, one row per copy
    signal_c = ops["zeros"]((m, m), w_hh.dtype) if cell == "lstm" else None
    norms = np.empty(length, dtype=np.float64)
    block, first, room = None, length, _weights_room(cell, w_hh, ops)
    for t in range(length - 1, -1, -1):
        if room is not None and t < first:
            first = max(0, t - WEIGHTS_BLOCK + 1)
            block = _step_weights(cell, factors, w_hh, slice(first, t + 1), room, ops)
        step = None if block is None else (block[0][t - first], block[1][t - first])
        signal_h, signal_c = _back_one_step(cell, factors, t, signal_h, signal_c, w_hh, step, ops)
        norms[t] = ops["norm"](signal_h)
    return norms


def _numpy_sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))  # as torch computes it on the CPU: 0 where exp overflows


# The forward pass's operations in torch (float16: numpy's float16 products have no BLAS and accumulate in
# float16) and in NumPy (float32 and float64: a small NumPy operation holds the interpreter's lock for a
# microsecond where a torch one dispatched for several; in a server that was half the pass's time).
def _frobenius(x: np.ndarray) -> float:
    flat = x.ravel().astype(np.float64, copy=False)  # float32's squares overflow where the norm does not
    return math.sqrt(flat @ flat)


def _half_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """A float16 product accumulated in float32 and stored in float16, as GPUs' half-precision units compute it:
    torch's own float16 product on a CPU takes 15 times as long (228 against 15 us at 64 x 64 x 64), and made the
    lab's float16 runs at m 64, T 500 cost twice its float64 ones (0.81 against 0.21 CPU-s for the three cells)."""
    return (a.float() @ b.float()).to(a.dtype)


_OPS = {
    "torch": {"sigmoid": torch.sigmoid, "tanh": torch.tanh, "stack": torch.stack, "lerp": torch.lerp,
              "squash": NONLINEARITIES, "mul": torch.mul, "add": torch.add, "matmul": _half_matmul,
              "addmm": lambda c, a, b: c + _half_matmul(a, b),
              "empty": lambda shape, dtype: torch.empty(shape, dtype=dtype),
              "zeros": lambda shape, dtype: torch.zeros(shape, dtype=dtype),
              "eye": lambda m, dtype: torch.eye(m, dtype=dtype),
              "norm": lambda x: float(torch.linalg.matrix_norm(x.double()))},
    "numpy": {"sigmoid": _numpy_sigmoid, "tanh": np.tanh, "stack": np.stack,
              "lerp": lambda start, end, weight: start + weight * (end - start),
              "squash": {"tanh": np.tanh, "relu": lambda z: np.maximum(z, 0), "identity": lambda z: z},
              "mul": np.multiply, "add": np.add, "empty": np.empty, "zeros": np.zeros,
              "matmul": np.matmul, "addmm": lambda c, a, b: c + a @ b,
              "eye": lambda m, dtype: np.eye(m, dtype=dtype), "norm": _frobenius},
}


def _trajectory(cell: str, activation: str, inputs, w_hh) -> tuple:
    """One trajectory from a zero state, the inputs' part of every step (T x blocks*m, bias included)
    computed beforehand -> (h_T, what the backward pass needs, T x m each). The cells' equations as
    ``playground.core.cells`` writes them (the tests against autograd run those), with one matmul a step and
    nothing kept that the backward pass does not read: at m = 64, T = 500 a third of the step-by-step cost."""
    backend = "torch" if inputs.dtype == torch.float16 else "numpy"
    ops = _OPS[backend]
    m = w_hh.shape[1]
    if backend == "numpy":
        inputs, w_t = inputs.numpy(), w_hh.numpy().T.copy()
        h, c = np.zeros(m, dtype=inputs.dtype), np.zeros(m, dtype=inputs.dtype)
    else:
        w_t, h, c = w_hh.T.contiguous(), inputs.new_zeros(m), inputs.new_zeros(m)
    kept = []
    sigmoid, tanh, squash = ops["sigmoid"], ops["tanh"], ops["squash"][activation]
    for x_part in inputs:
        from_state = ops["matmul"](h, w_t)
        if cell == "rnn":
            z = x_part + from_state
            h = squash(z)
            kept.append(z)
        elif cell == "lstm":
            pre = x_part + from_state
            gates, g = sigmoid(pre), tanh(pre[2 * m:3 * m])  # i, f, (g), o: torch's order
            kept.append((gates, g, c))
            c = gates[m:2 * m] * c + gates[:m] * g
            h = gates[3 * m:] * tanh(c)
            kept[-1] += (c,)
        else:  # torch's convention: its z = the share of h_{t-1} ("keep"), the reset gate after W_hn h
            gates = sigmoid(x_part[:2 * m] + from_state[:2 * m])
            h_tilde = tanh(x_part[2 * m:] + gates[:m] * from_state[2 * m:])
            kept.append((gates, h_tilde, h, from_state))
            h = ops["lerp"](h_tilde, h, gates[m:])  # keep * h_{t-1} + (1 - keep) * h~
    h = torch.as_tensor(h)
    if cell == "rnn":
        return h, {"z": torch.as_tensor(ops["stack"](kept))}
    columns = [torch.as_tensor(ops["stack"](column)) for column in zip(*kept, strict=True)]
    if cell == "lstm":
        gates, g, c_prev, c = columns
        return h, {"i": gates[:, :m], "f": gates[:, m:2 * m], "c_tilde": g, "o": gates[:, 3 * m:], "c": c,
                   "c_prev": c_prev}
    gates, h_tilde, h_prev, from_state = columns
    return h, {"r": gates[:, :m], "keep": gates[:, m:], "h_tilde": h_tilde, "h_prev": h_prev,
               "n_state": from_state[:, 2 * m:]}


def gradient_run(cell: str, settings: LabSettings) -> GradientRun:
    """Run ``cell`` and measure ||dh_T/dh_t|| for every t by backpropagation.

    Trick: m copies of the trajectory form a batch whose error signal starts as the identity (copy
    b's loss is h_T[b, b]); the signal reaching copy b's h_t is then row b of dh_T/dh_t, so the
    whole Jacobian of every step comes out of one backward pass. The copies are identical, so the
    forward pass runs once and keeps a few m-vectors per step, and the backward pass is the chain
    rule written out per cell (``_back_one_step``; a test checks it against autograd): memory is
    m x m for any T (autograd over a T-step graph of m copies held 1.5 GB at m = 128, T = 1,000
    in float64) and there is no graph to build (three times faster).
    """
    if cell not in CELLS:
        raise InputError("bad_choice", name=cell)
    s, dtype = settings, DTYPES[settings.dtype]
    m = s.hidden
    w_ih, w_hh, bias = (t.to(dtype) for t in _weights(cell, s))
    xs = _inputs(s).to(dtype)
    with torch.no_grad(), np.errstate(all="ignore"):
        h, saved = _trajectory(cell, s.activation, xs @ w_ih.T + bias, w_hh)
        norms = _backward_norms(cell, _backward_factors(cell, s, saved), w_hh, len(xs))
    recurrent = w_hh[:m].double() if cell != "lstm" else w_hh[2 * m:3 * m].double()
    singular = torch.linalg.svdvals(recurrent).numpy()
    step_factors = _rnn_step_factors(saved["z"], w_hh, s.activation) if cell == "rnn" else None
    cell_path = None
    if cell == "lstm":
        f = saved["f"].double()  # f_1..f_T
        suffix = torch.flip(torch.cumprod(torch.flip(f, [0]), 0), [0])  # prod_{k>=t} f_k
        cell_path = torch.cat([suffix[1:], torch.ones(1, m, dtype=torch.float64)]).norm(dim=1).numpy()
    return GradientRun(cell, norms, step_factors, singular, cell_path, float(h.double().norm()))


def _derivative(z: torch.Tensor, activation: str) -> torch.Tensor:
    if activation == "tanh":
        return 1 - torch.tanh(z) ** 2
    if activation == "relu":
        return (z > 0).to(z.dtype)
    return torch.ones_like(z)


_FACTOR_BLOCK = 100


def _rnn_step_factors(z: torch.Tensor, w_hh: torch.Tensor, activation: str) -> np.ndarray:
    """||diag(f'(z_t)) W_hh||_2 for every step: the factor each step of backprop multiplies by (float64;
    NaN where the step overflowed)."""
    slope, w = _derivative(z.double(), activation), w_hh.double()
    out = torch.full((len(z),), float("nan"), dtype=torch.float64)
    finite = torch.isfinite(slope).all(dim=1) & bool(torch.isfinite(w).all())
    gram = w @ w.T
    square = float(gram.diagonal().mean())
    rounding = 8 * len(w) * torch.finfo(w_hh.dtype).eps * square  # what W's own dtype leaves of an exact s^2 I
    if torch.allclose(gram, square * torch.eye(len(w), dtype=torch.float64), rtol=0, atol=rounding):
        # W W^T = s^2 I (the orthogonal and identity starts): ||D W||_2 = s max|d|, no eigenvalues needed
        out[finite] = math.sqrt(square) * slope[finite].abs().max(dim=1).values
        return out.numpy()
    for start in range(0, len(z), _FACTOR_BLOCK):  # in blocks: T whole m x m Jacobians at once were 130 MB
        block = slice(start, start + _FACTOR_BLOCK)
        if finite[block].any():
            d = slope[block][finite[block]][:, :, None]
            out[block][finite[block]] = _largest_singular_values(d * w, d * gram * d.mT)
    return out.numpy()


def _largest_singular_values(jacobians: torch.Tensor, squares: torch.Tensor) -> torch.Tensor:
    """sigma_max of each Jacobian from its J J^T (``squares``): sqrt of the largest eigenvalue, half the
    time of an SVD. In float32 the eigensolver gave up on some ReLU steps ("failed to converge"): so float64,
    and an SVD for a block where it still would."""
    try:
        return torch.linalg.eigvalsh(squares)[:, -1].clamp(min=0).sqrt()
    except torch.linalg.LinAlgError:
        return torch.linalg.svdvals(jacobians)[:, 0]


def explicit_rnn_jacobian_norms(settings: LabSettings) -> np.ndarray:
    """The same norms for the vanilla RNN from the formula: prod_{k=t+1}^{T} diag(f'(z_k)) W_hh,
    multiplied out explicitly (used to check the autograd measurement)."""
    s = settings
    w_ih, w_hh, bias = _weights("rnn", s)
    h = torch.zeros(s.hidden, dtype=torch.float64)
    zs = []
    for x in _inputs(s):
        out = rnn_step(x, h, w_ih, w_hh, bias, None, s.activation)
        zs.append(out["z"])
        h = out["h"]
    jac = torch.eye(s.hidden, dtype=torch.float64)
    norms = []
    for z in reversed(zs):  # dh_T/dh_{t} = dh_T/dh_{t+1} . diag(f'(z_{t+1})) W_hh
        jac = jac @ (_derivative(z, s.activation)[:, None] * w_hh)
        norms.append(float(torch.linalg.matrix_norm(jac)))
    return np.array(norms[::-1])


def gradient_norms(cell: str = "rnn", hidden: int = 32, length: int = 100, scale: float = 1.0,
                   activation: str = "tanh", init: str = "orthogonal", forget_bias: float = 0.0,
                   seed: int = 0, **kw) -> np.ndarray:
    """||dh_T/dh_t|| for t = 0..T-1 (numpy), measured by autograd."""
    settings = LabSettings(hidden=hidden, length=length, scale=scale, activation=activation, init=init,
                           forget_bias=forget_bias, seed=seed, **kw)
    return gradient_run(cell, settings).norms


# --- gradient clipping ----------------------------------------------------------------------------
class LinearishRNN(nn.Module):
    """A small RNN whose recurrent matrix starts at a chosen scale (for the clipping demo)."""

    def __init__(self, hidden: int = 16, scale: float = 1.3, activation: str = "relu", seed: int = 0) -> None:
        super().__init__()
        gen = torch.Generator().manual_seed(seed)
        self.w_ih = nn.Parameter(torch.randn(hidden, 1, generator=gen) * 0.5)
        self.w_hh = nn.Parameter(recurrent_matrix(hidden, scale, "orthogonal", "singular", gen).float())
        self.head = nn.Linear(hidden, 1)
        self.activation = activation

    def forward(self, x: torch.Tensor, state=None):
        h = torch.zeros(x.shape[0], self.w_hh.shape[0]) if state is None else state
        outs = []
        for t in range(x.shape[1]):
            h = rnn_step(x[:, t : t + 1], h, self.w_ih, self.w_hh, None, None, self.activation)["h"]
            outs.append(self.head(h))
        return torch.cat(outs, dim=1), h


def clipping_run(clip: float | None, steps: int = 60, scale: float = 1.3, length: int = 40, lr: float = 0.02,
                 seed: int = 0) -> dict:
    """Plain SGD on a running-mean task in an exploding setting, with or without clipping by norm.
    Returns the loss and gradient norm per step and the step where the loss became NaN/inf."""
    from playground.core.seeding import reset_parameters_
    from playground.core.training import TrainConfig, train

    model = LinearishRNN(scale=scale, seed=seed)  # its recurrent weights from a generator of its own
    reset_parameters_(model.head, torch.Generator().manual_seed(seed))  # its head too (never the process-wide one)

    def batches(k):
        gen = torch.Generator().manual_seed(seed * 1000 + k)
        x = torch.randn(32, length, generator=gen)
        kernel = torch.ones(1, 1, 3) / 3  # target: the mean of the last three inputs
        y = torch.nn.functional.conv1d(torch.nn.functional.pad(x[:, None], (2, 0)), kernel)[:, 0]
        return x, y

    result = train(model, batches, torch.nn.functional.mse_loss,
                   TrainConfig(steps=steps, lr=lr, clip_norm=clip, seed=seed, optimizer="sgd"),
                   device=torch.device("cpu"))
    nan_at = result.history[-1].step if result.status == "diverged" else None
    return {"loss": [p.loss for p in result.history], "grad_norm": [p.grad_norm for p in result.history],
            "status": result.status, "nan_at": nan_at}


# --- truncated BPTT ---------------------------------------------------------------------------------
def truncated_bptt(length: int = 200, window: int | None = 20, hidden: int = 64, seed: int = 0) -> dict:
    """Truncated BPTT on an LSTM over ``length`` steps in chunks of ``window`` (None: full BPTT);
    the state crosses chunk borders without gradient (lecture 7, section 5.1). Two experiments on the
    same weights and inputs: ``gradient_reach`` and ``training_cost``.

    ``reach``: ||dL_T/dh_t|| for the loss at the last step: zero before the last chunk.
    ``carried``: ||h|| handed across each chunk border. ``seconds`` and ``saved_bytes``: wall time
    and the most bytes autograd kept for backward at once, for one training pass with a loss at
    every step, measured here and now."""
    if not (2 <= length <= 5000) or (window is not None and not 1 <= window <= length):
        raise InputError("bad_size", hidden=hidden, length=length)
    from playground.core.seeding import reset_parameters_

    # seeded from generators of its own, never the process-wide one another visitor may reseed
    cell = reset_parameters_(nn.LSTMCell(INPUT_SIZE, hidden), torch.Generator().manual_seed(seed))
    xs = torch.randn(length, 1, INPUT_SIZE, generator=torch.Generator().manual_seed(seed))
    window = window or length
    reach, carried = gradient_reach(cell, xs, window)
    seconds, saved_bytes = training_cost(cell, xs, window)
    return {"reach": reach, "carried": carried, "seconds": seconds, "saved_bytes": saved_bytes, "window": window}


def gradient_reach(cell: nn.LSTMCell, xs: torch.Tensor, window: int) -> tuple[np.ndarray, list[float]]:
    """Who receives gradient from the loss at the last step, when the state crosses each chunk border
    detached -> (||dL_T/dh_t|| per step, ||h|| carried across each border). In float64, so that a tiny
    gradient shows as tiny rather than underflowing to the same 0 that truncation gives."""
    cell64 = copy.deepcopy(cell).double()  # the same weights and inputs, widened
    xs64 = xs.double()
    h = c = torch.zeros(1, cell.hidden_size, dtype=torch.float64)
    states, carried = [], []
    for t in range(len(xs)):
        if t % window == 0:
            if t:
                carried.append(float(h.detach().norm()))
            h, c = h.detach().requires_grad_(True), c.detach()
        else:
            h.retain_grad()
        states.append(h)
        h, c = cell64(xs64[t], (h, c))
    h.pow(2).sum().backward()
    return np.array([float(s.grad.norm()) if s.grad is not None else 0.0 for s in states]), carried


def training_cost(cell: nn.LSTMCell, xs: torch.Tensor, window: int) -> tuple[float, int]:
    """One training pass with a loss at every step, chunk by chunk -> (seconds, the most bytes autograd
    kept for backward at once)."""
    saved = {"now": 0, "peak": 0}

    def pack(tensor):
        saved["now"] += tensor.numel() * tensor.element_size()
        saved["peak"] = max(saved["peak"], saved["now"])
        return tensor

    started = time.perf_counter()
    h = c = torch.zeros(1, cell.hidden_size)
    for start in range(0, len(xs), window):
        h, c = h.detach(), c.detach()
        saved["now"] = 0  # the previous chunk's graph is gone after its backward
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
            loss = torch.zeros(())
            for t in range(start, min(start + window, len(xs))):
                h, c = cell(xs[t], (h, c))
                loss = loss + h.pow(2).mean()
        loss.backward()
    return time.perf_counter() - started, saved["peak"]

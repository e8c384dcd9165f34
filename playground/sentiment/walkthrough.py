"""The lecture's scalar sentiment walk-through (seed 000): h_t = tanh(w_x x_t + w_h h_{t-1}),
p = sigma(w_y h_T), L = -ln p, with dL/dh_t for every t by autograd; and the same gradient worked by
hand as BPTT's "copies" of the shared weights (the notes' 分身 W), checked against autograd."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import torch
from torch import nn

from playground.core.errors import InputError

MAX_TOKENS = 50  # the walk-through is read one row at a time: a pasted table of thousands is refused
LECTURE_TOKENS = ("服务", "慢", "但", "很好")
LECTURE_XS = (0.0, -1.0, 0.5, 1.0)


@dataclass
class Walkthrough:
    table: pd.DataFrame  # t, token, x, h, dL_dh
    p: float
    loss_nat: float
    loss_bit: float
    grads: dict[str, float] = field(default_factory=dict)  # autograd's dL/dw for "w_x", "w_h", "w_y"


def _checked(xs, w_x: float, w_h: float, w_y: float) -> list[float]:
    """``xs`` as floats, or InputError: too many, none, or a NaN/inf among them or the weights."""
    xs = list(xs)
    if len(xs) > MAX_TOKENS:
        raise InputError("too_many_steps", length=len(xs), limit=MAX_TOKENS)
    xs = [float(x) for x in xs]
    if not xs:
        raise InputError("empty_text")
    if not all(math.isfinite(v) for v in (*xs, w_x, w_h, w_y)):
        raise InputError("bad_number", value="NaN/inf")
    return xs


def walkthrough(xs=LECTURE_XS, w_x: float = 1.0, w_h: float = 0.5, w_y: float = 2.0, label: int = 1,
                tokens=None) -> Walkthrough:
    """Run the scalar RNN over ``xs`` and backpropagate the loss to every h_t and weight (autograd)."""
    xs = _checked(xs, w_x, w_h, w_y)
    params = torch.tensor([w_x, w_h, w_y], dtype=torch.float64, requires_grad=True)
    h = torch.zeros((), dtype=torch.float64)
    states = []
    for x in xs:
        h = torch.tanh(params[0] * x + params[1] * h)
        h.retain_grad()
        states.append(h)
    logit = params[2] * h
    p = torch.sigmoid(logit)
    # -ln p for label 1, -ln(1 - p) for label 0, computed stably from the logit
    loss = nn.functional.binary_cross_entropy_with_logits(logit, torch.tensor(float(label), dtype=torch.float64))
    loss.backward()
    tokens = list(tokens) if tokens is not None else [f"x{t + 1}" for t in range(len(xs))]
    table = pd.DataFrame({"t": range(1, len(xs) + 1), "token": tokens, "x": xs,
                          "h": [float(s.detach()) for s in states], "dL_dh": [float(s.grad) for s in states]})
    grads = dict(zip(("w_x", "w_h", "w_y"), params.grad.tolist(), strict=True))
    return Walkthrough(table, float(p.detach()), float(loss.detach()), float(loss.detach()) / math.log(2), grads)


# --- BPTT by hand: every step's own copy of the shared weights (the notes' §5, "分身 W") -----------------
MATCH_TOL = 1e-12  # the by-hand sum and autograd agree to this, relative to the size of the terms summed


@dataclass
class WeightCopies:
    table: pd.DataFrame  # t, token, h_prev, x, delta (dL/da_t), w_h (delta h_prev), w_x (delta x): one row a step
    total: dict[str, float]  # "w_h", "w_x": the column sums, the shared weights' gradients


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def weight_copies(xs=LECTURE_XS, w_x: float = 1.0, w_h: float = 0.5, w_y: float = 2.0, label: int = 1,
                  tokens=None) -> WeightCopies:
    """The walk-through's gradient for w_h and w_x worked by hand in float64 (numpy, no autograd).

    Pretend step t has its own copy of w_h and w_x. With a_t = w_x x_t + w_h h_{t-1} and
    delta_t = dL/da_t = dL/dh_t (1 - h_t^2), the copy's gradient is delta_t h_{t-1} (resp. delta_t x_t):
    the outer product delta_t h_{t-1}^T, a 1x1 matrix in this one-unit RNN. The copies are one weight,
    so its gradient is the sum over t."""
    x = np.asarray(_checked(xs, w_x, w_h, w_y), dtype=np.float64)
    h = np.zeros(len(x) + 1)  # h[0] = h_0 = 0, h[t] = h_t
    for t in range(1, len(x) + 1):
        h[t] = math.tanh(w_x * x[t - 1] + w_h * h[t - 1])
    delta = np.zeros(len(x))
    grad_h = (_sigmoid(w_y * h[-1]) - label) * w_y  # dL/dh_T: d(BCE)/d(logit) = p - label
    for t in range(len(x), 0, -1):
        delta[t - 1] = grad_h * (1 - h[t] ** 2)
        grad_h = delta[t - 1] * w_h  # dL/dh_{t-1}, through step t only
    tokens = list(tokens) if tokens is not None else [f"x{t + 1}" for t in range(len(x))]
    table = pd.DataFrame({"t": range(1, len(x) + 1), "token": tokens, "h_prev": h[:-1], "x": x, "delta": delta,
                          "w_h": delta * h[:-1], "w_x": delta * x})
    return WeightCopies(table, {"w_h": math.fsum(table["w_h"]), "w_x": math.fsum(table["w_x"])})


def against_autograd(copies: WeightCopies, walk: Walkthrough) -> pd.DataFrame:
    """One row per weight ("w_h", "w_x"): the copies' sum, autograd's gradient of the same loss
    (``walk.grads``), their absolute difference, and whether it is within MATCH_TOL of the terms' size."""
    rows = []
    for name, total in copies.total.items():
        gap = abs(total - walk.grads[name])
        scale = max(1.0, float(np.abs(copies.table[name]).sum()))
        rows.append({"weight": name, "sum": total, "autograd": walk.grads[name], "gap": gap,
                     "match": gap <= MATCH_TOL * scale})
    return pd.DataFrame(rows)


MAX_TOKEN_CHARS = 20


def tokens_to_text(tokens, xs) -> str:
    """The walk-through's table as one line for a link: JSON [[token, x], ...]."""
    import json

    return json.dumps([[str(t), float(x)] for t, x in zip(tokens, xs, strict=True)], ensure_ascii=False)


def tokens_from_text(text: str) -> tuple[list[str], list[float]]:
    """``tokens_to_text`` read back; a hand-edited or hostile link raises InputError."""
    import json

    try:
        rows = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise InputError("bad_number", value="link") from exc
    if not isinstance(rows, list) or not rows:
        raise InputError("empty_text")
    if len(rows) > MAX_TOKENS:
        raise InputError("too_many_steps", length=len(rows), limit=MAX_TOKENS)
    tokens, xs = [], []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)
                and isinstance(row[1], int | float) and not isinstance(row[1], bool)):
            raise InputError("bad_number", value=str(row)[:40])
        if len(row[0]) > MAX_TOKEN_CHARS or not math.isfinite(row[1]) or abs(row[1]) > 1e6:
            raise InputError("bad_number", value=str(row)[:40])
        tokens.append(row[0])
        xs.append(float(row[1]))
    return tokens, xs

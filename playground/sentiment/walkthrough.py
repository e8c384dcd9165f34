"""The lecture's scalar sentiment walk-through (seed 000): h_t = tanh(w_x x_t + w_h h_{t-1}),
p = sigma(w_y h_T), L = -ln p, with dL/dh_t for every t by autograd."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd
import torch
from torch import nn

from playground.errors import InputError

MAX_TOKENS = 50  # the walk-through is read one row at a time: a pasted table of thousands is refused
LECTURE_TOKENS = ("服务", "慢", "但", "很好")
LECTURE_XS = (0.0, -1.0, 0.5, 1.0)


@dataclass
class Walkthrough:
    table: pd.DataFrame  # t, token, x, h, dL_dh
    p: float
    loss_nat: float
    loss_bit: float


def walkthrough(xs=LECTURE_XS, w_x: float = 1.0, w_h: float = 0.5, w_y: float = 2.0, label: int = 1,
                tokens=None) -> Walkthrough:
    """Run the scalar RNN over ``xs`` and backpropagate the loss to every h_t (autograd)."""
    xs = list(xs)
    if len(xs) > MAX_TOKENS:
        raise InputError("too_many_steps", length=len(xs), limit=MAX_TOKENS)
    xs = [float(x) for x in xs]
    if not xs:
        raise InputError("empty_text")
    if not all(math.isfinite(v) for v in (*xs, w_x, w_h, w_y)):
        raise InputError("bad_number", value="NaN/inf")
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
    return Walkthrough(table, float(p.detach()), float(loss.detach()), float(loss.detach()) / math.log(2))


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

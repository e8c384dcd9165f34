"""SGD and Adam, the two optimisers the playground trains with, in a few lines of tensor arithmetic.

Why not ``torch.optim``: its ``step()`` imports ``torch._dynamo`` on first use (for a graph
break that only matters under ``torch.compile``), which brings sympy and the compiler stack into
the server process: 71 MB of resident memory and about a second, for the first live training
of every server. The playground never compiles. The updates below are the textbook ones, with
the same defaults and the same arithmetic as ``torch.optim.SGD`` / ``torch.optim.Adam``
(``tests/test_training.py`` checks them step by step against torch).
"""

from __future__ import annotations

import math

import torch
from torch import nn


class SGD:
    """w <- w - lr * (g + weight_decay * w)."""

    def __init__(self, params: list[nn.Parameter], lr: float, weight_decay: float = 0.0) -> None:
        self.params = list(params)
        self.param_groups = [{"params": self.params, "lr": lr, "weight_decay": weight_decay}]

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.params:
            if set_to_none:
                p.grad = None
            elif p.grad is not None:
                p.grad.zero_()

    @torch.no_grad()
    def step(self) -> None:
        group = self.param_groups[0]
        for p in self.params:
            if p.grad is None:
                continue
            grad = p.grad if not group["weight_decay"] else p.grad.add(p, alpha=group["weight_decay"])
            p.add_(grad, alpha=-group["lr"])


class Adam(SGD):
    """Adam (Kingma & Ba, 2015) with bias correction; weight decay added to the gradient (L2)."""

    def __init__(self, params: list[nn.Parameter], lr: float, weight_decay: float = 0.0,
                 betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8) -> None:
        super().__init__(params, lr, weight_decay)
        self.betas, self.eps = betas, eps
        self.state: dict[int, list] = {}  # per parameter: [steps taken, mean, mean square]

    @torch.no_grad()
    def step(self) -> None:
        group = self.param_groups[0]
        beta1, beta2 = self.betas
        for p in self.params:
            if p.grad is None:
                continue
            grad = p.grad if not group["weight_decay"] else p.grad.add(p, alpha=group["weight_decay"])
            state = self.state.setdefault(id(p), [0, torch.zeros_like(p), torch.zeros_like(p)])
            state[0] += 1
            steps, mean, square = state
            correction1 = 1 - beta1**steps
            root_correction2 = math.sqrt(1 - beta2**steps)
            mean.lerp_(grad, 1 - beta1)
            square.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
            denominator = (square.sqrt() / root_correction2).add_(self.eps)
            p.addcdiv_(mean, denominator, value=-group["lr"] / correction1)

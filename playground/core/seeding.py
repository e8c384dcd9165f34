"""Seeds that stay local: every seeded computation draws from its own ``torch.Generator``.

The server runs every visitor in a thread of one process, and torch has one process-wide random
generator. ``torch.manual_seed(seed)`` followed by ``nn.LSTM(...)`` is therefore not reproducible
on a server: another visitor's thread may reseed or draw from that generator between the two
calls. Instead a seeded computation builds its layers as usual and then draws their weights again
from a generator of its own (``reset_parameters_``), and a seeded training replaces its dropout
layers by ones that draw their masks from a generator of its own (``local_dropout``).

``reset_parameters_`` draws exactly what torch's own ``reset_parameters`` draws, in the same order,
so ``reset_parameters_(net, torch.Generator().manual_seed(s))`` gives the very weights that
``torch.manual_seed(s)`` before building ``net`` gave (the shipped results stay reproducible).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

import torch
from torch import Tensor, nn


def generator(seed: int, device: torch.device | str | None = None) -> torch.Generator:
    """A fresh generator seeded with ``seed`` (on ``device`` where torch has one there, else the CPU)."""
    dev = torch.device(device or "cpu")
    try:
        gen = torch.Generator(device=dev)
    except RuntimeError:  # a device without generators of its own
        gen = torch.Generator()
    return gen.manual_seed(int(seed))


def _reset_rnn(module: nn.RNNBase | nn.RNNCellBase, gen: torch.Generator) -> None:
    # torch: every weight and bias uniform in +-1/sqrt(hidden), in parameters() order
    stdv = 1.0 / math.sqrt(module.hidden_size) if module.hidden_size > 0 else 0
    for weight in module.parameters(recurse=False):
        nn.init.uniform_(weight, -stdv, stdv, generator=gen)


def _reset_linear(module: nn.Linear, gen: torch.Generator) -> None:
    # torch: kaiming_uniform_(a=sqrt(5)) = uniform in +-1/sqrt(fan_in), the bias likewise
    nn.init.kaiming_uniform_(module.weight, a=math.sqrt(5), generator=gen)
    if module.bias is not None:
        fan_in, _ = nn.init._calculate_fan_in_and_fan_out(module.weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        nn.init.uniform_(module.bias, -bound, bound, generator=gen)


def _reset_embedding(module: nn.Embedding, gen: torch.Generator) -> None:
    # torch: normal(0, 1), the padding row zero
    nn.init.normal_(module.weight, generator=gen)
    if module.padding_idx is not None:
        with torch.no_grad():
            module.weight[module.padding_idx].fill_(0)


def _reset_layer_norm(module: nn.LayerNorm, gen: torch.Generator) -> None:
    # torch: ones and zeros, nothing random
    if module.weight is not None:
        nn.init.ones_(module.weight)
    if module.bias is not None:
        nn.init.zeros_(module.bias)


# each type torch initialises by default, the parameters it may hold itself (None: its weights and
# biases, whatever their number), and how torch draws them
_RESETS = ((nn.RNNBase, None, _reset_rnn),
           (nn.RNNCellBase, {"weight_ih", "weight_hh", "bias_ih", "bias_hh"}, _reset_rnn),
           (nn.Linear, {"weight", "bias"}, _reset_linear),
           (nn.Embedding, {"weight"}, _reset_embedding),
           (nn.LayerNorm, {"weight", "bias"}, _reset_layer_norm))


def _own_parameters(module: nn.Module) -> list[str]:
    return [name for name, _ in module.named_parameters(recurse=False)]


@torch.no_grad()
def reset_parameters_(module: nn.Module, gen: torch.Generator) -> nn.Module:
    """Draw every parameter of ``module`` and its submodules again from ``gen``, the way torch's
    defaults draw them, in the order torch builds them (submodules in registration order):

    - nn.RNN / LSTM / GRU and their cells: every weight and bias uniform in +-1/sqrt(hidden);
    - nn.Linear: weight and bias uniform in +-1/sqrt(fan_in);
    - nn.Embedding: normal(0, 1), the ``padding_idx`` row set to zero;
    - nn.LayerNorm: ones and zeros.

    A module of any other type that holds parameters of its own raises TypeError, so that no
    weight is silently left drawn from the process-wide generator. Returns ``module``."""
    for name, sub in module.named_modules():
        if not _own_parameters(sub):
            continue
        for kind, allowed, reset in _RESETS:
            if isinstance(sub, kind) and (allowed is None or set(_own_parameters(sub)) <= allowed):
                reset(sub, gen)
                break
        else:
            raise TypeError(f"no seeded initialisation for {type(sub).__name__} ({name or 'the module'}) "
                            f"with parameters {_own_parameters(sub)}: draw them from a generator yourself")
    return module


def seeded_dropout(x: Tensor, p: float, gen: torch.Generator, training: bool = True) -> Tensor:
    """Dropout with its mask drawn from ``gen``: each element kept with probability 1 - p and scaled
    by 1 / (1 - p). On the CPU the same numbers as ``nn.functional.dropout`` after seeding torch's
    process-wide generator with the same seed (the mask is drawn the same way)."""
    if not training or p == 0:
        return x
    if p == 1:
        return x * torch.zeros_like(x)
    noise = torch.empty(x.shape, dtype=x.dtype, device=gen.device).bernoulli_(1 - p, generator=gen)
    noise = noise.to(x.device).div_(1 - p)
    return x * noise


class SeededDropout(nn.Module):
    """``nn.Dropout`` whose masks come from a generator of its own (no parameters, no state)."""

    def __init__(self, p: float, gen: torch.Generator) -> None:
        super().__init__()
        self.p, self.gen = p, gen

    def forward(self, x: Tensor) -> Tensor:
        return seeded_dropout(x, self.p, self.gen, self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}"


def rnn_dropout(model: nn.Module) -> bool:
    """Whether ``model`` holds an nn.RNN / LSTM / GRU with dropout between its layers: torch draws
    those masks inside the layer from the process-wide generator (there is no generator argument)."""
    return any(isinstance(m, nn.RNNBase) and m.dropout > 0 and m.num_layers > 1 for m in model.modules())


@contextmanager
def local_dropout(model: nn.Module, gen: torch.Generator) -> Iterator[nn.Module]:
    """While inside, every ``nn.Dropout`` of ``model`` is a ``SeededDropout`` drawing from ``gen``;
    the original layers are put back on the way out. Other dropout layers (Dropout1d/2d,
    AlphaDropout) with p > 0 raise TypeError; for ``rnn_dropout`` see there."""
    swapped: list[tuple[nn.Module, str, nn.Module]] = []
    for parent in model.modules():
        for name, child in list(parent.named_children()):
            if type(child) is nn.Dropout and child.p > 0:
                swapped.append((parent, name, child))
            elif isinstance(child, nn.modules.dropout._DropoutNd) and child.p > 0 and type(child) is not nn.Dropout:
                raise TypeError(f"{type(child).__name__} has no seeded replacement")
    try:
        for parent, name, child in swapped:
            setattr(parent, name, SeededDropout(child.p, gen).train(child.training))
        yield model
    finally:
        for parent, name, child in swapped:
            child.train(getattr(parent, name).training)
            setattr(parent, name, child)

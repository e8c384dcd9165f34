"""The lecture's hand-built RNN that detects two consecutive 1s (lecture 7, section 4).

h_t = f(W_hh h_{t-1} + W_xh x_t) with h = [current, previous, 1] and h_0 = (0, 0, 1);
y_t = ReLU(W_hy h_t). With the lecture's weights, y_t = ReLU(current + previous - 1): 1 exactly
when x_{t-1} = x_t = 1. ``run`` returns every intermediate as a table, ``verify`` checks a set of
weights on every 0/1 string up to a length, ``truth_table`` is the lecture's four-case check,
and ``train`` / ``unit_roles`` let gradient descent rediscover the construction.
"""

from __future__ import annotations

import itertools
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd
import torch
from torch import nn

from playground.core.checkpoints import ModelCard, freeze, load_checkpoint, save_checkpoint
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.core.training import TrainConfig
from playground.core.training import train as train_loop

LECTURE_EXAMPLE = "010111"
MAX_STEPS = 256
SEPARATORS = set(" ,\t\n\r，")
ACTIVATIONS = ("relu", "tanh", "identity")
OUTPUTS = ("relu", "step")  # y = max(0, W_hy h) as in the lecture, or y = 1[W_hy h > 0]


# --- input --------------------------------------------------------------------------------------
def parse_bits(bits: str | Sequence[int] | None) -> list[int]:
    """'0 1 1', '0,1,1', '011' or [0, 1, 1] -> [0, 1, 1]. Empty gives []; anything else that is
    not 0/1 raises InputError naming the character (or value) and its 1-based position."""
    if bits is None:
        return []
    if isinstance(bits, str):
        out = []
        for position, ch in enumerate(bits, start=1):
            if ch in SEPARATORS:
                continue
            if ch not in "01":
                raise InputError("bad_bit_char", char=ch, position=position)
            out.append(int(ch))
    else:
        out = []
        for position, value in enumerate(bits, start=1):
            if value not in (0, 1) or isinstance(value, float) and not float(value).is_integer():
                raise InputError("bad_bit_value", value=value, position=position)
            out.append(int(value))
    if len(out) > MAX_STEPS:
        raise InputError("too_many_steps", length=len(out), limit=MAX_STEPS)
    return out


def random_bits(length: int, seed: int | None = None) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice("01") for _ in range(length))


def target(bits) -> list[int]:
    """y_t = 1 exactly when x_{t-1} = x_t = 1 (x_0 counts as 0, as h_0 = (0, 0, 1) assumes)."""
    xs = parse_bits(bits)
    return [int(t > 0 and xs[t - 1] == 1 and x == 1) for t, x in enumerate(xs)]


# --- the model ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    w_xh: np.ndarray  # (3, 1)
    w_hh: np.ndarray  # (3, 3)
    w_hy: np.ndarray  # (1, 3)
    h0: np.ndarray  # (3,)
    activation: str = "relu"
    output: str = "relu"

    def __post_init__(self):
        for name, shape in (("w_xh", (3, 1)), ("w_hh", (3, 3)), ("w_hy", (1, 3)), ("h0", (3,))):
            value = np.asarray(getattr(self, name), dtype=np.float64)
            if value.shape != shape:
                raise InputError("bad_weight_shape", name=name, shape=str(value.shape), expected=str(shape))
            if not np.isfinite(value).all():  # an emptied editor cell arrives as NaN
                raise InputError("bad_weight_value", name=name)
            object.__setattr__(self, name, value)
        if self.activation not in ACTIVATIONS:
            raise InputError("bad_activation", name=self.activation)
        if self.output not in OUTPUTS:
            raise InputError("bad_output", name=self.output)


def weights_to_text(weights: Weights) -> str:
    """The weights as one line for a link: W_xh; W_hh (row by row); W_hy; h0; activation; output."""
    numbers = [",".join(f"{v:.6g}" for v in np.asarray(getattr(weights, name)).ravel())
               for name in ("w_xh", "w_hh", "w_hy", "h0")]
    return ";".join([*numbers, weights.activation, weights.output])


def weights_from_text(text: str) -> Weights:
    """``weights_to_text`` read back; anything else (a hand-edited or hostile link) raises InputError."""
    parts = str(text).split(";")
    if len(parts) != 6:
        raise InputError("bad_weight_shape", name="link", shape=str(len(parts)), expected="6")
    arrays = {}
    for (name, shape), part in zip((("w_xh", (3, 1)), ("w_hh", (3, 3)), ("w_hy", (1, 3)), ("h0", (3,))), parts,
                                   strict=False):
        try:
            values = np.array([float(v) for v in part.split(",")], dtype=np.float64)
        except ValueError as exc:
            raise InputError("bad_weight_value", name=name) from exc
        if values.size != int(np.prod(shape)):
            raise InputError("bad_weight_shape", name=name, shape=str(values.size), expected=str(shape))
        if not np.isfinite(values).all() or np.abs(values).max(initial=0.0) > 1e6:
            raise InputError("bad_weight_value", name=name)
        arrays[name] = values.reshape(shape)
    return Weights(**arrays, activation=parts[4], output=parts[5])


def lecture_weights() -> Weights:
    """The lecture's ReLU construction, exactly."""
    return Weights(
        w_xh=np.array([[1.0], [0.0], [0.0]]),
        w_hh=np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]),
        w_hy=np.array([[1.0, 1.0, -1.0]]),
        h0=np.array([0.0, 0.0, 1.0]),
    )


TANH_SCALE = 5.0


def tanh_weights(scale: float = TANH_SCALE) -> Weights:
    """The tanh version the lecture mentions: scale the weights so tanh saturates near 0 or 1
    (tanh(5) = 0.99991), keep the constant unit near 1 (a stable fixed point of h = tanh(5 h)),
    and threshold the output: 1[current + previous - 1.5 > 0]."""
    return Weights(
        w_xh=np.array([[scale], [0.0], [0.0]]),
        w_hh=np.array([[0.0, 0.0, 0.0], [scale, 0.0, 0.0], [0.0, 0.0, scale]]),
        w_hy=np.array([[1.0, 1.0, -1.5]]),
        h0=np.array([0.0, 0.0, 1.0]),
        activation="tanh",
        output="step",
    )


CONSTRUCTIONS: dict[str, Callable[[], Weights]] = {"relu": lecture_weights, "tanh": tanh_weights}


def _activate(z: np.ndarray, name: str) -> np.ndarray:
    if name == "relu":
        return np.maximum(z, 0.0)
    if name == "tanh":
        return np.tanh(z)
    return z


def _output(a: np.ndarray, name: str) -> np.ndarray:
    return np.maximum(a, 0.0) if name == "relu" else (a > 0).astype(np.float64)


def decide(y: np.ndarray) -> np.ndarray:
    """The 0/1 answer read off an output (NaN/inf count as neither, i.e. wrong)."""
    y = np.asarray(y, dtype=np.float64)
    return np.where(np.isfinite(y), (y >= 0.5).astype(np.float64), np.nan)


def forward(xs: np.ndarray, weights: Weights) -> dict[str, np.ndarray]:
    """Batched forward pass. xs: (N, T) of 0/1. Returns arrays with time on axis 1:
    input_term, recurrent_term, z (N, T, 3); h (N, T, 3); y (N, T)."""
    xs = np.asarray(xs, dtype=np.float64)
    n, steps = xs.shape
    h = np.broadcast_to(weights.h0, (n, 3)).copy()
    out = {k: np.empty((n, steps, 3)) for k in ("input_term", "recurrent_term", "z", "h")}
    y = np.empty((n, steps))
    with np.errstate(all="ignore"):  # extreme weights overflow to inf/NaN; the page marks them
        for t in range(steps):
            input_term = xs[:, t : t + 1] * weights.w_xh[:, 0]
            recurrent_term = h @ weights.w_hh.T
            z = recurrent_term + input_term
            h = _activate(z, weights.activation)
            out["input_term"][:, t], out["recurrent_term"][:, t], out["z"][:, t], out["h"][:, t] = (
                input_term, recurrent_term, z, h)
            y[:, t] = _output(h @ weights.w_hy[0], weights.output)
    out["y"] = y
    return out


def run(bits, weights: Weights | None = None) -> pd.DataFrame:
    """The step table: t, x, current, previous, bias (the three parts of h_t), y, target, plus
    the terms W_xh x_t, W_hh h_{t-1} and the pre-activation as 3-tuples, and whether y is right."""
    weights = weights or lecture_weights()
    xs = parse_bits(bits)
    if not xs:
        raise InputError("empty_bits")
    trace = forward(np.array([xs]), weights)
    goal = target(xs)
    rows = []
    for t, x in enumerate(xs):
        h = trace["h"][0, t]
        y = float(trace["y"][0, t])
        answer = decide(y)
        rows.append({
            "t": t + 1, "x": x,
            "input_term": tuple(trace["input_term"][0, t]), "recurrent_term": tuple(trace["recurrent_term"][0, t]),
            "z": tuple(trace["z"][0, t]),
            "current": float(h[0]), "previous": float(h[1]), "bias": float(h[2]),
            "y": y, "target": goal[t], "correct": bool(answer == goal[t]),
        })
    return pd.DataFrame(rows)


def all_strings(length: int) -> np.ndarray:
    """Every 0/1 string of ``length`` as rows, in lexicographic order."""
    return np.array(list(itertools.product((0, 1), repeat=length)), dtype=np.float64)


def _targets(xs: np.ndarray) -> np.ndarray:
    goal = np.zeros_like(xs)
    goal[:, 1:] = xs[:, 1:] * xs[:, :-1]
    return goal


def count_strings(max_len: int) -> int:
    return 2 ** (max_len + 1) - 2


def three_in_a_row(xs: np.ndarray) -> np.ndarray:
    """y_t = 1 when x_{t-2} = x_{t-1} = x_t = 1 (rows of 0/1; a challenge's task)."""
    goal = np.zeros_like(xs)
    goal[:, 2:] = xs[:, 2:] * xs[:, 1:-1] * xs[:, :-2]
    return goal


def odd_so_far(xs: np.ndarray) -> np.ndarray:
    """y_t = 1 when x_1 .. x_t hold an odd number of 1s (a challenge's task)."""
    return np.cumsum(xs, axis=1) % 2


def verify(weights: Weights, max_len: int = 10, targets: Callable[[np.ndarray], np.ndarray] = _targets) -> str | None:
    """None when every 0/1 string of length 1..max_len is answered right at every step (by ``targets``:
    two 1s in a row unless told); else the shortest (then lexicographically first) counterexample."""
    for length in range(1, max_len + 1):
        xs = all_strings(length)
        wrong = ~(decide(forward(xs, weights)["y"]) == targets(xs)).all(axis=1)
        if wrong.any():
            return "".join(str(int(b)) for b in xs[int(np.argmax(wrong))])
    return None


def formula_latex(weights: Weights) -> str:
    """The recurrence and the read-out of ``weights`` in LaTeX: the activation and the output rule
    they really use (the lecture's ReLU pair, the tanh construction's threshold, or an edit)."""
    act = {"relu": r"\mathrm{ReLU}", "tanh": r"\tanh", "identity": ""}[weights.activation]
    out = r"\mathrm{ReLU}(W_{hy}h_t)" if weights.output == "relu" else r"\mathbf{1}[W_{hy}h_t>0]"
    return rf"h_t={act}(W_{{hh}}h_{{t-1}}+W_{{xh}}x_t),\qquad y_t={out}"


def readout_terms(weights: Weights, names: Sequence[str]) -> str:
    """W_hy h written with the slot ``names`` (current, previous; the third slot is the constant 1):
    [1, 1, -1] -> 'current + previous − 1', [1, 1, -1.5] -> 'current + previous − 1.5'."""
    terms = []
    for coefficient, name in zip(weights.w_hy[0], (*names, None), strict=True):
        if coefficient == 0:
            continue
        size = f"{abs(coefficient):g}"
        body = size if name is None else (name if size == "1" else f"{size}·{name}")
        sign = "−" if coefficient < 0 else "+"
        terms.append((body if sign == "+" else f"−{body}") if not terms else f" {sign} {body}")
    return "".join(terms) or "0"


def truth_table(weights: Weights | None = None) -> pd.DataFrame:
    """The lecture's check of the four cases: (previous, current) -> y at the second step."""
    weights = weights or lecture_weights()
    pairs = [(1, 1), (0, 0), (1, 0), (0, 1)]
    trace = forward(np.array(pairs, dtype=np.float64), weights)
    hy = trace["h"][:, 1] @ weights.w_hy[0]
    return pd.DataFrame({"previous": [p for p, _ in pairs], "current": [c for _, c in pairs],
                         "w_hy_h": hy, "y": trace["y"][:, 1], "target": [int(p and c) for p, c in pairs]})


# --- learning it from scratch ---------------------------------------------------------------------
@dataclass(frozen=True)
class TrainSettings:
    hidden: int = 4
    activation: str = "tanh"
    lr: float = 0.03
    steps: int = 300
    seed: int = 0
    batch: int = 64
    length: int = 16

    def estimate_s(self) -> float:
        """About how long the job runs on one core (measured: 16 units x 2,000 steps 2.5 s; the defaults 0.42 s)."""
        return 0.3 + 2.5 * self.steps / 2000 * self.hidden / 16

    def __post_init__(self):
        if not 2 <= self.hidden <= 16:
            raise InputError("bad_hidden", value=self.hidden, low=2, high=16)
        if self.activation not in ("tanh", "relu"):
            raise InputError("bad_activation", name=self.activation)
        if not (math.isfinite(self.lr) and self.lr > 0):
            raise InputError("bad_lr", value=self.lr)


class TwoOnesRNN(nn.Module):
    """A torch RNN with one logit per step; h_0 = 0 (the network must learn its own bias)."""

    def __init__(self, hidden: int = 4, activation: str = "tanh") -> None:
        super().__init__()
        self.rnn = nn.RNN(1, hidden, nonlinearity=activation, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, state: torch.Tensor | None = None):
        states, last = self.rnn(x.unsqueeze(-1), state)
        return self.head(states).squeeze(-1), last

    def hidden_states(self, x: torch.Tensor) -> torch.Tensor:
        return self.rnn(x.unsqueeze(-1))[0]


def sequence_batches(settings: TrainSettings) -> Callable[[int], tuple[torch.Tensor, torch.Tensor]]:
    """Random 0/1 sequences; batch k is the same for the same seed (reproducible training)."""

    def batch(k: int):
        gen = torch.Generator().manual_seed(settings.seed * 100_003 + k)
        xs = torch.randint(0, 2, (settings.batch, settings.length), generator=gen).float()
        goal = torch.zeros_like(xs)
        goal[:, 1:] = xs[:, 1:] * xs[:, :-1]
        return xs, goal

    return batch


def summed_loss(logits: torch.Tensor, goal: torch.Tensor) -> torch.Tensor:
    """L = sum_t L_t (per sequence, the BPTT form), averaged over the batch."""
    per_step = nn.functional.binary_cross_entropy_with_logits(logits, goal, reduction="none")
    return per_step.sum(dim=1).mean()


@torch.no_grad()
def exhaustive_accuracy(model: TwoOnesRNN, max_len: int = 10) -> dict[str, float]:
    """Share of strings (all steps right) and of steps right, over every 0/1 string up to max_len."""
    model.eval()
    dev = next(model.parameters()).device
    strings_right = steps_right = steps_total = strings_total = 0
    for length in range(1, max_len + 1):
        xs = torch.from_numpy(all_strings(length)).float().to(dev)
        goal = torch.from_numpy(_targets(all_strings(length))).to(dev)
        right = (model(xs)[0] > 0).double() == goal
        strings_right += int(right.all(dim=1).sum())
        strings_total += xs.shape[0]
        steps_right += int(right.sum())
        steps_total += right.numel()
    return {"string_accuracy": strings_right / strings_total, "step_accuracy": steps_right / steps_total,
            "strings": strings_total}


UNSEEN_LENGTH = 100  # longer than any training string (TrainSettings.length = 16): truly unseen
UNSEEN_COUNT = 1000


@torch.no_grad()
def unseen_accuracy(model: TwoOnesRNN, length: int = UNSEEN_LENGTH, count: int = UNSEEN_COUNT,
                    seed: int = 2024) -> dict[str, float]:
    """Share of strings (all steps right) and of steps right on ``count`` random 0/1 strings of
    ``length``: training only ever sees strings of 16, so none of these was seen in training."""
    model.eval()
    dev = next(model.parameters()).device
    xs = torch.randint(0, 2, (count, length), generator=torch.Generator().manual_seed(seed)).double()
    right = (model(xs.float().to(dev))[0] > 0).cpu().double() == torch.from_numpy(_targets(xs.numpy()))
    return {"string_accuracy": float(right.all(dim=1).double().mean()), "step_accuracy": float(right.double().mean()),
            "strings": count, "length": length}


def training_prefix_coverage(settings: TrainSettings = TrainSettings(), length: int = 10) -> float:
    """The share of all 2^length 0/1 strings that open at least one training sequence: 1.0 means the
    exhaustive check up to ``length`` holds no string the model did not train on (it is no held-out test)."""
    make = sequence_batches(settings)
    seen = set()
    for k in range(settings.steps):
        xs = make(k)[0][:, :length].to(torch.int64)
        seen.update((xs * (2 ** torch.arange(length - 1, -1, -1))).sum(dim=1).tolist())
    return len(seen) / 2**length


@dataclass
class TrainOutcome:
    model: TwoOnesRNN
    settings: TrainSettings
    status: str
    seconds: float
    history: list[dict] = field(default_factory=list)
    accuracy: dict = field(default_factory=dict)


def train(settings: TrainSettings = TrainSettings(), report: Callable[..., None] | None = None,
          stop: threading.Event | None = None, device: torch.device | None = None) -> TrainOutcome:
    """Train a fresh TwoOnesRNN on the shared loop; reports step, loss and batch accuracy."""
    # weights from a generator of its own, never the process-wide one other visitors' threads share
    model = reset_parameters_(TwoOnesRNN(settings.hidden, settings.activation), torch.Generator().manual_seed(settings.seed))
    probe_x, probe_goal = sequence_batches(replace(settings, seed=settings.seed + 1))(0)
    history: list[dict] = []

    def on_progress(p):
        entry = {"step": p.step, "total": p.total, "loss": p.loss}
        if p.step % 10 == 0 or p.step == p.total:
            with torch.no_grad():
                dev = next(model.parameters()).device
                logits = model(probe_x.to(dev))[0]
                entry["accuracy"] = float(((logits > 0).float() == probe_goal.to(dev)).float().mean())
        history.append(entry)
        if report is not None:
            report(**entry)

    started = time.perf_counter()
    result = train_loop(model, sequence_batches(settings), summed_loss,
                        TrainConfig(steps=settings.steps, lr=settings.lr, clip_norm=5.0, seed=settings.seed),
                        on_progress=on_progress, stop=stop, device=device)
    return TrainOutcome(model=model, settings=settings, status=result.status, seconds=time.perf_counter() - started,
                        history=history, accuracy=exhaustive_accuracy(model))


@torch.no_grad()
def unit_roles(model: TwoOnesRNN, max_len: int = 10) -> pd.DataFrame:
    """For each hidden unit: its correlation with the current input x_t and the previous input
    x_{t-1}, over every step of every 0/1 string up to max_len (does training rediscover the
    hand-built "current" and "previous" slots?)."""
    model.eval()
    dev = next(model.parameters()).device
    hs, cur, prev = [], [], []
    for length in range(2, max_len + 1):
        xs = all_strings(length)
        h = model.hidden_states(torch.from_numpy(xs).float().to(dev)).cpu().double().numpy()
        hs.append(h[:, 1:].reshape(-1, h.shape[-1]))
        cur.append(xs[:, 1:].reshape(-1))
        prev.append(xs[:, :-1].reshape(-1))
    h, cur, prev = np.concatenate(hs), np.concatenate(cur), np.concatenate(prev)

    def corr(a, b):
        if a.std() < 1e-12 or b.std() < 1e-12:
            return 0.0
        return float(np.corrcoef(a, b)[0, 1])

    # a unit with one value on every step (a dead ReLU at 0, a tanh pinned at ±1, NaN after divergence)
    # has no correlation at all: its 0.0 means "undefined", and ``varies`` says which units those are
    varies = [bool(np.isfinite(h[:, j]).all() and h[:, j].std() >= 1e-12) for j in range(h.shape[1])]
    return pd.DataFrame({"unit": range(h.shape[1]),
                         "corr_current": [corr(h[:, j], cur) for j in range(h.shape[1])],
                         "corr_previous": [corr(h[:, j], prev) for j in range(h.shape[1])],
                         "varies": varies})


def note_figures(model: TwoOnesRNN) -> dict[str, str]:
    """The "How we know" figures of the shipped model, formatted: how many strings it trained on (from its
    card), the exhaustive check up to length 10 (every one of those strings opens a training string, see
    ``training_prefix_coverage``), strings longer than any it trained on, and its strongest unit roles."""
    exhaustive, unseen, roles = exhaustive_accuracy(model), unseen_accuracy(model), unit_roles(model)
    trained = model.card.hyperparameters["steps"] * model.card.hyperparameters["batch"]
    return {"train": f"{trained:,}", "n": f"{exhaustive['strings']:,}", "strings": f"{exhaustive['string_accuracy']:.2%}",
            "steps": f"{exhaustive['step_accuracy']:.2%}", "unseen_n": f"{unseen['strings']:,}",
            "unseen_len": str(unseen["length"]), "unseen_strings": f"{unseen['string_accuracy']:.2%}",
            "unseen_steps": f"{unseen['step_accuracy']:.2%}", "current": f"{roles['corr_current'].abs().max():.3f}",
            "previous": f"{roles['corr_previous'].abs().max():.3f}"}


def learned_weights(model: TwoOnesRNN) -> dict[str, np.ndarray]:
    sd = {k: v.detach().cpu().double().numpy() for k, v in model.state_dict().items()}
    return {"W_xh": sd["rnn.weight_ih_l0"], "W_hh": sd["rnn.weight_hh_l0"],
            "b_h": sd["rnn.bias_ih_l0"] + sd["rnn.bias_hh_l0"], "W_hy": sd["head.weight"], "b_y": sd["head.bias"]}


# --- the shipped model ------------------------------------------------------------------------------
SHIPPED_MODEL = "two_ones"
SHIPPED: dict[str, str] = {SHIPPED_MODEL: "torch RNN trained from scratch to detect two consecutive 1s"}


def load(name: str = SHIPPED_MODEL, directory=None, device=None) -> TwoOnesRNN:
    """The shipped TwoOnesRNN, frozen (eval mode, no gradients), with its ``card``; raises CheckpointError."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    tensors, card = load_checkpoint(name, directory, device=device)
    model = TwoOnesRNN(card.architecture["hidden"], card.architecture["activation"])
    model.load_state_dict(tensors)
    model.card = card  # like every shipped model: where it came from and how it scored
    return freeze(model.to(next(iter(tensors.values())).device))


def build(name: str, out_dir, device) -> ModelCard:
    """Train from scratch with the default settings, score on every string up to length 10, write it."""
    settings = TrainSettings()
    outcome = train(settings, device=device)
    card = ModelCard(
        name=SHIPPED_MODEL,
        architecture={"kind": "rnn", "hidden": settings.hidden, "activation": settings.activation, "input": 1,
                      "output": "one logit per step", "h0": "zeros"},
        vocabulary=[0, 1],
        data={"source": "random 0/1 sequences generated from the seed (no corpus)", "package": None, "version": None},
        split={"train": f"{settings.steps} batches of {settings.batch} random sequences of length {settings.length}",
               "test": f"every 0/1 string of length 1..10 ({count_strings(10)} strings), scored at every step"},
        hyperparameters={"lr": settings.lr, "steps": settings.steps, "batch": settings.batch, "length": settings.length,
                         "optimizer": "Adam", "clip_norm": 5.0, "loss": "sum over time of per-step BCE, mean over batch"},
        metrics={"test_string_accuracy": outcome.accuracy["string_accuracy"],
                 "test_step_accuracy": outcome.accuracy["step_accuracy"],
                 "final_train_loss": outcome.history[-1]["loss"]},
        device=str(device), training_seconds=round(outcome.seconds, 3), seed=settings.seed,
    )
    save_checkpoint(outcome.model.state_dict(), card, out_dir)
    return card

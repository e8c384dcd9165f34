"""Generating text from a character LM: one fast step, and the decoding strategies built on it.

``torch.nn.LSTM`` called one character at a time spends most of its time in dispatch, not in
arithmetic. ``FastSampler`` steps with numpy views of the model's own float32 weights (no
second copy: a server holds each weight once): for a small character set the first layer's input
projection becomes a lookup table (embedding x input weights + both biases, one row per
character; for a vocabulary of thousands it is computed per step, since the table would be four
times the embedding), and each layer does its matrix-vector products on transposed views. Every
step works on a batch of states, so beam search advances all its hypotheses at once.

Strategies (lecture 7, section 6): greedy (always the most likely character: it soon repeats
itself), sampling with a temperature, top-k, top-p (nucleus), and beam search. Each generated
step records the chosen character and the top 10 of the model's distribution, and every
sequence's log-probability is measured under the model itself (temperature 1), so strategies
compare on one scale.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from playground.errors import InputError, whole

STRATEGIES = ("greedy", "sample", "top_k", "top_p", "beam")


@functools.cache
def _gate_affine(H: int) -> tuple[np.ndarray, np.ndarray]:
    """Scale and shift that turn tanh(x / 2) into sigma(x) on the i, f, o blocks and leave g as tanh."""
    scale = np.full(4 * H, 0.5, dtype=np.float32)
    scale[2 * H : 3 * H] = 1.0
    return scale, np.where(scale == 0.5, 0.5, 0.0).astype(np.float32)
MAX_PROMPT = 2000
MAX_LENGTH = 2000
TOP = 10


@dataclass(frozen=True)
class Clamp:
    """Hold one unit of one layer at a value at every step (the LSTM's cell state, else the hidden state)."""

    layer: int
    unit: int
    value: float


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (np.tanh(0.5 * x) + 1.0)  # stable for any x


TABLE_MAX_VOCAB = 512  # above this many characters, the first layer's input projection is computed per step


class FastSampler:
    """A read-only view of a ``CharLM`` for stepping one character at a time (numpy arrays that
    share the model's float32 memory; only the small per-character table is new)."""

    def __init__(self, kind: str, vocab, embedding, first, deeper, head_w, head_b, hidden: int) -> None:
        self.kind, self.vocab, self.hidden = kind, vocab, hidden
        self.embedding = embedding  # (vocab, E)
        self.first = first  # layer 1: (W_ih^T, input bias, W_hh^T, hidden bias)
        self.deeper = deeper  # layers 2..: the same four arrays each
        w_ih, b_ih, _, b_hh = first
        input_bias = b_ih if kind == "gru" else b_ih + b_hh  # GRU: b_hn stays inside r * (...)
        self._input_bias = input_bias
        self.table = (np.ascontiguousarray(embedding @ w_ih + input_bias, dtype=np.float32)
                      if len(vocab) <= TABLE_MAX_VOCAB else None)
        self.head_w, self.head_b = head_w, head_b.copy()
        self.head_b[0] = -1e4  # index 0 is "a character never seen in training": never write it
        self.layers = 1 + len(deeper)
        self.index = vocab.index

    @classmethod
    def from_model(cls, model, vocab) -> FastSampler:
        rnn = model.rnn

        def view(tensor) -> np.ndarray:  # the tensor's own memory when it is float32 on the CPU
            return tensor.detach().cpu().float().numpy()

        def layer(k: int) -> tuple:
            return (view(getattr(rnn, f"weight_ih_l{k}")).T, view(getattr(rnn, f"bias_ih_l{k}")),
                    view(getattr(rnn, f"weight_hh_l{k}")).T, view(getattr(rnn, f"bias_hh_l{k}")))

        return cls(model.kind, vocab, view(model.embedding.weight), layer(0),
                   [layer(k) for k in range(1, model.layers)], view(model.head.weight).T, view(model.head.bias),
                   model.hidden)

    def input_projection(self, ids: np.ndarray) -> np.ndarray:
        """Layer 1's input part for each character in ``ids`` (with its biases): a table row, or computed."""
        if self.table is not None:
            return self.table[ids]
        return self.embedding[ids] @ self.first[0] + self._input_bias

    def lean_lstm(self):
        """The LSTM weights laid out for ``sample_text``: gate rows of i, f, o pre-scaled by 1/2 (so
        one tanh gives sigma(x) = (1 + tanh(x / 2)) / 2 for them), deeper layers as one matrix on
        [input, state, 1]. Built on first use and kept (read-only): only the bench and the live
        training's samples use it."""
        if getattr(self, "_lean", None) is None:
            half = _gate_affine(self.hidden)[0]
            table = self.table if self.table is not None else self.input_projection(np.arange(len(self.vocab)))
            deeper = [np.vstack([w_ih, w_hh, (b_ih + b_hh)[None, :]]) * half for w_ih, b_ih, w_hh, b_hh in self.deeper]
            self._lean = (table * half, self.first[2] * half, deeper, self.head_w)
        return self._lean

    def initial_state(self, n: int = 1) -> list[tuple[np.ndarray, np.ndarray | None]]:
        zeros = lambda: np.zeros((n, self.hidden), dtype=np.float32)  # noqa: E731
        return [(zeros(), zeros() if self.kind == "lstm" else None) for _ in range(self.layers)]

    def _cell(self, layer: int, pre_x: np.ndarray, h: np.ndarray, c, clamp: Clamp | None):
        H = self.hidden
        if self.kind == "lstm":
            i, f = _sigmoid(pre_x[:, :H]), _sigmoid(pre_x[:, H : 2 * H])
            g, o = np.tanh(pre_x[:, 2 * H : 3 * H]), _sigmoid(pre_x[:, 3 * H :])
            c = f * c + i * g
            if clamp is not None and clamp.layer == layer:
                c[:, clamp.unit] = clamp.value
            return o * np.tanh(c), c
        if self.kind == "gru":
            gi, gh = pre_x
            r = _sigmoid(gi[:, :H] + gh[:, :H])
            z = _sigmoid(gi[:, H : 2 * H] + gh[:, H : 2 * H])
            n = np.tanh(gi[:, 2 * H :] + r * gh[:, 2 * H :])
            h = (1.0 - z) * n + z * h
        else:
            h = np.tanh(pre_x)
        if clamp is not None and clamp.layer == layer:
            h[:, clamp.unit] = clamp.value
        return h, None

    def step(self, ids: np.ndarray, state, clamp: Clamp | None = None):
        """One character per row of ``ids`` -> (next-character logits, new state)."""
        new_state = []
        h0, c0 = state[0]
        _, _, w_hh, b_hh = self.first
        if self.kind == "gru":
            pre = (self.input_projection(ids), h0 @ w_hh + b_hh)
        else:
            pre = self.input_projection(ids) + h0 @ w_hh
        below = self._cell(0, pre, h0, c0, clamp)
        new_state.append(below)
        for k, (w_ih, b_ih, w_hh, b_hh) in enumerate(self.deeper, start=1):
            h, c = state[k]
            if self.kind == "gru":
                pre = (below[0] @ w_ih + b_ih, h @ w_hh + b_hh)
            else:
                pre = below[0] @ w_ih + h @ w_hh + (b_ih + b_hh)
            below = self._cell(k, pre, h, c, clamp)
            new_state.append(below)
        return below[0] @ self.head_w + self.head_b, new_state

    def encode(self, text: str) -> np.ndarray:
        return np.array([self.index.get(ch, 0) for ch in text], dtype=np.int64)

    def feed(self, text: str, state=None, clamp: Clamp | None = None):
        """Read ``text``; return the logits after its last character and the state."""
        state = state if state is not None else self.initial_state(1)
        logits = None
        for i in self.encode(text):
            logits, state = self.step(np.array([i]), state, clamp)
        return logits, state


def gumbel_noise(seed: int, length: int, vocab_size: int) -> np.ndarray:
    """(length, vocab) standard Gumbel noise, -log(-log U), for ``sample_text``'s draws."""
    uniform = np.random.default_rng(seed).random((length, vocab_size))
    return (-np.log(-np.log(np.clip(uniform, 1e-12, 1 - 1e-12)))).astype(np.float32)


def sample_text(sampler: FastSampler, prompt: str, length: int, temperature: float = 1.0, seed: int = 0) -> str:
    """Plain temperature sampling at full speed: no per-step records (the bench's and the live
    training's sampler). For an LSTM each step is three matrix-vector products and a dozen vector
    operations on 1-D arrays: the first layer's input projection is a table row, all four gates go
    through one tanh (sigma(x) = (1 + tanh(x / 2)) / 2), and the next character is drawn with the
    Gumbel-max trick (argmax of logits / T plus Gumbel noise drawn up front: an exact sample of
    softmax(logits / T) in two vector operations)."""
    check_prompt(sampler, prompt)
    check_settings(length, temperature, 1, 1.0, 1)
    if sampler.kind != "lstm":
        return generate(sampler, prompt, length, "sample", temperature=temperature, seed=seed).text
    table, w_hh0, deeper, head_w = sampler.lean_lstm()
    inv_t = np.float32(1.0 / temperature)
    head_w = head_w * inv_t
    noise = gumbel_noise(seed, int(length), len(sampler.vocab)) + sampler.head_b * inv_t  # bias folded in
    logits, state = sampler.feed(prompt)
    logits = (logits[0] - sampler.head_b) * inv_t  # noise already carries the bias
    H, L = sampler.hidden, sampler.layers
    scale, shift = _gate_affine(H)
    # Preallocated buffers, written in place (no allocation, no slicing inside the loop). Deeper
    # layer k reads cats[k - 1] = [h of layer k-1, its own h, 1]; each h lives where it is read.
    cats = [np.ones(2 * H + 1, dtype=np.float32) for _ in range(L - 1)]
    h_at = [cats[0][:H] if L > 1 else np.empty(H, dtype=np.float32)]
    h_at += [cats[k - 1][H : 2 * H] for k in range(1, L)]
    copy_to = [cats[k][:H] if 1 <= k < L - 1 else None for k in range(L)]
    pre = [np.empty(4 * H, dtype=np.float32) for _ in range(L)]
    gates = [(p[:H], p[H : 2 * H], p[2 * H : 3 * H], p[3 * H :]) for p in pre]
    cells = [c[0].copy() for _, c in state]
    tmp = np.empty(H, dtype=np.float32)
    for k, (h, _) in enumerate(state):
        h_at[k][:] = h[0]
        if copy_to[k] is not None:
            copy_to[k][:] = h[0]
    logits = logits.astype(np.float32)
    out = []
    for row in noise:
        np.add(logits, row, out=logits)
        idx = int(np.argmax(logits))
        out.append(idx)
        for k in range(L):
            if k:
                np.dot(cats[k - 1], deeper[k - 1], out=pre[k])
            else:
                np.dot(h_at[0], w_hh0, out=pre[0])
                np.add(pre[0], table[idx], out=pre[0])
            p, (i, f, g, o), c = pre[k], gates[k], cells[k]
            np.tanh(p, out=p)
            np.multiply(p, scale, out=p)
            np.add(p, shift, out=p)  # i, f, o as sigmoids; g as tanh
            np.multiply(f, c, out=c)
            np.multiply(i, g, out=tmp)
            np.add(c, tmp, out=c)
            np.tanh(c, out=tmp)
            np.multiply(o, tmp, out=h_at[k])
            if copy_to[k] is not None:
                copy_to[k][:] = h_at[k]
        np.dot(h_at[L - 1], head_w, out=logits)
    return sampler.vocab.decode(out)


def log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def check_prompt(sampler: FastSampler, prompt: str) -> list[str]:
    """Raise for an unusable prompt (empty, too long, or too little of it known to the model to
    continue it: ``playground.coverage``); return the characters the model has never seen (read as unknown)."""
    if not prompt:
        raise InputError("empty_text")
    if len(prompt) > MAX_PROMPT:
        raise InputError("text_too_long", length=len(prompt), limit=MAX_PROMPT)
    sampler.vocab.coverage(prompt).require()
    return sampler.vocab.unknown(prompt)


def check_settings(length: int, temperature: float, top_k: int, top_p: float, width: int) -> None:
    if not 1 <= whole(length) <= MAX_LENGTH:
        raise InputError("out_of_range", name="length", low=1, high=MAX_LENGTH)
    if not (math.isfinite(temperature) and 0.01 <= temperature <= 100):
        raise InputError("out_of_range", name="temperature", low=0.01, high=100)
    if not whole(top_k) >= 1:
        raise InputError("out_of_range", name="top_k", low=1, high="|V|")
    if not (math.isfinite(top_p) and 0 < top_p <= 1):
        raise InputError("out_of_range", name="top_p", low=0, high=1)
    if not 1 <= whole(width) <= 20:
        raise InputError("out_of_range", name="width", low=1, high=20)


@dataclass
class StepRecord:
    char: str
    log_prob: float  # of the chosen character under the model (temperature 1)
    top: list[tuple[str, float]]  # the model's 10 most likely next characters and their probabilities


@dataclass
class Generation:
    prompt: str
    strategy: str
    text: str = ""
    log_prob: float = 0.0
    steps: list[StepRecord] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)

    @property
    def mean_log_prob(self) -> float:
        return self.log_prob / max(1, len(self.text))

    @classmethod
    def from_records(cls, prompt: str, strategy: str, records: list[StepRecord], unknown: list[str]) -> Generation:
        """A generation from the step records ``iter_generate`` yielded (e.g. after streaming them)."""
        records = list(records)
        return cls(prompt, strategy, "".join(r.char for r in records), sum(r.log_prob for r in records), records,
                   list(unknown))


def _choose(logp: np.ndarray, strategy: str, temperature: float, top_k: int, top_p: float, rng) -> int:
    if strategy == "greedy":
        return int(np.argmax(logp))
    scaled = logp / temperature
    probs = np.exp(scaled - scaled.max())
    if strategy == "top_k":
        k = min(int(top_k), len(probs))
        cutoff = np.partition(probs, -k)[-k]
        probs = np.where(probs >= cutoff, probs, 0.0)
    elif strategy == "top_p":
        order = np.argsort(-probs)
        sorted_p = probs[order] / probs.sum()
        keep = int(np.searchsorted(np.cumsum(sorted_p), top_p) + 1)  # smallest set whose mass reaches p
        mask = np.zeros_like(probs)
        mask[order[:keep]] = 1.0
        probs = probs * mask
    probs = probs / probs.sum()
    return int(rng.choice(len(probs), p=probs))


def iter_generate(sampler: FastSampler, prompt: str, length: int, strategy: str = "sample", temperature: float = 1.0,
                  top_k: int = 10, top_p: float = 0.9, seed: int = 0, clamp: Clamp | None = None) -> Iterator[StepRecord]:
    """Yield one generated character at a time (greedy, sample, top_k or top_p)."""
    if strategy not in STRATEGIES or strategy == "beam":
        raise InputError("bad_choice", name=strategy)
    check_prompt(sampler, prompt)
    check_settings(length, temperature, top_k, top_p, 1)
    rng = np.random.default_rng(seed)
    logits, state = sampler.feed(prompt, clamp=clamp)
    for _ in range(int(length)):
        logp = log_softmax(logits[0].astype(np.float64))
        choice = _choose(logp, strategy, temperature, top_k, top_p, rng)
        top = np.argsort(-logp)[:TOP]
        yield StepRecord(sampler.vocab.chars[choice], float(logp[choice]),
                         [(sampler.vocab.chars[j], float(np.exp(logp[j]))) for j in top])
        logits, state = sampler.step(np.array([choice]), state, clamp)


def generate(sampler: FastSampler, prompt: str, length: int, strategy: str = "sample", **options) -> Generation:
    if strategy == "beam":
        return beam_search(sampler, prompt, length, **{k: v for k, v in options.items()
                                                      if k in ("width", "length_penalty", "end")})
    options = {k: v for k, v in options.items() if k not in ("width", "length_penalty", "end")}
    unknown = check_prompt(sampler, prompt)
    return Generation.from_records(prompt, strategy, iter_generate(sampler, prompt, length, strategy, **options), unknown)


def length_normaliser(length: int, alpha: float) -> float:
    """GNMT's length penalty ((5 + |y|) / 6) ** alpha; alpha = 0 ranks by raw log-probability."""
    return ((5.0 + length) / 6.0) ** alpha


@dataclass
class Beam:
    ids: list[int]
    log_prob: float
    finished: bool = False


def beam_search(sampler: FastSampler, prompt: str, length: int, width: int = 5, length_penalty: float = 0.0,
                end: str = "\n\n") -> Generation:
    """Keep the ``width`` most likely continuations at every step. A hypothesis finishes when it
    writes ``end`` (a blank line: the end of a speech or a block); the winner is the best by
    log-probability / length_normaliser among the finished ones and those still open at ``length``."""
    unknown = check_prompt(sampler, prompt)
    check_settings(length, 1.0, 1, 1.0, width)
    logits, state = sampler.feed(prompt)
    alive = [Beam([], 0.0)]
    finished: list[Beam] = []
    chars = sampler.vocab.chars
    for _ in range(int(length)):
        logp = log_softmax(logits.astype(np.float64))  # (len(alive), V)
        totals = np.array([b.log_prob for b in alive])[:, None] + logp
        flat = np.argsort(-totals, axis=None)[: int(width)]
        rows, cols = np.unravel_index(flat, totals.shape)
        next_alive, keep_rows = [], []
        for r, c in zip(rows, cols, strict=True):
            beam = Beam(alive[r].ids + [int(c)], float(totals[r, c]))
            text = "".join(chars[i] for i in beam.ids[-len(end):]) if end else ""
            if end and text == end:
                beam.finished = True
                finished.append(beam)
            else:
                next_alive.append(beam)
                keep_rows.append(r)
        if not next_alive:
            break
        ids = np.array([b.ids[-1] for b in next_alive])
        state = [(h[keep_rows], None if c is None else c[keep_rows]) for h, c in state]
        logits, state = sampler.step(ids, state)
        alive = next_alive
    candidates = finished + alive
    best = max(candidates, key=lambda b: b.log_prob / length_normaliser(len(b.ids), length_penalty))
    text = "".join(chars[i] for i in best.ids)
    out = Generation(prompt, "beam", text=text, log_prob=best.log_prob, unknown=unknown)
    out.steps = _records_along(sampler, prompt, best.ids)
    return out


def beam_continuations(sampler: FastSampler, context: str, k: int, width: int,
                       banned: tuple[str, ...] = ()) -> dict[str, float]:
    """Beam search of exactly ``k`` characters after ``context`` (no end marker): the ``width``
    most likely continuations and their log-probabilities. Never proposes "unknown" (index 0) nor
    any character in ``banned`` (the cloze bans the sentence boundary inside a sentence)."""
    logits, state = sampler.feed(context)
    texts, scores = [""], [0.0]
    for position in range(k):
        lp = log_softmax(logits.astype(np.float64))
        lp[:, 0] = -np.inf
        for ch in banned:
            lp[:, sampler.index.get(ch, 0)] = -np.inf
        grown = []
        for row, (text, logp) in enumerate(zip(texts, scores, strict=True)):
            for j in np.argsort(-lp[row])[:width]:
                grown.append((text + sampler.vocab.chars[j], logp + float(lp[row, j]), row, j))
        grown.sort(key=lambda g: -g[1])
        grown = grown[:width]
        texts, scores = [g[0] for g in grown], [g[1] for g in grown]
        if position + 1 < k:  # every surviving beam steps at once (one row each): one matrix product, not `width`
            rows, ids = np.array([g[2] for g in grown]), np.array([g[3] for g in grown])
            state = [(h[rows], None if c is None else c[rows]) for h, c in state]
            logits, state = sampler.step(ids, state)
    return dict(zip(texts, scores, strict=True))


def _records_along(sampler: FastSampler, prompt: str, ids: list[int]) -> list[StepRecord]:
    """Step records for a given continuation (to show the distributions beam search walked through)."""
    logits, state = sampler.feed(prompt)
    records = []
    for i in ids:
        logp = log_softmax(logits[0].astype(np.float64))
        top = np.argsort(-logp)[:TOP]
        records.append(StepRecord(sampler.vocab.chars[i], float(logp[i]),
                                  [(sampler.vocab.chars[j], float(np.exp(logp[j]))) for j in top]))
        logits, state = sampler.step(np.array([i]), state)
    return records


def candidate_log_probs(sampler: FastSampler, prompt: str, candidates: list[str]) -> list[float]:
    """log p(candidate | prompt) for many candidates of one length: the prompt is read once and
    the candidates go on from its state side by side (one row each), instead of reading the
    prompt again for every candidate (the cloze scores ~90 candidates after a 60-character context)."""
    if not candidates:
        return []
    lengths = {len(c) for c in candidates}
    if len(lengths) != 1:
        return [sequence_log_prob(sampler, prompt, c) for c in candidates]
    logits, state = sampler.feed(prompt)
    n = len(candidates)
    state = [(np.repeat(h, n, axis=0), None if c is None else np.repeat(c, n, axis=0)) for h, c in state]
    logits = np.repeat(logits, n, axis=0)
    ids = np.stack([sampler.encode(c) for c in candidates])  # (n, k)
    total = np.zeros(n)
    for position in range(ids.shape[1]):
        logp = log_softmax(logits.astype(np.float64))
        total += logp[np.arange(n), ids[:, position]]
        if position + 1 < ids.shape[1]:
            logits, state = sampler.step(ids[:, position], state)
    return total.tolist()


def sequence_log_prob(sampler: FastSampler, prompt: str, continuation: str) -> float:
    """log p(continuation | prompt) under the model (natural log)."""
    return sum(r.log_prob for r in _records_along(sampler, prompt, list(sampler.encode(continuation))))


def repetition(text: str, n: int = 20) -> float:
    """Share of the text's length-``n`` substrings that occur more than once (greedy's loops show here)."""
    grams = [text[i : i + n] for i in range(max(0, len(text) - n + 1))]
    if not grams:
        return 0.0
    counts: dict[str, int] = {}
    for g in grams:
        counts[g] = counts.get(g, 0) + 1
    return sum(1 for g in grams if counts[g] > 1) / len(grams)

"""The numpy engine a character LM generates with: one fast step, and the fused sampler.

``torch.nn.LSTM`` called one character at a time spends most of its time in dispatch, not in
arithmetic. ``FastSampler`` steps with numpy views of the model's own float32 weights (no
second copy: a server holds each weight once): for a small character set the first layer's input
projection becomes a lookup table (embedding x input weights + both biases, one row per
character; for a vocabulary of thousands it is computed per step, since the table would be four
times the embedding), and each layer does its products on transposed views. Every step works on a
batch of states, so beam search advances all its hypotheses at once, and every visitor's decoders
share one step loop (``serve``, ``playground.core.batching``): one matrix product per layer for
all their rows (2026-12-06, 256 units: 8 rows in one sgemm 67 us, one by one 183 us).

An LSTM without a clamped unit steps in the lean layout (``lean_step``): the i, f, o gate columns
pre-scaled by 1/2, so one tanh over all four gates gives sigma(x) = (1 + tanh(x / 2)) / 2 for them,
and deeper layers as one product on [input, state, 1].

``sample_text`` is plain temperature sampling at full speed, with no per-step records. The
decoding strategies, which keep those records, are ``playground.models.charlm.decoding``'s.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from playground.core import batching
from playground.core.decoding import check_decoding_settings
from playground.core.errors import InputError, whole

MAX_PROMPT = 2000
MAX_LENGTH = 2000
FED_KEPT = 32  # prompts whose read state each sampler keeps (a few floats each): the strategies compared share one


@functools.cache
def _gate_affine(H: int) -> tuple[np.ndarray, np.ndarray]:
    """Scale and shift that turn tanh(x / 2) into sigma(x) on the i, f, o blocks and leave g as tanh."""
    scale = np.full(4 * H, 0.5, dtype=np.float32)
    scale[2 * H : 3 * H] = 1.0
    return scale, np.where(scale == 0.5, 0.5, 0.0).astype(np.float32)


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

    CACHES = ("_fed", "_lean", "_lean_first", "_loop")  # filled as sessions use it (diagnostics leaves them out)

    def __init__(self, kind: str, vocab, embedding, first, deeper, head_w, head_b, hidden: int,
                 identity: str = "") -> None:
        self.kind, self.vocab, self.hidden = kind, vocab, hidden
        self.identity = identity  # what the server's shared caches call it (playground.core.identity)
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
        self._fed: OrderedDict = OrderedDict()
        self._fed_lock = threading.Lock()  # the sampler is shared by every session
        self._lean_first = None  # lean_step's weights, made on first use
        self._loop: batching.StepLoop | None = None

    @classmethod
    def from_model(cls, model, vocab, identity: str = "") -> FastSampler:
        rnn = model.rnn

        def view(tensor) -> np.ndarray:  # the tensor's own memory when it is float32 on the CPU
            return tensor.detach().cpu().float().numpy()

        def layer(k: int) -> tuple:
            return (view(getattr(rnn, f"weight_ih_l{k}")).T, view(getattr(rnn, f"bias_ih_l{k}")),
                    view(getattr(rnn, f"weight_hh_l{k}")).T, view(getattr(rnn, f"bias_hh_l{k}")))

        return cls(model.kind, vocab, view(model.embedding.weight), layer(0),
                   [layer(k) for k in range(1, model.layers)], view(model.head.weight).T, view(model.head.bias),
                   model.hidden, identity)

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

    @staticmethod
    def _times(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        return x @ w

    def step(self, ids: np.ndarray, state, clamp: Clamp | None = None):
        """One character per row of ``ids`` -> (next-character logits, new state)."""
        if self.kind == "lstm" and clamp is None:
            return self.lean_step(ids, state)
        new_state = []
        h0, c0 = state[0]
        _, _, w_hh, b_hh = self.first
        if self.kind == "gru":
            pre = (self.input_projection(ids), self._times(h0, w_hh) + b_hh)
        else:
            pre = self.input_projection(ids) + self._times(h0, w_hh)
        below = self._cell(0, pre, h0, c0, clamp)
        new_state.append(below)
        for k, (w_ih, b_ih, w_hh, b_hh) in enumerate(self.deeper, start=1):
            h, c = state[k]
            if self.kind == "gru":
                pre = (self._times(below[0], w_ih) + b_ih, self._times(h, w_hh) + b_hh)
            else:
                pre = self._times(below[0], w_ih) + self._times(h, w_hh) + (b_ih + b_hh)
            below = self._cell(k, pre, h, c, clamp)
            new_state.append(below)
        return self._times(below[0], self.head_w) + self.head_b, new_state

    def _lean_weights(self):
        """(layer 1's input: a scaled table, or scaled W_ih^T and bias; scaled W_hh^T; deeper layers; scale, shift)."""
        if self._lean_first is None:
            half, shift = _gate_affine(self.hidden)
            w_ih, _, w_hh, _ = self.first
            first = (self.table * half,) if self.table is not None else (w_ih * half, self._input_bias * half)
            deeper = [np.vstack([w_ih, w_hh, (b_ih + b_hh)[None, :]]) * half for w_ih, b_ih, w_hh, b_hh in self.deeper]
            self._lean_first = (first, w_hh * half, deeper, half, shift)
        return self._lean_first

    def lean_step(self, ids: np.ndarray, state):
        """``step`` for an LSTM with no clamp, in the lean layout (module docstring)."""
        first, w_hh0, deeper, scale, shift = self._lean_weights()
        h, c = state[0]
        pre = h @ w_hh0
        pre += first[0][ids] if len(first) == 1 else self.embedding[ids] @ first[0] + first[1]
        new_state = [self._lean_cell(pre, c, scale, shift)]
        for k, w in enumerate(deeper, start=1):
            below, (h, c) = new_state[-1][0], state[k]
            pre = np.concatenate([below, h, np.ones((len(h), 1), dtype=h.dtype)], axis=1) @ w
            new_state.append(self._lean_cell(pre, c, scale, shift))
        return new_state[-1][0] @ self.head_w + self.head_b, new_state

    def read_states(self, ids: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """Every layer's (h, c) after each character of ``ids`` (T x hidden each), from a fresh state: an LSTM
        with no clamp, read layer by layer in the lean layout. A layer's input share for the whole text is one
        product (the layer below read first), so a step is one product with the state and the gates: the
        cells page's 1,500-character passage, 3,000 steps, cost a third of stepping through the text (the
        same numbers to float32 rounding: tests/test_charlm.py)."""
        first, w_hh0, deeper, scale, shift = self._lean_weights()
        H = self.hidden
        layers: list[tuple[np.ndarray, np.ndarray]] = []
        for k in range(self.layers):
            if k == 0:
                inputs = first[0][ids] if len(first) == 1 else self.embedding[ids] @ first[0] + first[1]
                w_hh = w_hh0
            else:  # rows of a deeper layer's weights: the input's W_ih^T, the state's W_hh^T, the bias
                w = deeper[k - 1]
                inputs, w_hh = layers[-1][0] @ w[:H] + w[2 * H], w[H:2 * H]
            hs, cs = np.empty((len(ids), H), dtype=np.float32), np.empty((len(ids), H), dtype=np.float32)
            h, c = np.zeros((1, H), dtype=np.float32), np.zeros((1, H), dtype=np.float32)
            for t in range(len(ids)):
                pre = h @ w_hh
                pre += inputs[t]
                h, c = self._lean_cell(pre, c, scale, shift)
                hs[t], cs[t] = h[0], c[0]
            layers.append((hs, cs))
        return layers

    def _lean_cell(self, pre: np.ndarray, c: np.ndarray, scale: np.ndarray, shift: np.ndarray):
        H = self.hidden
        np.tanh(pre, out=pre)
        pre *= scale
        pre += shift  # i, f, o as sigmoids; g as tanh
        c = pre[:, H : 2 * H] * c + pre[:, :H] * pre[:, 2 * H : 3 * H]
        return pre[:, 3 * H :] * np.tanh(c), c

    def serve(self, decoder: batching.Decoder, clamp: Clamp | None = None):
        """Run a decoder (``playground.core.batching``) on this model: in the step loop every session
        shares, or alone in the caller's thread for a clamped unit (or with batching switched off)."""
        if clamp is not None or not batching.enabled():
            return batching.alone(lambda ids, state: self.step(ids, state, clamp), decoder)
        if self._loop is None:
            with self._fed_lock:
                if self._loop is None:
                    self._loop = batching.StepLoop(self.step, name=self.identity or self.kind)
        return self._loop.run(decoder)

    def encode(self, text: str) -> np.ndarray:
        return np.array([self.index.get(ch, 0) for ch in text], dtype=np.int64)

    def feed(self, text: str, state=None, clamp: Clamp | None = None):
        """Read ``text``; return the logits after its last character and the state."""
        return self.serve(reading(self.encode(text), state if state is not None else self.initial_state(1)), clamp)

    def fed(self, prompt: str, clamp: Clamp | None = None):
        """``feed(prompt)`` from a fresh state, kept for the last FED_KEPT prompts: the strategies a
        page compares, and its lab, all go on from the same prompt. Read-only arrays (shared)."""
        key = (prompt, clamp)
        with self._fed_lock:
            kept = self._fed.get(key)
            if kept is not None:
                self._fed.move_to_end(key)
                return kept
        logits, state = self.feed(prompt, clamp=clamp)
        for array in (logits, *(a for pair in state for a in pair)):
            if array is not None:  # (no logits for an empty prompt)
                array.flags.writeable = False
        with self._fed_lock:
            self._fed[key] = (logits, state)
            while len(self._fed) > FED_KEPT:
                self._fed.popitem(last=False)
        return logits, state


def reading(ids: np.ndarray, state):
    """A decoder that reads the characters ``ids`` into one sequence's ``state`` -> (the logits after
    the last, or None for no characters; the state)."""
    logits = None
    for i in ids:
        logits, state = yield np.array([i]), state
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
    check_length(length)
    check_decoding_settings(temperature, seed=seed, max_width=1)
    if sampler.kind != "lstm":
        return _sample_text_any_cell(sampler, prompt, int(length), temperature, seed)
    _, _, _, head_w = sampler.lean_lstm()
    inv_t = np.float32(1.0 / temperature)
    head_w = head_w * inv_t
    noise = gumbel_noise(seed, int(length), len(sampler.vocab)) + sampler.head_b * inv_t  # bias folded in
    logits, state = sampler.fed(prompt)
    logits = ((logits[0] - sampler.head_b) * inv_t).astype(np.float32)  # noise already carries the bias
    lstm = LeanLSTM(sampler, state)
    out = []
    for row in noise:
        np.add(logits, row, out=logits)
        idx = int(np.argmax(logits))
        out.append(idx)
        np.dot(lstm.read(idx), head_w, out=logits)
    return sampler.vocab.decode(out)


class LeanLSTM:
    """One sequence of an LSTM stepped in ``FastSampler.lean_lstm``'s layout, from ``state`` (a
    batch of one): three matrix-vector products and a dozen vector operations a step, on 1-D
    buffers preallocated and written in place (no allocation, no slicing inside the step)."""

    def __init__(self, sampler: FastSampler, state) -> None:
        self.table, self.w_hh0, self.deeper, _ = sampler.lean_lstm()
        H, L = sampler.hidden, sampler.layers
        self.layers = L
        self.scale, self.shift = _gate_affine(H)
        # Deeper layer k reads cats[k - 1] = [h of layer k-1, its own h, 1]; each h lives where it is read.
        self.cats = [np.ones(2 * H + 1, dtype=np.float32) for _ in range(L - 1)]
        self.h_at = [self.cats[0][:H] if L > 1 else np.empty(H, dtype=np.float32)]
        self.h_at += [self.cats[k - 1][H : 2 * H] for k in range(1, L)]
        self.copy_to = [self.cats[k][:H] if 1 <= k < L - 1 else None for k in range(L)]
        self.pre = [np.empty(4 * H, dtype=np.float32) for _ in range(L)]
        self.gates = [(p[:H], p[H : 2 * H], p[2 * H : 3 * H], p[3 * H :]) for p in self.pre]
        self.cells = [c[0].copy() for _, c in state]
        self.tmp = np.empty(H, dtype=np.float32)
        for k, (h, _) in enumerate(state):
            self.h_at[k][:] = h[0]
            if self.copy_to[k] is not None:
                self.copy_to[k][:] = h[0]

    def read(self, idx: int) -> np.ndarray:
        """Read character ``idx``; the last layer's h (a buffer the next ``read`` overwrites)."""
        cats, deeper, pre, gates, cells, h_at, copy_to = (self.cats, self.deeper, self.pre, self.gates, self.cells,
                                                          self.h_at, self.copy_to)
        scale, shift, tmp = self.scale, self.shift, self.tmp
        for k in range(self.layers):
            if k:
                np.dot(cats[k - 1], deeper[k - 1], out=pre[k])
            else:
                np.dot(h_at[0], self.w_hh0, out=pre[0])
                np.add(pre[0], self.table[idx], out=pre[0])
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
        return h_at[-1]


def _sample_text_any_cell(sampler: FastSampler, prompt: str, length: int, temperature: float, seed: int) -> str:
    """``sample_text`` for a GRU or a plain RNN: the same Gumbel-max draws, on the ordinary step."""
    logits, state = sampler.fed(prompt)
    out = []
    for noise in gumbel_noise(seed, length, len(sampler.vocab)):
        out.append(int(np.argmax(logits[0] / temperature + noise)))
        if len(out) < length:
            logits, state = sampler.step(np.array(out[-1:]), state)
    return sampler.vocab.decode(out)


# A cloze step's arrays are 30-78 rows x 3,490 characters in float64, each over the line from which glibc maps
# a block afresh (playground.core.runtime): these write in place where they can.
def log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return log_softmax_in_place(shifted, shifted_already=True)


def log_softmax_in_place(values: np.ndarray, shifted_already: bool = False) -> np.ndarray:
    """``values`` (float64, ours to overwrite) made its log-softmax, with one scratch array; returns it."""
    if not shifted_already:
        values -= values.max(axis=-1, keepdims=True)
    values -= np.log(np.exp(values).sum(axis=-1, keepdims=True))
    return values


def picked_log_softmax(logits: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """``log_softmax(logits)[rows, cols]`` by the same arithmetic, without writing out the whole matrix."""
    top = logits.max(axis=-1, keepdims=True)
    shifted = logits - top
    normaliser = np.log(np.exp(shifted, out=shifted).sum(axis=-1))
    return (logits[rows, cols] - top[rows, 0]) - normaliser[rows]


def check_prompt(sampler: FastSampler, prompt: str) -> list[str]:
    """Raise for an unusable prompt (empty, too long, or too little of it known to the model to
    continue it: ``playground.core.coverage``); return the characters the model has never seen (read as unknown)."""
    if not prompt:
        raise InputError("empty_text")
    if len(prompt) > MAX_PROMPT:
        raise InputError("text_too_long", length=len(prompt), limit=MAX_PROMPT)
    sampler.vocab.coverage(prompt).require()
    return sampler.vocab.unknown(prompt)


def check_length(length: int) -> None:
    if not 1 <= whole(length) <= MAX_LENGTH:
        raise InputError("out_of_range", name="length", low=1, high=MAX_LENGTH)

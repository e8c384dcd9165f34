"""Sentiment classifiers read token by token: tokenisers, vocabulary, the network, traces.

RNN / LSTM / GRU classifiers (Chinese characters, English words; embeddings learned) and an
order-blind bag-of-tokens baseline. A recurrent classifier reads the text left to right and
classifies its current state h_t (p = sigma(w_y h_t + b)), so "the probability after each
prefix" is exactly what the model would say about that prefix. The bag classifies the mean of
the embeddings so far. Training lives in ``recipes``, the lecture's scalar example in ``walkthrough``.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import weakref
from collections import Counter, OrderedDict
from dataclasses import dataclass

import numpy as np
import pandas as pd
import torch
from torch import nn

from playground.core.cells import CellWeights
from playground.core.checkpoints import ModelCard, freeze, half_embeddings, load_checkpoint
from playground.core.coverage import Coverage, coverage, require_language
from playground.core.datasets import reviews
from playground.core.datasets.reviews import by_split
from playground.core.errors import InputError

MAX_CHARS = 500
CELLS = ("rnn", "lstm", "gru")
KINDS = ("bag", *CELLS)
LANGS = ("zh", "en")
PAD, UNK = 0, 1


# --- tokens ----------------------------------------------------------------------------------------
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[^\sa-z0-9]")


def tokenize(text: str, lang: str) -> list[str]:
    """Chinese: characters (spaces dropped). English: lower-cased words and punctuation marks."""
    if lang == "zh":
        return [ch for ch in text if not ch.isspace()]
    return WORD.findall(text.lower())


def features(tokens: list[str], lang: str, bigrams: bool = True) -> list[list[str]]:
    """What each position feeds the model. Chinese adds the bigram ending at the character (it
    carries word-like units without a segmenter). English adds the word's first four and last
    three letters, so a rare word ("unwatchable") shares a vector part with its kin ("unwatched",
    "laughable"). The order-blind baseline gets the tokens alone: a bigram already knows which
    character came first. (Measured over two seeds, issue 18: the English pieces lifted validation
    for the LSTM and the GRU, the LSTM's test accuracy and the GRU's challenge development half; a
    Chinese trigram slot and jieba words did not help.)"""
    if lang == "zh" and bigrams:
        return [[tok, (tokens[i - 1] if i else "^") + tok] for i, tok in enumerate(tokens)]
    if lang == "en" and bigrams:
        return [[tok, tok[:4] + "-", "-" + tok[-3:]] for tok in tokens]
    return [[tok] for tok in tokens]


def slot_count(lang: str, bigrams: bool) -> int:
    return len(features(["a"], lang, bigrams)[0])


@dataclass
class Vocab:
    items: list[list[str]]  # per feature slot: index -> string (0 <pad>, 1 <unk>)

    @classmethod
    def build(cls, texts: list[str], lang: str, min_counts=(2, 3, 3), bigrams: bool = True) -> Vocab:
        slots = [Counter() for _ in range(slot_count(lang, bigrams))]
        for text in texts:
            for feats in features(tokenize(text, lang), lang, bigrams):
                for k, f in enumerate(feats):
                    slots[k][f] += 1
        return cls([["<pad>", "<unk>"] + sorted(f for f, n in c.items() if n >= min_counts[k])
                    for k, c in enumerate(slots)])

    def lookup(self):
        """Per slot, string -> index (built once per vocabulary and kept: 47,075 Chinese entries)."""
        if getattr(self, "_lookup", None) is None:
            self._lookup = [{f: i for i, f in enumerate(items)} for items in self.items]
        return self._lookup

    def sizes(self) -> list[int]:
        return [len(items) for items in self.items]


def encode(text: str, lang: str, vocab: Vocab, lookup=None, max_tokens: int = 200) -> list[list[int]]:
    return encode_tokens(tokenize(text, lang)[:max_tokens], lang, vocab, lookup)


def encode_tokens(tokens: list[str], lang: str, vocab: Vocab, lookup=None) -> list[list[int]]:
    """The ids of each token's features (a feature depends on the token and the one before it only)."""
    lookup = lookup or vocab.lookup()
    return [[lookup[k].get(f, UNK) for k, f in enumerate(fs)] for fs in features(tokens, lang, bigrams=len(vocab.items) > 1)]


def pad_batch(encoded: list[list[list[int]]]) -> torch.Tensor:
    """(B, L, F) long tensor, zero-padded on the right."""
    width = max(len(e) for e in encoded)
    slots = len(encoded[0][0]) if encoded[0] else 1
    out = torch.zeros(len(encoded), max(width, 1), slots, dtype=torch.long)
    for i, e in enumerate(encoded):
        if e:
            out[i, : len(e)] = torch.tensor(e)
    return out


# --- models ----------------------------------------------------------------------------------------
class SentimentNet(nn.Module):
    """Embeddings (summed over feature slots) -> RNN/LSTM/GRU -> the state at the last token ->
    logit. kind="bag": no recurrence, the mean of the embeddings (order-blind baseline).

    (Measured: classifying the last state instead of the mean of all states kept test accuracy
    and lifted the order-sensitive challenge set from below the bag baseline to above it.)"""

    def __init__(self, kind: str, vocab_sizes: list[int], embed: int = 64, hidden: int = 128, dropout: float = 0.3,
                 pool: str = "last"):
        super().__init__()
        self.kind, self.pool = kind, pool
        self.embeds = nn.ModuleList(nn.Embedding(n, embed, padding_idx=PAD) for n in vocab_sizes)
        self.drop = nn.Dropout(dropout)
        if kind != "bag":
            self.rnn = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[kind](embed, hidden, batch_first=True)
        self.out = nn.Linear(embed if kind == "bag" else hidden, 1)

    def embed(self, x: torch.Tensor) -> torch.Tensor:
        return sum(emb(x[..., k]) for k, emb in enumerate(self.embeds))

    def forward(self, x: torch.Tensor, state=None):
        mask = (x[..., 0] != PAD).float()
        e = self.drop(self.embed(x))
        if self.kind == "bag":
            pooled = (e * mask[..., None]).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
        elif self.pool == "max":  # each unit's largest value over the states read so far
            pooled = self.rnn(e)[0].masked_fill(mask[..., None] == 0, -torch.inf).amax(1)
        else:  # right-padded batches: the last real token's state
            last = mask.sum(1).long().clamp(min=1) - 1
            pooled = self.rnn(e)[0][torch.arange(x.shape[0], device=x.device), last]
        return self.out(self.drop(pooled)).squeeze(-1), None


@dataclass
class Classifier:
    """A trained model with its vocabulary: ``predict`` and ``trace`` for any text."""

    lang: str
    kind: str
    model: SentimentNet
    vocab: Vocab
    card: ModelCard | None = None

    def __post_init__(self):
        self._lookup = self.vocab.lookup()
        self._readings: OrderedDict[str, Reading] = OrderedDict()  # text -> reading, least recently used first
        self._readings_bytes = 0
        self._readings_lock = threading.Lock()
        self._curves: OrderedDict[str, np.ndarray] = OrderedDict()  # text -> p after each prefix (``curve``)
        self._weights64: CellWeights | None = None
        self._weights_np: dict | None = None

    def clean(self, text: str) -> tuple[str, bool]:
        """Strip; refuse empty; cut to MAX_CHARS (returns whether it was cut)."""
        text = (text or "").strip()
        if not text:
            raise InputError("empty_text")
        return text[:MAX_CHARS], len(text) > MAX_CHARS

    def tokens(self, text: str) -> list[str]:
        # as many as ``encode`` keeps: lower-casing can lengthen a text ("İ" becomes "i" + a combining dot)
        return tokenize(self.clean(text)[0], self.lang)[:MAX_CHARS]

    def coverage(self, text: str) -> Coverage:
        """Which of the tokens the model reads from ``text`` its vocabulary holds (the rest are <unk>)."""
        return coverage(self.tokens(text), self._lookup[0])

    def _checked_tokens(self, clean: str) -> tuple[list[str], Coverage]:
        """The tokens of a cleaned text, once: InputError for none, for the other language's text (no
        verdict, issue 33) or for one the model cannot read (``playground.core.coverage``)."""
        tokens = tokenize(clean, self.lang)[:MAX_CHARS]  # one per encoded position
        if not tokens:
            raise InputError("empty_text")
        require_language(clean, self.lang)
        return tokens, coverage(tokens, self._lookup[0]).require()

    @torch.no_grad()
    def predict(self, text: str) -> float:
        """P(positive) for ``text``; InputError for an empty text, one in the other language or one it
        cannot read: no probability without evidence."""
        tokens, _ = self._checked_tokens(self.clean(text)[0])
        x = pad_batch([encode_tokens(tokens, self.lang, self.vocab, self._lookup)])
        dev = next(self.model.parameters()).device
        return float(torch.sigmoid(self.model(x.to(dev))[0])[0])

    def read(self, text: str) -> Reading:
        """``text`` read once: every prefix's probability, the states and gates, and why (``Reading``).
        InputError for an empty text or one the model cannot read (``Coverage.require``). Cached by
        text (a bounded store per model), so moving the time-step slider or picking another view
        reads nothing again."""
        clean = self.clean(text)[0]
        with self._readings_lock:
            known = self._readings.get(clean)
            if known is not None:
                self._readings.move_to_end(clean)
                return known
        reading = self._read(clean)
        with self._readings_lock:
            self._readings[clean] = reading
            self._readings_bytes += reading.nbytes
            while self._readings_bytes > READINGS_BYTES and len(self._readings) > 1:
                self._readings_bytes -= self._readings.popitem(last=False)[1].nbytes
        return reading

    def curve(self, text: str) -> np.ndarray:
        """p(positive) after each prefix of ``text``, the same numbers as ``read(text).p_positive``: what the
        chart's line of another model needs. From the reading when it is cached, else a forward pass alone
        (no gradient: a third of a 500-character reading's cost saved for each other model the chart draws).
        Cached by text (CURVES per model); InputError as ``read``."""
        clean = self.clean(text)[0]
        with self._readings_lock:
            known = self._readings.get(clean)
            if known is not None:
                return known.p_positive
            curve = self._curves.get(clean)
            if curve is not None:
                self._curves.move_to_end(clean)
                return curve
        x, _ = self._embedded(clean)
        curve = _frozen(1.0 / (1.0 + np.exp(-self._forward(x)[0])))
        with self._readings_lock:
            self._curves[clean] = curve
            while len(self._curves) > CURVES:
                self._curves.popitem(last=False)
        return curve

    def _embedded(self, clean: str) -> tuple[np.ndarray, tuple]:
        """The text's embeddings (T x E, float64) and its tokens with what the coverage check said."""
        toks, read_as = self._checked_tokens(clean)
        ids = encode_tokens(toks, self.lang, self.vocab, self._lookup)
        dev = next(self.model.parameters()).device
        with torch.no_grad():
            e = self.model.embed(torch.tensor(ids, device=dev)).double()
        return e.cpu().numpy(), (toks, read_as, ids)

    def _forward(self, x: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """The final logit after each prefix of ``x`` and the states it read them with (none for the bag)."""
        w_last, b_out = self._output_weights()
        if self.kind == "bag":
            return np.cumsum(x, 0) / np.arange(1, len(x) + 1)[:, None] @ w_last + b_out, {}
        states = _forward64(self.kind, self._numpy_weights(), x)
        pooled = np.maximum.accumulate(states["h"], axis=0) if self.model.pool == "max" else states["h"]
        return pooled @ w_last + b_out, states

    def _output_weights(self) -> tuple[np.ndarray, float]:
        return (self.model.out.weight.detach().double()[0].cpu().numpy(),
                float(self.model.out.bias.detach().double()[0]))

    def _read(self, clean: str) -> Reading:
        """One pass in float64 (the numbers the lecture's cells give), recording every state and gate, and
        the gradient of the final logit for the saliency. The input's share of every gate is one matrix
        product for the whole text, each step forward and back a few NumPy operations (issue 51: stepped in
        torch under autograd, a 500-character review cost ~140 ms a model). The numbers agree with
        ``cells.step`` and autograd to float64 rounding (tests/test_sentiment.py)."""
        x, (toks, read_as, ids) = self._embedded(clean)
        logits, states = self._forward(x)
        w_last = self._output_weights()[0]
        if self.kind == "bag":
            grad = np.broadcast_to(w_last / len(ids), x.shape)  # the last logit reads the mean of the embeddings
        else:
            grad = _backward64(self.kind, self._numpy_weights(), states,
                               _output_gradient(states["h"], w_last, self.model.pool))
        p = 1.0 / (1.0 + np.exp(-logits))
        return Reading(
            tokens=tuple(toks), known=_frozen(np.array([row[0] != UNK for row in ids])), p_positive=_frozen(p),
            delta_p=_frozen(np.diff(p, prepend=0.5)), saliency=_frozen((grad * x).sum(-1)),
            states={name: _frozen(values.astype(np.float32)) for name, values in states.items()
                    if not name.startswith("_")},
            unknown_listed=read_as.listed())

    def _numpy_weights(self) -> dict[str, np.ndarray]:
        if self._weights_np is None:
            w = self._double_weights()
            self._weights_np = {"w_ih": w.w_ih.cpu().numpy(), "w_hh_t": np.ascontiguousarray(w.w_hh.cpu().numpy().T),
                                "b_ih": w.b_ih.cpu().numpy(), "b_hh": w.b_hh.cpu().numpy(),
                                "activation": np.tanh if w.nonlinearity == "tanh" else _relu,
                                "activation_slope": _tanh_slope if w.nonlinearity == "tanh" else _relu_slope}
        return self._weights_np

    def _double_weights(self) -> CellWeights:
        if self._weights64 is None:
            w = CellWeights.from_torch(self.model.rnn)
            self._weights64 = CellWeights(w.kind, w.w_ih.double(), w.w_hh.double(), w.b_ih.double(),
                                          w.b_hh.double(), w.nonlinearity)
        return self._weights64

    def trace(self, text: str) -> pd.DataFrame:
        """One row per token: token, known (in vocabulary), p_positive after this prefix, h, and the
        gates (LSTM: i, f, o, c; GRU: z, r) as lists (``read`` as a table)."""
        reading = self.read(text)
        table = {"token": list(reading.tokens), "known": reading.known, "p_positive": reading.p_positive}
        return pd.DataFrame(table | {name: list(values.tolist()) for name, values in reading.states.items()})


GATES = {"lstm": ("i", "f", "o", "c"), "gru": ("z", "r")}
READINGS_BYTES = 4 * 2**20  # per model: about a hundred short reviews, or three of 500 characters with every gate
CURVES = 256  # per model: the other models' lines of the chart, at most 4 KB each


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False  # a reading is shared by every session that typed the same text
    return array


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


def _relu(z: np.ndarray) -> np.ndarray:
    return np.maximum(z, 0.0)


def _tanh_slope(h: np.ndarray) -> np.ndarray:  # tanh' from its output
    return 1.0 - h * h


def _relu_slope(h: np.ndarray) -> np.ndarray:
    return (h > 0).astype(h.dtype)


def _output_gradient(h: np.ndarray, w_out: np.ndarray, pool: str) -> np.ndarray:
    """d (last logit) / d h_t from the output layer alone: the last state's, or each unit's largest state's."""
    d_h = np.zeros_like(h)
    if pool == "max":
        d_h[np.argmax(h, axis=0), np.arange(h.shape[1])] = w_out
    else:
        d_h[-1] = w_out
    return d_h


def _forward64(kind: str, w: dict, e: np.ndarray) -> dict[str, np.ndarray]:
    """A recurrent cell's states over ``e`` (T x E, float64), as ``cells.step`` gives them one step at a time:
    "h" and the gates (LSTM: i, f, o and the cell c; GRU: z, r), one row per step; and, under names that
    begin with "_", what ``_backward64`` needs (the LSTM's candidate, the GRU's candidate and state share)."""
    steps, m = len(e), w["w_hh_t"].shape[0]
    from_input = e @ w["w_ih"].T + w["b_ih"]  # every step's input share at once
    names = ("h", *GATES.get(kind, ()), *{"lstm": ("_g",), "gru": ("_n", "_hn")}.get(kind, ()))
    out = {name: np.empty((steps, m)) for name in names}
    h, c = np.zeros(m), np.zeros(m)
    for t in range(steps):
        from_state = h @ w["w_hh_t"] + w["b_hh"]
        if kind == "lstm":
            pre = from_input[t] + from_state
            i, f, o, g = _sigmoid(pre[:m]), _sigmoid(pre[m:2 * m]), _sigmoid(pre[3 * m:]), np.tanh(pre[2 * m:3 * m])
            c = f * c + i * g
            h = o * np.tanh(c)
            out["i"][t], out["f"][t], out["o"][t], out["c"][t], out["_g"][t] = i, f, o, c, g
        elif kind == "rnn":
            h = w["activation"](from_input[t] + from_state)
        else:  # GRU, torch's layout (r, z, n) and reset after the product; z is the candidate's share
            r = _sigmoid(from_input[t, :m] + from_state[:m])
            keep = _sigmoid(from_input[t, m:2 * m] + from_state[m:2 * m])
            candidate = np.tanh(from_input[t, 2 * m:] + r * from_state[2 * m:])
            h = keep * h + (1.0 - keep) * candidate
            out["z"][t], out["r"][t], out["_n"][t], out["_hn"][t] = 1.0 - keep, r, candidate, from_state[2 * m:]
        out["h"][t] = h
    return out


def _backward64(kind: str, w: dict, states: dict[str, np.ndarray], d_h: np.ndarray) -> np.ndarray:
    """Backpropagation through time by hand: ``d_h`` (T x m) is d logit / d h_t from the output alone; returns
    d logit / d x_t for every step (T x E). What autograd through ``_forward64`` would give, a few NumPy
    operations a step (issue 51: autograd through the cell cost ~55 ms for 500 steps, this ~10)."""
    steps, m = d_h.shape
    d_pre = np.empty((steps, w["w_ih"].shape[0]))  # d logit / d (the input's share of each gate), per step
    h = states["h"]
    carried, carried_c = np.zeros(m), np.zeros(m)
    for t in range(steps - 1, -1, -1):
        dh = d_h[t] + carried
        h_prev = h[t - 1] if t else np.zeros(m)
        if kind == "lstm":
            i, f, o, c, g = (states[k][t] for k in ("i", "f", "o", "c", "_g"))
            tanh_c = np.tanh(c)
            dc = carried_c + dh * o * (1.0 - tanh_c * tanh_c)
            c_prev = states["c"][t - 1] if t else np.zeros(m)
            d = d_pre[t]
            d[:m], d[m:2 * m] = dc * g * i * (1.0 - i), dc * c_prev * f * (1.0 - f)
            d[2 * m:3 * m], d[3 * m:] = dc * i * (1.0 - g * g), dh * tanh_c * o * (1.0 - o)
            carried, carried_c = w["w_hh_t"] @ d, dc * f
        elif kind == "rnn":
            d_pre[t] = dh * w["activation_slope"](h[t])
            carried = w["w_hh_t"] @ d_pre[t]
        else:
            keep, r, n, hn = 1.0 - states["z"][t], states["r"][t], states["_n"][t], states["_hn"][t]
            d_n = dh * (1.0 - keep) * (1.0 - n * n)
            d = d_pre[t]
            d[:m], d[m:2 * m], d[2 * m:] = d_n * hn * r * (1.0 - r), dh * (h_prev - n) * keep * (1.0 - keep), d_n
            from_state = d.copy()
            from_state[2 * m:] *= r  # the state's share of the candidate passes through the reset gate
            carried = dh * keep + w["w_hh_t"] @ from_state
    return d_pre @ w["w_ih"]


@dataclass(frozen=True)
class Reading:
    """A text as one classifier reads it, token by token: ``p_positive`` after each prefix, ``known``
    (in the vocabulary), ``states`` ("h" and the gates, one row per token, float32), and why it
    decided: ``delta_p`` (how much reading the token moved p; the first from 0.5) and ``saliency``
    (gradient x input: d final logit / d embedding . embedding, summed over the embedding)."""

    tokens: tuple[str, ...]
    known: np.ndarray
    p_positive: np.ndarray
    delta_p: np.ndarray
    saliency: np.ndarray
    states: dict[str, np.ndarray]
    unknown_listed: tuple[str, ...] = ()  # the tokens it does not know, as a message names them (``Coverage.listed``)

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in (self.known, self.p_positive, self.delta_p, self.saliency, *self.states.values()))


def influence(classifier: Classifier, text: str) -> pd.DataFrame:
    """Why the model decided as it did, per token: ``delta_p`` and ``saliency`` (``Reading``)."""
    reading = classifier.read(text)
    return pd.DataFrame({"token": list(reading.tokens), "delta_p": reading.delta_p, "saliency": reading.saliency})


def paired_labels(original: list[str], edited: list[str]) -> list[str]:
    """Axis labels for two token sequences read side by side: the token, or "original/edited"
    where they differ (one side may be longer)."""
    labels = []
    for i in range(max(len(original), len(edited))):
        a = original[i] if i < len(original) else ""
        b = edited[i] if i < len(edited) else ""
        labels.append(a if a == b else f"{a or '∅'}/{b or '∅'}")
    return labels


def looks_like(text: str) -> str:
    """'zh' when most letters are CJK, else 'en' (to hint at the other language's model)."""
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    latin = sum(ch.isascii() and ch.isalpha() for ch in text)
    return "zh" if cjk >= latin else "en"


def load_corpus(lang: str, download: bool = True):
    """(examples, source info); raises DataUnavailable when it cannot be had."""
    return reviews.load_zh(download) if lang == "zh" else reviews.load_en(download)


@torch.no_grad()
def test_predictions(classifier: Classifier, examples=None, download: bool = False) -> pd.DataFrame:
    """text, label, p_positive for the held-out test split of ``examples`` (by default the corpus,
    loaded here: DataUnavailable without it)."""
    if examples is None:
        examples, _ = load_corpus(classifier.lang, download)
    test = by_split(examples, "test")
    model, lookup = classifier.model, classifier._lookup
    dev = next(model.parameters()).device
    encoded = [encode(e.text, classifier.lang, classifier.vocab, lookup, 150) or [[UNK] * len(classifier.vocab.items)]
               for e in test]
    probs = []
    for start in range(0, len(encoded), 256):
        probs += torch.sigmoid(model(pad_batch(encoded[start:start + 256]).to(dev))[0]).cpu().tolist()
    return pd.DataFrame({"text": [e.text for e in test], "label": [e.label for e in test], "p_positive": probs})


# How many misclassified test reviews a model card keeps (the most confident mistakes first): enough
# for the page's panel to show a few kinds of error, a few KB per model.
REPORTED_ERRORS = 10


def test_report(predictions: pd.DataFrame, predict, errors: int = REPORTED_ERRORS) -> dict:
    """What the page's model panel shows, built once with the model and kept in its card (the panel
    then needs no corpus): the confusion counts on the test split, ``confusion[true][predicted]``
    with 0 negative and 1 positive, and the ``errors`` misclassified reviews the model was surest of.
    A review is kept as the page reads it: cut to MAX_CHARS and scored by ``predict`` (the test split
    is scored on its first 150 tokens, so a long review can read differently in the box), and only
    if the box's reading is wrong too; p(positive) to 4 places."""
    predicted = (predictions["p_positive"] >= 0.5).astype(int)
    labels = predictions["label"].astype(int)
    confusion = [[int(((labels == t) & (predicted == p)).sum()) for p in (0, 1)] for t in (0, 1)]
    kept = []
    for row in predictions[predicted != labels].itertuples():
        text = row.text[:MAX_CHARS]
        p = float(predict(text))
        if (p >= 0.5) != bool(row.label):
            kept.append({"text": text, "label": int(row.label), "p_positive": round(p, 4)})
    kept.sort(key=lambda e: (-abs(e["p_positive"] - 0.5), e["text"]))
    return {"split": "test", "size": len(predictions), "confusion": confusion, "misclassified": kept[:errors]}


# --- shipped models ----------------------------------------------------------------------------------
# per language, a review (with its true label) that the shipped LSTM gets wrong: the pages' "How we
# know" notes show it with the model's live probability, and the tests check it is still wrong
KNOWN_FAILURES: dict[str, tuple[str, int]] = {"zh": ("不会后悔买了它", 1), "en": ("I wanted to like it, but I couldn't", 0)}


def model_name(lang: str, kind: str) -> str:
    return f"sentiment_{lang}_{kind}"


_SHARED_VOCABS: weakref.WeakValueDictionary[str, Vocab] = weakref.WeakValueDictionary()


def shared_vocab(items: list[list[str]]) -> Vocab:
    """One Vocab for identical vocabularies: a language's three recurrent classifiers were built on
    the same one, and a server then holds it (and its lookup) once instead of three times."""
    key = hashlib.sha256(json.dumps(items, ensure_ascii=False).encode()).hexdigest()
    vocab = _SHARED_VOCABS.get(key)
    if vocab is None:
        vocab = _SHARED_VOCABS[key] = Vocab(items)
    return vocab


def rebuild(tensors: dict[str, torch.Tensor], card: ModelCard) -> Classifier:
    """Rebuild a shipped classifier (eval mode, gradients off)."""
    arch = card.architecture
    vocab = shared_vocab(card.vocabulary)
    card.vocabulary = vocab.items  # the card keeps the shared lists, not a second parsed copy
    model = SentimentNet(arch["kind"], vocab.sizes(), arch["embed"], arch["hidden"], arch["dropout"],
                         arch.get("pool", "last"))
    model.load_state_dict(tensors)
    half_embeddings(freeze(model.to(next(iter(tensors.values())).device)))
    return Classifier(arch["lang"], arch["kind"], model, vocab, card)


def load_classifier(lang: str, cell: str, directory=None, device=None) -> Classifier:
    """The shipped classifier for ``lang`` ('zh' or 'en') and ``cell`` ('bag', 'rnn', 'lstm', 'gru')."""
    if lang not in LANGS or cell not in KINDS:
        raise InputError("bad_choice", name=f"{lang}/{cell}")
    tensors, card = load_checkpoint(model_name(lang, cell), directory, device=device)
    return rebuild(tensors, card)


# --- the shipped classifiers (the registry's interface; the lesson's package adds ``build``) -----------
SHIPPED: dict[str, str] = {model_name(lang, kind): f"{lang} sentiment, {kind}" for lang in LANGS for kind in KINDS}
CHOICE_OF = {model_name(lang, kind): (lang, kind) for lang in LANGS for kind in KINDS}


def load(name: str | None = None, *, lang: str | None = None, cell: str | None = None, directory=None,
         device=None) -> Classifier:
    """A shipped classifier by name or by ``lang`` ('zh', 'en') and ``cell`` ('bag', 'rnn', 'lstm',
    'gru'), frozen, with ``predict(text)``, ``trace(text)`` and its card; raises CheckpointError."""
    if name is not None and name not in CHOICE_OF:
        raise InputError("bad_choice", name=name)
    lang, cell = CHOICE_OF[name] if name is not None else (lang, cell)
    return load_classifier(lang, cell, directory, device)

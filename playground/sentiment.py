"""Sentiment read token by token: the lecture's scalar walk-through, and trained classifiers.

Part A (seed 000, the worked example): h_t = tanh(w_x x_t + w_h h_{t-1}), p = sigmoid(w_y h_T),
L = -ln p, with dL/dh_t for every t by autograd. Part B: RNN / LSTM / GRU classifiers (Chinese
characters, English words; embeddings learned) and an order-blind bag-of-tokens baseline. A
recurrent classifier reads the text left to right and classifies its current state h_t (the
lecture's p = sigma(w_y h_T)), so "the probability after each prefix" is exactly what the model
would say about that prefix. The bag classifies the mean of the embeddings so far.
"""

from __future__ import annotations

import math
import re
import time
from collections import Counter
from dataclasses import dataclass

import pandas as pd
import torch
from torch import nn

from playground.cells import CellWeights, step
from playground.checkpoints import ModelCard, save_checkpoint
from playground.errors import InputError
from playground.registry import register
from playground.training import TrainConfig, train

MAX_CHARS = 500
CELLS = ("rnn", "lstm", "gru")
KINDS = ("bag", *CELLS)
LANGS = ("zh", "en")
PAD, UNK = 0, 1


# --- Part A: the lecture's walk-through -----------------------------------------------------------
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


# --- tokens ----------------------------------------------------------------------------------------
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[^\sa-z0-9]")


def tokenize(text: str, lang: str) -> list[str]:
    """Chinese: characters (spaces dropped). English: lower-cased words and punctuation marks."""
    if lang == "zh":
        return [ch for ch in text if not ch.isspace()]
    return WORD.findall(text.lower())


def features(tokens: list[str], lang: str, bigrams: bool = True) -> list[list[str]]:
    """What each position feeds the model: Chinese adds the bigram ending at the character (it
    carries word-like units without a segmenter); English uses the word alone. The order-blind
    baseline gets unigrams only: a bigram already knows which character came first."""
    if lang == "zh" and bigrams:
        return [[tok, (tokens[i - 1] if i else "^") + tok] for i, tok in enumerate(tokens)]
    return [[tok] for tok in tokens]


@dataclass
class Vocab:
    items: list[list[str]]  # per feature slot: index -> string (0 <pad>, 1 <unk>)

    @classmethod
    def build(cls, texts: list[str], lang: str, min_counts=(2, 3), bigrams: bool = True) -> Vocab:
        slots = [Counter() for _ in range(2 if lang == "zh" and bigrams else 1)]
        for text in texts:
            for feats in features(tokenize(text, lang), lang, bigrams):
                for k, f in enumerate(feats):
                    slots[k][f] += 1
        return cls([["<pad>", "<unk>"] + sorted(f for f, n in c.items() if n >= min_counts[k])
                    for k, c in enumerate(slots)])

    def lookup(self):
        return [{f: i for i, f in enumerate(items)} for items in self.items]

    def sizes(self) -> list[int]:
        return [len(items) for items in self.items]


def encode(text: str, lang: str, vocab: Vocab, lookup=None, max_tokens: int = 200) -> list[list[int]]:
    lookup = lookup or vocab.lookup()
    feats = features(tokenize(text, lang), lang, bigrams=len(vocab.items) > 1)[:max_tokens]
    return [[lookup[k].get(f, UNK) for k, f in enumerate(fs)] for fs in feats]


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

    def __init__(self, kind: str, vocab_sizes: list[int], embed: int = 64, hidden: int = 128, dropout: float = 0.3):
        super().__init__()
        self.kind = kind
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

    def clean(self, text: str) -> tuple[str, bool]:
        """Strip; refuse empty; cut to MAX_CHARS (returns whether it was cut)."""
        text = (text or "").strip()
        if not text:
            raise InputError("empty_text")
        return text[:MAX_CHARS], len(text) > MAX_CHARS

    def tokens(self, text: str) -> list[str]:
        # as many as ``encode`` keeps: lower-casing can lengthen a text ("İ" becomes "i" + a combining dot)
        return tokenize(self.clean(text)[0], self.lang)[:MAX_CHARS]

    @torch.no_grad()
    def predict(self, text: str) -> float:
        x = pad_batch([encode(self.clean(text)[0], self.lang, self.vocab, self._lookup, max_tokens=MAX_CHARS)])
        if not self.tokens(text):
            raise InputError("empty_text")
        dev = next(self.model.parameters()).device
        return float(torch.sigmoid(self.model(x.to(dev))[0])[0])

    @torch.no_grad()
    def trace(self, text: str) -> pd.DataFrame:
        """One row per token: token, known (in vocabulary), p_positive after this prefix, h, and the
        gates (LSTM: i, f, o, c; GRU: z, r) as lists, computed step by step with playground.cells."""
        clean = self.clean(text)[0]
        toks = tokenize(clean, self.lang)[:MAX_CHARS]  # one per encoded position
        if not toks:
            raise InputError("empty_text")
        ids = encode(clean, self.lang, self.vocab, self._lookup, max_tokens=MAX_CHARS)
        dev = next(self.model.parameters()).device
        x = torch.tensor(ids, device=dev)
        e = self.model.embed(x).double()
        rows = []
        if self.kind == "bag":
            running = torch.cumsum(e, 0) / torch.arange(1, len(ids) + 1, device=dev)[:, None]
            logits = running @ self.model.out.weight.double()[0] + self.model.out.bias.double()
            for t, tok in enumerate(toks):
                rows.append({"token": tok, "known": ids[t][0] != UNK, "p_positive": float(torch.sigmoid(logits[t]))})
            return pd.DataFrame(rows)
        weights = CellWeights.from_torch(self.model.rnn)
        weights = CellWeights(weights.kind, weights.w_ih.double(), weights.w_hh.double(), weights.b_ih.double(),
                              weights.b_hh.double(), weights.nonlinearity)
        m = weights.hidden_size
        h = torch.zeros(m, dtype=torch.float64, device=dev)
        c = torch.zeros_like(h)
        w_out, b_out = self.model.out.weight.double()[0], self.model.out.bias.double()[0]
        for t, tok in enumerate(toks):
            out = step(weights, e[t], h, c)
            h, c = out["h"], out.get("c", c)
            p = torch.sigmoid(h @ w_out + b_out)
            row = {"token": tok, "known": ids[t][0] != UNK, "p_positive": float(p), "h": h.tolist()}
            for gate in {"lstm": ("i", "f", "o", "c"), "gru": ("z", "r")}.get(self.kind, ()):
                row[gate] = out[gate].tolist()
            rows.append(row)
        return pd.DataFrame(rows)


def influence(classifier: Classifier, text: str) -> pd.DataFrame:
    """Why the model decided as it did, per token: ``delta_p`` (how much reading the token moved the
    positive probability) and ``saliency`` (gradient x input: d logit / d embedding . embedding,
    summed over the embedding, for the whole text)."""
    trace = classifier.trace(text)
    p = trace["p_positive"].to_numpy()
    delta = [p[0] - 0.5, *(p[1:] - p[:-1])]
    clean = classifier.clean(text)[0]
    ids = encode(clean, classifier.lang, classifier.vocab, classifier._lookup, max_tokens=MAX_CHARS)
    model = classifier.model
    dev = next(model.parameters()).device
    with torch.enable_grad():
        emb = model.embed(torch.tensor([ids], device=dev)).detach().requires_grad_(True)
        pooled = emb.mean(1) if model.kind == "bag" else model.rnn(emb)[0][:, -1]
        logit = model.out(pooled)[0, 0]
        (grad,) = torch.autograd.grad(logit, emb)
    saliency = (grad * emb).sum(-1)[0].detach().cpu().tolist()
    return pd.DataFrame({"token": trace["token"], "delta_p": delta, "saliency": saliency})


def looks_like(text: str) -> str:
    """'zh' when most letters are CJK, else 'en' (to hint at the other language's model)."""
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    latin = sum(ch.isascii() and ch.isalpha() for ch in text)
    return "zh" if cjk >= latin else "en"


# --- training ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SentimentSettings:
    embed: int = 64
    hidden: int = 128
    dropout: float = 0.3
    lr: float = 2e-3
    batch: int = 64
    epochs: int = 8
    max_tokens: int = 150
    seed: int = 0


def _batches(encoded, labels, batch: int, seed: int):
    """Length-sorted padded batches (packing is slow on these CPUs), shuffled by batch, per epoch."""
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    chunks = [order[i:i + batch] for i in range(0, len(order), batch)]

    def get(k: int):
        epoch, pos = divmod(k, len(chunks))
        perm = torch.randperm(len(chunks), generator=torch.Generator().manual_seed(seed * 1000 + epoch))
        chunk = chunks[int(perm[pos])]
        return pad_batch([encoded[i] for i in chunk]), torch.tensor([labels[i] for i in chunk], dtype=torch.float)

    return get, len(chunks)


@torch.no_grad()
def accuracy(model: SentimentNet, encoded, labels, batch: int = 256) -> float:
    model.eval()
    dev = next(model.parameters()).device
    right = 0
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    for start in range(0, len(order), batch):
        idx = order[start:start + batch]
        logits = model(pad_batch([encoded[i] for i in idx]).to(dev))[0]
        right += int(((logits > 0).float().cpu() == torch.tensor([labels[i] for i in idx], dtype=torch.float)).sum())
    return right / max(len(encoded), 1)


def load_corpus(lang: str, download: bool = True):
    """(examples, source info); raises DataUnavailable when it cannot be had."""
    from playground.datasets import reviews

    return reviews.load_zh(download) if lang == "zh" else reviews.load_en(download)


@torch.no_grad()
def test_predictions(classifier: Classifier, download: bool = False) -> pd.DataFrame:
    """text, label, p_positive for the held-out test split (DataUnavailable without the corpus)."""
    from playground.datasets.reviews import by_split

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


def train_classifier(lang: str, kind: str, examples, settings: SentimentSettings = SentimentSettings(),
                     device: torch.device | None = None) -> tuple[Classifier, dict]:
    from playground.datasets.reviews import by_split

    train_set, val_set, test_set = (by_split(examples, s) for s in ("train", "validation", "test"))
    vocab = Vocab.build([e.text for e in train_set], lang, bigrams=kind != "bag")
    lookup = vocab.lookup()

    def enc(items):
        return [encode(e.text, lang, vocab, lookup, settings.max_tokens) or [[UNK] * len(vocab.items)] for e in items]

    tr_x, va_x, te_x = enc(train_set), enc(val_set), enc(test_set)
    tr_y, va_y, te_y = ([e.label for e in s] for s in (train_set, val_set, test_set))
    torch.manual_seed(settings.seed)
    model = SentimentNet(kind, vocab.sizes(), settings.embed, settings.hidden, settings.dropout)
    batches, per_epoch = _batches(tr_x, tr_y, settings.batch, settings.seed)
    started = time.perf_counter()
    result = train(model, batches, nn.functional.binary_cross_entropy_with_logits,
                   TrainConfig(steps=settings.epochs * per_epoch, lr=settings.lr, clip_norm=1.0, seed=settings.seed,
                               eval_every=per_epoch // 2),
                   device=device, evaluate=lambda: accuracy(model, va_x, va_y))
    metrics = {"test_accuracy": accuracy(model, te_x, te_y), "validation_accuracy": result.best_score,
               "best_step": result.best_step, "train_size": len(tr_x), "validation_size": len(va_x),
               "test_size": len(te_x), "seconds": time.perf_counter() - started}
    return Classifier(lang, kind, model.eval(), vocab), metrics


# --- shipped models ----------------------------------------------------------------------------------
def model_name(lang: str, kind: str) -> str:
    return f"sentiment_{lang}_{kind}"


def classifier_from_checkpoint(tensors: dict[str, torch.Tensor], card: ModelCard) -> Classifier:
    """Rebuild a shipped classifier (eval mode, gradients off)."""
    arch = card.architecture
    vocab = Vocab(card.vocabulary)
    model = SentimentNet(arch["kind"], vocab.sizes(), arch["embed"], arch["hidden"], arch["dropout"])
    model.load_state_dict(tensors)
    model.to(next(iter(tensors.values())).device).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return Classifier(arch["lang"], arch["kind"], model, vocab, card)


def load_classifier(lang: str, cell: str, directory=None, device=None) -> Classifier:
    """The shipped classifier for ``lang`` ('zh' or 'en') and ``cell`` ('bag', 'rnn', 'lstm', 'gru')."""
    from playground.checkpoints import load_checkpoint

    if lang not in LANGS or cell not in KINDS:
        raise InputError("bad_choice", name=f"{lang}/{cell}")
    tensors, card = load_checkpoint(model_name(lang, cell), directory, device=device)
    return classifier_from_checkpoint(tensors, card)


def _build(lang: str, kind: str, out_dir, device) -> ModelCard:
    from playground.challenge import challenge_accuracy

    settings = SentimentSettings()
    examples, info = load_corpus(lang)
    classifier, metrics = train_classifier(lang, kind, examples, settings, device=device)
    classifier.model.cpu()
    metrics["challenge_accuracy"] = challenge_accuracy(classifier.predict, lang)
    card = ModelCard(
        name=model_name(lang, kind),
        architecture={"lang": lang, "kind": kind, "embed": settings.embed, "hidden": settings.hidden,
                      "dropout": settings.dropout,
                      "classifies": "the state at the last token" if kind != "bag" else "the mean of the embeddings",
                      "units": ("characters" + (" + the bigram ending at each" if kind != "bag" else "")) if lang == "zh"
                      else "lower-cased words",
                      "parameters": sum(p.numel() for p in classifier.model.parameters())},
        vocabulary=classifier.vocab.items,
        data=info,
        split={"rule": "sha256(text) mod 10: 0-7 train, 8 validation, 9 test", "train": metrics.pop("train_size"),
               "validation": metrics.pop("validation_size"), "test": metrics.pop("test_size")},
        hyperparameters={**settings.__dict__, "optimizer": "Adam", "clip_norm": 1.0,
                         "early_stopping": "best validation accuracy, checked twice per epoch"},
        metrics={k: v for k, v in metrics.items() if k != "seconds"},
        device=str(device), training_seconds=round(metrics["seconds"], 1), seed=settings.seed,
    )
    save_checkpoint(classifier.model.state_dict(), card, out_dir, half=True)
    return card


def _register_all() -> None:
    for lang in LANGS:
        for kind in KINDS:
            register(model_name(lang, kind), group="sentiment",
                     description=f"{lang} sentiment, {kind}")(lambda out, dev, _l=lang, _k=kind: _build(_l, _k, out, dev))


_register_all()

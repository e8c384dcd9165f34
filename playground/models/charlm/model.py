"""Character-level language models (lecture 7, sections 6-7): vocabulary, model, training, held-out loss.

A character goes in as a learned embedding (not one-hot: the lecture's point is that a dense
vector lets similar characters share what they learn), through 1-3 recurrent layers, and out as a
distribution over the next character. Training takes random windows of the corpus and cuts each
into two truncated-BPTT chunks, on the shared loop (``playground.core.training``). The held-out loss is
the mean negative log-likelihood in nats per character over whole unseen plays (or files); bits
per character is the same number divided by ln 2.

Training and the shipped recipes live in ``recipes``, decoding (sampling, beam search) in
``decoding``, the interpretable-cell probes in ``interpret``; ``playground.charlm.load`` is the
notebook entry point.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import torch
from torch import Tensor, nn

from playground.core.checkpoints import ModelCard, freeze, load_checkpoint
from playground.core.coverage import Coverage, coverage
from playground.core.errors import InputError

UNKNOWN = "\ufffd"  # index 0: any character the training text never had
KINDS = ("lstm", "gru", "rnn")
CORPORA = ("shakespeare", "python")
MAX_TRAIN_TEXT_BYTES = 1_000_000  # uploaded text for live training (sent by HTTP, server.maxUploadSize)
# Pasted text travels in a websocket message, whose size the server bounds (.streamlit/config.toml,
# server.maxWidgetStateSize = 1 MB, issue 37): 200,000 characters are at most 800 KB of UTF-8.
MAX_PASTE_CHARS = 200_000
MAX_VOCAB = 1000  # characters a model learns, unknown included (1,000 x batch x window logits stay small)
# the shipped models, (corpus, cell) each; their training budgets live in ``recipes``
SHIPPED_CHOICES: tuple[tuple[str, str], ...] = (("shakespeare", "lstm"), ("shakespeare", "gru"),
                                                ("shakespeare", "rnn"), ("python", "lstm"))
PROMPTS = {"shakespeare": "ROMEO:\n", "python": "def "}


@dataclass(frozen=True)
class CharVocab:
    chars: tuple[str, ...]  # chars[0] is UNKNOWN

    @classmethod
    def build(cls, text: str, max_size: int | None = None) -> CharVocab:
        """Every character of ``text``; with ``max_size``, only the most frequent ones (the rest
        read as unknown), so that a pasted text of rare characters cannot make the output layer huge."""
        chars = set(text) - {UNKNOWN}
        if max_size is not None and len(chars) >= max_size:
            counts = Counter(c for c in text if c != UNKNOWN)
            chars = {c for c, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: max_size - 1]}
        return cls((UNKNOWN, *sorted(chars)))

    @classmethod
    def counted(cls, texts: Iterable[str], min_count: int, specials: tuple[str, ...] = (UNKNOWN,)) -> CharVocab:
        """``specials`` (the first the unknown character, id 0), then every character seen at least
        ``min_count`` times in ``texts``, sorted (the cloze readers' vocabularies)."""
        counts = Counter(ch for text in texts for ch in text)
        return cls((*specials, *sorted(c for c, n in counts.items() if n >= min_count and c not in specials)))

    def __len__(self) -> int:
        return len(self.chars)

    def ids(self, text: str) -> list[int]:
        """``encode`` as a list (to join with other ids before one tensor is made)."""
        index = self.index
        return [index.get(c, 0) for c in text]

    @functools.cached_property
    def index(self) -> dict[str, int]:
        """Character -> id, built once (the cloze built it for every candidate: 12 ms per blank); read only."""
        return {c: i for i, c in enumerate(self.chars)}

    def encode(self, text: str) -> Tensor:
        index = self.index
        return torch.tensor([index.get(c, 0) for c in text], dtype=torch.long)

    def unknown(self, text: str) -> list[str]:
        """The characters of ``text`` this vocabulary lacks (each once, in order of appearance)."""
        index = self.index
        return list(dict.fromkeys(c for c in text if c not in index))

    def coverage(self, text: str) -> Coverage:
        """Which characters of ``text`` the model reads as themselves (``UNKNOWN`` itself, typed, is
        read as unknown too); ``.require()`` refuses a text it cannot read."""
        index = self.index
        return coverage(text, lambda c: index.get(c, 0) != 0)

    def decode(self, ids) -> str:
        return "".join(self.chars[int(i)] for i in ids)


class CharLM(nn.Module):
    """Embedding -> ``layers`` recurrent layers -> next-character logits."""

    def __init__(self, kind: str, vocab_size: int, embed: int = 64, hidden: int = 256, layers: int = 2,
                 dropout: float = 0.0) -> None:
        super().__init__()
        if kind not in KINDS:
            raise ValueError(f"unknown cell {kind!r}")
        self.kind, self.hidden, self.layers = kind, hidden, layers
        self.embedding = nn.Embedding(vocab_size, embed)
        rnn_class = {"lstm": nn.LSTM, "gru": nn.GRU, "rnn": nn.RNN}[kind]
        self.rnn = rnn_class(embed, hidden, layers, batch_first=True, dropout=dropout if layers > 1 else 0.0)
        self.head = nn.Linear(hidden, vocab_size)

    def forward(self, x: Tensor, state=None):
        out, state = self.rnn(self.embedding(x), state)
        return self.head(out), state


@dataclass
class CharLMSettings:
    kind: str = "lstm"
    hidden: int = 256
    layers: int = 2
    embed: int = 64
    dropout: float = 0.1
    batch: int = 64
    bptt: int = 128  # each random window is 2 x bptt characters: two truncated-BPTT chunks
    steps: int = 6000
    lr: float = 3e-3
    lr_schedule: str = "cosine"
    clip_norm: float = 1.0
    eval_every: int = 500
    snapshots: tuple[int, ...] = (100, 300, 1000, 3000)
    seed: int = 0

    def check(self) -> None:
        if self.kind not in KINDS:
            raise InputError("bad_choice", name=self.kind)
        limits = {"hidden": (8, 1024), "layers": (1, 3), "bptt": (4, 512), "steps": (1, 100_000), "batch": (1, 512)}
        for name, (low, high) in limits.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise InputError("out_of_range", name=name, low=low, high=high)
        if not (math.isfinite(self.lr) and 0 < self.lr <= 1):
            raise InputError("out_of_range", name="lr", low=0, high=1)


def cross_entropy(logits: Tensor, targets: Tensor) -> Tensor:
    return nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def window_batches(ids: Tensor, batch: int, length: int, seed: int) -> Callable[[int], tuple[Tensor, Tensor]]:
    """``get(k)``: ``batch`` random windows of ``length`` characters (inputs) and the next ones (targets)."""
    if len(ids) < length + 2:
        raise InputError("text_too_short", minimum=length + 2)

    def get(k: int) -> tuple[Tensor, Tensor]:
        generator = torch.Generator().manual_seed(seed * 1_000_003 + k)
        starts = torch.randint(0, len(ids) - length - 1, (batch,), generator=generator)
        rows = starts[:, None] + torch.arange(length + 1)[None, :]
        window = ids[rows]
        return window[:, :-1], window[:, 1:]

    return get


@torch.no_grad()
def held_out_loss(model: CharLM, ids: Tensor, streams: int = 16, chunk: int = 256, max_chars: int | None = None) -> float:
    """Mean next-character loss (nats/char) over ``ids`` read as ``streams`` contiguous streams with
    the state carried from chunk to chunk (what the model sees when it reads a whole play)."""
    if max_chars is not None:
        ids = ids[:max_chars]
    streams = max(1, min(streams, (len(ids) - 1) // 2))
    per_stream = (len(ids) - 1) // streams
    dev = next(model.parameters()).device
    inputs = ids[: streams * per_stream].view(streams, per_stream).to(dev)
    targets = ids[1 : streams * per_stream + 1].view(streams, per_stream).to(dev)
    was_training = model.training
    model.eval()
    total, state = 0.0, None
    for start in range(0, per_stream, chunk):
        logits, state = model(inputs[:, start : start + chunk], state)
        total += float(nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                                                   targets[:, start : start + chunk].reshape(-1), reduction="sum"))
    model.train(was_training)
    return total / targets.numel()


def bits(nats: float) -> float:
    return nats / math.log(2)



# --- shipped models ----------------------------------------------------------------------------------
def model_name(corpus: str, kind: str) -> str:
    return f"charlm_{corpus}_{kind}"


def corpus_of(name: str) -> str | None:
    """The corpus a shipped model was trained on (``charlm_python_lstm`` -> "python"); None otherwise."""
    return next((corpus for corpus, kind in SHIPPED_CHOICES if model_name(corpus, kind) == name), None)


def snapshots_name(corpus: str, kind: str) -> str:
    return f"{model_name(corpus, kind)}_snapshots"


def architecture(settings: CharLMSettings, vocab: CharVocab, model: CharLM) -> dict:
    return {"kind": settings.kind, "embed": settings.embed, "hidden": settings.hidden, "layers": settings.layers,
            "dropout": settings.dropout, "vocab_size": len(vocab),
            "parameters": sum(p.numel() for p in model.parameters())}


def rebuild(tensors: dict[str, Tensor], card: ModelCard) -> tuple[CharLM, CharVocab]:
    """Rebuild a read-only model (eval mode, gradients off) from its weights and card."""
    arch = card.architecture
    vocab = CharVocab(tuple(card.vocabulary))
    model = CharLM(arch["kind"], len(vocab), arch["embed"], arch["hidden"], arch["layers"])
    model.load_state_dict(tensors)
    model.to(next(iter(tensors.values())).device)
    return freeze(model), vocab


def load_model(corpus: str, kind: str, directory=None, device=None) -> tuple[CharLM, CharVocab, ModelCard]:
    if (corpus, kind) not in SHIPPED_CHOICES:
        raise InputError("bad_choice", name=f"{corpus}/{kind}")
    tensors, card = load_checkpoint(model_name(corpus, kind), directory, device=device)
    model, vocab = rebuild(tensors, card)
    return model, vocab, card


def load_snapshots(corpus: str, kind: str, directory=None, device=None) -> dict[int, CharLM]:
    """The shipped snapshots of one model by training step (the page's "stages of training")."""
    tensors, card = load_checkpoint(snapshots_name(corpus, kind), directory, device=device)
    out: dict[int, CharLM] = {}
    for step in card.extra["steps"]:  # one file, every snapshot under "step<N>."
        prefix = f"step{step}."
        out[int(step)], _ = rebuild({k[len(prefix):]: v for k, v in tensors.items() if k.startswith(prefix)}, card)
    return out

"""Sequence to sequence: a Chinese sentence in, an English one out (lectures: concept 4, Seq2Seq).

Two models share one file and one training recipe:

- **classic** (Cho et al. 2014: the decoder reads the same context vector at every step): a GRU
  reads the characters; its final state is the *only* thing the decoder ever learns about the
  source - one vector of fixed size however long the sentence (the bottleneck);
- **attention** (Luong et al. 2015, "general" score, on a bidirectional encoder): at every output
  word the decoder scores all source positions, softmaxes the scores into weights and reads their
  weighted sum. A bidirectional encoder is fine here: the whole source is known before decoding.

Both then combine context and decoder state into one vector whose dot product with the target
embeddings gives the next word's logits (tied weights). Training uses teacher forcing: the decoder
reads the reference's previous word, so all positions are computed in one pass.

Decoding (greedy, beam search, sampling) lives in ``decoding``, checked input and explained
output in ``translate``, training and the shipped recipes in ``recipes``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import torch
from torch import Tensor, nn
from torch.nn import functional as F

from playground.core.checkpoints import freeze, half_embeddings
from playground.core.errors import InputError

PAD, UNK, BOS, EOS = 0, 1, 2, 3
SPECIALS = ("<pad>", "<unk>", "<bos>", "<eos>")


@dataclass(frozen=True)
class Vocab:
    """Tokens by id; the first four are <pad>, <unk>, <bos>, <eos>."""

    tokens: tuple[str, ...]

    @classmethod
    def build(cls, sequences, min_count: int = 2) -> Vocab:
        counts = Counter(t for seq in sequences for t in seq)
        kept = sorted((t for t, c in counts.items() if c >= min_count), key=lambda t: (-counts[t], t))
        return cls(SPECIALS + tuple(kept))

    def __len__(self) -> int:
        return len(self.tokens)

    @property
    def index(self) -> dict[str, int]:
        cached = self.__dict__.get("_index")
        if cached is None:
            cached = {t: i for i, t in enumerate(self.tokens)}
            object.__setattr__(self, "_index", cached)
        return cached

    def encode(self, tokens) -> list[int]:
        index = self.index
        return [index.get(t, UNK) for t in tokens]

    def unknown(self, tokens) -> list[str]:
        index = self.index
        return [t for t in tokens if t not in index]


@dataclass
class Seq2SeqSettings:
    attention: bool = True
    embed: int = 256
    hidden: int = 256  # per direction for the bidirectional encoder; the classic encoder has 2x this
    decoder: int = 512
    dropout: float = 0.2
    batch: int = 64
    steps: int = 8000
    lr: float = 2e-3
    eval_every: int = 1000
    bf16: bool = True  # bf16 autocast for training on CPU (measured faster); decoding is float32
    seed: int = 0
    min_count: int = 2


class Seq2Seq(nn.Module):
    """``model(batch) -> logits`` under teacher forcing; ``encode`` / ``step`` for decoding."""

    def __init__(self, src_vocab: int, tgt_vocab: int, attention: bool, embed: int = 256, hidden: int = 256,
                 decoder: int = 512, dropout: float = 0.2) -> None:
        super().__init__()
        self.attention = attention
        self.annotation_size = 2 * hidden
        self.src_embed = nn.Embedding(src_vocab, embed, padding_idx=PAD)
        if attention:
            self.enc_forward = nn.GRU(embed, hidden, batch_first=True)
            self.enc_backward = nn.GRU(embed, hidden, batch_first=True)
        else:
            self.enc_forward = nn.GRU(embed, 2 * hidden, batch_first=True)
        self.bridge = nn.Linear(2 * hidden, decoder)
        self.tgt_embed = nn.Embedding(tgt_vocab, embed, padding_idx=PAD)
        self.decoder = nn.GRU(embed, decoder, batch_first=True)
        self.score = nn.Linear(2 * hidden, decoder, bias=False) if attention else None
        self.combine = nn.Linear(2 * hidden + decoder, embed)
        self.out_bias = nn.Parameter(torch.zeros(tgt_vocab))
        self.drop = nn.Dropout(dropout)
        self.use_bf16 = False

    # -- encoder --------------------------------------------------------------------------------
    def encode(self, src: Tensor, lengths: Tensor) -> Encoded:
        mask = torch.arange(src.shape[1], device=src.device)[None, :] < lengths[:, None]
        emb = self.drop(self.src_embed(src))
        forward, _ = self.enc_forward(emb)
        last = (lengths - 1).clamp(min=0)
        rows = torch.arange(src.shape[0], device=src.device)
        if self.attention:
            backward, _ = self.enc_backward(reverse_padded(emb, lengths))
            backward = reverse_padded(backward, lengths)
            annotations = torch.cat([forward, backward], dim=-1)
            summary = torch.cat([forward[rows, last], backward[:, 0]], dim=-1)
            keys = self.score(annotations)
        else:
            annotations = forward
            summary = forward[rows, last]
            keys = None
        hidden = torch.tanh(self.bridge(summary)).unsqueeze(0)
        return Encoded(annotations, keys, mask, summary, hidden)

    # -- decoder --------------------------------------------------------------------------------
    def read(self, dec_out: Tensor, enc: Encoded) -> tuple[Tensor, Tensor | None]:
        """Logits (B, T, V) and attention weights (B, T, S) for decoder outputs (B, T, D)."""
        combined, weights = self._combined(dec_out, enc)
        logits = self.drop(combined) @ self.tgt_embed.weight.t() + self.out_bias
        return logits, weights

    def _combined(self, dec_out: Tensor, enc: Encoded) -> tuple[Tensor, Tensor | None]:
        """What the output layer reads (B, T, E): the decoder's output beside its context; and the attention."""
        if self.attention:
            scores = dec_out @ enc.keys.transpose(1, 2)
            scores = scores.masked_fill(~enc.mask[:, None, :], float("-inf"))
            weights = torch.softmax(scores.float(), dim=-1).to(dec_out.dtype)
            context = weights @ enc.annotations
        else:
            weights = None
            context = enc.summary[:, None, :].expand(-1, dec_out.shape[1], -1)
        return torch.tanh(self.combine(torch.cat([context, dec_out], dim=-1))), weights

    def forward(self, batch: Batch, state=None):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.use_bf16 and self.training
                            and batch.src.device.type == "cpu"):
            enc = self.encode(batch.src, batch.src_lengths)
            dec_out, _ = self.decoder(self.drop(self.tgt_embed(batch.tgt_in)), enc.hidden)
            logits, _ = self.read(dec_out, enc)
        return logits.float(), None

    def step(self, prev: Tensor, hidden: Tensor, enc: Encoded,
             out: Tensor | None = None) -> tuple[Tensor, Tensor, Tensor | None]:
        """One decoding step for N hypotheses: log-probabilities (N, V), new hidden, weights (N, S).
        ``out`` (``workspace``): where the logits and log-probabilities are written, reused by a decoding
        loop at every step (each is ~140 KB, over the line from which glibc maps every block afresh:
        ``playground.core.runtime``); the log-probabilities returned then live there until the next step."""
        d = self.decoder
        # one step of the one-layer decoder as a bare cell: nn.GRU's checks and layout cost ~0.3 ms a step
        h = torch.gru_cell(self.tgt_embed(prev), hidden[0], d.weight_ih_l0, d.weight_hh_l0, d.bias_ih_l0, d.bias_hh_l0)
        combined, weights = self._combined(h[:, None, :], enc)
        weights = None if weights is None else weights[:, 0]
        if out is None:
            logits = self.drop(combined) @ self.tgt_embed.weight.t() + self.out_bias
            return torch.log_softmax(logits[:, 0].float(), dim=-1), h[None], weights
        n = len(prev)
        logits = torch.matmul(self.drop(combined), self.tgt_embed.weight.t(), out=out[0, :n, None]).add_(self.out_bias)
        return torch.log_softmax(logits[:, 0], dim=-1, out=out[1, :n]), h[None], weights

    def workspace(self, rows: int) -> Tensor:
        """Room for ``step``'s logits and log-probabilities of up to ``rows`` hypotheses."""
        return torch.empty(2, rows, self.tgt_embed.weight.shape[0], device=self.out_bias.device)


@dataclass
class Encoded:
    annotations: Tensor  # (B, S, A): one vector per source character (classic: forward states)
    keys: Tensor | None  # (B, S, D): annotations through the score matrix (attention only)
    mask: Tensor  # (B, S): True at real characters
    summary: Tensor  # (B, A): the final state(s): all the classic decoder sees of the source
    hidden: Tensor  # (1, B, D): the decoder's first state

    def select(self, rows: Tensor) -> Encoded:
        """The same encodings for rows ``rows`` (used to copy a sentence once per beam)."""
        return Encoded(self.annotations[rows], None if self.keys is None else self.keys[rows], self.mask[rows],
                       self.summary[rows], self.hidden[:, rows])


def reverse_padded(x: Tensor, lengths: Tensor) -> Tensor:
    """Reverse each sequence of a right-padded batch within its own length (padding stays put), so
    a forward GRU over the result is the backward direction without ever reading padding first."""
    positions = torch.arange(x.shape[1], device=x.device)[None, :]
    index = torch.where(positions < lengths[:, None], lengths[:, None] - 1 - positions, positions)
    return x.gather(1, index[:, :, None].expand(-1, -1, x.shape[2]))


# -- batches ----------------------------------------------------------------------------------------
@dataclass
class Batch:
    src: Tensor  # (B, S) character ids, right-padded
    src_lengths: Tensor  # (B,)
    tgt_in: Tensor  # (B, T) <bos> w1 ... wn, padded
    tgt_out: Tensor = field(default=None)  # (B, T) w1 ... wn <eos>, padded

    def to(self, device) -> Batch:
        return Batch(self.src.to(device), self.src_lengths.to(device), self.tgt_in.to(device),
                     None if self.tgt_out is None else self.tgt_out.to(device))


def make_batch(sources: list[list[int]], targets: list[list[int]] | None = None) -> Batch:
    lengths = torch.tensor([len(s) for s in sources])
    src = torch.full((len(sources), int(lengths.max())), PAD, dtype=torch.long)
    for i, s in enumerate(sources):
        src[i, : len(s)] = torch.tensor(s)
    if targets is None:
        return Batch(src, lengths, torch.full((len(sources), 1), BOS, dtype=torch.long))
    width = max(len(t) for t in targets) + 1
    tgt_in = torch.full((len(targets), width), PAD, dtype=torch.long)
    tgt_out = torch.full((len(targets), width), PAD, dtype=torch.long)
    for i, t in enumerate(targets):
        tgt_in[i, : len(t) + 1] = torch.tensor([BOS, *t])
        tgt_out[i, : len(t) + 1] = torch.tensor([*t, EOS])
    return Batch(src, lengths, tgt_in, tgt_out)


def batch_sampler(sources: list[list[int]], targets: list[list[int]], batch: int,
                  seed: int) -> Callable[[int], tuple[Batch, Tensor]]:
    """``get(k)`` -> (batch, targets) for the shared loop: each epoch shuffles, sorts pools of 50
    batches by source length (little padding, so no packing needed) and shuffles the batches."""
    order: list[list[int]] = []

    def epoch(e: int) -> list[list[int]]:
        rng = random.Random(seed * 1000 + e)
        idx = list(range(len(sources)))
        rng.shuffle(idx)
        pool = batch * 50
        out = []
        for start in range(0, len(idx), pool):
            chunk = sorted(idx[start : start + pool], key=lambda i: len(sources[i]))
            out += [chunk[j : j + batch] for j in range(0, len(chunk), batch)]
        rng.shuffle(out)
        return out

    def get(k: int) -> tuple[Batch, Tensor]:
        per_epoch = math.ceil(len(sources) / batch)
        while len(order) <= k:
            order.extend(epoch(len(order) // per_epoch))
        rows = order[k]
        b = make_batch([sources[i] for i in rows], [targets[i] for i in rows])
        return b, b.tgt_out

    return get


def translation_loss(logits: Tensor, targets: Tensor) -> Tensor:
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=PAD)


def source_tokens(zh: str) -> list[str]:
    return list(zh)



def model_name(attention: bool) -> str:
    return "seq2seq_zh_en_attention" if attention else "seq2seq_zh_en_classic"



def check_settings(settings: Seq2SeqSettings) -> None:
    for name, low, high in (("embed", 8, 1024), ("hidden", 8, 1024), ("decoder", 8, 2048), ("batch", 1, 1024),
                            ("steps", 1, 1_000_000)):
        if not low <= getattr(settings, name) <= high:
            raise InputError("out_of_range", name=name, low=low, high=high)



# -- shipped models -------------------------------------------------------------------------------
def rebuild(tensors: dict[str, Tensor], card) -> tuple[Seq2Seq, Vocab, Vocab]:
    """A read-only model (eval mode, no gradients) and its vocabularies from weights and card."""
    arch = card.architecture
    src_vocab, tgt_vocab = Vocab(tuple(card.vocabulary["source"])), Vocab(tuple(card.vocabulary["target"]))
    model = Seq2Seq(len(src_vocab), len(tgt_vocab), arch["attention"], arch["embed"], arch["hidden"], arch["decoder"])
    model.load_state_dict(tensors)
    model = freeze(model.to(next(iter(tensors.values())).device))
    return half_embeddings(model, keep=frozenset({"tgt_embed"})), src_vocab, tgt_vocab  # tgt_embed is the output layer too

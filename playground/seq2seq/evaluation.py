"""Scoring translations: corpus BLEU with every reference, and BLEU by source length (the
fixed-vector bottleneck, measured on both shipped translators)."""

from __future__ import annotations

import math

from playground.core.checkpoints import load_card
from playground.core.datasets.tatoeba import MAX_SOURCE_CHARS
from playground.seq2seq.decoding import beam_search, greedy_batch


def grouped_references(pairs) -> tuple[list[str], list[list[str]]]:
    """Distinct Chinese sources (in first-seen order) and all English references of each."""
    refs: dict[str, list[str]] = {}
    for pair in pairs:
        refs.setdefault(pair.zh, []).append(" ".join(pair.en))
    return list(refs), list(refs.values())


def corpus_bleu(hypotheses: list[str], references: list[list[str]]) -> float:
    """Corpus BLEU (sacrebleu, 13a tokenisation) with any number of references per sentence."""
    import sacrebleu

    most = max((len(r) for r in references), default=1)
    streams = [[r[i] if i < len(r) else None for r in references] for i in range(most)]
    return float(sacrebleu.corpus_bleu(hypotheses, streams, force=True).score)  # already tokenised


# -- the bottleneck, measured --------------------------------------------------------------------
LENGTH_BUCKETS = ((1, 6), (7, 9), (10, 12), (13, 16), (17, MAX_SOURCE_CHARS))  # >= 447 test sentences each
BOTTLENECK = "seq2seq_bottleneck"


def bucket_of(length: int) -> int:
    for i, (low, high) in enumerate(LENGTH_BUCKETS):
        if low <= length <= high:
            return i
    raise ValueError(length)


def bleu_by_length(translator, sources: list[str], refs: list[list[str]], beam: int = 5) -> dict:
    """Corpus BLEU per source-length bucket, greedy and beam ``beam`` (and the sentence counts)."""
    greedy = [" ".join(translator.words(h)) for h in greedy_batch(translator.model, translator.src_vocab, sources)]
    beams = beam_search(translator.model, translator.src_vocab, sources, width=beam)
    beamed = [" ".join(translator.words(r.best.tokens)) for r in beams]
    out = {"buckets": [f"{lo}-{hi}" for lo, hi in LENGTH_BUCKETS], "sentences": [], "greedy": [], f"beam{beam}": []}
    for i in range(len(LENGTH_BUCKETS)):
        rows = [j for j, s in enumerate(sources) if bucket_of(len(s)) == i]
        out["sentences"].append(len(rows))
        out["greedy"].append(corpus_bleu([greedy[j] for j in rows], [refs[j] for j in rows]) if rows else math.nan)
        out[f"beam{beam}"].append(corpus_bleu([beamed[j] for j in rows], [refs[j] for j in rows]) if rows else math.nan)
    return out


def load_bottleneck(directory=None) -> dict:
    """The shipped measurement: {"classic": {...}, "attention": {...}} as ``bleu_by_length`` returns."""
    return load_card(BOTTLENECK, directory).extra["by_length"]



"""The shipped translators' held-out figures in full: every test sentence decoded greedily and with
beam 5 by both models, BLEU beside what each card says, and the longest bucket beside the shipped
bottleneck curve. CI's tests decode a fixed sample of the same split (tests/test_seq2seq_shipped.py);
this is the whole of it (about 3 minutes on 2 cores), so a card that drifted from its weights shows
here: ``python -m bench --only heldout``."""

from __future__ import annotations

import time

from playground.core.datasets.tatoeba import translation_pairs
from playground.seq2seq import load_translator
from playground.seq2seq.decoding import beam_search
from playground.seq2seq.evaluation import LENGTH_BUCKETS, bucket_of, corpus_bleu, grouped_references, load_bottleneck

TOLERANCE = 0.05  # BLEU points between a card and its re-measure on the same sentences


def _bleu(translator, sources, refs, width: int, penalty: float) -> float:
    results = beam_search(translator.model, translator.src_vocab, sources, width=width, length_penalty=penalty,
                          **({"batch": 256} if width == 1 else {}))
    return corpus_bleu([" ".join(translator.words(r.best.tokens)) for r in results], refs)


def _model(attention: bool, sources, refs, longest) -> dict:
    translator = load_translator(attention, device="cpu")
    row = {"greedy": _bleu(translator, sources, refs, 1, 0.0), "beam5": _bleu(translator, sources, refs, 5, 1.0)}
    row["longest_beam5"] = _bleu(translator, [sources[i] for i in longest], [refs[i] for i in longest], 5, 1.0)
    row["card"] = {key: translator.card.metrics[f"test_bleu_{key}"] for key in ("greedy", "beam5")}
    return row


def run(sentences: int | None = None) -> dict:
    """Both translators on the first ``sentences`` test sources (None: all of them, the cards' split)."""
    started = time.perf_counter()
    sources, refs = grouped_references(translation_pairs()[0]["test"])
    sources, refs = sources[:sentences], refs[:sentences]
    longest = [i for i, text in enumerate(sources) if bucket_of(len(text)) == len(LENGTH_BUCKETS) - 1]
    models = {"attention": _model(True, sources, refs, longest), "classic": _model(False, sources, refs, longest)}
    bottleneck = load_bottleneck()
    whole = sentences is None
    for name, row in models.items():
        row["card_matches"] = whole and all(abs(row[key] - row["card"][key]) <= TOLERANCE for key in row["card"])
        row["bottleneck_longest"] = bottleneck[name]["beam5"][-1]
    return {"sentences": len(sources), "longest": len(longest), "whole_split": whole, "models": models,
            "seconds": round(time.perf_counter() - started, 1)}


def summary(result: dict) -> str:
    lines = [f"held-out BLEU of the shipped translators on {result['sentences']:,} test sources "
             f"({'the whole split' if result['whole_split'] else 'a part: the cards do not apply'}; "
             f"{result['seconds']:.0f} s):"]
    for name, row in result["models"].items():
        verdict = ("matches its card" if row["card_matches"] else "DIFFERS from its card") if result["whole_split"] else ""
        lines.append(f"  {name:9s} greedy {row['greedy']:5.2f} (card {row['card']['greedy']:5.2f})  beam 5 "
                     f"{row['beam5']:5.2f} (card {row['card']['beam5']:5.2f})  {verdict}")
        lines.append(f"  {'':9s} longest bucket ({result['longest']} sources), beam 5: {row['longest_beam5']:5.2f}"
                     f" (the page's bottleneck curve: {row['bottleneck_longest']:5.2f})")
    return "\n".join(lines)

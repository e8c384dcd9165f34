"""Translation speed: one sentence as the page decodes it (each strategy, with the teacher-forced
pass that explains it), and the whole test split batched as the tests and the train CLI do."""

from __future__ import annotations

import statistics
import time

from playground.core.device import device
from playground.seq2seq import load_translator
from playground.seq2seq.decoding import beam_search, greedy_batch

SENTENCES = ("我爱自然语言处理", "他每天早上喝咖啡。", "我昨天在图书馆遇到了一个很久没见的老朋友，我们聊了很长时间。")


def decoding_speed(rounds: int = 5, test_sentences: int | None = None) -> dict:
    """Page decoding per strategy (median of ``rounds``), and the first ``test_sentences`` of the
    test split batched (None: all of it)."""
    translator = load_translator(True, device=device())
    page = {}
    for strategy in ("greedy", "beam", "sample"):
        times = []
        for _ in range(rounds):
            for text in SENTENCES:
                started = time.perf_counter()
                translator.translate(text, strategy=strategy, beam=5)
                times.append(time.perf_counter() - started)
        page[strategy] = statistics.median(times)
    started = time.perf_counter()
    translator.beam_tree(SENTENCES[2], beam=10)
    page["beam_tree_width_10"] = time.perf_counter() - started

    from playground.core.datasets.tatoeba import translation_pairs
    from playground.seq2seq.evaluation import grouped_references

    sources = grouped_references(translation_pairs()[0]["test"])[0][:test_sentences]
    started = time.perf_counter()
    greedy_batch(translator.model, translator.src_vocab, sources)
    greedy_s = time.perf_counter() - started
    started = time.perf_counter()
    beam_search(translator.model, translator.src_vocab, sources, width=5)
    beam_s = time.perf_counter() - started
    return {"device": str(device()), "page_median_s": page, "sentences": len(sources), "test_greedy_s": greedy_s,
            "test_beam5_s": beam_s}

"""What the page (and a student in a notebook) calls: ``load_translator(attention=True).translate(text)``.

Checks the input (empty, only punctuation, English in the Chinese box, too long, too few characters
the model knows to read: ``playground.core.coverage``; Traditional characters converted to Simplified;
characters the model never saw become <unk> and are listed),
runs the chosen search, then teacher-forces the answer once more to report, for every output
position, the top candidates, the attention weights and the log-probability at temperature 1.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import regex

from playground.core import decoding
from playground.core.checkpoints import load_checkpoint
from playground.core.coverage import coverage, other_language
from playground.core.datasets.tatoeba import MAX_SOURCE_CHARS, detokenize_en, normalize_zh
from playground.core.decoding import check_decoding_settings
from playground.core.errors import InputError
from playground.seq2seq.decoding import (
    MAX_OUTPUT_TOKENS,
    BeamResult,
    beam_search,
    greedy_batch,
    sample,
    score_tokens,
    search_and_sample,
)
from playground.seq2seq.model import UNK, Seq2Seq, Vocab, model_name, rebuild, source_tokens

STRATEGIES = ("greedy", "beam", "sample")
MAX_BEAM = 10
# the settings each strategy reads (``used_settings``: a page's cache keyed by the others would miss for nothing)
USES = {"greedy": (), "beam": ("beam", "length_penalty"), "sample": ("temperature", "seed")}
DEFAULTS = {"beam": 5, "length_penalty": 1.0, "temperature": 1.0, "seed": 0}


def used_settings(strategy: str, **settings) -> dict:
    """The settings ``strategy`` reads; the others back at their defaults (``playground.core.decoding``)."""
    return decoding.used_settings(USES, DEFAULTS, strategy, **settings)
RECENT_SEARCHES = 32  # beam searches a translator keeps (a tree of width 10: ~300 small nodes)
_HAN = regex.compile(r"\p{Han}")


@lru_cache(maxsize=1)
def _t2s():
    from opencc import OpenCC

    return OpenCC("t2s")


@dataclass
class Source:
    typed: str
    text: str  # Simplified, normalised: what the model reads
    converted: bool  # Traditional characters were converted
    chars: list[str]
    unknown: list[str]  # distinct characters outside the vocabulary (read as <unk>)


def prepare_source(text: str, vocab: Vocab) -> Source:
    """Check and normalise a sentence typed into the Chinese box; raises InputError."""
    if text is None or not str(text).strip():
        raise InputError("empty_text")
    typed = str(text)
    simplified = _t2s().convert(typed)
    normalised = normalize_zh(simplified)
    if len(normalised) > MAX_SOURCE_CHARS:
        raise InputError("text_too_long", length=len(normalised), limit=MAX_SOURCE_CHARS)
    if other_language(normalised, "zh") is not None:  # mostly English: no translation (issue 33)
        raise InputError("seq2seq_english")
    if not _HAN.search(normalised):
        raise InputError("seq2seq_no_chinese")
    chars = source_tokens(normalised)
    coverage(chars, vocab.index).require()  # no translation of a sentence the encoder cannot read
    unknown = sorted(set(vocab.unknown(chars)), key=chars.index)
    return Source(typed, normalised, normalize_zh(typed) != normalised, chars, unknown)


@dataclass
class Step:
    token: str  # the word chosen at this position ("<eos>" for the end)
    prob: float  # its probability at temperature 1
    top: list[tuple[str, float]]  # the top candidates at this position, most likely first


@dataclass
class Translation:
    source: Source
    strategy: str
    tokens: list[str]  # without <eos>
    finished: bool  # ended with <eos> (False: stopped at MAX_OUTPUT_TOKENS)
    log_prob: float  # sum of log p of every chosen token, <eos> included when finished
    steps: list[Step]
    attention: np.ndarray | None  # (len(steps), len(source chars)); None for the classic model
    context: np.ndarray  # the encoder's final state(s): all the classic decoder knows of the source

    @property
    def text(self) -> str:
        return detokenize_en(self.tokens)

    @property
    def source_labels(self) -> list[str]:
        return [c if c not in self.source.unknown else "<unk>" for c in self.source.chars]


@dataclass
class TreeView:
    nodes: list[dict]  # id, step, parent, token, log_prob, status ("kept" / "finished" / "pruned")
    winner: list[int]  # node ids on the chosen hypothesis's path
    hypotheses: list[dict] = field(default_factory=list)  # finished (and at the limit, unfinished) ones
    greedy_won: bool = False  # the greedy path, pruned by the beam, was better than all it kept


def check_decoding(strategy: str, beam: int, length_penalty: float, temperature: float, seed: int) -> None:
    if strategy not in STRATEGIES:
        raise InputError("bad_choice", name=strategy)
    check_decoding_settings(temperature, length_penalty, beam, seed, max_width=MAX_BEAM, width_name="beam")


class Translator:
    """A shipped (read-only) translator; every method is safe to call from many sessions."""

    # its last searches, samples and answers explained (playground.core.diagnostics leaves them out)
    CACHES = ("_searches", "_samples", "_explanations")

    def __init__(self, model: Seq2Seq, src_vocab: Vocab, tgt_vocab: Vocab, card=None) -> None:
        self.model, self.src_vocab, self.tgt_vocab, self.card = model, src_vocab, tgt_vocab, card
        self._searches: OrderedDict[tuple, BeamResult] = OrderedDict()  # (source, width, penalty) -> search
        self._explanations: OrderedDict[tuple, tuple] = OrderedDict()  # (source, ids, finished, top) -> _explained
        self._samples: OrderedDict[tuple, list[int]] = OrderedDict()  # (source, temperature, seed) -> ids
        self._lock = threading.Lock()

    @property
    def attention(self) -> bool:
        return self.model.attention

    def words(self, ids) -> list[str]:
        return [self.tgt_vocab.tokens[i] for i in ids]

    def translate(self, text: str, strategy: str = "beam", beam: int = 5, length_penalty: float = 1.0,
                  temperature: float = 1.0, seed: int = 0, top: int = 5) -> Translation:
        check_decoding(strategy, beam, length_penalty, temperature, seed)
        source = prepare_source(text, self.src_vocab)
        if strategy == "greedy":
            ids, finished = self._greedy(source.text)
        elif strategy == "beam":
            best = self._beam(source.text, int(beam), length_penalty).best
            ids, finished = best.tokens, best.finished
        else:
            ids = self._sample(source.text, temperature, int(seed))
            finished = len(ids) < MAX_OUTPUT_TOKENS
        return self._explain(source, strategy, ids, finished, top)

    def _explain(self, source: Source, strategy: str, ids: list[int], finished: bool, top: int) -> Translation:
        steps, log_prob, attention, context = self._explained(source.text, ids, finished, top)
        return Translation(source, strategy, self.words(ids), finished, log_prob, list(steps), attention, context)

    def _explained(self, source: str, ids: list[int], finished: bool, top: int) -> tuple:
        """The answer ``ids`` teacher-forced once more (``score_tokens``): each position's top candidates,
        the attention, the log p. Kept for the last few answers: greedy decoding and beam search mostly
        agree (95% of the class's sentences), and a page explains both."""
        key = (source, tuple(ids), finished, top)
        if (explained := self._recalled(self._explanations, key)) is not None:
            return explained
        scored = score_tokens(self.model, self.src_vocab, source, ids, finished)
        best_p, best_i = scored.log_probs.exp().topk(top, dim=-1)
        chosen = ids + [3] if finished else ids
        steps = [Step(self.tgt_vocab.tokens[t], math.exp(lp), list(zip(self.words(i), p, strict=True)))
                 for t, lp, i, p in zip(chosen, scored.chosen, best_i.tolist(), best_p.tolist(), strict=True)]
        attention = None if scored.attention is None else scored.attention.numpy().astype(np.float64)
        explained = (steps, float(sum(scored.chosen)), attention, scored.summary.numpy())
        for array in explained[2:]:
            if array is not None:  # shared by every caller who asks for this answer
                array.flags.writeable = False
        self._keep(self._explanations, key, explained)
        return explained

    def compare(self, text: str, beam: int = 5, length_penalty: float = 1.0, temperature: float = 1.0,
                seed: int = 0, translate: Callable[..., Translation] | None = None) -> dict[str, Translation]:
        """The same sentence by every strategy: greedy, beam search and sampling (their log p compare).
        ``translate`` takes ``translate``'s arguments after ``self`` and is called once per strategy
        instead of it: a page passes its cached translation, which its lab shares."""
        translate = translate or self.translate
        return {"greedy": translate(text, "greedy"),
                "beam": translate(text, "beam", beam, length_penalty),
                "sample": translate(text, "sample", beam, length_penalty, temperature, seed)}

    def beam_tree(self, text: str, beam: int = 5, length_penalty: float = 1.0) -> TreeView:
        """Every hypothesis beam search kept or pruned, step by step, and the winner's path."""
        check_decoding("beam", beam, length_penalty, 1.0, 0)
        result = self._beam(prepare_source(text, self.src_vocab).text, int(beam), length_penalty)
        nodes = [{"id": n.id, "step": n.step, "parent": n.parent, "token": self.tgt_vocab.tokens[n.token],
                  "log_prob": n.log_prob, "status": n.status} for n in result.nodes]
        hyps = [{"text": detokenize_en(self.words(h.tokens)), "log_prob": h.log_prob, "score": h.score,
                 "finished": h.finished, "best": h is result.best} for h in result.hypotheses]
        return TreeView(nodes, result.path(), hyps, result.greedy_won)

    def _greedy(self, source: str) -> tuple[list[int], bool]:
        """Greedy decoding's words: the width-1 search a beam search of this sentence already ran (the
        page's lab searches first), else decoded now."""
        with self._lock:
            done = next((r.greedy for (text, _, _), r in reversed(self._searches.items())
                         if text == source and r.greedy is not None), None)
        if done is not None:
            return done.tokens, done.finished
        ids = greedy_batch(self.model, self.src_vocab, [source])[0]
        return ids, len(ids) < MAX_OUTPUT_TOKENS

    def _beam(self, source: str, width: int, length_penalty: float) -> BeamResult:
        """One beam search per sentence and settings, its tree recorded: a page shows the translation
        and the tree it grew, and searching twice cost a sentence ~40 ms more (kept for the last few)."""
        key = (source, width, length_penalty)
        result = self._recalled(self._searches, key)
        if result is None:
            result = beam_search(self.model, self.src_vocab, [source], width=width, length_penalty=length_penalty,
                                 record_tree=True)[0]
            self._keep(self._searches, key, result)
        return result

    def _sample(self, source: str, temperature: float, seed: int) -> list[int]:
        """A sample's words, drawn now unless ``prepare`` drew them beside the beam search."""
        ids = self._recalled(self._samples, (source, temperature, seed))
        return ids if ids is not None else sample(self.model, self.src_vocab, source, temperature=temperature, seed=seed)

    def prepare(self, text: str, beam: int = 5, length_penalty: float = 1.0, temperature: float = 1.0,
                seed: int = 0) -> None:
        """Decode a sentence new to this translator the way a page will ask for it: the beam search (with
        greedy's width-1 search) and the sample side by side, one decoder step for all their rows
        (``decoding.search_and_sample``), kept for ``translate``. A sentence it knows costs nothing."""
        check_decoding("beam", beam, length_penalty, temperature, seed)
        source = prepare_source(text, self.src_vocab).text
        search_key, sample_key = (source, int(beam), length_penalty), (source, temperature, int(seed))
        with self._lock:
            if search_key in self._searches or sample_key in self._samples:
                return
        result, sampled = search_and_sample(self.model, self.src_vocab, source, int(beam), length_penalty,
                                            temperature, int(seed))
        self._keep(self._searches, search_key, result)
        self._keep(self._samples, sample_key, sampled)

    def _recalled(self, kept: OrderedDict, key: tuple):
        with self._lock:
            if key in kept:
                kept.move_to_end(key)
                return kept[key]
        return None

    def _keep(self, kept: OrderedDict, key: tuple, value) -> None:
        with self._lock:
            kept[key] = value
            while len(kept) > RECENT_SEARCHES:
                kept.popitem(last=False)

    def unknown_share(self, text: str) -> float:
        source = prepare_source(text, self.src_vocab)
        return len([c for c in source.chars if self.src_vocab.index.get(c, UNK) == UNK]) / len(source.chars)


def load_translator(attention: bool = True, directory=None, device=None) -> Translator:
    """The shipped zh->en translator with (or without) attention; raises CheckpointError."""
    tensors, card = load_checkpoint(model_name(attention), directory, device=device)
    model, src_vocab, tgt_vocab = rebuild(tensors, card)
    return Translator(model, src_vocab, tgt_vocab, card)

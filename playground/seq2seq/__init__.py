"""Sequence to sequence, Chinese in and English out (seed 000, concept 4).

``model`` (vocabularies, the classic and the attention encoder-decoder, batches), ``decoding``
(greedy, beam search with its tree, sampling, teacher-forced scoring), ``translate`` (checked
input and explained output: what a page or a notebook calls), ``evaluation`` (BLEU, BLEU by
source length), ``recipes`` (training and the shipped files).
"""

from __future__ import annotations

from playground.core.checkpoints import ModelCard
from playground.core.errors import InputError
from playground.seq2seq.evaluation import BOTTLENECK, load_bottleneck
from playground.seq2seq.model import model_name
from playground.seq2seq.translate import Translator, load_translator

SHIPPED: dict[str, str] = {
    model_name(True): "zh->en translator with attention (bidirectional encoder)",
    model_name(False): "zh->en translator without attention (final state only)",
    BOTTLENECK: "test BLEU by source length, both translators (run after them)",
}


def load(name: str | None = None, *, attention: bool = True, directory=None, device=None):
    """A shipped translator by name or by ``attention`` (a frozen ``Translator``), or, for
    ``seq2seq_bottleneck``, the measured BLEU by source length; raises CheckpointError."""
    if name is None:
        name = model_name(attention)
    if name == BOTTLENECK:
        return load_bottleneck(directory)
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    return load_translator(name == model_name(True), directory, device)


def build(name: str, out_dir, device) -> ModelCard:
    from playground.seq2seq import recipes  # training code loads only for the CLI

    if name == BOTTLENECK:
        return recipes.build_bottleneck(out_dir, device)
    return recipes.build_translator(name == model_name(True), out_dir, device)


__all__ = ["SHIPPED", "Translator", "build", "load", "load_translator"]

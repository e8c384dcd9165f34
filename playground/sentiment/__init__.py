"""Sentiment read token by token (seed 000's worked example, then trained classifiers).

``walkthrough`` (the lecture's scalar RNN), ``model`` (tokenisers, vocabulary, network, traces,
influence), ``challenge`` (the order-sensitive sentences), ``recipes`` (training and the shipped
models). Loading: ``load(lang="zh", cell="lstm")`` or ``load("sentiment_zh_lstm")``.
"""

from __future__ import annotations

from playground.core.checkpoints import ModelCard
from playground.core.errors import InputError
from playground.sentiment.model import KINDS, LANGS, Classifier, load_classifier, model_name

SHIPPED: dict[str, str] = {model_name(lang, kind): f"{lang} sentiment, {kind}" for lang in LANGS for kind in KINDS}
_CHOICE_OF = {model_name(lang, kind): (lang, kind) for lang in LANGS for kind in KINDS}


def load(name: str | None = None, *, lang: str | None = None, cell: str | None = None, directory=None,
         device=None) -> Classifier:
    """A shipped classifier by name or by ``lang`` ('zh', 'en') and ``cell`` ('bag', 'rnn', 'lstm',
    'gru'), frozen, with ``predict(text)``, ``trace(text)`` and its card; raises CheckpointError."""
    if name is not None and name not in _CHOICE_OF:
        raise InputError("bad_choice", name=name)
    lang, cell = _CHOICE_OF[name] if name is not None else (lang, cell)
    return load_classifier(lang, cell, directory, device)


def build(name: str, out_dir, device) -> ModelCard:
    from playground.sentiment.recipes import build_model  # training code loads only for the CLI

    return build_model(*_CHOICE_OF[name], out_dir, device)


__all__ = ["SHIPPED", "Classifier", "build", "load"]

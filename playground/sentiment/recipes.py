"""Training the sentiment classifiers and the recipes that rebuild the shipped ones
(``python -m playground.train sentiment``)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import torch
from torch import nn

from playground.checkpoints import ModelCard, save_checkpoint
from playground.datasets.reviews import by_split
from playground.sentiment.challenge import challenge_accuracy
from playground.sentiment.model import (
    UNK,
    Classifier,
    SentimentNet,
    Vocab,
    encode,
    load_corpus,
    model_name,
    pad_batch,
)
from playground.training import TrainConfig, train


@dataclass(frozen=True)
class SentimentSettings:
    embed: int = 64
    hidden: int = 128
    dropout: float = 0.3
    lr: float = 2e-3
    batch: int = 64
    epochs: int = 8
    max_tokens: int = 150
    seed: int = 0


def _batches(encoded, labels, batch: int, seed: int):
    """Length-sorted padded batches (packing is slow on these CPUs), shuffled by batch, per epoch."""
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    chunks = [order[i:i + batch] for i in range(0, len(order), batch)]

    def get(k: int):
        epoch, pos = divmod(k, len(chunks))
        perm = torch.randperm(len(chunks), generator=torch.Generator().manual_seed(seed * 1000 + epoch))
        chunk = chunks[int(perm[pos])]
        return pad_batch([encoded[i] for i in chunk]), torch.tensor([labels[i] for i in chunk], dtype=torch.float)

    return get, len(chunks)


@torch.no_grad()
def accuracy(model: SentimentNet, encoded, labels, batch: int = 256) -> float:
    model.eval()
    dev = next(model.parameters()).device
    right = 0
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    for start in range(0, len(order), batch):
        idx = order[start:start + batch]
        logits = model(pad_batch([encoded[i] for i in idx]).to(dev))[0]
        right += int(((logits > 0).float().cpu() == torch.tensor([labels[i] for i in idx], dtype=torch.float)).sum())
    return right / max(len(encoded), 1)


def train_classifier(lang: str, kind: str, examples, settings: SentimentSettings = SentimentSettings(),
                     device: torch.device | None = None) -> tuple[Classifier, dict]:
    train_set, val_set, test_set = (by_split(examples, s) for s in ("train", "validation", "test"))
    vocab = Vocab.build([e.text for e in train_set], lang, bigrams=kind != "bag")
    lookup = vocab.lookup()

    def enc(items):
        return [encode(e.text, lang, vocab, lookup, settings.max_tokens) or [[UNK] * len(vocab.items)] for e in items]

    tr_x, va_x, te_x = enc(train_set), enc(val_set), enc(test_set)
    tr_y, va_y, te_y = ([e.label for e in s] for s in (train_set, val_set, test_set))
    torch.manual_seed(settings.seed)
    model = SentimentNet(kind, vocab.sizes(), settings.embed, settings.hidden, settings.dropout)
    batches, per_epoch = _batches(tr_x, tr_y, settings.batch, settings.seed)
    started = time.perf_counter()
    result = train(model, batches, nn.functional.binary_cross_entropy_with_logits,
                   TrainConfig(steps=settings.epochs * per_epoch, lr=settings.lr, clip_norm=1.0, seed=settings.seed,
                               eval_every=per_epoch // 2),
                   device=device, evaluate=lambda: accuracy(model, va_x, va_y))
    metrics = {"test_accuracy": accuracy(model, te_x, te_y), "validation_accuracy": result.best_score,
               "best_step": result.best_step, "train_size": len(tr_x), "validation_size": len(va_x),
               "test_size": len(te_x), "seconds": time.perf_counter() - started}
    return Classifier(lang, kind, model.eval(), vocab), metrics



# --- shipped models ----------------------------------------------------------------------------------
def build_model(lang: str, kind: str, out_dir, device) -> ModelCard:
    """Train one shipped classifier, score it on the test split and the challenge set, write it."""
    settings = SentimentSettings()
    examples, info = load_corpus(lang)
    classifier, metrics = train_classifier(lang, kind, examples, settings, device=device)
    classifier.model.cpu()
    metrics["challenge_accuracy"] = challenge_accuracy(classifier.predict, lang)
    card = ModelCard(
        name=model_name(lang, kind),
        architecture={"lang": lang, "kind": kind, "embed": settings.embed, "hidden": settings.hidden,
                      "dropout": settings.dropout,
                      "classifies": "the state at the last token" if kind != "bag" else "the mean of the embeddings",
                      "units": ("characters" + (" + the bigram ending at each" if kind != "bag" else "")) if lang == "zh"
                      else "lower-cased words",
                      "parameters": sum(p.numel() for p in classifier.model.parameters())},
        vocabulary=classifier.vocab.items,
        data=info,
        split={"rule": "sha256(text) mod 10: 0-7 train, 8 validation, 9 test", "train": metrics.pop("train_size"),
               "validation": metrics.pop("validation_size"), "test": metrics.pop("test_size")},
        hyperparameters={**settings.__dict__, "optimizer": "Adam", "clip_norm": 1.0,
                         "early_stopping": "best validation accuracy, checked twice per epoch"},
        metrics={k: v for k, v in metrics.items() if k != "seconds"},
        device=str(device), training_seconds=round(metrics["seconds"], 1), seed=settings.seed,
    )
    save_checkpoint(classifier.model.state_dict(), card, out_dir, half=True)
    return card

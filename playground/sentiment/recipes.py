"""Training the sentiment classifiers and the recipes that rebuild the shipped ones
(``python -m playground.train sentiment``)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import torch
from torch import nn

from playground.core.checkpoints import ModelCard, as_shipped, save_checkpoint
from playground.core.datasets.reviews import by_split
from playground.core.seeding import reset_parameters_
from playground.core.training import TrainConfig, train
from playground.models.sentiment import (
    UNK,
    Classifier,
    SentimentNet,
    Vocab,
    encode,
    load_corpus,
    model_name,
    pad_batch,
    rebuild,
    test_predictions,
    test_report,
)
from playground.sentiment.challenge import HALVES, challenge_accuracy


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
    pool: str = "last"  # "last": classify h_t; "max": the running max of h_1..h_t
    augment: int = 0  # template sentences (``augment``) added to the training split
    pretrain_steps: int = 0  # language-model steps on unlabelled text before the labels are seen
    pretrain_lr: float = 3e-3


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


class NextTokenLM(nn.Module):
    """The classifier's embeddings and recurrent layer with a next-token head: pretraining reads
    unlabelled text and predicts each next token (its first feature slot)."""

    def __init__(self, net: SentimentNet, vocab_size: int):
        super().__init__()
        self.net = net
        self.head = nn.Linear(net.rnn.hidden_size, vocab_size)

    def forward(self, x: torch.Tensor, state=None):
        return self.head(self.net.rnn(self.net.drop(self.net.embed(x)))[0]), None


def _next_token_loss(logits: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    target = x[:, 1:, 0].clone()
    target[target == 0] = -100  # padding
    return nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.shape[-1]), target.reshape(-1))


def pretrain_encoder(net: SentimentNet, encoded: list[list[list[int]]], vocab_size: int, settings: SentimentSettings,
                     device=None, generator: torch.Generator | None = None) -> float:
    """Train ``net``'s embeddings and recurrent layer as a language model on ``encoded`` texts
    (in place); returns the last training loss (nats per token). The next-token head's weights
    come from ``generator`` (default: one seeded with ``settings.seed``)."""
    lm = NextTokenLM(net, vocab_size)
    reset_parameters_(lm.head, generator or torch.Generator().manual_seed(settings.seed))
    texts = [e for e in encoded if len(e) >= 3]
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))

    def batches(k: int):
        rng = torch.Generator().manual_seed(settings.seed * 7919 + k)
        start = int(torch.randint(max(len(order) - settings.batch, 1), (1,), generator=rng))
        rows = [texts[i] for i in order[start:start + settings.batch]]
        x = pad_batch(rows)
        return x, x

    result = train(lm, batches, _next_token_loss, TrainConfig(steps=settings.pretrain_steps, lr=settings.pretrain_lr,
                                                                 clip_norm=1.0, seed=settings.seed, lr_schedule="cosine"),
                   device=device)
    net.train()
    return result.history[-1].loss if result.history else float("nan")


def unlabelled_texts(lang: str, download: bool = True) -> tuple[list[str], dict]:
    """Text of the same language without labels, for pretraining: Chinese, the People's Daily and
    Tatoeba's Chinese sentences (training splits); English, Tatoeba's English sentences (all: none of
    them is a review) and vaderSentiment's other human-rated sets with their ratings ignored."""
    from playground.core.datasets import peoples_daily, tatoeba
    from playground.core.datasets.reviews import load_en_extra

    if lang == "zh":
        news, news_info = peoples_daily.sentences(download=download)
        chinese, tatoeba_info = tatoeba.chinese_sentences(download)
        return news["train"] + chinese["train"], {"peoples_daily": news_info, "tatoeba": tatoeba_info}
    pairs, tatoeba_info = tatoeba.load_pairs(download)
    extra, extra_info = load_en_extra(download, min_rating=0.0)
    return sorted({p.en for p in pairs}) + [e.text for e in extra], {"tatoeba": tatoeba_info, "vader": extra_info}


def train_classifier(lang: str, kind: str, examples, settings: SentimentSettings = SentimentSettings(),
                     device: torch.device | None = None, extra=(), unlabelled=()) -> tuple[Classifier, dict]:
    """Train on the train split of ``examples`` plus ``extra`` (training-only examples) and
    ``settings.augment`` template sentences; choose the step by validation accuracy; score on test.
    With ``settings.pretrain_steps``, the embeddings and the recurrent layer first read
    ``unlabelled`` texts and the training texts as a language model (the vocabulary stays that of
    the labelled training texts, so the embedding tables do not grow)."""
    from playground.core.datasets.reviews import Example
    from playground.sentiment.augment import sentences as template_sentences

    train_set, val_set, test_set = (by_split(examples, s) for s in ("train", "validation", "test"))
    train_set = train_set + list(extra) + [Example(t, y, "train") for t, y in
                                           template_sentences(lang, settings.augment, settings.seed)]
    vocab = Vocab.build([e.text for e in train_set], lang, bigrams=kind != "bag")
    lookup = vocab.lookup()

    def enc(items):
        return [encode(e.text, lang, vocab, lookup, settings.max_tokens) or [[UNK] * len(vocab.items)] for e in items]

    tr_x, va_x, te_x = enc(train_set), enc(val_set), enc(test_set)
    tr_y, va_y, te_y = ([e.label for e in s] for s in (train_set, val_set, test_set))
    # weights from a generator of its own, never the process-wide one other visitors' threads share
    # (the dropout masks too: ``playground.core.training.train``)
    init = torch.Generator().manual_seed(settings.seed)
    model = reset_parameters_(SentimentNet(kind, vocab.sizes(), settings.embed, settings.hidden, settings.dropout,
                                           settings.pool), init)
    started = time.perf_counter()
    pretrain_loss = None
    if settings.pretrain_steps and kind != "bag":
        unlabelled_x = [encode(t, lang, vocab, lookup, settings.max_tokens) for t in unlabelled]
        pretrain_loss = pretrain_encoder(model, unlabelled_x + tr_x, vocab.sizes()[0], settings, device, init)
    batches, per_epoch = _batches(tr_x, tr_y, settings.batch, settings.seed)
    result = train(model, batches, nn.functional.binary_cross_entropy_with_logits,
                   TrainConfig(steps=settings.epochs * per_epoch, lr=settings.lr, clip_norm=1.0, seed=settings.seed,
                               eval_every=per_epoch // 2),
                   device=device, evaluate=lambda: accuracy(model, va_x, va_y))
    metrics = {"test_accuracy": accuracy(model, te_x, te_y), "validation_accuracy": result.best_score,
               "best_step": result.best_step, "train_size": len(tr_x), "validation_size": len(va_x),
               "test_size": len(te_x), "seconds": time.perf_counter() - started}
    if pretrain_loss is not None:
        metrics["pretrain_final_loss"] = pretrain_loss
    return Classifier(lang, kind, model.eval(), vocab), metrics



# --- shipped models ----------------------------------------------------------------------------------
# What each shipped classifier is trained with (chosen on the validation split and the challenge set's
# development half; the held-out half is only reported). ``extra``: vaderSentiment's other rated sets
# for English; ``pretrain``: language-model pretraining on ``unlabelled_texts``.
RECIPES: dict[tuple[str, str], dict] = {
    **{("zh", kind): {"settings": SentimentSettings(augment=3000), "extra": False, "pretrain": False}
       for kind in ("bag", "rnn", "lstm", "gru")},
    **{("en", kind): {"settings": SentimentSettings(embed=128, hidden=256, augment=10000), "extra": True,
                      "pretrain": False} for kind in ("bag", "rnn", "lstm", "gru")},
}


# what a position feeds the model (``model.features``): the tokens, and for the recurrent models more
UNITS = {"zh": ("characters", "the bigram ending at each"),
         "en": ("lower-cased words", "each word's first four and last three letters")}


def build_model(lang: str, kind: str, out_dir, device) -> ModelCard:
    """Train one shipped classifier, score it on the test split and the challenge set, write it."""
    from playground.core.datasets.reviews import load_en_extra

    recipe = RECIPES[(lang, kind)]
    settings = recipe["settings"]
    examples, info = load_corpus(lang)
    extra, extra_info = load_en_extra() if recipe["extra"] else ((), None)
    unlabelled, unlabelled_info = unlabelled_texts(lang) if recipe["pretrain"] else ((), None)
    classifier, metrics = train_classifier(lang, kind, examples, settings, device=device, extra=extra,
                                           unlabelled=unlabelled)
    classifier.model.cpu()
    shipped = rebuild(as_shipped(classifier.model.state_dict()), _card_stub(classifier, settings))
    metrics["test_accuracy"] = accuracy_on_split(shipped, examples, "test")  # as the fp16 file scores
    for half in ("held_out", "dev"):
        metrics[f"challenge_{half}"] = challenge_accuracy(shipped.predict, lang, half)
    data = {**info, **({"extra_training_data": extra_info} if extra_info else {}),
            **({"pretraining_text": unlabelled_info} if unlabelled_info else {}),
            **({"template_sentences": {"count": settings.augment, "module": "playground.sentiment.augment",
                                       "used_for": "training only"}} if settings.augment else {})}
    card = ModelCard(
        name=model_name(lang, kind),
        architecture={"lang": lang, "kind": kind, "embed": settings.embed, "hidden": settings.hidden,
                      "dropout": settings.dropout, "pool": settings.pool,
                      "classifies": ("the mean of the embeddings" if kind == "bag" else
                                     "the running max of the states" if settings.pool == "max" else
                                     "the state at the last token"),
                      "units": UNITS[lang][0] + (f" + {UNITS[lang][1]}" if kind != "bag" else ""),
                      "parameters": sum(p.numel() for p in classifier.model.parameters())},
        vocabulary=classifier.vocab.items,
        data=data,
        split={"rule": "sha256(text) mod 10: 0-7 train, 8 validation, 9 test", "train": metrics.pop("train_size"),
               "validation": metrics.pop("validation_size"), "test": metrics.pop("test_size"),
               "challenge": {h: len(v) for h, v in HALVES[lang].items()}},
        hyperparameters={**settings.__dict__, "optimizer": "Adam", "clip_norm": 1.0,
                         "early_stopping": "best validation accuracy, checked twice per epoch"},
        metrics={k: v for k, v in metrics.items() if k != "seconds"},
        device=str(device), training_seconds=round(metrics["seconds"], 1), seed=settings.seed,
        extra={"test_report": test_report(test_predictions(shipped, examples), shipped.predict)},
    )
    save_checkpoint(classifier.model.state_dict(), card, out_dir, half=True)
    return card


def _card_stub(classifier: Classifier, settings: SentimentSettings) -> ModelCard:
    """Just enough of a card to rebuild the classifier from its fp16 round trip."""
    arch = {"lang": classifier.lang, "kind": classifier.kind, "embed": settings.embed, "hidden": settings.hidden,
            "dropout": settings.dropout, "pool": settings.pool}
    return ModelCard(model_name(classifier.lang, classifier.kind), arch, classifier.vocab.items, {}, {}, {}, {}, "cpu",
                     0.0, settings.seed)


def accuracy_on_split(classifier: Classifier, examples, split: str) -> float:
    """Accuracy of ``classifier`` on one split of ``examples`` (texts cut as in training)."""
    items = by_split(examples, split)
    lookup = classifier.vocab.lookup()
    encoded = [encode(e.text, classifier.lang, classifier.vocab, lookup, 150) or [[UNK] * len(classifier.vocab.items)]
               for e in items]
    return accuracy(classifier.model, encoded, [e.label for e in items])

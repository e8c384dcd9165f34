"""Training the zh->en translators and the recipes that rebuild the shipped files
(``python -m playground.train seq2seq``): both translators, then BLEU by source length."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import torch

from playground.core.checkpoints import ModelCard, as_shipped, save_checkpoint
from playground.core.datasets.tatoeba import translation_pairs
from playground.core.training import TrainConfig, Validation, progress_printer, seed_everything, train
from playground.seq2seq.decoding import beam_search, greedy_batch
from playground.seq2seq.evaluation import (
    BOTTLENECK,
    LENGTH_BUCKETS,
    bleu_by_length,
    corpus_bleu,
    grouped_references,
)
from playground.seq2seq.model import (
    Seq2Seq,
    Seq2SeqSettings,
    Vocab,
    batch_sampler,
    model_name,
    source_tokens,
    translation_loss,
)
from playground.seq2seq.translate import load_translator

BUDGETS = {True: {"attention": True, "steps": 14000}, False: {"attention": False, "steps": 14000}}
SEED_SENTENCE = "我爱自然语言处理"  # the lecture's example (concept 4)


# -- training ---------------------------------------------------------------------------------------
@dataclass
class TrainedTranslator:
    model: Seq2Seq
    src_vocab: Vocab
    tgt_vocab: Vocab
    settings: Seq2SeqSettings
    curve: list[dict]
    best_step: int | None
    seconds: float


def train_translator(data: dict, settings: Seq2SeqSettings, device=None, on_progress=None,
                     validation_sources: int = 1000) -> TrainedTranslator:
    """Train on ``data['train']`` (TranslationPairs); early stopping on greedy validation BLEU."""
    seed_everything(settings.seed)
    src_vocab = Vocab.build((source_tokens(p.zh) for p in data["train"]), settings.min_count)
    tgt_vocab = Vocab.build((p.en for p in data["train"]), settings.min_count)
    sources = [src_vocab.encode(source_tokens(p.zh)) for p in data["train"]]
    targets = [tgt_vocab.encode(p.en) for p in data["train"]]
    model = Seq2Seq(len(src_vocab), len(tgt_vocab), settings.attention, settings.embed, settings.hidden,
                    settings.decoder, settings.dropout)
    model.use_bf16 = settings.bf16
    val_sources, val_refs = grouped_references(data["validation"])
    val_sources, val_refs = val_sources[:validation_sources], val_refs[:validation_sources]
    curve: list[dict] = []
    losses: list[float] = []

    def evaluate() -> float:
        hyps = greedy_batch(model, src_vocab, val_sources)
        score = corpus_bleu([" ".join(tgt_vocab.tokens[i] for i in h) for h in hyps], val_refs)
        curve.append({"step": len(losses), "train_loss": sum(losses[-200:]) / max(len(losses[-200:]), 1),
                      "validation_bleu_greedy": score})
        if on_progress is not None:
            on_progress(Validation(len(losses), settings.steps, {"validation_bleu": score}))
        return score

    def progress(p) -> None:
        losses.append(p.loss)
        if on_progress is not None:
            on_progress(p)

    config = TrainConfig(steps=settings.steps, lr=settings.lr, clip_norm=1.0, seed=settings.seed,
                         eval_every=settings.eval_every, lr_schedule="cosine")
    started = time.perf_counter()
    result = train(model, batch_sampler(sources, targets, settings.batch, settings.seed), translation_loss, config,
                   on_progress=progress, device=device, evaluate=evaluate)
    model.use_bf16 = False
    return TrainedTranslator(model.eval(), src_vocab, tgt_vocab, settings, curve, result.best_step,
                             time.perf_counter() - started)


def test_split_evaluation(model: Seq2Seq, src_vocab: Vocab, tgt_vocab: Vocab, data: dict) -> tuple[dict, dict]:
    """(metrics, extra) of a model on the test split: corpus BLEU greedy and beam 5, decode times,
    examples with their references, and the lecture's sentence."""
    sources, refs = grouped_references(data["test"])
    words = tgt_vocab.tokens
    started = time.perf_counter()
    greedy = [" ".join(words[i] for i in h) for h in greedy_batch(model, src_vocab, sources)]
    greedy_seconds = time.perf_counter() - started
    started = time.perf_counter()
    beam = [" ".join(words[i] for i in r.best.tokens) for r in beam_search(model, src_vocab, sources, width=5)]
    beam_seconds = time.perf_counter() - started
    seed_beam = beam_search(model, src_vocab, [SEED_SENTENCE], width=5)[0].best.tokens
    metrics = {"test_bleu_greedy": corpus_bleu(greedy, refs), "test_bleu_beam5": corpus_bleu(beam, refs)}
    extra = {"bleu": "sacrebleu corpus BLEU, 13a, lower-cased tokenised text, all references",
             "decode_seconds": {"greedy": round(greedy_seconds, 1), "beam5": round(beam_seconds, 1)},
             "examples": [{"source": s, "references": r, "greedy": g, "beam5": b}
                          for s, r, g, b in list(zip(sources, refs, greedy, beam, strict=True))[:12]],
             "seed_sentence": {"source": SEED_SENTENCE, "beam5": " ".join(words[i] for i in seed_beam)}}
    return metrics, extra


def build_translator(attention: bool, out_dir, device) -> ModelCard:
    """Train one shipped translator, evaluate it as shipped on the test split, write it."""
    data, info = translation_pairs()
    name = model_name(attention)
    settings = Seq2SeqSettings(**BUDGETS[attention])
    trained = train_translator(data, settings, device=device, on_progress=progress_printer(name, "target tokens"))
    model = trained.model.cpu()
    # Evaluate the weights exactly as shipped (fp16 on disk, float32 in memory).
    eval_model = Seq2Seq(len(trained.src_vocab), len(trained.tgt_vocab), attention, settings.embed, settings.hidden,
                         settings.decoder).eval()
    eval_model.load_state_dict(as_shipped(model.state_dict()))
    metrics, extra = test_split_evaluation(eval_model, trained.src_vocab, trained.tgt_vocab, data)
    sources, refs = grouped_references(data["test"])
    arch = {"attention": attention, "embed": settings.embed, "hidden": settings.hidden, "decoder": settings.decoder,
            "encoder": "bidirectional GRU" if attention else "GRU", "score": "Luong general" if attention else None,
            "source_vocab": len(trained.src_vocab), "target_vocab": len(trained.tgt_vocab),
            "parameters": sum(p.numel() for p in model.parameters())}
    card = ModelCard(
        name=name, architecture=arch,
        vocabulary={"source": list(trained.src_vocab.tokens), "target": list(trained.tgt_vocab.tokens)},
        data=info, split={"rule": info["split"], **info["split_sizes"], "test_sources": len(sources),
                          "test_references": sum(len(r) for r in refs)},
        hyperparameters=asdict(settings),
        metrics={**metrics, "validation_bleu_greedy_best": max(c["validation_bleu_greedy"] for c in trained.curve),
                 "best_step": trained.best_step},
        device=str(device), training_seconds=round(trained.seconds, 1), seed=settings.seed,
        extra={"curve": trained.curve, **extra},
    )
    save_checkpoint(model.state_dict(), card, out_dir, half=True)
    return card


def build_bottleneck(out_dir, device) -> ModelCard:
    """Both shipped translators (read from ``out_dir``) on the test split, BLEU by source length."""
    data, info = translation_pairs()
    sources, refs = grouped_references(data["test"])
    started = time.perf_counter()
    by_length = {("attention" if a else "classic"): bleu_by_length(load_translator(a, out_dir, device="cpu"),
                                                                   sources, refs)
                 for a in (False, True)}
    tensors = {f"{k}.{s}": torch.tensor(v[s], dtype=torch.float32) for k, v in by_length.items()
               for s in ("greedy", "beam5")}
    card = ModelCard(
        name=BOTTLENECK, architecture={"measures": [model_name(True), model_name(False)]}, vocabulary=None,
        data=info, split={"rule": info["split"], "test_sources": len(sources)},
        hyperparameters={"buckets": [list(b) for b in LENGTH_BUCKETS], "beam": 5, "length_penalty": 1.0},
        metrics={f"{k}_longest_beam5": v["beam5"][-1] for k, v in by_length.items()},
        device="cpu", training_seconds=round(time.perf_counter() - started, 1), seed=0,
        extra={"by_length": by_length, "bleu": "sacrebleu corpus BLEU per bucket (13a, all references)"},
    )
    save_checkpoint(tensors, card, out_dir)
    return card

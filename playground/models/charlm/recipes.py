"""Training character LMs: the loop over random windows, live training on the page, and the
recipes that rebuild the shipped models (``python -m playground.train charlm``)."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field

import torch
from torch import Tensor

from playground.core.checkpoints import ModelCard, as_shipped, freeze, save_checkpoint
from playground.core.datasets.charcorpora import load as load_corpus
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.core.training import Event, TrainConfig, TrainResult, Validation, progress_printer, train
from playground.models.charlm.decoding import generate
from playground.models.charlm.engine import FastSampler
from playground.models.charlm.model import (
    MAX_TRAIN_TEXT_BYTES,
    MAX_VOCAB,
    PROMPTS,
    CharLM,
    CharLMSettings,
    CharVocab,
    architecture,
    bits,
    cross_entropy,
    held_out_loss,
    model_name,
    snapshots_name,
    window_batches,
)

# steps and snapshot steps of each shipped model
BUDGETS: dict[tuple[str, str], dict] = {
    ("shakespeare", "lstm"): {"steps": 8000, "snapshots": (0, 100, 300, 1000, 3000)},
    ("shakespeare", "gru"): {"steps": 3000, "snapshots": ()},
    ("shakespeare", "rnn"): {"steps": 2000, "snapshots": ()},
    ("python", "lstm"): {"steps": 3000, "snapshots": ()},
}


@dataclass
class TrainedCharLM:
    model: CharLM
    vocab: CharVocab
    settings: CharLMSettings
    result: TrainResult
    curve: list[dict] = field(default_factory=list)  # {"step", "train_loss"} and {"step", "validation_loss"}
    snapshots: dict[int, dict[str, Tensor]] = field(default_factory=dict)


def train_charlm(train_text: str, validation_text: str, settings: CharLMSettings, device: torch.device | None = None,
                 on_progress=None, stop=None, validation_chars: int = 200_000, model_hook=None,
                 vocab: CharVocab | None = None) -> TrainedCharLM:
    """Train a character LM from scratch; keep the weights of the best validation loss and copies of
    the weights at ``settings.snapshots`` steps. ``vocab`` defaults to every character of the training text."""
    settings.check()
    vocab = vocab or CharVocab.build(train_text, max_size=MAX_VOCAB)
    train_ids, val_ids = vocab.encode(train_text), vocab.encode(validation_text)
    # weights from a generator of its own, never the process-wide one other visitors' threads share
    # (dropout between layers is the one exception: see ``playground.core.training.train``)
    model = reset_parameters_(CharLM(settings.kind, len(vocab), settings.embed, settings.hidden, settings.layers,
                                     settings.dropout), torch.Generator().manual_seed(settings.seed))
    snapshots: dict[int, dict[str, Tensor]] = {}
    if model_hook is not None:
        model_hook(model, vocab)
    if 0 in settings.snapshots:  # "before training": the initial weights, pure gibberish
        snapshots[0] = {k: v.detach().cpu().clone() for k, v in model.state_dict().items()}
    curve: list[dict] = []
    window: list[float] = []  # train losses since the last curve point
    done = [0]  # steps so far

    def evaluate() -> float:
        loss = held_out_loss(model, val_ids, max_chars=validation_chars)
        curve.append({"step": done[0], "validation_loss": loss})
        if on_progress is not None:
            on_progress(Validation(done[0], settings.steps, {"validation_loss": loss}))
        return -loss

    def progress(p) -> None:
        done[0] = p.step
        window.append(p.loss)
        if p.step in settings.snapshots:
            snapshots[p.step] = {k: v.detach().cpu().clone() for k, v in model.state_dict().items()}
        if p.step % 50 == 0 or p.step == p.total:
            curve.append({"step": p.step, "train_loss": sum(window) / len(window)})
            window.clear()
        if on_progress is not None:
            on_progress(p)

    config = TrainConfig(steps=settings.steps, lr=settings.lr, clip_norm=settings.clip_norm, bptt=settings.bptt,
                         seed=settings.seed, eval_every=settings.eval_every if len(val_ids) > 2 else None,
                         lr_schedule=settings.lr_schedule)
    result = train(model, window_batches(train_ids, settings.batch, 2 * settings.bptt, settings.seed), cross_entropy,
                   config, on_progress=progress, stop=stop, device=device,
                   evaluate=evaluate if len(val_ids) > 2 else None)
    freeze(model.cpu())
    return TrainedCharLM(model, vocab, settings, result, curve, snapshots)


# --- live training (a background job on the page) -----------------------------------------------
MIN_TRAIN_TEXT = 1000


def text_from_upload(data: bytes) -> str:
    """Uploaded bytes as text: at most 1 MB, UTF-8, or a clear message."""
    if len(data) > MAX_TRAIN_TEXT_BYTES:
        raise InputError("file_too_large", size=len(data), limit=MAX_TRAIN_TEXT_BYTES)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError("not_utf8", position=exc.start) from exc


def split_live_text(text: str) -> tuple[str, str]:
    """A pasted or uploaded text -> (first 90% for training, last 10% for validation)."""
    size = len(text.encode("utf-8"))
    if size > MAX_TRAIN_TEXT_BYTES:
        raise InputError("file_too_large", size=size, limit=MAX_TRAIN_TEXT_BYTES)
    if len(text) < MIN_TRAIN_TEXT:
        raise InputError("text_too_short", minimum=MIN_TRAIN_TEXT)
    cut = int(len(text) * 0.9)
    return text[:cut], text[cut:]


def live_training_job(train_text: str, validation_text: str, settings: CharLMSettings, sample_every: int = 100,
                      prompt: str = "\n", device=None):
    """``work(report, stop)`` for ``playground.core.jobs``: trains, reports the train loss every step, the
    validation loss every ``settings.eval_every`` steps and a 200-character sample every ``sample_every``."""
    settings.check()

    def work(report, stop) -> TrainedCharLM:
        holder: dict = {}
        last = {"loss": math.nan}

        def on_progress(p: Event) -> None:
            if isinstance(p, Validation):
                report(step=p.step, total=p.total, loss=last["loss"], **p.scores)
                return
            last["loss"] = p.loss
            report(step=p.step, total=p.total, loss=p.loss)
            model = holder.get("model")
            if model is not None and (p.step % sample_every == 0 or p.step == p.total):
                was = model.training
                model.eval()
                start = prompt if prompt and set(prompt) <= set(holder["vocab"].chars) else holder["vocab"].chars[-1]
                text = generate(FastSampler.from_model(model, holder["vocab"]), start, 200, "sample",
                                temperature=0.8, seed=p.step).text
                model.train(was)
                report(step=p.step, total=p.total, loss=p.loss, sample=start + text)

        trained = train_charlm(train_text, validation_text, settings, device=device, on_progress=on_progress,
                               stop=stop, validation_chars=50_000, model_hook=lambda m, v: holder.update(model=m, vocab=v))
        if trained.result.status == "diverged":  # the job fails with the reason, and frees its slot
            step = trained.result.history[-1].step
            raise TrainingDiverged(f"the loss became {trained.result.final_loss} at step {step}; lower the learning rate")
        return trained

    return work


class TrainingDiverged(RuntimeError):
    """A live training run whose loss stopped being finite."""


def export(trained: TrainedCharLM, name: str = "charlm_live") -> tuple[bytes, str]:
    """(safetensors bytes, model-card JSON) for a download button."""
    import json

    from safetensors.torch import save

    weights = save({k: v.detach().cpu().contiguous() for k, v in trained.model.state_dict().items()})
    card = ModelCard(name=name, architecture=architecture(trained.settings, trained.vocab, trained.model),
                     vocabulary=list(trained.vocab.chars), data={"source": "trained live on the page"}, split={},
                     hyperparameters=asdict(trained.settings),
                     metrics={"best_validation_loss_nats": -trained.result.best_score
                              if trained.result.best_score is not None else None, "steps": trained.result.steps,
                              "status": trained.result.status},
                     device=str(next(trained.model.parameters()).device),
                     training_seconds=round(trained.result.seconds, 1), seed=trained.settings.seed,
                     extra={"curve": trained.curve})
    return weights, json.dumps(card.to_dict(), ensure_ascii=False, indent=2)



# --- shipped models ----------------------------------------------------------------------------------
def build_model(corpus_name: str, kind: str, out_dir, device) -> ModelCard:
    """Train one shipped model (and its snapshots), evaluate it as shipped, write it."""
    corpus = load_corpus(corpus_name)
    settings = CharLMSettings(kind=kind, **BUDGETS[(corpus_name, kind)])
    started = time.perf_counter()
    trained = train_charlm(corpus.train, corpus.validation, settings, device=device,
                           on_progress=progress_printer(model_name(corpus_name, kind), "chars"))
    seconds = time.perf_counter() - started
    model, vocab = trained.model.cpu(), trained.vocab
    # Evaluate the weights exactly as shipped (fp16 on disk, float32 in memory).
    eval_model = CharLM(kind, len(vocab), settings.embed, settings.hidden, settings.layers)
    eval_model.load_state_dict(as_shipped(model.state_dict()))
    validation = held_out_loss(eval_model, vocab.encode(corpus.validation))
    test = held_out_loss(eval_model, vocab.encode(corpus.test))
    prompt = PROMPTS[corpus_name]
    sample = generate(FastSampler.from_model(eval_model, vocab), prompt, 400, "sample", temperature=0.8, seed=1).text
    arch = architecture(settings, vocab, model)
    card = ModelCard(
        name=model_name(corpus_name, kind), architecture=arch, vocabulary=list(vocab.chars), data=corpus.info,
        split={"rule": corpus.info["split"], "train_chars": len(corpus.train), "validation_chars": len(corpus.validation),
               "test_chars": len(corpus.test)},
        hyperparameters={k: v for k, v in asdict(settings).items() if k != "snapshots"},
        metrics={"test_loss_nats": test, "test_bits_per_char": bits(test), "validation_loss_nats": validation,
                 "best_step": trained.result.best_step, "steps": trained.result.steps},
        device=str(device), training_seconds=round(seconds, 1), seed=settings.seed,
        extra={"curve": trained.curve, "sample": {"prompt": prompt, "temperature": 0.8, "seed": 1, "text": sample},
               "chars_per_step": settings.batch * settings.bptt},
    )
    save_checkpoint(model.state_dict(), card, out_dir, half=True)
    if trained.snapshots:
        _save_snapshots(corpus_name, kind, trained, card, out_dir, corpus)
    return card


def _save_snapshots(corpus_name, kind, trained: TrainedCharLM, card: ModelCard, out_dir, corpus) -> None:
    tensors, stages = {}, []
    val_ids = trained.vocab.encode(corpus.validation)
    for step, weights in sorted(trained.snapshots.items()):
        tensors.update({f"step{step}.{k}": v for k, v in weights.items()})
        model = CharLM(kind, len(trained.vocab), trained.settings.embed, trained.settings.hidden, trained.settings.layers)
        model.load_state_dict(as_shipped(weights))
        text = generate(FastSampler.from_model(model, trained.vocab), PROMPTS[corpus_name], 300, "sample",
                        temperature=0.8, seed=1).text
        stages.append({"step": step, "validation_loss_nats": held_out_loss(model, val_ids, max_chars=200_000),
                       "sample": text})
    snap_card = ModelCard(
        name=snapshots_name(corpus_name, kind), architecture=card.architecture, vocabulary=card.vocabulary,
        data=card.data, split=card.split, hyperparameters=card.hyperparameters,
        metrics={"validation_loss_nats_by_step": {s["step"]: s["validation_loss_nats"] for s in stages}},
        device=card.device, training_seconds=card.training_seconds, seed=card.seed,
        extra={"steps": [s["step"] for s in stages], "stages": stages},
    )
    save_checkpoint(tensors, snap_card, out_dir, half=True)

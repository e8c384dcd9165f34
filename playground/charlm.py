"""Character-level language models (lecture 7, sections 6-7): vocabulary, model, training, held-out loss.

A character goes in as a learned embedding (not one-hot: the lecture's point is that a dense
vector lets similar characters share what they learn), through 1-3 recurrent layers, and out as a
distribution over the next character. Training takes random windows of the corpus and cuts each
into two truncated-BPTT chunks, on the shared loop (``playground.training``). The held-out loss is
the mean negative log-likelihood in nats per character over whole unseen plays (or files); bits
per character is the same number divided by ln 2.

Fast sampling, beam search and the cell probes live in ``charlm_sampling`` and ``charlm_cells``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import torch
from torch import Tensor, nn

from playground.checkpoints import ModelCard, load_checkpoint, save_checkpoint
from playground.errors import InputError
from playground.registry import register
from playground.training import TrainConfig, TrainResult, progress_printer, train

UNKNOWN = "\ufffd"  # index 0: any character the training text never had
KINDS = ("lstm", "gru", "rnn")
CORPORA = ("shakespeare", "python")
MAX_TRAIN_TEXT_BYTES = 1_000_000  # pasted or uploaded text for live training


@dataclass(frozen=True)
class CharVocab:
    chars: tuple[str, ...]  # chars[0] is UNKNOWN

    @classmethod
    def build(cls, text: str) -> CharVocab:
        return cls((UNKNOWN, *sorted(set(text) - {UNKNOWN})))

    def __len__(self) -> int:
        return len(self.chars)

    @property
    def index(self) -> dict[str, int]:
        return {c: i for i, c in enumerate(self.chars)}

    def encode(self, text: str) -> Tensor:
        index = self.index
        return torch.tensor([index.get(c, 0) for c in text], dtype=torch.long)

    def unknown(self, text: str) -> list[str]:
        """The characters of ``text`` this vocabulary lacks (each once, in order of appearance)."""
        index = self.index
        return list(dict.fromkeys(c for c in text if c not in index))

    def decode(self, ids) -> str:
        return "".join(self.chars[int(i)] for i in ids)


class CharLM(nn.Module):
    """Embedding -> ``layers`` recurrent layers -> next-character logits."""

    def __init__(self, kind: str, vocab_size: int, embed: int = 64, hidden: int = 256, layers: int = 2,
                 dropout: float = 0.0) -> None:
        super().__init__()
        if kind not in KINDS:
            raise ValueError(f"unknown cell {kind!r}")
        self.kind, self.hidden, self.layers = kind, hidden, layers
        self.embedding = nn.Embedding(vocab_size, embed)
        rnn_class = {"lstm": nn.LSTM, "gru": nn.GRU, "rnn": nn.RNN}[kind]
        self.rnn = rnn_class(embed, hidden, layers, batch_first=True, dropout=dropout if layers > 1 else 0.0)
        self.head = nn.Linear(hidden, vocab_size)

    def forward(self, x: Tensor, state=None):
        out, state = self.rnn(self.embedding(x), state)
        return self.head(out), state


@dataclass
class CharLMSettings:
    kind: str = "lstm"
    hidden: int = 256
    layers: int = 2
    embed: int = 64
    dropout: float = 0.1
    batch: int = 64
    bptt: int = 128  # each random window is 2 x bptt characters: two truncated-BPTT chunks
    steps: int = 6000
    lr: float = 3e-3
    lr_schedule: str = "cosine"
    clip_norm: float = 1.0
    eval_every: int = 500
    snapshots: tuple[int, ...] = (100, 300, 1000, 3000)
    seed: int = 0

    def check(self) -> None:
        if self.kind not in KINDS:
            raise InputError("bad_choice", name=self.kind)
        limits = {"hidden": (8, 1024), "layers": (1, 3), "bptt": (4, 512), "steps": (1, 100_000), "batch": (1, 512)}
        for name, (low, high) in limits.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise InputError("out_of_range", name=name, low=low, high=high)
        if not (math.isfinite(self.lr) and 0 < self.lr <= 1):
            raise InputError("out_of_range", name="lr", low=0, high=1)


def cross_entropy(logits: Tensor, targets: Tensor) -> Tensor:
    return nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def window_batches(ids: Tensor, batch: int, length: int, seed: int) -> Callable[[int], tuple[Tensor, Tensor]]:
    """``get(k)``: ``batch`` random windows of ``length`` characters (inputs) and the next ones (targets)."""
    if len(ids) < length + 2:
        raise InputError("text_too_short", minimum=length + 2)

    def get(k: int) -> tuple[Tensor, Tensor]:
        generator = torch.Generator().manual_seed(seed * 1_000_003 + k)
        starts = torch.randint(0, len(ids) - length - 1, (batch,), generator=generator)
        rows = starts[:, None] + torch.arange(length + 1)[None, :]
        window = ids[rows]
        return window[:, :-1], window[:, 1:]

    return get


@torch.no_grad()
def held_out_loss(model: CharLM, ids: Tensor, streams: int = 16, chunk: int = 256, max_chars: int | None = None) -> float:
    """Mean next-character loss (nats/char) over ``ids`` read as ``streams`` contiguous streams with
    the state carried from chunk to chunk (what the model sees when it reads a whole play)."""
    if max_chars is not None:
        ids = ids[:max_chars]
    streams = max(1, min(streams, (len(ids) - 1) // 2))
    per_stream = (len(ids) - 1) // streams
    dev = next(model.parameters()).device
    inputs = ids[: streams * per_stream].view(streams, per_stream).to(dev)
    targets = ids[1 : streams * per_stream + 1].view(streams, per_stream).to(dev)
    was_training = model.training
    model.eval()
    total, state = 0.0, None
    for start in range(0, per_stream, chunk):
        logits, state = model(inputs[:, start : start + chunk], state)
        total += float(nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]),
                                                   targets[:, start : start + chunk].reshape(-1), reduction="sum"))
    model.train(was_training)
    return total / targets.numel()


def bits(nats: float) -> float:
    return nats / math.log(2)


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
    vocab = vocab or CharVocab.build(train_text)
    train_ids, val_ids = vocab.encode(train_text), vocab.encode(validation_text)
    torch.manual_seed(settings.seed)
    model = CharLM(settings.kind, len(vocab), settings.embed, settings.hidden, settings.layers, settings.dropout)
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
            on_progress(None, validation_loss=loss, step=done[0])
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
    model.eval().cpu()
    for p in model.parameters():
        p.requires_grad_(False)
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
    """``work(report, stop)`` for ``playground.jobs``: trains, reports the train loss every step, the
    validation loss every ``settings.eval_every`` steps and a 200-character sample every ``sample_every``."""
    from playground.charlm_sampling import FastSampler, generate

    settings.check()

    def work(report, stop) -> TrainedCharLM:
        holder: dict = {}
        last = {"loss": math.nan}

        def on_progress(p, validation_loss=None, step=None):
            if p is None:
                report(step=step, total=settings.steps, loss=last["loss"], validation_loss=validation_loss)
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
SHIPPED: dict[tuple[str, str], dict] = {
    ("shakespeare", "lstm"): {"steps": 8000, "snapshots": (0, 100, 300, 1000, 3000)},
    ("shakespeare", "gru"): {"steps": 3000, "snapshots": ()},
    ("shakespeare", "rnn"): {"steps": 2000, "snapshots": ()},
    ("python", "lstm"): {"steps": 3000, "snapshots": ()},
}
PROMPTS = {"shakespeare": "ROMEO:\n", "python": "def "}


def model_name(corpus: str, kind: str) -> str:
    return f"charlm_{corpus}_{kind}"


def snapshots_name(corpus: str, kind: str) -> str:
    return f"{model_name(corpus, kind)}_snapshots"


def architecture(settings: CharLMSettings, vocab: CharVocab, model: CharLM) -> dict:
    return {"kind": settings.kind, "embed": settings.embed, "hidden": settings.hidden, "layers": settings.layers,
            "dropout": settings.dropout, "vocab_size": len(vocab),
            "parameters": sum(p.numel() for p in model.parameters())}


def model_from_tensors(tensors: dict[str, Tensor], card: ModelCard) -> tuple[CharLM, CharVocab]:
    """Rebuild a read-only model (eval mode, gradients off) from its weights and card."""
    arch = card.architecture
    vocab = CharVocab(tuple(card.vocabulary))
    model = CharLM(arch["kind"], len(vocab), arch["embed"], arch["hidden"], arch["layers"])
    model.load_state_dict(tensors)
    model.to(next(iter(tensors.values())).device).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return model, vocab


def load_model(corpus: str, kind: str, directory=None, device=None) -> tuple[CharLM, CharVocab, ModelCard]:
    if (corpus, kind) not in SHIPPED:
        raise InputError("bad_choice", name=f"{corpus}/{kind}")
    tensors, card = load_checkpoint(model_name(corpus, kind), directory, device=device)
    model, vocab = model_from_tensors(tensors, card)
    return model, vocab, card


def load_snapshots(corpus: str, kind: str, directory=None, device=None) -> dict[int, CharLM]:
    """The shipped snapshots of one model by training step (the page's "stages of training")."""
    tensors, card = load_checkpoint(snapshots_name(corpus, kind), directory, device=device)
    main_card = ModelCard.from_dict({**card.to_dict(), "architecture": card.architecture})
    out: dict[int, CharLM] = {}
    for step in card.extra["steps"]:
        prefix = f"step{step}."
        weights = {k[len(prefix):]: v for k, v in tensors.items() if k.startswith(prefix)}
        out[int(step)], _ = model_from_tensors(weights, main_card)
    return out


def _build(corpus_name: str, kind: str, out_dir, device) -> ModelCard:
    from playground.charlm_sampling import FastSampler, generate
    from playground.datasets.charcorpora import load

    corpus = load(corpus_name)
    settings = CharLMSettings(kind=kind, **SHIPPED[(corpus_name, kind)])
    started = time.perf_counter()
    trained = train_charlm(corpus.train, corpus.validation, settings, device=device,
                           on_progress=progress_printer(model_name(corpus_name, kind), "chars"))
    seconds = time.perf_counter() - started
    model, vocab = trained.model.cpu(), trained.vocab
    # Evaluate the weights exactly as shipped (fp16 on disk, float32 in memory).
    shipped = {k: v.half().float() for k, v in model.state_dict().items()}
    eval_model = CharLM(kind, len(vocab), settings.embed, settings.hidden, settings.layers)
    eval_model.load_state_dict(shipped)
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
    from playground.charlm_sampling import FastSampler, generate

    tensors, stages = {}, []
    val_ids = trained.vocab.encode(corpus.validation)
    for step, weights in sorted(trained.snapshots.items()):
        tensors.update({f"step{step}.{k}": v for k, v in weights.items()})
        model = CharLM(kind, len(trained.vocab), trained.settings.embed, trained.settings.hidden, trained.settings.layers)
        model.load_state_dict({k: v.half().float() for k, v in weights.items()})
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


def _register_all() -> None:
    for corpus_name, kind in SHIPPED:
        register(model_name(corpus_name, kind), group="charlm", description=f"character LM, {corpus_name}, {kind}")(
            lambda out, dev, _c=corpus_name, _k=kind: _build(_c, _k, out, dev))


_register_all()

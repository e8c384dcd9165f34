"""Shipped weights: ``<name>.safetensors`` plus a JSON model card ``<name>.json``.

Weights load through safetensors only (never pickle). The card records where the model came
from and how good it is; it also holds the weights file's sha256, so a truncated or altered file
is caught before it reaches a page. Every failure to load raises ``CheckpointError``.
"""

from __future__ import annotations

import hashlib
import json
import platform
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from playground.core.device import device as default_device

PRETRAINED_DIR = Path(__file__).resolve().parents[2] / "pretrained"


class CheckpointError(RuntimeError):
    """A shipped model is missing, corrupt or does not match its card."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(f"model {name!r}: {reason}")


@dataclass
class ModelCard:
    """What a shipped model is, what it was trained on, and how it scored on held-out data."""

    name: str
    architecture: dict
    vocabulary: list | dict | None
    data: dict  # source, package, version, sha256 of the corpus file where there is one
    split: dict  # how train/validation/test were made, and their sizes
    hyperparameters: dict
    metrics: dict  # held-out figures, each named with its split
    device: str
    training_seconds: float
    seed: int
    torch_version: str = field(default_factory=lambda: torch.__version__)
    python_version: str = field(default_factory=platform.python_version)
    weights_sha256: str = ""
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> ModelCard:
        known = {f for f in cls.__dataclass_fields__}
        missing = {"name", "architecture", "data", "split", "hyperparameters", "metrics"} - set(data)
        if missing:
            raise ValueError(f"card lacks {sorted(missing)}")
        return cls(**{k: v for k, v in data.items() if k in known})


def freeze(model: torch.nn.Module) -> torch.nn.Module:
    """Make a model read-only for inference (eval mode, no gradients) and return it: the shape every
    shipped model takes before pages and sessions share it."""
    model.eval()
    for parameter in model.parameters():
        parameter.requires_grad_(False)
    return model


def half_embeddings(model: torch.nn.Module, keep: frozenset[str] = frozenset()) -> torch.nn.Module:
    """Keep every embedding table in float16, the dtype it ships in, and hand its rows on as float32:
    the same numbers (the file holds float16), half the memory. Embedding tables are most of the
    bytes of a word-level model (the Chinese sentiment vocabulary has 47,075 rows); the recurrent
    and output weights stay float32, since float16 arithmetic on a CPU is several times slower
    (``keep``: names of embeddings that are also used as a matrix, e.g. tied to the output layer)."""
    for name, module in model.named_modules():
        if isinstance(module, torch.nn.Embedding) and module.weight.dtype == torch.float32 and name not in keep:
            module.weight.data = module.weight.data.half()
            module.register_forward_hook(lambda _module, _inputs, rows: rows.float())
    return model


def as_shipped(state: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
    """The weights exactly as a reader of the fp16 file gets them: floating tensors through
    float16 and back to float32 (recipes evaluate these, not the float32 weights they trained)."""
    return {k: (v.detach().cpu().half().float() if v.is_floating_point() else v.detach().cpu()) for k, v in state.items()}


def file_sha256(path: Path) -> str:
    """The sha256 of a file, read in 1 MB blocks (shipped weights here, cached archives in datasets)."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def paths(name: str, directory: Path | None = None) -> tuple[Path, Path]:
    """(weights file, card file) for model ``name``."""
    root = Path(directory) if directory is not None else PRETRAINED_DIR
    return root / f"{name}.safetensors", root / f"{name}.json"


def save_checkpoint(
    tensors: dict[str, torch.Tensor],
    card: ModelCard,
    directory: Path | None = None,
    half: bool = False,
) -> tuple[Path, Path]:
    """Write the weights (fp16 for floating tensors when ``half``) and the card; return their paths."""
    weights_path, card_path = paths(card.name, directory)
    weights_path.parent.mkdir(parents=True, exist_ok=True)
    prepared = {}
    for key, tensor in tensors.items():
        tensor = tensor.detach().to("cpu").contiguous()
        if half and tensor.is_floating_point():
            tensor = tensor.half()
        prepared[key] = tensor
    save_file(prepared, str(weights_path), metadata={"name": card.name})
    card.weights_sha256 = file_sha256(weights_path)
    card_path.write_text(json.dumps(card.to_dict(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return weights_path, card_path


def load_card(name: str, directory: Path | None = None) -> ModelCard:
    """Read and check a model's card alone (cheap: no weights)."""
    _, card_path = paths(name, directory)
    if not card_path.is_file():
        raise CheckpointError(name, f"model card {card_path.name} is missing")
    try:
        return ModelCard.from_dict(json.loads(card_path.read_text(encoding="utf-8")))
    except (ValueError, TypeError) as exc:  # JSONDecodeError is a ValueError
        raise CheckpointError(name, f"model card {card_path.name} is unreadable: {exc}") from exc


def load_checkpoint(
    name: str,
    directory: Path | None = None,
    device: torch.device | str | None = None,
    dtype: torch.dtype = torch.float32,
) -> tuple[dict[str, torch.Tensor], ModelCard]:
    """Load weights and card; floating tensors come back as ``dtype`` on ``device``."""
    weights_path, _ = paths(name, directory)
    card = load_card(name, directory)
    if not weights_path.is_file():
        raise CheckpointError(name, f"weights file {weights_path.name} is missing")
    if card.weights_sha256 and file_sha256(weights_path) != card.weights_sha256:
        raise CheckpointError(name, f"weights file {weights_path.name} does not match its card (corrupt or replaced)")
    try:
        tensors = load_file(str(weights_path))
    except (SafetensorError, OSError, ValueError) as exc:
        raise CheckpointError(name, f"weights file {weights_path.name} is unreadable: {exc}") from exc
    target = torch.device(device) if device is not None else default_device()
    return {k: (v.to(dtype) if v.is_floating_point() else v).to(target) for k, v in tensors.items()}, card

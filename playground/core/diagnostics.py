"""Fingerprints of the models a server shares between sessions, so a load test can prove that no
session changed them (``RNN_PLAYGROUND_DIAGNOSTICS=1`` + ``?diagnostics`` shows them; see bench/load.py)."""

from __future__ import annotations

import dataclasses
import hashlib

import numpy as np
import torch


def _feed(digest, obj, depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(obj, torch.Tensor):
        digest.update(obj.detach().cpu().contiguous().view(torch.uint8).numpy().tobytes()
                      if obj.numel() else b"")
    elif isinstance(obj, np.ndarray):
        digest.update(np.ascontiguousarray(obj).tobytes())
    elif isinstance(obj, torch.nn.Module):
        for key, value in obj.state_dict().items():
            digest.update(key.encode())
            _feed(digest, value, depth + 1)
    elif isinstance(obj, dict):
        for key in sorted(obj, key=str):
            digest.update(str(key).encode())
            _feed(digest, obj[key], depth + 1)
    elif isinstance(obj, list | tuple):
        for item in obj:
            _feed(digest, item, depth + 1)
    elif dataclasses.is_dataclass(obj) or hasattr(obj, "__dict__"):
        # what a shared object is, not what it remembers: a dataclass by its fields, another object by
        # its attributes less the caches it names (a reading, a beam search, a prompt's state, kept for
        # the next session that asks: they change as a class uses the model, the weights never do)
        if dataclasses.is_dataclass(obj):
            attributes = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        else:
            attributes = {k: v for k, v in vars(obj).items() if k not in getattr(obj, "CACHES", ())}
        for key, value in sorted(attributes.items()):
            if isinstance(value, torch.Tensor | np.ndarray | torch.nn.Module | dict | list | tuple) or \
                    dataclasses.is_dataclass(value) or key in {"model", "sampler"}:
                digest.update(key.encode())
                _feed(digest, value, depth + 1)


def fingerprint(obj) -> str:
    """sha256 over every tensor and array reachable from ``obj`` (modules by state dict)."""
    digest = hashlib.sha256()
    _feed(digest, obj)
    return digest.hexdigest()

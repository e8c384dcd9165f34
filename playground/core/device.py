"""Where models and tensors live: CUDA when present, else CPU."""

from __future__ import annotations

import functools

import torch


@functools.cache
def device() -> torch.device:
    """The device every model and tensor goes through (CUDA if available, else CPU)."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def device_label() -> str:
    """A short human-readable name: the CUDA device's name, or 'CPU'."""
    dev = device()
    if dev.type == "cuda":
        return torch.cuda.get_device_name(dev)
    return "CPU"

"""Short texts a visitor types, made ready for a seeded demo network: cleaned and checked once
(``clean_text``), and each character given a fixed random vector (``char_embedding``). Home's
order demo and the gate lab's conveyor belt read sentences this way."""

from __future__ import annotations

import hashlib
import unicodedata

import torch

from playground.core.errors import InputError

MAX_CHARS = 40  # a sentence, not a paragraph: every character is drawn
EMBED_DIM = 8


def clean_text(text: str, max_chars: int = MAX_CHARS) -> str:
    """Strip whitespace and control characters; refuse empty or over-long text."""
    cleaned = "".join(ch for ch in (text or "") if not unicodedata.category(ch).startswith("C") and not ch.isspace())
    if not cleaned:
        raise InputError("empty_text")
    if len(cleaned) > max_chars:
        raise InputError("text_too_long", length=len(cleaned), limit=max_chars)
    return cleaned


def char_embedding(ch: str, dim: int = EMBED_DIM) -> torch.Tensor:
    """A fixed random vector for any character (seeded by the character itself)."""
    seed = int.from_bytes(hashlib.sha256(ch.encode("utf-8")).digest()[:8], "little")
    gen = torch.Generator().manual_seed(seed)
    return torch.randn(dim, generator=gen, dtype=torch.float64)

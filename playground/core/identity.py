"""The name a model goes by in the caches the whole server shares.

A result computed from a model may be kept for every visitor (``st.cache_data``), and such a cache
knows a model only by what its key says. So a model that a page hands to a shared cache carries
``identity``: what it is for the whole server - a shipped model's name and the start of its
weights' sha256 (a rebuilt file is another model), a live model's server-wide job id - and never
what one visitor calls it ("my model #1": every visitor has a first one, issue 37).
"""

from __future__ import annotations


class UnnamedModel(TypeError):
    """A model without a server-wide identity was handed to a shared cache."""


def shipped(name: str, weights_sha256: str = "") -> str:
    """A shipped model: its name and the start of its weights' sha256 (``unversioned`` without one)."""
    return f"{name}@{weights_sha256[:16] or 'unversioned'}"


def of_card(card) -> str:
    """A loaded model's identity from its card (``""`` without a card: such a model cannot key a cache)."""
    return shipped(card.name, card.weights_sha256) if card is not None else ""


def live(job_id: int) -> str:
    """A model trained on this server: the job that trained it (job ids count the server's jobs)."""
    return f"job-{job_id}"


def of(model) -> str:
    """``model.identity``, or ``UnnamedModel``: a cache must never key a model by nothing."""
    name = getattr(model, "identity", "")
    if not name:
        raise UnnamedModel(f"a {type(model).__name__} without a server-wide identity cannot key a shared cache")
    return name

"""Character-level language models (lecture 7, sections 6-7), shared by the char-LM, cells and
Beyond lessons.

``model`` (vocabulary, network, held-out loss), ``engine`` (the fast numpy step and sampler),
``decoding`` (greedy, sampling, top-k, top-p, beam search: one dispatcher, and the side by
side), ``interpret`` (activations over a text, features, cell ranking), ``recipes`` (training,
live training, rebuilding the shipped models) and ``shipped`` (what a notebook or a page loads:
``load(corpus="shakespeare", cell="lstm")``).
"""

from playground.models.charlm.model import CORPORA, KINDS, SHIPPED_CHOICES
from playground.models.charlm.shipped import SHIPPED, LanguageModel, Stage, build, load, name_of, training_stages

__all__ = ["CORPORA", "KINDS", "SHIPPED", "SHIPPED_CHOICES", "LanguageModel", "Stage", "build", "load", "name_of",
           "training_stages"]

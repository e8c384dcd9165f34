"""Order matters (狗咬人 vs 人咬狗): a bag of embeddings cannot tell word order, an RNN can.

Lecture script, concept 1: averaging a sentence's embeddings gives the same result for any
order of the same tokens, while an RNN updates its state in order and ends in a different place.
The embeddings and the RNN here are random but fixed (seeded): the difference comes from the
structure of the computation, not from training. Also the textbook's fixed-window MLP: its
parameters grow with the window, and it never sees past it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import torch

from playground.core.cells import CellWeights, run_sequence
from playground.core.text import EMBED_DIM, char_embedding, clean_text

HIDDEN = 16


def demo_rnn(dim: int = EMBED_DIM, hidden: int = HIDDEN, seed: int = 0) -> CellWeights:
    """A seeded tanh RNN whose recurrent matrix has spectral norm 0.9 (stable, not vanishing fast)."""
    gen = torch.Generator().manual_seed(seed)
    w_ih = torch.randn(hidden, dim, generator=gen, dtype=torch.float64) / dim**0.5
    q, _ = torch.linalg.qr(torch.randn(hidden, hidden, generator=gen, dtype=torch.float64))
    return CellWeights("rnn", w_ih=w_ih, w_hh=0.9 * q, b_ih=None, b_hh=None, nonlinearity="tanh")


@dataclass
class OrderComparison:
    a: str
    b: str
    same_characters: bool
    mean_a: torch.Tensor
    mean_b: torch.Tensor
    states_a: torch.Tensor  # (len(a), hidden)
    states_b: torch.Tensor

    @property
    def mean_distance(self) -> float:
        return float(torch.linalg.vector_norm(self.mean_a - self.mean_b))

    @property
    def rnn_distance(self) -> float:
        return float(torch.linalg.vector_norm(self.states_a[-1] - self.states_b[-1]))

    @property
    def relation(self) -> str:
        """How the two texts' characters compare, the key of the page's message: ``identical``;
        ``same_chars`` (the same characters, each as often, in another order); ``same_mix`` (the
        same characters in the same proportions but different counts, 狗咬人狗咬人 vs 人咬狗: the
        means still coincide); ``same_set`` (the same characters in other proportions);
        ``diff_chars``."""
        if self.a == self.b:
            return "identical"
        if self.same_characters:
            return "same_chars"
        if set(self.a) != set(self.b):
            return "diff_chars"
        return "same_mix" if _proportions(self.a) == _proportions(self.b) else "same_set"


def _proportions(text: str) -> dict[str, Fraction]:
    return {ch: Fraction(count, len(text)) for ch, count in Counter(text).items()}


def bag_mean(text: str) -> torch.Tensor:
    # A bag has no order, so it is summed in a canonical (sorted) order, each distinct character
    # once, weighted by its share of the text: texts with the same shares (狗咬人 and 人咬狗, but also
    # 狗咬人狗咬人 and 人咬狗) give bit-identical means, not merely equal up to rounding (3/9 and 1/3
    # round to the same float).
    counts = Counter(text)
    chars = sorted(counts)
    weights = torch.tensor([counts[ch] / len(text) for ch in chars], dtype=torch.float64)
    return weights @ torch.stack([char_embedding(ch) for ch in chars])


def format_distance(value: float) -> str:
    """A distance as the page shows it: 6 significant digits, and 0 for what is zero up to
    floating-point error (1.3e-16 is rounding, not a distance)."""
    return "0" if abs(value) < 1e-12 else f"{value:.6g}"


def rnn_states(text: str, rnn: CellWeights) -> torch.Tensor:
    xs = torch.stack([char_embedding(ch) for ch in text])
    return torch.stack([step["h"] for step in run_sequence(rnn, xs)])


def compare_orders(a: str, b: str, seed: int = 0) -> OrderComparison:
    """Mean embedding and RNN final state of two sentences (raises InputError on bad text)."""
    a, b = clean_text(a), clean_text(b)
    rnn = demo_rnn(seed=seed)
    return OrderComparison(
        a=a, b=b, same_characters=sorted(a) == sorted(b),
        mean_a=bag_mean(a), mean_b=bag_mean(b),
        states_a=rnn_states(a, rnn), states_b=rnn_states(b, rnn),
    )


def window_mlp_params(window: int, d: int, m: int) -> int:
    """A one-hidden-layer MLP over the last ``window`` inputs: window*d*m weights + m biases."""
    return window * d * m + m


def rnn_params(d: int, m: int) -> int:
    """A vanilla RNN: W_xh (m x d) + W_hh (m x m) + b_h (m), whatever the sequence length."""
    return d * m + m * m + m


def clue_distance(gap: int) -> int:
    """How many words back the clue is from the word to predict when ``gap`` words lie between
    them (France ... French: with 1 word between, France is 2 words back)."""
    return gap + 1


def window_sees(gap: int, window: int) -> bool:
    """Does a window of the last ``window`` words before the word to predict reach a clue with
    ``gap`` words between it and that word? The clue is ``gap + 1`` words back."""
    return window >= clue_distance(gap)

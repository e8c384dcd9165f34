"""The four forms of sequence modelling (lecture 7, section 2) as unrolled computation graphs.

``unrolled(form)`` lays out one example per form: which time steps read an input, which emit an
output, and the arrows between them. The same weights W act at every step; the figure module
only draws what this module lays out.
"""

from __future__ import annotations

from dataclasses import dataclass

FORMS = ("one_to_one", "one_to_many", "many_to_one", "many_to_many_aligned", "many_to_many_unaligned")

# The lecture's own example for each form, as (inputs, outputs) per step; None = nothing there.
# Token strings are language-neutral except where a language key is given.
EXAMPLES: dict[str, dict[str, tuple[list, list]]] = {
    "one_to_one": {
        "zh": (["🖼️"], ["猫"]),
        "en": (["🖼️"], ["cat"]),
    },
    "one_to_many": {
        "zh": (["🖼️", None, None, None], ["一只", "猫", "在睡觉", "<eos>"]),
        "en": (["🖼️", None, None, None], ["a", "cat", "sleeping", "<eos>"]),
    },
    "many_to_one": {
        "zh": (["服务", "慢", "但", "很好"], [None, None, None, "正面"]),
        "en": (["服务 service", "慢 slow", "但 but", "很好 great"], [None, None, None, "positive"]),
    },
    "many_to_many_aligned": {
        "zh": (["0", "1", "0", "1", "1", "1"], ["0", "0", "0", "0", "1", "1"]),
        "en": (["0", "1", "0", "1", "1", "1"], ["0", "0", "0", "0", "1", "1"]),
    },
    "many_to_many_unaligned": {
        "zh": (
            ["我", "爱", "自", "然", "语", "言", "处", "理", None, None, None, None, None, None],
            [None] * 8 + ["I", "love", "natural", "language", "processing", "<eos>"],
        ),
        "en": (
            ["我", "爱", "自", "然", "语", "言", "处", "理", None, None, None, None, None, None],
            [None] * 8 + ["I", "love", "natural", "language", "processing", "<eos>"],
        ),
    },
}


@dataclass(frozen=True)
class Step:
    t: int
    x: str | None  # input read at this step
    y: str | None  # output emitted at this step
    part: str  # "cell", "encoder" or "decoder"


@dataclass(frozen=True)
class Unrolled:
    form: str
    steps: list[Step]
    weights: tuple[str, ...]  # the shared weight names, drawn at every step

    @property
    def n_inputs(self) -> int:
        return sum(s.x is not None for s in self.steps)

    @property
    def n_outputs(self) -> int:
        return sum(s.y is not None for s in self.steps)


def unrolled(form: str, lang: str = "zh") -> Unrolled:
    """The unrolled graph of ``form`` on the lecture's example for it."""
    if form not in EXAMPLES:
        raise ValueError(f"unknown form {form!r}; choose from {FORMS}")
    xs, ys = EXAMPLES[form][lang if lang in EXAMPLES[form] else "en"]
    if form == "many_to_many_unaligned":
        n_src = sum(x is not None for x in xs)
        steps = [Step(t + 1, x, y, "encoder" if t < n_src else "decoder")
                 for t, (x, y) in enumerate(zip(xs, ys, strict=True))]
        weights = ("W_enc", "W_dec")
    else:
        steps = [Step(t + 1, x, y, "cell") for t, (x, y) in enumerate(zip(xs, ys, strict=True))]
        weights = ("W_xh", "W_hh", "W_hy")
    return Unrolled(form, steps, weights)


def weight_sharing(graph: Unrolled) -> tuple[str, dict[str, int]]:
    """What the drawing says about its weights -> (which caption, its numbers): one step has nothing
    to share across time ("none"); an encoder-decoder has two sets, one per network ("two", with
    each network's steps); every other form one set over all its steps ("one")."""
    if len(graph.steps) == 1:
        return "none", {}
    if graph.form == "many_to_many_unaligned":
        parts = [s.part for s in graph.steps]
        return "two", {"encoder": parts.count("encoder"), "decoder": parts.count("decoder")}
    return "one", {"steps": len(graph.steps)}

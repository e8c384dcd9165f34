"""The Beyond page's challenge (issue 53): a one-character blank that only the right-hand side
settles. Checked by the cloze lab's own computation (``cloze.fill`` with the shipped readers and the
bidirectional model) and its "share" columns (``ClozeResult.shares``)."""

from __future__ import annotations

from dataclasses import dataclass

from playground.beyond import bicloze, cloze
from playground.beyond import settings as state
from playground.core.challenges import Challenge, Getter, Loader, Verdict
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown

BLANK = 1  # characters: the bidirectional model's test accuracy is measured on such blanks, and they cost least
SURE = 0.5  # the bidirectional model's top candidate takes at least this share ...
OPEN = 0.05  # ... and reading from the left alone gives it less than this


@dataclass(frozen=True)
class Blank:
    text: str
    k: int


def blank_in_lab(get: Getter) -> Blank:
    """The cloze lab's sentence and blank length."""
    return Blank(str(get(state.CLOZE_TEXT) or ""), get(state.CLOZE_K))


def _fill(text: str, load: Loader) -> cloze.ClozeResult:
    """The lab's table for a one-character blank, from the models the page reads (CPU, shared)."""
    forward, backward = (load(cloze.model_name(d), cloze, on_cpu=True).sampler for d in cloze.DIRECTIONS)
    return cloze.fill(forward, backward, text, k=BLANK, bidirectional=load(bicloze.NAME, bicloze, on_cpu=True))


def _verdict(result: cloze.ClozeResult) -> Verdict:
    candidate = result.top("bidirectional", 1)[0][0]
    both, left = result.shares("bidirectional")[candidate], result.shares("left")[candidate]
    fields = {"candidate": escape_markdown(candidate), "both": f"{both:.1%}", "left": f"{left:.1%}",
              "sure": f"{SURE:.0%}", "open": f"{OPEN:.0%}"}
    if both < SURE:
        return Verdict(False, "challenge.beyond.unsure", fields)
    if left >= OPEN:
        return Verdict(False, "challenge.beyond.left_knows", fields)
    return Verdict(True, "challenge.beyond.solved", fields)


def check_right_side_decides(blank: Blank, load: Loader) -> Verdict:
    if blank.k != BLANK:  # the page's slider: 1 to 4 characters
        return Verdict(False, "challenge.beyond.one_char", {"k": str(blank.k)})
    if not blank.text.strip():
        return Verdict(False, "challenge.beyond.empty")
    try:
        result = _fill(blank.text, load)
    except InputError:  # no blank, two blanks, not Chinese ...: the lab says which
        return Verdict(False, "challenge.beyond.unusable")
    if not result.table:
        return Verdict(False, "challenge.beyond.unusable")
    return _verdict(result)


# 牛奶 ("milk") after the blank asks for 喝 ("drink"); 我每天都 ("every day I ...") leaves it open. The near
# miss 你会__中文吗？: the model is sure of 说 ("speak"), but 你会 ("can you") already points to it from the left.
RIGHT = Challenge(
    "ch_beyond_right", blank_in_lab, check_right_side_decides,
    solution=((state.CLOZE_TEXT, "我每天都__牛奶"), (state.CLOZE_K, 1)),
    near_miss=((state.CLOZE_TEXT, "你会__中文吗？"), (state.CLOZE_K, 1)),
    anchor_of_lab="beyond-cloze",
)

CHALLENGES = (RIGHT,)

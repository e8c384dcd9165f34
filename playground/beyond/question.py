"""The lesson's "predict first" question (issue 26): Beyond: a bidirectional model cannot write.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

from collections.abc import Callable

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.beyond import settings as state
from playground.core.formatting import escape_markdown
from playground.core.settings import Setting

# --- Beyond: a bidirectional model cannot write ----------------------------------------------------------------
# seeds/000 (讲解稿) line 147, 易错点: 很多人以为双向 RNN 可直接做自回归生成; line 113: 反例.
SENTENCE_ENDS = set("。！？!?.…")


def both_answer(left_only: str, both: str) -> str:
    if not both or set(both) <= SENTENCE_ENDS:
        return "c"
    return "b" if both == left_only else "a"


def text(prompt: str | None = None) -> str:
    """The question as the page asks it (the run-sheet quotes it); ``prompt``: the page's default."""
    return tr("beyond.predict.q", prompt=escape_markdown(state.GEN_PROMPT.default if prompt is None else prompt))


@fragment
def ask(setting: Setting, generated: Callable[[str], tuple[str, str]], prompt: str) -> None:
    """``generated(prompt)`` -> (forward model alone, with the backward model forced in): the page's own."""

    predict_first(setting, text(prompt), options("beyond"), lambda: _both_reveal(prompt, *generated(prompt)))


def _both_reveal(prompt: str, left_only: str, both: str) -> Reveal:
    result = tr("beyond.predict.result", left=escape_markdown(prompt + left_only), both=escape_markdown(prompt + both))
    return Reveal(frozenset({both_answer(left_only, both)}), result, tr("beyond.predict.why"))


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    from playground.app.lm_picker import shipped_lm
    from playground.beyond import cloze

    forward, backward = (shipped_lm(cloze.model_name(d), cloze).sampler for d in cloze.DIRECTIONS)
    prompt = state.GEN_PROMPT.default
    return _both_reveal(prompt, cloze.generate_left_only(forward, prompt, 12),
                        cloze.generate_with_both(forward, backward, prompt, 12))


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("beyond")

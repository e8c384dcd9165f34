"""The lesson's "predict first" question (issue 26): Character LM: temperature towards 0.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

from playground import charlm as charlm_subject
from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.lm_picker import shipped_lm
from playground.app.predict import Reveal, options, predict_first
from playground.app.shared import shared_results
from playground.core.settings import Setting
from playground.models.charlm import decoding as cs

# --- Character LM: temperature towards 0 -----------------------------------------------------------------------
# seeds/003 (讲义) line 148: 如果每步都取概率最大的输出，模型岂不是每次都生成一模一样的内容？……叫贪心解码.
LM_PROMPT, LM_CHARS, LM_TEMPERATURE, LM_SEEDS = "ROMEO:\n", 60, 0.01, (1, 2, 3)


@shared_results(max_entries=4)
def cold_samples(sampler) -> tuple[str, tuple[str, ...]]:
    """(the greedy continuation, samples at temperature LM_TEMPERATURE with each of LM_SEEDS)."""
    greedy = cs.generate(sampler, LM_PROMPT, LM_CHARS, "greedy").text
    return greedy, tuple(cs.generate(sampler, LM_PROMPT, LM_CHARS, "sample", temperature=LM_TEMPERATURE, seed=seed).text
                         for seed in LM_SEEDS)


def _block(text: str) -> str:
    return "```\n" + text.replace("`", "'") + "\n```"


def _reveal(model_key: str) -> Reveal:
    greedy, samples = cold_samples(shipped_lm(model_key).sampler)
    correct = "b" if all(s == greedy for s in samples) else "c"
    same = tr("charlm.predict.same" if correct == "b" else "charlm.predict.differ")
    models = {charlm_subject.name_of(c, k): tr(f"charlm.model.{c}_{k}") for c, k in charlm_subject.SHIPPED_CHOICES}
    result = tr("charlm.predict.result", model=models.get(model_key, model_key), greedy=_block(LM_PROMPT + greedy),
                t=LM_TEMPERATURE, seeds=", ".join(map(str, LM_SEEDS)), sample=_block(LM_PROMPT + samples[0]), same=same)
    return Reveal(frozenset({correct}), result, tr("charlm.predict.why"))


@fragment
def ask(setting: Setting, model_key: str) -> None:
    predict_first(setting, text(), options("charlm"), lambda: _reveal(model_key))


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("charlm.predict.q")


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    from playground.charlm import settings as state

    return _reveal(state.MODEL.default)


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("charlm")

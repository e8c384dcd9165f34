"""The sentiment page's challenge (issue 53): on the page itself, the numbers its worked solution quotes,
and inputs the check must refuse with a verdict rather than raise on."""

from __future__ import annotations

import pytest

from playground import sentiment
from playground.core.challenges import plain_load
from playground.core.i18n import t
from playground.sentiment import challenges
from playground.sentiment import settings as state

SHORT = challenges.SHORT


def _p(text: str, lang: str, kind: str) -> str:
    return f"{plain_load(f'sentiment_{lang}_{kind}', sentiment).read(text).p_positive[-1]:.3f}"


def test_the_worked_solution_quotes_the_models_own_numbers():
    said = {lang: t(SHORT.key("solution"), lang) for lang in ("zh", "en")}
    quoted = [_p("一点也不差", "zh", "lstm"), _p("一点也不差", "zh", "bag"), _p("不", "zh", "bag"), _p("差", "zh", "bag"),
              _p("一点也不好", "zh", "lstm"), _p("一点也不好", "zh", "bag"), _p("not a bore", "en", "lstm"),
              _p("not a bore", "en", "bag"),
              f"{plain_load('sentiment_zh_lstm', sentiment).read('一点也不差').p_positive[3]:.3f}"]
    for number in quoted:
        assert all(number in text for text in said.values()), number
    english = SHORT.judge_values(((state.REVIEW, "not a bore"), (state.TRUTH, 1)))
    assert english.solved, english  # read by the English models whatever the picker's stored language


@pytest.mark.parametrize("review,truth,said", [
    ("", 1, "challenge.senti.empty"),
    ("   ", 0, "challenge.senti.empty"),
    ("一点也不差，真的一点也不差", 1, "challenge.senti.too_long"),
    ("🙂🙂🙂", 1, "challenge.senti.unreadable"),
    ("一点也不差", 0, "challenge.senti.lstm_wrong.0"),
    ("一点也不好", 1, "challenge.senti.lstm_wrong.1"),
])
def test_unusable_or_wrong_reviews_get_a_verdict(review, truth, said):
    verdict = SHORT.judge_values(((state.REVIEW, review), (state.TRUTH, truth)))
    assert not verdict.solved and verdict.said == said
    for lang in ("zh", "en"):
        assert t(said, lang, **verdict.fields).strip()

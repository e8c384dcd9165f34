"""The sentiment page's challenge (issue 53): on the page itself, the numbers its worked solution quotes,
and inputs the check must refuse with a verdict rather than raise on."""

from __future__ import annotations

import pytest
from helpers import fresh_session, open_page

from playground import sentiment
from playground.core.challenges import plain_load
from playground.core.i18n import t
from playground.sentiment import challenges
from playground.sentiment import settings as state

SHORT = challenges.SHORT


def _box_texts(at) -> str:
    return "\n".join(str(e.value) for e in (*at.success, *at.warning, *at.info, *at.markdown, *at.caption))


def test_the_box_on_the_page_fails_the_sample_and_passes_the_solution():
    """Check at the page's English sample fails on its length, with the hint; the worked solution's values
    go into the page's own controls (review box, model language, the label), and Check then passes."""
    fresh_session()
    at = open_page("pages/sentiment.py", link={"senti_guess": "skip"})
    name = SHORT.name
    at.button(key=f"{name}_check").click().run()
    assert not at.exception, [e.message for e in at.exception]
    said = _box_texts(at)
    assert t("challenge.not_yet", "en") in said and t(f"challenge.{name}.hint", "en") in said
    at.button(key=f"{name}_show").click().run()
    at.button(key=f"{name}_use").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.text_area(key="senti_review").value == "一点也不差"
    assert at.button_group(key="senti_model_lang").value == "zh"
    at.button(key=f"{name}_check").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert t("challenge.done", "en") in _box_texts(at)


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

"""The Beyond page's challenge (issue 53): on the page itself, the numbers its worked solution quotes,
each verdict the check can reach, and inputs it must refuse with a verdict rather than raise on."""

from __future__ import annotations

import math

import pytest

from playground.beyond import bicloze, challenges, cloze
from playground.beyond import settings as state
from playground.core.challenges import plain_load
from playground.core.i18n import t

RIGHT = challenges.RIGHT


def _result(text: str) -> cloze.ClozeResult:
    forward, backward = (plain_load(cloze.model_name(d), cloze, True).sampler for d in cloze.DIRECTIONS)
    return cloze.fill(forward, backward, text, 1, bidirectional=plain_load(bicloze.NAME, bicloze, True))


def test_the_worked_solution_quotes_the_models_own_shares():
    milk, chinese = _result("我每天都__牛奶"), _result("你会__中文吗？")
    assert milk.top("bidirectional", 1)[0][0] == "喝" and milk.top("left", 1)[0][0] == "在"
    assert chinese.top("bidirectional", 1)[0][0] == "说"
    quoted = [f"{milk.shares('bidirectional')['喝']:.0%}", f"{milk.shares('left')['在']:.0%}",
              f"{milk.shares('left')['喝']:.1%}", f"{chinese.shares('bidirectional')['说']:.0%}",
              f"{chinese.shares('left')['说']:.0%}"]
    for lang in ("zh", "en"):
        said = t(RIGHT.key("solution"), lang)
        for number in quoted:
            assert number in said, (lang, number)


def test_shares_are_the_pages_share_column():
    result = _result("我在__工作")
    for rule in cloze.RULES:
        total = sum(math.exp(r[rule]) for r in result.table)
        shares = result.shares(rule)
        assert math.isclose(sum(shares.values()), 1.0)
        assert all(math.isclose(shares[r["candidate"]], math.exp(r[rule]) / total) for r in result.table)


@pytest.mark.parametrize("values,said", [
    (((state.CLOZE_TEXT, "我每天都__牛奶"), (state.CLOZE_K, 2)), "challenge.beyond.one_char"),
    (((state.CLOZE_K, math.nan),), "challenge.beyond.one_char"),
    (((state.CLOZE_TEXT, "  "), (state.CLOZE_K, 1)), "challenge.beyond.empty"),
    (((state.CLOZE_TEXT, "我每天都喝牛奶"), (state.CLOZE_K, 1)), "challenge.beyond.unusable"),  # no blank
    (((state.CLOZE_TEXT, "我__天都__牛奶"), (state.CLOZE_K, 1)), "challenge.beyond.unusable"),  # two
    (((state.CLOZE_TEXT, "I drink __ every day"), (state.CLOZE_K, 1)), "challenge.beyond.unusable"),
    (((state.CLOZE_TEXT, "我在__工作"), (state.CLOZE_K, 1)), "challenge.beyond.unsure"),
])
def test_each_verdict_and_unusable_input(values, said):
    verdict = RIGHT.judge_values(values)
    assert not verdict.solved and verdict.said == said, verdict
    for lang in ("zh", "en"):
        assert t(said, lang, **verdict.fields).strip()

"""The cells page's challenge (issue 53): every rule of the check, a message for each of the page's
own features, hostile settings, and the box on the page agreeing with the page's own caption."""

from __future__ import annotations

import math

import pytest
from helpers import fresh_session, open_page

from playground.charlm_cells import challenges as own
from playground.charlm_cells import settings as state
from playground.core.i18n import strings, t
from playground.models.charlm.interpret import FEATURES


def _judge(*values):
    return own.OWN.judge_values((*own.OWN.solution, *values))


def test_a_message_for_each_of_the_pages_own_features():
    for feature in FEATURES:
        key = f"challenge.ch_cells_own.built_in.{feature}"
        assert key in strings()
        for lang in ("zh", "en"):
            assert t(f"cells.feature.{feature}", lang) in t(key, lang, layer=1, unit=2, r="+0.9", r_built="0.8")


@pytest.mark.parametrize(("values", "said"), [
    (((state.REGEX, state.REGEX.default),), "weak"),  # the page's own example: r -0.515 here
    (((state.REGEX, r"\w+"),), "by_character"),  # every letter, and nothing else: no memory needed
    (((state.REGEX, " "),), "by_character"),
    (((state.REGEX, r"'[^']*'"),), "built_in.in_string"),
    (((state.REGEX, "#.*"),), "built_in.in_comment"),
    (((state.REGEX, "zzzq"),), "constant"),
    (((state.REGEX, ""),), "empty"),
    (((state.REGEX, "("),), "unusable"),  # the page says what is wrong with it
    (((state.MODEL, "charlm_shakespeare_lstm"),), "model"),
    (((state.SOURCE, "shakespeare"),), "source"),
    (((state.SOURCE, "paste"),), "short"),  # the page's example text: 54 characters
    (((state.OFFSET, state.MAX_OFFSET),), "short"),  # past the file's end: nothing to read
    (((state.OFFSET, math.nan),), "source"),
])
def test_the_check_says_which_rule_a_pattern_breaks(values, said):
    verdict = _judge(*values)
    assert verdict.said == f"challenge.ch_cells_own.{said}" and not verdict.solved
    for lang in ("zh", "en"):
        assert t(verdict.said, lang, **verdict.fields)


def test_a_pasted_text_and_the_hidden_state_are_read_as_the_page_reads_them():
    """In pasted code whose only brackets are round, inside round brackets is bracket depth again (as the
    worked solution warns); on the default passage the solution holds for h too."""
    code = "def f(a, b):\n    return g(a, (b, 1)) + h(b)\n\n" * 14  # 630 characters
    verdict = _judge((state.SOURCE, "paste"), (state.TEXT, code), (state.WHICH, "hidden"))
    assert verdict.said == "challenge.ch_cells_own.built_in.bracket_depth" and float(verdict.fields["r_built"]) >= 0.5
    hidden = _judge((state.WHICH, "hidden"))
    assert hidden.solved and hidden.fields["r"] == "-0.757"


def test_pattern_after_pattern_on_one_passage_reads_it_once():
    _judge()
    before = own._activations.cache_info().misses
    for pattern in (r"\d+", r"\bif\b.*", r"(?<=\()[^()]*"):
        _judge((state.REGEX, pattern))
    assert own._activations.cache_info().misses == before


def test_on_the_page_the_solution_passes_with_the_pages_own_caption():
    """Check, the solution behind one more click, its values put into the page: the page's caption then
    names the unit and r the verdict reports (the check ran the page's own ranking)."""
    fresh_session()
    at = open_page("pages/charlm_cells.py", link={"cells_guess": "skip"})
    name = own.OWN.name
    at.button(key=f"{name}_check").click().run()
    assert not at.exception and not at.session_state["_challenge_verdicts"][name].solved
    at.button(key=f"{name}_show").click().run()
    at.button(key=f"{name}_use").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.text_input(key="cells_regex").value == r"(?<=\()[^()]*"
    at.button(key=f"{name}_check").click().run()
    verdict = at.session_state["_challenge_verdicts"][name]
    assert verdict.solved
    said = t("cells.regex_found", "en", matched=t("cells.regex_chars.other", "en", n=verdict.fields["n"]),
             layer=int(verdict.fields["layer"]), unit=int(verdict.fields["unit"]), r=verdict.fields["r"])
    assert said in [c.value for c in at.caption]

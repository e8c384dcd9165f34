"""Challenges (issue 53): every lesson's page has one, each check runs the page's own computation, the
reference solution passes, the near miss and the page's defaults do not, the words exist in both
languages, and the box works on the page: Check, the hint, the solution behind one more click, its
values put into the page, solved, and Home's list."""

from __future__ import annotations

import pytest
from helpers import fresh_session, open_page

from playground import lessons
from playground.core import challenges as core
from playground.core.i18n import t
from playground.core.settings import Structured

FOUND = lessons.challenges()
NAMES = list(FOUND)


def test_every_lesson_page_has_a_challenge_and_there_are_at_least_twelve():
    assert len(FOUND) >= 12, NAMES
    assert {lesson.key for _, lesson in FOUND.values()} == {lesson.key for lesson in lessons.lessons()}


def _page_settings(lesson) -> set[str]:
    return set(lessons.module(lesson, "settings").STATE.keys)


@pytest.mark.parametrize("name", NAMES)
def test_a_challenge_is_checked_honestly(name):
    """The reference solution passes; the near miss fails; the page as it opens fails. Both are set
    through the page's own declared settings (what the student's controls write)."""
    challenge, lesson = FOUND[name]
    declared = _page_settings(lesson)
    for setting, _ in (*challenge.solution, *challenge.near_miss):
        assert setting.key in declared, f"{name}: {setting.key} is not one of the page's settings"
    solved = challenge.judge_values(challenge.solution)
    assert solved.solved, (name, solved)
    missed = challenge.judge_values(challenge.near_miss)
    assert not missed.solved, (name, missed)
    assert not challenge.judge(core.defaults()).solved, f"{name}: the page's defaults solve it"
    for verdict in (solved, missed):
        for lang in ("zh", "en"):
            assert t(verdict.said, lang, **verdict.fields).strip()


@pytest.mark.parametrize("name", NAMES)
def test_a_challenge_speaks_both_languages(name):
    challenge, _ = FOUND[name]
    for part in ("title", "task", "hint", "solution"):
        for lang in ("zh", "en"):
            assert t(challenge.key(part), lang).strip(), (name, part, lang)
        assert t(challenge.key(part), "zh") != t(challenge.key(part), "en")


def test_challenge_names_are_class_questions_and_never_a_pages_guess():
    from playground.core.class_store import QUESTION

    for name in NAMES:
        assert QUESTION.fullmatch(name) and name not in lessons.questions()


def _structured(challenge) -> bool:
    return any(isinstance(setting, Structured) for setting, _ in challenge.solution)


def _box_texts(at, name: str) -> str:
    parts = [e.value for e in (*at.success, *at.warning, *at.info, *at.markdown, *at.caption)]
    return "\n".join(str(p) for p in parts)


def test_the_box_on_the_page_checks_hints_shows_and_uses_the_solution():
    """Two 1s, as a student does it: Check at the defaults fails with the first counterexample and the
    hint; one more click shows the worked solution; its button puts the weights into the page's editors;
    Check passes; Home lists it."""
    fresh_session()
    at = open_page("pages/two_ones.py", link={"ones_guess": "skip"})
    name = "ch_ones_three"
    assert not at.exception
    assert not any(b.key == f"{name}_show" for b in at.button)  # the solution comes after a check
    at.button(key=f"{name}_check").click().run()
    assert not at.exception, [e.message for e in at.exception]
    said = _box_texts(at, name)
    assert t("challenge.not_yet", "en") in said and t(f"challenge.{name}.hint", "en") in said
    assert "**1 1**" in said  # the first counterexample
    at.button(key=f"{name}_show").click().run()
    assert t(f"challenge.{name}.solution", "en") in _box_texts(at, name)
    at.button(key=f"{name}_use").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.toggle(key="ones_edit").value is True  # the page's own controls now hold the solution
    at.button(key=f"{name}_check").click().run()
    assert t("challenge.done", "en") in _box_texts(at, name)
    at.switch_page(lessons.lesson("home").path).run()
    assert not at.exception
    home = "\n".join(m.value for m in at.markdown)
    assert t(f"challenge.{name}.title", "en") in home and f"#{FOUND[name][0].anchor}" in home


def test_one_check_in_flight_per_visitor(monkeypatch):
    """A second Check of the same visitor while one runs is refused with a word, not queued."""
    from playground.app import challenge as box

    assert box._claim("visitor-a") and not box._claim("visitor-a") and box._claim("visitor-b")
    box._release("visitor-a"), box._release("visitor-b")
    assert box._claim("visitor-a")
    box._release("visitor-a")


@pytest.mark.parametrize("name", NAMES)
def test_each_box_fails_the_defaults_and_passes_its_solution_on_its_page(name):
    """On the real page: Check at the page's defaults fails with the hint; one more click shows the worked
    solution; its values go into the page's own controls, the page runs with them, and Check then passes on
    the page's computation (so no control clamps or drops a value the solution needs)."""
    challenge, lesson = FOUND[name]
    fresh_session()
    at = open_page(None if lesson.default else lesson.path, link={lessons.module(lesson, "settings").GUESS.key: "skip"})
    at.button(key=f"{name}_check").click().run()
    assert not at.exception, [e.message for e in at.exception]
    said = _box_texts(at, name)
    assert t("challenge.not_yet", "en") in said and t(f"challenge.{name}.hint", "en") in said
    at.button(key=f"{name}_show").click().run()
    assert t(f"challenge.{name}.solution", "en") in _box_texts(at, name)
    at.button(key=f"{name}_use").click().run()
    assert not at.exception, [e.message for e in at.exception]
    at.button(key=f"{name}_check").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert t("challenge.done", "en") in _box_texts(at, name)

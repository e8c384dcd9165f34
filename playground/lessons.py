"""The house: the lessons, in the order the app lists them.

A lesson is its folder ``playground/<word>/`` (its manifest ``LESSON`` in ``__init__.py``, and its
``page.py``, ``settings.py``, ``strings.py``, ``question.py``, ``challenges.py``), one word in ``LESSONS`` below and its
page file ``pages/<word>.py``. Everything that spans the lessons is built here from their manifests:
the app's page list, the strings, the shipped-model registry, the job slots, the classes shared
caches key by identity, the lecture map's places, the class console's questions and the challenges.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType

from playground.core.challenges import Challenge
from playground.core.lesson import Lesson, Place

LESSONS: tuple[str, ...] = ("home", "two_ones", "cell_lab", "gradients", "sentiment", "seq2seq", "forecast", "charlm",
                            "charlm_cells", "beyond")
PACKAGE = "playground"  # where the lessons' folders are
SHELL_STRINGS = "playground.app.strings"  # the app shell's own strings, listed first
HOME_ALIAS = "home"  # the default page's file name: a visitor may type /home, and old links use it


def _manifest(word: str) -> Lesson:
    lesson = importlib.import_module(f"{PACKAGE}.{word}").LESSON
    if not isinstance(lesson, Lesson) or lesson.key != word:
        raise TypeError(f"{PACKAGE}.{word}.LESSON is not this lesson's manifest")
    return lesson


@cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson's manifest, in the house's order; exactly one is the default page."""
    found = tuple(_manifest(word) for word in LESSONS)
    if sum(lesson.default for lesson in found) != 1:
        raise ValueError("exactly one lesson is the default page")
    return found


PAGES: tuple[Lesson, ...] = lessons()


def lesson(key: str) -> Lesson:
    """The lesson ``key``; KeyError for a word not in the house."""
    for found in lessons():
        if found.key == key:
            return found
    raise KeyError(key)


def module(lesson_or_key: Lesson | str, part: str) -> ModuleType:
    """One of a lesson's own modules: ``settings``, ``strings``, ``question``, ``challenges`` or ``page``."""
    key = lesson_or_key if isinstance(lesson_or_key, str) else lesson_or_key.key
    return importlib.import_module(f"{lesson(key).package}.{part}")


def string_modules() -> tuple[str, ...]:
    """The strings modules i18n gathers: the app shell's, then each lesson's."""
    return (SHELL_STRINGS, *(f"{lesson.package}.strings" for lesson in lessons()))


def shipped_subjects() -> dict[str, str]:
    """Registry group -> the module that ships it, in build order (later ones may read earlier ones)."""
    subjects: dict[str, str] = {}
    for found in lessons():
        for group, subject in found.shipped.items():
            if group in subjects:
                raise ValueError(f"the group {group!r} is shipped by two lessons")
            subjects[group] = subject
    return subjects


def job_slots() -> dict[str, Lesson]:
    """Each background-job slot and the lesson whose page starts it."""
    slots: dict[str, Lesson] = {}
    for found in lessons():
        for slot in found.job_slots:
            if slot in slots:
                raise ValueError(f"the job slot {slot!r} is used by two lessons")
            slots[slot] = found
    return slots


def model_classes() -> tuple[str, ...]:
    """Every model class a lesson hands to a shared result cache (dotted names)."""
    return tuple(dict.fromkeys(name for found in lessons() for name in found.model_classes))


def places() -> tuple[Place, ...]:
    """Every lesson's lecture-map places, in the house's order."""
    return tuple(p for found in lessons() for p in found.places)


def questions() -> dict[str, Lesson]:
    """Each page's predict-first question (its answer's setting key) and its lesson, in the house's order."""
    return {module(found, "settings").GUESS.key: found for found in lessons()}


def behind_question() -> dict[str, Lesson]:
    """Each anchor a page keeps behind its predict-first question, and its lesson."""
    return {anchor: found for found in lessons() for anchor in found.behind_question}


@cache
def challenges() -> dict[str, tuple[Challenge, Lesson]]:
    """Every lesson's challenges (``CHALLENGES`` in its ``challenges.py``) by name, in the house's order."""
    found: dict[str, tuple[Challenge, Lesson]] = {}
    for each in lessons():
        if importlib.util.find_spec(f"{each.package}.challenges") is None:  # a lesson still being written
            continue
        for challenge in module(each, "challenges").CHALLENGES:
            if challenge.name in found:
                raise ValueError(f"the challenge {challenge.name!r} is set by two lessons")
            found[challenge.name] = (challenge, each)
    return found


def challenges_of(key: str) -> tuple[Challenge, ...]:
    return tuple(challenge for challenge, each in challenges().values() if each.key == key)

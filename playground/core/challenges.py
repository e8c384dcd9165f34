"""Challenges (issue 53): a goal a student reaches with a page's own controls, checked by the page's own
computation when they press Check.

A challenge is data and two functions, nothing of Streamlit: ``inputs`` reads what the check needs
from the page's settings (through a getter, so the app passes its store and a test passes a dict),
``check`` runs the lesson's own function or shipped model on it (a shipped model through ``load``:
the app passes its shared, once-per-server models, a test the plain loader below) and says whether
the goal is met and what it found (an i18n key and its fields: the first counterexample, the figure beside its goal).
Each carries a reference ``solution`` and a ``near_miss`` as settings, which the tests run; neither
may be the page's defaults. Its words are the lesson's strings ``challenge.<name>.title / task / hint
/ solution``; its ``name`` is also the question a class counts its solvers under, so it follows the
class store's rule for questions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from playground.core.settings import Setting

NAME = re.compile(r"ch_[a-z][a-z0-9_]{1,36}")  # a class question too (class_store.QUESTION), never a page's guess
SOLVED = "solved"  # the one "answer" a class counts for a challenge
Getter = Callable[[Setting], Any]
Values = tuple[tuple[Setting, Any], ...]
Loader = Callable[..., Any]  # load(name, subject, on_cpu=False): a shipped model, as app.shared.shipped_model


@functools.cache
def plain_load(name: str, subject: ModuleType, on_cpu: bool = False) -> Any:  # noqa: ARG001 - the app's signature
    """A shipped model outside the app (tests, scripts): loaded once per process, on the CPU."""
    return subject.load(name, device="cpu")


@dataclass(frozen=True)
class Verdict:
    """What a check found: met or not, and what to say (an i18n key, its fields already formatted)."""

    solved: bool
    said: str
    fields: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Challenge:
    name: str
    inputs: Callable[[Getter], Any]
    check: Callable[[Any, Loader], Verdict]
    solution: Values
    near_miss: Values
    anchor_of_lab: str = ""  # the page's section the challenge is done in (the banner's link lands on the box)

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name):
            raise ValueError(f"a challenge's name is ch_ and a lower-case word: {self.name!r}")

    @property
    def anchor(self) -> str:
        """The element id of its box on the page."""
        return self.name.replace("_", "-")

    def key(self, part: str) -> str:
        """Its i18n key for ``part`` (title, task, hint, solution)."""
        return f"challenge.{self.name}.{part}"

    def judge(self, get: Getter, load: Loader = plain_load) -> Verdict:
        """The check, on the settings as ``get`` reads them."""
        return self.check(self.inputs(get), load)

    def judge_values(self, values: Values, load: Loader = plain_load) -> Verdict:
        """The check on the page's defaults with ``values`` set (what the tests run)."""
        return self.judge(with_values(values), load)


def with_values(values: Values) -> Getter:
    """A getter that reads ``values`` and every other setting's default."""
    chosen = {setting.key: value for setting, value in values}
    return lambda setting: chosen.get(setting.key, setting.default)


def defaults() -> Getter:
    """A getter for the page as it opens: every setting at its default."""
    return with_values(())

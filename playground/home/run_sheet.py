"""The lecture run-sheets (issues 36 and 50): a lecture text, or the 90-minute lesson on the notes, as
steps a teacher walks with Previous / Next. The sheets are data a teacher can read and edit
(``sheets/<key>.toml``); this module reads and checks them, and gives each step its clock and links.

A step is authored, not derived: the part of the text it belongs to, the words that carry it (a line
of the text and whole sentences of it) with an English gloss, the places it shows (the first is opened)
or what to say where there is nothing to show, the page whose question the class votes on there, its
minutes, and a blackboard cue where the lecture script has one. Pure data and small functions (no
Streamlit): Home draws a step, the tests walk the sheets, ``printout`` makes the copy for the lectern.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlencode

from playground.home.lecture_map import SEEDS, Demo, Part, Seed, Text, link, page_spec, place, query, say
from playground.lessons import challenges, challenges_of, lesson

FOLDER = Path(__file__).with_name("sheets")
PLAN = "plan90"
SHEETS: tuple[str, ...] = ("notes", "textbook", "script", PLAN)  # the 讲义 first: the lecture a class follows
PLAN_MINUTES = 90
RUN_SHEET_ANCHOR = "home-runsheet"  # Home's run-sheet section
QUESTION_ANCHOR = "question"  # a page's question box (playground.app.classroom lands on it too)


@dataclass(frozen=True)
class Quote:
    """Words of a lecture text: the text's key, the line in its file (in ../shared/seeds), the words."""

    text: str
    line: int
    words: str


@dataclass(frozen=True)
class Step:
    seed: Seed
    part: Part
    quote: Quote
    gloss: str
    places: tuple[Demo, ...]
    ask: str | None
    minutes: int
    said: Text | None  # what to say, for a step with nothing to show
    cue: Quote | None

    @property
    def demo(self) -> Demo | None:
        return self.places[0] if self.places else None

    def link(self, lang: str, demo: Demo | None = None, back: str | None = None) -> str | None:
        """The address of ``demo`` (the step's first place by default), opened in the same window: where the
        step asks its page's question, the page at that question, unanswered. ``back``: while presenting,
        the address of the step to come back to (``back_link``): the demo opens presented, with the way back."""
        demo = demo or self.demo
        if demo is None:
            return None
        extra = {"present": "1", "back": back} if back else {}
        asking = self.ask is not None and demo == self.demo
        if not asking and not extra:
            return link(demo, lang)
        spec = page_spec(demo.page)
        path = "./" if spec.default else f"./{spec.url_path}"
        if asking:  # the question unanswered: no skipped guess in the query
            return f"{path}?{urlencode({'lang': lang, **dict(demo.settings), **extra})}#{QUESTION_ANCHOR}"
        return f"{path}?{urlencode({**query(demo, lang), **extra})}#{demo.anchor}"

    def saying(self, lang: str) -> str | None:
        """What to say at a step with nothing to show: its own words, else why the part has no demo."""
        if self.places:
            return None
        text = self.said or self.part.missing
        return None if text is None else say(text, lang)


@dataclass(frozen=True)
class Sheet:
    key: str
    title: Text
    seed: Seed
    steps: tuple[Step, ...]
    opening: int = 0  # minutes before the first step: the class joins the poll
    transitions: int = 0  # minutes for moving between pages, over the whole sheet
    slack: int = 0  # minutes in hand

    @property
    def minutes(self) -> int:
        return self.opening + sum(step.minutes for step in self.steps) + self.transitions + self.slack

    def clock(self, index: int) -> tuple[int, int]:
        """Step ``index``'s start and end minute: the opening first, the transitions spread over the steps
        by their share of the time (rounded so that the last step ends where the steps' time ends)."""
        shown = sum(step.minutes for step in self.steps) or 1
        before = sum(step.minutes for step in self.steps[:index])
        start = self.opening + before + round(self.transitions * before / shown)
        after = before + self.steps[index].minutes
        return start, self.opening + after + round(self.transitions * after / shown)


class SheetError(ValueError):
    """A sheet file that names a part, a place or a page that does not exist, or lacks a field."""


def _quote(raw: dict, text: str, where: str) -> Quote:
    if not isinstance(raw, dict) or not isinstance(raw.get("line"), int) or not isinstance(raw.get("words"), str):
        raise SheetError(f"{where}: a quote needs a line (a number) and words")
    return Quote(raw.get("text", text), raw["line"], raw["words"])


def _text(raw: object, where: str) -> Text | None:
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, str) for x in raw)):
        raise SheetError(f"{where}: a text is [中文, English]")
    return raw[0], raw[1]


def _step(raw: dict, seed: Seed, where: str) -> Step:
    parts = {part.id: part for part in seed.parts}
    if raw.get("part") not in parts:
        raise SheetError(f"{where}: the {seed.key} text has no part {raw.get('part')!r}")
    try:
        places = tuple([place(*name.split(".", 1)) for name in raw.get("show", ())])
    except (KeyError, TypeError, ValueError, StopIteration) as exc:
        raise SheetError(f"{where}: a place in {raw.get('show')!r} does not exist ({exc})") from exc
    ask = raw.get("ask")
    if ask is not None and (not places or places[0].page != ask):
        raise SheetError(f"{where}: a step asks the question of the page it opens first")
    minutes = raw.get("minutes")
    if not isinstance(minutes, int) or minutes < 1:
        raise SheetError(f"{where}: minutes is a whole number of at least 1")
    cue = raw.get("cue")
    return Step(seed, parts[raw["part"]], _quote(raw.get("quote"), seed.key, where), str(raw.get("gloss", "")),
                places, ask, minutes, _text(raw.get("say"), where), None if cue is None else _quote(cue, "script", where))


@cache
def sheet(key: str) -> Sheet:
    """The sheet ``key`` (one of ``SHEETS``), read from its file and checked."""
    if key not in SHEETS:
        raise SheetError(f"no sheet {key!r}")
    raw = tomllib.loads((FOLDER / f"{key}.toml").read_text(encoding="utf-8"))
    seed = next((s for s in SEEDS if s.key == raw.get("text")), None)
    if seed is None:
        raise SheetError(f"{key}: no lecture text {raw.get('text')!r}")
    budget = raw.get("budget", {})
    steps = tuple(_step(step, seed, f"{key} step {n}") for n, step in enumerate(raw.get("step", []), start=1))
    return Sheet(key, _text(raw.get("title"), key) or seed.title, seed, steps, budget.get("opening", 0),
                 budget.get("transitions", 0), budget.get("slack", 0))


def steps(key: str) -> list[Step]:
    return list(sheet(key).steps)


def back_link(key: str, number: int, lang: str) -> str:
    """The address of step ``number`` of sheet ``key`` on Home, presented (a demo's way back to it)."""
    return f"./?{urlencode({'lang': lang, 'present': '1', 'home_sheet': key, 'home_step': number})}#{RUN_SHEET_ANCHOR}"


def title(key: str, lang: str) -> str:
    return say(sheet(key).title, lang)


def section(step: Step, lang: str) -> str:
    """Where the words stand: the text, its part and the line in the file."""
    where = f"第 {step.quote.line} 行" if lang == "zh" else f"line {step.quote.line}"
    return f"{say(step.seed.title, lang)} · {say(step.part.title, lang)} · {where}"


def concept_step(sheet_steps: list[Step], page: str) -> int | None:
    """The index of the first step that shows what ``page``'s question asks (its manifest's place)."""
    taught = lesson(page).place(lesson(page).question_place)
    return next((i for i, step in enumerate(sheet_steps) if taught in step.places), None)


def longest() -> int:
    """The most steps of any sheet (the step setting's declared range)."""
    return max(len(sheet(key).steps) for key in SHEETS)


def homework(sheet_: Sheet, index: int) -> tuple[str, ...]:
    """The challenges offered as homework after step ``index`` (issue 53): at the last step of a part (a run
    of steps in one part of the text), those of the pages that part showed, each once in the sheet (at the
    first part that showed its page); none elsewhere."""
    steps_ = sheet_.steps
    part = steps_[index].part.id
    if index + 1 < len(steps_) and steps_[index + 1].part.id == part:
        return ()
    start = index
    while start > 0 and steps_[start - 1].part.id == part:
        start -= 1
    earlier = {demo.page for step in steps_[:start] for demo in step.places}
    here = dict.fromkeys(demo.page for step in steps_[start:index + 1] for demo in step.places)
    return tuple(c.name for page in here if page not in earlier for c in challenges_of(page))


def challenge_link(name: str, lang: str) -> str:
    """The relative address of challenge ``name``'s box on its page."""
    found, page = challenges()[name]
    path = "./" if page.default else f"./{page.url_path}"
    return f"{path}?{urlencode({'lang': lang})}#{found.anchor}"

"""The lecture run-sheet (issue 36): a lecture text, or a ready 90-minute plan, as steps a teacher walks
with Previous / Next. Each step is one place of the lecture map (``lecture_map``): the text's own line
for its part (quoted, with the part and its line in the file), what to show and the link that opens
it, the page's predict-first question the first time the lecture reaches that page, and a suggested
time. Pure data and small functions (no Streamlit): Home draws it, the tests walk it, and the
printable run-sheet is made from the same steps.

The quotes are the texts' own words (``tests/test_run_sheet.py`` finds each at its line where the
texts are on the machine); ``\\(`` and ``\\)`` of the textbook's formulas are written as ``$``, as
the page's Markdown renders them.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from playground.home.lecture_map import (
    NOTES,
    SEEDS,
    Demo,
    Part,
    Seed,
    Text,
    link,
    page_spec,
    place,
    say,
)
from playground.home.quotes import QUOTES
from playground.lessons import behind_question

PLAN = "plan90"
SHEETS: tuple[str, ...] = (NOTES.key, "textbook", "script", PLAN)  # the 讲义 first: the lecture a class follows
PLAN_TITLE: Text = ("90 分钟课堂方案（按讲义，去掉重复的演示）", "A 90-minute lesson (the notes, each demo once)")
PLAN_MINUTES = 90
ASK_MIN, PRESS_MIN, SHOW_MIN, SAY_MIN = 4, 3, 2, 1  # predict, vote, argue, reveal; train; show; say it
# what the 90-minute plan leaves out of the notes: the last lecture's points, the vision tasks the app
# cannot show, and two of the five interpretable cells (the quote, if and indent cells make the point)
PLAN_SKIPS = frozenset({"1", "9", "9.2"})
PLAN_DROPS = frozenset({place("charlm_cells", "line"), place("charlm_cells", "comment")})


@dataclass(frozen=True)
class Step:
    """One step: a part of a text and the place that shows it (None: the part is said, not shown,
    and ``part.missing`` says why); ``ask``: the page whose predict-first question is asked here."""

    seed: Seed
    part: Part
    demo: Demo | None
    ask: str | None
    minutes: int

    @property
    def quote(self) -> tuple[int, str]:
        return QUOTES[f"{self.seed.key}/{self.part.id}"]

    def link(self, lang: str) -> str | None:
        """The demo's link; where its question is asked, the page opens at the question (not skipped)."""
        if self.demo is None:
            return None
        if self.ask is None:
            return link(self.demo, lang)
        spec = page_spec(self.demo.page)
        return f"{'./' if spec.default else './' + spec.url_path}?{urlencode({'lang': lang, **dict(self.demo.settings)})}"


def _minutes(demo: Demo | None, ask: str | None) -> int:
    if demo is None:
        return SAY_MIN
    return ASK_MIN if ask else PRESS_MIN if demo.press else SHOW_MIN


def _places(seed: Seed, skip: frozenset[str], drop: frozenset[Demo]) -> list[tuple[Part, Demo | None]]:
    """The text's parts in order, a place per demo (a part with none: itself, said), but for the parts
    in ``skip`` and the demos in ``drop``; with either, a demo shown before is not shown again."""
    places, shown, once = [], set(), bool(skip or drop)
    for part in (p for p in seed.parts if p.id not in skip and (p.demos or p.missing is not None)):
        demos = [d for d in part.demos if d not in drop and not (once and d in shown)] if part.demos else [None]
        shown.update(demos)
        places += [(part, demo) for demo in demos]
    return places


def _asked_at(places: list[tuple[Part, Demo | None]]) -> dict[int, str]:
    """Where each page's question is asked: at its first place behind the question (the part the
    question is about), else at the page's first place."""
    at: dict[str, int] = {}
    behind = behind_question()  # anchors (their settings' keys are not needed: home.settings reads this)
    for i, (_, demo) in enumerate(places):
        if demo is not None and (demo.page not in at or (demo.anchor in behind
                                                          and places[at[demo.page]][1].anchor not in behind)):
            at[demo.page] = i
    return {i: page for page, i in at.items()}


def _steps(seed: Seed, skip: frozenset[str] = frozenset(), drop: frozenset[Demo] = frozenset()) -> list[Step]:
    places = _places(seed, skip, drop)
    asked = _asked_at(places)
    return [Step(seed, part, demo, asked.get(i), _minutes(demo, asked.get(i))) for i, (part, demo) in enumerate(places)]


def steps(sheet: str) -> list[Step]:
    """The run-sheet ``sheet`` (a text's key, or ``PLAN``) as steps."""
    if sheet == PLAN:
        return _steps(NOTES, PLAN_SKIPS, PLAN_DROPS)
    return _steps(next(seed for seed in SEEDS if seed.key == sheet))


def title(sheet: str, lang: str) -> str:
    return say(PLAN_TITLE, lang) if sheet == PLAN else say(next(s for s in SEEDS if s.key == sheet).title, lang)


def section(step: Step, lang: str) -> str:
    """Where the quote stands: the text, its part and the line in the file."""
    line = step.quote[0]
    where = f"第 {line} 行" if lang == "zh" else f"line {line}"
    return f"{say(step.seed.title, lang)} · {say(step.part.title, lang)} · {where}"


def elapsed(sheet_steps: list[Step], index: int) -> tuple[int, int]:
    """Minutes before step ``index`` and in all."""
    return sum(s.minutes for s in sheet_steps[:index]), sum(s.minutes for s in sheet_steps)


def longest() -> int:
    """The most steps of any sheet (the step setting's declared range)."""
    return max(len(steps(sheet)) for sheet in SHEETS)


def printable(sheets: list[tuple[str, list[tuple[Step, str | None]]]], lang: str, base: str, labels: dict[str, str]) -> str:
    """A run-sheet to print, in ``lang``: per sheet (its title, then each step with its question text
    or None), a table of step, time, where, the text's words, what to show and its link (``base`` +
    the link), and the question. ``labels``: the column heads and the press note, in ``lang``."""
    out = [f"<!doctype html><html lang='{lang}'><meta charset='utf-8'><title>{escape(labels['title'])}</title>",
           "<style>body{font:11pt sans-serif;margin:1.5cm} table{border-collapse:collapse;width:100%}"
           " td,th{border:1px solid #999;padding:4px;vertical-align:top} section{page-break-after:always}"
           " blockquote{margin:0;color:#333}</style>"]
    for heading, rows in sheets:
        total = sum(step.minutes for step, _ in rows)
        heads = "".join(f"<th>{escape(labels[k])}</th>" for k in ("step", "time", "where", "words", "show", "ask"))
        out.append(f"<section><h1>{escape(heading)}</h1><p>{escape(labels['total'].format(minutes=total))}</p><table>"
                   f"<tr>{heads}</tr>")
        for number, (step, question) in enumerate(rows, start=1):
            show = escape(say(step.part.missing, lang)) if step.demo is None else (
                f"{escape(say(step.demo.what, lang))}<br><small>{escape(base + step.link(lang).removeprefix('./'))}</small>")
            out.append(f"<tr><td>{number}</td><td>{step.minutes}'</td><td>{escape(section(step, lang))}</td>"
                       f"<td><blockquote>{escape(step.quote[1])}</blockquote></td><td>{show}</td>"
                       f"<td>{escape(question or '')}</td></tr>")
        out.append("</table></section>")
    return "\n".join(out) + "</html>"

"""The lecture run-sheet (issue 36, part 1): each lecture text's parts in order as steps, each step one
place of the lecture map, the text's own words for its part, each page's question asked once, a
suggested time; the ready plan fills 90 minutes; the printable copy comes from the same steps."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import open_page

from playground.core.i18n import t
from playground.home import lecture_map, run_sheet
from playground.home.quotes import QUOTES
from playground.home.settings import GUESS, STEP

SHEETS = run_sheet.SHEETS
TEXTS = [seed.key for seed in lecture_map.SEEDS]


def _seed_lines(seed) -> list[str] | None:
    from pathlib import Path

    here = Path(__file__).resolve()
    for folder in (here.parent.parent / "shared" / "seeds", here.parents[2] / "shared" / "seeds"):
        if (folder / seed.file).is_file():
            return (folder / seed.file).read_text(encoding="utf-8").splitlines()
    return None


@pytest.mark.parametrize("text", TEXTS)
def test_a_texts_sheet_is_its_map_in_order_one_step_per_place(text):
    seed = next(s for s in lecture_map.SEEDS if s.key == text)
    expected = [(part.id, demo) for part in lecture_map.counted(seed) for demo in (part.demos or (None,))]
    assert [(step.part.id, step.demo) for step in run_sheet.steps(text)] == expected


@pytest.mark.parametrize("sheet", SHEETS)
def test_each_step_links_to_its_place_and_each_page_asks_its_question_once(sheet):
    steps = run_sheet.steps(sheet)
    asked = [step.ask for step in steps if step.ask]
    assert len(asked) == len(set(asked)) == len({step.demo.page for step in steps if step.demo})
    for step in steps:
        if step.demo is None:
            assert step.link("zh") is None and step.part.missing is not None and step.minutes == run_sheet.SAY_MIN
            continue
        url = urlsplit(step.link("en"))
        query = parse_qs(url.query)
        assert query["lang"] == ["en"] and all(query[k] == [v] for k, v in step.demo.settings)
        if step.ask:  # the page opens at its question, unanswered: the class predicts first
            assert step.ask == step.demo.page and not url.fragment and step.minutes == run_sheet.ASK_MIN
            assert not any(key.endswith("_guess") for key in query)
        else:
            assert step.link("en") == lecture_map.link(step.demo, "en")
            assert step.minutes == (run_sheet.PRESS_MIN if step.demo.press else run_sheet.SHOW_MIN)


def test_a_question_is_asked_where_it_is_about_when_the_sheet_goes_there():
    for sheet in SHEETS:
        steps = run_sheet.steps(sheet)
        for step in (s for s in steps if s.ask):
            behind = [s for s in steps if s.demo and s.demo.page == step.ask
                      and s.demo.anchor in lecture_map.behind_question_keys()]
            assert step.demo.anchor in lecture_map.behind_question_keys() or not behind, (sheet, step.ask)


def test_the_ready_plan_fills_ninety_minutes_from_the_notes_each_demo_once():
    plan = run_sheet.steps(run_sheet.PLAN)
    assert sum(step.minutes for step in plan) == run_sheet.PLAN_MINUTES == 90
    shown = [step.demo for step in plan if step.demo]
    assert len(shown) == len(set(shown)) and all(step.seed is lecture_map.NOTES for step in plan)
    order = [part.id for part in lecture_map.NOTES.parts]
    places = [order.index(step.part.id) for step in plan]
    assert places == sorted(places) and not {step.part.id for step in plan} & run_sheet.PLAN_SKIPS
    assert run_sheet.elapsed(plan, len(plan)) == (90, 90)


def test_the_step_setting_covers_the_longest_sheet():
    assert STEP.low == 1 and STEP.high == max(len(run_sheet.steps(s)) for s in SHEETS)


def test_every_part_has_the_texts_own_words():
    for seed in lecture_map.SEEDS:
        for part in lecture_map.counted(seed):
            line, words = QUOTES[f"{seed.key}/{part.id}"]
            assert line > 0 and len(words) >= 8 and re.search(r"[\u4e00-\u9fff]", words), (seed.key, part.id)
    assert set(QUOTES) == {f"{s.key}/{p.id}" for s in lecture_map.SEEDS for p in s.parts}


@pytest.mark.parametrize("seed", lecture_map.SEEDS, ids=TEXTS)
def test_the_words_stand_at_their_line_in_the_text(seed):
    lines = _seed_lines(seed)
    if lines is None:
        pytest.skip("the lecture texts are not on this machine")
    for part in lecture_map.counted(seed):
        line, words = QUOTES[f"{seed.key}/{part.id}"]
        text = lines[line - 1].replace("\\(", "$").replace("\\)", "$")
        if words.count(" | ") >= 2:  # a table's row, its cells joined
            text = " | ".join(cell.strip() for cell in text.strip().strip("|").split("|"))
        assert words in text, (seed.key, part.id, line)


def test_the_printable_run_sheet_has_every_step_of_every_sheet_escaped():
    labels = {k: k.upper() for k in ("step", "time", "where", "words", "show", "ask")} | {
        "title": "Run <sheet>", "total": "{minutes} minutes"}
    sheets = [(run_sheet.title(key, "en"), [(s, "Q<1>" if s.ask else None) for s in run_sheet.steps(key)])
              for key in SHEETS]
    html = run_sheet.printable(sheets, "en", "https://class.example/", labels)
    assert html.count("<section>") == len(SHEETS) and "page-break-after:always" in html
    assert html.count("<tr><td>") == sum(len(rows) for _, rows in sheets)
    assert "Run &lt;sheet&gt;" in html and "Q&lt;1&gt;" in html and "<1>" not in html
    assert "https://class.example/sentiment?lang=en" in html and "90 minutes" in html


def test_home_draws_the_step_and_its_question_and_stops_at_the_ends():
    at = open_page(None, link={"home_sheet": "notes", "home_step": "1"})  # the last lecture's points: said
    assert not at.exception
    assert any(m.value == "> " + QUOTES["notes/1"][1] for m in at.markdown)
    assert at.button(key="home_sheet_back").disabled and not at.button(key="home_sheet_ahead").disabled
    assert not at.info and not at.get("link_button")
    at = open_page(None, link={"home_sheet": "notes", "home_step": "2"})  # the four forms: Home's question first
    assert any(m.value == "> " + QUOTES["notes/2"][1] for m in at.markdown)
    assert any(t("home.predict.q", "en") in info.value for info in at.info)
    last = len(run_sheet.steps(run_sheet.PLAN))
    at = open_page(None, link={"home_sheet": run_sheet.PLAN, "home_step": str(last)})
    assert not at.exception and at.button(key="home_sheet_ahead").disabled
    assert any(m.value == "> " + QUOTES["notes/13"][1] for m in at.markdown)


def test_a_step_past_a_shorter_sheets_end_is_moved_to_its_last_step():
    at = open_page(None, link={"home_sheet": "script", "home_step": str(STEP.high)})
    assert not at.exception and at.slider(key="home_step").value == len(run_sheet.steps("script"))
    assert GUESS.key not in at.query_params

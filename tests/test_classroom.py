"""A class as its pages live it (issues 36 and 49), in-process (AppTest), each state once: no class,
a mistyped code, an unknown code, an ended class, round 1, round 2 and revealed; the teacher's own
answers are never counted, and the console shows both rounds with every option and the right one. The
same in real browsers, through the replica recipe: tests/browser/test_class_poll.py."""

from collections import Counter

import pytest
from helpers import open_page
from test_predict_first import EXPECTED

from playground import lessons
from playground.app import console
from playground.app.classroom import JOINED, class_store
from playground.app.store import URL_HELD
from playground.core.i18n import t
from playground.home import run_sheet

WHY = t("home.predict.why", "en")
HIDDEN = t("predict.hidden", "en")


@pytest.fixture
def a_class():
    code, token = class_store().start()
    yield code, token
    if class_store().is_open(code):
        class_store().end(code, token)


def _texts(at) -> list[str]:
    kinds = ("markdown", "caption", "subheader", "success", "info", "warning")
    return [e.value for kind in kinds for e in getattr(at, kind)]


def _shows(at, text: str) -> bool:
    return any(text in value for value in _texts(at))


def _revealed(at) -> bool:
    return WHY in [m.value for m in at.markdown]


def test_without_a_class_the_page_answers_at_once():
    at = open_page(None)
    assert not at.exception and not _shows(at, t("class.banner.student", "en", code="")[:10])
    at.radio(key="home_guess").set_value("b").run()
    assert _revealed(at)


@pytest.mark.parametrize("raw", ["abc", "ZZZZ2222 <b>", "", "zz"])
def test_a_mistyped_code_is_refused_and_nothing_kept(raw):
    at = open_page(None, link={"class": raw})
    assert not at.exception and "class" not in at.query_params
    assert t("class.mistyped", "en") in [w.value for w in at.warning]
    at.radio(key="home_guess").set_value("b").run()
    assert _revealed(at)  # not in a class: the page answers as always
    at.button(key="class_refused_ok").click().run()
    assert t("class.mistyped", "en") not in [w.value for w in at.warning]


def test_an_unknown_or_ended_class_is_refused_in_the_students_language(a_class):
    code, token = a_class
    class_store().end(code, token)
    for locale, lang in (("zh-CN", "zh"), ("en-US", "en")):
        at = open_page(None, locale, link={"class": code})
        assert t("class.unknown", lang, code=code) in [w.value for w in at.warning] and "class" not in at.query_params
    assert class_store().tallies(code) == {}


def test_round_one_a_vote_is_counted_and_the_answer_held_back(a_class):
    code, token = a_class
    class_store().ask(code, token, "home_guess")
    at = open_page(None, link={"class": code.lower()})  # typed in lower case: still the class
    assert at.query_params["class"] in (code, [code])
    assert _shows(at, t("class.banner.student", "en", code=code)) and _shows(at, t("class.status.open", "en", round=1))
    at.radio(key="home_guess").set_value("b").run()
    assert class_store().tallies(code) == {"home_guess": {1: Counter(b=1)}}
    assert t("class.status.counted", "en", round=1) in [s.value for s in at.success]
    assert not _revealed(at) and _shows(at, t("class.note.wait", "en"))
    assert HIDDEN in [e.label for e in at.expander]  # what the question keeps behind it stays closed
    at.radio(key="home_guess").set_value("c").run()  # changed within the round: still one vote
    assert class_store().tallies(code) == {"home_guess": {1: Counter(c=1)}}



def test_a_vote_reruns_only_its_box_until_the_reveal(a_class, monkeypatch):
    """Issue 51: a vote on the class's open question opens nothing on the page, so it does not rerun the
    whole page (a class of 100 reran the gradients lab twice a vote); outside a class, and once revealed,
    an answer does (it opens what the question held back)."""
    from playground.app import predict

    whole = []
    monkeypatch.setattr(predict, "_whole_page", lambda: whole.append(True))
    at = open_page(None)
    at.radio(key="home_guess").set_value("b").run()
    assert whole == [True]  # no class: the answer opens the page
    code, token = a_class
    class_store().ask(code, token, "home_guess")
    student = open_page(None, link={"class": code})
    student.radio(key="home_guess").set_value("b").run()
    student.radio(key="home_guess").set_value("c").run()
    assert whole == [True] and class_store().tallies(code) == {"home_guess": {1: Counter(c=1)}}
    class_store().reveal(code, token, "home_guess")
    student.radio(key="home_guess").set_value("a").run()
    assert whole == [True, True]  # revealed: the page opens

def test_a_full_address_is_told_its_vote_was_not_counted(a_class):
    """Issue 52: one address brings at most the class's allowance of voters; the next is told why its
    answer did not count, and the teacher can raise the allowance on the console."""
    code, token = a_class
    class_store().ask(code, token, "home_guess")
    class_store().allow_voters(code, token, 2)
    for n in range(2):  # two others on the same address ("local" in a test run) have answered
        assert class_store().answer(code, "home_guess", f"v-{n:032d}", "a", place="local") == 1
    at = open_page(None, link={"class": code})
    at.radio(key="home_guess").set_value("b").run()
    assert class_store().tallies(code) == {"home_guess": {1: Counter(a=2)}}
    assert t("class.place_full", "en", n=2) in [w.value for w in at.warning]
    console = open_page("pages/class.py", link={"class": code, "teacher": token})
    console.number_input(key=f"class_per_place_{code}").set_value(3).run()
    assert class_store().voters_per_place(code) == 3
    at.radio(key="home_guess").set_value("c").run()
    assert class_store().tallies(code) == {"home_guess": {1: Counter(a=2, c=1)}}


def test_a_session_starts_a_bounded_number_of_classes():
    at = open_page("pages/class.py")
    for _ in range(console.CLASSES_PER_SESSION):  # start, end (asked once), start again
        at.button(key="class_start").click().run()
        code = at.session_state[JOINED]
        at.button(key="class_end").click().run()
        at.button(key="class_end_yes").click().run()
        assert not class_store().is_open(code)
    at.button(key="class_start").click().run()
    assert t("class.too_many", "en") in [e.value for e in at.error]


def test_every_tab_of_a_class_shares_one_read_a_second(a_class, monkeypatch):
    """Issue 52: a dozen forged consoles re-running the poll cost the store a read each. A process reads
    a class's state at most once a second for all its tabs, and again at once after a change it made."""
    code, token = a_class
    class_store().ask(code, token, "home_guess")
    reads = []
    real_view = class_store().view
    monkeypatch.setattr(class_store(), "view", lambda c: reads.append(c) or real_view(c))
    pages = [open_page(None, link={"class": code}) for _ in range(3)]
    for at in pages:
        at.run()
    assert len(reads) <= 2  # (a read may fall on a second's boundary)
    pages[0].radio(key="home_guess").set_value("b").run()
    class_store().open_round_two(code, token, "home_guess")  # a change: the next look reads it at once
    before = len(reads)
    pages[1].run()
    assert len(reads) == before + 1 and _shows(pages[1], t("class.status.open", "en", round=2))


def test_the_shared_read_is_never_older_than_a_change_made_here(a_class, monkeypatch):
    """Within the second a read is shared, a change this process made is seen at once (the cache is keyed
    by the store's count of changes), and no change means no read."""
    from playground.app import classroom

    code, token = a_class
    reads = []
    real_view = class_store().view
    monkeypatch.setattr(class_store(), "view", lambda c: reads.append(c) or real_view(c))
    classroom.shared_state(code)
    classroom.shared_state(code)
    assert len(reads) == 1
    class_store().ask(code, token, "home_guess")
    assert classroom.shared_state(code)[1].asking == "home_guess" and len(reads) == 2


def _voted_in_round_one(code: str, token: str, choice: str):
    """A student on Home's question, asked by the teacher, who voted ``choice`` in round 1."""
    class_store().ask(code, token, "home_guess")
    at = open_page(None, link={"class": code})
    at.radio(key="home_guess").set_value(choice).run()
    return at


def test_round_two_keeps_or_changes_the_answer_and_round_one_is_closed(a_class):
    code, token = a_class
    at = _voted_in_round_one(code, token, "c")
    class_store().open_round_two(code, token, "home_guess")
    at.run()
    assert t("class.status.again", "en") in [i.value for i in at.info] and not _revealed(at)
    at.button(key="home_guess_keep").click().run()
    assert class_store().tallies(code) == {"home_guess": {1: Counter(c=1), 2: Counter(c=1)}}
    at.radio(key="home_guess").set_value("a").run()
    assert class_store().tallies(code) == {"home_guess": {1: Counter(c=1), 2: Counter(a=1)}}
    assert class_store().changes(code, "home_guess") == Counter({("c", "a"): 1})
    assert t("class.status.counted", "en", round=2) in [s.value for s in at.success]


def test_revealed_every_page_shows_the_answer_and_takes_no_more_votes(a_class):
    code, token = a_class
    voter = _voted_in_round_one(code, token, "b")
    class_store().reveal(code, token, "home_guess")
    voter.run()
    assert _revealed(voter) and HIDDEN not in [e.label for e in voter.expander]
    voter.radio(key="home_guess").set_value("a").run()  # after the reveal: not counted
    assert class_store().tallies(code) == {"home_guess": {1: Counter(b=1)}}
    silent = open_page(None, link={"class": code})  # never voted: sees the answer too
    assert _revealed(silent)


def test_the_console_runs_both_rounds_and_reveals_every_option(a_class):
    code, token = a_class
    at = open_page("pages/class.py", link={"class": code, "teacher": token})
    # the browser takes the token out of its own history entry; the address waits for it (issue 52)
    assert not at.exception and any("replaceState" in h.proto.body and "teacher" in h.proto.body for h in at.get("html"))
    at.session_state[URL_HELD] = 0.0  # the hold's seconds have passed
    at.run()
    assert not at.exception and "teacher" not in at.query_params and at.query_params["class"] == code
    at.selectbox(key=console.ASKING).set_value("home_guess").run()
    assert class_store().view(code).asking == "home_guess"
    for voter, choice in (("v-" + "1" * 16, "a"), ("v-" + "2" * 16, "b"), ("v-" + "3" * 16, "b")):
        class_store().answer(code, "home_guess", voter, choice)
    at.run()
    assert _shows(at, t("class.answered_rounds", "en", one=3, two=0)) and _shows(at, t("class.hidden", "en"))
    at.button(key="class_round_two").click().run()
    for voter, choice in (("v-" + "1" * 16, "b"), ("v-" + "2" * 16, "b")):
        class_store().answer(code, "home_guess", voter, choice)
    at.button(key="class_reveal").click().run()
    table = next(m.value for m in at.markdown if m.value.startswith(f"| {t('class.split.answer', 'en')}"))
    options = console.choices_of(lessons.lesson("home"))
    assert len(table.splitlines()) == 2 + len(options)  # every option, zeros too
    right = lessons.module("home", "question").right()
    assert [line.startswith("| ✅") for line in table.splitlines()[2:]] == [c in right for c in options]
    assert table.splitlines()[-1].endswith("| 0 (0%) | 0 (0%) |")  # option c, chosen by nobody, is listed
    assert _shows(at, t("class.changes", "en", moved=1, both=2))


def test_the_teachers_own_answer_is_not_a_vote(a_class):
    code, token = a_class
    class_store().ask(code, token, "home_guess")
    teacher = open_page("pages/class.py", link={"class": code, "teacher": token})
    teacher.switch_page("pages/home.py").run()  # the same session, on the page the class answers
    assert t("class.banner.teacher", "en", code=code) in [m.value for m in teacher.markdown if code in m.value][0]
    teacher.radio(key="home_guess").set_value("c").run()
    assert class_store().tallies(code) == {}  # round 1 is open: a student's pick would count here
    assert t("class.note.teacher", "en") in [c.value for c in teacher.caption]


def test_end_asks_once_and_says_it_ended(a_class):
    code, token = a_class
    at = open_page("pages/class.py", link={"class": code, "teacher": token})
    at.button(key="class_end").click().run()
    assert class_store().is_open(code) and t("class.end_sure", "en") in [w.value for w in at.warning]
    at.button(key="class_end_yes").click().run()
    assert not class_store().is_open(code) and [s.value for s in at.success] == [t("class.ended", "en", code=code)]


@pytest.mark.parametrize("page", list(EXPECTED))
def test_the_console_marks_what_the_page_reveals(page):
    assert lessons.module(page, "question").right() == frozenset(EXPECTED[page]("en")[1])


def test_the_run_sheets_step_puts_the_class_on_its_question(a_class):
    """The teacher walking the run-sheet on Home asks the step's question with one button; a student
    link's session sees no such button."""
    code, token = a_class
    step = next(n for n, s in enumerate(run_sheet.steps("notes"), start=1) if s.ask == "two_ones")
    teacher = open_page(None, link={"class": code, "teacher": token, "home_sheet": "notes", "home_step": str(step)})
    teacher.button(key="home_sheet_ask_class").click().run()
    assert class_store().view(code).asking == "ones_guess"
    assert t("class.asking_this", "en") in [c.value for c in teacher.caption]
    student = open_page(None, link={"class": code, "home_sheet": "notes", "home_step": str(step)})
    assert not [b for b in student.button if b.key == "home_sheet_ask_class"]


def test_a_challenge_as_the_class_task_counts_solvers_and_shows_its_solution(a_class):
    """Issue 53: the teacher sets two 1s' "three 1s" challenge; a student's banner names it and links to its
    box; their passing Check counts (anonymously), a failing one does not; the console counts 1 solver and
    shows the worked solution on the projector when asked, after which no solve counts."""
    code, token = a_class
    name = "ch_ones_three"
    teacher = open_page("pages/class.py", link={"class": code, "teacher": token})
    teacher.selectbox(key=console.ASKING).set_value(name).run()
    assert class_store().view(code).asking == name
    student = open_page("pages/two_ones.py", link={"class": code, "ones_guess": "skip"})
    assert not student.exception
    assert _shows(student, t(f"challenge.{name}.title", "en")) and _shows(student, t("class.status.solve", "en"))
    assert any(f"#{name.replace('_', '-')}" in m.value for m in student.markdown)  # the link lands on its box
    student.button(key=f"{name}_check").click().run()  # the page's defaults: not solved, not counted
    assert class_store().tallies(code).get(name) is None
    student.button(key=f"{name}_show").click().run()
    student.button(key=f"{name}_use").click().run()
    student.button(key=f"{name}_check").click().run()
    assert _shows(student, t("challenge.done", "en"))
    assert sum(class_store().tallies(code)[name][1].values()) == 1
    teacher.run()
    assert _shows(teacher, t("class.solvers", "en", n=1))
    assert not _shows(teacher, t(f"challenge.{name}.solution", "en"))
    teacher.button(key="class_solution").click().run()
    assert _shows(teacher, t(f"challenge.{name}.solution", "en"))
    assert class_store().answer(code, name, "v-" + "9" * 16, "solved") == 0  # shown: no more solves counted

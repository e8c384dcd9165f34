"""``/class``, the teacher's console (issues 36 and 49): start a class, then run peer instruction on any
page's question. The teacher chooses the question the class is on (students' banners follow); round 1,
each student alone; the teacher sees how many answered, never the split; the students argue; the
teacher opens round 2; then reveals both rounds side by side, every option with its count, the right one
marked, and how many changed their mind. On a 1024 x 768 projector the code, the QR code (320 px) and
the counts are on the first screen.

The console needs the teacher's token: from the teacher's link, or kept for the browser that showed it
(``playground.app.classroom``), so that a reload or a second tab restores it. The counts are read every
``POLL_S`` by a paced fragment (``playground.app.fair``), charged like any run.
"""

from __future__ import annotations

import contextlib
from html import escape
from urllib.parse import urlsplit

import streamlit as st

from playground import lessons
from playground.app.classroom import (
    CLASS_KEY,
    JOINED,
    PATH,
    TEACHER,
    TEACHER_KEY,
    class_store,
    fresh_state,
    joined,
    leave,
    read_link,
    shared_state,
    teaching,
)
from playground.app.fair import act_now, fragment
from playground.app.language import lang, tr
from playground.app.store import LINK_EXTRAS, url_follows
from playground.app.widgets import show_svg
from playground.core.challenges import SOLVED
from playground.core.class_store import MAX_VOTERS_PER_PLACE, NotTeacher, TooManyClasses
from playground.core.settings import SKIPPED

POLL_S = 2.0
POLL_GAP_S = 1.5  # reruns closer than this wait (a forged client looping the console), a teacher's click once per gap
ASKING = "class_asking"  # the question picker's key
ENDING, ENDED = "_class_ending", "_class_ended"  # session: End pressed once; the class that ended
QR_PX = 320
CLASSES_PER_SESSION = 5  # a teacher ends a class and starts another a few times in a day, not hundreds
STARTED, REFUSED_START = "_classes_started", "_class_start_refused"  # session keys


def _root() -> str:
    url = urlsplit(st.context.url or "")
    return f"{url.scheme}://{url.netloc}/" if url.netloc else "./"


def students_link(code: str) -> str:
    return f"{_root()}?{CLASS_KEY}={code}"


def teachers_link(code: str, token: str) -> str:
    return f"{_root()}{PATH}?{CLASS_KEY}={code}&{TEACHER_KEY}={token}"


def _qr_svg(link: str) -> str:
    """The link's QR code, at least ``QR_PX`` wide (a phone at the back of the room reads it)."""
    import segno

    qr = segno.make(link, error="m")
    return qr.svg_inline(scale=-(-QR_PX // qr.symbol_size(scale=1)[0]), dark="#000", light="#fff")


def _start() -> None:
    """A new class for this session (issue 52: a session starts at most CLASSES_PER_SESSION, an address
    at most ``class_store.CLASSES_PER_PLACE`` open at once; past either, it says so)."""
    from playground.app import visitors

    started = st.session_state.get(STARTED, 0)
    try:
        if started >= CLASSES_PER_SESSION:
            raise TooManyClasses
        code, token = class_store().start(place=visitors.client_address())
    except TooManyClasses:
        st.session_state[REFUSED_START] = True
        return
    st.session_state[STARTED] = started + 1
    st.session_state[JOINED], st.session_state[TEACHER] = code, token
    class_store().remember_browser(code, token, visitors.visitor_id())
    extras = dict(st.session_state.get(LINK_EXTRAS, {}), **{CLASS_KEY: code})
    st.session_state[LINK_EXTRAS] = extras
    url_follows()


def _as_teacher(action: str, *args) -> None:
    """ask / open_round_two / reveal / clear; a class that ended meanwhile (another tab, its 12 hours) does nothing."""
    act_now()  # the rerun this click causes is the teacher's, not a poll: it runs at once
    with contextlib.suppress(NotTeacher):
        getattr(class_store(), action)(joined(), st.session_state.get(TEACHER), *args)


def _ask_picked() -> None:
    if picked := st.session_state.get(ASKING):
        _as_teacher("ask", picked)


def _end() -> None:
    code = joined()
    _as_teacher("end")
    leave()
    st.session_state.pop(ENDING, None)
    st.session_state[ENDED] = code


# --- what the console shows -------------------------------------------------------------------------------
def choices_of(lesson) -> dict[str, str]:
    """A question's options, code -> label, in the page's order."""
    guess = lessons.module(lesson, "settings").GUESS
    strings = lessons.module(lesson, "strings").STRINGS
    prefix = next(key.split(".")[0] for key in strings if key.endswith(".predict.q"))
    return {c: tr(f"{prefix}.predict.{c}") for c in guess.options if c and c != SKIPPED}


@st.cache_data(show_spinner=False, max_entries=40)
def _right(lesson_key: str, language: str) -> frozenset[str]:
    """The right answer(s), as the page computes them (``language``: sentiment's reviews follow it)."""
    return lessons.module(lesson_key, "question").right()


def split_table(options: dict[str, str], rounds: dict, right: frozenset[str]) -> str:
    """Both rounds side by side: every option (zeros too), the right one marked."""
    totals = {r: sum(rounds.get(r, {}).values()) for r in (1, 2)}
    head = f"| {tr('class.split.answer')} | {tr('class.split.round', round=1)} | {tr('class.split.round', round=2)} |"
    rows = [head, "|:--|--:|--:|"]
    for code, label in options.items():
        mark = "✅ " if code in right else ""
        cells = [f"{rounds.get(r, {}).get(code, 0)} ({rounds.get(r, {}).get(code, 0) / totals[r]:.0%})" if totals[r]
                 else "0" for r in (1, 2)]
        rows.append(f"| {mark}{label.replace('|', '/')} | {cells[0]} | {cells[1]} |")
    return "\n".join(rows)


def changes_line(options: dict[str, str], changes) -> str:
    both = sum(changes.values())
    moved = {pair: n for pair, n in changes.items() if pair[0] != pair[1]}
    if not both:
        return tr("class.changes.none")
    detail = "; ".join(f"{options.get(a, a)} → {options.get(b, b)}: {n}" for (a, b), n in sorted(moved.items()))
    return tr("class.changes", moved=sum(moved.values()), both=both) + (f" ({detail})" if detail else "")


def tasks() -> dict[str, str]:
    """Everything a class can be set, in the house's order: each page's question, then the challenges
    (issue 53), as the picker labels them."""
    questions = {q: f"{tr(lesson.title_key)} · {lessons.module(lesson, 'question').text()}"
                 for q, lesson in lessons.questions().items()}
    challenges = {name: f"{tr(lesson.title_key)} · {tr('class.challenge', title=tr(challenge.key('title')))}"
                  for name, (challenge, lesson) in lessons.challenges().items()}
    return questions | challenges


def _picker(asking: str | None) -> str | None:
    # another tab or the run-sheet chose it; or a run cut short (a poll's rerun interrupted) lost the choice
    if st.session_state.get("_class_synced") != asking or (asking and st.session_state.get(ASKING) is None):
        st.session_state["_class_synced"] = st.session_state[ASKING] = asking
    labels = tasks()
    return st.selectbox(tr("class.pick"), list(labels), key=ASKING, on_change=_ask_picked, index=None,
                        placeholder=tr("class.pick_none"), format_func=labels.get)


def _solvers(question: str, asked, rounds: dict) -> None:
    """A challenge: how many solved it (anonymous), and its worked solution on the projector on request."""
    challenge, _ = lessons.challenges()[question]
    st.subheader(tr("class.solvers", n=sum(c.get(SOLVED, 0) for c in rounds.values())), anchor=False)
    st.caption(tr("class.solvers_hidden"))
    buttons = st.container(horizontal=True)
    buttons.button(tr("class.hide_solution" if asked.revealed else "class.show_solution"), key="class_solution",
                   type="secondary" if asked.revealed else "primary", on_click=_as_teacher,
                   args=("reveal", question, not asked.revealed), icon=":material/visibility:")
    buttons.button(tr("class.clear"), key="class_clear", on_click=_as_teacher, args=("clear", question),
                   icon=":material/replay:")
    if asked.revealed:
        with st.container(border=True):
            st.markdown(f"**{tr(challenge.key('title'))}** · {tr('challenge.solution')}")
            st.markdown(tr(challenge.key("solution")))


def _rounds(code: str, question: str, asked, rounds: dict) -> None:
    lesson = lessons.questions()[question]
    counts = [sum(rounds.get(r, {}).values()) for r in (1, 2)]
    state = tr("class.state.revealed") if asked.revealed else tr("class.state.open", round=asked.round)
    st.subheader(tr("class.answered_rounds", one=counts[0], two=counts[1]), anchor=False)
    st.caption(state)
    buttons = st.container(horizontal=True)  # side by side while they fit, then wrapped: never cut
    if not asked.revealed and asked.round == 1:
        buttons.button(tr("class.round_two"), key="class_round_two", on_click=_as_teacher,
                       args=("open_round_two", question), icon=":material/forum:")
    if not asked.revealed:
        buttons.button(tr("class.reveal"), key="class_reveal", type="primary", on_click=_as_teacher,
                       args=("reveal", question), icon=":material/visibility:")
    buttons.button(tr("class.clear"), key="class_clear", on_click=_as_teacher, args=("clear", question),
                   icon=":material/replay:")
    if asked.revealed:
        options = choices_of(lesson)
        st.markdown(split_table(options, rounds, _right(lesson.key, lang())))
        st.markdown(changes_line(options, class_store().changes(code, question)))
    else:
        st.caption(tr("class.hidden"))


@fragment(run_every=POLL_S, gap_s=POLL_GAP_S)
def _console(code: str) -> None:
    """The question the class is on and its rounds, read from the store every 2 s."""
    # the teacher's own console reads the class now: a vote on another replica shows at the next poll
    is_open, view, tallies = fresh_state(code) if teaching() else shared_state(code)
    if not teaching() or not is_open:
        st.warning(tr("class.over"))
        return
    question = _picker(view.asking)
    if question in lessons.challenges():
        _solvers(question, view.of(question), tallies.get(question, {}))
    elif question:
        _rounds(code, question, view.of(question), tallies.get(question, {}))
    others = {q: sum(sum(c.values()) for c in r.values()) for q, r in tallies.items() if q != question}
    if shown := [f"{_short(q)}: {n}" for q, n in others.items() if q in lessons.questions() or q in lessons.challenges()]:
        st.caption(tr("class.others") + " · ".join(shown))


def _short(question: str) -> str:
    """A task as the console's line of other answers names it: its page, or the challenge's title."""
    if question in lessons.challenges():
        return tr("class.challenge", title=tr(lessons.challenges()[question][0].key("title")))
    return tr(lessons.questions()[question].title_key)


def _big_code(code: str) -> None:
    """The code in type a room can read (in a narrow column it breaks into two lines of four, nowhere else)."""
    half = len(code) // 2
    st.html(f'<p class="rnn-class-code" style="font-size:2.4rem;font-weight:700;letter-spacing:0.1em;line-height:1.2;'
            f'margin:0">{escape(code[:half])}<wbr>{escape(code[half:])}</p>')


def _end_button() -> None:
    if not st.session_state.get(ENDING):
        st.button(tr("class.end"), key="class_end", icon=":material/stop_circle:",
                  on_click=lambda: st.session_state.__setitem__(ENDING, True))
        return
    st.warning(tr("class.end_sure"), icon=":material/warning:")
    yes, no = st.columns(2)
    yes.button(tr("class.end_yes"), key="class_end_yes", type="primary", on_click=_end)
    no.button(tr("class.end_no"), key="class_end_no", on_click=lambda: st.session_state.pop(ENDING, None))


def _running(code: str, token: str) -> None:
    """First screen of a 1024 x 768 projector, the sidebar open: the QR code and the code side by side,
    then the question and its counts."""
    link = students_link(code)
    qr, words = st.columns([3, 2])
    show_svg(f'<div role="img" aria-label="{escape(tr("class.qr"))}" class="rnn-qr">{_qr_svg(link)}</div>', qr)
    with words:
        st.caption(tr("class.code_label"))
        _big_code(code)
        st.code(link, language=None, wrap_lines=True)
    _console(code)
    with st.expander(tr("class.teacher_link_title"), icon=":material/key:"):
        st.caption(tr("class.teacher_link"))
        st.code(teachers_link(code, token), language=None, wrap_lines=True)
    with st.expander(tr("class.settings"), icon=":material/tune:"):
        _voter_allowance(code)
    _end_button()


def _voter_allowance(code: str) -> None:
    """How many voters one network address may bring (issue 52: one computer, one vote)."""
    allowed = st.number_input(tr("class.voters_per_place"), 1, MAX_VOTERS_PER_PLACE,
                              class_store().voters_per_place(code), step=10, key=f"class_per_place_{code}",
                              help=tr("class.voters_per_place_help"))
    if int(allowed) != class_store().voters_per_place(code):
        _as_teacher("allow_voters", int(allowed))


def class_page() -> None:
    """``/class``: start a class, or (the teacher) run it; a student's link shows no control."""
    read_link()
    st.title(tr("class.title_running" if teaching() else "class.title"), anchor=False)
    if ended := st.session_state.pop(ENDED, None):
        st.success(tr("class.ended", code=ended), icon=":material/check_circle:")
    code = joined()
    if code and teaching():
        _running(code, st.session_state[TEACHER])
        return
    if code:
        st.info(tr("class.student", code=code))
        st.caption(tr("class.not_teacher"))
        return
    st.markdown(tr("class.intro"))
    if st.session_state.pop(REFUSED_START, False):
        st.error(tr("class.too_many"), icon=":material/block:")
    st.button(tr("class.start"), key="class_start", icon=":material/groups:", type="primary", on_click=_start)

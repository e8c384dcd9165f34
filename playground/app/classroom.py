"""The class's predictions, live (issue 36). A teacher starts a class on the page ``/class`` and gets a
code, the students' link and its QR code. A student who opens that link answers the pages'
predict-first questions as always; each answer is also counted for the class, one per browser per
question, and can be changed. The teacher's page shows how many answered each question, and the split
once the teacher reveals it; the teacher can clear a question to ask it again, and end the class.

- Only the teacher's page polls the store (a fragment every 2 s); a student's page never does.
- The teacher's controls need the teacher's link: ``class=CODE&teacher=TOKEN``. The token is a
  secret that the students' link does not carry, and the store keeps only its digest.
- The store (``playground.core.class_store``) is SQLite in the data folder, or Redis under
  ``RNN_CLASS_STORE``: every replica of the class reads and writes the same one.
"""

from __future__ import annotations

import contextlib
import hashlib
from html import escape
from urllib.parse import urlsplit

import streamlit as st

from playground import lessons
from playground.app import visitors
from playground.app.language import tr
from playground.app.store import LINK_EXTRAS, url_follows
from playground.app.widgets import show_svg
from playground.core.class_store import CHOICE, ClassStore, NotTeacher, open_store, valid_code
from playground.core.datasets.cache import cache_dir

CLASS_KEY, TEACHER_KEY = "class", "teacher"
PATH = "class"  # the teacher's page
JOINED, TEACHER = "_class_code", "_class_teacher"  # session: the class joined; the teacher's token
POLL_S = 2.0


@st.cache_resource(show_spinner=False)
def class_store() -> ClassStore:
    return open_store(cache_dir() / "classes.sqlite3")


def _keep_in_link() -> None:
    """The class's code stays in every address of the visit; the teacher's token never does (it would
    be on the projector): the session keeps it, and the teacher's page offers the link that holds it."""
    extras = {k: v for k, v in st.session_state.get(LINK_EXTRAS, {}).items() if k not in (CLASS_KEY, TEACHER_KEY)}
    if st.session_state.get(JOINED):
        extras[CLASS_KEY] = st.session_state[JOINED]
    st.session_state[LINK_EXTRAS] = extras
    url_follows()


def read_link() -> None:
    """Once per session, with its first run: a link's class (if it is open), and its teacher token (if
    it is that class's). Anything else in those two parameters is dropped."""
    if "_class_read" in st.session_state:
        return
    st.session_state["_class_read"] = True
    code, token = st.query_params.get(CLASS_KEY), st.query_params.get(TEACHER_KEY)
    if not valid_code(code) or not class_store().is_open(code):
        return
    st.session_state[JOINED] = code
    if class_store().is_teacher(code, token):
        st.session_state[TEACHER] = token
    _keep_in_link()


def joined() -> str | None:
    return st.session_state.get(JOINED)


def vote(question: str, choice: object) -> None:
    """A predict-first answer, counted for the class this session joined (if any): one per browser."""
    code = joined()
    if code and isinstance(choice, str) and CHOICE.fullmatch(choice):
        name = visitors.visitor_id() or visitors.session_name()  # the browser, else this session
        class_store().answer(code, question, "v-" + hashlib.sha256(name.encode()).hexdigest()[:32], choice)


# --- the teacher's page ------------------------------------------------------------------------------
def _questions() -> dict[str, str]:
    """Each page's question setting key -> the page's key."""
    return {lessons.module(lesson, "settings").GUESS.key: lesson.key for lesson in lessons.lessons()}


def _choice_label(page: str, code: str) -> str:
    strings = lessons.module(page, "strings").STRINGS
    prefix = next(key.split(".")[0] for key in strings if key.endswith(".predict.q"))
    return tr(f"{prefix}.predict.{code}")


def _start() -> None:
    code, token = class_store().start()
    st.session_state[JOINED], st.session_state[TEACHER] = code, token
    _keep_in_link()


def _as_teacher(action: str, code: str, token: str, *args) -> None:
    """reveal / clear / end; a class that ended meanwhile (another tab, its 12 hours) does nothing."""
    with contextlib.suppress(NotTeacher):
        getattr(class_store(), action)(code, token, *args)


def _end(code: str, token: str) -> None:
    _as_teacher("end", code, token)
    st.session_state.pop(JOINED, None)
    st.session_state.pop(TEACHER, None)
    _keep_in_link()


def _root() -> str:
    url = urlsplit(st.context.url or "")
    return f"{url.scheme}://{url.netloc}/" if url.netloc else "./"


def students_link(code: str) -> str:
    return f"{_root()}?{CLASS_KEY}={code}"


def teachers_link(code: str, token: str) -> str:
    return f"{_root()}{PATH}?{CLASS_KEY}={code}&{TEACHER_KEY}={token}"


def _qr_svg(link: str) -> str:
    import segno

    return segno.make(link, error="m").svg_inline(scale=5, dark="#000", light="#fff")


def _question_row(code: str, token: str, key: str, page: str, tally, shown: bool) -> None:
    question = lessons.module(page, "question").text()
    with st.container(border=True, key=f"class_q_{key}"):
        st.markdown(f"**{tr(lessons.lesson(page).title_key)}** · {question}")
        answered = sum(tally.values())
        st.markdown(tr("class.answered", n=answered))
        if shown and answered:
            for choice, n in sorted(tally.items()):
                st.progress(n / answered, text=f"{_choice_label(page, choice)} · {n} ({n / answered:.0%})")
        elif answered:
            st.caption(tr("class.hidden"))
        left, right = st.columns(2)
        left.button(tr("class.hide" if shown else "class.reveal"), key=f"class_reveal_{key}",
                    on_click=_as_teacher, args=("reveal", code, token, key, not shown))
        right.button(tr("class.clear"), key=f"class_clear_{key}", on_click=_as_teacher, args=("clear", code, token, key))


@st.fragment(run_every=POLL_S)
def _tallies(code: str, token: str) -> None:
    """The teacher's counts, read from the store every 2 s (the only poll in the app)."""
    if not class_store().is_teacher(code, token):
        st.warning(tr("class.over"))
        return
    tallies, shown, pages = class_store().tallies(code), class_store().revealed(code), _questions()
    if not tallies:
        st.info(tr("class.none_yet"))
    for key, page in pages.items():
        if key in tallies:
            _question_row(code, token, key, page, tallies[key], key in shown)


def class_page() -> None:
    """``/class``: start a class, or (with the teacher's link) run it; a student's link shows no control."""
    read_link()
    st.title(tr("class.title"))
    code, token = joined(), st.session_state.get(TEACHER)
    if code and token:
        link = students_link(code)
        st.markdown(tr("class.code", code=code))
        st.code(link, language=None)
        show_svg(f'<div role="img" aria-label="{escape(tr("class.qr"))}" class="rnn-qr">{_qr_svg(link)}</div>')
        with st.expander(tr("class.teacher_link_title"), icon=":material/key:"):
            st.caption(tr("class.teacher_link"))
            st.code(teachers_link(code, token), language=None)
        _tallies(code, token)
        st.button(tr("class.end"), key="class_end", icon=":material/stop_circle:", on_click=_end, args=(code, token))
        return
    if code:
        st.info(tr("class.student", code=code))
        return
    st.markdown(tr("class.intro"))
    st.button(tr("class.start"), key="class_start", icon=":material/groups:", type="primary", on_click=_start)

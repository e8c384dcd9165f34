"""A class, as a student's (and the teacher's) pages live it: peer instruction (issues 36 and 49).

A teacher starts a class on ``/class`` (``playground.app.console``) and gets a code, the students' link
and its QR code. Whoever opens that link is in the class for the visit:

- every page shows a banner: the class code, the question the teacher is asking now (with a link that
  opens its page at the question) and whether this browser's answer is counted, in which round;
- a predict-first answer is a vote, one per browser per question per round, changeable while the round
  is open (``playground.core.class_store``); the page does not show the answer, nor what the question
  keeps behind it, until the teacher reveals it; then every page in the class shows it;
- a mistyped, unknown or ended code is refused with a message in the visitor's language, and nothing of
  it is kept.

The banner polls the store every ``STUDENT_POLL_S`` (a paced fragment: two small reads), and the whole
page reruns only when the state of the page's own question changed. The teacher's token (``teacher=``)
never stays in an address; the store keeps it sealed by the teacher's browser, so that a reload of
any page in that browser restores the console. The teacher's own answers are never counted.
"""

from __future__ import annotations

import contextlib
import hashlib
from dataclasses import dataclass
from html import escape

import streamlit as st

from playground import lessons
from playground.app import visitors
from playground.app.fair import paced_run, space_out
from playground.app.language import lang, tr
from playground.app.store import LINK_EXTRAS, hold_url, url_follows, url_held
from playground.core.challenges import SOLVED
from playground.core.class_store import CHOICE, FULL, Asked, ClassStore, ClassView, NotTeacher, open_store, valid_code
from playground.core.datasets.cache import cache_dir

CLASS_KEY, TEACHER_KEY = "class", "teacher"
PATH = "class"  # the teacher's page
QUESTION_ANCHOR = "question"  # the element id of a page's question box: a banner link lands on it
JOINED, TEACHER, REFUSED = "_class_code", "_class_teacher", "_class_refused"  # session keys
ENDED_NOTE = "_class_ended_note"  # session: the class this visit was in ended (said once)
PLACE_FULL = "_class_place_full"  # session: a vote was not counted, the address's voters are all in (the allowance)
SOLVED_CHALLENGES = "_challenges_solved"  # session: the challenges solved in this visit (app.challenge keeps it)
SEEN = "_class_seen"  # session: the page's question's state as the page last drew it
# The token leaves the browser's history entry in place (replaceState), drawn by every run of the first
# FORGET_S seconds, which change no address (store.hold_url): a new address first would be a new entry,
# and Back would show the token on the projector. (A run that is rerun at once may never be drawn.)
FORGET_S = 3.0
_FORGET_TOKEN_HTML = """<script>
(function () {{
  const url = new URL(window.location.href);
  if (!url.searchParams.has("{key}")) return;
  url.searchParams.delete("{key}");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}})();
</script>"""
STUDENT_POLL_S = 4.0  # the banner's look at the store: 100 students, 25 small reads a second
FOLLOWS = "_class_box_follows"  # the question whose box looks at the class itself (``predict._class_box``)
BANNER_GAP_S = 1.5  # banner reruns closer than this wait (issue 52: a forged client looping it)


@st.cache_resource(show_spinner=False)
def class_store() -> ClassStore:
    return open_store(cache_dir() / "classes.sqlite3")


SHARED_READ_S = 1.0  # a class's state is read from the store at most this often per process, for all its tabs


@st.cache_data(ttl=SHARED_READ_S, max_entries=256, show_spinner=False)
def _shared_state(code: str, writes: int) -> tuple[bool, ClassView, dict]:  # noqa: ARG001 - in the key
    store = class_store()
    return store.is_open(code), store.view(code), store.tallies(code)


def shared_state(code: str) -> tuple[bool, ClassView, dict]:
    """(open, its view, its tallies) as every tab of the class reads them (issue 52: a hundred banners
    and a dozen forged consoles polling cost the store one read a second): at most SHARED_READ_S old,
    never older than this process's last change (the store counts them)."""
    return _shared_state(code, class_store().writes)


def fresh_state(code: str) -> tuple[bool, ClassView, dict]:
    """The same, read now: for the teacher's console, whose poll is spaced (``fair.space_out``), so that a
    vote made on another replica shows at its next poll, not up to SHARED_READ_S later."""
    return _shared_state.__wrapped__(code, class_store().writes)


def _keep_in_link() -> None:
    """The class's code stays in every address of the visit; the teacher's token never does (it would
    be on the projector)."""
    extras = {k: v for k, v in st.session_state.get(LINK_EXTRAS, {}).items() if k not in (CLASS_KEY, TEACHER_KEY)}
    if st.session_state.get(JOINED):
        extras[CLASS_KEY] = st.session_state[JOINED]
    st.session_state[LINK_EXTRAS] = extras
    url_follows()


def read_link() -> None:
    """Once per session, with its first run: join the link's class if it is open (as its teacher with
    the teacher's token, or from a browser that showed it); refuse any other ``class`` value, saying why."""
    if "_class_read" in st.session_state:
        if url_held() and teaching():
            _forget_token()
        return
    st.session_state["_class_read"] = True
    raw, token = st.query_params.get(CLASS_KEY), st.query_params.get(TEACHER_KEY)
    if raw is None:
        return
    code = raw.strip().upper() if isinstance(raw, str) else ""  # a code typed in lower case still joins
    if not valid_code(code) or not class_store().is_open(code):
        st.session_state[REFUSED] = code if valid_code(code) else ""  # a code's own letters only, never the raw value
        _keep_in_link()  # the refused value leaves the address
        return
    st.session_state[JOINED] = code
    browser = visitors.visitor_id()
    if class_store().is_teacher(code, token):
        st.session_state[TEACHER] = token
        with contextlib.suppress(NotTeacher):
            class_store().remember_browser(code, token, browser)
        hold_url(FORGET_S)
        _forget_token()
    elif kept := class_store().token_for(code, browser):
        st.session_state[TEACHER] = kept
    _keep_in_link()


def _forget_token() -> None:
    st.html(_FORGET_TOKEN_HTML.format(key=TEACHER_KEY), unsafe_allow_javascript=True)


_TEACHING: dict[str, None] = {}  # session ids that hold a teacher's token: the rebalancer never moves them
_TEACHING_KEPT = 4096


def _mark_teaching() -> None:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is not None:
        _TEACHING[ctx.session_id] = None
        while len(_TEACHING) > _TEACHING_KEPT:  # the oldest first (a dict keeps its order)
            del _TEACHING[next(iter(_TEACHING))]


def is_teaching_session(session_id: str) -> bool:
    return session_id in _TEACHING


def joined() -> str | None:
    return st.session_state.get(JOINED)


def teaching() -> bool:
    """This session holds the teacher's token of the class it joined."""
    if joined() and st.session_state.get(TEACHER):
        _mark_teaching()
        return True
    return False


def leave() -> None:
    for key in (JOINED, TEACHER, SEEN):
        st.session_state.pop(key, None)
    _keep_in_link()


def _voter() -> str:
    """The fair share's visitor (issue 52): the browser, else the session, and past its address's allowance
    of new names one visitor for all of them, so a client that makes up cookies counts once."""
    name = visitors.visitor()[0]
    return "v-" + hashlib.sha256(name.encode()).hexdigest()[:32]


def vote(question: str, choice: object) -> int:
    """A predict-first answer, counted for the class this session joined -> the round it counts in, or 0
    (no class, the teacher's own answer, a closed round), or ``FULL`` (this network address has brought
    as many voters as the class allows: said on the banner)."""
    code = joined()
    if not code or teaching() or not isinstance(choice, str) or not CHOICE.fullmatch(choice):
        return 0
    counted = class_store().answer(code, question, _voter(), choice, place=visitors.client_address())
    if counted == FULL:
        st.session_state[PLACE_FULL] = class_store().voters_per_place(code)
    return counted


@dataclass(frozen=True)
class Held:
    """A question as the class holds it for this session: where it stands and this browser's votes."""

    asked: Asked
    mine: dict[int, str]
    teacher: bool

    @property
    def counted(self) -> bool:
        return self.asked.round in self.mine


def asking(question: str) -> bool:
    """Whether the class this session joined is asking ``question`` now."""
    code = joined()
    return bool(code) and shared_state(code)[1].asking == question


def follow_rounds(question: str, follows: bool) -> None:
    """Say whether ``question``'s box follows the class's rounds by itself (the banner then leaves them to it)."""
    if follows:
        st.session_state[FOLLOWS] = question
    elif st.session_state.get(FOLLOWS) == question:
        del st.session_state[FOLLOWS]


def held(question: str) -> Held | None:
    """None outside a class (the page shows its answer as always); else the question's state in it."""
    code = joined()
    if not code:
        return None
    is_open, view, _ = shared_state(code)
    if not is_open:
        return None
    st.session_state.setdefault(SEEN, {})[question] = view.of(question)
    mine = {} if teaching() else class_store().votes_of(code, question, _voter())
    return Held(view.of(question), mine, teaching())


# --- the banner on every page -------------------------------------------------------------------------
def page_link(lesson, code: str) -> str:
    """The relative address that opens ``lesson``'s page at its question, in the class."""
    path = "./" if lesson.default else f"./{lesson.url_path}"
    return f"{path}?{CLASS_KEY}={code}&lang={lang()}#{QUESTION_ANCHOR}"


def _refused() -> None:
    code = st.session_state.get(REFUSED)
    message = tr("class.unknown", code=code) if code else tr("class.mistyped")
    with st.container(key="class_refused"):
        st.warning(message, icon=":material/error:")
        if st.button(tr("class.refused_ok"), key="class_refused_ok"):
            st.session_state.pop(REFUSED, None)
            st.rerun()


def _status(asked: Asked, mine: dict[int, str], teacher: bool) -> str:
    if asked.revealed:
        return tr("class.status.revealed")
    if teacher:
        return tr("class.status.teacher", round=asked.round)
    if asked.round in mine:
        return tr("class.status.counted", round=asked.round)
    if asked.round == 2 and 1 in mine:
        return tr("class.status.again")
    return tr("class.status.open", round=asked.round)


def _banner_body(code: str, page_question: str | None) -> None:
    is_open, view, _ = shared_state(code)
    if not is_open:
        leave()
        st.session_state[ENDED_NOTE] = code
        st.rerun(scope="app")  # the address drops the class; the page is no longer held for it
    seen = st.session_state.setdefault(SEEN, {})
    if page_question and (before := seen.setdefault(page_question, view.of(page_question))) != view.of(page_question):
        now = seen[page_question] = view.of(page_question)
        # the teacher opened a round or revealed: the page's question changed. A new round only changes the
        # question's box, which follows the rounds itself when the class asks it; a reveal opens the page.
        if not (st.session_state.get(FOLLOWS) == page_question and not before.revealed and not now.revealed):
            st.rerun(scope="app")
    teacher = teaching()
    with st.container(border=True, key="class_banner"):
        who = tr("class.banner.teacher" if teacher else "class.banner.student", code=code)
        st.markdown(f":material/groups: {who}")
        if view.asking in lessons.challenges():
            _challenge_banner(code, view, teacher)
            return
        if view.asking not in lessons.questions():
            st.caption(tr("class.banner.waiting"))
            return
        lesson = lessons.questions()[view.asking]
        mine = {} if teacher else class_store().votes_of(code, view.asking, _voter())
        title, stem = tr(lesson.title_key), lessons.module(lesson, "question").text()
        go = "" if view.asking == page_question else (  # the same tab: a phone keeps one
            f' · <a href="{escape(page_link(lesson, code))}" target="_self">{escape(tr("class.banner.open"))}</a>')
        st.markdown(tr("class.banner.asking", page=title) + go, unsafe_allow_html=True)
        st.caption(stem)
        st.markdown(f"**{_status(view.of(view.asking), mine, teacher)}**")  # a vote not counted: said in the box


def _challenge_banner(code: str, view: ClassView, teacher: bool) -> None:
    """The class's task is a challenge (issue 53): which, a link to its box, and whether this solve counted."""
    challenge, lesson = lessons.challenges()[view.asking]
    path = "./" if lesson.default else f"./{lesson.url_path}"
    address = f"{path}?{CLASS_KEY}={code}&lang={lang()}#{challenge.anchor}"
    go = f' · <a href="{escape(address)}" target="_self">{escape(tr("class.banner.open_challenge"))}</a>'
    st.markdown(tr("class.banner.challenge", page=tr(lesson.title_key), title=tr(challenge.key("title"))) + go,
                unsafe_allow_html=True)
    asked = view.of(view.asking)
    if asked.revealed:
        st.markdown(f"**{tr('class.status.solution_shown')}**")
    elif not teacher:
        done = bool(class_store().votes_of(code, view.asking, _voter()))
        if not done and view.asking in st.session_state.get(SOLVED_CHALLENGES, {}):  # solved before it was set
            done = vote(view.asking, SOLVED) > 0
        st.markdown(f"**{tr('class.status.solved' if done else 'class.status.solve')}**")


@st.fragment(run_every=STUDENT_POLL_S)
def _banner(code: str, page_question: str | None) -> None:
    # paced and charged like any run, but no address flush (``fair.fragment`` does one): in a full run
    # the banner comes before the page has read its link; a rerun sooner than a poll's gap waits
    space_out("class_banner", BANNER_GAP_S)
    with paced_run():
        _banner_body(code, page_question)


def banner(page_question: str | None) -> None:
    """At the top of every page: a refused class link's message, the end of the class, or the class's
    banner (polled)."""
    if REFUSED in st.session_state:
        _refused()
    if ended := st.session_state.pop(ENDED_NOTE, None):
        st.info(tr("class.ended_banner", code=ended), icon=":material/event_busy:")
    if joined():
        _banner(joined(), page_question)


def _ask(question: str) -> None:
    with contextlib.suppress(NotTeacher):
        class_store().ask(joined(), st.session_state.get(TEACHER), question)


def ask_button(question: str, key: str) -> None:
    """For the teacher of a class (the run-sheet's current step): put the class on ``question``."""
    if not teaching():
        return
    if class_store().view(joined()).asking == question:
        st.caption(tr("class.asking_this"))
    else:
        st.button(tr("class.ask_this"), key=key, icon=":material/campaign:", on_click=_ask, args=(question,))

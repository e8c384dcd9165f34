"""A challenge's box on its page (issue 53): the task, a Check that runs the page's own computation on
the page's controls as they are, a hint after a failed check, and the worked solution behind one more
click (with a button that puts its values into the page's controls).

What a student solved is kept in their session only (Home lists it); in a class, a solve is counted
for the class like a vote, under the challenge's name, and nothing else is stored. A check is paid
like every run (the box is a paced fragment) and a visitor has at most one check in flight: a second
tab's Check waits for the first to finish, with a word.
"""

from __future__ import annotations

import threading

import streamlit as st

from playground import lessons
from playground.app import classroom
from playground.app.fair import fragment, visitor
from playground.app.language import tr
from playground.app.shared import checkpoint_error, shipped_model
from playground.app.store import renew_editors, store, stored, url_follows
from playground.app.widgets import input_error
from playground.core.challenges import SOLVED, Challenge, Verdict
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError

SOLVED_IN_SESSION = "_challenges_solved"  # session: the names solved, in the order they were solved
VERDICTS = "_challenge_verdicts"  # session: name -> the last check's verdict
SHOWN = "_challenge_solution_shown"  # session: the names whose worked solution is open
_in_flight: set[str] = set()  # visitors with a check running now
_lock = threading.Lock()


def solved() -> list[str]:
    """The challenges this session has solved, in order (Home lists them)."""
    return list(st.session_state.get(SOLVED_IN_SESSION, {}))


def _claim(who: str) -> bool:
    with _lock:
        if who in _in_flight:
            return False
        _in_flight.add(who)
        return True


def _release(who: str) -> None:
    with _lock:
        _in_flight.discard(who)


def run_check(challenge: Challenge) -> Verdict | None:
    """The check on the page's controls as they are -> its verdict, or None after saying why there is
    none (another check of this visitor's is running; the controls hold something unusable)."""
    who = visitor()
    if not _claim(who):
        st.warning(tr("challenge.busy"), icon=":material/hourglass_top:")
        return None
    try:
        return challenge.judge(stored, shipped_model)
    except InputError as exc:
        input_error(exc)
    except CheckpointError as exc:
        checkpoint_error(exc)
    finally:
        _release(who)
    return None


def _record(challenge: Challenge, verdict: Verdict) -> None:
    st.session_state.setdefault(VERDICTS, {})[challenge.name] = verdict
    if verdict.solved:
        st.session_state.setdefault(SOLVED_IN_SESSION, {})[challenge.name] = True
        classroom.vote(challenge.name, SOLVED)  # in a class: counted, anonymously, like a vote


def use_solution(challenge: Challenge) -> None:
    """Put the worked solution's values into the page's store; its controls show them on the next run."""
    for setting, value in challenge.solution:  # kept as given, even one equal to a declared default: a page's
        store()[setting.key] = value           # run-time default (the reader's language) may differ from it
    url_follows()
    for prefix in {setting.key.split("_")[0] for setting, _ in challenge.solution}:  # as ``store.editor`` names them
        renew_editors(prefix)


def _verdict(challenge: Challenge, verdict: Verdict) -> None:
    said = tr(verdict.said, **verdict.fields)
    if verdict.solved:
        st.success(f"{tr('challenge.done')} {said}", icon=":material/task_alt:")
        return
    st.warning(f"{tr('challenge.not_yet')} {said}", icon=":material/flag:")
    st.info(f"**{tr('challenge.hint')}** {tr(challenge.key('hint'))}", icon=":material/lightbulb:")


def _solution(challenge: Challenge) -> None:
    st.markdown(f"**{tr('challenge.solution')}**")
    st.markdown(tr(challenge.key("solution")))
    if st.button(tr("challenge.use"), key=f"{challenge.name}_use", icon=":material/input:", help=tr("challenge.use_help")):
        use_solution(challenge)
        st.rerun(scope="app")  # the page's controls are drawn outside this box


def _show_solution(name: str) -> None:
    st.session_state.setdefault(SHOWN, set()).add(name)


@fragment
def challenge_box(challenge: Challenge) -> None:
    """The box, where the page draws it (after the controls the task uses)."""
    name = challenge.name
    with st.container(border=True, key=f"challenge_{name}"):
        st.subheader(f":material/flag: {tr('challenge.label')} · {tr(challenge.key('title'))}", anchor=challenge.anchor)
        st.markdown(tr(challenge.key("task")))
        if name in st.session_state.get(SOLVED_IN_SESSION, {}):
            st.caption(tr("challenge.solved_before"))
        buttons = st.container(horizontal=True)
        if buttons.button(tr("challenge.check"), key=f"{name}_check", type="primary", icon=":material/fact_check:"):
            verdict = run_check(challenge)
            if verdict is not None:
                _record(challenge, verdict)
        verdict = st.session_state.get(VERDICTS, {}).get(name)
        shown = name in st.session_state.get(SHOWN, set())
        if verdict is not None and not shown:  # the hint came first: the solution is one more click
            buttons.button(tr("challenge.show_solution"), key=f"{name}_show", icon=":material/visibility:",
                           on_click=_show_solution, args=(name,))
        if verdict is not None:
            _verdict(challenge, verdict)
        if shown:
            _solution(challenge)


def page_challenges(key: str) -> None:
    """Every challenge of lesson ``key``, one box after the other."""
    for challenge in lessons.challenges_of(key):
        challenge_box(challenge)


def solved_list() -> None:
    """Home's short list of the challenges this session solved, each a link to its page."""
    found = lessons.challenges()
    done = [name for name in solved() if name in found]
    st.markdown(tr("challenge.home.count", solved=len(done), total=len(found)))
    for name in done:
        challenge, lesson = found[name]
        path = "./" if lesson.default else f"./{lesson.url_path}"
        st.markdown(f"- :material/task_alt: [{tr(challenge.key('title'))}]({path}#{challenge.anchor}) · "
                    f"{tr(lesson.title_key)}")


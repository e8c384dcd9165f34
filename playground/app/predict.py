""""Predict first" (issue 26): before a page's main lab, one question from the lectures. The student
picks an answer; only then is the result revealed, computed there and then by the page's own
function or shipped model, with whether the guess matched and a sentence or two of explanation.

The answer is a declared setting of the page (``<prefix>_guess``, default "" = unanswered), so it
lives in the session's page-state store and in the link: a link without it opens the question
unanswered (for a class discussion), one with it opens it answered. Nothing is graded or kept on
the server beyond the session's store.

Predict first means first (issue 33): until the student answers, or chooses to see the answer
without guessing (``SKIPPED``), whatever on the page would give the answer away sits in
``until_answered``: a collapsed section that says why. Answering (or asking again) reruns the
whole page, so that section opens (or closes) at once; a vote in a class, which opens nothing until the
teacher reveals, reruns only the box.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import streamlit as st

from playground.app import classroom
from playground.app.fair import act_now, paced_run, space_out
from playground.app.language import tr
from playground.app.shared import checkpoint_error
from playground.app.store import UNANSWERED, answer, remember, stored
from playground.app.widgets import input_error
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError
from playground.core.settings import SKIPPED, Setting

WHOLE_PAGE = "_predict_whole_page"  # set by an answer: the question's section reruns the whole page


@dataclass(frozen=True)
class Reveal:
    """What the live computation says: the option codes it makes right, the result (markdown, its
    numbers computed on the spot) and one or two sentences of explanation."""

    correct: frozenset[str]
    result: str
    explanation: str


def answered(setting: Setting) -> bool:
    """True once the student has answered ``setting``'s question or chosen to see the answer; in a class,
    once the teacher revealed it (a vote is a vote: nobody sees the answer before the class has voted)."""
    held = classroom.held(setting.key)
    if held is not None:
        return held.asked.revealed
    return stored(setting) in setting.options and stored(setting) != UNANSWERED


@contextmanager
def until_answered(setting: Setting) -> Iterator[None]:
    """What is drawn inside gives the answer away: collapsed, saying why, until ``answered``."""
    if answered(setting):
        yield
        return
    with st.expander(tr("predict.hidden"), icon=":material/visibility_off:"):
        yield


def _whole_page() -> None:
    st.session_state[WHOLE_PAGE] = True


def _answered_now(setting: Setting) -> None:
    """A pick: the class this session joined counts it (``classroom``), and the whole page reruns, unless
    the pick is a vote on the class's open question: that opens nothing on the page before the teacher
    reveals, so only the box reruns (issue 51: a class of 100 voting on the gradients lesson's question
    reran its whole lab 100 times, twice a round)."""
    held = classroom.held(setting.key)
    if held is None or held.asked.revealed:
        _whole_page()
    classroom.vote(setting.key, stored(setting))


def _vote_again(setting: Setting, guess: str) -> None:
    act_now()  # the student's own click in the box, which otherwise spaces its looks at the class
    classroom.vote(setting.key, guess)


def _in_class(setting: Setting, guess: str, options: dict[str, str], held: classroom.Held) -> None:
    """Before the teacher reveals: whether this answer is counted, and in round 2 the way to keep it."""
    round_ = held.asked.round
    if held.teacher:
        st.caption(tr("class.note.teacher"))
    elif held.counted:
        st.success(tr("class.status.counted", round=round_), icon=":material/how_to_vote:")
    elif not held.mine and (allowed := st.session_state.get(classroom.PLACE_FULL)):  # said where the vote was cast
        st.warning(tr("class.place_full", n=allowed), icon=":material/group_off:")
    elif round_ == 2 and guess in options:
        st.info(tr("class.status.again"), icon=":material/forum:")
        st.button(tr("class.keep", answer=options[guess]), key=f"{setting.key}_keep", on_click=_vote_again,
                  args=(setting, guess), icon=":material/how_to_vote:")
    else:
        st.caption(tr("class.status.open", round=round_))
    st.caption(tr("class.note.wait"))


@st.fragment(run_every=classroom.STUDENT_POLL_S)
def _class_box(setting: Setting, guess: str, options: dict[str, str]) -> None:
    """The box while the class asks its question: it looks at the class itself (as the banner does), so
    a new round redraws only the box; the reveal, or the end of the class, reruns the whole page, which
    then shows the answer (issue 51: when round 2 opened, every student's page reran, the gradients
    lesson's whole lab, and the answers given meanwhile waited up to a second)."""
    classroom.follow_rounds(setting.key, True)
    space_out(f"{setting.key}_class_box", classroom.BANNER_GAP_S)
    with paced_run():
        held = classroom.held(setting.key)
        if held is None or held.asked.revealed:
            st.rerun(scope="app")
        _in_class(setting, guess, options, held)


def _skip(setting: Setting) -> None:
    remember(setting, SKIPPED)
    st.session_state[WHOLE_PAGE] = True


def _ask_again(setting: Setting) -> None:
    remember(setting, UNANSWERED)
    st.session_state[setting.key] = None
    st.session_state[WHOLE_PAGE] = True


def _verdict(guess: str, shown: Reveal, options: dict[str, str]) -> None:
    """Right, or the right answer (none when the student skipped, or when nothing is right, e.g. a
    passage without a string: the result says why)."""
    if guess == SKIPPED or not shown.correct:
        if guess == SKIPPED and shown.correct:
            answers = tr("predict.or").join(options[c] for c in options if c in shown.correct)
            st.info(tr("predict.answer", answer=answers), icon=":material/lightbulb:")
        return
    if guess in shown.correct:
        st.success(tr("predict.right"), icon=":material/check_circle:")
    else:
        answers = tr("predict.or").join(options[c] for c in options if c in shown.correct)
        st.info(tr("predict.wrong", answer=answers), icon=":material/lightbulb:")


def predict_first(setting: Setting, question: str, options: dict[str, str], reveal: Callable[[], Reveal]) -> str:
    """Draw the question box -> the guess ("" while unanswered). ``options`` maps each answer's code
    (``setting``'s options other than "" and ``SKIPPED``) to its label; ``reveal`` is called only once
    there is a guess (or the student skipped), and computes the result live. Another answer may be
    picked after the reveal (nothing is graded); "Ask again" hides the result until a new answer."""
    if st.session_state.pop(WHOLE_PAGE, False):
        st.rerun()  # an answer changes what the page hides (``until_answered``), not only this box
    guess = stored(setting)
    guess = guess if guess in options or guess == SKIPPED else UNANSWERED
    held = classroom.held(setting.key)
    with st.container(border=True, key=f"{setting.key}_box"):
        # the id: a class banner's link and the run-sheet's land here (``classroom.page_link``); its margin keeps the
        # box's edge and first line below Streamlit's header bar (3.75rem) when the browser scrolls to it
        st.markdown(f'<span id="{classroom.QUESTION_ANCHOR}" style="scroll-margin-top: 5.5rem"></span>'
                    f'**:material/psychology_alt: {tr("predict.heading")}**', unsafe_allow_html=True)
        st.markdown(question)
        answer(setting, tr("predict.your_answer"), options, on_answer=lambda: _answered_now(setting),
               name=tr("predict.heading"))
        if held is not None and not held.asked.revealed:
            if classroom.asking(setting.key):
                _class_box(setting, guess, options)  # follows the rounds on its own
            else:
                classroom.follow_rounds(setting.key, False)
                _in_class(setting, guess, options, held)
            return guess
        if held is not None:  # revealed to the class: the answer for everyone, voted or not
            _revealed(setting, guess or SKIPPED, options, reveal)
            return guess
        if not guess:
            st.caption(tr("predict.pick"))
            st.button(tr("predict.skip"), key=f"{setting.key}_skip", on_click=_skip, args=(setting,),
                      icon=":material/visibility:", type="tertiary")
            return UNANSWERED
        _revealed(setting, guess, options, reveal)
        st.button(tr("predict.again"), key=f"{setting.key}_again", on_click=_ask_again, args=(setting,),
                  icon=":material/replay:")
    return guess


def _revealed(setting: Setting, guess: str, options: dict[str, str], reveal: Callable[[], Reveal]) -> None:
    try:
        shown = reveal()
    except InputError as exc:
        input_error(exc)
        return
    except CheckpointError as exc:
        checkpoint_error(exc)
        return
    with st.container(key=f"{setting.key}_reveal"):
        _verdict(guess, shown, options)
        st.markdown(shown.result)
        st.markdown(shown.explanation)


def options(prefix: str, codes: str = "abc") -> dict[str, str]:
    """A question's answers, ``{code: text}``, from the strings ``<prefix>.predict.<code>``."""
    return {code: tr(f"{prefix}.predict.{code}") for code in codes}

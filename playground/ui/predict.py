""""Predict first" (issue 26): before a page's main lab, one question from the lectures. The student
picks an answer; only then is the result revealed, computed there and then by the page's own
function or shipped model, with whether the guess matched and a sentence or two of explanation.

The answer is a declared setting of the page (``<prefix>_guess``, default "" = unanswered), so it
lives in the session's page-state store and in the link: a link without it opens the question
unanswered (for a class discussion), one with it opens it answered. Nothing is graded or kept on
the server beyond the session's store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from playground.checkpoints import CheckpointError
from playground.errors import InputError
from playground.state import Setting
from playground.ui.language import tr
from playground.ui.models import checkpoint_error
from playground.ui.url_state import announce, remember, stored, write_url
from playground.ui.widgets import input_error

UNANSWERED = ""  # every guess setting's default: no answer picked yet


@dataclass(frozen=True)
class Reveal:
    """What the live computation says: the option codes it makes right, the result (markdown, its
    numbers computed on the spot) and one or two sentences of explanation."""

    correct: frozenset[str]
    result: str
    explanation: str


def guess_setting(key: str, codes: tuple[str, ...] = ("a", "b", "c")) -> Setting:
    """A page's guess: one of ``codes``, or "" while unanswered (the default, never in a link)."""
    return Setting(key, UNANSWERED, options=(UNANSWERED, *codes))


def _answered(setting: Setting) -> None:
    value = st.session_state.get(setting.key)
    remember(setting, UNANSWERED if value is None else value)


def _ask_again(setting: Setting) -> None:
    remember(setting, UNANSWERED)
    st.session_state[setting.key] = None


def predict_first(setting: Setting, question: str, options: dict[str, str], reveal: Callable[[], Reveal]) -> str:
    """Draw the question box -> the guess ("" while unanswered). ``options`` maps each answer's code
    (``setting``'s options other than "") to its label; ``reveal`` is called only once there is a
    guess, and computes the result live. Another answer may be picked after the reveal (nothing is
    graded); "Ask again" hides the result until a new answer is picked."""
    guess = stored(setting)
    guess = guess if guess in options else UNANSWERED
    with st.container(border=True, key=f"{setting.key}_box"):
        st.markdown(f"**:material/psychology_alt: {tr('predict.heading')}**")
        st.markdown(question)
        want = guess or None  # the radio shows no choice while unanswered
        if setting.key not in st.session_state or st.session_state[setting.key] != want:
            st.session_state[setting.key] = want
        announce(setting.key, tr("predict.heading"))
        st.radio(tr("predict.your_answer"), list(options), format_func=options.get, key=setting.key,
                 on_change=_answered, args=(setting,))
        write_url()
        if not guess:
            st.caption(tr("predict.pick"))
            return UNANSWERED
        try:
            shown = reveal()
        except InputError as exc:
            input_error(exc)
            shown = None
        except CheckpointError as exc:
            checkpoint_error(exc)
            shown = None
        if shown is not None:
            with st.container(key=f"{setting.key}_reveal"):
                # (no right answer: nothing to compare with, e.g. a passage without a string; the result says why)
                if guess in shown.correct:
                    st.success(tr("predict.right"), icon=":material/check_circle:")
                elif shown.correct:
                    answers = tr("predict.or").join(options[c] for c in options if c in shown.correct)
                    st.info(tr("predict.wrong", answer=answers), icon=":material/lightbulb:")
                st.markdown(shown.result)
                st.markdown(shown.explanation)
        st.button(tr("predict.again"), key=f"{setting.key}_again", on_click=_ask_again, args=(setting,),
                  icon=":material/replay:")
    return guess

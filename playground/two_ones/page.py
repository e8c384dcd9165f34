"""Two consecutive 1s: the lecture's hand-built RNN, its weights, an exhaustive check, and training."""

from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st

from playground.app import (
    checkpoint_error,
    fragment,
    halt,
    how_we_know,
    input_error,
    job_panel,
    matrix_editor,
    page_challenges,
    session_jobs,
    shipped_model,
    tr,
    until_answered,
)
from playground.app.background import start_button, start_job
from playground.app.player import frame_player, frame_window, window_note
from playground.app.store import (
    KEEP,
    announce,
    choice,
    editor,
    narrowed,
    number,
    remember,
    renew_editors,
    select,
    slider,
    stored,
    text,
    toggle,
)
from playground.core import formatting as fmt
from playground.core import identity
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError
from playground.core.jobs import TINY
from playground.drawing import diagrams
from playground.two_ones import model as two_ones
from playground.two_ones import question
from playground.two_ones import settings as state


def _randomise() -> None:
    remember(state.BITS, " ".join(two_ones.random_bits(stored(state.RAND_LEN))))


def _load_counterexample(example: str) -> None:
    remember(state.BITS, " ".join(example))


def _reset_weights() -> None:
    remember(state.WEIGHTS, None)
    renew_editors(state.STATE.prefix)


def _weight_editors(start: two_ones.Weights, base: two_ones.Weights, key: str):
    """The four grids and two choices of the edited weights, drawn from ``start`` -> the weights
    they show (None: the construction itself), or KEEP after saying why they are not weights."""
    cols = st.columns([1, 3, 3, 1])
    arrays = {
        "w_xh": matrix_editor("$W_{xh}$", start.w_xh, f"{key}-w_xh", cols[0]),
        "w_hh": matrix_editor("$W_{hh}$", start.w_hh, f"{key}-w_hh", cols[1]),
        "w_hy": matrix_editor("$W_{hy}$", start.w_hy, f"{key}-w_hy", cols[2]),
        "h0": matrix_editor("$h_0$", start.h0[:, None], f"{key}-h0", cols[3])[:, 0],
    }
    a1, a2, a3 = st.columns([2, 2, 1], vertical_alignment="bottom")
    activation = a1.selectbox(tr("two.weights.activation"), two_ones.ACTIVATIONS, key=f"{key}-act",
                              index=two_ones.ACTIVATIONS.index(start.activation), format_func=lambda a: tr(f"two.act.{a}"))
    output = a2.selectbox(tr("two.weights.output"), two_ones.OUTPUTS, key=f"{key}-out",
                          index=two_ones.OUTPUTS.index(start.output), format_func=lambda o: tr(f"two.output.{o}"))
    a3.button(tr("two.weights.reset"), key="ones_reset_weights", on_click=_reset_weights, icon=":material/restart_alt:")
    try:
        weights = two_ones.Weights(**arrays, activation=activation, output=output)
    except InputError as exc:  # a half-typed grid (an emptied cell): the last good weights stay in the link
        input_error(exc)
        return KEEP
    changed = (activation, output) != (base.activation, base.output) or any(
        not np.array_equal(value, getattr(base, name)) for name, value in arrays.items())
    return weights if changed else None


st.title(tr("two.title"))
st.markdown(tr("two.intro"))
question.ask(state.GUESS)  # predict first (issue 26)

# --- 1. the input -------------------------------------------------------------------------------
st.header(tr("two.input.header"))


def _bits_input() -> list[int] | None:
    """The bits to run (the lecture's example when the box is emptied), or None after saying why not."""
    c_text, c_len, c_button = st.columns([5, 3, 2], vertical_alignment="bottom")
    bits_text = text(state.BITS, tr("two.input.bits"), c_text, limit=tr("two.input.limit", bits=two_ones.MAX_STEPS))
    slider(state.RAND_LEN, tr("two.input.length"), c_len)
    c_button.button(tr("two.input.random"), key="ones_random", on_click=_randomise, icon=":material/casino:")
    try:
        bits = two_ones.parse_bits(bits_text)
    except InputError as exc:
        input_error(exc)
        return None
    if bits == []:
        st.info(tr("two.input.empty"))
        bits = two_ones.parse_bits(two_ones.LECTURE_EXAMPLE)
    return bits


def _weights_section():
    """Section 2: the lecture's construction, or your own edits -> (construction, its weights, the
    weights in use: None while an edited cell is not a number)."""
    st.header(tr("two.weights.header"), anchor="ones-weights")
    construction = choice(state.CONSTRUCTION, tr("two.weights.construction"),
                          format_func=lambda c: tr(f"two.construction.{c}"), on_change=_reset_weights)
    base = two_ones.CONSTRUCTIONS[construction]()
    st.markdown(tr("two.weights.reading_tanh" if construction == "tanh" else "two.weights.reading"))
    if construction == "tanh":
        st.markdown(tr("two.weights.tanh_note"))
    # edited weights are one structured setting (in the link too); a link with weights opens them for editing
    editing = toggle(replace(state.EDIT, default=stored(state.WEIGHTS) is not None), tr("two.weights.edit"))
    if not editing:
        remember(state.WEIGHTS, None)  # the screen shows the construction, and so does the link
        announce(state.WEIGHTS.key, tr("two.weights.edit"))
        weights = base
    else:
        edited = editor(state.WEIGHTS, tr("two.weights.edit"), lambda start, key: _weight_editors(start or base, base, key))
        weights = None if edited is KEEP else edited or base
        if edited is not None and edited is not KEEP:
            st.caption(tr("two.weights.edited"))
    st.latex(two_ones.formula_latex(weights or base))  # the rule these matrices are used with
    st.latex(fmt.latex_row(*(fmt.latex_matrix(name, getattr(weights or base, attr)) for name, attr in
                             (("W_{xh}", "w_xh"), ("W_{hh}", "w_hh"), ("W_{hy}", "w_hy"), ("h_0^\\top", "h0")))))
    return construction, base, weights


def _step_table(table: pd.DataFrame) -> None:
    """Section 3: every step's numbers, and the steps whose numbers overflowed."""
    st.header(tr("two.table.header"))
    shown = pd.DataFrame({
        tr("two.col.t"): table["t"], tr("two.col.x"): table["x"],
        tr("two.col.wx"): table["input_term"].map(fmt.vector), tr("two.col.wh"): table["recurrent_term"].map(fmt.vector),
        tr("two.col.z"): table["z"].map(fmt.vector),
        tr("two.col.h"): [fmt.vector(r) for r in table[["current", "previous", "bias"]].to_numpy()],
        tr("two.col.y"): table["y"].map(fmt.number), tr("two.col.target"): table["target"],
        tr("two.col.mark"): table["correct"].map({True: "✓", False: "✗"}),
    })
    st.dataframe(shown, hide_index=True, width="stretch", height=min(38 + 35 * len(shown), 420))
    st.caption(tr("two.table.decision"))
    overflow = table.loc[~np.isfinite(table[["current", "previous", "bias", "y"]]).all(axis=1), "t"].tolist()
    if overflow:
        st.warning(tr("two.table.overflow", steps=", ".join(map(str, overflow[:10]))), icon=":material/warning:")


def _exhaustive_check(weights) -> None:
    st.subheader(tr("two.check.header"))
    counterexample = two_ones.verify(weights)
    if counterexample is None:
        st.success(tr("two.check.ok", count=two_ones.count_strings(10)), icon=":material/verified:")
    else:
        st.error(tr("two.check.fail", example=counterexample, length=len(counterexample)))
        st.button(tr("two.check.load"), key="ones_load", on_click=_load_counterexample, args=(counterexample,))


def _unrolled_steps(table: pd.DataFrame) -> None:
    """Section 4: step through the unrolled graph."""
    st.header(tr("two.steps.header"), anchor="ones-steps")
    # the declared range is the widest; this slider only goes as far as the sequence
    t = slider(narrowed(state.T, high=len(table)), tr("two.steps.slider")) if len(table) > 1 else 1
    steps = [
        {"t": int(r.t), "x": int(r.x), "h": (r.current, r.previous, r.bias), "y": r.y, "target": int(r.target),
         "correct": bool(r.correct), "input_term": r.input_term, "recurrent_term": r.recurrent_term}
        for r in table.itertuples()
    ]
    shown = frame_window(len(steps), t - 1)  # each frame: steps t-1, t and t+1, as the caption says
    frame_player([diagrams.vector_steps_svg(steps[max(i - 1, 0): i + 2], focus=i + 1,
                                            labels={"target": tr("two.steps.target")}) for i in shown],
                 [tr("two.steps.frame", t=i + 1, n=len(steps)) for i in shown], t - 1 - shown.start, "ones_steps")
    window_note(shown, len(steps))
    st.caption(tr("two.steps.caption"))


def _truth_table(construction: str, base, weights) -> None:
    lecture = construction == "relu" and weights is base  # the lecture's own check, or the four cases of these weights
    st.subheader(tr("two.truth.header" if lecture else "two.truth.header_other"), anchor="ones-truth")
    truth = two_ones.truth_table(weights or base)
    terms = two_ones.readout_terms(weights or base, (tr("two.truth.current"), tr("two.truth.previous")))
    st.dataframe(pd.DataFrame({
        tr("two.truth.previous"): truth["previous"], tr("two.truth.current"): truth["current"],
        tr("two.truth.sum", terms=terms): truth["w_hy_h"].map(fmt.number), tr("two.col.y"): truth["y"].map(fmt.number),
        tr("two.col.target"): truth["target"],
    }), hide_index=True)


@fragment
def hand_built_network() -> None:
    """The bits, the construction and the edited weights feed the step table and the truth table:
    they rerun together, and only they."""
    bits = _bits_input()
    construction, base, weights = _weights_section()
    if bits and weights is not None:
        table = two_ones.run(bits, weights)
        _step_table(table)
        _exhaustive_check(weights)
        _unrolled_steps(table)
    _truth_table(construction, base, weights)


with until_answered(state.GUESS):  # the lecture's sequence, run step by step, answers the question (issue 33)
    st.markdown(tr("two.input.lecture"))
    hand_built_network()


page_challenges("two_ones")  # weights of your own for other questions (issue 53)

@st.cache_data(show_spinner=False, max_entries=4)
def _shipped_readings(name: str, _model) -> dict:
    """What the page reads of the shipped model (its exhaustive accuracy, each unit's role, the note's
    figures), once for every visitor: the same on every run (issue 51: a third of the page's run)."""
    return {"accuracy": two_ones.exhaustive_accuracy(_model), "roles": two_ones.unit_roles(_model),
            "note": two_ones.note_figures(_model)}


# --- 5. learn it from scratch ----------------------------------------------------------------------
st.header(tr("two.train.header"), anchor="ones-train")
st.markdown(tr("two.train.intro"))
# not a form: what a student sets is kept (and in the link) before the button is pressed (issue 33)
with st.container(border=True):
    f1, f2, f3, f4, f5 = st.columns(5)
    hidden = slider(state.TRAIN_HIDDEN, tr("two.train.hidden"), f1)
    train_activation = choice(state.TRAIN_ACTIVATION, tr("two.train.activation"), f2.selectbox,
                              format_func=lambda a: tr(f"two.act.{a}"))
    lr = select(state.TRAIN_LR, tr("two.train.lr"), f3)
    steps = slider(state.TRAIN_STEPS, tr("two.train.steps"), f4)
    seed = number(state.TRAIN_SEED, tr("two.train.seed"), f5)
    if start_button(tr("two.train.start"), "ones_train_start"):
        settings = two_ones.TrainSettings(hidden=hidden, activation=train_activation, lr=lr, steps=steps, seed=int(seed))
        start_job("two_ones", "two-ones", lambda report, stop: two_ones.train(settings, report, stop), lane=TINY,
                  estimate_s=settings.estimate_s())
job_panel("two_ones")

job = session_jobs().get("two_ones")
outcome = job.result if job is not None and job.finished and job.result is not None else None
if outcome is not None:
    st.markdown(tr("two.train.yours"))
    if outcome.status == "diverged":
        st.warning(tr("two.train.diverged"), icon=":material/warning:")
    model, accuracy, seconds, readings = outcome.model, outcome.accuracy, outcome.seconds, None
else:
    try:
        model = shipped_model(two_ones.SHIPPED_MODEL, two_ones)
    except CheckpointError as exc:
        checkpoint_error(exc)
        halt()
    st.markdown(tr("two.train.shipped"))
    readings = _shipped_readings(identity.of_card(model.card), model)
    accuracy, seconds = readings["accuracy"], model.card.training_seconds
m1, m2, m3 = st.columns(3)
m1.metric(tr("two.train.string_accuracy"), f"{accuracy['string_accuracy']:.2%}")
m2.metric(tr("two.train.step_accuracy"), f"{accuracy['step_accuracy']:.2%}")
m3.metric(tr("two.train.time"), f"{seconds:.2f} s")
learned, hand = two_ones.learned_weights(model), two_ones.lecture_weights()
c_hand, c_learned = st.columns([2, 3])
c_hand.markdown(f"**{tr('two.train.hand')}**")
c_hand.latex(fmt.latex_row(fmt.latex_matrix("W_{xh}", hand.w_xh), fmt.latex_matrix("W_{hh}", hand.w_hh)))
c_hand.latex(fmt.latex_matrix("W_{hy}", hand.w_hy))
c_learned.markdown(f"**{tr('two.train.learned')}**")
c_learned.latex(fmt.latex_row(fmt.latex_matrix("W_{xh}", learned["W_xh"], 3),
                              fmt.latex_matrix("W_{hh}", learned["W_hh"], 3)))
c_learned.latex(fmt.latex_matrix("b_h^\\top", learned["b_h"], 3))
c_learned.latex(fmt.latex_row(fmt.latex_matrix("W_{hy}", learned["W_hy"], 3), fmt.latex_matrix("b_y", learned["b_y"], 3)))
st.markdown(f"**{tr('two.train.roles')}**")
roles = two_ones.unit_roles(model) if readings is None else readings["roles"]
shown_roles = {column: [f"{v:+.3f}" if varies else "—" for v, varies in zip(roles[column], roles["varies"], strict=True)]
               for column in ("corr_current", "corr_previous")}  # a constant unit has no correlation
st.dataframe(pd.DataFrame({tr("two.train.unit"): roles["unit"] + 1,  # units are counted from 1 on every page
                           tr("two.train.corr_current"): shown_roles["corr_current"],
                           tr("two.train.corr_previous"): shown_roles["corr_previous"]}),
             hide_index=True)
if not roles["varies"].all():
    st.caption(tr("two.train.undefined", units=", ".join(str(u + 1) for u in roles["unit"][~roles["varies"]])))
st.caption(tr("two.train.roles_note"))
try:  # the note is about the shipped model, the one every student sees first: it stays after a training run
    shipped = model if outcome is None else shipped_model(two_ones.SHIPPED_MODEL, two_ones)
except CheckpointError:
    shipped = None
if shipped is not None:
    how_we_know("two.how", whose="" if outcome is None else tr("two.how.shipped"),
                **_shipped_readings(identity.of_card(shipped.card), shipped)["note"])

st.header(tr("two.myths.header"))
st.markdown(tr("two.myths.body"))

"""LSTM and GRU cell lab: gates with numbers, the conveyor belt, parameter counts, shapes."""

from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st

from playground.app import (
    fragment,
    how_we_know,
    input_error,
    lang,
    page_challenges,
    shipped_model,
    show_svg,
    tr,
    until_answered,
)
from playground.app.player import frame_player, frame_window, window_note
from playground.app.store import KEEP, choice, narrowed, number, slider, text, toggle, vector
from playground.cell_lab import model as cell_lab
from playground.cell_lab import question
from playground.cell_lab import settings as state
from playground.core import formatting as fmt
from playground.core.cells import GATES, param_count
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError
from playground.drawing import charts, diagrams, strips
from playground.models import sentiment as sentiment_model

st.title(tr("lab.title"), anchor="lab-intro")
st.markdown(tr("lab.intro"))
st.latex(r"C_t=f_t\odot C_{t-1}+i_t\odot\widetilde C_t,\qquad h_t=o_t\odot\tanh(C_t)")

question.ask(state.GUESS)  # predict first (issue 26)

# --- 1. the lecture's scalar LSTM ----------------------------------------------------------------
st.header(tr("lab.scalar.header"), anchor="lab-scalar")


@fragment
def scalar_cell() -> None:
    """The five sliders rerun only this section."""
    cols = st.columns(5)
    values = {name: slider(setting, tr(f"lab.scalar.{name}"), cols[k])
              for k, (name, setting) in enumerate(state.SCALAR.items())}
    scalar = cell_lab.ScalarLSTM(**values)
    st.info(tr("lab.scalar.soft"), icon=":material/tune:")
    extremes = [v for name, v in values.items() if name in ("f", "i", "o") and v in (0.0, 1.0)]
    if extremes:
        st.caption(tr("lab.scalar.extreme", value=fmt.number(extremes[0])))
    # a negative factor in brackets (0 × (−1)); the two terms and their sum to as many decimals as the
    # most exact of them needs, at least two (0.72 + 0.10 = 0.82, as the lecture writes it)
    n = {k: fmt.number(v) if v >= 0 else f"({fmt.number(v)})" for k, v in values.items()}
    places = next((p for p in (2, 3) if all(abs(round(v, p) - v) < 1e-9 for v in (scalar.kept, scalar.written))), 4)
    kept, written, c = (f"{v + 0.0:.{places}f}" for v in (scalar.kept, scalar.written, scalar.c))  # + 0.0: no −0
    written = f"+({written})" if written.startswith("-") else f"+{written}"
    st.latex(rf"c_t=f_t c_{{t-1}}+i_t\widetilde c_t={n['f']}\times{n['c_prev']}+{n['i']}\times{n['c_tilde']}"
             rf"={kept}{written}={c}")
    st.latex(rf"h_t=o_t\tanh(c_t)={n['o']}\times\tanh({fmt.number(scalar.c)})={fmt.number(scalar.h)}")
    st.caption(tr("lab.scalar.added"))
    show_svg(diagrams.lstm_cell_svg({**values, "kept": scalar.kept, "written": scalar.written, "c": scalar.c, "h": scalar.h},
                               tr("lab.scalar.diagram")))


with until_answered(state.GUESS):  # the lecture's numbers, worked out, answer the question above (issue 33)
    st.markdown(tr("lab.scalar.intro"))
    scalar_cell()


# --- 2. one full step with vectors ---------------------------------------------------------------
st.header(tr("lab.step.header"), anchor="lab-step")
st.markdown(tr("lab.step.intro"))


@fragment
def one_step() -> None:
    """The cell, the seed and the vectors rerun only this section."""
    c_kind, c_seed = st.columns(2)
    with c_kind:
        kind = choice(state.CELL, tr("lab.step.cell"), format_func=lambda k: tr(f"lab.cell.{k}"))
    seed = number(state.SEED, tr("lab.step.seed"), c_seed)
    weights = cell_lab.seeded_cell(kind, d=3, m=2, seed=int(seed))
    e1, e2, e3 = st.columns(3)
    vectors = [vector(state.VEC_X, "$x_t$", e1), vector(state.VEC_H, "$h_{t-1}$", e2),
               vector(state.VEC_C, "$C_{t-1}$", e3) if kind == "lstm" else (0.0, 0.0)]
    if any(v is KEEP for v in vectors):
        input_error(InputError("bad_weight_value", name="x_t / h_(t−1) / C_(t−1)"))
    else:
        x, h_prev, c_prev = (np.asarray(v, dtype=np.float64) for v in vectors)
        out = cell_lab.one_step(weights, x, h_prev, c_prev)
        equations = cell_lab.lstm_equations(out, c_prev) if kind == "lstm" else cell_lab.gru_equations(out, h_prev)
        for equation in equations:
            st.latex(equation)
        if kind == "lstm":
            unit = choice(state.UNIT, tr("lab.step.unit"), widget=st.radio, format_func=lambda u: f"{u + 1}",
                          horizontal=True)
            show_svg(diagrams.lstm_cell_svg(cell_lab.scalar_cell_values(out, c_prev, unit), tr("lab.scalar.diagram")))
        else:
            st.markdown(tr("lab.step.gru_note"))
        with st.expander(tr("lab.step.weights")):
            symbols = {"f": "W_f", "i": "W_i", "c_tilde": r"W_C", "o": "W_o", "r": "W_r", "z": "W_z", "h_tilde": "W_h"}
            for gate, (matrix, bias) in cell_lab.gate_matrices(weights).items():
                st.latex(fmt.latex_row(fmt.latex_matrix(symbols[gate], matrix, 3), fmt.latex_matrix(
                    symbols[gate].replace("W", "b") + r"^\top", bias, 3), gap=r"\qquad"))


one_step()
page_challenges("cell_lab")  # a cell that holds for 50 steps; one input, two opposite gates (issue 53)


# --- 3. the conveyor belt over a sentence ----------------------------------------------------------
st.header(tr("lab.belt.header"), anchor="lab-belt")
st.markdown(tr("lab.belt.intro"))


def _belt_frame(belt, i: int, unit: str) -> str:
    """Step ``i`` (0-based) of the belt: where it stands in the sentence, and the first unit's cell
    with its numbers (the belt carries C from the step before; 0 before the first)."""
    step = belt.trace[i]
    values = {k: float(step[k][0]) for k in ("f", "i", "c_tilde", "o", "kept", "written", "c", "h")}
    values["c_prev"] = float(belt.trace[i - 1]["c"][0]) if i else 0.0
    where = tr("lab.belt.frame", t=i + 1, n=len(belt.tokens), token=belt.tokens[i])
    return (strips.token_row_html(belt.tokens, i, where)
            + diagrams.lstm_cell_svg(values, f"{tr('lab.scalar.diagram')} ({unit}, {where})"))


def _belt_of(sentence: str, bias: float):
    """The belt over ``sentence``: the shipped LSTM classifier's (for the sentence's language), or a
    seeded cell when it is missing -> (belt or None, the classifier or None)."""
    belt = trained = None
    try:
        trained = shipped_model(sentiment_model.model_name(sentiment_model.looks_like(sentence), "lstm"), sentiment_model)
        belt = cell_lab.conveyor_from_classifier(trained, sentence, forget_bias=bias)
        st.caption(tr("lab.belt.trained", language=tr(f"lab.lang.{trained.lang}")))
    except CheckpointError:
        st.caption(tr("lab.belt.seeded"))
    except InputError as exc:
        input_error(exc)
    if belt is None:
        try:
            belt = cell_lab.conveyor(sentence, forget_bias=bias)
        except InputError:
            belt = None
    return belt, trained


def _belt_views(belt) -> None:
    """The belt step by step (a player), C_t and f_t over the sentence, the gates at one step, and the
    gradient along the cell path beside the product of forget gates."""
    steps = len(belt.tokens)
    # the declared range is the widest; this slider only goes as far as the sentence
    t = slider(narrowed(state.T, high=steps, default=min(state.T.default, steps)), tr("lab.belt.t")) \
        if steps > 1 else 1
    chars, unit_name = belt.tokens, tr("lab.belt.unit")
    c_series, f_series = belt.series("c"), belt.series("f")
    units = range(c_series.shape[1])
    # each unit by its own number in the model (counted from 1), not by its place among those drawn
    names = [f"{unit_name} {u + 1}" for u in (belt.units or units)]
    # the belt along the sentence, one frame per step, played in the browser from the slider's step
    shown = frame_window(steps, t - 1)
    frame_player([_belt_frame(belt, i, names[0]) for i in shown],
                 [tr("lab.belt.frame", t=i + 1, n=steps, token=belt.tokens[i]) for i in shown],
                 t - 1 - shown.start, "lab_belt_play")
    window_note(shown, steps)
    st.caption(tr("lab.belt.play_note"))
    g1, g2 = st.columns(2)
    # drawn as SVG: three charts a new sentence redraws cost the browser more than the rest of the page
    show_svg(charts.sentence_chart_svg(chars, {names[u]: c_series[:, u] for u in units}, tr("lab.belt.cell_chart"),
                                       highlight=t - 1, fit_px=300), g1)
    show_svg(charts.sentence_chart_svg(chars, {names[u]: f_series[:, u] for u in units}, tr("lab.belt.forget_chart"),
                                       highlight=t - 1, fit_px=300), g2)
    step = belt.trace[t - 1]
    rows = (("f_t", "f"), ("i_t", "i"), ("c̃_t", "c_tilde"), ("o_t", "o"), ("C_t", "c"), ("h_t", "h"))
    # the gate column's header says which step the values are (an empty header tells a screen reader nothing)
    st.dataframe(pd.DataFrame({name: [fmt.number(v, 3) for v in step[key].tolist()] for name, key in rows},
                              index=names).T.rename_axis(f"t = {t}"))
    grad, product = belt.cell_path_gradient[:, 0], belt.forget_product[:, 0]
    show_svg(charts.sentence_chart_svg(chars, {tr("lab.belt.autograd"): grad, tr("lab.belt.product"): product},
                                       f"{tr('lab.belt.grad_chart')} ({names[0]})", log_y=True, highlight=t - 1,
                                       dashed=[tr("lab.belt.product")]))
    difference = float((belt.cell_path_gradient - belt.forget_product).abs().max())
    st.markdown(tr("lab.belt.match", diff=f"{difference:.1e}"))
    st.markdown(tr("lab.belt.resnet"))


@fragment
def conveyor_belt() -> None:
    """The sentence, the bias and the step rerun only this section."""
    b1, b2 = st.columns([3, 2])
    sentence = text(replace(state.TEXT, default=state.SENTENCES[lang()]), tr("lab.belt.text"), b1)
    bias = slider(state.BIAS, tr("lab.belt.bias"), b2)
    belt, trained = _belt_of(sentence, bias)
    if belt is not None:
        _belt_views(belt)
    if trained is not None and belt is not None and belt.units is not None:  # the drawing is the trained model's
        failure, truth = sentiment_model.KNOWN_FAILURES[trained.lang]
        how_we_know("lab.how", language=tr(f"lab.lang.{trained.lang}"),
                    test=f"{trained.card.metrics['test_accuracy']:.1%}", n_test=f"{trained.card.split['test']:,}",
                    failure=failure, truth=tr(f"lab.label.{truth}"),
                    p=f"{trained.predict(failure):.2f}", m=trained.model.rnn.hidden_size, shown=len(belt.units),
                    units=tr("lab.belt.units_joined").join(str(u + 1) for u in belt.units))


conveyor_belt()


# --- 4. parameter counts -----------------------------------------------------------------------------
st.header(tr("lab.params.header"), anchor="lab-params")
st.markdown(tr("lab.params.intro"))


def param_formula(gates: int, layers: int, bidirectional: bool) -> str:
    """Per layer and direction: layer 1 reads d inputs, the layers above read m (2m if bidirectional)."""
    first = f"{gates} × (m·d + m·m + 2m)"
    if layers == 1:
        return first
    upper = f"{gates} × (m·{'2m' if bidirectional else 'm'} + m·m + 2m)"
    return tr("lab.params.formula.join").join((tr("lab.params.formula.first", formula=first),
                                               tr("lab.params.formula.upper", formula=upper)))


@fragment
def parameter_counts() -> None:
    """The sizes rerun only this table."""
    p1, p2, p3, p4 = st.columns(4, vertical_alignment="bottom")
    d = number(state.D, tr("lab.params.d"), p1)
    m = number(state.M, tr("lab.params.m"), p2)
    layers = number(state.LAYERS, tr("lab.params.layers"), p3)
    bidirectional = toggle(state.BIDIRECTIONAL, tr("lab.params.bidirectional"), p4)
    counts = {cell: param_count(cell, int(d), int(m), int(layers), bidirectional) for cell in ("rnn", "gru", "lstm")}
    st.dataframe(pd.DataFrame({
        tr("lab.params.cell"): ["RNN", "GRU", "LSTM"],
        tr("lab.params.formula"): [param_formula(GATES[c], int(layers), bidirectional) for c in ("rnn", "gru", "lstm")],
        tr("lab.params.count"): [f"{counts[c]:,}" for c in ("rnn", "gru", "lstm")],
        tr("lab.params.ratio"): [f"{counts[c] / counts['rnn']:.2f}×" for c in ("rnn", "gru", "lstm")],
    }), hide_index=True)


parameter_counts()


# --- 5. shapes: bidirectional and stacked --------------------------------------------------------------
st.header(tr("lab.shapes.header"), anchor="lab-shapes")
st.markdown(tr("lab.shapes.bi"))


@fragment
def bidirectional_shape() -> None:
    """The width reruns only this line."""
    bi_hidden = slider(state.BI_HIDDEN, tr("lab.shapes.bi_hidden"))
    shape = cell_lab.bidirectional_shape(hidden=bi_hidden)
    st.success(tr("lab.shapes.bi_result", m=bi_hidden, out=shape["output"][-1]))


bidirectional_shape()

st.markdown(tr("lab.shapes.grid"))


@fragment
def layer_grid() -> None:
    """The grid and the picked cell rerun only the drawing."""
    s1, s2, s3, s4 = st.columns(4)
    grid_layers = slider(state.GRID_LAYERS, tr("lab.shapes.layers"), s1)
    grid_steps = slider(state.GRID_STEPS, tr("lab.shapes.steps"), s2)
    # a slider needs min < max: with one layer (or one step) there is nothing to pick; the last cell by default
    pick_layer = slider(narrowed(state.PICK_LAYER, high=grid_layers, default=grid_layers), tr("lab.shapes.pick_layer"),
                        s3) if grid_layers > 1 else 1
    pick_step = slider(narrowed(state.PICK_STEP, high=grid_steps, default=grid_steps), tr("lab.shapes.pick_step"),
                       s4) if grid_steps > 1 else 1
    cone = cell_lab.dependency_cone(grid_layers, grid_steps, pick_layer, pick_step)
    layer_names = [tr("lab.shapes.layer", n=layer) for layer in range(1, grid_layers + 1)]
    show_svg(diagrams.layer_grid_svg(grid_layers, grid_steps, (pick_layer, pick_step), cone, layer_names))
    st.caption(tr("lab.shapes.cone", layer=pick_layer, step=pick_step, count=len(cone), weights=pick_layer))


layer_grid()


st.header(tr("lab.myths.header"))
st.markdown(tr("lab.myths.body"))

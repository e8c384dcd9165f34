"""Vanishing and exploding gradients: a^k, a real RNN under autograd, the three cells, clipping,
truncated BPTT and the memory-span experiment."""

from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st

from playground.app import (
    CHART_CONFIG,
    busy,
    checkpoint_error,
    drawn_once,
    fragment,
    how_we_know,
    input_error,
    job_panel,
    page_challenges,
    session_jobs,
    shipped_model,
    tr,
    until_answered,
)
from playground.app.background import start_button, start_job
from playground.app.store import choice, number, select, slider
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError
from playground.core.jobs import TINY
from playground.drawing import figures, frames
from playground.gradients import experiments as gradients
from playground.gradients import memory_span, question
from playground.gradients import settings as state


@st.cache_data(show_spinner=False, max_entries=64)
def _run(cell: str, settings: gradients.LabSettings) -> gradients.GradientRun:
    return gradients.gradient_run(cell, settings)


@st.cache_data(show_spinner=False, max_entries=32)
def _clipping(clip: float | None, scale: float) -> dict:
    return gradients.clipping_run(clip, scale=scale)


@st.cache_data(show_spinner=False, max_entries=32)
def _tbptt(window: int | None) -> dict:
    return gradients.truncated_bptt(window=window)


def _flowing_back(chart):
    """``chart``'s curves revealed step by step from the last t back to the first, as the gradient flows
    back through time: at most 64 frames, played in the browser (no rerun a frame)."""
    words = {"play": tr("player.play"), "pause": tr("player.pause"), "frame": tr("grad.play.frame")}
    background = st.get_option("theme.backgroundColor") or "#FFFFFF"  # the cover is the page's colour
    return frames.revealed_backwards(chart, [str(x) for x in chart.data[0].x], words, background)[0]


@st.cache_data(show_spinner=False, max_entries=64)
def _float_limits(a: float) -> dict:
    return gradients.float_limits(a, 2000)


@drawn_once
def _power_chart(a: float, k: int) -> dict:
    ks = list(range(0, max(k, 10) + 1))
    return {"power": figures.log_curves(
        ks, {"0.5ᵏ": gradients.repeated_product(0.5, ks[-1], "float64"),
             "1.5ᵏ": gradients.repeated_product(1.5, ks[-1], "float64"),
             f"{tr('grad.scalar.yours')} {a:g}ᵏ": gradients.repeated_product(a, ks[-1], "float64")},
        tr("grad.scalar.chart"), "k", "aᵏ", dashed=["0.5ᵏ", "1.5ᵏ"],
        points=[(10, gradients.power(0.5, 10), "0.00097656"), (10, gradients.power(1.5, 10), "57.665")])}


@drawn_once
def _lab_charts(settings: gradients.LabSettings) -> dict:
    """The vanilla RNN's three charts: the gradient flowing back (played), the step factors, the singular values."""
    rnn, ts = _run("rnn", settings), list(range(settings.length))
    # the gradient flowing back: revealed from t = T-1 back to 0 in the visitor's browser (play), whole at first
    return {"norms": _flowing_back(figures.log_curves(ts, {"RNN": rnn.norms}, tr("grad.lab.norms"), tr("grad.lab.t"),
                                                      tr("grad.lab.norm"))),
            "factors": figures.log_curves(list(range(1, settings.length + 1)), {"‖D W‖₂": rnn.step_factors},
                                          tr("grad.lab.factors"), tr("grad.lab.t"), ""),
            "singular": figures.bars([str(i + 1) for i in range(len(rnn.singular_values))], rnn.singular_values,
                                     tr("grad.lab.singular"))}


@drawn_once
def _compare_chart(settings: gradients.LabSettings, forget_bias: float) -> dict:
    """RNN, LSTM and GRU on the lab's settings, the LSTM's cell path dashed, played backwards."""
    rnn, gru = _run("rnn", settings), _run("gru", settings)
    lstm = _run("lstm", replace(settings, forget_bias=forget_bias))
    ts, path = list(range(settings.length)), tr("grad.compare.cell_path")
    return {"compare": _flowing_back(figures.log_curves(
        ts, {"RNN": rnn.norms, "LSTM": lstm.norms, "GRU": gru.norms, path: lstm.cell_path},
        tr("grad.compare.chart"), tr("grad.lab.t"), tr("grad.lab.norm"), dashed=[path]))}


@drawn_once
def _clipping_charts(threshold: float, clip_scale: float) -> dict:
    free, clipped = _clipping(None, clip_scale), _clipping(threshold, clip_scale)
    names = {tr("grad.clip.none"): free, tr("grad.clip.with", value=threshold): clipped}
    steps_axis = list(range(1, 61))
    return {"loss": figures.log_curves(steps_axis, {n: r["loss"] for n, r in names.items()}, tr("grad.clip.loss"),
                                       tr("grad.clip.step"), ""),
            "norm": figures.log_curves(steps_axis, {n: r["grad_norm"] for n, r in names.items()},
                                       tr("grad.clip.gradnorm"), tr("grad.clip.step"), "")}


@drawn_once
def _tbptt_chart(window: int) -> dict:
    modes = {tr("grad.tbptt.full", length=200): _tbptt(None), tr("grad.tbptt.truncated", window=window): _tbptt(window)}
    with np.errstate(divide="ignore"):
        reach = {name: np.where(r["reach"] > 0, np.log10(r["reach"]), np.nan) for name, r in modes.items()}
    return {"strip": figures.strips(reach, tr("grad.tbptt.strip"), tr("grad.lab.t"), "log₁₀")}


@drawn_once
def _span_charts() -> dict:
    """The shipped memory-span sweep, one chart per training regime."""
    rows, lengths, charts = shipped_model(memory_span.SWEEP, memory_span), memory_span.SWEEP_LENGTHS, {}
    for regime in memory_span.REGIMES:
        ran = {(r["cell"], r["distance"]): r["accuracy"] for r in rows if r["regime"] == regime}
        series = {c.upper(): [ran.get((c, v), float("nan")) for v in lengths] for c in memory_span.CELLS}
        series[tr("grad.span.chance")] = [1 / memory_span.SIGNALS] * len(lengths)
        charts[regime] = figures.time_series([str(v) for v in lengths], series, tr(f"grad.span.chart.{regime}"),
                                             tr("grad.span.accuracy"), dashed=[tr("grad.span.chance")])
    return charts


st.title(tr("grad.title"), anchor="grad-intro")
st.markdown(tr("grad.intro"))
st.latex(r"\frac{\partial h_T}{\partial h_t}=\prod_{k=t+1}^{T}\operatorname{diag}\big(\tanh'(z_k)\big)\,W_{hh}")

question.ask(state.GUESS)  # predict first (issue 26)

# --- 1. one number: a^k ----------------------------------------------------------------------------
st.header(tr("grad.scalar.header"), anchor="grad-scalar")


@fragment
def scalar_lab() -> None:
    """a and k rerun only this section."""
    c1, c2, c3 = st.columns([2, 2, 1])
    a = slider(state.A, tr("grad.scalar.a"), c1)
    k = slider(state.K, tr("grad.scalar.k"), c2)
    c3.metric(tr("grad.scalar.value"), f"{gradients.power(a, k):.5g}")
    st.plotly_chart(_power_chart(a, k)["power"], key="grad_power", config=CHART_CONFIG)
    limits = _float_limits(a)
    never = tr("grad.scalar.never", k=2000)
    st.markdown(f"**{tr('grad.scalar.limits')}**")
    st.dataframe(pd.DataFrame({
        tr("grad.scalar.dtype"): list(limits),
        tr("grad.scalar.underflow"): [str(v["underflow_at"] or never) for v in limits.values()],
        tr("grad.scalar.overflow"): [str(v["overflow_at"] or never) for v in limits.values()],
    }), hide_index=True)
    st.markdown(tr("grad.scalar.note"))


with until_answered(state.GUESS):  # the script's 0.5^10 and its chart answer the question above (issue 33)
    st.markdown(tr("grad.scalar.intro"))
    scalar_lab()


# --- 2. the vanilla RNN lab --------------------------------------------------------------------------
st.header(tr("grad.lab.header"), anchor="grad-lab")
st.markdown(tr("grad.lab.intro"))


@fragment
def rnn_lab() -> None:
    """The lab's settings feed both the vanilla RNN and the comparison, so they rerun together."""
    r1 = st.columns(5)
    size_help = tr("grad.lab.size_help", m=state.HIDDEN.high, t=f"{state.LENGTH.high:,}")
    hidden = slider(state.HIDDEN, tr("grad.lab.hidden"), r1[0], help=size_help)
    length = slider(state.LENGTH, tr("grad.lab.length"), r1[1], help=size_help)
    scale = slider(state.SCALE, tr("grad.lab.scale"), r1[2])
    input_scale = slider(state.INPUT_SCALE, tr("grad.lab.input_scale"), r1[3])
    seed = number(state.SEED, tr("grad.lab.seed"), r1[4])
    r2, r3 = st.columns(2), st.columns(2)  # two per row: their option labels are never cut off at 1024 px
    with r2[0]:
        activation = choice(state.ACTIVATION, tr("grad.lab.activation"), format_func=lambda v: tr(f"grad.act.{v}"))
    with r2[1]:
        init = choice(state.INIT, tr("grad.lab.init"), format_func=lambda v: tr(f"grad.init.{v}"))
    with r3[0]:
        measure = choice(state.MEASURE, tr("grad.lab.measure"), format_func=lambda v: tr(f"grad.measure.{v}"))
    with r3[1]:
        dtype = choice(state.DTYPE, tr("grad.lab.dtype"))
    try:
        settings = gradients.LabSettings(hidden=hidden, length=length, scale=scale, activation=activation, init=init,
                                         measure=measure, input_scale=input_scale, seed=int(seed), dtype=dtype)
    except InputError as exc:
        input_error(exc)
        return
    with busy(tr("busy.gradients")):
        rnn = _run("rnn", settings)
    charts = _lab_charts(settings)
    st.plotly_chart(charts["norms"], key="grad_rnn_norms", config=CHART_CONFIG)
    st.caption(tr("grad.play.note"))
    zeros, bad = int((rnn.norms == 0).sum()), int((~np.isfinite(rnn.norms)).sum())
    if zeros or bad:  # only what happened is said: "at 0 steps ..." is never printed
        which = "both" if zeros and bad else "zeros" if zeros else "bad"
        st.warning(tr(f"grad.lab.nonfinite.{which}", zeros=zeros, bad=bad, total=length), icon=":material/warning:")
    if rnn.final_state_norm == 0:  # the state did become 0 (input scale 0): the usual lesson does not apply
        st.caption(tr("grad.lab.forward_zero"))
    elif np.isfinite(rnn.final_state_norm):
        st.caption(tr("grad.lab.forward", norm=f"{rnn.final_state_norm:.4g}"))
    g1, g2 = st.columns(2)
    g1.plotly_chart(charts["factors"], key="grad_factors", config=CHART_CONFIG)
    g2.plotly_chart(charts["singular"], key="grad_singular", config=CHART_CONFIG)
    st.caption(tr("grad.lab.factors_note"))

    # --- 3. RNN vs LSTM vs GRU ------------------------------------------------------------------------------
    st.header(tr("grad.compare.header"), anchor="grad-compare")
    st.markdown(tr("grad.compare.intro"))
    forget_bias = slider(state.FORGET_BIAS, tr("grad.compare.bias"))
    with busy(tr("busy.gradients")):
        chart = _compare_chart(settings, forget_bias)["compare"]
    st.plotly_chart(chart, key="grad_compare", config=CHART_CONFIG)

rnn_lab()
page_challenges("gradients")  # a hundred steps without vanishing or exploding (issue 53)


# --- 4. gradient clipping ---------------------------------------------------------------------------------
st.header(tr("grad.clip.header"), anchor="grad-clip")
st.markdown(tr("grad.clip.intro"))


@fragment
def clipping_lab() -> None:
    """The threshold and the scale rerun only this section."""
    k1, k2 = st.columns(2)
    threshold = select(state.CLIP, tr("grad.clip.threshold"), k1)
    clip_scale = slider(state.CLIP_SCALE, tr("grad.clip.scale"), k2)
    with busy(tr("busy.gradients")):
        free, clipped = _clipping(None, clip_scale), _clipping(threshold, clip_scale)
        charts = _clipping_charts(threshold, clip_scale)
    p1, p2 = st.columns(2)
    p1.plotly_chart(charts["loss"], key="grad_clip_loss", config=CHART_CONFIG)
    p2.plotly_chart(charts["norm"], key="grad_clip_norm", config=CHART_CONFIG)
    st.markdown(tr("grad.clip.nan_at", step=free["nan_at"]) if free["nan_at"] else tr("grad.clip.survived"))
    st.markdown(tr("grad.clip.bad", step=clipped["nan_at"]) if clipped["nan_at"]
                else tr("grad.clip.ok", steps=len(clipped["loss"]), loss=f"{clipped['loss'][-1]:.4g}"))
    st.info(tr("grad.clip.vanishing"), icon=":material/info:")


clipping_lab()


# --- 5. truncated BPTT ---------------------------------------------------------------------------------------
st.header(tr("grad.tbptt.header"), anchor="grad-tbptt")
st.markdown(tr("grad.tbptt.intro"))


@fragment
def tbptt_lab() -> None:
    """The window reruns only this section."""
    window = slider(state.WINDOW, tr("grad.tbptt.window"))
    with busy(tr("busy.gradients")):
        full, cut = _tbptt(None), _tbptt(window)
        strip = _tbptt_chart(window)["strip"]
    modes = {tr("grad.tbptt.full", length=200): full, tr("grad.tbptt.truncated", window=window): cut}
    st.plotly_chart(strip, key="grad_strip", config=CHART_CONFIG)
    st.caption(tr("grad.tbptt.carried", values=", ".join(f"{v:.3g}" for v in cut["carried"][:12]) or "—"))
    st.dataframe(pd.DataFrame({
        tr("grad.tbptt.mode"): list(modes),
        tr("grad.tbptt.time"): [f"{r['seconds'] * 1000:.1f} ms" for r in modes.values()],
        tr("grad.tbptt.memory"): [f"{r['saved_bytes'] / 1024:.0f} KiB" for r in modes.values()],
    }), hide_index=True)
    st.caption(tr("grad.tbptt.measured"))


tbptt_lab()


# --- 6. memory span ---------------------------------------------------------------------------------------------
st.header(tr("grad.span.header"), anchor="grad-span")
st.markdown(tr("grad.span.intro"))
try:
    rows = shipped_model(memory_span.SWEEP, memory_span)
    lengths = memory_span.SWEEP_LENGTHS
    charts = _span_charts()
    for regime, column in zip(memory_span.REGIMES, st.columns(2), strict=True):
        column.plotly_chart(charts[regime], key=f"grad_span_{regime}", config=CHART_CONFIG)
    for regime in memory_span.REGIMES:
        reach = []
        for cell in memory_span.CELLS:
            failed = memory_span.failed_at(rows, cell, regime)
            key = "grad.span.cell_failed" if failed else "grad.span.cell_held"
            reach.append(tr(key, cell=cell.upper(), span=memory_span.span_of(rows, cell, regime), failed=failed,
                            ceiling=lengths[-1]))
        st.markdown(tr(f"grad.span.reading.{regime}", cells=tr("grad.span.join").join(reach)))
    st.markdown(tr("grad.span.textbook", rnn=memory_span.span_of(rows, "rnn", "mixed")))
    lstm_fail = memory_span.failed_at(rows, "lstm", "fixed")
    if lstm_fail is not None:
        lstm_acc = next(r["accuracy"] for r in rows if r["regime"] == "fixed" and r["cell"] == "lstm"
                        and r["distance"] == lstm_fail)
        how_we_know("grad.how", n=f"{memory_span.SpanSettings().test_size:,}", lstm_fail=lstm_fail,
                    few=memory_span.SIGNALS * memory_span.DISTRACTORS,
                    many=f"{memory_span.SIGNALS * memory_span.DISTRACTORS ** 10:,}",
                    lstm_acc=f"{lstm_acc:.1%}", lstm_mixed=memory_span.span_of(rows, "lstm", "mixed"))
except CheckpointError as exc:
    checkpoint_error(exc)
with st.container(border=True):  # not a form: the choices are kept (and linked) before the run (issue 33)
    st.markdown(f"**{tr('grad.span.live')}**")
    f1, f2 = st.columns(2)
    live_cell = choice(state.SPAN_CELL, tr("grad.span.cell"), f1.selectbox, format_func=str.upper)
    live_distance = select(state.SPAN_DISTANCE, tr("grad.span.live_distance"), f2)
    if start_button(tr("grad.span.run"), "grad_span_run"):
        start_job("span", "memory-span", lambda report, stop: memory_span.train_one(
            live_cell, live_distance, report=report, stop=stop), lane=TINY,
            estimate_s=memory_span.estimate_s(live_cell, live_distance))
job_panel("span")
job = session_jobs().get("span")
if job is not None and job.finished and job.result:
    r = job.result
    st.success(tr("grad.span.result", cell=r["cell"].upper(), distance=r["distance"], accuracy=f"{r['accuracy']:.1%}"))

st.header(tr("grad.myths.header"))
st.markdown(tr("grad.myths.body"))

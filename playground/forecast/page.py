"""Numbers in, numbers out: hourly temperatures, a recurrent forecaster against three baselines, and
teacher forcing against free running."""

import numpy as np
import pandas as pd
import streamlit as st

from playground.app import (
    CHART_CONFIG,
    busy,
    checkpoint_error,
    data_missing,
    drawn_once,
    fragment,
    halt,
    how_we_know,
    input_error,
    job_panel,
    page_challenges,
    session_jobs,
    shared_results,
    shipped_model,
    tr,
    until_answered,
)
from playground.app.background import start_button, start_job
from playground.app.store import choice, slider
from playground.core.checkpoints import CheckpointError
from playground.core.datasets import temperatures
from playground.core.datasets.cache import DataUnavailable
from playground.core.errors import InputError
from playground.core.jobs import TINY
from playground.drawing import figures, frames
from playground.forecast import model as forecast
from playground.forecast import question
from playground.forecast import settings as state

METHODS = ("persistence", "seasonal", "linear", *forecast.CELLS)


@st.cache_resource(show_spinner=False)
def _prepared(city: str) -> forecast.Prepared:
    """A city's series and scales: read-only, one per server."""
    return forecast.prepare(city)


@shared_results(max_entries=64)
def _curves(model: forecast.Forecaster, city: str, window: int, horizon: int) -> dict:
    return forecast.error_curves(model, _prepared(city), window, horizon)


@shared_results(max_entries=8)
def _table(models: dict, city: str) -> dict:
    return forecast.next_hour_table(models, _prepared(city))


def _shipped(cell: str) -> forecast.Forecaster:
    return shipped_model(f"forecast_{cell}", forecast)


def _mine() -> forecast.Forecaster | None:
    """This visitor's live-trained model, when a training of theirs has finished."""
    job = session_jobs().get("forecast")
    if job is None or not job.finished or not job.result:
        return None
    return forecast.from_live(job.result, job.id)


def _week_label(prep: forecast.Prepared, week: int) -> str:
    start = prep.split["test"][0] + (week - 1) * 7 * forecast.SEASON
    first = np.datetime64("2010-01-01") + np.timedelta64(int(start), "h")
    last = first + np.timedelta64(6, "D")
    return tr("fc.lab.week_label", week=week, first=str(first)[5:10], last=str(last)[5:10])


@drawn_once
def _year_chart(city: str) -> dict:
    """The city's daily mean over the years, coloured by split."""
    prepared = _prepared(city)
    days = np.arange(len(prepared.values) // 24)
    daily_mean = prepared.values[:len(days) * 24].reshape(-1, 24).mean(axis=1)
    daily = {tr(f"fc.data.{name}"): np.where((days >= idx[0] // 24) & (days <= idx[-1] // 24), daily_mean, np.nan)
             for name, idx in prepared.split.items()}
    dates = [str(np.datetime64("2010-01-01") + np.timedelta64(int(d), "D")) for d in days]
    return {"year": figures.dated(dates, daily, tr("fc.data.chart", city=tr(f"fc.city.{city}")), "°C")}


st.title(tr("fc.title"), anchor="fc-intro")
st.markdown(tr("fc.intro"))
question.ask(state.GUESS)

# --- 1. the data ----------------------------------------------------------------------------------
st.header(tr("fc.data.header"), anchor="fc-data")
city = choice(state.CITY, tr("fc.city"), format_func=lambda c: tr(f"fc.city.{c}"))
try:
    prep = _prepared(city)
except DataUnavailable as exc:
    data_missing(exc, "fc.no_data")
    halt()
st.plotly_chart(_year_chart(city)["year"], key="fc_year", config=CHART_CONFIG)
filled = ", ".join(f"{t:%m-%d %H:%M}" for t in temperatures.load(city).filled) or "—"
sizes = {name: f"{len(idx):,}" for name, idx in prep.split.items()}
st.markdown(tr("fc.data.note", filled=filled, hours=f"{len(prep.values):,}", train=sizes["train"],
               validation=sizes["validation"], test=sizes["test"]))

# --- 2. the model ----------------------------------------------------------------------------------
st.header(tr("fc.model.header"), anchor="fc-model")
st.markdown(tr("fc.model.intro"))
st.latex(r"x_t=\Big[\tfrac{v_t-\mu}{\sigma},\ \tfrac{v_t-v_{t-24}}{s},\ \sin\tfrac{2\pi\,\mathrm{hour}_t}{24},"
         r"\ \cos\tfrac{2\pi\,\mathrm{hour}_t}{24}\Big],\qquad h_t=\mathrm{cell}(h_{t-1},x_t)")
st.latex(r"\hat v_{t+1}=v_{t-23}+s\,(w^\top h_t+b)")
st.markdown(tr("fc.model.forms"))


# --- 3. the lab: a forecast against the truth -----------------------------------------------------
def _cell_choice() -> tuple[str, forecast.Forecaster | None]:
    mine = _mine()
    offered = (*forecast.CELLS, "mine") if mine is not None else forecast.CELLS
    cell = choice(state.CELL, tr("fc.lab.cell"), options=offered,
                  format_func=lambda c: tr("fc.lab.mine") if c == "mine" else c.upper())
    try:
        return cell, (mine if cell == "mine" else _shipped(cell))
    except CheckpointError as exc:
        checkpoint_error(exc)
        return cell, None


@shared_results(max_entries=64)
def _rollouts(model: forecast.Forecaster, city: str, week: int, window: int, horizon: int) -> dict:
    """The week's forecast both ways (fed the truth, and free running) and the truth it is measured against."""
    prepared = _prepared(city)
    origin = forecast.week_origin(prepared, week)
    forced, free = (forecast.rollout(model, prepared, [origin], window, horizon, forced=f)[0] for f in (True, False))
    return {"origin": origin, "forced": forced, "free": free,
            "actual": forecast.truth(prepared.values, [origin], horizon)[0]}


@drawn_once
def _lab_charts(model: forecast.Forecaster, city: str, week: int, window: int, horizon: int) -> dict:
    """The lab's forecast (played hour by hour), its misses, and the error per hour ahead over the test months."""
    prepared, curves = _prepared(city), _curves(model, city, window, horizon)
    run = _rollouts(model, city, week, window, horizon)
    origin, actual, ahead = run["origin"], run["actual"], np.arange(horizon)
    band = (run["free"] - curves["free"], run["free"] + curves["free"])
    names = {"band": tr("fc.lab.band"), "truth": tr("fc.lab.truth"), "now": tr("fc.lab.now")}
    lines = {tr("fc.lab.forced"): run["forced"], tr("fc.lab.free"): run["free"]}
    when = np.datetime64("2010-01-01") + np.timedelta64(origin, "h")
    base = figures.forecast((np.arange(-window, 0), prepared.values[origin - window:origin]), ahead, actual, lines, band,
                            names, tr("fc.lab.chart", when=str(when)[:10]), tr("fc.lab.hours"), "°C")
    labels = [tr("fc.lab.frame", k=k + 1) for k in ahead]
    words = {"play": tr("player.play"), "pause": tr("player.pause"), "frame": tr("fc.lab.frame_prefix")}
    # the errors on an axis of their own: hundredths of a degree vanish on the temperature's 4-6 °C
    misses = {name: values - actual for name, values in lines.items()}
    series = {tr(f"fc.method.{name}"): curves[name] for name in ("forced", "free", "seasonal", "linear", "persistence")}
    return {"forecast": frames.forecast_steps(base, ahead, list(lines.values()), band, labels, words),
            "misses": figures.time_series([str(k + 1) for k in ahead], misses, tr("fc.lab.misses"), tr("fc.lab.miss_axis")),
            "exposure": figures.log_curves(list(range(1, horizon + 1)), series, tr("fc.exposure.chart"),
                                           tr("fc.exposure.x"), "°C",
                                           dashed=[tr("fc.method.seasonal"), tr("fc.method.persistence")])}


def _draw_forecast(model, week: int, window: int, horizon: int) -> dict:
    charts, run = _lab_charts(model, city, week, window, horizon), _rollouts(model, city, week, window, horizon)
    st.plotly_chart(charts["forecast"], key="fc_forecast", config=CHART_CONFIG)
    errors = {name: float(np.abs(run[name] - run["actual"]).mean()) for name in ("forced", "free")}
    st.caption(tr("fc.lab.this_week", forced=f"{errors['forced']:.3f}", free=f"{errors['free']:.3f}", hours=horizon))
    st.plotly_chart(charts["misses"], key="fc_misses", config=CHART_CONFIG)
    return charts


@fragment
def forecast_lab() -> None:
    """The week, window, horizon and cell rerun the lab and the error curves below it."""
    c1, c2 = st.columns(2)
    week = slider(state.WEEK, tr("fc.lab.week"), c1)
    c1.caption(_week_label(prep, week))
    with c2:
        cell, model = _cell_choice()
    c3, c4 = st.columns(2)
    window = slider(state.WINDOW, tr("fc.lab.window"), c3, help=tr("fc.lab.window_help"))
    horizon = slider(state.HORIZON, tr("fc.lab.horizon"), c4)
    if model is None:
        return
    try:
        with busy(tr("busy.forecast")):
            curves = _curves(model, city, window, horizon)
            charts = _draw_forecast(model, week, window, horizon)
    except InputError as exc:
        input_error(exc)
        return
    st.caption(tr("fc.play.note"))
    _exposure(curves, horizon, charts["exposure"])


def _exposure(curves: dict, horizon: int, chart) -> None:
    """Teacher forcing against free running: the error per hour ahead over the test months."""
    st.header(tr("fc.exposure.header"), anchor="fc-exposure")
    st.markdown(tr("fc.exposure.intro"))
    st.plotly_chart(chart, key="fc_exposure", config=CHART_CONFIG)
    st.markdown(_exposure_reading(curves, horizon))
    st.markdown(tr("fc.exposure.why"))


def _exposure_reading(curves: dict, horizon: int) -> str:
    """What the curves say, like with like: the multi-step forecasts against each other, the one-hour floor."""
    free, linear, seasonal = curves["free"], curves["linear"], curves["seasonal"]
    text = tr("fc.exposure.reading", first=f"{free[0]:.3f}", last=f"{free[-1]:.3f}", hours=horizon,
              ratio=f"{free[-1] / free[0]:.1f}", forced=f"{curves['forced'].mean():.3f}",
              lin_first=f"{linear[0]:.3f}", lin_last=f"{linear[-1]:.3f}", lin_ratio=f"{linear[-1] / linear[0]:.1f}")
    behind = forecast.first_behind(free, seasonal)
    if behind is None:
        return text + " " + tr("fc.exposure.ahead", hours=horizon, seasonal=f"{seasonal[-1]:.3f}")
    return text + " " + tr("fc.exposure.behind", k=behind, free=f"{free[behind - 1]:.3f}",
                           seasonal=f"{seasonal[behind - 1]:.3f}")


# --- 4. against the baselines ------------------------------------------------------------------------
def baselines() -> None:
    """Every method's error one hour ahead on the test months, and the note on how we know."""
    st.header(tr("fc.table.header"), anchor="fc-table")
    st.markdown(tr("fc.table.intro"))
    try:
        shipped = {cell: _shipped(cell) for cell in forecast.CELLS}
    except CheckpointError as exc:
        checkpoint_error(exc)
        return
    with busy(tr("busy.forecast")):
        table = _table(shipped, city)
    st.dataframe(pd.DataFrame({tr("fc.table.method"): [tr(f"fc.method.{m}") for m in METHODS],
                               tr("fc.table.mae"): [f"{table[m]:.3f}" for m in METHODS]}), hide_index=True)
    best_net = min(forecast.CELLS, key=table.get)
    worst_net = max(forecast.CELLS, key=table.get)
    st.markdown(tr("fc.table.reading", net=best_net.upper(), mae=f"{table[best_net]:.3f}",
                   seasonal=f"{table['seasonal']:.3f}", persistence=f"{table['persistence']:.3f}",
                   times=f"{table['seasonal'] / table[best_net]:.1f}"))
    margin = forecast.margin_percent(table["linear"], table[best_net])  # > 0: the linear model errs less
    st.markdown(tr("fc.table.linear_ahead" if margin > 0 else "fc.table.linear_behind", linear=f"{table['linear']:.3f}",
                   low=f"{abs(margin):.0f}", high=f"{abs(forecast.margin_percent(table['linear'], table[worst_net])):.0f}",
                   net=best_net.upper()))
    card = shipped[best_net].card
    how_we_know("fc.how", net=best_net.upper(), seattle=f"{card.metrics['test_mae_c_seattle']:.3f}",
                sf=f"{card.metrics['test_mae_c_sf']:.3f}", seconds=card.training_seconds,
                steps=card.hyperparameters["steps"], hidden=card.architecture["hidden"])


st.header(tr("fc.lab.header"), anchor="fc-lab")
st.markdown(tr("fc.lab.intro"))
with until_answered(state.GUESS):  # the error curves answer the question above; the table shares its numbers
    forecast_lab()
    baselines()
page_challenges("forecast")  # two days ahead from half a day's reading (issue 53)

# --- 5. train one yourself -----------------------------------------------------------------------------
st.header(tr("fc.live.header"), anchor="fc-live")
st.markdown(tr("fc.live.intro", hidden=forecast.LIVE.hidden, steps=forecast.LIVE.steps))
with st.container(border=True):
    live_cell = choice(state.LIVE_CELL, tr("fc.live.cell"), format_func=str.upper)
    if start_button(tr("fc.live.start", city=tr(f"fc.city.{city}")), "fc_live_start"):
        start_job("forecast", f"forecast-{live_cell}", lambda report, stop: forecast.live_training(
            live_cell, city, report=report, stop=stop), lane=TINY, estimate_s=forecast.LIVE_ESTIMATE_S)
job_panel("forecast")
job = session_jobs().get("forecast")
if job is not None and job.finished and job.result:
    r = job.result
    st.success(tr("fc.live.done", cell=r["cell"].upper(), city=tr(f"fc.city.{r['city']}"), mae=f"{r['test_mae']:.3f}",
                  seconds=f"{r['seconds']:.1f}"))

# --- 6. misconceptions (the first answers the question: held back with the lab) -------------------------
st.header(tr("fc.myths.header"), anchor="fc-myths")
with until_answered(state.GUESS):
    st.markdown(tr("fc.myths.body"))

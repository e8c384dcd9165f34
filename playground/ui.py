"""The one module of ``playground`` that imports Streamlit: language, shared widgets, caches.

Pages call ``tr(key)`` for every string, ``input_error(exc)`` for bad input, ``cached_checkpoint``
for shipped weights (shared, read-only) and ``job_panel`` to show a live training job.
"""

from __future__ import annotations

import streamlit as st

from playground import i18n
from playground.checkpoints import CheckpointError, load_checkpoint
from playground.device import device, device_label
from playground.errors import InputError
from playground.figures import training_curves
from playground.jobs import FINISHED, JobRunner, SessionJobs

LANG_KEY = "lang"
OFFERS_KEY = "_retrain_offers"  # recipes offered for retraining in this run (one button each)


# --- the app shell ------------------------------------------------------------------------------
def require_app_shell() -> None:
    """Every page calls this first. On a fresh server, Streamlit serves a deep link into a
    ``pages/`` folder as an old-style page (the file alone, without streamlit_app.py's navigation
    and sidebar) until some session has run st.navigation. Leave that mode and rerun, so that
    even the first visitor's deep link gets the whole app."""
    from streamlit.runtime.pages_manager import PagesManager

    st.session_state[OFFERS_KEY] = set()  # a new page run: no retrain offer drawn yet
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        # once per session: a rerun drops the widget event of the run it interrupts (AppTest
        # starts every run in the old mode; a real server leaves it for good after this)
        if not st.session_state.get("_app_shell_rerun"):
            st.session_state["_app_shell_rerun"] = True
            st.rerun()


# --- language ---------------------------------------------------------------------------------
def default_language() -> str:
    return i18n.language_from_locale(st.context.locale)


def lang() -> str:
    """The reader's language: the sidebar switch, else the URL, else the browser's locale."""
    for value in (st.session_state.get(LANG_KEY), st.query_params.get(LANG_KEY)):
        if value in i18n.LANGUAGES:
            return value
    return default_language()


def tr(key: str, **fields: object) -> str:
    return i18n.t(key, lang(), **fields)


def url_choice(widget, label: str, options, key: str, default, format_func=str, always_in_url: bool = False, **kw):
    """A choice widget (``st.segmented_control``, ``st.radio``, ``st.selectbox``) kept in the URL
    by its option *code*, not its translated label, so a shared link works in either language.

    (Streamlit's ``bind="query-params"`` writes the displayed label, which changes with the
    language; text inputs and sliders have language-free values and use ``bind`` directly.)
    """
    options = list(options)
    if key not in st.session_state:
        from_url = st.query_params.get(key)
        st.session_state[key] = from_url if from_url in options else default
    if widget is st.segmented_control:
        kw.setdefault("required", True)  # a segmented control may otherwise be clicked empty
    value = widget(label, options, format_func=format_func, key=key, **kw)
    if value != default or always_in_url:
        st.query_params[key] = value
    elif key in st.query_params:
        del st.query_params[key]
    return value


def sidebar() -> None:
    """The shared sidebar: language switch (kept in the session and the URL) and device badge."""
    with st.sidebar:
        url_choice(st.segmented_control, "语言 · Language", i18n.LANGUAGES, LANG_KEY, default_language(),
                   format_func=i18n.LANGUAGE_NAMES.get, always_in_url=True)
        is_gpu = device().type == "cuda"
        st.badge(tr("sidebar.device", name=device_label()), icon=":material/memory:",
                 color="green" if is_gpu else "gray", help=tr("sidebar.device_help"))
        st.caption(tr("sidebar.share"))


# --- figures --------------------------------------------------------------------------------
def show_svg(markup: str, where=None) -> None:
    """Draw an inline SVG from ``playground.svg`` (its text is escaped there). ``st.html``
    sanitises SVG away, so it goes through markdown's HTML pass-through instead."""
    (where or st).markdown(markup, unsafe_allow_html=True)


def matrix_editor(label: str, array, key: str, where=None):
    """An editable numeric grid (``st.data_editor``) that returns a float array of the same shape;
    emptied cells come back as NaN for the library to refuse with a message."""
    import numpy as np
    import pandas as pd

    array = np.atleast_2d(np.asarray(array, dtype=np.float64))
    frame = pd.DataFrame(array, columns=[str(j + 1) for j in range(array.shape[1])])
    (where or st).markdown(label)
    edited = (where or st).data_editor(frame, key=key, hide_index=True, num_rows="fixed",
                                       column_config={c: st.column_config.NumberColumn(c, format="%.4g") for c in frame},
                                       width="content")
    return edited.apply(pd.to_numeric, errors="coerce").to_numpy(dtype=np.float64)


# --- errors -----------------------------------------------------------------------------------
def input_error(exc: InputError) -> None:
    """Show a library InputError as a clear message in the reader's language."""
    key = f"error.{exc.code}"
    if key in i18n.STRINGS:
        st.warning(tr(key, **exc.params), icon=":material/error:")
    else:
        st.warning(tr("error.unknown", detail=str(exc)), icon=":material/error:")


def checkpoint_error(exc: CheckpointError) -> None:
    """Say which shipped file is missing or corrupt, and offer to rebuild it (here, or by command)."""
    from playground.registry import recipe_for

    recipe = recipe_for(exc.name)
    st.error(tr("error.checkpoint", reason=exc.reason, name=recipe or exc.name), icon=":material/report:")
    offered = st.session_state.setdefault(OFFERS_KEY, set())
    if recipe is not None and recipe not in offered:  # one offer per recipe and run (widget keys)
        offered.add(recipe)
        _retrain_offer(recipe)




@st.cache_resource(show_spinner=False)
def retrain_jobs() -> dict:
    """Server-wide: one rebuild per recipe at a time, whichever session asked for it."""
    return {}


def _rebuild(recipe: str):
    def work(report, stop):
        from playground import checkpoints, registry

        report(status="running")
        # the recipe writes into pretrained/ (read at call time, so tests can point it elsewhere)
        return registry.RECIPES[recipe].build(checkpoints.PRETRAINED_DIR, device()).name

    return work


def _retrain_offer(recipe: str) -> None:
    jobs = retrain_jobs()
    job = jobs.get(recipe)
    if job is not None and job.status == "done":
        cached_checkpoint.clear()  # the next load reads the rebuilt file
        cached_model.clear()
        del jobs[recipe]
        st.success(tr("retrain.done", name=recipe), icon=":material/check_circle:")
        st.button(tr("retrain.reload"), key=f"reload-{recipe}")
        return
    if job is not None and not job.finished:
        _retrain_progress(recipe)
        return
    if job is not None and job.status == "failed":
        st.error(tr("job.failed", error=job.error))
    if st.button(tr("retrain.button", name=recipe), key=f"retrain-{recipe}", icon=":material/model_training:"):
        jobs[recipe] = job_runner().submit(f"rebuild {recipe}", _rebuild(recipe))
        st.rerun()
    st.caption(tr("retrain.note"))


@st.fragment(run_every=1.0)
def _retrain_progress(recipe: str) -> None:
    job = retrain_jobs().get(recipe)
    if job is None or job.finished:
        st.rerun(scope="app")
    elif job.status == "waiting":
        runner = job_runner()
        st.info(tr("job.waiting", running=runner.running(), cap=runner.cap), icon=":material/hourglass_top:")
    else:
        st.info(tr("retrain.running", name=recipe), icon=":material/model_training:")


# --- shared models (read-only across sessions) --------------------------------------------------
SHARED: dict[str, object] = {}  # every object shared between sessions, for diagnostics


@st.cache_resource(show_spinner=False)
def cached_checkpoint(name: str):
    """Shipped weights and card, loaded once per server; callers must not modify the tensors."""
    tensors, card = load_checkpoint(name, device=device())
    for tensor in tensors.values():
        tensor.requires_grad_(False)
    SHARED[f"tensors:{name}"] = tensors
    return tensors, card


@st.cache_resource(show_spinner=False)
def cached_model(name: str, _build):
    """A shipped model rebuilt once per server by ``_build(tensors, card)``; shared and read-only
    (``_build`` must return it in eval mode with gradients off)."""
    # read the file here rather than through cached_checkpoint: the model keeps its own copy of
    # the weights, and a second, cached copy would double the server's memory for nothing
    tensors, card = load_checkpoint(name, device=device())
    model = _build(tensors, card)
    SHARED[f"model:{name}"] = model
    return model, card


def diagnostics() -> bool:
    """With ``RNN_PLAYGROUND_DIAGNOSTICS=1`` and ``?diagnostics`` in the URL: show a fingerprint of
    every shared model (the load bench compares them before and after) and return True."""
    import json
    import os

    if os.environ.get("RNN_PLAYGROUND_DIAGNOSTICS") != "1" or "diagnostics" not in st.query_params:
        return False
    from playground.diagnostics import fingerprint

    runner = job_runner()
    report = {"models": {k: fingerprint(v) for k, v in sorted(SHARED.items())},
              "jobs": {"running": runner.running(), "waiting": runner.waiting(), "cap": runner.cap}}
    st.code(json.dumps(report, indent=1), language="json")
    return True


# --- background jobs --------------------------------------------------------------------------
@st.cache_resource(show_spinner=False)
def job_runner() -> JobRunner:
    """One runner per server: its cap bounds the training jobs of all sessions together."""
    return JobRunner()


def _stop_session_jobs(jobs: SessionJobs) -> None:
    jobs.stop_all()


@st.cache_resource(scope="session", on_release=_stop_session_jobs, show_spinner=False)
def session_jobs() -> SessionJobs:
    """This browser session's jobs; they are stopped when the session ends (tab closed)."""
    return SessionJobs(job_runner())


def _draw_job(snapshot: dict, runner: JobRunner) -> None:
    status, progress = snapshot["status"], snapshot["progress"]
    if status == "waiting":
        st.info(tr("job.waiting", running=runner.running(), cap=runner.cap), icon=":material/hourglass_top:")
        return
    if progress:
        last = progress[-1]
        step, total, loss = last.get("step", 0), last.get("total", 1), last.get("loss", float("nan"))
        st.progress(min(step / max(total, 1), 1.0), text=tr("job.running", step=step, total=total, loss=loss))
        labels = {"loss": tr("job.loss_axis"), "accuracy": tr("job.accuracy_axis"), "step": tr("job.step_axis")}
        labels["validation_loss"] = tr("job.validation_axis")
        st.plotly_chart(training_curves(progress, labels), key=f"job-curves-{snapshot['id']}")
        samples = [p["sample"] for p in progress if "sample" in p]
        if samples:
            st.caption(tr("job.sample", step=[p["step"] for p in progress if "sample" in p][-1]))
            st.code(samples[-1], language=None)
    elif status == "running":
        st.progress(0.0, text=tr("job.starting"))
    if status == "done":
        st.success(tr("job.done"))
    elif status == "stopped":
        st.info(tr("job.stopped"))
    elif status == "failed":
        st.error(tr("job.failed", error=snapshot["error"]))


@st.fragment(run_every=0.5)
def _live_job_panel(slot: str) -> None:
    job = session_jobs().get(slot)
    if job is None:
        return
    snapshot = job.snapshot()
    if snapshot["status"] in FINISHED:
        st.rerun(scope="app")  # redraw once without polling
    if st.button(tr("job.stop"), key=f"stop-{slot}", icon=":material/stop_circle:"):
        job.stop()
    _draw_job(snapshot, session_jobs().runner)


def job_panel(slot: str) -> None:
    """Progress bar, live loss chart and Stop button for this session's job in ``slot``."""
    job = session_jobs().get(slot)
    if job is None:
        return
    if job.finished:
        _draw_job(job.snapshot(), session_jobs().runner)
    else:
        _live_job_panel(slot)


# --- character language models (shared by the char-LM pages) -------------------------------------
def stream_text(records, where, prefix: str = "", every: int = 12) -> list:
    """Draw generated characters into ``where`` as they arrive (a code block, so spacing and line
    breaks show as written); return the records."""
    collected, text = [], prefix
    for record in records:
        collected.append(record)
        text += record.char
        if len(collected) % every == 0:
            where.code(text, language=None)
    where.code(text, language=None)
    return collected


def text_columns(items) -> list:
    """Texts side by side, each under a bold title, as written (code blocks keep spacing and line
    breaks); returns the columns for captions underneath."""
    columns = st.columns(len(items))
    for column, (title, text) in zip(columns, items, strict=True):
        column.markdown(f"**{title}**")
        column.code(text, language=None)
    return columns


@st.cache_resource(show_spinner=False, max_entries=8)
def shipped_sampler(name: str):
    from playground.charlm import model_from_tensors
    from playground.charlm_sampling import FastSampler

    tensors, card = load_checkpoint(name, device="cpu")  # the sampler copies them: no cached second copy
    model, vocab = model_from_tensors(tensors, card)
    sampler = FastSampler.from_model(model, vocab)
    SHARED[f"sampler:{name}"] = sampler
    return sampler, card


@st.cache_resource(show_spinner=False, max_entries=2)
def cached_corpus(name: str):
    """A character-LM corpus (read-only text), loaded once per server; raises DataUnavailable."""
    from playground.datasets.charcorpora import load

    return load(name)


def charlm_models() -> dict[str, str]:
    """The character LMs a student can pick: every shipped one, plus this session's own (if any)."""
    from playground.charlm import SHIPPED, model_name

    models = {model_name(corpus, kind): tr(f"charlm.model.{corpus}_{kind}") for corpus, kind in SHIPPED}
    job = session_jobs().get("charlm")
    if job is not None and job.finished and job.result is not None:
        models[f"live-{job.id}"] = tr("charlm.model.live", id=job.id)
    return models


def charlm_choice(widget_key: str = "model", default: str | None = None):
    """Model picker shared by the char-LM pages -> (key, FastSampler, card or None), or None after
    showing why the model cannot be loaded."""
    models = charlm_models()
    key = url_choice(st.segmented_control, tr("charlm.model"), list(models), widget_key,
                     default if default in models else next(iter(models)), format_func=models.get)
    if key.startswith("live-"):
        from playground.charlm_sampling import FastSampler

        trained = session_jobs().get("charlm").result
        return key, FastSampler.from_model(trained.model, trained.vocab), None
    try:
        sampler, card = shipped_sampler(key)
    except CheckpointError as exc:
        checkpoint_error(exc)
        return None
    return key, sampler, card

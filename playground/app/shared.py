"""Shipped models on a server: loaded once and shared read-only by every session, and when a
shipped file is broken, a clear message with an offer to rebuild it in the background."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import streamlit as st

from playground import lessons
from playground.app.background import job_runner, waiting_message
from playground.app.shell import OFFERS_KEY, tr
from playground.core import identity
from playground.core.checkpoints import CheckpointError
from playground.core.datasets.cache import DataPending, DataUnavailable
from playground.core.device import device
from playground.core.formatting import escape_markdown

SHARED: dict[str, object] = {}  # every object shared between sessions, for diagnostics
# The models a page hands to a shared result cache, by class (each lesson's manifest names its own): such
# a cache keys each by its server-wide identity (playground.core.identity), never by its contents or by
# what one visitor calls it (issue 37).
MODEL_CLASSES = lessons.model_classes()


def shared_results(max_entries: int):
    """``st.cache_data`` for results every session may be served: a model argument goes into the key
    by its ``identity`` (a model without one raises ``identity.UnnamedModel``), every other argument
    by value. The tests walk every cached function for arguments left out of the key."""
    return st.cache_data(show_spinner=False, max_entries=max_entries,
                         hash_funcs=dict.fromkeys(MODEL_CLASSES, identity.of))


def shipped_model(name: str, subject: ModuleType, on_cpu: bool = False):
    """``subject.load(name)`` (the shipped-model interface of ``playground.registry``), once per
    server; shared and read-only. ``on_cpu`` for models that step one character at a time. A first
    load that takes more than half a second says so (a loaded one skips the spinner: no placeholder
    element and no timer thread on every rerun)."""
    if f"model:{name}" in SHARED:
        return _shipped_model(name, subject, on_cpu)
    with st.spinner(tr("model.loading", name=name)):
        return _shipped_model(name, subject, on_cpu)


@st.cache_resource(show_spinner=False)
def _shipped_model(name: str, _subject: ModuleType, on_cpu: bool):
    loaded = _subject.load(name, device="cpu" if on_cpu else device())
    SHARED[f"model:{name}"] = loaded
    return loaded


def shared_resource(key: str, factory: Callable[[], object]):
    """Any other read-only object built once per server by ``factory()`` (e.g. training snapshots),
    saying so when that takes more than half a second (the first time only)."""
    if f"resource:{key}" in SHARED:
        return _shared_resource(key, factory)
    with st.spinner(tr("model.loading", name=key)):
        return _shared_resource(key, factory)


@st.cache_resource(show_spinner=False, max_entries=4)
def _shared_resource(key: str, _factory: Callable[[], object]):
    made = _factory()
    SHARED[f"resource:{key}"] = made
    return made


def data_missing(exc: DataUnavailable, message_key: str) -> None:
    """The page's data is not here: on its way (fetched in the background, a button looks again), or
    it could not be fetched (``message_key`` says so in the page's words)."""
    if isinstance(exc, DataPending):
        st.info(tr("data.pending"), icon=":material/downloading:")
        st.button(tr("data.look_again"), key=f"{message_key}_again", icon=":material/refresh:")
    else:
        st.warning(tr(message_key), icon=":material/cloud_off:")


def checkpoint_error(exc: CheckpointError) -> None:
    """Say which shipped file is missing or corrupt, and offer to rebuild it (here, or by command)."""
    from playground.registry import owner_of

    owner = owner_of(exc.name)
    st.error(tr("error.checkpoint", reason=escape_markdown(exc.reason), name=owner or exc.name), icon=":material/report:")
    offered = st.session_state.setdefault(OFFERS_KEY, set())
    if owner is not None and owner not in offered:  # one offer per model and run (widget keys)
        offered.add(owner)
        _retrain_offer(owner)


@st.cache_resource(show_spinner=False)
def retrain_jobs() -> dict:
    """Server-wide: one rebuild per shipped model at a time, whichever session asked for it."""
    return {}


def _rebuild(name: str):
    def work(report, stop):
        from playground import registry
        from playground.core import checkpoints

        report(status="running")
        # the build writes into pretrained/ (read at call time, so tests can point it elsewhere)
        return registry.shipped()[name].build(checkpoints.PRETRAINED_DIR, device()).name

    return work


def clear_shared() -> None:
    """Forget every shared model, so the next load reads the files again (after a rebuild), and every
    result kept for the class (some name a shipped model by its name alone)."""
    _shipped_model.clear()
    _shared_resource.clear()
    st.cache_data.clear()
    SHARED.clear()


def _retrain_offer(name: str) -> None:
    jobs = retrain_jobs()
    job = jobs.get(name)
    if job is not None and job.status == "done":
        clear_shared()
        del jobs[name]
        st.success(tr("retrain.done", name=name), icon=":material/check_circle:")
        st.button(tr("retrain.reload"), key=f"reload-{name}")
        return
    if job is not None and not job.finished:
        _retrain_progress(name)
        return
    if job is not None and job.status == "failed":
        st.error(tr("job.failed", error=job.error))
    if st.button(tr("retrain.button", name=name), key=f"retrain-{name}", icon=":material/model_training:"):
        jobs[name] = job_runner().submit(f"rebuild {name}", _rebuild(name), max_seconds=None)  # minutes to hours
        st.rerun()
    st.caption(tr("retrain.note"))


@st.fragment(run_every=1.0)
def _retrain_progress(name: str) -> None:
    job = retrain_jobs().get(name)
    if job is None or job.finished:
        st.rerun(scope="app")
    elif job.status == "waiting":
        waiting_message(job_runner())
    else:
        st.info(tr("retrain.running", name=name), icon=":material/model_training:")


def diagnostics() -> bool:
    """With ``RNN_PLAYGROUND_DIAGNOSTICS=1`` and ``?diagnostics`` in the URL: show a fingerprint of
    every shared model (the load bench compares them before and after) and return True."""
    import json
    import os

    if os.environ.get("RNN_PLAYGROUND_DIAGNOSTICS") != "1" or "diagnostics" not in st.query_params:
        return False
    from playground.core.diagnostics import fingerprint

    runner = job_runner()
    from playground.core.runtime import heap_mb

    report = {"models": {k: fingerprint(v) for k, v in sorted(SHARED.items())},
              "jobs": {"running": runner.running(), "waiting": runner.waiting(), "cap": runner.cap},
              "heap_mb": heap_mb()}
    st.code(json.dumps(report, indent=1), language="json")
    return True

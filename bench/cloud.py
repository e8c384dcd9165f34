"""Community Cloud readiness that takes minutes: ``requirements.txt`` in clean virtual environments.

For each Python that Community Cloud offers and this machine has (3.11, 3.12, 3.13; Streamlit 1.67
needs >= 3.11), a fresh venv: on the Python whose PyTorch file lies on this disk (3.11, CPU build)
a real ``pip install -r requirements.txt`` followed by importing the app's modules, with the venv's
size; on the others ``pip install --dry-run`` (resolution only). Their torch is the +cpu wheel on
PyTorch's CPU page (``requirements.txt``), which only a machine that reaches download.pytorch.org
can resolve: the development machine cannot, and reports those two as failed (everything else in
the file resolves there: ``tests/test_install_resolves.py``). Idle memory with the models loaded is
measured by bench.interaction.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.harness import ROOT

CLOUD_PYTHONS = ("3.11", "3.12", "3.13")
IMPORT_CHECK = ("import streamlit, plotly, torch, numpy, pandas, safetensors, regex, opencc, threadpoolctl; "
                "import playground.app, playground.seq2seq.translate, playground.models.charlm.decoding; "
                "print(torch.__version__, streamlit.__version__)")


def _python(version: str) -> str | None:
    """An interpreter for ``version`` that really runs (pyenv shims exist for versions not enabled)."""
    candidates = sorted(Path.home().glob(f".pyenv/versions/{version}.*/bin/python{version}"), reverse=True)
    for candidate in [*map(str, candidates), shutil.which(f"python{version}")]:
        if candidate and subprocess.run([candidate, "-c", "pass"], capture_output=True).returncode == 0:
            return candidate
    return None


def _size_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20


def check(version: str, full: bool) -> dict:
    python = _python(version)
    if python is None:
        return {"python": version, "status": "not on this machine"}
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        started = time.perf_counter()
        args = pip + (["-r", str(ROOT / "requirements.txt")] if full else
                      ["--dry-run", "-r", str(ROOT / "requirements.txt")])
        done = subprocess.run(args, capture_output=True, text=True, timeout=1800)
        result = {"python": version, "mode": "install" if full else "dry-run (resolution)",
                  "ok": done.returncode == 0, "seconds": round(time.perf_counter() - started, 1),
                  "error": done.stderr.strip()[-600:] if done.returncode else ""}
        if full and done.returncode == 0:
            imported = subprocess.run([str(venv / "bin" / "python"), "-c", IMPORT_CHECK], cwd=ROOT,
                                      capture_output=True, text=True, timeout=600)
            result.update(imports_ok=imported.returncode == 0, versions=imported.stdout.strip(),
                          venv_mb=round(_size_mb(venv)), import_error=imported.stderr.strip()[-600:])
        return result


def offline(version: str) -> dict:
    """What needs no package index: the interpreter is found, and the app's modules that the import
    check names still import (here, in this interpreter)."""
    if _python(version) is None:
        return {"python": version, "status": "not on this machine"}
    started = time.perf_counter()
    imported = subprocess.run([sys.executable, "-c", IMPORT_CHECK], cwd=ROOT, capture_output=True, text=True,
                              timeout=600)
    return {"python": version, "mode": "offline (no venv, no resolution: they need the package index)",
            "ok": imported.returncode == 0, "seconds": round(time.perf_counter() - started, 1),
            "error": imported.stderr.strip()[-600:], "imports_ok": imported.returncode == 0,
            "versions": imported.stdout.strip()}


def run(pythons: tuple[str, ...] = CLOUD_PYTHONS, online: bool = True) -> list[dict]:
    """One row per Python of ``pythons``; without ``online``, only the checks that need no index."""
    return [check(v, full=(v == "3.11")) if online else offline(v) for v in pythons]


if __name__ == "__main__":
    for row in run():
        print(row)

"""``requirements.txt`` resolves to PyTorch's CPU build under both installers Community Cloud uses
(uv first, pip where uv fails), and on a laptop's Linux, macOS and Windows.

What this machine offers: PyPI, and PyTorch's CPU wheel for Python 3.11 in a folder that pip's own
configuration names (``find-links``); download.pytorch.org is out of reach. pip then skips the
requirements file's torch page after a failed lookup and one retry (``--retries 1``, as in
``.ci/run``: milliseconds, where the defaults cost minutes) and takes the same +cpu wheel from that
folder. uv reads no pip configuration and stops at a page it
cannot fetch, so where the page is out of reach its copy of the requirements names that folder
instead: the same ``--find-links`` line, pointing at a local copy of what the page offers. Where the
page is reachable, both run the file as it is. A few seconds for uv, about half a minute for pip."""

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements.txt"
TORCH_PAGE = "https://download.pytorch.org/whl/cpu/torch/"
# the Linux pin, e.g. 2.13.0+cpu, and the same release elsewhere
TORCH_CPU = re.search(r'^torch==(\S+\+cpu) ; sys_platform == "linux"$', REQUIREMENTS.read_text(), re.M).group(1)
TORCH = TORCH_CPU.removesuffix("+cpu")
# what PyPI's Linux torch brings and a CPU build does not
CUDA = re.compile(r"^(nvidia-.*|cuda-.*|triton)$")
PIP_BOUNDS = ["--retries", "1", "--timeout", "15"]  # as .ci/run: an unreachable page costs seconds
UV = [sys.executable, "-m", "uv"]
UV_ENV = {**os.environ, "UV_HTTP_TIMEOUT": "10", "UV_HTTP_RETRIES": "0", "UV_NO_PROGRESS": "1"}


def _reachable(url: str) -> bool:
    try:
        socket.create_connection((urlparse(url).hostname, 443), timeout=3).close()
        return True
    except OSError:
        return False


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _local_torch_folder() -> Path | None:
    """The folder in pip's configuration (``find-links``) that holds the +cpu wheel for this Python."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True).stdout
    folders = re.findall(r"find-links='([^']*)'", listed) + [os.environ.get("PIP_FIND_LINKS", "")]
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    for folder in " ".join(folders).split():
        path = Path(folder.removeprefix("file://"))
        if path.is_dir() and any(path.glob(f"torch-{TORCH_CPU}-{tag}-{tag}-*.whl")):
            return path
    return None


@pytest.fixture(scope="module")
def torch_source() -> str:
    """Where torch's CPU wheels come from for uv: the real page, or the local folder pip uses here."""
    if not _reachable("https://pypi.org/simple/"):
        pytest.skip("PyPI is out of reach: no resolution is possible (nor is .ci/run's install)")
    if _reachable(TORCH_PAGE):
        return TORCH_PAGE
    folder = _local_torch_folder()
    if folder is None:
        pytest.fail(f"{TORCH_PAGE} is out of reach and pip's find-links hold no torch {TORCH_CPU} wheel")
    return str(folder)


def _requirements_for_uv(tmp_path: Path, torch_source: str) -> Path:
    text = REQUIREMENTS.read_text()
    assert f"--find-links {TORCH_PAGE}\n" in text
    copy = tmp_path / "requirements.txt"
    copy.write_text(text.replace(f"--find-links {TORCH_PAGE}", f"--find-links {torch_source}"))
    return copy


def test_the_requirements_name_torch_cpu_on_linux_and_no_index():
    """Nothing but torch's own page is added: an --extra-index-url or --index-url would, under uv's
    first-index rule, also serve numpy, pillow, jinja2 ... at whatever versions PyTorch mirrors."""
    lines = [line.split("#")[0].strip() for line in REQUIREMENTS.read_text().splitlines()]
    options = [line for line in lines if line.startswith("-")]
    assert options == [f"--find-links {TORCH_PAGE}"]
    assert f'torch=={TORCH_CPU} ; sys_platform == "linux"' in lines
    assert f'torch=={TORCH} ; sys_platform != "linux"' in lines
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"pip install [^\n]*--retries [01] --timeout \d+ ", ci), "CI bounds pip's retries"


def test_pip_resolves_the_cpu_build(tmp_path):
    if not _reachable("https://pypi.org/simple/"):
        pytest.skip("PyPI is out of reach: no resolution is possible (nor is .ci/run's install)")
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                           "--disable-pip-version-check", *PIP_BOUNDS, "--report", str(report),
                           "-r", str(REQUIREMENTS)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    chosen = {_norm(item["metadata"]["name"]): (item["metadata"]["version"], item["download_info"]["url"])
              for item in json.loads(report.read_text())["install"]}
    assert chosen["torch"][0] == TORCH_CPU
    assert not [name for name in chosen if CUDA.match(name)]
    taken_from_pytorch = [n for n, (_, url) in chosen.items() if urlparse(url).hostname == "download.pytorch.org"]
    assert set(taken_from_pytorch) <= {"torch"}


def test_uv_resolves_the_cpu_build(tmp_path, torch_source):
    """What Community Cloud runs first: ``uv pip install -r requirements.txt`` into a fresh venv."""
    requirements = _requirements_for_uv(tmp_path, torch_source)
    venv = tmp_path / "venv"
    subprocess.run([*UV, "venv", "-q", "--python", sys.executable, str(venv)], check=True, env=UV_ENV, timeout=60)
    done = subprocess.run([*UV, "pip", "install", "--dry-run", "--python", str(venv / "bin" / "python"),
                           "-r", str(requirements)], capture_output=True, text=True, env=UV_ENV, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    chosen = dict(re.findall(r"^ \+ ([A-Za-z0-9_.\-]+)==(\S+)$", done.stdout + done.stderr, re.M))
    chosen = {_norm(name): version for name, version in chosen.items()}
    assert chosen.get("torch") == TORCH_CPU, done.stderr[-2000:]
    assert chosen["streamlit"] == "1.67.0" and chosen["numpy"] == "2.4.6"
    assert not [name for name in chosen if CUDA.match(name)]


@pytest.mark.parametrize("platform, torch_versions", [
    ("x86_64-manylinux_2_28", {TORCH_CPU}),
    ("aarch64-apple-darwin", {TORCH}),  # PyPI's macOS wheels: arm64, macOS 14 and later
    ("x86_64-pc-windows-msvc", {TORCH, TORCH_CPU}),  # PyPI's (CPU) or the page's identical +cpu
])
def test_a_laptop_resolves_on_every_platform(tmp_path, torch_source, platform, torch_versions):
    """A laptop's install, resolved for its platform (uv evaluates the markers for the target)."""
    requirements = _requirements_for_uv(tmp_path, torch_source)
    done = subprocess.run([*UV, "pip", "compile", "--no-header", "--no-annotate", "--python-version", "3.11",
                           "--python-platform", platform, str(requirements)], capture_output=True, text=True,
                          env={**UV_ENV, "MACOSX_DEPLOYMENT_TARGET": "14.0"}, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    chosen = {_norm(name): version for name, version in re.findall(r"^([A-Za-z0-9_.\-]+)==(\S+)$", done.stdout, re.M)}
    assert chosen["torch"] in torch_versions
    assert not [name for name in chosen if CUDA.match(name)]

"""The image, built and run: ``python -m bench --only image`` (issue 35).

The project's own Dockerfile, unchanged, built with Debian's podman (a drop-in for the docker CLI),
then run as docs/deploying.md runs it, waited on until its own HEALTHCHECK passes, a page opened in
Chromium and one model page worked, and the image's size and the container's resting memory read.

Two things differ from a user's ``docker build`` on a laptop, both of the machine, not of the image:
- **The base.** No registry image can be pulled here, so ``python:3.11-slim`` is replaced (podman's
  ``--from``) by a base made from Debian's archive: ``debootstrap --variant=minbase bookworm`` with
  Debian's Python 3.11, pip and ``python`` on the path. Like the official image, its pip installs
  into the system Python (Debian's "externally managed" marker is removed).
- **Where pip finds torch.** requirements.txt takes torch 2.13.0+cpu from PyTorch's CPU index,
  which this machine cannot reach; the same wheel file lies on this machine's disk, and its gateway
  to PyPI re-signs TLS with its own authority. The build mounts a pip.conf naming both (read-only
  build volumes, in no layer of the image), so pip sees what pip here sees.

Podman here needs the runc runtime, the cgroupfs manager and explicit ulimits
(../shared/notes/containers.md); its health-check timer needs systemd, which this machine does not
run, so the bench runs the image's own health check itself (``podman healthcheck run``) every 2 s.
Any step that fails is reported with the command and what it printed: "what refused it".
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from bench.harness import ROOT, free_port, lab_url, launch_browser, wait_rendered

BASE = "localhost/rnn-playground-base"
IMAGE = "localhost/rnn-playground"
CONTAINER = "rnn-playground-bench"
SUITE, MIRROR = "bookworm", "http://deb.debian.org/debian"
BASE_PACKAGES = ("python3", "python3-pip", "python3-venv", "python-is-python3", "ca-certificates")
PODMAN = ("podman", "--cgroup-manager=cgroupfs")
RUNTIME = ("--runtime", "runc", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1000:1000")
HOST_WHEELS = Path("/opt/wheels")  # the machine's own copy of torch 2.13.0+cpu
HOST_CA = Path("/etc/ssl/certs/ca-certificates.crt")  # includes the gateway's authority
HEALTHY_WITHIN_S = 180.0
REST_S = 16.0  # the app hands freed memory back every 15 s while nobody runs anything


class Refused(RuntimeError):
    """A step this machine refused: the step, the command and the end of what it printed."""

    def __init__(self, step: str, command: list[str], output: str) -> None:
        super().__init__(f"{step}: `{' '.join(command)}` refused:\n{output[-2000:]}")
        self.step, self.command, self.output = step, command, output[-2000:]


def _run(step: str, command: list[str], timeout_s: float = 900.0, **kwargs) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, **kwargs)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise Refused(step, command, str(error)) from error
    if done.returncode != 0:
        raise Refused(step, command, done.stdout + done.stderr)
    return done.stdout


def debootstrap_command(rootfs: Path) -> list[str]:
    return ["debootstrap", "--variant=minbase", f"--include={','.join(BASE_PACKAGES)}", SUITE, str(rootfs), MIRROR]


def make_base(workdir: Path) -> dict:
    """Debian's minimal bookworm with its Python, imported into podman as ``BASE``."""
    started = time.perf_counter()
    rootfs = workdir / "rootfs"
    _run("debootstrap", debootstrap_command(rootfs), timeout_s=1200)
    for marker in (rootfs / "usr/lib").glob("python3*/EXTERNALLY-MANAGED"):
        marker.unlink()  # pip installs system-wide, as in python:3.11-slim
    for cache in ("var/cache/apt/archives", "var/lib/apt/lists"):
        shutil.rmtree(rootfs / cache, ignore_errors=True)
    tar = subprocess.Popen(["tar", "-C", str(rootfs), "-c", "."], stdout=subprocess.PIPE)
    try:
        _run("import the base", [*PODMAN, "import", "-", BASE], stdin=tar.stdout)
    finally:
        tar.stdout.close()
        tar.wait()
    shutil.rmtree(rootfs, ignore_errors=True)
    return {"seconds": round(time.perf_counter() - started, 1), "size_mb": image_size_mb(BASE)}


def pip_mounts(workdir: Path) -> list[str]:
    """Build volumes that let pip in the build see what pip on this machine sees (none elsewhere)."""
    lines, mounts = ["[global]", "retries = 1", "timeout = 15"], []
    if HOST_WHEELS.is_dir():
        lines.append(f"find-links = {HOST_WHEELS}")
        mounts += ["-v", f"{HOST_WHEELS}:{HOST_WHEELS}:ro"]
    if HOST_CA.is_file():
        lines.append("cert = /etc/ssl/host-ca-certificates.crt")
        mounts += ["-v", f"{HOST_CA}:/etc/ssl/host-ca-certificates.crt:ro"]
    conf = workdir / "pip.conf"
    conf.write_text("\n".join(lines) + "\n")
    return [*mounts, "-v", f"{conf}:/etc/pip.conf:ro"]


def build_command(mounts: list[str]) -> list[str]:
    """``docker build -t rnn-playground .`` as podman runs it here; ``--format docker`` keeps the
    Dockerfile's HEALTHCHECK (the OCI format has none); ``--no-cache``: every step runs, every time."""
    return [*PODMAN, "build", *RUNTIME, "--network", "host", "--format", "docker", "--no-cache", "--from", BASE,
            *mounts, "-t", IMAGE, "."]


def run_command(port: int) -> list[str]:
    """``docker run -d --name rnn-1 -p 8501:8501 rnn-playground`` as podman runs it here."""
    return [*PODMAN, "run", "-d", "--name", CONTAINER, *RUNTIME, "-p", f"{port}:8501", IMAGE]


def image_size_mb(image: str) -> float:
    return int(_run("image size", [*PODMAN, "image", "inspect", "--format", "{{.Size}}", image])) / 1e6


def wait_healthy(timeout_s: float = HEALTHY_WITHIN_S) -> float:
    """Seconds until the image's own HEALTHCHECK command passes in the running container."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout_s:
        if subprocess.run([*PODMAN, "healthcheck", "run", CONTAINER], capture_output=True).returncode == 0:
            return time.perf_counter() - started
        time.sleep(2.0)
    logs = subprocess.run([*PODMAN, "logs", CONTAINER], capture_output=True, text=True)
    raise Refused("health check", [*PODMAN, "healthcheck", "run", CONTAINER],
                  f"not healthy within {timeout_s:.0f} s; the container's log:\n{logs.stdout}{logs.stderr}")


def open_pages(port: int) -> dict:
    """Home, then the sentiment lab with a review typed (its shipped models read from the image)."""
    from playwright.sync_api import sync_playwright

    from bench.interaction import ScriptRuns, time_widget_changes
    from playground.lessons import PAGES

    spec = next(s for s in PAGES if s.key == "sentiment")
    base = f"http://127.0.0.1:{port}"
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        page = browser.new_page()
        runs = ScriptRuns(page)
        started = time.perf_counter()
        page.goto(f"{base}/")
        wait_rendered(page)
        home_s = time.perf_counter() - started
        page.goto(lab_url(base, spec))
        wait_rendered(page)
        typed = time_widget_changes(page, runs, spec.main_widget, str(spec.main_value), changes=2)
        errors = page.locator("[data-testid='stException']").count()
        title = page.title()
        browser.close()
    return {"home_s": round(home_s, 2), "review_s": [round(t, 3) for t in typed], "exceptions": errors,
            "title": title}


def resting_memory() -> dict:
    """The container's main process (RSS from the host's /proc) and its cgroup, after a rest."""
    time.sleep(REST_S)
    pid = _run("inspect", [*PODMAN, "inspect", "--format", "{{.State.Pid}}", CONTAINER]).strip()
    rss_kb = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if line.startswith("VmRSS:"))
    stats = json.loads(_run("stats", [*PODMAN, "stats", "--no-stream", "--format", "json", CONTAINER]) or "[]")
    return {"server_rss_mb": round(rss_kb / 1024, 1),
            "cgroup_mem": stats[0].get("mem_usage") if stats else None}


def _remove_container() -> None:
    subprocess.run([*PODMAN, "rm", "-f", CONTAINER], capture_output=True)


def run(build: bool = True, fresh_base: bool = False) -> dict:
    """Build (the base only when missing or ``fresh_base``), run, check, measure; with ``build``
    False, only the commands it would run and the podman it would use (the bench's smoke size)."""
    out: dict = {"podman": shutil.which("podman"), "base": BASE, "image": IMAGE}
    with tempfile.TemporaryDirectory(dir="/var/tmp") as tmp:
        work, port = Path(tmp), free_port()
        out["commands"] = {"base": " ".join(debootstrap_command(work / "rootfs")),
                           "build": " ".join(build_command(pip_mounts(work))), "run": " ".join(run_command(port))}
        if not build:
            return out
        try:
            out["version"] = _run("podman", [*PODMAN, "--version"]).strip()
            exists = subprocess.run([*PODMAN, "image", "exists", BASE]).returncode == 0
            out["base_made"] = make_base(work) if fresh_base or not exists else "reused"
            started = time.perf_counter()
            _run("build", build_command(pip_mounts(work)), timeout_s=1800, cwd=ROOT)
            out["build_s"] = round(time.perf_counter() - started, 1)
            out["image_mb"] = image_size_mb(IMAGE)
            _remove_container()
            _run("run", run_command(port))
            out["healthy_after_s"] = round(wait_healthy(), 1)
            out["pages"] = open_pages(port)
            out["resting"] = resting_memory()
        except Refused as refused:
            out["refused"] = {"step": refused.step, "command": " ".join(refused.command), "output": refused.output}
        finally:
            _remove_container()
    return out


def summary(r: dict) -> str:
    if "refused" in r:
        return f"image: REFUSED at {r['refused']['step']}: {r['refused']['command']}\n{r['refused']['output']}"
    if "build_s" not in r:
        return f"image: not built at this size; podman {r['podman'] or 'not installed'}; build: {r['commands']['build']}"
    pages, rest, made = r["pages"], r["resting"], r["base_made"]
    base = made if isinstance(made, str) else f"made in {made['seconds']:.0f} s, {made['size_mb']:.0f} MB"
    return (f"image: built in {r['build_s']:.0f} s over {r['base']} ({base}), {r['image_mb']:.0f} MB; "
            f"healthy {r['healthy_after_s']:.0f} s after start; Home {pages['home_s']:.1f} s, a review"
            f" {max(pages['review_s']):.2f} s, exceptions {pages['exceptions']}; resting: server RSS"
            f" {rest['server_rss_mb']:.0f} MB, container {rest['cgroup_mem']}\n  {r['version']}\n"
            f"  build: {r['commands']['build']}\n  run:   {r['commands']['run']}")

"""Where a class's CPU goes: py-spy samples one server while a class of light students types into
the model pages (issue 35: profile before cutting).

``py-spy record --nonblocking`` (it does not pause the server to sample) takes ``rate`` samples a
second of every thread that is not idle, for ``seconds``, while ``students`` light sessions
(``bench.classroom``) type a new text every ~5 s. Each sample is one stack; a stack is filed under
the first of ``SECTIONS`` whose test a frame of it passes, reading from the innermost frame out
(numpy and torch count as model work unless a Plotly figure or a table called them; a thread
blocked on a lock or a socket is counted apart, as waiting). Reported: the share of samples per
section and per thread kind (the event loop that carries every socket, the script threads that run
the pages), with the server's CPU seconds and interactions, so that a share can be read as
milliseconds per interaction.
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from bench import classroom
from bench.harness import streamlit_server
from bench.interaction import cpu_seconds

# (section, pattern over one frame "function (path:line)"), tried in this order on each frame from
# the innermost out; the first frame that matches any section files the sample there
SECTIONS: list[tuple[str, str]] = [
    # Streamlit's gc.collect(2) after every run (runner.postScriptGC): the frame that calls it
    ("garbage collection after each run", r"^<gc>|_on_script_finished \(.*script_runner\.py:10[45]\d\)"),
    ("Plotly figure building", r"/plotly/|/_plotly_utils/"),
    ("tables (pandas / Arrow)", r"/pandas/|/pyarrow/|dataframe_util|arrow_"),
    ("protobuf: deltas built and serialised", r"/google/protobuf/|_pb2\.py|SerializeToString|forward_msg"),
    ("cache lookups (st.cache_data / resource hashing)", r"/streamlit/runtime/caching/"),
    ("Streamlit config lookups (get_option)", r"/streamlit/config\.py"),
    ("URL and page-state store", r"/playground/app/store\.py|query_params"),
    ("fair share accounting", r"/playground/app/fair\.py|/playground/core/fairness\.py"),
    ("widget and session state bookkeeping", r"/streamlit/runtime/state/|register_widget|widget_utils"),
    # the lessons' models and decoders: every file of a lesson but its page, strings, settings and question
    ("model work (lesson models and decoders, torch, numpy)",
     r"/torch/|/numpy/|/playground/core/(cells|decoding|batching)\.py|/playground/models/"
     r"|/playground/(?!app/|drawing/|core/)[a-z0-9_]+/(?!page|strings|settings|question)[a-z0-9_]+\.py"),
    ("drawing (figures, SVG, step-through frames)", r"/playground/drawing/"),
    ("Streamlit elements (st.* calls)", r"/streamlit/elements/|/streamlit/delta_generator"),
    ("Streamlit script runner", r"/streamlit/runtime/scriptrunner|/streamlit/runtime/app_session|exec_func"),
    ("event loop, sockets, messages", r"/uvicorn/|/starlette/|/websockets/|/asyncio/|/streamlit/web/server/"
                                      r"|/streamlit/runtime/runtime\.py|/streamlit/runtime/forward_msg"),
    ("pages and the app layer", r"/playground/"),
    ("other Streamlit", r"/streamlit/"),
]


def py_spy() -> str:
    binary = shutil.which("py-spy")
    if binary is None:
        raise RuntimeError("py-spy not found: pip install py-spy (requirements-test.txt)")
    return binary


NUMERIC = re.compile(r"/numpy/|/torch/")  # arithmetic: belongs to whoever called it
MODEL = next(name for name, _ in SECTIONS if name.startswith("model work"))
CALLERS_OWN_ARITHMETIC = {"Plotly figure building", "tables (pandas / Arrow)"}


def section_of(stack: list[str]) -> str:
    """The section a sample belongs to (``stack`` root first, as py-spy's raw format writes it): its
    innermost frame that belongs to one; numpy and torch count as model work unless a Plotly figure or
    a table called them."""
    numeric = False
    for frame in reversed(stack):
        if NUMERIC.search(frame):
            numeric = True
            continue
        for name, pattern in SECTIONS:
            if re.search(pattern, frame):
                return name if not numeric or name in CALLERS_OWN_ARITHMETIC else MODEL
    return MODEL if numeric else "other"


def thread_kind(stack: list[str]) -> str:
    """The event loop (every socket and message), a page's script thread, or another thread."""
    text = ";".join(stack)
    if "scriptrunner" in text or "exec_func" in text:
        return "script threads (the pages)"
    if "asyncio" in text or "uvicorn" in text:
        return "event loop"
    return "other threads"


def page_of(stack: list[str]) -> str:
    """The lesson whose page the sample ran in (its ``page.py`` on the stack), or "-"."""
    for frame in stack:
        found = re.search(r"/playground/([a-z0-9_]+)/page\.py", frame)
        if found:
            return found.group(1)
    return "-"


def read_raw(path: Path) -> list[tuple[list[str], int]]:
    """py-spy's raw output: one ``frame;frame;... count`` line per distinct stack."""
    stacks = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            stacks.append((stack.split(";"), int(count)))
    return stacks


# a thread blocked here waits (its turn at the gate, the next message): py-spy's idle test misses some
WAITING = re.compile(r"^(Condition\.wait|Event\.wait|\w*Selector\.select|Semaphore\.acquire) \(")


def tally(stacks: list[tuple[list[str], int]]) -> dict:
    """Samples per section and per thread kind, as shares of the samples that computed (a thread
    waiting on a lock or a socket is left out and counted apart)."""
    sections, threads, pages = collections.Counter(), collections.Counter(), collections.Counter()
    waiting = 0
    for stack, count in stacks:
        if WAITING.search(stack[-1]):
            waiting += count
            continue
        sections[section_of(stack)] += count
        threads[thread_kind(stack)] += count
        pages[page_of(stack)] += count
    total = sum(sections.values()) or 1
    return {"samples": total, "waiting_samples": waiting, "sections": {k: v / total for k, v in sections.most_common()},
            "threads": {k: v / total for k, v in threads.most_common()},
            "pages": {k: v / total for k, v in pages.most_common()}}


def top_frames(stacks: list[tuple[list[str], int]], n: int = 25) -> list[tuple[str, float]]:
    """The innermost frames that took the most samples (self time), as shares."""
    leaves = collections.Counter()
    for stack, count in stacks:
        leaves[stack[-1]] += count
    total = sum(leaves.values()) or 1
    return [(frame, count / total) for frame, count in leaves.most_common(n)]


async def _class_under_spy(url: str, pid: int, students: int, seconds: float, rate: int, raw: Path) -> dict:
    await classroom.warm(url)
    spy = subprocess.Popen([py_spy(), "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate",
                            str(rate), "--format", "raw", "--output", str(raw), "--nonblocking", "--full-filenames"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    out = classroom.record()
    server_cpu, started = cpu_seconds(pid), time.perf_counter()
    await asyncio.gather(*(classroom.student(i, classroom.direct(url), seconds, 5.0, out) for i in range(students)))
    wall, server_cpu = time.perf_counter() - started, cpu_seconds(pid) - server_cpu
    _, err = await asyncio.to_thread(spy.communicate)
    if spy.returncode != 0 and not raw.exists():
        raise RuntimeError(f"py-spy failed: {err.decode(errors='replace')[-1000:]}")
    return {"students": students, "seconds": round(wall, 1), **classroom.latency(out["interactions"]),
            "errors": out["errors"], "server_cpu_s": server_cpu, "server_cores_busy": server_cpu / wall}


def run(students: int = 60, seconds: float = 90.0, rate: int = 50, keep_raw: Path | None = None) -> dict:
    """A class of ``students`` for ``seconds`` on one server under py-spy; the profile's sections
    (py-spy's raw stacks copied to ``keep_raw``)."""
    with tempfile.TemporaryDirectory() as tmp, streamlit_server() as (port, proc):
        raw = Path(tmp) / "profile.txt"
        result = asyncio.run(_class_under_spy(f"ws://127.0.0.1:{port}", proc.pid, students, seconds, rate, raw))
        stacks = read_raw(raw)
        if keep_raw is not None:
            keep_raw.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(raw, keep_raw)
    result.update(tally(stacks))
    result["top_frames"] = top_frames(stacks)
    n = max(result["interactions"], 1)
    result["cpu_ms_per_interaction"] = 1000 * result["server_cpu_s"] / n
    return result


def summary(r: dict) -> str:
    per = r["cpu_ms_per_interaction"]
    lines = [f"profile: {r['students']} students for {r['seconds']:.0f} s, {r['interactions']} interactions,"
             f" p95 {r['p95_s'] * 1000:.0f} ms, server {r['server_cores_busy']:.2f} cores,"
             f" {per:.0f} ms CPU per interaction; {r['samples']} samples"]
    lines += [f"  {share:6.1%}  ~{share * per:5.1f} ms  {name}" for name, share in r["sections"].items()]
    lines += ["  threads: " + ", ".join(f"{k} {v:.0%}" for k, v in r["threads"].items())]
    lines += ["  pages: " + ", ".join(f"{k} {v:.0%}" for k, v in r["pages"].items())]
    lines += [f"  self {share:6.1%}  {frame[:150]}" for frame, share in r["top_frames"][:15]]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m bench.profile_class [students] [seconds]
    import sys

    args = sys.argv[1:]
    report = run(int(args[0]) if args else 60, float(args[1]) if len(args) > 1 else 90.0,
                 keep_raw=Path("bench/results/profile_class.raw.txt"))
    print(summary(report))
    Path("bench/results").mkdir(parents=True, exist_ok=True)
    Path("bench/results/profile_class.json").write_text(json.dumps(report, indent=1, default=str))

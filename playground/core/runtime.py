"""How the server process runs torch and the C allocator: the policy for a box shared by a class.

Threads. Streamlit runs every session's script in its own thread, and live training jobs run in
more threads. torch's intra-op pool is one per process: left at its default (one thread per
core) every small request fans out over all cores and contends with the others and with the
training jobs. numpy's BLAS (OpenBLAS) does the same for the char-LM decoders' matrix-vector
products, and its idle threads spin: measured here, sampling 5 x 200 characters took 137 ms of CPU
for 69 ms of wall time with two BLAS threads, 87 ms of both with one. The server's policy is one
thread for each (``TORCH_THREADS``, overridable with ``RNN_PLAYGROUND_TORCH_THREADS``; BLAS through
threadpoolctl): concurrency comes from sessions running side by side (torch and numpy release the
GIL inside each operation), and the job cap (``playground.core.jobs``, one job per CPU) keeps training
from taking every core. Python's thread switch interval is 1 ms instead of 5: the decoders hold the
GIL between small numpy calls, and the event loop that sends every session's messages waits for
it. ``python -m bench --only load`` measures the class.

Memory. glibc gives each thread that allocates an arena of its own (up to 8 per core): a server
with dozens of short script threads keeps many half-empty arenas. ``M_ARENA_MAX = 2`` caps them;
the Dockerfile sets the same through ``MALLOC_ARENA_MAX``. What Python frees, glibc keeps until it
is asked to hand it back (``malloc_trim``): a full page run asks (at most every 10 s), and so does a
thread of its own every ``TRIM_EVERY_S`` while nobody runs anything (issue 37: 24 sessions that each
sent a 1 MB text and left kept the server 60 MB larger until the next visitor's run; after one,
8 MB). Large blocks: glibc serves a request of at least ``MMAP_THRESHOLD`` bytes with a mapping of its own,
handed back the moment it is freed; left to itself it raises that line each time such a block is freed (up
to 32 MB), after which large blocks are carved from the arenas. The line is fixed at 128 KB (issue 37: after
the abuse bench's whole series the first server rested at 742 MB with the line moving, 632 MB fixed). Its
price is CPU: every temporary array above it, which the decoders make at each step (a cloze step's 30-78 rows
x the vocabulary in float64, the translator's), is mapped, faulted in page by page and unmapped again. With
the line at ``FASTER_MMAP_THRESHOLD`` (4 MB) and the heap's top kept up to 4 times that for the next step, on
the 2-core machine (issue 51): server CPU per new text, cloze 161 -> 65 ms, translator 186 -> 138 (before its
decodings were merged); a class of 75 peaked at 751 MB against 611, and the server rested after the abuse
series at 743 MB against 696 the same day. So 4 MB is for a box with memory to spare
(``RNN_PLAYGROUND_MMAP_THRESHOLD=4194304``); the Dockerfile sets the 128 KB line through
``MALLOC_MMAP_THRESHOLD_``.
oneDNN. torch runs an RNN on the CPU (the cloze's bidirectional reader, the translators' encoders) through
oneDNN, which keeps a primitive for every input shape it has seen, each with its own copy of the weights laid
out for it, up to 1,024 of them: every new length of text a class types adds one. Measured (issue 51): an
LSTM and a GRU of the pages' sizes over 120 shapes grew the process by 26 MB, with the cache capped at
``ONEDNN_PRIMITIVES`` by 2-6 MB, and a cloze fill and a translation took the same time either way (62-66 and
55-57 ms; making a primitive costs little next to running it). So the server caps it (oneDNN reads
``ONEDNN_PRIMITIVE_CACHE_CAPACITY`` when an RNN first runs, which is after ``configure_server``; a value set
by whoever starts the server is kept).
Garbage collection. Streamlit collects garbage after every script run, and a full collection walks
every object Python tracks: with torch, pandas and plotly imported that is 250,000 objects and
about 120 ms of CPU per click. They live as long as the server, so ``warm_up`` imports them once
(in the run after the first) and freezes them (``gc.freeze``: the collector skips
them from then on); a collection then walks only what came later (the models, the sessions: about
2 ms with every model loaded).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import gc
import os
import sys
import threading
import time

# pandas (every page's tables) is imported here, as the first run begins and before the models load:
# imported later (after Home, or in a thread of its own) the server rested 50-90 MB larger after the abuse
# bench's 60 cloze inputs (635-666 MB against 580; its goal is 600), at the cost of ~0.5 s of the first page
import pandas  # noqa: F401
import torch
from threadpoolctl import threadpool_info, threadpool_limits

TORCH_THREADS = 1
SWITCH_INTERVAL_S = 0.001  # a GIL-holding decoder gives the event loop (every session's messages) its turn sooner
ARENAS = 2
MMAP_THRESHOLD = 128 * 2**10  # bytes: a block this large gets a mapping of its own (see Memory above)
FASTER_MMAP_THRESHOLD = 4 * 2**20  # the line for a box with memory to spare (see Memory above)
TRIM_EVERY_S = 15.0  # the idle server hands freed memory back at least this often
ONEDNN_PRIMITIVES = 16  # the oneDNN primitives kept (see oneDNN above)
_M_ARENA_MAX = -8  # mallopt parameter numbers, from glibc's malloc.h
_M_MMAP_THRESHOLD = -3
_M_TRIM_THRESHOLD = -1
_configured = False
_policy: dict = {}  # what the first configure_server applied and found
_configure_lock = threading.Lock()  # two sessions' first runs at once apply it once
_first_frozen = False
_warm = False
_warm_lock = threading.Lock()
_last_release = 0.0


def mmap_threshold() -> int:
    """The large-block line the server uses (``RNN_PLAYGROUND_MMAP_THRESHOLD``, in bytes, overrides it:
    ``FASTER_MMAP_THRESHOLD`` for less CPU and more memory)."""
    with contextlib.suppress(ValueError):
        return max(64 * 2**10, int(os.environ.get("RNN_PLAYGROUND_MMAP_THRESHOLD", MMAP_THRESHOLD)))
    return MMAP_THRESHOLD


def _trim_threshold() -> int:
    """Free bytes the heap's top keeps before glibc hands them back: glibc's 128 KB at the 128 KB line, 4
    times a raised line (what a step freed serves the next step's arrays instead of being faulted in again)."""
    return 128 * 2**10 if mmap_threshold() <= MMAP_THRESHOLD else 4 * mmap_threshold()


def torch_threads() -> int:
    """The intra-op thread count the server uses (``RNN_PLAYGROUND_TORCH_THREADS`` overrides it)."""
    with contextlib.suppress(ValueError):
        return max(1, int(os.environ.get("RNN_PLAYGROUND_TORCH_THREADS", TORCH_THREADS)))
    return TORCH_THREADS


@functools.cache
def _libc():
    name = ctypes.util.find_library("c")
    return ctypes.CDLL(name) if name else None


def configure_server() -> dict:
    """Apply the policy once per process (later calls change nothing) and say what it is. The entry script
    calls it at every run, so a later call only hands back what the first found: asking the libraries for
    their thread pools (``threadpool_info`` reads every loaded library) cost 5% of a page's run."""
    global _configured, _policy
    if _configured:
        return dict(_policy)
    with _configure_lock:
        if not _configured:
            _policy = _apply_policy()
            _configured = True
    return dict(_policy)


def _apply_policy() -> dict:
    """Torch's and the BLAS's threads, the GIL's switch interval, glibc's arenas and lines, the trimming thread."""
    os.environ.setdefault("ONEDNN_PRIMITIVE_CACHE_CAPACITY", str(ONEDNN_PRIMITIVES))
    torch.set_num_threads(torch_threads())
    threadpool_limits(torch_threads(), user_api="blas")
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    libc = _libc()
    if libc is not None and hasattr(libc, "mallopt"):  # glibc only: other C libraries go on as they are
        libc.mallopt(_M_ARENA_MAX, ARENAS)
        libc.mallopt(_M_MMAP_THRESHOLD, mmap_threshold())  # fixed: glibc no longer raises it
        libc.mallopt(_M_TRIM_THRESHOLD, _trim_threshold())
    threading.Thread(target=_keep_trimming, name="rnn-playground-trim", daemon=True).start()
    blas = [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]
    return {"torch_threads": torch.get_num_threads(), "blas_threads": max(blas, default=0), "malloc_arenas": ARENAS,
            "mmap_threshold": mmap_threshold(), "trim_threshold": _trim_threshold(),
            "onednn_primitives": os.environ["ONEDNN_PRIMITIVE_CACHE_CAPACITY"]}


def warm_up() -> bool:
    """Called as each run of the entry script ends; True once the heap is warm. The first run only
    freezes what it imported (torch, Streamlit, pandas, the app: ~250,000 objects, ~20 of them
    garbage), so the collection Streamlit makes as that run ends walks none of it (~0.1 s of the
    first page). The next run imports what the other pages need (pyarrow for every table, plotly's
    figures), collects, and freezes again; once per process. (pandas: see its import above.)"""
    global _first_frozen, _warm
    with _warm_lock:
        if not _first_frozen:
            _first_frozen = True
            gc.freeze()
        elif not _warm:
            _import_and_freeze()
            _warm = True
    return _warm


def _import_and_freeze() -> None:
    import plotly.graph_objects  # noqa: F401 - every page's charts
    import pyarrow  # noqa: F401 - how Streamlit sends a table

    gc.collect()
    gc.freeze()


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                      "fsmblks", "uordblks", "fordblks", "keepcost")]


def heap_mb() -> dict[str, float]:
    """glibc's heap, in MB: ``in_use`` by the program, ``free`` inside it (kept, not handed back:
    after a trim, what is left is fragmentation), ``mapped`` in large blocks of their own; {} on
    other C libraries."""
    libc = _libc()
    if libc is None or not hasattr(libc, "mallinfo2"):
        return {}
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    mb = 2**20
    return {"in_use": round(info.uordblks / mb, 1), "free": round(info.fordblks / mb, 1),
            "mapped": round(info.hblkhd / mb, 1)}


def _keep_trimming(every_s: float = TRIM_EVERY_S) -> None:
    """Hand freed memory back every ``every_s`` seconds (a run that did so lately counts)."""
    while True:
        time.sleep(every_s)
        release_free_memory(every_s=every_s)


def release_free_memory(every_s: float = 0.0) -> bool:
    """Hand what Python and torch have freed back to the system (glibc ``malloc_trim``), at most
    once per ``every_s`` seconds; True when it ran."""
    global _last_release
    now = time.monotonic()
    if now - _last_release < every_s:
        return False
    _last_release = now
    gc.collect()  # in place of Streamlit's collection after every run (config.toml: runner.postScriptGC)
    libc = _libc()
    if libc is not None and hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)
    return True


@contextlib.contextmanager
def spawnable_main():
    """While it is open, a process started with multiprocessing's ``spawn`` does not run ``__main__`` again.

    A spawned child re-imports the parent's ``__main__`` from its file. In a Streamlit process (and a test
    process that has run AppTest) ``__main__`` is the last page script run: the child would run that page
    again, and a script AppTest wrote for a function, whose arguments only the parent has, fails there
    (``NameError: __args``) and the pool breaks (CI, 2026-12-07). Start the workers inside this block."""
    import types

    kept = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = kept

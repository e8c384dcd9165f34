"""Sequential vs parallel, measured: what a sequence of length T costs an RNN, causal self-attention,
and a linear (state-space style) recurrence (seed 001's closing section; seed 003, section 12).

Each ``run_*`` function builds its inputs, runs once to warm up, then times ``repeats`` runs on
``device`` and reports the median seconds and the peak memory of one run: on CUDA the allocator's
peak, on the CPU the peak resident set size (Linux lets a process reset it through
``/proc/self/clear_refs``; the shipped run first makes large allocations go straight to the system,
see ``prefer_mmap``), so every figure is measured, none is derived from a formula.

- ``rnn``: ``torch.nn.LSTM`` reads the sequence one step after another (T dependent steps);
- ``attention``: ``scaled_dot_product_attention`` with a causal mask (T x T scores, all at once);
- ``scan_sequential``: h_t = a_t * h_{t-1} + b_t, a Python loop of T elementwise steps;
- ``scan_parallel``: the same recurrence by doubling (Hillis-Steele): log2(T) rounds, each a few
  whole-sequence tensor operations - the trick that lets state-space models train in parallel.

``fit_slope`` fits log(time) = slope * log(T) + c; ``state_bytes`` and ``kv_cache_bytes`` give
what each model must keep per sequence to produce the next token.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from playground.core.checkpoints import ModelCard, load_checkpoint, paths, save_checkpoint
from playground.core.device import device as default_device
from playground.core.device import device_label
from playground.core.errors import InputError

METHODS = ("rnn", "attention", "scan_sequential", "scan_parallel")
MAX_LENGTH = 1 << 20


@dataclass(frozen=True)
class Measurement:
    method: str
    length: int
    seconds: float
    peak_bytes: int | None  # None where the platform cannot measure it


def _sync(dev: torch.device) -> None:
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)


def _rss_reset() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def _rss_peak() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def prefer_mmap(threshold: int = 64 * 1024) -> bool:
    """Make glibc serve every allocation above ``threshold`` bytes with its own mmap and return it to
    the system when freed, so that the peak resident size tracks the tensors alive (by default freed
    blocks are kept and reused, and the peak hardly moves). For the measuring process only: it
    slows allocation down. Returns False where this is not glibc."""
    try:
        import ctypes

        return bool(ctypes.CDLL("libc.so.6").mallopt(-3, threshold))  # -3 = M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        return False


def _peak(dev: torch.device, fn: Callable[[], object]) -> int | None:
    """Peak memory of one call of ``fn`` above what was held before it."""
    if dev.type == "cuda":
        torch.cuda.reset_peak_memory_stats(dev)
        before = torch.cuda.memory_allocated(dev)
        fn()
        _sync(dev)
        return torch.cuda.max_memory_allocated(dev) - before
    if not _rss_reset():
        return None
    before = _rss_peak()
    fn()
    after = _rss_peak()
    return None if before is None or after is None else max(0, after - before)


def scan_sequential(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """h_t = a_t * h_{t-1} + b_t with h_0 = 0, one step at a time; a, b: (T, d)."""
    h = torch.zeros_like(b[0])
    out = torch.empty_like(b)
    for t in range(b.shape[0]):
        h = a[t] * h + b[t]
        out[t] = h
    return out


def scan_parallel(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """The same recurrence in ceil(log2 T) rounds: after the round with offset k, position t holds
    the composition of the steps t-2k+1 .. t (an affine map h -> A h + B)."""
    A, B = a.clone(), b.clone()
    k = 1
    while k < b.shape[0]:
        B = torch.cat([B[:k], A[k:] * B[:-k] + B[k:]])
        A = torch.cat([A[:k], A[k:] * A[:-k]])
        k *= 2
    return B


def _check(length: int) -> None:
    if not 1 <= int(length) <= MAX_LENGTH:
        raise InputError("out_of_range", name="T", low=1, high=MAX_LENGTH)


def measure(method: str, length: int, dim: int = 64, heads: int = 4, repeats: int = 3,
            device: torch.device | None = None, seed: int = 0, memory: bool = True) -> Measurement:
    """Median time of ``repeats`` runs of ``method`` over a sequence of ``length`` (batch 1, width ``dim``)."""
    if method not in METHODS:
        raise InputError("bad_choice", name=method)
    _check(length)
    dev = device or default_device()
    gen = torch.Generator().manual_seed(seed)
    T = int(length)
    if method == "rnn":
        lstm = torch.nn.LSTM(dim, dim, batch_first=True).to(dev).eval()
        x = torch.randn(1, T, dim, generator=gen).to(dev)

        def run():
            with torch.no_grad():
                return lstm(x)
    elif method == "attention":
        q, k, v = (torch.randn(1, heads, T, dim // heads, generator=gen).to(dev) for _ in range(3))

        def run():
            with torch.no_grad():
                return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
    else:
        a = torch.rand(T, dim, generator=gen).to(dev) * 0.5 + 0.5
        b = torch.randn(T, dim, generator=gen).to(dev)
        scan = scan_sequential if method == "scan_sequential" else scan_parallel

        def run():
            with torch.no_grad():
                return scan(a, b)
    run()
    _sync(dev)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        _sync(dev)
        times.append(time.perf_counter() - started)
    return Measurement(method, T, statistics.median(times), _peak(dev, run) if memory else None)


def fit_slope(lengths, seconds) -> float:
    """Slope of log(seconds) against log(length): ~1 for linear cost, ~2 for quadratic."""
    x, y = np.log(np.asarray(lengths, dtype=float)), np.log(np.asarray(seconds, dtype=float))
    if len(x) < 2:
        raise InputError("out_of_range", name="points", low=2, high="∞")
    return float(np.polyfit(x, y, 1)[0])


def state_bytes(hidden: int, layers: int = 1, cell: str = "lstm", dtype_bytes: int = 4) -> int:
    """What an RNN keeps to produce the next token: h (and c for an LSTM) per layer, whatever T is."""
    return layers * hidden * (2 if cell == "lstm" else 1) * dtype_bytes


def kv_cache_bytes(length: int, d_model: int, layers: int = 1, dtype_bytes: int = 4) -> int:
    """What a Transformer keeps to produce token T+1: keys and values of all T tokens, every layer."""
    return 2 * layers * int(length) * d_model * dtype_bytes


def lengths_up_to(longest: int, shortest: int = 64) -> list[int]:
    """Powers of two from ``shortest`` to ``longest``."""
    return [1 << k for k in range(int(math.log2(shortest)), int(math.log2(longest)) + 1)]


# --- the shipped measurement ----------------------------------------------------------------------
def sweep(lengths, methods=METHODS, device: torch.device | None = None, repeats: int = 3, dim: int = 64,
          on_point=None, memory: bool = True) -> list[Measurement]:
    """Every method at every length; ``on_point(measurement)`` after each (for a progress display)."""
    out = []
    for length in lengths:
        for method in methods:
            m = measure(method, length, dim=dim, repeats=repeats, device=device, memory=memory)
            out.append(m)
            if on_point is not None:
                on_point(m)
    return out


def slopes(measurements: list[Measurement], tail: int = 4) -> dict[str, float]:
    """Fitted log-log slope per method over its ``tail`` longest lengths (the asymptotic regime)."""
    out = {}
    for method in METHODS:
        points = sorted((m.length, m.seconds) for m in measurements if m.method == method)[-tail:]
        if len(points) >= 2:
            out[method] = fit_slope([p[0] for p in points], [p[1] for p in points])
    return out


def cpu_peaks(lengths) -> dict[tuple[str, int], int | None]:
    """Peak CPU memory of every method at every length, measured in this process after prefer_mmap
    (run it in a fresh process: the shipped measurement does)."""
    prefer_mmap()
    return {(m.method, m.length): m.peak_bytes for m in sweep(lengths, device=torch.device("cpu"), repeats=1)}


def shipped_name(device_type: str) -> str:
    return f"scaling_{device_type}"


SHIPPED: dict[str, str] = {"scaling": "time and memory vs length: RNN, attention, linear scan"}


def build(name: str, out_dir, device) -> ModelCard:
    """Measure on ``device`` and write ``scaling_<device type>`` (the page shows each one shipped)."""

    longest = 1 << 16 if device.type == "cuda" else 1 << 14
    lengths = lengths_up_to(longest)
    started = time.perf_counter()
    timed = sweep(lengths, device=device, memory=False)
    if device.type == "cuda":
        peaks = {(m.method, m.length): m.peak_bytes for m in sweep(lengths, device=device, repeats=1)}
    else:  # a fresh process whose large blocks are mmapped (see prefer_mmap), so timings stay untouched
        import multiprocessing

        from playground.core.runtime import spawnable_main

        with spawnable_main(), multiprocessing.get_context("spawn").Pool(1) as pool:
            peaks = pool.apply(cpu_peaks, (lengths,))
    results = [Measurement(m.method, m.length, m.seconds, peaks[(m.method, m.length)]) for m in timed]
    seconds = time.perf_counter() - started
    tensors = {"lengths": torch.tensor(lengths, dtype=torch.int64)}
    for method in METHODS:
        rows = [m for m in results if m.method == method]
        tensors[f"{method}.seconds"] = torch.tensor([m.seconds for m in rows], dtype=torch.float64)
        tensors[f"{method}.peak_bytes"] = torch.tensor([-1 if m.peak_bytes is None else m.peak_bytes for m in rows],
                                                       dtype=torch.int64)
    card = ModelCard(
        name=shipped_name(device.type), architecture={"dim": 64, "heads": 4, "batch": 1, "methods": list(METHODS)},
        vocabulary=None, data={"source": "random inputs (fixed seed)"}, split={},
        hyperparameters={"repeats": 3, "statistic": "median", "lengths": lengths},
        metrics={"slope_of_longest_4": slopes(results)}, device=device_label(), training_seconds=round(seconds, 1),
        seed=0, extra={"torch_threads": torch.get_num_threads(),
                       "cpu_memory": "peak resident size in a fresh process, allocations over 64 KiB mmapped"},
    )
    save_checkpoint(tensors, card, out_dir)
    return card


def load_shipped(device_type: str, directory=None) -> tuple[list[Measurement], dict]:
    tensors, card = load_checkpoint(shipped_name(device_type), directory, device="cpu", dtype=torch.float64)
    lengths = tensors["lengths"].tolist()
    out = []
    for method in METHODS:
        for length, sec, peak in zip(lengths, tensors[f"{method}.seconds"].tolist(),
                                     tensors[f"{method}.peak_bytes"].tolist(), strict=True):
            out.append(Measurement(method, int(length), float(sec), None if peak < 0 else int(peak)))
    return out, {"device": card.device, "slopes": card.metrics["slope_of_longest_4"], "seconds": card.training_seconds}


def load(name: str = "scaling", directory=None, device=None) -> dict[str, tuple[list[Measurement], dict]]:
    """Every shipped measurement by device type ("cpu", "cuda"): (measurements, info). Missing
    device types are left out; a broken file raises CheckpointError."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    found = {}
    for device_type in ("cpu", "cuda"):
        weights, _ = paths(shipped_name(device_type), directory)
        if weights.is_file() or device_type == "cpu":  # the CPU run always ships
            found[device_type] = load_shipped(device_type, directory)
    return found

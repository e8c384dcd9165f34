"""What the server's memory is made of: each import's resident cost, and each shipped model's bytes.

Imports are measured in fresh interpreters, in the order the server meets them (the RSS a module
adds on top of the ones before it). Models are loaded as the pages load them and their tensors
and arrays counted once each (a numpy view of a torch tensor is not counted twice); the RSS a
model adds is larger (its card, vocabulary and lookup dictionaries, allocator slack).
"""

from __future__ import annotations

import subprocess
import sys

from bench.harness import ROOT

IMPORTS = (  # module, what it is
    ("streamlit", "Streamlit (the server itself)"),
    ("torch", "PyTorch (CPU)"),
    ("pyarrow", "pyarrow (Streamlit's tables)"),
    ("pandas", "pandas (tables, data editor)"),
    ("plotly.graph_objects", "Plotly"),
    ("playground.app.predict", "the app's own modules (shell, store, widgets, jobs, class poll)"),
    ("playground.app.fair", "the fair share of the CPU"),
)

_IMPORT_COST = """
import importlib, sys
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) / 1024
previous = rss()
print('python', previous)
for name in sys.argv[1:]:
    importlib.import_module(name)
    now = rss()
    print(name, now - previous)
    previous = now
"""

_MODEL_BYTES = """
import json, sys
import numpy as np, torch
from playground import registry
def walk(obj, seen, depth=0):
    if depth > 6 or id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, torch.Tensor):
        key = ('t', obj.untyped_storage().data_ptr())
        if key in seen:
            return 0
        seen.add(key)
        return obj.untyped_storage().nbytes()
    if isinstance(obj, np.ndarray):
        base = obj
        while isinstance(base, np.ndarray) and base.base is not None:
            base = base.base
        if not isinstance(base, np.ndarray) or ('n', id(base)) in seen:
            return 0  # a view of torch memory, or counted already
        seen.add(('n', id(base)))
        return base.nbytes
    if isinstance(obj, torch.nn.Module):
        return sum(walk(v, seen, depth + 1) for v in [*obj.parameters(), *obj.buffers()])
    if isinstance(obj, dict):
        return sum(walk(v, seen, depth + 1) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return sum(walk(v, seen, depth + 1) for v in obj)
    if hasattr(obj, '__dict__'):
        return sum(walk(v, seen, depth + 1) for v in vars(obj).values())
    return 0
import ctypes, gc
libc = ctypes.CDLL('libc.so.6')
def rss():
    gc.collect()
    libc.malloc_trim(0)  # what loading freed goes back first: only what the model keeps is counted
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) / 1024
name = sys.argv[1]
shipped = registry.shipped()[name]
before = rss()
model = shipped.subject.load(name, device='cpu')
added = rss() - before
print(json.dumps({"tensors": walk(model, set()) / 2**20, "rss_added": added}))
"""


def import_costs() -> dict[str, float]:
    """MB each import adds, in server order, in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _IMPORT_COST, *(name for name, _ in IMPORTS)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=True)
    return {line.split()[0]: float(line.split()[1]) for line in done.stdout.splitlines()}


def model_bytes(names: tuple[str, ...] | None = None) -> dict[str, dict[str, float]]:
    """Per shipped model, loaded as the pages load it, each in a fresh interpreter with the app's
    modules imported: the MB of its tensors and arrays, and the RSS its loading added (its card,
    vocabulary and lookup tables too). In one process the figures would depend on the order.
    ``names``: these shipped models only (None: every one)."""
    import json

    from playground import registry

    tensors, added = {}, {}
    for name in names or registry.shipped():
        done = subprocess.run([sys.executable, "-c", _MODEL_BYTES, name], cwd=ROOT, capture_output=True,
                              text=True, timeout=300, check=True)
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        tensors[name], added[name] = figures["tensors"], figures["rss_added"]
    return {"tensors": tensors, "rss_added": added}


def run(names: tuple[str, ...] | None = None) -> dict:
    models = model_bytes(names)
    return {"imports_mb": import_costs(), "models_mb": models["tensors"], "models_rss_added_mb": models["rss_added"]}


if __name__ == "__main__":
    print(run())

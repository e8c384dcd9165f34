"""No result computed for one visitor is served to another unless it depends only on what the key
names (issue 37). Every cached function of every page and of the app layer is walked: each argument
is in its key (Streamlit leaves out those whose name starts with ``_``), nothing inside reads this
session's state, and a model goes in by its server-wide identity (``playground.core.identity``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import streamlit as st

from playground.app import shared as models
from playground.core import identity
from playground.models.charlm.engine import FastSampler

ROOT = Path(__file__).resolve().parent.parent
CACHES = ("cache_data", "cache_resource", "shared_results", "drawn_once")
# the arguments a cache may leave out of its key, each with why that is safe
LEFT_OUT = {
    ("playground/charlm/page.py", "_compare", "_lab"):
        "the lab's generation for the same sampler, prompt and settings: it only saves computing a column again",
    ("playground/charlm/page.py", "_export", "_result"): "keyed by the job's server-wide id",
    ("playground/app/shared.py", "_shipped_model", "_subject"): "the module that loads the shipped file the key names",
    ("playground/two_ones/page.py", "_shipped_readings", "_model"): "the shipped model the key names by its card's identity",
    ("playground/app/shared.py", "_shared_resource", "_factory"): "keyed by a name fixed in the code, one per factory",
}
SESSION_READS = ("session_state", "session_jobs", "context", "visitor", "visitor_id")


def _cached_functions():
    for path in sorted([*ROOT.glob("pages/*.py"), *ROOT.glob("playground/**/*.py")]):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                call = decorator.func if isinstance(decorator, ast.Call) else decorator
                name = call.attr if isinstance(call, ast.Attribute) else getattr(call, "id", "")
                if name in CACHES:
                    yield path.relative_to(ROOT).as_posix(), node, name
                    break


CACHED = list(_cached_functions())


def test_the_walk_finds_the_caches_it_must_check():
    found = {(path, node.name) for path, node, _ in CACHED}
    assert {("playground/charlm/page.py", "_generation"), ("playground/charlm_cells/page.py", "_clamped"),
            ("playground/charlm_cells/page.py", "_activations"), ("playground/beyond/page.py", "_fill")} <= found
    assert len(CACHED) >= 20


@pytest.mark.parametrize(("path", "node", "kind"), CACHED, ids=[f"{p}:{n.name}" for p, n, _ in CACHED])
def test_every_argument_is_in_the_key(path, node, kind):
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    for name in names:
        if name.startswith("_"):
            assert (path, node.name, name) in LEFT_OUT, (
                f"{path}:{node.name} leaves {name!r} out of its cache key: a model goes in by its identity "
                "(@shared_results), anything else by value")


@pytest.mark.parametrize(("path", "node", "kind"), CACHED, ids=[f"{p}:{n.name}" for p, n, _ in CACHED])
def test_no_cached_function_reads_the_session(path, node, kind):
    read = {n.attr if isinstance(n, ast.Attribute) else n.id for n in ast.walk(node)
            if isinstance(n, ast.Attribute | ast.Name)} & set(SESSION_READS)
    if kind == "cache_resource" and "session" in ast.unparse(node.decorator_list[0]):
        return  # a per-session resource (scope="session") is this session's by construction
    assert not read, f"{path}:{node.name} reads {read} inside a cache shared by every session"


def test_model_classes_named_for_the_key_exist_and_carry_an_identity():
    import importlib

    for qualified in models.MODEL_CLASSES:
        module, _, name = qualified.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        assert f"{cls.__module__}.{cls.__qualname__}" == qualified
        assert "identity" in (cls.__init__.__code__.co_names + cls.__init__.__code__.co_varnames), qualified


def _sampler(name: str) -> FastSampler:
    sampler = FastSampler.__new__(FastSampler)  # only the identity matters to the key
    sampler.identity = name
    return sampler


def test_two_models_never_share_a_result_and_an_unnamed_one_is_refused():
    calls = []

    @models.shared_results(max_entries=4)
    def written_by(sampler, prompt: str) -> str:
        calls.append(sampler.identity)
        return f"{sampler.identity}:{prompt}"

    written_by.clear()
    assert written_by(_sampler(identity.live(1)), "hi") == "job-1:hi"
    assert written_by(_sampler(identity.live(2)), "hi") == "job-2:hi"  # another visitor's "#1": another job
    assert written_by(_sampler(identity.live(1)), "hi") == "job-1:hi"
    assert calls == ["job-1", "job-2"]  # the third call was served from the cache, by the key
    with pytest.raises(st.errors.StreamlitAPIException, match="server-wide identity"):
        written_by(_sampler(""), "hi")


def test_a_shipped_model_is_named_by_its_file():
    from playground import charlm

    lm = charlm.load("charlm_shakespeare_rnn")
    assert lm.sampler.identity == identity.of(lm) == f"charlm_shakespeare_rnn@{lm.card.weights_sha256[:16]}"
    assert identity.shipped("x", "") == "x@unversioned" and identity.of_card(None) == ""

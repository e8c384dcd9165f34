"""The parts of ``python -m bench`` at their smallest size (``--smoke``, bench/sizes.py SMOKE), so that
a refactor that breaks a part fails CI instead of the next person who runs the bench. It checks that
each part ran every step and returned the figures its report prints, never how fast they are (the
machine CI runs on decides that).

A third of the parts a run, by the day (``BENCH_SMOKE_SEED``, default today's date; ``BENCH_SMOKE_PARTS=all`` runs
every part): the smoke starts a dozen servers and Chromium, and every part each run (about 230 s of both
cores on the 2-core machine, 2026-12-07) took CI past 20 minutes, half of them (158-167 s of its worker) kept it
there. Three consecutive runs smoke every part; the three groups take about the same time."""

import json
import os
import subprocess
import sys

from bench.__main__ import PARTS
from bench.harness import ROOT
from bench.sizes import SMOKE
from conformance.state_sweep import date_seed

# results key -> the figures the report reads from it (a part may return more)
FIGURES = {
    "cold_start": ("app_median_s", "bare_median_s", "ratio", "goal"),
    "latency": ("bare", "pages", "goal_ratio", "goal_cpu_s", "new_text"),
    "memory": ("started_mb", "all_models_loaded_mb", "added_by_page_mb", "per_extra_session_mb", "imports_mb",
               "models_mb", "models_rss_added_mb", "walk"),
    "two_ones_training": ("seconds", "median_s", "exhaustive_string_accuracy"),
    "gradient_curves": ("median_s", "goal_s"),
    "charlm_sampling": ("median", "fast_over_naive", "fast_over_matvec"),
    "translation": ("page_median_s", "test_greedy_s", "test_beam5_s"),
    "load": ("p50_s", "p95_s", "by_page", "errors", "rss_peak_mb", "shared_models_changed"),
    "browsers": ("render_load_p95_s", "exceptions", "unanswered", "jobs_done", "shared_models_changed"),
    "replicas": ("phases", "p95_s", "errors", "survivor_errors", "students_per_replica", "unsticky", "up_after_s",
                 "rss_peak_mb"),
    "class": ("students", "window_s", "runs"),
    "abuse": ("interactions", "gradients_lab", "table_flood", "markup", "fair", "resting", "training", "summary",
              "leak", "churn", "forged_queue", "memory_flood", "series_rest", "against_class"),
    "heldout": ("sentences", "longest", "whole_split", "models"),
    "cloud": (),
    "image": ("commands", "podman"),  # at the smoke size it builds nothing (bench/sizes.py)
}
SPEED = ("two_ones_training", "gradient_curves", "charlm_sampling", "translation")  # the speed part's keys


# parts CI runs elsewhere through the same function, checked there against FIGURES: the replica recipe
# (tests/browser/test_replicas.py runs replicas.run with the kill and the restart the smoke size leaves out)
ELSEWHERE = ("replicas",)


def _part_keys(parts=None) -> dict[str, tuple[str, ...]]:
    """Each part's results keys (a new part needs its line in FIGURES: this test says so)."""
    return {part: SPEED if part == "speed" else (part,) for part in parts or PARTS if part not in ELSEWHERE}


# The three groups a run takes in turn, each as two benches side by side: most parts spend their smoke run
# waiting (for a server to start, a class to answer, an attack to last its seconds), so two at once take the
# time of the longer. Seconds each part took alone (2-core machine, 2026-12-07): abuse 134, heldout 5, cloud 4,
# image 0 | browsers 68, cold_start 18, latency 68 | memory 55, load 23, class 21, speed 9.
GROUPS = ((("abuse",), ("heldout", "cloud", "image")),
          (("browsers", "cold_start"), ("latency",)),
          (("memory", "load"), None))  # None: every other part
SEED = int(os.environ.get("BENCH_SMOKE_SEED") or date_seed())


def groups() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each group's two benches, the last "every other part"."""
    named = {part for group in GROUPS for half in group if half for part in half}
    rest = tuple(part for part in PARTS if part not in named and part not in ELSEWHERE)
    return [tuple(half if half is not None else rest for half in group) for group in GROUPS]


def todays_halves() -> list[tuple[str, ...]]:
    chosen = groups() if os.environ.get("BENCH_SMOKE_PARTS") == "all" else [groups()[SEED % len(GROUPS)]]
    return [half for group in chosen for half in group]


def _bench(parts: tuple[str, ...], out) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bench", "--smoke", "--only", ",".join(parts), "--json", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_three_consecutive_runs_smoke_every_part():
    every = set(PARTS) - set(ELSEWHERE)
    halves = [set(half) for group in groups() for half in group]
    assert set().union(*halves) == every and sum(map(len, halves)) == len(every)  # each part once
    assert all(halves)


def _smoke(tmp_path) -> dict:
    """Today's parts of the bench, in two processes at once; their results merged."""
    halves = todays_halves()
    runs = [(_bench(parts, tmp_path / f"smoke-{i}.json"), tmp_path / f"smoke-{i}.json") for i, parts in enumerate(halves)]
    results: dict = {}
    for run, out in runs:
        stdout, stderr = run.communicate(timeout=900)
        log = (stdout[-6000:] + "\n--- stderr ---\n" + stderr[-8000:]).strip()
        assert out.exists(), f"the bench wrote no results (exit {run.returncode}):\n{log}"
        half = json.loads(out.read_text())
        failed = half.get("failed", {})
        assert not failed, "parts that raised:\n" + "\n".join(failed.values())
        assert run.returncode == 0, log
        results.update(half)
    return results


def test_todays_parts_run_at_their_smallest_size(tmp_path):
    results = _smoke(tmp_path)
    parts = [part for half in todays_halves() for part in half]
    for part, keys in _part_keys(parts).items():
        for key in keys:
            assert key in FIGURES, f"part {part}: add what its report reads from results[{key!r}] to FIGURES"
            assert key in results, f"part {part} returned no {key!r}"
            missing = [figure for figure in FIGURES[key] if figure not in results[key]]
            assert not missing, f"results[{key!r}] lacks {missing}"

    for part in parts:  # every step ran: a step that broke is recorded by its part rather than raised
        STEPS.get(part, lambda found: None)(results)


def _latency(results):
    assert results["latency"]["pages"]


def _memory(results):
    assert results["memory"]["added_by_page_mb"]


def _load(results):
    assert results["load"]["interactions"] and not results["load"]["errors"], results["load"]["errors"]


def _browsers(results):
    walk = results["browsers"]
    assert not walk["exceptions"] + walk["unanswered"] and walk["jobs_done"] == walk["sessions"], walk


def _abuse(results):
    abuse = results["abuse"]
    broken = [row for row in abuse["interactions"] if "error" in row or row.get("exceptions")]
    assert not broken, broken
    assert "flood" in abuse["table_flood"] and abuse["markup"]["bodies_checked"], abuse["table_flood"]
    assert abuse["training"].get("measured"), abuse["training"]
    assert abuse["leak"].get("measured") and abuse["churn"]["victim_n"] and abuse["memory_flood"]["oversize_refused"]
    assert abuse["forged_queue"]["forged_accepted"] == abuse["forged_queue"]["forged"], abuse["forged_queue"]
    attacks = abuse["against_class"]  # issue 52's attacks that the smoke size runs: each ran
    broken = {name: found["error"] for name, found in attacks.items() if isinstance(found, dict) and "error" in found}
    assert not broken and set(attacks["verdicts"]) == set(SMOKE.attacks), broken or attacks["verdicts"]


def _class(results):
    poll = results["class"]["runs"][0]  # the teacher saw every smoke student, the split right, then nothing
    assert poll["counts_right"] and poll["splits_right"] and poll["gone_after_end"] and not poll["errors"], poll


def _cloud(results):
    assert all(row.get("imports_ok") for row in results["cloud"] if "status" not in row), results["cloud"]


def _heldout(results):
    held = results["heldout"]  # a part of the split: decoded by both models, and not held to the cards
    assert held["sentences"] == 8 and not held["whole_split"] and set(held["models"]) == {"attention", "classic"}, held


STEPS = {"latency": _latency, "memory": _memory, "load": _load, "browsers": _browsers, "abuse": _abuse,
         "class": _class, "cloud": _cloud, "heldout": _heldout}  # a part's own checks, beyond its figures

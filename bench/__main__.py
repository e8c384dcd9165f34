"""``python -m bench``: the playground's speed figures, measured side by side in one run."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import sys
import time
import traceback
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import (
    abuse,
    abuse_class,
    abuse_visitors,
    charlm_speed,
    class_poll,
    classroom,
    cloud,
    cold_start,
    curves,
    heldout,
    image,
    interaction,
    load,
    memory_table,
    new_text,
    replicas,
    training,
    translation_speed,
)
from bench.harness import ROOT, launch_browser
from bench.sizes import FULL, SMOKE, Sizes
from playground.core.device import device_label


# --- the parts: each measures at ``sizes``, prints its figures and returns them by results key -------
def _cold_start(sizes: Sizes, browser) -> dict:
    result = cold_start.run(browser, rounds=sizes.rounds)
    _print_cold_start(result)
    return {"cold_start": result}


def _latency(sizes: Sizes, browser) -> dict:
    result = interaction.latency(browser, changes=sizes.changes, keys=sizes.pages, rounds=sizes.rounds)
    result["new_text"] = new_text.run(changes=sizes.new_texts)  # what a class typing costs: no cache helps
    _print_latency(result)
    return {"latency": result}


def _memory(sizes: Sizes, browser) -> dict:
    walk = (interaction.peak_memory(browser, changes=2, keys=sizes.pages) if sizes.memory_walk else
            {"skipped": "tests/browser/test_peak_memory.py walks every page with the same function"})
    result = {**interaction.memory(browser, extra_sessions=sizes.extra_sessions, keys=sizes.pages),
              **memory_table.run(sizes.memory_models), "walk": walk}
    _print_memory(result)
    return {"memory": result}


def _speed(sizes: Sizes) -> dict:
    many = max(sizes.rounds, sizes.fast_rounds)
    results = {
        "two_ones_training": training.two_ones_wall_time(rounds=sizes.rounds),
        "gradient_curves": curves.gradient_curves(rounds=many),
        "charlm_sampling": charlm_speed.sampling_speed(rounds=many, length=sizes.sample_chars),
        "translation": translation_speed.decoding_speed(rounds=sizes.fast_rounds, test_sentences=sizes.test_sentences),
    }
    _print_speed(results)
    return results


def _load(sizes: Sizes) -> dict:  # minutes: a class of light sessions on one server
    result = classroom.run(sizes.students, sizes.minutes)
    _print_classroom(result)
    return {"load": result}


def _browsers(sizes: Sizes) -> dict:  # minutes: 20 Chromiums walking every page and training, on one server
    result = load.run(sizes.browsers, longest_job=sizes.longest_job, keys=sizes.pages)
    _print_load(result)
    return {"browsers": result}


def _abuse(sizes: Sizes) -> dict:  # minutes: one visitor attacks a real server (issue 28), every figure beside its goal
    result = abuse.run(attackers=sizes.attackers, warmup_s=sizes.attack_warmup_s, attack_s=sizes.attack_s,
                       alone_s=sizes.victim_alone_s, gradient_seeds=sizes.gradient_seeds, flood_rows=sizes.flood_rows,
                       cloze_inputs=sizes.cloze_inputs, rest_s=sizes.rest_s, waiting=sizes.waiting,
                       waiting_s=sizes.waiting_s, keys=sizes.pages, churners=sizes.churners, churn_s=sizes.churn_s,
                       churn_warmup_s=sizes.churn_warmup_s, churn_alone_s=sizes.churn_alone_s,
                       series_rest_s=sizes.series_rest_s, forged=sizes.forged, forged_heavy=sizes.forged_heavy,
                       flood_sessions=sizes.flood_sessions, flood_after_s=sizes.flood_after_s,
                       class_attacks={"only": sizes.attacks, **{name: getattr(sizes, name) for name in abuse_class.FULL}})
    _print_abuse(result)
    return {"abuse": result}


def _replicas(sizes: Sizes) -> dict:  # minutes: the replica recipe (docs/deploying.md) behind HAProxy, then one process
    result = replicas.run(sizes.replica_students, sizes.replica_minutes, kill_at=sizes.replica_kill_at,
                          compare=sizes.replica_compare)
    print(replicas.summary(result))
    if "one_process" in result:
        print("  the same class on one process:")
        _print_classroom(result["one_process"])
    return {"replicas": result}


def _class(sizes: Sizes) -> dict:  # minutes: a class poll through the replica recipe, per class store
    result = class_poll.run(sizes.class_students, sizes.class_window_s, sizes.class_stores, sizes.class_questions,
                            sizes.class_rounds)
    print(class_poll.summary(result))
    return {"class": result}


def _heldout(sizes: Sizes) -> dict:  # minutes: every test sentence through both translators, beside the cards
    result = heldout.run(sizes.heldout_sentences)
    print(heldout.summary(result))
    return {"heldout": result}


def _cloud(sizes: Sizes) -> dict:  # minutes: clean venvs
    rows = cloud.run(sizes.cloud_pythons, online=sizes.cloud_online)
    for row in rows:
        print(f"cloud readiness: {row}")
    return {"cloud": rows}


def _image(sizes: Sizes) -> dict:  # minutes: the Dockerfile built with podman over a Debian base, run, checked
    result = image.run(build=sizes.image_build)
    print(image.summary(result))
    return {"image": result}


IN_BROWSER = {"cold_start": _cold_start, "latency": _latency, "memory": _memory}  # one Chromium shared
# each starts what it needs (an event loop or a Playwright of its own cannot run inside the shared one)
ON_THEIR_OWN = {"speed": _speed, "load": _load, "browsers": _browsers,
                "abuse": _abuse, "replicas": _replicas, "class": _class, "heldout": _heldout, "cloud": _cloud,
                "image": _image}
PARTS = (*IN_BROWSER, *ON_THEIR_OWN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", default=",".join(PARTS),
                        help=f"comma-separated parts to run (default: all of {', '.join(PARTS)})")
    parser.add_argument("--smoke", action="store_true",
                        help="every part at its smallest size (bench/sizes.py SMOKE): checks that each still runs;"
                             " its figures mean nothing")
    parser.add_argument("--rounds", type=int, help=f"repetitions of each measurement, median reported ({FULL.rounds})")
    parser.add_argument("--students", type=int, help=f"light sessions in the classroom load test ({FULL.students})")
    parser.add_argument("--minutes", type=float, help=f"how long the classroom load test lasts ({FULL.minutes})")
    parser.add_argument("--browsers", type=int, help=f"Chromium sessions in the browser walk ({FULL.browsers})")
    parser.add_argument("--json", nargs="?", const="", metavar="PATH",
                        help="also write the results as JSON, to PATH or else bench/results/<time>.json")
    args = parser.parse_args(argv)
    parts = {p.strip() for p in args.only.split(",") if p.strip()}
    unknown = parts - set(PARTS)
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    given = {name: value for name in ("rounds", "students", "minutes", "browsers")
             if (value := getattr(args, name)) is not None}
    sizes = dataclasses.replace(SMOKE if args.smoke else FULL, **given)

    results = {"machine": {"python": platform.python_version(), "device": device_label(), "cpus": _cpus()},
               "sizes": dataclasses.asdict(sizes)}  # a smoke run's file is never mistaken for figures
    print(f"machine: {results['machine']}" + ("  (smoke sizes: the figures mean nothing)" if args.smoke else ""))
    failed: dict[str, str] = {}
    took = results["part_seconds"] = {}

    def attempt(name: str, part, *extra) -> None:
        """One part; a part that breaks is reported and the others still run."""
        started = time.perf_counter()
        try:
            results.update(part(sizes, *extra))
        except Exception:
            failed[name] = traceback.format_exc()
            print(f"{name}: FAILED\n{failed[name]}", file=sys.stderr, flush=True)
        took[name] = round(time.perf_counter() - started, 1)
        print(f"  ({name}: {took[name]:.0f} s)", flush=True)

    if parts & set(IN_BROWSER):
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for name, part in IN_BROWSER.items():
                if name in parts:
                    attempt(name, part, browser)
            browser.close()
    for name, part in ON_THEIR_OWN.items():
        if name in parts:
            attempt(name, part)
    if failed:
        results["failed"] = failed
    if args.json is not None:
        path = Path(args.json) if args.json else ROOT / "bench" / "results" / time.strftime("%Y%m%d-%H%M%S.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results, indent=2, default=list))
        print(f"written {path}")
    if failed:
        print(f"parts that failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


def _print_cold_start(c: dict) -> None:
    print("cold start (server start -> first page fully rendered in Chromium)")
    print(f"  app : median {c['app_median_s']:.2f} s  runs {', '.join(f'{t:.2f}' for t in c['app_s'])}")
    print(f"  bare: median {c['bare_median_s']:.2f} s  runs {', '.join(f'{t:.2f}' for t in c['bare_s'])}"
          "  (a Streamlit page that only imports torch)")
    verdict = "meets" if c["ratio"] <= c["goal"] else "MISSES"
    print(f"  ratio app/bare = {c['ratio']:.2f}  ({verdict} the goal <= {c['goal']})")


def _print_latency(lat: dict) -> None:
    b = lat["bare"]
    print(f"interaction latency: main widget changed in Chromium -> rerun finished, {len(b['runs_s'])} changes each,"
          f" best of {lat['rounds']} rounds; server CPU per change")
    print(f"  bare one-slider page: p50 {b['p50_s'] * 1000:.0f} ms  p95 {b['p95_s'] * 1000:.0f} ms"
          f"  CPU {b['cpu_per_change_s'] * 1000:.0f} ms")
    for key, f in lat["pages"].items():
        ok = f["p95_over_bare"] <= lat["goal_ratio"] and f["cpu_per_change_s"] <= lat["goal_cpu_s"]
        print(f"  {key:13s} ({f['widget']}): p50 {f['p50_s'] * 1000:6.0f} ms  p95 {f['p95_s'] * 1000:6.0f} ms"
              f"  p95/bare {f['p95_over_bare']:.1f}x  CPU {f['cpu_per_change_s'] * 1000:4.0f} ms"
              f"  ({'meets' if ok else 'MISSES'} <= {lat['goal_ratio']:.0f}x and <= {lat['goal_cpu_s'] * 1000:.0f} ms)")
    typed = lat["new_text"]
    print("  server CPU per new text (light client, nothing cached): " + ", ".join(
        f"{key} {f['cpu_per_text_s'] * 1000:.0f} ms" for key, f in typed["pages"].items())
          + f" (goal <= {typed['goal_cpu_s'] * 1000:.0f} ms)")


def walk_line(walk: dict) -> str:
    """The report's line for one visitor working every page (``interaction.peak_memory``)."""
    if "skipped" in walk:
        return f"  one visitor working every page: not walked here ({walk['skipped']})"
    return (f"  one visitor working every page ({walk['changes_per_page']} changes of its main widget): peak"
            f" {_verdict(walk['peak_mb'], walk['peak_goal_mb'], 'MB', 0)},"
            f" at rest after {walk['rest_mb']:.0f} MB; peak so far after each page: "
            + ", ".join(f"{k} {v:.0f}" for k, v in walk["peak_after_page_mb"].items()))


def _print_memory(m: dict) -> None:
    verdict = "meets" if m["all_models_loaded_mb"] <= m["goal_mb"] else "MISSES"
    print(f"memory (server RSS): started {m['started_mb']:.0f} MB, every page visited (all shipped models loaded)"
          f" {m['all_models_loaded_mb']:.0f} MB ({verdict} the goal <= {m['goal_mb']:.0f} MB; Cloud allowance"
          f" {m['cloud_allowance_mb']:.0f} MB), +{m['per_extra_session_mb']:.1f} MB per extra session")
    print(walk_line(m["walk"]))
    print("  added by each page on first visit: " + ", ".join(f"{k} {v:+.0f}" for k, v in m["added_by_page_mb"].items()))
    print("  imports, in server order (MB): " + ", ".join(f"{k} {v:+.0f}" for k, v in m["imports_mb"].items()))
    print("  tensors and arrays per shipped model (MB): "
          + ", ".join(f"{k} {v:.1f}" for k, v in sorted(m["models_mb"].items(), key=lambda kv: -kv[1])))
    print("  RSS each shipped model adds, loaded alone in a fresh interpreter (MB): "
          + ", ".join(f"{k} {v:.1f}" for k, v in sorted(m["models_rss_added_mb"].items(), key=lambda kv: -kv[1])))


def _print_speed(results: dict) -> None:
    tr = results["two_ones_training"]
    print(f"two consecutive 1s: training from scratch with the page's defaults ({tr['steps']} steps)")
    print(f"  median {tr['median_s']:.2f} s  runs {', '.join(f'{t:.2f}' for t in tr['seconds'])}"
          f"  exhaustive accuracy {', '.join(f'{a:.0%}' for a in tr['exhaustive_string_accuracy'])}")
    g = results["gradient_curves"]
    verdict = "meets" if g["median_s"] <= g["goal_s"] else "MISSES"
    print(f"gradient page: RNN+LSTM+GRU curves at m={g['hidden']}, T={g['length']}")
    print(f"  median {g['median_s'] * 1000:.0f} ms  runs {', '.join(f'{t * 1000:.0f}' for t in g['seconds'])}"
          f"  ({verdict} the goal <= {g['goal_s'] * 1000:.0f} ms)")
    s = results["charlm_sampling"]
    m = s["median"]
    ok = s["fast_over_naive"] >= s["goal_over_naive"] and s["fast_over_matvec"] >= s["goal_over_matvec"]
    print(f"char-LM sampling, batch 1, {s['model']} ({s['layers']}x{s['hidden']}, CPU)")
    print(f"  naive torch.nn.LSTM stepping {m['naive']:,.0f} chars/s | page sampler {m['fast']:,.0f} chars/s"
          f" | matrix-vector products alone {m['matvec']:,.0f} steps/s")
    print(f"  page/naive = {s['fast_over_naive']:.1f}x (goal >= 5), page/matvec = {s['fast_over_matvec']:.0%}"
          f" (goal >= 60%)  ({'meets' if ok else 'MISSES'} the goals)")
    t = results["translation"]
    print(f"translation ({t['device']}): one sentence on the page, median ms: "
          + ", ".join(f"{k} {v * 1000:.0f}" for k, v in t["page_median_s"].items()))
    print(f"  test split ({t['sentences']} sentences, batched): greedy {t['test_greedy_s']:.1f} s,"
          f" beam 5 {t['test_beam5_s']:.1f} s")


def _print_classroom(r: dict) -> None:
    ok = r["p95_s"] <= r["goal_p95_s"] and not r["errors"] and r["rss_peak_mb"] <= r["goal_rss_mb"]
    print(f"classroom load: {r['students']} light sessions, one interaction every ~{r['interval_s']:.0f} s each"
          f" for {r['seconds']:.0f} s on sentiment / char-LM / seq2seq / beyond ({r['interactions']} interactions)")
    print(f"  latency p50 {r['p50_s'] * 1000:.0f} ms  p95 {r['p95_s'] * 1000:.0f} ms; "
          + ", ".join(f"{k} {v['p50_s'] * 1000:.0f}/{v['p95_s'] * 1000:.0f}" for k, v in r["by_page"].items()))
    print(f"  page open p50 / p95 {r['open_p50_s']:.2f} / {r['open_p95_s']:.2f} s; errors {len(r['errors'])};"
          f" server RSS {r['rss_loaded_mb']:.0f} MB loaded, peak {r['rss_peak_mb']:.0f} MB;"
          f" server CPU {r['server_cores_busy']:.2f} of {r['cpus']} cores, client CPU {r['client_cores_busy']:.2f}")
    print(f"  shared models checked {r['shared_models_checked']}, changed: {r['shared_models_changed'] or 'none'}"
          f"  ({'meets' if ok else 'MISSES'} p95 <= {r['goal_p95_s']} s, 0 errors, RSS <= {r['goal_rss_mb']:.0f} MB)")
    for line in r["errors"][:10]:
        print(f"  ! {line}")


def _print_load(r: dict) -> None:
    print(f"browser walk: {r['sessions']} browser sessions, every page + one live training job each"
          f" ({r['wall_s']:.0f} s)")
    print(f"  exceptions {len(r['exceptions'])}, pages that did not answer {len(r['unanswered'])},"
          f" jobs finished {r['jobs_done']}, sessions that waited for a slot {r['sessions_that_waited_for_a_slot']}"
          f" (cap {r['job_cap']}), still running after {r['jobs_running_after']}")
    print(f"  page render p50/p95: alone {r['render_alone_p50_s']:.2f}/{r['render_alone_p95_s']:.2f} s,"
          f" under load {r['render_load_p50_s']:.2f}/{r['render_load_p95_s']:.2f} s")
    print(f"  server RSS {r['rss_loaded_mb']:.0f} MB loaded, peak {r['rss_peak_mb']:.0f} MB;"
          f" shared models checked {r['shared_models_checked']}, changed: {r['shared_models_changed'] or 'none'}")
    for line in (r["exceptions"] + r["unanswered"])[:10]:
        print(f"  ! {line}")


def _verdict(value, goal: float, unit: str, digits: int = 2, below: bool = False) -> str:
    """``value unit (goal <= goal) OK`` (``below``: the goal is strictly less than), or not measured."""
    if value is None:
        return f"not measured (goal {'<' if below else '<='} {goal:g} {unit})"
    ok = value < goal if below else value <= goal
    return f"{value:.{digits}f} {unit}  (goal {'<' if below else '<='} {goal:g} {unit})  {'OK' if ok else 'MISSED'}"


def _print_abuse(r: dict) -> None:
    g = r["goals"]
    print(f"abuse: one visitor against the class, on a real server over loopback ({r['seconds']['total']:.0f} s;"
          " the server's CPU-seconds are its own, latencies depend on what else the machine runs)")
    rows = [row for row in r.get("interactions", []) if "cpu_s" in row]
    grad = r.get("gradients_lab", {})
    flood = r.get("table_flood", {})
    s = r["summary"]
    print(f"  1. peak memory per interaction (above the RSS before it), worst: "
          f"{_verdict(s['peak_mb']['value'], g['peak_mb'], 'MB', 0)} [{s['peak_mb']['where']}]")
    print("     " + ", ".join(f"{row['name']} {row['peak_mb']:+.0f}" for row in rows))
    steps = grad.get("steps", [])
    if steps:
        print(f"     gradients lab {grad['link']}: " + "; ".join(
            f"{step['step'].replace('open /gradients?' + grad['link'], 'opened')} peak {step.get('peak_mb', 0):+.0f} MB,"
            f" {step.get('cpu_s', 0):.2f} CPU-s, RSS after {step.get('rss_after_mb', 0):.0f}" for step in steps))
        print(f"     RSS rested {grad['rss_rested_mb']:.0f} MB ({grad['rss_growth_mb']:+.0f} MB over the RSS before"
              " the link: memory comes back after fragment reruns when this is near 0)")
    print("  2. server CPU per interaction at each page's maximum (alone, a new value):")
    for row in rows:
        print(f"     {row['name']:24s} {row['limit']:34s} {_verdict(row['cpu_s'], g['cpu_s'], 'CPU-s')}")
    for row in r.get("interactions", []):
        if "error" in row or row.get("exceptions"):
            print(f"     ! {row['name']}: {row.get('error') or row['exceptions'][0]}")
    rest = r.get("resting", {})
    print(f"  3. resting memory (fresh server): every page walked {rest.get('walked_mb', 0):.0f} MB, after"
          f" {rest.get('cloze_inputs', 0)} cloze inputs {rest.get('after_cloze_mb', 0):.0f} MB, after"
          f" {rest.get('rest_s', 0):.0f} s rest {_verdict(rest.get('rested_mb'), g['rest_mb'], 'MB', 0)}")
    f = r.get("fair", {})
    print(f"  4. fair CPU: victim's review alone p50 {f.get('victim_alone_p50_s') or 0:.2f} s p95"
          f" {f.get('victim_alone_p95_s') or 0:.2f} s; under {f.get('attackers')} attackers ({f.get('victim_n')} reviews"
          f" after {f.get('warmup_s'):.0f} s warm-up) p50 {f.get('victim_p50_s') or 0:.2f} s, p95"
          f" {_verdict(f.get('victim_p95_s'), g['victim_p95_s'], 's')}")
    print(f"     attackers: {f.get('attacker_interactions')} interactions in {f.get('seconds')} s"
          f" ({', '.join(f'{k} {v}' for k, v in f.get('attacker_interactions_by_input', {}).items())});"
          f" server CPU {f.get('server_cpu_s')} s = {f.get('server_cores_busy')} cores busy, peak RSS"
          f" {f.get('rss_peak_mb')} MB")
    for line in f.get("errors", [])[:5]:
        print(f"     ! {line}")
    t = r.get("training", {})
    if t.get("measured"):
        print(f"  5. fair training: 2 attackers holding the heavy slots, a tiny job starts in "
              f"{_verdict(t.get('tiny_start_s'), t.get('goal_tiny_start_s', g['tiny_start_s']), 's', below=True)}")
        print(f"     {t.get('waiting_sessions', 30)} waiting sessions: another visitor's review p95 "
              f"{_verdict(t.get('review_p95_s'), t.get('goal_review_p95_s', g['waiting_review_p95_s']), 's', below=True)}"
              f" (alone {t.get('review_alone_p95_s') or 0:.2f} s)")
    else:
        print(f"  5. fair training: not measured ({t.get('why', '')})")
    if "flood" in flood:
        print(f"  6. table flood ({flood['rows']:,} rows added by a forged client, {flood['edits_chars']:,} chars):"
              f" that rerun {_verdict(flood['flood'].get('cpu_s'), g['table_cpu_s'], 'CPU-s')};"
              f" the slider move after it {_verdict(flood['slider_after'].get('cpu_s'), g['table_cpu_s'], 'CPU-s')}")
    else:
        print(f"  6. table flood: not measured ({flood.get('error', '')})")
    m = r.get("markup", {})
    verdict = "not measured (no notice carried the link's text)" if not m.get("bodies_checked") else (
        f"{len(m['unsafe'])} carried it unescaped  (goal 0)  {'OK' if not m['unsafe'] else 'MISSED'}")
    print(f"  7. markup from a link: {m.get('bodies_checked', 0)} notices carried the link's text; {verdict}")
    for bad in m.get("unsafe", [])[:4]:
        print(f"     ! {bad['page']} {bad['locale']} {bad['kind']}: {bad['pieces']} in {bad['body'][:120]!r}")
    _print_visitors(r)


def _print_visitors(r: dict) -> None:
    s = r["summary"]
    g = {**_VISITOR_GOALS, **r["goals"]}
    leak = r.get("leak", {})
    if leak.get("measured"):
        print(f"  8. a live model's writing: A and B each trained one and ran the clamp on 'My model (#1)';"
              f" B got A's text {leak['leaks']} times  (goal {g['leaks']})  {'OK' if s['leaks']['ok'] else 'MISSED'}")
    else:
        print(f"  8. a live model's writing: not measured ({leak.get('why', 'not run')})")
    c = r.get("churn", {})
    print(f"  9. fresh sessions: {c.get('churners')} cookieless clients on another address opened the char-LM page at"
          f" its dearest link {c.get('page_opens')} times ({c.get('opens_per_s')}/s); a victim's review alone p95"
          f" {c.get('victim_alone_p95_s') or 0:.2f} s, under them p50 {c.get('victim_p50_s') or 0:.2f} s, p95"
          f" {_verdict(c.get('victim_p95_s'), g['churn_p95_s'], 's')}")
    q = r.get("forged_queue", {})
    print(f" 10. made-up identities: {q.get('forged_accepted')} of {q.get('forged')} made-up cookies queued a tiny job;"
          f" a victim on another address was {q.get('victim_place')} in line and ran after"
          f" {_verdict(q.get('victim_start_s'), g['queue_start_s'], 's')}; behind {q.get('forged_heavy')} made-up"
          f" char-LM jobs its small one was {q.get('victim_heavy_place')} in line")
    f = r.get("memory_flood", {})
    print(f" 11. memory: {f.get('sessions')} sessions each sent {f.get('text_bytes', 0) / 2**20:.2f} MB at once (a"
          f" larger message {'refused' if f.get('oversize_refused') else 'TAKEN'}): peak"
          f" {_verdict(f.get('peak_above_start_mb'), g['flood_peak_mb'], 'MB', 0)} above the start;"
          f" {f.get('after_s', 0):.0f} s after they left"
          f" {_verdict(f.get('after_above_start_mb'), g['flood_back_mb'], 'MB', 0)}")
    rest = r.get("series_rest", {})
    print(f"     after the whole series the first server rested at"
          f" {_verdict(rest.get('rested_mb'), g['series_rest_mb'], 'MB', 0)} ({rest.get('rest_s', 0):.0f} s after)")
    if "against_class" in r:  # issue 52's attacks (bench/abuse_class.py), numbered on
        print("  " + abuse_class.summary(r["against_class"], first=12))


_VISITOR_GOALS = {"leaks": abuse_visitors.GOAL_LEAKS, "churn_p95_s": abuse_visitors.GOAL_CHURN_P95_S,
                  "queue_start_s": abuse_visitors.GOAL_QUEUE_START_S, "flood_peak_mb": abuse_visitors.GOAL_FLOOD_PEAK_MB,
                  "flood_back_mb": abuse_visitors.GOAL_FLOOD_BACK_MB, "series_rest_mb": abuse.GOAL_SERIES_REST_MB}


def _cpus() -> int:
    return os.cpu_count() or 0


if __name__ == "__main__":
    sys.exit(main())

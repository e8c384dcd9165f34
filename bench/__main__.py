"""``python -m bench``: the playground's speed figures, measured side by side in one run."""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from playwright.sync_api import sync_playwright

from bench import charlm_speed, cold_start, curves, training
from bench.harness import ROOT, launch_browser
from playground.device import device_label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="repetitions of each measurement (median reported)")
    parser.add_argument("--json", action="store_true", help="also write bench/results/<time>.json")
    args = parser.parse_args(argv)

    results = {"machine": {"python": platform.python_version(), "device": device_label(), "cpus": _cpus()}}
    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        results["cold_start"] = cold_start.run(browser, rounds=args.rounds)
        browser.close()

    results["two_ones_training"] = training.two_ones_wall_time(rounds=args.rounds)
    results["gradient_curves"] = curves.gradient_curves(rounds=max(args.rounds, 5))
    results["charlm_sampling"] = charlm_speed.sampling_speed(rounds=max(args.rounds, 5))

    c = results["cold_start"]
    print(f"machine: {results['machine']}")
    print("cold start (server start -> first page fully rendered in Chromium)")
    print(f"  app : median {c['app_median_s']:.2f} s  runs {', '.join(f'{t:.2f}' for t in c['app_s'])}")
    print(f"  bare: median {c['bare_median_s']:.2f} s  runs {', '.join(f'{t:.2f}' for t in c['bare_s'])}"
          "  (a Streamlit page that only imports torch)")
    verdict = "meets" if c["ratio"] <= c["goal"] else "MISSES"
    print(f"  ratio app/bare = {c['ratio']:.2f}  ({verdict} the goal <= {c['goal']})")
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
    if args.json:
        out = ROOT / "bench" / "results"
        out.mkdir(parents=True, exist_ok=True)
        path = out / time.strftime("%Y%m%d-%H%M%S.json")
        path.write_text(json.dumps(results, indent=2))
        print(f"written {path}")
    return 0


def _cpus() -> int:
    import os

    return os.cpu_count() or 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m conformance``: the whole state sweep, or the browser monkey with a longer budget.

    python -m conformance state                  # every setting, both languages (minutes)
    python -m conformance state --langs en --pages home,charlm
    python -m conformance monkey --actions 600   # the seeded monkey of tests/browser/test_monkey.py

Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from conformance import state_sweep

ROOT = Path(__file__).resolve().parent.parent


def _state(args) -> int:
    langs = [lang for lang in args.langs.split(",") if lang] or list(state_sweep.LANGS)
    pages = [page for page in args.pages.split(",") if page] or None
    summary = state_sweep.run(langs=langs, pages=pages, settings=args.settings,
                              log=lambda line: line.startswith("  ok ") or print(line, flush=True))
    print("state sweep: " + summary.report())
    return 1 if summary.failures() else 0


def _monkey(args) -> int:
    env = {**os.environ, "MONKEY_ACTIONS": str(args.actions)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                           "tests/browser/test_monkey.py"], cwd=ROOT, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    checks = parser.add_subparsers(dest="check", required=True)
    state = checks.add_parser("state", help="every declared setting through a page switch and a fresh link")
    state.add_argument("--langs", default="", help="comma-separated languages (default: zh,en)")
    state.add_argument("--pages", default="", help="comma-separated page keys (default: all)")
    state.add_argument("--settings", type=int, help="only the first N settings of each page, one value each")
    monkey = checks.add_parser("monkey", help="the seeded browser monkey with more random actions than CI's 120")
    monkey.add_argument("--actions", type=int, default=600)
    args = parser.parse_args(argv)
    return _state(args) if args.check == "state" else _monkey(args)


if __name__ == "__main__":
    sys.exit(main())

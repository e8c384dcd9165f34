"""Test-wide settings: in-process page tests (AppTest) show the full exception, so that a
failure says what went wrong; the served app keeps the config file's short form."""

import functools
import os

os.environ.setdefault("STREAMLIT_CLIENT_SHOW_ERROR_DETAILS", "full")
# In-process page tests click faster than any class: the fair share of the CPU would only make them
# wait (tests/test_fairness.py turns it on where it is the subject; served apps always have it).
os.environ.setdefault("RNN_PLAYGROUND_FAIR_SHARE", "off")


# The files that take a minute or more, longest first (measured: docs/testing.md). The workers
# (pytest-xdist, a file at a time: its module fixtures and its order kept; --no-loadscope-reorder keeps
# this order) start on these, so that no worker is left alone with one at the end; every other file
# follows in its usual order.
LONG_FILES = ("browser/test_state_sweep.py", "browser/test_page_walk.py", "browser/test_bench_smoke.py",
              "browser/test_play.py", "browser/test_replicas.py", "test_widget_extremes.py",
              "browser/test_peak_memory.py", "browser/test_class_poll.py", "test_charlm_shipped.py",
              "test_seq2seq_shipped.py", "browser/test_monkey.py", "test_page_charlm.py", "test_store.py")


def pytest_addoption(parser):
    parser.addoption("--screenshots", action="store_true",
                     help="rewrite docs/screenshots/ (tests/browser/test_page_walk.py): full-height renders that "
                          "cost minutes, so a plain run only checks the pages")


def pytest_configure(config):
    """Several workers share the cores: one torch and one BLAS thread each, or their threads spin
    against each other (the servers the browser tests start choose their own, as in production)."""
    _scan_for_components_once()
    if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
        import threadpoolctl
        import torch

        torch.set_num_threads(1)
        config._blas_limit = threadpoolctl.threadpool_limits(1)  # kept for the session


def _scan_for_components_once():
    """Each new AppTest scans every installed package's metadata for Streamlit components (0.33-0.37 CPU-s on
    the 2-core machine, Streamlit 1.67; most of an in-process page test's first run), where a served app
    scans once at its start. The installed packages do not change during a run, so the tests scan once too."""
    from streamlit.components.v2 import manifest_scanner

    manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        path = item.path.as_posix()
        return next((i for i, name in enumerate(LONG_FILES) if path.endswith("tests/" + name)), len(LONG_FILES))

    items.sort(key=rank)  # stable: the order within a file, and of the other files, stays


def pytest_report_header(config):
    """The seeds and samples of this run: what to set to repeat it."""
    from browser.test_bench_smoke import SEED as SMOKE_SEED
    from browser.test_bench_smoke import todays_halves
    from browser.test_monkey import ACTIONS, SEED
    from browser.test_page_walk import SEED as WALK_SEED
    from browser.test_play import SEED as PLAY_SEED
    from browser.test_play import todays_loads
    from helpers import FUZZ_EXAMPLES, FUZZ_SEED
    from test_seq2seq_shipped import LONGEST, SAMPLE, SAMPLE_SEED
    from test_widget_extremes import SEED as EXTREMES_SEED
    from test_widget_extremes import todays_pages

    from conformance.state_sweep import date_seed

    sweep = os.environ.get("STATE_SWEEP_SEED") or date_seed()
    return [f"fuzz: {FUZZ_EXAMPLES} cases a function from FUZZ_SEED={FUZZ_SEED}; browser state sweep: "
            f"STATE_SWEEP_SEED={sweep}; browser monkey: {ACTIONS} actions from MONKEY_SEED={SEED}; held-out "
            f"translators: {SAMPLE} + {LONGEST} longest test sentences drawn with seed {SAMPLE_SEED} (the whole "
            "split: python -m bench --only heldout)",
            f"page walk: each page in one language, PAGE_WALK_SEED={WALK_SEED} (PAGE_WALK_LANGS=both walks both); "
            f"bench smoke: BENCH_SMOKE_SEED={SMOKE_SEED} runs {' + '.join(','.join(h) for h in todays_halves())} "
            "(BENCH_SMOKE_PARTS=all runs every part); "
            f"play: PLAY_SEED={PLAY_SEED} plays {','.join(sorted({load[0] for load in todays_loads()}))} "
            "(PLAY_PAGES=all plays every page); "
            f"widget extremes: EXTREMES_SEED={EXTREMES_SEED} sweeps {','.join(spec.key for spec in todays_pages())} "
            "(EXTREMES_PAGES=all sweeps every page)"]

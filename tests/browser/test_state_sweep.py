"""CI's share of the state sweep (conformance/state_sweep.py): on every page, a few declared settings
each get a non-default value in a real browser, which must still be on the widget and in the
address bar after a page switch and back, and in a fresh browser opened on that address.

The share rotates with ``STATE_SWEEP_SEED`` (default: today's date): a third of the pages a run, each page on
one run of every three, its language alternating from one sweep of it to the next, with ``STATE_SWEEP_PER_PAGE``
settings (four) each time, so that consecutive runs walk through every setting of every page (3 x ceil(settings /
4) runs: 18 for the cell lab's 24 settings, nine or fewer for most pages). A third of the pages a run, because
each page swept costs Chromium two page loads and two page switches (half the pages a run, with the rest, kept CI
over 20 minutes; 2026-12-07). The page walk (test_page_walk.py) walks another third, and the peak-memory walk
works every page every run. A value that does not round-trip fails the test. ``python -m conformance state`` runs
every value in both languages.
"""

import os

import pytest

from conformance import state_sweep
from playground.lessons import PAGES

SEED = int(os.environ.get("STATE_SWEEP_SEED") or state_sweep.date_seed())
PER_PAGE = int(os.environ.get("STATE_SWEEP_PER_PAGE", "4"))
PARTS = 3  # the pages take turns: a third of them a run (the page walk walks the next third)
SHARE = state_sweep.rotation(SEED, PER_PAGE, parts=PARTS)
TODAY = [key for key, (_, cases) in SHARE.items() if cases]


def test_every_setting_is_in_the_rotation():
    """Consecutive seeds cover every declared setting of every page, each page in both languages, and each
    run sweeps a third of the pages."""
    runs = PARTS * max(2, *(-(-len(state_sweep.page_state(spec).settings) // PER_PAGE) for spec in PAGES))
    covered, langs = set(), set()
    for seed in range(SEED, SEED + runs):
        share = state_sweep.rotation(seed, PER_PAGE, parts=PARTS)
        assert len([key for key, (_, cases) in share.items() if cases]) in (len(PAGES) // PARTS, -(-len(PAGES) // PARTS))
        for key, (lang, cases) in share.items():
            covered |= {case.key for case in cases}
            if cases:
                langs.add((key, lang))
    declared = {setting.key for spec in PAGES for setting in state_sweep.page_state(spec).settings}
    assert covered == declared, sorted(declared - covered)
    assert langs == {(spec.key, lang) for spec in PAGES for lang in state_sweep.LANGS}
    drivable = {"min", "between", "max", "flip", "text", "full", "option", "default", "edit"}
    odd = [case.label for cases in state_sweep.full_plan().values() for case in cases if case.target not in drivable]
    assert not odd, f"settings of a kind the sweep cannot drive: {odd}"


@pytest.fixture(scope="module")
def students(browser):
    """One browser per language for the first tab of every batch (a new session each time, its scripts
    cached: half Chromium's work a load), and one more per language, a colleague's, for the fresh link (its
    cookies cleared before each: nothing of an earlier visit comes along)."""
    contexts = {key: browser.new_context(locale=locale, viewport=state_sweep.VIEWPORT)
                for locale in state_sweep.LOCALES.values() for key in (locale, ("colleague", locale))}
    yield contexts
    for context in contexts.values():
        context.close()


# issue 33: what a student set on the two training panels (no longer forms) is kept before the button. These
# settings join their page's share on every run that sweeps it (one load, one switch, one fresh link for all).
UNSENT = {"two_ones": ("ones_train_hidden", "ones_train_lr", "ones_train_steps"),
          "gradients": ("grad_span_cell", "grad_span_distance")}


def todays_cases(page: str, share: dict = SHARE) -> tuple[str, list]:
    lang, cases = share[page]
    if not cases:  # not this run's page
        return lang, []
    have = {case.key for case in cases}
    unsent = [c for c in state_sweep.full_plan()[page] if c.key in UNSENT.get(page, ()) and c.key not in have]
    return lang, cases + state_sweep.first_values(unsent, len(UNSENT.get(page, ())))


def test_the_unsent_training_choices_are_swept_whenever_their_page_is():
    for seed in range(SEED, SEED + 2 * PARTS):
        share = state_sweep.rotation(seed, PER_PAGE, parts=PARTS)
        for page, keys in UNSENT.items():
            cases = todays_cases(page, share)[1]
            assert not cases or set(keys) <= {case.key for case in cases}


@pytest.mark.parametrize("page", TODAY)
def test_settings_round_trip(page, server_url, browser, students):
    lang, cases = todays_cases(page)
    summary = state_sweep.sweep(browser, server_url, {page: cases}, {page: lang}, contexts=students)
    tried = [result for result in summary.results if result.skipped is None]
    failed = summary.failures()
    assert not failed, (f"seed {SEED} ({lang}): {len(failed)} of {len(tried)} values did not round-trip:\n"
                        + "\n".join(result.line() for result in failed))
    assert {result.case.key for result in tried} >= set(UNSENT.get(page, ()))

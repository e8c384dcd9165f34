"""Every keyed control of every page, pushed to its extremes one at a time: no traceback anywhere.

For each page in the catalog (English is enough: the numbers do not depend on the language) the
sweep opens the page once and, for every keyed slider, select slider, number input, select box,
radio, segmented control / pills and toggle in the main area, sets it to its minimum and then its
maximum (a choice widget: its first and last option; a number input without bounds: -1e9 / 1e9;
a toggle: off and on), reruns the app after each, and then puts that widget back to its default
value and checks the whole page is back to its defaults (else it reopens the page) before the
next widget. Values equal to the default are not run again (opening the page ran them). Every run must end
without an exception element. Buttons, text inputs, uploads, data editors and the widgets of a form
are left out (text is fuzzed elsewhere; buttons and forms start jobs).

Widgets that a choice unlocks are covered too, one level deep: when a choice widget is set to an
option (its extremes, and for small choices every other option as well) every widget that is new,
newly enabled or has different bounds there is swept in that state (e.g. the beam width slider,
enabled only under the beam strategy). Widgets that stay disabled are listed in the report.

Run with ``pytest -s`` to see, per page, what was covered, how many app runs it took and how long.

Half the pages a run, by the day (``EXTREMES_SEED``, default today's date; ``EXTREMES_PAGES=all`` sweeps
every page): two consecutive runs sweep every page (a test checks).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import pytest
from helpers import open_page
from streamlit.proto.NumberInput_pb2 import NumberInput as NumberInputProto
from streamlit.proto.WidgetStates_pb2 import WidgetState

from conformance.state_sweep import date_seed
from playground.lessons import PAGES

KINDS = ("slider", "select_slider", "number_input", "selectbox", "radio", "button_group", "toggle", "checkbox")
CHOICES = ("select_slider", "selectbox", "radio", "button_group")
MENUS = ("selectbox", "radio", "button_group")
UNBOUNDED = 1e9  # the "extreme" of a number input without min or max
EVERY_OPTION_UP_TO = 8  # a choice with at most this many options is also visited at its middle options
SLOW_RUN_S = 5.0  # runs slower than this are listed in the report

REPORT: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def _one_torch_thread():
    """Hundreds of small tensor runs: on a busy 2-core machine torch's own worker threads spin
    against other processes and made one page's sweep 30x slower; one thread is as fast alone."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module", autouse=True)
def _print_report():
    yield
    if REPORT:
        print("\n\nwidget extremes sweep (pytest -s):\n" + "\n".join(REPORT))


# --- reading widgets -----------------------------------------------------------------------------
def _widgets(at) -> dict:
    """The keyed widgets of the main area (the sidebar only holds the language switch), by key. Not
    those in a form: they change only when it is sent, which starts a training job
    (tests/test_store.py sends one). Not a predict-first answer either (``<prefix>_guess``): it starts
    with nothing picked, which no visitor (and no AppTest value) can pick again, so it could not be put
    back; tests/test_predict_first.py answers every one on every page, and the browser state sweep
    sets each option."""
    found = {}
    for kind in KINDS:
        for el in at.main.get(kind):
            if el.key is not None and not getattr(el, "form_id", "") and not el.key.endswith("_guess"):
                found.setdefault(el.key, el)
    return found


def _shape(el) -> tuple:
    """What a widget offers: its type, whether it is disabled, its bounds or options."""
    if el.type in CHOICES:
        extent = tuple(el.options)
    elif el.type in ("slider", "number_input"):
        extent = (el.min, el.max)
    else:
        extent = ()
    return el.type, bool(el.disabled), extent


def _current(el):
    """The widget's value; a choice widget's as its shown label (what the browser sends back)."""
    if el.type in ("selectbox", "radio"):
        return None if el.index is None else el.options[el.index]
    if el.type == "button_group":
        labels = list(el.formatted_values)
        return labels[0] if len(labels) == 1 else tuple(labels)
    if el.type == "select_slider":
        value = el.value
        if isinstance(value, list | tuple):
            return tuple(el.format_func(v) for v in value)
        return el.format_func(value)
    value = el.value
    return tuple(value) if isinstance(value, list | tuple) else value


def _snapshot(at) -> dict:
    return {key: (_shape(el), _current(el)) for key, el in _widgets(at).items()}


def _extremes(el) -> list:
    """Minimum then maximum, in the form ``_set`` takes."""
    if el.type in CHOICES:
        first, last = el.options[0], el.options[-1]
        is_range = isinstance(_current(el), tuple)
        if el.type == "select_slider" and is_range:
            return [(first, first), (last, last)]
        return [first] if first == last else [first, last]
    if el.type in ("toggle", "checkbox"):
        return [False, True]
    if el.type == "slider":
        if isinstance(el.value, list | tuple):
            return [(el.min, el.min), (el.max, el.max)]
        return [el.min, el.max]
    if el.type == "number_input":
        whole = el.proto.data_type == NumberInputProto.INT
        low = el.min if el.min is not None else -UNBOUNDED
        high = el.max if el.max is not None else UNBOUNDED
        return [int(low), int(high)] if whole else [float(low), float(high)]
    raise AssertionError(f"no extremes for {el.type}")


def _set(el, value) -> None:
    """Give a widget a value for the next run. A choice widget gets the label the browser would
    send (AppTest maps raw values to labels through the page's format_func, which cannot be done
    from labels alone, e.g. ``format_func=dict.get``), so its widget state is written directly."""
    if el.type not in CHOICES:
        el.set_value(list(value) if isinstance(value, tuple) else value)
        return
    el._assert_can_interact()
    state = WidgetState()
    state.id = el.id
    labels = list(value) if isinstance(value, tuple) else [value]
    if el.type in ("selectbox", "radio"):
        state.string_value = labels[0]
    else:
        state.string_array_value.data[:] = labels
    # the element tree is rebuilt after every run, so this only pins the state for one run
    el.__class__ = type(f"Pinned{type(el).__name__}", (type(el),), {"_widget_state": property(lambda _: state)})


# --- the sweep -----------------------------------------------------------------------------------
@dataclass
class Sweep:
    path: str
    runs: int = 0
    reopens: int = 0
    failures: list[str] = field(default_factory=list)
    covered: dict[str, list] = field(default_factory=dict)  # key -> values tried
    middle: dict[str, list] = field(default_factory=dict)  # choice key -> its middle options visited
    nested: dict[str, list] = field(default_factory=dict)  # "key (choice=label)" -> values tried
    slow: list[tuple[float, str]] = field(default_factory=list)

    def open(self) -> None:
        started = time.perf_counter()
        self.at = open_page(self.path)
        self.runs += 2
        self._check("opening the page", time.perf_counter() - started)
        self.defaults = _snapshot(self.at)

    def _check(self, what: str, seconds: float) -> bool:
        if seconds > SLOW_RUN_S:
            self.slow.append((seconds, what))
        if self.at.exception:
            errors = [f"{e.value} | {' '.join(line.strip() for line in e.stack_trace[-3:])}" for e in self.at.exception]
            self.failures.append(f"{self.path}: {what}: {errors}")
            return False
        return True

    def _run(self, key: str, value, state: str = "") -> bool:
        """Set widget ``key`` to ``value``, run the app and check it; False if that went wrong."""
        what = f"{key}={value!r}" + (f" with {state}" if state else "")
        el = _widgets(self.at).get(key)
        if el is None:
            self.failures.append(f"{self.path}: {what}: the widget is gone")
            return False
        started = time.perf_counter()
        try:
            _set(el, value)
            self.at.run()
        except Exception as exc:  # a timeout or AppTest refusing the value: report it, start afresh
            self.failures.append(f"{self.path}: {what}: {type(exc).__name__}: {exc}")
            self.open()
            self.reopens += 1
            return False
        finally:
            self.runs += 1
        ok = self._check(what, time.perf_counter() - started)
        shown = _widgets(self.at).get(key)
        if ok and shown is not None and shown.type in CHOICES and _current(shown) != value:
            self.failures.append(f"{self.path}: {what}: the page shows {_current(shown)!r} instead")
        return ok

    def _back_to(self, expected: dict, key: str, restore: tuple[str, object] | None = None) -> None:
        """Put ``key`` back to its value in ``expected``; reopen (and re-apply ``restore``) if the
        page still differs from ``expected`` afterwards."""
        el = _widgets(self.at).get(key)
        if el is not None and key in expected and _current(el) != expected[key][1]:
            self._run(key, expected[key][1], "the value it had before")
        if _snapshot(self.at) != expected:
            self.reopens += 1
            self.open()
            if restore is not None:
                self._run(*restore)

    def sweep(self) -> None:
        self.open()
        for key, (shape, default) in self.defaults.items():
            if shape[1]:
                continue  # disabled at the defaults; see the unlock pass
            el = _widgets(self.at)[key]
            for value in _extremes(el):
                self.covered.setdefault(key, []).append(value)
                if value == default:
                    continue  # opening the page already ran it
                if self._run(key, value) and shape[0] in CHOICES:
                    self._inner(key, value)
            self._back_to(self.defaults, key)
        # the middle options of small choices (not select sliders: those pick a number), for the
        # widgets only they show or enable
        for key, (shape, default) in self.defaults.items():
            if shape[0] not in MENUS or shape[1] or len(shape[2]) > EVERY_OPTION_UP_TO:
                continue
            for label in shape[2][1:-1]:
                if label == default:
                    continue
                self.middle.setdefault(key, []).append(label)
                if self._run(key, label):
                    self._inner(key, label)
                self._back_to(self.defaults, key)

    def _inner(self, choice: str, label) -> None:
        """With ``choice`` set to ``label``: sweep every widget that is new, newly enabled or
        bounded differently than at the defaults, then put each back."""
        state = f"{choice}={label!r}"
        here = _snapshot(self.at)
        for key, (shape, value) in here.items():
            if key == choice or shape[1] or (key in self.defaults and self.defaults[key][0] == shape):
                continue
            el = _widgets(self.at).get(key)
            if el is None:  # putting an earlier one back failed (reported); nothing to sweep here
                continue
            for extreme in _extremes(el):
                self.nested.setdefault(f"{key} ({state})", []).append(extreme)
                if extreme != value:
                    self._run(key, extreme, state)
            self._back_to(here, key, restore=(choice, label))

    def still_disabled(self) -> list[str]:
        reached = {name.split(" ")[0] for name in self.nested}
        return [key for key, (shape, _) in self.defaults.items() if shape[1] and key not in reached]


# The two halves, balanced by the seconds each page's sweep took (2-core machine, 2026-12-07: 48 | 45); the
# pages a lesson adds join the second.
FIRST_HALF = ("gradients", "charlm_cells", "seq2seq", "home", "two_ones")
SEED = int(os.environ.get("EXTREMES_SEED") or date_seed())


def _pages_of(seed: int) -> list:
    first = seed % 2 == 0
    return [spec for spec in PAGES if (spec.key in FIRST_HALF) == first]


def todays_pages() -> list:
    return list(PAGES) if os.environ.get("EXTREMES_PAGES") == "all" else _pages_of(SEED)


def test_two_consecutive_runs_sweep_every_page():
    halves = [{spec.key for spec in _pages_of(seed)} for seed in (SEED, SEED + 1)]
    assert halves[0] | halves[1] == {spec.key for spec in PAGES} and all(halves) and not halves[0] & halves[1]


@pytest.mark.parametrize("spec", todays_pages(), ids=lambda spec: spec.key)
def test_every_widget_survives_its_extremes(spec):
    started, cpu = time.perf_counter(), time.process_time()
    sweep = Sweep(spec.path)
    sweep.sweep()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    lines = [f"{spec.key}: {len(sweep.covered)} widgets at the defaults + {len(sweep.nested)} unlocked by a choice, "
             f"{sweep.runs} runs, {sweep.reopens} reopens, {seconds:.1f} s ({cpu:.1f} s of CPU)"]
    lines += [f"    {key}: {values}" for key, values in sweep.covered.items()]
    lines += [f"    {key} (middle options): {values}" for key, values in sweep.middle.items()]
    lines += [f"    {key}: {values}" for key, values in sweep.nested.items()]
    if disabled := sweep.still_disabled():
        lines.append(f"    never enabled (not swept): {disabled}")
    lines += [f"    slow run: {what} took {s:.1f} s" for s, what in sorted(sweep.slow, reverse=True)]
    REPORT.extend(lines)
    print("\n" + "\n".join(lines))
    assert not sweep.failures, "\n".join(sweep.failures)

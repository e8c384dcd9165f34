"""The state sweep: every declared setting of every page (``playground/<lesson>/settings.py``) set in a
real browser, carried through a page switch and through a fresh link.

For each setting the plan, generated from its declaration (never a hand-written list), holds
non-default values: numbers their minimum, their maximum and one value between (read from the
widget's real range, which a page may narrow at run time); a toggle its other state; a text a mix of
ASCII and Chinese within ``max_chars``, and one exactly ``max_chars`` long; a choice every option
other than the default; a structured setting (a table, a set of weights) a digit typed into the
first cell of its first grid (a grid is drawn on a canvas, so its value is read from the address bar).

Each value is then driven like a visitor would: the page is opened with the settings the widget
``needs`` in its link (a top-k slider only for the top-k strategy), the widget is revealed (an
expander opened, a tab picked), set with the mouse or the keyboard (a widget inside ``st.form`` fails: its value is
lost on a page switch until the form is sent, issue 33), and the sweep checks

1. *set*: the widget shows the value and the address bar holds ``key=as_url(value)`` (and ``lang``);
2. *switch*: after opening another page from the sidebar and coming back the same way, again;
3. *fresh*: the address copied then, opened in a new browser context (the other browser locale),
   shows it too.

Settings of one page are set several at a time when their ``needs`` agree (one page load, one
switch, one fresh link for the lot); a value that another one in its batch disturbed before the
page switch is tried again alone, so only a failure that happens alone is reported.

``tests/browser/test_state_sweep.py`` runs a seeded rotation of it in CI; ``python -m conformance
state`` runs all of it and prints how many settings round-trip.
"""

from __future__ import annotations

import datetime
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

from bench.interaction import ScriptRuns  # the rerun counter the speed bench uses
from playground import lessons
from playground.core.i18n import strings, t
from playground.core.lesson import Lesson as PageSpec
from playground.core.settings import SKIPPED, PageState, Setting
from playground.lessons import PAGES

STRINGS = strings()

LANGS = ("zh", "en")
LOCALES = {"zh": "zh-CN", "en": "en-US"}
LANG_KEY = "lang"
MAIN = "[data-testid='stMain']"
VIEWPORT = {"width": 1400, "height": 1000}
TEXT = "Tea 茶 42 猫 cat"  # ASCII, Chinese, digits and spaces, as a visitor types them
TEXT_FILL = "ab 中文 9; "  # repeated up to max_chars for the longest text a box takes
STAGES = ("set", "switch", "fresh")


def page_state(spec: PageSpec) -> PageState:
    return lessons.module(spec, "settings").STATE


def spec_of(key: str) -> PageSpec:
    return next(spec for spec in PAGES if spec.key == key)


# --- the plan --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One value for one setting. ``target`` is min / between / max for a number (the value is read
    from the widget's real range when it is set), flip for a toggle, text / full for a text, option
    (default for the declared default, which a page may work out otherwise at run time) for a
    choice, edit for a structured setting."""

    page: str
    key: str
    target: str
    value: Any = None

    @property
    def label(self) -> str:
        shown = self.value if self.value is not None else self.target
        if isinstance(shown, str) and len(shown) > 24:
            shown = f"{shown[:12]}…({len(shown)} chars)"
        return f"{self.key}={shown!r}" if self.value is not None else f"{self.key}<{shown}>"


def kind(setting: Setting) -> str:
    try:
        return setting.kind
    except KeyError:  # a value type the sweep does not know
        return "unknown"


def plan_setting(page: str, setting: Setting) -> list[Case]:
    """Every value the full sweep gives one setting."""
    k = kind(setting)
    if k in ("int", "float"):
        return [Case(page, setting.key, target) for target in ("min", "between", "max")]
    if k == "bool":
        return [Case(page, setting.key, "flip", not setting.default)]
    if k == "str":
        short = TEXT[: setting.max_chars]
        full = (TEXT_FILL * (setting.max_chars // len(TEXT_FILL) + 1))[: setting.max_chars]
        cases = [Case(page, setting.key, "text", short)] if short != setting.default else []
        return cases + ([Case(page, setting.key, "full", full)] if full not in (short, setting.default) else [])
    if k == "choice":  # the default too: a page may work its default out at run time (the reader's language)
        # (a question skipped is set by its button, not its radio: tests/browser/test_page_walk.py)
        return [Case(page, setting.key, "default" if option == setting.default else "option", option)
                for option in setting.options if option != SKIPPED]
    if k == "structured":  # its first grid edited; the value is then what the address bar says
        return [Case(page, setting.key, "edit")]
    return [Case(page, setting.key, k)]


def full_plan(pages: Iterable[PageSpec] = PAGES) -> dict[str, list[Case]]:
    return {spec.key: [case for setting in page_state(spec).settings for case in plan_setting(spec.key, setting)]
            for spec in pages}


def first_values(cases: list[Case], settings: int) -> list[Case]:
    """The first non-default value of each of the first ``settings`` settings among ``cases``."""
    chosen: dict[str, Case] = {}
    for case in cases:
        if case.target != "default" and case.key not in chosen and len(chosen) < settings:
            chosen[case.key] = case
    return list(chosen.values())


def date_seed(today: datetime.date | None = None) -> int:
    return (today or datetime.date.today()).toordinal()


def rotation(seed: int, per_page: int, pages: Iterable[PageSpec] = PAGES,
             parts: int = 1) -> dict[str, tuple[str, list[Case]]]:
    """CI's share of the sweep for one ``seed``: per page ``per_page`` settings (consecutive sweeps of a page
    walk through every setting of it in ceil(settings / per_page) sweeps), one of each one's values (drawn
    with the seed) and the page's language.
    ``parts``: the pages take turns, a part of them a run (page i on the seeds where (seed + i) % parts is 0),
    so that each page is swept on one run of every ``parts``; a page's consecutive sweeps alternate its
    language, and the pages of one run alternate theirs (both languages run every day). The pages of another
    run get their language and no settings."""
    chosen = {}
    for index, spec in enumerate(pages):
        turn, phase = divmod(seed + index, parts)  # turn: this page's sweep number
        lang = LANGS[turn % 2]
        if phase:
            chosen[spec.key] = (lang, [])
            continue
        settings = list(page_state(spec).settings)
        random.Random(spec.key).shuffle(settings)  # a fixed order per page
        start = turn * per_page % len(settings)
        picked = [settings[(start + i) % len(settings)] for i in range(min(per_page, len(settings)))]
        cases = []
        for setting in picked:
            options = [case for case in plan_setting(spec.key, setting) if case.target != "default"]
            if options:
                cases.append(random.Random(f"{seed}:{setting.key}").choice(options))
        order = {s.key: i for i, s in enumerate(page_state(spec).settings)}
        chosen[spec.key] = (lang, sorted(cases, key=lambda c: order[c.key]))
    return chosen


def batches(state: PageState, cases: list[Case], limit: int = 12) -> list[list[Case]]:
    """Cases that can share one page load: one value per key, needs that agree, and no case that
    changes a setting another one in the batch needs."""
    pending, out = list(cases), []
    while pending:
        batch, keys, needs, rest = [], set(), {}, []
        for case in pending:
            wants = dict(state[case.key].needs)
            clash = (case.key in keys or case.key in needs or any(key in keys for key in wants)
                     or any(key in needs and needs[key] != value for key, value in wants.items()))
            if clash or len(batch) >= limit:
                rest.append(case)
                continue
            batch.append(case)
            keys.add(case.key)
            needs.update(wants)
        out.append(batch)
        pending = rest
    return out


# --- results ---------------------------------------------------------------------------------------
@dataclass
class Result:
    case: Case
    lang: str
    value: Any = None  # the value actually set (a number's resolved target)
    skipped: str | None = None  # why the value was not tried (e.g. it is the page's default here)
    stages: dict[str, bool] = field(default_factory=dict)  # set / switch / fresh -> held
    seen: list[str] = field(default_factory=list)  # what was seen where it did not hold
    retried: bool = False
    display: str | None = None  # how the widget showed the value once set (compared when no code is read)
    widget_fault: bool = False  # the set stage failed at the widget (not drawn, disabled, shows another value)
    narrowed: bool = False  # skipped on a range or default narrowed at run time (maybe by other values)
    labels: dict[str, Any] | None = None  # a choice's labels -> option codes, as learned when it was set

    @property
    def ok(self) -> bool:
        return self.skipped is None and len(self.stages) == len(STAGES) and all(self.stages.values())

    def fail(self, stage: str, what: str, widget: bool = False) -> None:
        self.stages[stage] = False
        self.seen.append(f"{stage}: {what}")
        if widget and stage == "set":
            self.widget_fault = True

    def line(self) -> str:
        value = self.value if self.value is not None else self.case.value
        if value is not None and not isinstance(value, str | int | float | bool):  # a structure: its link text
            value = self.display or str(value)
        if isinstance(value, str) and len(value) > 30:
            value = f"{value[:15]}…({len(value)} chars)"
        return f"[{self.lang}] {self.case.key}={value!r} ({self.case.target}): " + "; ".join(self.seen)


@dataclass
class Summary:
    results: list[Result]
    seconds: float

    def by_setting(self) -> dict[str, list[Result]]:
        out: dict[str, list[Result]] = {}
        for result in self.results:
            out.setdefault(result.case.key, []).append(result)
        return out

    def counts(self) -> dict[str, int]:
        """Settings whose every tried value held through each stage (all of them, both stages)."""
        settings = self.by_setting()
        tried = {key: [r for r in rs if r.skipped is None] for key, rs in settings.items()}

        def held(stage_set):
            return sum(1 for rs in tried.values() if rs and all(all(r.stages.get(s) for s in stage_set) for r in rs))

        return {"settings": len(settings), "tried": sum(1 for rs in tried.values() if rs),
                "round_trip": held(STAGES), "set": held(("set",)), "switch": held(("set", "switch")),
                "fresh": held(("set", "fresh")), "values": sum(len(rs) for rs in tried.values()),
                "values_ok": sum(r.ok for rs in tried.values() for r in rs)}

    def failures(self) -> list[Result]:
        return [r for r in self.results if r.skipped is None and not r.ok]

    def report(self) -> str:
        c = self.counts()
        lines = [f"{c['round_trip']} of {c['settings']} settings round-trip (page switch, fresh link)"
                 f" [{c['values_ok']} of {c['values']} values; set {c['set']}, switch {c['switch']},"
                 f" fresh {c['fresh']} settings; {self.seconds:.0f} s]"]
        never = [key for key, rs in self.by_setting().items() if all(r.skipped for r in rs)]
        if never:
            lines.append("  not tried (every value skipped): " + ", ".join(never))
        lines += [f"  ✗ {r.line()}" for r in self.failures()]
        return "\n".join(lines)


# --- reading and driving widgets -------------------------------------------------------------------
READ_JS = """(e) => {
  const q = (s) => e.querySelector(s), txt = (x) => (x.innerText || x.textContent || '').trim();
  const r = {widget: 'unknown', disabled: false};
  let x;
  if (q('[data-testid=stSkeleton]')) { r.widget = 'skeleton'; return r; }
  if ((x = q('[data-testid=stSlider] input[type=range]'))) {
    Object.assign(r, {widget: 'slider', value: x.value, min: x.min, max: x.max, step: x.step,
                      text: x.getAttribute('aria-valuetext'), disabled: x.disabled});
  } else if ((x = q('[data-testid=stNumberInput] input'))) {
    Object.assign(r, {widget: 'number', value: x.value, min: x.getAttribute('min'), max: x.getAttribute('max'),
                      step: x.getAttribute('step'), disabled: x.disabled});
  } else if ((x = q('[data-testid=stTextArea] textarea'))) {
    Object.assign(r, {widget: 'area', value: x.value, disabled: x.disabled});
  } else if ((x = q('[data-testid=stTextInput] input'))) {
    Object.assign(r, {widget: 'text', value: x.value, disabled: x.disabled});
  } else if ((x = q('[data-testid=stCheckbox] input'))) {
    Object.assign(r, {widget: 'toggle', value: x.checked, disabled: x.disabled});
  } else if ((x = q('[data-testid=stButtonGroup]'))) {
    const buttons = Array.from(x.querySelectorAll('button'));
    const on = (b) => b.getAttribute('aria-checked') === 'true' || b.getAttribute('aria-pressed') === 'true'
      || (b.getAttribute('data-testid') || '').endsWith('Active');
    const group = x.querySelector('[role=radiogroup], [role=group]');
    const active = buttons.find(on);
    Object.assign(r, {widget: 'buttons', options: buttons.map(txt), value: active ? txt(active) : null,
                      disabled: (group && group.getAttribute('aria-disabled') === 'true')
                                || buttons.every(b => b.disabled)});
  } else if ((x = q('[data-testid=stRadio]'))) {
    const options = Array.from(x.querySelectorAll('[data-testid=stRadioOption]'));
    const on = options.find(o => o.querySelector('input:checked'));
    Object.assign(r, {widget: 'radio', options: options.map(txt), value: on && txt(on),
                      disabled: options.every(o => o.querySelector('input') && o.querySelector('input').disabled)});
  } else if ((x = q('[data-testid=stSelectbox] input'))) {
    Object.assign(r, {widget: 'select', value: x.value, disabled: x.disabled});
  }
  if (r.value === undefined) r.value = null;
  return r;
}"""

# what hides an element drawn on the page: a collapsed expander or an inactive tab (innermost first)
REVEAL_JS = """(e) => {
  document.querySelectorAll('[data-sweep-reveal]').forEach(x => x.removeAttribute('data-sweep-reveal'));
  const out = [];
  for (let x = e; x; x = x.parentElement) {
    if (x.tagName === 'DETAILS' && !x.open) {
      const s = x.querySelector(':scope > summary');
      if (s) { s.setAttribute('data-sweep-reveal', String(out.length)); out.push(String(out.length)); }
    }
    if (x.getAttribute && x.getAttribute('role') === 'tabpanel' && x.id) {
      const tab = document.querySelector(`[role=tab][aria-controls="${x.id}"]`);
      if (tab && tab.getAttribute('aria-selected') !== 'true') {
        tab.setAttribute('data-sweep-reveal', String(out.length)); out.push(String(out.length));
      }
    }
  }
  return out.reverse();
}"""


IN_FORM_JS = "(e) => !!e.closest('[data-testid=stForm]')"
GRIDS = "canvas[data-testid='data-grid-canvas']"


_KEPT_TABS: dict[int, Any] = {}  # id(browser context) -> its kept tab (``Tab(keep=True)``)


class Tab:
    """One browser tab on the app, with the waits and checks the sweep needs."""

    def __init__(self, browser, lang: str, locale: str | None = None, context=None, keep: bool = False) -> None:
        """A tab in a browser of its own, or (``context``) a new tab of a browser already open; with ``keep``,
        the one tab kept open in that browser (a new tab costs Chromium a renderer process: 7.4 CPU-s a
        load against 4.3 in the same tab). Each is a new session once it loads the app."""
        self.shared = context is not None
        self.context = context or browser.new_context(locale=locale or LOCALES[lang], viewport=VIEWPORT)
        kept = _KEPT_TABS.get(id(self.context)) if keep and self.shared else None
        if kept is not None and not kept.is_closed():
            self.page = kept
            if kept.url.startswith("http"):  # what a tab keeps of its last visit besides the browser's cookies
                kept.evaluate("() => sessionStorage.clear()")
        else:
            self.page = self.context.new_page()
        if keep and self.shared:
            _KEPT_TABS[id(self.context)] = self.page
        self.kept = keep and self.shared
        self.page.set_viewport_size(VIEWPORT)
        self.runs = ScriptRuns(self.page)
        self.lang = lang

    def close(self) -> None:
        if self.kept:  # the tab stays for the next batch: only this tab's counter stops
            self.runs.stop()
        else:
            (self.page if self.shared else self.context).close()

    def settle(self, since: int | None = None, wait_run_s: float = 4.0, quiet_ms: int = 350,
               timeout_s: float = 120.0) -> None:
        """After an action: wait for the rerun it caused to finish (when ``since``, the run count
        before the action, is given and a rerun comes within ``wait_run_s``), then until the app has
        been idle for ``quiet_ms``."""
        start = time.monotonic()
        if since is not None:
            while self.runs.finished <= since and time.monotonic() - start < wait_run_s:
                self.page.wait_for_timeout(50)
        quiet = None
        while True:
            state = self.page.evaluate("() => { const e = document.querySelector('[data-test-script-state]');"
                                       " return e && e.getAttribute('data-test-script-state'); }")
            now = time.monotonic()
            if state == "notRunning":
                quiet = quiet or now
                if now - quiet >= quiet_ms / 1000:
                    return
            else:
                quiet = None
            if now - start > timeout_s:
                raise TimeoutError(f"the app did not settle in {timeout_s:.0f} s ({self.page.url})")
            self.page.wait_for_timeout(50)

    def act(self, action: Callable[[], Any], wait_run_s: float = 4.0) -> None:
        before = self.runs.finished
        action()
        self.settle(since=before, wait_run_s=wait_run_s)

    def goto(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("[data-test-script-state]", state="attached", timeout=120_000)
        self.settle(since=0, wait_run_s=30)

    def exception(self) -> str | None:
        errors = self.page.locator("[data-testid='stException']")
        if errors.count():
            return "exception: " + errors.first.inner_text()[:300].replace("\n", " ")
        return None

    def query(self) -> dict[str, str]:
        return {key: values[-1] for key, values in parse_qs(urlparse(self.page.url).query,
                                                            keep_blank_values=True).items()}

    def open_from_sidebar(self, spec: PageSpec) -> None:
        origin = "{0.scheme}://{0.netloc}".format(urlparse(self.page.url))
        href = f"{origin}/" if spec.default else f"{origin}/{spec.url_path}"
        link = self.page.locator(f"[data-testid='stSidebarNavLink'][href='{href}']").first
        # a menu left open (a select box's list) makes the rest of the page inert: close it first
        self.page.keyboard.press("Escape")
        self.page.wait_for_timeout(100)
        self.act(link.click)

    def container(self, key: str):
        """The widget's element container, revealed and scrolled into view, or None when the page
        did not draw it."""
        box = self.page.locator(f"{MAIN} .st-key-{key}")
        if box.count() == 0:
            return None
        box = box.first
        for mark in box.evaluate(REVEAL_JS):  # an expander or a tab opens in the browser, with no rerun to wait for
            self.act(self.page.locator(f"[data-sweep-reveal='{mark}']").first.click, wait_run_s=0.3)
            box = self.page.locator(f"{MAIN} .st-key-{key}").first
        for _ in range(50):  # off-screen elements are drawn as skeletons until scrolled to
            box.scroll_into_view_if_needed()
            if box.evaluate(READ_JS)["widget"] != "skeleton":
                break
            self.page.wait_for_timeout(100)
        return box

    def read(self, key: str) -> dict | None:
        box = self.container(key)
        return None if box is None else box.evaluate(READ_JS)


# --- values as widgets show them -------------------------------------------------------------------
def _same(setting: Setting, a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is b
    if kind(setting) in ("int", "float"):
        try:
            return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
        except (TypeError, ValueError):
            return False
    if kind(setting) == "structured":
        return setting.as_url(a) == setting.as_url(b)
    return a == b


def _i18n_labels(code: Any, lang: str) -> set[str]:
    """The UI strings a format function may show for ``code``: those whose key's last part is the
    code (``home.form.one_to_one``), else the longest tail of it (``charlm.model.python_lstm`` for
    ``charlm_python_lstm``)."""
    parts = str(code).split("_")
    for start in range(len(parts)):
        tail = "_".join(parts[start:])
        labels = {t(key, lang) for key in STRINGS if key.rsplit(".", 1)[-1] == tail}
        if labels:
            return labels
    return set()


def option_labels(setting: Setting, shown: list[str], lang: str, selected: str | None = None) -> dict[str, Any]:
    """Which option code each label the widget shows stands for: by the UI strings whose key ends
    in the code (format functions translate ``prefix.<code>``), the one ``selected`` on a page
    opened without a value for it standing for the default, else by position (the offered options
    in declared order), else by the code's own text."""
    options = list(setting.options)
    by_i18n = {}
    for label in shown:
        codes = [o for o in options if label in _i18n_labels(o, lang)]
        if len(codes) == 1:
            by_i18n[label] = codes[0]
    if selected in shown and selected not in by_i18n and setting.default not in by_i18n.values():
        by_i18n[selected] = setting.default
    if len(by_i18n) == len(shown) and len(set(map(str, by_i18n.values()))) == len(shown):
        return by_i18n
    if len(shown) == len(options) > 1:
        return dict(zip(shown, options, strict=True))
    out = dict(by_i18n)
    for label in shown:
        if label not in out:
            codes = [o for o in options if str(o) == label or str(o).upper() == label.upper()]
            if len(codes) == 1:
                out[label] = codes[0]
    return out


def value_of(setting: Setting, reading: dict, lang: str) -> tuple[Any, str]:
    """(the setting's value as the widget shows it, how it shows it) from ``READ_JS``'s reading."""
    widget, raw = reading["widget"], reading.get("value")
    if widget == "slider" and kind(setting) == "choice":  # a select slider: the position in the options
        index = int(float(raw))
        code = setting.options[index] if 0 <= index < len(setting.options) else None
        return code, str(reading.get("text"))
    if widget in ("slider", "number"):
        try:
            number = float(raw)
        except (TypeError, ValueError):
            return None, str(raw)
        return (int(number) if kind(setting) == "int" and number == int(number) else number), str(raw)
    if widget in ("buttons", "radio"):
        return option_labels(setting, reading.get("options") or [], lang).get(raw), str(raw)
    if widget == "select":
        return option_labels(setting, [raw], lang).get(raw), str(raw)
    if widget == "toggle":
        return bool(raw), str(raw)
    return raw, str(raw)


def _between(low: float, high: float, step: float, default: Any, integer: bool) -> float | None:
    """A value on the widget's grid about a third of the way, not the default (None if the range
    has no room for one)."""
    steps = round((high - low) / step)
    candidates = [round(steps * 0.37), round(steps * 0.37) + 1, round(steps * 0.37) - 1]
    for n in candidates:
        if 0 < n < steps:
            value = low + n * step
            value = int(round(value)) if integer else round(value, 10)
            if not (default is not None and math.isclose(value, float(default), abs_tol=1e-9)):
                return value
    return None


class Driver:
    """Sets and reads one page's settings in one tab."""

    def __init__(self, tab: Tab, state: PageState) -> None:
        self.tab, self.state = tab, state

    def read(self, setting: Setting) -> tuple[dict | None, Any, str]:
        reading = self.tab.read(setting.key)
        if reading is None:
            return None, None, "not drawn"
        value, shown = value_of(setting, reading, self.tab.lang)
        return reading, value, shown

    def set(self, case: Case, result: Result) -> None:
        """Set the case's value with the widget; fills ``result.value`` (or ``skipped``) and records a
        failure at the "set" stage when the widget cannot be driven or does not show it."""
        setting = self.state[case.key]
        reading, current, shown = self.read(setting)
        if reading is None:
            result.fail("set", "widget not drawn" + (f" under {dict(setting.needs)}" if setting.needs
                                                    else " (does it need other settings? declare needs=)"), True)
            return
        if reading["disabled"]:
            result.fail("set", f"widget disabled (showing {shown!r})", True)
            return
        box, widget = self.tab.container(case.key), reading["widget"]
        if widget in ("buttons", "radio"):  # what the selected label stands for, the default helping
            result.labels = option_labels(setting, reading.get("options") or [], self.tab.lang,
                                          selected=reading.get("value"))
            current = result.labels.get(reading.get("value"), current)
        target = case.value
        if kind(setting) in ("int", "float") and widget in ("slider", "number"):
            low, high = float(reading["min"]), float(reading["max"])
            step = float(reading.get("step") or setting.step or 1)
            integer = kind(setting) == "int"
            target = {"min": low, "max": high}.get(case.target)
            if case.target == "between":
                target = _between(low, high, step, setting.default, integer)
                if target is None:
                    result.skipped = f"range {low:g}..{high:g} has no value between besides the default"
                    result.narrowed = (low, high) != (setting.low, setting.high)
                    return
            target = int(target) if integer else target
        result.value = target
        if _same(setting, target, current):  # the page's own default here (the declared one, a narrowed
            result.skipped = f"{target!r} is what the page shows before any change"  # range, the language's)
            result.narrowed = not _same(setting, target, setting.default)
            return

        if widget == "slider" and kind(setting) == "choice":
            index = list(setting.options).index(target)
            self._keys(box, ["Home"] + ["ArrowRight"] * index)
        elif widget == "slider":
            low, high, step = float(reading["min"]), float(reading["max"]), float(reading.get("step") or 1)
            if case.target == "min":
                self._keys(box, ["Home"])
            elif case.target == "max":
                self._keys(box, ["End"])
            else:
                n = round((float(target) - low) / step)
                if n <= 15:
                    self._keys(box, ["Home"] + ["ArrowRight"] * n)
                else:  # a long range: page steps, then whatever it lands on between is the value
                    self._keys(box, ["Home", "PageUp", "PageUp", "PageUp"])
                    _, landed, _ = self.read(setting)
                    if landed is not None and low < float(landed) < high and not _same(setting, landed, setting.default):
                        target = result.value = landed
                    else:
                        self._keys(box, ["Home"] + ["ArrowRight"] * min(n, 15))
                        _, landed, _ = self.read(setting)
                        target = result.value = landed
        elif widget == "number":
            field_ = box.locator("input").first
            self.tab.act(lambda: (field_.fill(str(target)), field_.press("Enter")))
        elif widget in ("text", "area"):
            field_ = box.locator("textarea" if widget == "area" else "input").first
            self.tab.act(lambda: (field_.fill(str(target)),
                                  field_.press("Control+Enter" if widget == "area" else "Enter")))
        elif widget == "toggle":
            self.tab.act(box.locator("label").first.click)
        elif widget in ("buttons", "radio"):
            labels = result.labels
            label = next((lab for lab, code in labels.items() if code == target), None)
            if label is None:
                offered = [str(code) for code in labels.values()]
                if all(str(target) != o for o in offered) and len(labels) == len(reading.get("options") or []):
                    result.skipped = f"option {target!r} not offered here (offered: {', '.join(offered)})"
                    result.narrowed = True
                else:
                    result.fail("set", f"no label for option {target!r} among {reading.get('options')}", True)
                return
            item = "button" if widget == "buttons" else "[data-testid='stRadioOption']"
            index = (reading.get("options") or []).index(label)
            self.tab.act(box.locator(item).nth(index).click)
        elif widget == "select":
            if self._select(box, setting, target) is None:
                result.fail("set", f"no option of the select box stands for {target!r}", True)
                return
        else:
            result.fail("set", f"no driver for a {widget} widget", True)
            return

        error = self.tab.exception()
        if error:
            result.fail("set", error, True)
            return
        if kind(setting) == "choice":
            result.display = self.read(setting)[2]
        if box.evaluate(IN_FORM_JS):  # what a form holds is lost on a page switch until it is sent (issue 33)
            result.fail("set", "inside st.form: not kept (nor in the link) until the form is sent", True)
            return
        self.check(case, result, "set")

    def edit(self, case: Case, result: Result) -> None:
        """A structured setting: type a digit into the first cell of the first grid its editors draw
        (widget keys ``<key>-...``), as a visitor edits a table; its value is then what the address
        bar says (a grid is drawn on a canvas: the checks read the address bar only)."""
        setting, page = self.state[case.key], self.tab.page
        editors, box = page.locator(f"{MAIN} [class*='st-key-{case.key}-']"), None
        for index in range(editors.count()):
            candidate = editors.nth(index)
            for mark in candidate.evaluate(REVEAL_JS):
                self.tab.act(page.locator(f"[data-sweep-reveal='{mark}']").first.click)
            for _ in range(30):  # drawn as a skeleton until scrolled to
                candidate.scroll_into_view_if_needed()
                if candidate.locator(GRIDS).count() or candidate.evaluate(READ_JS)["widget"] != "skeleton":
                    break
                page.wait_for_timeout(100)
            if candidate.locator(GRIDS).count():
                box = candidate
                break
        if box is None:
            result.fail("set", f"no grid keyed {case.key}-… drawn" + (f" under {dict(setting.needs)}" if setting.needs
                                                                       else " (declare needs=?)"), True)
            return
        for digit in "78":
            canvas = box.locator(GRIDS).first
            frame = canvas.bounding_box()

            def type_in(frame=frame, digit=digit):
                # the first cell of the first column (past a row-marker column on a wide grid)
                x = frame["x"] + (frame["width"] / 2 if frame["width"] < 120 else frame["width"] * 0.25)
                page.mouse.click(x, frame["y"] + 35 + 17)
                page.wait_for_timeout(300)
                page.keyboard.type(digit)
                page.wait_for_timeout(300)
                page.keyboard.press("Enter")

            self.tab.act(type_in)
            raw = self.tab.query().get(case.key)
            if raw is not None and setting.parse(raw).status == "ok":
                result.value, result.display = setting.parse(raw).value, raw
                if not _same(setting, result.value, setting.default):
                    break
        error = self.tab.exception()
        if error:
            result.fail("set", error, True)
        elif result.value is None:
            result.fail("set", f"after typing into its grid the URL has {case.key}={self.tab.query().get(case.key)!r}")
        else:
            self.check(case, result, "set")

    def _keys(self, box, keys: list[str]) -> None:
        thumb = box.locator("input[type=range]").first

        def press():
            thumb.focus()
            for key in keys:
                thumb.press(key)

        self.tab.act(press)

    def _select(self, box, setting: Setting, target: Any) -> str | None:
        """Open the select box, find the option's label among those listed (typing to filter when
        the list is long), click it; returns the label, or None when none stands for ``target``."""
        page, field_ = self.tab.page, box.locator("input").first
        field_.click()
        listed = page.locator("[role='listbox'] [role='option']")
        listed.first.wait_for(timeout=10_000)
        labels = option_labels(setting, [text.strip() for text in listed.all_inner_texts()], self.tab.lang)
        label = next((lab for lab, code in labels.items() if code == target), None)
        if label is None:  # a long list shows only some options: filter by the label the code would have
            guesses = _i18n_labels(target, self.tab.lang) or {str(target)}
            label = next(iter(guesses)) if len(guesses) == 1 else str(target)
            field_.fill(label)
        option = page.get_by_role("option", name=label, exact=True)
        if option.count() == 0:
            field_.press("Escape")
            return None
        self.tab.act(option.first.click)
        return label

    def check(self, case: Case, result: Result, stage: str, url: bool = True) -> bool:
        """Does the widget show the value, and does the address bar hold it (and the language)?
        Returns whether the widget did (a structured setting's grid is not read: True)."""
        setting = self.state[case.key]
        expected = result.value
        held = True
        if kind(setting) != "structured":
            reading, value, shown = self.read(setting)
            if reading is not None and result.labels and shown in result.labels:
                value = result.labels[shown]
            if reading is None:
                result.fail(stage, "widget not drawn", True)
                held = False
            elif not (_same(setting, value, expected) or (value is None and result.display is not None
                                                           and shown == result.display)):
                what = shown if len(shown) <= 40 else f"{shown[:20]}…({len(shown)} chars)"
                result.fail(stage, f"widget shows {what!r}" + (f" (= {value!r})" if value is not None
                                                                and str(value) != shown else ""), True)
                held = False
        widget_held = held
        if not url:
            if held:
                result.stages[stage] = True
            return widget_held
        query = self.tab.query()
        raw = query.get(case.key)
        if raw is None:
            result.fail(stage, f"URL lacks {case.key}")
            held = False
        else:
            parsed = setting.parse(raw)
            if parsed.status != "ok" or not _same(setting, parsed.value, expected):
                shown_raw = raw if len(raw) <= 40 else f"{raw[:20]}…({len(raw)} chars)"
                result.fail(stage, f"URL has {case.key}={shown_raw!r}")
                held = False
        if query.get(LANG_KEY) != self.tab.lang:
            result.fail(stage, f"URL has lang={query.get(LANG_KEY)!r}")
            held = False
        if held:
            result.stages[stage] = True
        return widget_held


# --- running it ------------------------------------------------------------------------------------
def page_url(base: str, spec: PageSpec, query: dict[str, str]) -> str:
    path = "" if spec.default else spec.url_path
    return f"{base}/{path}?{urlencode(query)}"


def other_page(spec: PageSpec) -> PageSpec:
    """Where the sweep goes and comes back from: Home (the lightest page), or the next one from Home."""
    return next(p for p in PAGES if p.key != spec.key)


def run_batch(browser, base: str, spec: PageSpec, lang: str, batch: list[Case],
              log: Callable[[str], None] = lambda line: None, contexts: dict | None = None
              ) -> tuple[list[Result], list[Case]]:
    """One page load with the batch's needs (and structured values) in the link, every value set,
    a page switch and back, a fresh link. Returns the results and the cases to try again alone.
    ``contexts``: browsers already open, by locale, for the first tab (a new session, the browser's
    cache warm); the fresh link opens in a browser of its own, or in ``contexts[("colleague", locale)]``
    with its cookies cleared (a new session that brings nothing along: only its cache is warm, which
    halves what Chromium spends on the load)."""
    state = page_state(spec)
    results = {case: Result(case, lang) for case in batch}
    needs = {key: value for case in batch for key, value in state[case.key].needs}
    query = {LANG_KEY: lang, **{key: state[key].as_url(value) for key, value in needs.items()}}
    started = time.perf_counter()
    tab = Tab(browser, lang, context=(contexts or {}).get(LOCALES[lang]), keep=True)
    again: list[Case] = []
    try:
        tab.goto(page_url(base, spec, query))
        error = tab.exception()
        driver = Driver(tab, state)
        for case in batch:
            result = results[case]
            if error:
                result.fail("set", "on opening: " + error)
                continue
            setting = state[case.key]
            if kind(setting) == "structured":
                try:
                    driver.edit(case, result)
                except Exception as exc:
                    result.fail("set", f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}", True)
            elif kind(setting) == "unknown":
                result.fail("set", "a kind of setting the sweep cannot drive")
            else:
                try:
                    driver.set(case, result)
                except Exception as exc:  # a widget that cannot be driven: said, and the sweep goes on
                    result.fail("set", f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}", True)
        # the widget holds the value (the address bar may not: that is said, and the value goes on)
        live = [case for case in batch if results[case].skipped is None and not results[case].widget_fault
                and "set" in results[case].stages]
        if len(batch) > 1:
            # a value another one of the batch disturbed (or that could not be set here): alone, later;
            # one whose widget still holds it must still be in the address bar
            for case in batch:
                result = results[case]
                if result.skipped is not None:
                    if result.narrowed:  # not tried here, perhaps because of the others: alone
                        again.append(case)
                    continue
                if case in live:
                    probe = Result(case, lang, value=result.value, display=result.display, labels=result.labels)
                    if driver.check(case, probe, "set"):
                        if not probe.stages.get("set") and result.stages.get("set"):
                            result.fail("set", "after the batch's later changes, " + probe.seen[-1][5:])
                        continue
                again.append(case)
                why = result.seen[:2] if result.seen else (probe.seen[:2] if case in live else [])
                log(f"  .. [{lang}] {case.label}: again alone ({'; '.join(why)})")
            live = [case for case in live if case not in again]
        if live:
            tab.open_from_sidebar(other_page(spec))
            error = tab.exception()
            tab.open_from_sidebar(spec)
            error = error or tab.exception()
            for case in live:
                if error:
                    results[case].fail("switch", error)
                else:
                    driver.check(case, results[case], "switch")
            link = tab.page.url
            other = LOCALES[LANGS[1 - LANGS.index(lang)]]  # a colleague's browser, in the other language
            colleague = (contexts or {}).get(("colleague", other))
            if colleague is not None:  # one kept open (its cache warm): no cookie of an earlier visit, and its
                colleague.clear_cookies()  # kept tab's session storage cleared (Tab)
            fresh = Tab(browser, lang, locale=other, context=colleague, keep=True)
            try:
                fresh.goto(link)
                error = fresh.exception()
                fresh_driver = Driver(fresh, state)
                for case in live:
                    if error:
                        results[case].fail("fresh", error)
                    else:
                        fresh_driver.check(case, results[case], "fresh")
            finally:
                fresh.close()
    finally:
        tab.close()
    out = [results[case] for case in batch if case not in again]
    log(f"  {spec.key} [{lang}] batch of {len(batch)}: {time.perf_counter() - started:.1f} s")
    for result in out:
        log(("  ok " if result.ok else "  -- " if result.skipped else "  ✗  ")
            + (result.line() if not result.skipped else f"[{lang}] {result.case.label}: skipped, {result.skipped}"))
    return out, again


def sweep(browser, base: str, plan: dict[str, list[Case]], langs: dict[str, str] | Iterable[str],
          log: Callable[[str], None] = lambda line: None, batch_limit: int = 12,
          contexts: dict | None = None) -> Summary:
    """Run ``plan`` (page key -> cases) in each language of ``langs`` (a list for every page, or
    page key -> language); ``contexts``: see ``run_batch``."""
    started = time.perf_counter()
    results: list[Result] = []
    for page_key, cases in plan.items():
        spec, state = spec_of(page_key), page_state(spec_of(page_key))
        page_langs = [langs[page_key]] if isinstance(langs, dict) else list(langs)
        for lang in page_langs:
            t0 = time.perf_counter()
            pending = batches(state, cases, batch_limit)
            alone: list[Case] = []
            for batch in pending:
                done, again = run_batch(browser, base, spec, lang, batch, log, contexts)
                results += done
                alone += again
            for case in alone:
                done, _ = run_batch(browser, base, spec, lang, [case], log, contexts)
                for result in done:
                    result.retried = True
                results += done
            log(f"{page_key} [{lang}]: {len(cases)} values in {len(pending)} batches + {len(alone)} alone,"
                f" {time.perf_counter() - t0:.0f} s")
    return Summary(results, time.perf_counter() - started)


def run(browser=None, langs: Iterable[str] = LANGS, pages: Iterable[str] | None = None,
        log: Callable[[str], None] = print, settings: int | None = None) -> Summary:
    """The full sweep on a fresh server (``python -m conformance state``); with ``settings``, one
    value each of the first that many settings of each page (one batch, when their needs agree)."""
    from playwright.sync_api import sync_playwright

    from bench.harness import launch_browser, streamlit_server

    specs = [spec for spec in PAGES if pages is None or spec.key in set(pages)]
    plan = full_plan(specs)
    if settings is not None:
        plan = {page: first_values(cases, settings) for page, cases in plan.items()}
    with streamlit_server() as (port, _proc):
        base = f"http://127.0.0.1:{port}"
        if browser is not None:
            return sweep(browser, base, plan, list(langs), log)
        with sync_playwright() as playwright:
            own = launch_browser(playwright)
            try:
                return sweep(own, base, plan, list(langs), log)
            finally:
                own.close()

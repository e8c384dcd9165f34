"""``python -m bench --only abuse``: one visitor tries to hurt the class (issue 28), on a real server.

Everything goes over loopback with the light websocket client (``bench.light_client``), as a
script a visitor could write would: links at every page's maximum, text boxes filled to their
limit with new text each time (so no cache answers), a forged data editor, links carrying markup.
The figures, each beside its goal:

1. **Peak memory per interaction**: each heavy interaction alone, after its page was opened once
   (warm): the server's peak RSS during it above its RSS just before (``/proc/<pid>/clear_refs``
   resets the kernel's high-water mark, ``VmHWM`` is read after; else RSS sampled every 0.2 s).
   The gradients lab is opened at its maximum by link and its seed changed a few times (fragment
   reruns): the RSS after each shows whether memory comes back.
2. **CPU per interaction**: the server's CPU-seconds for the same interactions (its user + system
   time around the change; nothing else runs).
3. **Resting memory** (a fresh server): one session walks every page, then types 60 distinct cloze
   inputs; the RSS after a few seconds' rest.
4. **Fair CPU**: 12 attacking sessions loop the interactions of 2. (new values each time, as fast as
   the server answers) while a victim types a short new review on /sentiment every ~1 s; the
   victim's latency p50 / p95 after a warm-up, and alone before the attack.
5. **Fair training**: ``bench.abuse_training.measure()`` when that module exists.
6. **Table flood**: a forged client adds 5,000 rows to the walk-through's data editor; the CPU of
   that rerun and of the slider move after it.
7. **Markup in notices**: links whose refused value is an image or a bold link; every toast, alert
   or markdown body that carries the value must carry it escaped.
8-11. **One visitor against the others** (issue 37, ``bench.abuse_visitors``): a live model's text
   seen by another visitor, fresh sessions that dodge the fair share, made-up identities in the
   training line, the largest accepted text sent by 24 sessions at once. And after the whole series
   on the first server, its RSS at rest (goal 600 MB).
12-18. **Issue 52's attacks** (``bench.abuse_class``, on servers of their own and the replica recipe): a
   download that never answers, the rebalancer steered, a poll stuffed, a shared address locked out of
   training, a teacher's console flooded, classes made for free, and the small items.

Bounded: every change has a timeout, the attack lasts ``warmup_s + attack_s``; the whole part takes
about 13 minutes on 2 cores (issue 52's attacks about 5 of them). ``python -m bench.abuse`` prints the results as JSON.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import json
import random
import statistics
import string
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench import abuse_class
from bench import abuse_visitors as visitors
from bench.abuse_visitors import victim_process
from bench.harness import streamlit_server
from bench.interaction import PeakRSS, cpu_seconds, pages, percentile, rss_bytes
from bench.light_client import LightSession

GOAL_PEAK_MB = 300.0  # per interaction, above the RSS before it
GOAL_CPU_S = 0.5  # server CPU-seconds per interaction at a page's maximum
GOAL_REST_MB = 600.0  # resting RSS after every page and 60 cloze inputs
GOAL_VICTIM_P95_S = 0.5  # a victim's review under 12 attackers
GOAL_TINY_START_S = 5.0  # fair training: a tiny job starts while 2 attackers hold the heavy slots
GOAL_WAITING_P95_S = 0.3  # fair training: another visitor's review p95 with 30 waiting sessions
GOAL_TABLE_CPU_S = 0.5  # the flooded table's rerun, and the slider move after it
GOAL_SERIES_REST_MB = 600.0  # the first server at rest after every attack above

CHANGE_TIMEOUT_S = 120.0
MB = 2**20

# --- new text at each page's maximum ---------------------------------------------------------------
# characters every model of the page reads (a text the model refuses costs nothing, and proves nothing)
_ZH_COMMON = "我他你们的是在了不有这个人中大上来到说时要就出会也好看想去吃喝学工作天今明年家"
_ZH_REVIEW = "服务很慢但味道好吃配送快饭菜不错就是下次会再点了太咸送餐员态度一般还可以量少贵"
_EN_WORDS = ("the", "film", "was", "great", "boring", "plot", "acting", "not", "bad", "at", "all", "I", "would",
             "watch", "it", "again", "music", "ending", "terrible", "wonderful", "and", "but", "a", "waste", "of",
             "time", "loved", "story", "slow", "funny", "cast", "good", "never", "best", "worst", "scene")
_SHAKESPEARE_WORDS = ("ROMEO", "JULIET", "my", "lord", "thou", "art", "the", "king", "what", "say", "you", "love",
                      "death", "night", "good", "sweet", "fair", "come", "hither", "and", "so", "is", "not", "O",
                      "heaven", "shall", "be", "with", "me", "that", "this", "to", "of", "I", "will", "noble")


def _fill_words(rng: random.Random, words, limit: int, lines: bool = False) -> str:
    out: list[str] = []
    length = 0
    while True:
        word = rng.choice(words) + (rng.choice(",.;:!?") if rng.random() < 0.12 else "")
        sep = "\n" if lines and rng.random() < 0.1 else " "
        if length + len(word) + 1 > limit:
            break
        out.append(word)
        out.append(sep)
        length += len(word) + 1
    text = "".join(out)
    return (text + "x" * limit)[:limit] if len(text) < limit else text[:limit]


def _fill_chars(rng: random.Random, pool: str, limit: int) -> str:
    return "".join(rng.choice(pool) for _ in range(limit))


def _python_text(rng: random.Random, limit: int) -> str:
    lines: list[str] = []
    while sum(len(line) + 1 for line in lines) < limit:
        name = "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 8)))
        lines += [f"def {name}(x, y={rng.randint(0, 99)}):", f"    # {name}: say 'hi' ({rng.randint(1, 9)} times)",
                  f"    return [x + y, \"{name}\", {rng.random():.3f}]", ""]
    return "\n".join(lines)[:limit]


@dataclass
class Interaction:
    """One page's most expensive input: the page opened by ``link``, then widget ``key`` set
    (``widget``: text | slider | number) to ``make(rng)`` for the measured change; an attacker
    loops ``loop_key`` (default: the same widget) with ``loop_make``."""

    name: str
    page: str
    link: str
    key: str
    widget: str
    make: Callable[[random.Random], object]
    loop_key: str = ""
    loop_widget: str = ""
    loop_make: Callable[[random.Random], object] | None = None
    limit: str = ""  # the maximum used, for the report


def _link(**values) -> str:
    from urllib.parse import urlencode

    return urlencode(values)


def interactions() -> tuple[list[Interaction], dict]:
    """The heaviest input of every page at its maximum, with the limits read from the page state;
    and the gradients lab's link (every size at its maximum but m, one below, so that the measured
    change moves it to the top)."""
    from playground.beyond import settings as beyond
    from playground.cell_lab import settings as cell_lab
    from playground.charlm import settings as charlm
    from playground.charlm_cells import settings as charlm_cells
    from playground.gradients import settings as gradients
    from playground.sentiment import settings as sentiment
    from playground.seq2seq import settings as seq2seq

    lm_max = charlm.PROMPT.max_chars
    cloze_max, gen_max = beyond.CLOZE_TEXT.max_chars, beyond.GEN_PROMPT.max_chars
    k_max = int(beyond.CLOZE_K.high)
    senti_max, cells_max = sentiment.REVIEW.max_chars, charlm_cells.TEXT.max_chars
    s2s_max, beam_max, lab_max = seq2seq.TEXT.max_chars, int(seq2seq.BEAM.high), cell_lab.TEXT.max_chars
    m_max, t_max = int(gradients.HIDDEN.high), int(gradients.LENGTH.high)
    seed_max = int(gradients.SEED.high)

    def cloze(rng: random.Random) -> str:
        body = _fill_chars(rng, _ZH_COMMON, cloze_max - 2)
        at = rng.randint(1, len(body) - 1)
        return body[:at] + "__" + body[at:]

    grad_link = dict(grad_T=t_max, grad_dtype="float64")
    return [
        Interaction("char-LM prompt", "charlm",
                    _link(lm_strategy="beam", lm_width=int(charlm.WIDTH.high), lm_length=int(charlm.LENGTH.high)),
                    "lm_prompt", "text", lambda rng: _fill_words(rng, _SHAKESPEARE_WORDS, lm_max, lines=True),
                    limit=f"{lm_max} chars, beam {int(charlm.WIDTH.high)} x up to {int(charlm.LENGTH.high)}"),
        Interaction("char-LM prompt (sample)", "charlm",
                    _link(lm_strategy="sample", lm_length=int(charlm.LENGTH.high)),
                    "lm_prompt", "text", lambda rng: _fill_words(rng, _SHAKESPEARE_WORDS, lm_max, lines=True),
                    limit=f"{lm_max} chars, sampling {int(charlm.LENGTH.high)}"),
        Interaction("cloze", "beyond", _link(beyond_cloze_k=k_max), "beyond_cloze_text", "text", cloze,
                    limit=f"{cloze_max} chars, k {k_max}"),
        Interaction("generation prompt", "beyond", "", "beyond_gen_prompt", "text",
                    lambda rng: _fill_chars(rng, _ZH_COMMON, gen_max), limit=f"{gen_max} chars"),
        Interaction("review (en)", "sentiment", _link(senti_model_lang="en"), "senti_review", "text",
                    lambda rng: _fill_words(rng, _EN_WORDS, senti_max), limit=f"{senti_max} chars"),
        Interaction("review (zh)", "sentiment", _link(senti_model_lang="zh"), "senti_review", "text",
                    lambda rng: _fill_chars(rng, _ZH_REVIEW, senti_max), limit=f"{senti_max} chars"),
        Interaction("cells text", "charlm_cells", _link(cells_source="paste"), "cells_text", "text",
                    lambda rng: _python_text(rng, cells_max), limit=f"{cells_max} chars"),
        Interaction("seq2seq", "seq2seq", _link(s2s_strategy="beam", s2s_beam=beam_max), "s2s_text", "text",
                    lambda rng: _fill_chars(rng, _ZH_COMMON, s2s_max - 1) + "。", limit=f"{s2s_max} chars, beam {beam_max}"),
        Interaction("gradients lab", "gradients", "", "grad_m", "slider", lambda rng: m_max,
                    loop_key="grad_seed", loop_widget="number", loop_make=lambda rng: rng.randint(0, seed_max),
                    limit=f"m {m_max - 1} -> {m_max}, T {t_max}, float64"),
        Interaction("cell lab", "cell_lab", "", "lab_text", "text", lambda rng: _fill_chars(rng, _ZH_REVIEW, lab_max),
                    limit=f"{lab_max} chars"),
    ], {**grad_link, "grad_m": m_max - 1}


def _gradients_link(base: dict, seed: int, m: int | None = None) -> str:
    return _link(**{**base, **({"grad_m": m} if m is not None else {}), "grad_seed": seed})


async def _set(session: LightSession, widget: str, key: str, value, timeout_s: float = CHANGE_TIMEOUT_S) -> float:
    if widget == "slider":
        return await session.set_slider(key, value, timeout_s)
    if widget == "number":
        return await session.set_number(key, value, timeout_s)
    return await session.change(key, value, timeout_s)


# --- memory and CPU of one step ---------------------------------------------------------------------
def _vm_hwm(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


class Peak:
    """The server's peak RSS while the block runs: the kernel's high-water mark, reset first
    (``echo 5 > /proc/<pid>/clear_refs``), read after; where that is refused, RSS sampled."""

    def __init__(self, pid: int) -> None:
        self.pid, self.sampler, self.before, self.bytes = pid, None, 0, 0

    def __enter__(self) -> Peak:
        self.before = rss_bytes(self.pid)
        try:
            Path(f"/proc/{self.pid}/clear_refs").write_text("5")
        except OSError:
            self.sampler = PeakRSS(self.pid).__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.sampler is not None:
            self.sampler.__exit__(*exc)
            self.bytes = self.sampler.bytes
        else:
            self.bytes = _vm_hwm(self.pid)

    @property
    def above_mb(self) -> float:
        return max(0.0, (self.bytes - self.before) / MB)


async def measured(pid: int, step) -> dict:
    """Run coroutine ``step`` alone: server CPU-seconds, peak above the RSS before, RSS after, wall."""
    with Peak(pid) as peak:
        cpu = cpu_seconds(pid)
        started = time.perf_counter()
        error = ""
        try:
            await step
        except Exception as exc:  # a run that never finished is a figure too
            error = f"{type(exc).__name__}: {exc}"
        wall = time.perf_counter() - started
        cpu = cpu_seconds(pid) - cpu
    return {"cpu_s": round(cpu, 3), "peak_mb": round(peak.above_mb, 1), "rss_before_mb": round(peak.before / MB, 1),
            "rss_after_mb": round(rss_bytes(pid) / MB, 1), "wall_s": round(wall, 2), **({"error": error} if error else {})}


def _said(session: LightSession, since: int) -> list[str]:
    return [f"{kind}: {body[:140]}" for kind, body in session.notices[since:]][:3]


# --- 1 and 2: each heavy interaction alone ------------------------------------------------------------
async def _alone(url: str, pid: int, rng: random.Random, out: dict, seeds: int = 3) -> None:
    items, grad_base = interactions()
    rows = []
    for item in items:
        query = item.link
        if item.page == "gradients":
            query = _gradients_link(grad_base, rng.randint(0, 9999))
        session = LightSession(url, item.page, query_string=query)
        try:
            await session.open()
            said = len(session.notices)
            figures = await measured(pid, _set(session, item.widget, item.key, item.make(rng)))
            figures["said"] = _said(session, said)
            figures["exceptions"] = session.exceptions[:3]
        except Exception as exc:
            figures = {"error": f"{type(exc).__name__}: {exc}"}
        finally:
            await session.close()
        rows.append({"name": item.name, "page": item.page, "link": query, "key": item.key, "limit": item.limit,
                     **figures})
    out["interactions"] = rows
    out["gradients_lab"] = await _gradients_memory(url, pid, rng, seeds)


async def _gradients_memory(url: str, pid: int, rng: random.Random, seeds: int = 3) -> dict:
    """The gradients lab opened at its maximum by link (the page warmed with its defaults first),
    then its seed changed ``seeds`` times and its size moved: peak, CPU and RSS after each."""
    from playground.gradients import settings as gradients

    m_max, t_max = int(gradients.HIDDEN.high), int(gradients.LENGTH.high)
    warm = LightSession(url, "gradients")
    await warm.open()
    await warm.close()
    link = _link(grad_m=m_max, grad_T=t_max, grad_dtype="float64")
    session = LightSession(url, "gradients", query_string=link)
    steps = [{"step": f"open /gradients?{link}", **(await measured(pid, session.open()))}]
    try:
        for seed in rng.sample(range(1, int(gradients.SEED.high)), seeds):
            steps.append({"step": f"grad_seed -> {seed}", **(await measured(pid, session.set_number("grad_seed", seed)))})
        for m in (m_max - 1, m_max):
            steps.append({"step": f"grad_m -> {m}", **(await measured(pid, session.set_slider("grad_m", m)))})
        steps.append({"step": "grad_seed -> 0", **(await measured(pid, session.set_number("grad_seed", 0)))})
    except Exception as exc:
        steps.append({"step": "error", "error": f"{type(exc).__name__}: {exc}"})
    await session.close()
    await asyncio.sleep(3)
    rested = rss_bytes(pid) / MB
    rss = [s["rss_after_mb"] for s in steps if "rss_after_mb" in s]
    return {"link": link, "steps": steps, "rss_rested_mb": round(rested, 1),
            "rss_growth_mb": round(rested - steps[0].get("rss_before_mb", rested), 1) if steps else 0.0,
            "rss_after_each_mb": rss}


# --- 6: a forged client floods the walk-through's table ----------------------------------------------
async def _table_flood(url: str, pid: int, rows: int = 5000) -> dict:
    from playground.core.i18n import strings as _strings
    STRINGS = _strings()

    session = LightSession(url, "sentiment")
    await session.open()
    key = next((k for k in session.widgets if k.startswith("senti_walk_table")), None)
    if key is None:
        await session.close()
        return {"error": "no walk-through table on /sentiment", "rows": rows}
    columns = {name for name in STRINGS.get("senti.walk.token", {"en": "token"}).values()}
    token_column = sorted(columns)[0]
    edits = {"edited_rows": {}, "added_rows": [{token_column: f"w{i}", "x_t": (i % 7) / 7} for i in range(rows)],
             "deleted_rows": []}
    said = len(session.notices)
    flood = await measured(pid, session.set_widget(key, "string_value", json.dumps(edits)))
    flood_said = _said(session, said)
    said = len(session.notices)
    slider = await measured(pid, session.set_slider("senti_w_x", 1.35))
    out = {"rows": rows, "widget": key, "edits_chars": len(json.dumps(edits)), "flood": {**flood, "said": flood_said},
           "slider_after": {**slider, "said": _said(session, said)}, "exceptions": session.exceptions[:3]}
    await session.close()
    return out


# --- 7: markup carried by a link into a notice ---------------------------------------------------------
MARKUP_LINKS = (
    ("gradients", "grad_k", "![t](https://host.example/p.png)", ("![t]", "](https://host.example", "https://host.example")),
    ("sentiment", "senti_kind", "**请点击**[登录](https://x.example)",
     ("**请点击**", "[登录](", "](https://x.example", "https://x.example")),
)
MARKERS = ("host.example", "x.example", "请点击", "登录")


def unsafe(body: str, dangerous) -> list[str]:
    """The pieces of a link's markup that ``body`` carries as written (escaped, none remains)."""
    return [piece for piece in dangerous if piece in body]


async def _markup(url: str) -> dict:
    from urllib.parse import quote

    checked, bad, found = 0, [], {}
    for locale in ("en-US", "zh-CN"):
        for page, key, raw, dangerous in MARKUP_LINKS:
            session = LightSession(url, page, locale=locale, query_string=f"{key}={quote(raw)}", keep_markdown=True)
            try:
                await session.open()
            finally:
                await session.close()
            bodies = [(kind, body) for kind, body in session.notices] + [("markdown", b) for b in session.markdown]
            for kind, body in bodies:
                if not any(marker in body for marker in MARKERS):
                    continue
                checked += 1
                found.setdefault(f"{page} {locale}", body[:200])
                pieces = unsafe(body, dangerous)
                if pieces:
                    bad.append({"page": page, "locale": locale, "kind": kind, "pieces": pieces, "body": body[:200]})
    return {"links": [f"/{page}?{key}={raw}" for page, key, raw, _ in MARKUP_LINKS], "bodies_checked": checked,
            "unsafe": bad, "examples": found}


# --- 4: twelve attackers and a victim --------------------------------------------------------------
def _reviews() -> list[str]:
    rng = random.Random(7)
    out = set()
    while len(out) < 400:
        out.add(" ".join(rng.choice(_EN_WORDS) for _ in range(rng.randint(4, 9))))
    return sorted(out)


@dataclass
class _Attack:
    size: int
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    opened: asyncio.Event = field(default_factory=asyncio.Event)  # every attacker has its page open
    ready: int = 0
    counts: dict = field(default_factory=dict)  # interactions after all opened, by input
    errors: list = field(default_factory=list)

    def one_ready(self) -> None:
        self.ready += 1
        if self.ready >= self.size:
            self.opened.set()


async def _attacker(url: str, item: Interaction, grad_base: dict, index: int, attack: _Attack) -> None:
    rng = random.Random(100 + index)
    query = _gradients_link({**grad_base, "grad_m": grad_base["grad_m"] + 1}, rng.randint(0, 9999)) \
        if item.page == "gradients" else item.link
    session = LightSession(url, item.page, query_string=query)
    try:
        await session.open(timeout_s=CHANGE_TIMEOUT_S)
    except Exception as exc:
        attack.errors.append(f"attacker {index} {item.name} open: {type(exc).__name__}: {exc}")
        return
    finally:
        attack.one_ready()
    key, widget = (item.loop_key or item.key), (item.loop_widget or item.widget)
    make = item.loop_make or item.make
    while not attack.stop.is_set():
        try:
            await _set(session, widget, key, make(rng), timeout_s=60.0)
        except Exception as exc:
            attack.errors.append(f"attacker {index} {item.name}: {type(exc).__name__}: {exc}")
            break
        session.code_blocks.clear()
        if attack.opened.is_set():
            attack.counts[item.name] = attack.counts.get(item.name, 0) + 1
    await session.close()


async def _fair(url: str, pid: int, attackers: int, warmup_s: float, attack_s: float, alone_s: float,
                order: list[str]) -> dict:
    items, grad_base = interactions()
    by_name = {i.name: i for i in items}
    ranked = [by_name[n] for n in order if n in by_name] or items
    reviews = _reviews()
    loop = asyncio.get_running_loop()
    pool = visitors.victim_pool()
    alone = await loop.run_in_executor(pool, victim_process, url, alone_s, reviews[:100], min(2.0, alone_s / 2))
    attack = _Attack(attackers)
    tasks = [asyncio.create_task(_attacker(url, ranked[i % len(ranked)], grad_base, i, attack))
             for i in range(attackers)]
    opening = time.perf_counter()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(attack.opened.wait(), 180.0)
    attack.opened.set()
    opening = time.perf_counter() - opening
    counts, errors = attack.counts, attack.errors
    under: list[float] = []
    cpu, client, started = cpu_seconds(pid), time.process_time(), time.perf_counter()
    with PeakRSS(pid) as peak:
        try:
            under = await loop.run_in_executor(pool, victim_process, url, warmup_s + attack_s, reviews[100:],
                                               warmup_s)
        except Exception as exc:
            errors.append(f"victim: {type(exc).__name__}: {exc}")
        attack.stop.set()
        wall = time.perf_counter() - started
        cpu, client = cpu_seconds(pid) - cpu, time.process_time() - client
        done, pending = await asyncio.wait(tasks, timeout=90.0)
        for task in pending:
            task.cancel()
    pool.shutdown()
    return {
        "attackers": attackers, "attacked_by": [ranked[i % len(ranked)].name for i in range(attackers)],
        "victim_alone_n": len(alone), "victim_alone_p50_s": _round(statistics.median(alone) if alone else None),
        "victim_alone_p95_s": _round(percentile(alone, 95) if alone else None),
        "victim_n": len(under), "victim_p50_s": _round(statistics.median(under) if under else None),
        "victim_p95_s": _round(percentile(under, 95) if under else None),
        "victim_max_s": _round(max(under) if under else None),
        "warmup_s": warmup_s, "seconds": round(wall, 1), "attackers_opening_s": round(opening, 1),
        "attacker_interactions": sum(counts.values()), "attacker_interactions_by_input": counts,
        "server_cpu_s": round(cpu, 1), "server_cores_busy": round(cpu / wall, 2) if wall else None,
        "attackers_client_cores_busy": round(client / wall, 2) if wall else None,
        "rss_peak_mb": round(peak.bytes / MB), "errors": errors[:10],
    }


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


# --- 3: resting memory on a fresh server ------------------------------------------------------------
async def _resting(url: str, pid: int, cloze_inputs: int = 60, rest_s: float = 5.0,
                   keys: tuple[str, ...] | None = None) -> dict:
    session = LightSession(url, "")
    started_mb = rss_bytes(pid) / MB
    after_page: dict[str, float] = {}
    errors: list[str] = []
    await session.open()
    for spec in pages(keys):
        try:
            await session.goto("" if spec.default else spec.url_path)
        except Exception as exc:
            errors.append(f"{spec.key}: {type(exc).__name__}: {exc}")
        after_page[spec.key] = round(rss_bytes(pid) / MB, 1)
    walked_mb = rss_bytes(pid) / MB
    await session.goto("beyond")
    rng = random.Random(60)
    seen: set[str] = set()
    while len(seen) < cloze_inputs:
        body = _fill_chars(rng, _ZH_COMMON, rng.randint(4, 14))
        at = rng.randint(1, len(body) - 1)
        seen.add(body[:at] + "__" + body[at:])
    for text in sorted(seen):
        try:
            await session.change("beyond_cloze_text", text, timeout_s=60.0)
        except Exception as exc:
            errors.append(f"cloze {text}: {type(exc).__name__}: {exc}")
            break
        session.code_blocks.clear()
    cloze_mb = rss_bytes(pid) / MB
    errors += session.exceptions[:5]
    await session.close()
    await asyncio.sleep(rest_s)
    return {"started_mb": round(started_mb, 1), "after_each_page_mb": after_page, "walked_mb": round(walked_mb, 1),
            "after_cloze_mb": round(cloze_mb, 1), "cloze_inputs": len(seen), "rest_s": rest_s,
            "rested_mb": round(rss_bytes(pid) / MB, 1), "errors": errors}


# --- 5: fair training (another bench file) ----------------------------------------------------------
def training(port: int | None = None, pid: int | None = None, waiting: int = 30, seconds: float = 45.0) -> dict:
    """``bench.abuse_training.measure()`` if that module exists (it may take the server's port and pid,
    and the crowd's size and time)."""
    try:
        module = importlib.import_module("bench.abuse_training")
    except ModuleNotFoundError:
        return {"measured": False, "why": "bench/abuse_training.py is not there"}
    measure = getattr(module, "measure", None)
    if measure is None:
        return {"measured": False, "why": "bench.abuse_training has no measure()"}
    offered = {"port": port, "pid": pid, "url": f"ws://127.0.0.1:{port}" if port else None, "waiting": waiting,
               "seconds": seconds}
    params = inspect.signature(measure).parameters
    kwargs = {k: v for k, v in offered.items() if k in params and v is not None}
    try:
        result = measure(**kwargs)
    except Exception as exc:
        return {"measured": False, "why": f"measure() raised {type(exc).__name__}: {exc}"}
    return {"measured": True, **(result if isinstance(result, dict) else {"result": result})}


# --- the whole part ----------------------------------------------------------------------------------
async def _one_server(url: str, pid: int, out: dict, attackers: int, warmup_s: float, attack_s: float,
                      alone_s: float, gradient_seeds: int, flood_rows: int, sizes: dict) -> None:
    rng = random.Random(28)
    step = time.perf_counter()
    out["markup"] = await _markup(url)
    out["seconds"]["markup"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    await _alone(url, pid, rng, out, gradient_seeds)
    out["seconds"]["alone"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    out["table_flood"] = await _table_flood(url, pid, flood_rows)
    out["seconds"]["table_flood"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    order = [r["name"] for r in sorted(out["interactions"], key=lambda r: -r.get("cpu_s", 0.0))]
    out["fair"] = await _fair(url, pid, attackers, warmup_s, attack_s, alone_s, order)
    out["seconds"]["fair"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    out["leak"] = await visitors.leak(url)
    out["churn"] = await visitors.churn(url, sizes["churners"], sizes["churn_s"], sizes["churn_warmup_s"],
                                        sizes["churn_alone_s"])
    out["seconds"]["leak_and_churn"] = round(time.perf_counter() - step, 1)
    await asyncio.sleep(sizes["series_rest_s"])  # every attacker gone: what the server keeps
    out["series_rest"] = {"rest_s": sizes["series_rest_s"], "rested_mb": round(rss_bytes(pid) / MB, 1),
                          "goal_mb": GOAL_SERIES_REST_MB}


def run(attackers: int = 12, warmup_s: float = 10.0, attack_s: float = 60.0, alone_s: float = 20.0,
        with_training: bool = True, gradient_seeds: int = 3, flood_rows: int = 5000, cloze_inputs: int = 60,
        rest_s: float = 5.0, waiting: int = 30, waiting_s: float = 45.0, keys: tuple[str, ...] | None = None,
        churners: int = 12, churn_s: float = 60.0, churn_warmup_s: float = 10.0, churn_alone_s: float = 20.0,
        series_rest_s: float = 30.0, forged: int = 10, forged_heavy: int = 4, flood_sessions: int = 24,
        flood_after_s: float = 60.0, class_attacks: dict | None = None) -> dict:
    """Every figure of the part; one server for all but resting memory and the memory flood (fresh
    ones each), the made-up identities' line (a server that lets closed sessions go after 2 s, so
    that their jobs stop) and training (whatever ``bench.abuse_training`` starts, ``waiting``
    sessions in line for ``waiting_s``). The resting memory walks the pages of ``keys`` (None: all).
    Then issue 52's attacks (``bench.abuse_class``, on servers of their own) at ``class_attacks``'s sizes
    (None: their full size)."""
    started = time.perf_counter()
    out: dict = {"seconds": {}, "goals": {
        "peak_mb": GOAL_PEAK_MB, "cpu_s": GOAL_CPU_S, "rest_mb": GOAL_REST_MB, "victim_p95_s": GOAL_VICTIM_P95_S,
        "tiny_start_s": GOAL_TINY_START_S, "waiting_review_p95_s": GOAL_WAITING_P95_S, "table_cpu_s": GOAL_TABLE_CPU_S,
        "leaks": visitors.GOAL_LEAKS, "churn_p95_s": visitors.GOAL_CHURN_P95_S,
        "queue_start_s": visitors.GOAL_QUEUE_START_S, "flood_peak_mb": visitors.GOAL_FLOOD_PEAK_MB,
        "flood_back_mb": visitors.GOAL_FLOOD_BACK_MB, "series_rest_mb": GOAL_SERIES_REST_MB}}
    sizes = {"churners": churners, "churn_s": churn_s, "churn_warmup_s": churn_warmup_s,
             "churn_alone_s": churn_alone_s, "series_rest_s": series_rest_s}
    with streamlit_server() as (port, proc):
        asyncio.run(_one_server(f"ws://127.0.0.1:{port}", proc.pid, out, attackers, warmup_s, attack_s, alone_s,
                                gradient_seeds, flood_rows, sizes))
    step = time.perf_counter()
    with streamlit_server(extra_args=("--server.disconnectedSessionTTL", "2")) as (port, proc):
        out["forged_queue"] = asyncio.run(visitors.forged_queue(f"ws://127.0.0.1:{port}", forged, forged_heavy))
    out["seconds"]["forged_queue"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    with streamlit_server() as (port, proc):
        out["memory_flood"] = asyncio.run(visitors.memory_flood(f"ws://127.0.0.1:{port}", proc.pid, flood_sessions,
                                                                flood_after_s))
    out["seconds"]["memory_flood"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    with streamlit_server() as (port, proc):
        out["resting"] = asyncio.run(_resting(f"ws://127.0.0.1:{port}", proc.pid, cloze_inputs, rest_s, keys))
    out["seconds"]["resting"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    out["training"] = training(waiting=waiting, seconds=waiting_s) if with_training else {
        "measured": False, "why": "skipped"}
    out["seconds"]["training"] = round(time.perf_counter() - step, 1)
    step = time.perf_counter()
    out["against_class"] = abuse_class.run(**(class_attacks or {}))
    out["seconds"]["against_class"] = round(time.perf_counter() - step, 1)
    out["seconds"]["total"] = round(time.perf_counter() - started, 1)
    out["summary"] = summary(out)
    return out


def summary(out: dict) -> dict:
    """The headline figures (the worst of each kind) and whether each meets its goal."""
    rows = [r for r in out.get("interactions", []) if "cpu_s" in r]
    grad = out.get("gradients_lab", {}).get("steps", [])
    flood = out.get("table_flood", {})
    peaks = [(r["name"], r["peak_mb"]) for r in rows] + [(f"gradients {s['step']}", s["peak_mb"])
                                                          for s in grad if "peak_mb" in s]
    peaks += [(f"table flood {k}", flood[k]["peak_mb"]) for k in ("flood", "slider_after") if "peak_mb" in flood.get(k, {})]
    worst_peak = max(peaks, key=lambda p: p[1], default=("none", None))
    worst_cpu = max(((r["name"], r["cpu_s"]) for r in rows), key=lambda p: p[1], default=("none", None))
    fair, rest, markup = out.get("fair", {}), out.get("resting", {}), out.get("markup", {})
    train = out.get("training", {})

    def ok(value, goal):
        return None if value is None else value <= goal

    table_cpu = max((flood[k].get("cpu_s", 0.0) for k in ("flood", "slider_after") if k in flood), default=None)
    leak, churn, queue = out.get("leak", {}), out.get("churn", {}), out.get("forged_queue", {})
    memory, series = out.get("memory_flood", {}), out.get("series_rest", {})
    return {
        "leaks": {"value": leak.get("leaks"), "ok": None if leak.get("leaks") is None else leak["leaks"] == 0},
        "churn_p95_s": {"value": churn.get("victim_p95_s"), "ok": ok(churn.get("victim_p95_s"), visitors.GOAL_CHURN_P95_S)},
        "queue_start_s": {"value": queue.get("victim_start_s"),
                          "ok": ok(queue.get("victim_start_s"), visitors.GOAL_QUEUE_START_S)},
        "flood_peak_mb": {"value": memory.get("peak_above_start_mb"),
                          "ok": ok(memory.get("peak_above_start_mb"), visitors.GOAL_FLOOD_PEAK_MB)},
        "flood_back_mb": {"value": memory.get("after_above_start_mb"),
                          "ok": ok(memory.get("after_above_start_mb"), visitors.GOAL_FLOOD_BACK_MB)},
        "series_rest_mb": {"value": series.get("rested_mb"), "ok": ok(series.get("rested_mb"), GOAL_SERIES_REST_MB)},
        "peak_mb": {"value": worst_peak[1], "where": worst_peak[0], "ok": ok(worst_peak[1], GOAL_PEAK_MB)},
        "cpu_s": {"value": worst_cpu[1], "where": worst_cpu[0], "ok": ok(worst_cpu[1], GOAL_CPU_S),
                  "over_goal": [r["name"] for r in rows if r["cpu_s"] > GOAL_CPU_S]},
        "rest_mb": {"value": rest.get("rested_mb"), "ok": ok(rest.get("rested_mb"), GOAL_REST_MB)},
        "victim_p95_s": {"value": fair.get("victim_p95_s"), "ok": ok(fair.get("victim_p95_s"), GOAL_VICTIM_P95_S)},
        "table_cpu_s": {"value": table_cpu, "ok": ok(table_cpu, GOAL_TABLE_CPU_S)},
        "markup": {"value": len(markup.get("unsafe", [])), "checked": markup.get("bodies_checked", 0),
                   "ok": None if not markup.get("bodies_checked") else not markup.get("unsafe")},
        "training": {"measured": bool(train.get("measured"))},
        "against_class": abuse_class.verdicts(out.get("against_class", {})),  # each of issue 52's findings: met?
    }


if __name__ == "__main__":  # python -m bench.abuse
    print(json.dumps(run(), indent=1, ensure_ascii=False))

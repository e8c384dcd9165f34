"""A class poll through the replica recipe (issue 36): ``python -m bench --only class``.

HAProxy (``deploy/haproxy.cfg``) in front of both replicas, which share one class store: a SQLite file
(the default on one box) or a redis-server (``RNN_CLASS_STORE``, replicas on several boxes). Each
store gets the same two classes, on the same warm replicas:

1. **without a poll**: ``students`` light sessions (``bench.replicas.ProxiedSession``: the page over
   HTTP, then the websocket with the replica's cookie) open the gradients lesson, and each answers its
   predict-first question once, at a random moment of a ``window_s`` window; every tenth changes its
   mind later in the window, as a student does after arguing with a neighbour;
2. **with a poll, as peer instruction** (issue 49): a teacher (a light session on ``/class``, through
   the proxy too) presses "Start a class poll", reads the code from the students' link, chooses the
   question, and runs the console's 2 s poll as the browser's timer does (``is_auto_rerun``, at a
   fixed beat); the same students open the class's link, each running its banner's 4 s poll the same
   way, and answer round 1 as above. Once all are counted the teacher opens round 2; every student
   answers again in a second window (a third change their mind, the rest press "Keep my answer").
   Then the teacher presses Reveal, reads both rounds' split and the changes of mind, waits until every
   student's page has drawn the answer (its box's poll sees the reveal and the whole page reruns, the lab
   opened), and ends the class (confirming once).

Checked: the teacher's count in each round is the number of students (a changed answer counts once),
it reaches them within ``GOAL_COUNT_S`` of the round's last answer; every page draws the revealed answer
within ``goal_reveal()`` s of the click; the revealed split of each round is
the students' last choices in it and the changes of mind are those made; the students' p95 with the
poll (their banners polling too) is within ``GOAL_RATIO`` x the p95 without; the banners' polls cost
is reported; the class is gone from the store once ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench import replicas
from bench.harness import redis_server
from bench.interaction import percentile
from bench.light_client import LightSession
from playground.core.class_store import STORE_ENV, ClassStore, RedisStore, SQLiteStore
from playground.core.i18n import t

# the page (its URL path) and the key of the question a class answers: Home's (the light one the goals
# are measured on: its answer costs about 55 ms) and the gradients lesson's (the example: its
# answer shows the whole lab, about 340 ms of one core's time, so 100 answers in 30 s fill 2 cores)
QUESTIONS = {"home": ("", "home_guess"), "gradients": ("gradients", "grad_guess")}
TITLES = {key: t(f"page.{key}.title", "en") for key in QUESTIONS}  # as the console's picker names them (English)
GOAL_COUNT_S = 2.0
GOAL_RATIO = 1.2
GOAL_WINDOW_S = 30.0
ARRIVE_S = 10.0  # students open the link over this long, before the question is asked
CHANGE_EVERY = 10  # every tenth student changes their answer later in the window
WEIGHTS = (0.45, 0.3, 0.15, 0.1)  # how the class splits over the options, in their order


@dataclass
class Answer:
    student: int
    option: str
    sent: float  # time.monotonic() of the click
    done: float  # ... of the end of the run it caused
    first: bool  # a student's first answer (a change does not add to the count)


ROUND_COUNTS = re.compile(r"Round 1: (\d+) answered · Round 2: (\d+) answered")
SPLIT_ROW = re.compile(r"\| (✅ )?(.+?) \| (\d+)(?: \(\d+%\))? \| (\d+)(?: \(\d+%\))? \|")
CHANGED = re.compile(r"Of the (\d+) who answered both rounds, (\d+) changed their mind")


@dataclass
class ConsoleSession(replicas.ProxiedSession):
    """The teacher's light session: also keeps the headings' texts (the console's counts are one)."""

    def _read_delta(self, message) -> None:
        super()._read_delta(message)
        element = message.delta.new_element if message.delta.WhichOneof("type") == "new_element" else None
        if element is not None and element.WhichOneof("type") == "heading":
            self.markdown.append(element.heading.body)


@dataclass
class Teacher:
    """The teacher's console through the proxy: start a class, ask, poll, open round 2, reveal, end."""

    proxy: str
    session: ConsoleSession = None
    code: str = ""
    token: str = ""  # the teacher's token, read from the console's teacher's link
    browser_cookie: str = ""  # the teacher's browser's cookies (its XSRF cookie: the console comes back on a reload)
    counts: list[tuple[float, int, int]] = field(default_factory=list)  # (the poll's run over, round 1, round 2 shown)
    poll_s: list[float] = field(default_factory=list)  # each poll's run

    async def start(self, question: str, title: str) -> None:
        self.session = ConsoleSession(self.proxy, "class", keep_markdown=True,
                                      browser_cookie=self.browser_cookie or browser_cookie("teacher"))
        await self.session.open()
        await self.session.press("class_start")
        link = next(c for c in self.session.code_blocks if "?class=" in c)
        self.code = re.search(r"\?class=([A-Z0-9]+)", link).group(1)
        self.token = next(m.group(1) for c in self.session.code_blocks if (m := re.search(r"teacher=([\w-]+)", c)))
        label = next(o for o in self.session.widgets["class_asking"].options if o.startswith(title + " · "))
        await self.session.choose("class_asking", label)

    async def poll_until(self, stop: asyncio.Event) -> None:
        """A poll at every beat of the console's interval (a browser's timer keeps its beat), until ``stop``."""
        (fragment_id, every), = self.session.auto_reruns.items()  # the console's one poll
        beat = time.monotonic()
        while not stop.is_set():
            self.session.markdown.clear()
            self.poll_s.append(await self.session.auto_rerun(fragment_id))
            self.counts.append((time.monotonic(), *self.shown_counts()))
            beat += every
            while beat < time.monotonic():  # a beat missed while the run was going: the timer does not queue
                beat += every
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), beat - time.monotonic())

    def shown_counts(self) -> tuple[int, int]:
        found = [(int(m.group(1)), int(m.group(2))) for body in self.session.markdown if (m := ROUND_COUNTS.match(body))]
        return found[-1] if found else (0, 0)

    async def press(self, key: str) -> None:
        await self.session.press(key)

    async def reveal(self) -> tuple[dict[int, dict[str, int]], str | None, tuple[int, int] | None]:
        """Press Reveal -> (each round's split as shown, option label -> count; the marked label; (answered
        both rounds, changed their mind))."""
        self.session.markdown.clear()
        await self.session.press("class_reveal")
        rows = [m for body in self.session.markdown for line in body.splitlines() if (m := SPLIT_ROW.fullmatch(line))]
        split = {r: {m.group(2): int(m.group(2 + r)) for m in rows if int(m.group(2 + r))} for r in (1, 2)}
        marked = next((m.group(2) for m in rows if m.group(1)), None)
        changed = next(((int(m.group(1)), int(m.group(2))) for b in self.session.markdown if (m := CHANGED.search(b))), None)
        return split, marked, changed

    async def end(self) -> None:
        await self.session.press("class_end")
        await self.session.press("class_end_yes")
        await self.session.close()


def browser_cookie(who: str) -> str:
    """The cookie a browser keeps from its first page load (Streamlit's XSRF cookie, version 1: the token
    itself), the same at every class: the app knows a visitor by it (``playground.app.visitors``). Without
    it each class's hundred sessions were a hundred new visitors from one address, and by the sixth class
    the replicas' allowance of newcomers (150, then 30 a minute) was spent: the rest shared one voter, so a
    student's round-2 page said "counted" (another's vote) and offered no "Keep my answer"."""
    return f"_streamlit_xsrf={hashlib.sha256(f'class-bench {who}'.encode()).hexdigest()[:32]}"


async def _open(proxy: str, page: str, students: int, code: str, arrive_s: float) -> list[replicas.ProxiedSession]:
    """The class opens the link over ``arrive_s`` s; each lands on a replica and sees the question. The same
    students (their browsers) come to every class."""
    query = f"class={code}" if code else ""

    async def one(i: int) -> replicas.ProxiedSession:
        await asyncio.sleep(arrive_s * i / max(students, 1))
        session = replicas.ProxiedSession(proxy, page, query_string=query, browser_cookie=browser_cookie(f"student {i}"))
        await session.open()
        return session

    return list(await asyncio.gather(*(one(i) for i in range(students))))


LOCKS: dict[int, asyncio.Lock] = {}  # one exchange at a time on a session's socket (its banner polls too)


def _lock(session) -> asyncio.Lock:
    return LOCKS.setdefault(id(session), asyncio.Lock())


async def _sees_round_two(session, question: str, wait_s: float = 20.0, pause_s: float = 0.5) -> None:
    """The student's page polls until it offers round 2 (a browser's timers would, every 4 s: the banner's, and
    the question box's while the class asks it). A pause between polls: the replicas read the class store at
    most every so often, and ten polls back to back once all came before the new round showed."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        polls = list(session.auto_reruns)
        if f"{question}_keep" in session.widgets or not polls:
            return
        for fragment_id in polls:
            if fragment_id in session.auto_reruns:
                await session.auto_rerun(fragment_id)
        await asyncio.sleep(pause_s)


async def _answer_all(sessions: list[replicas.ProxiedSession], question: str, window_s: float, seed: int,
                      before: dict[int, str] | None = None) -> list[Answer]:
    """Each student answers once in the window's first 60%; every ``CHANGE_EVERY``-th changes its answer
    later. In round 2 (``before``: each student's round-1 answer) a third change their mind and the
    rest keep their answer with the page's button."""
    answers: list[Answer] = []

    async def one(i: int, session: replicas.ProxiedSession) -> None:
        rng = random.Random(seed + i)
        options = session.widgets[question].options
        picks = [rng.choices(options, WEIGHTS[:len(options)])[0]]
        if before is not None:
            picks = [rng.choice([o for o in options if o != before[i]]) if i % 3 == 0 else before[i]]
        moments = [rng.uniform(0, window_s * 0.6)]
        if before is None and i % CHANGE_EVERY == CHANGE_EVERY - 1:
            picks.append(rng.choice([o for o in options if o != picks[0]]))
            moments.append(rng.uniform(window_s * 0.6, window_s))
        started = time.monotonic()
        for n, (option, at) in enumerate(zip(picks, moments, strict=True)):
            await asyncio.sleep(max(0.0, started + at - time.monotonic()))
            async with _lock(session):
                if before is not None:
                    await _sees_round_two(session, question)
                    if option == before[i] and f"{question}_keep" not in session.widgets:
                        session.exceptions.append(f"student {i}: round 2 offered no 'Keep my answer' in 20 s")
                        return
                sent = time.monotonic()
                if before is not None and option == before[i]:
                    await session.press(f"{question}_keep")
                else:
                    await session.choose(question, option)
                answers.append(Answer(i, option, sent, time.monotonic(), n == 0))

    await asyncio.gather(*(one(i, s) for i, s in enumerate(sessions)))
    return answers


async def _banners(sessions: list[replicas.ProxiedSession], stop: asyncio.Event, took: list[float]) -> None:
    """Each student's page polls at its beat (a browser's timers: the banner's, and the question box's while
    the class asks it), until ``stop``; each poll's run into ``took``."""

    async def one(session: replicas.ProxiedSession, offset: float) -> None:
        if not session.auto_reruns:
            return
        every = min(session.auto_reruns.values())
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), offset * every)
        while not stop.is_set():
            async with _lock(session):
                for fragment_id in list(session.auto_reruns):  # the fragments the page's last full run drew ...
                    if fragment_id in session.auto_reruns:  # ... still drawn (a reveal the poll before saw ends the box's)
                        took.append(await session.auto_rerun(fragment_id))
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), every)

    await asyncio.gather(*(one(s, i / max(len(sessions), 1)) for i, s in enumerate(sessions)))


def _latency(took: list[float]) -> dict:
    return {"answers": len(took), "p50_s": statistics.median(took), "p95_s": percentile(took, 95), "max_s": max(took)}


async def _class(proxy: str, store: ClassStore, asked: str, students: int, window_s: float, with_poll: bool,
                 seed: int) -> dict:
    """One class on question ``asked`` (a key of QUESTIONS): (with a poll) the teacher starts it, asks
    and polls, the students' banners poll; the students open and answer (with a poll, in two rounds)."""
    page, question = QUESTIONS[asked]
    teacher = Teacher(proxy) if with_poll else None
    if teacher:
        await teacher.start(question, TITLES[asked])
    sessions = await _open(proxy, page, students, teacher.code if teacher else "", ARRIVE_S * students / 100)
    stop, banner_s = asyncio.Event(), []
    polling = asyncio.gather(teacher.poll_until(stop), _banners(sessions, stop, banner_s)) if teacher else None
    try:
        answers = await _answer_all(sessions, question, window_s, seed)
        first_round = list(answers)
        result = {"students": students, "with_poll": with_poll,
                  "window_s": max(a.done for a in answers) - min(a.sent for a in answers),
                  "per_replica": dict(Counter(s.replicas()[0] for s in sessions))}
        if teacher:
            answers += await _rounds(teacher, store, sessions, question, answers, window_s, seed, result)
            stop.set()
            await polling
            result.update(polls=len(teacher.poll_s), poll_p95_s=percentile(teacher.poll_s, 95),
                          banner_polls=len(banner_s), banner_p95_s=percentile(banner_s, 95) if banner_s else None)
            await teacher.end()
            result["gone_after_end"] = not store.is_open(teacher.code) and store.tallies(teacher.code) == {}
        result["errors"] = [e for s in sessions for e in s.exceptions]
    except BaseException:  # a class that broke off: its polls end too (asyncio.run otherwise waited on them)
        stop.set()
        if polling is not None:
            polling.cancel()
        raise
    finally:
        for s in sessions:
            await s.close()
    result["took"] = [a.done - a.sent for a in answers]
    result["took_first"] = [a.done - a.sent for a in answers if not teacher or a in first_round]
    result.update(_latency(result["took"]))
    return result


async def _rounds(teacher: Teacher, store: ClassStore, sessions, question: str, first: list[Answer], window_s: float,
                  seed: int, result: dict) -> list[Answer]:
    """Round 1 counted, round 2 opened and answered, the reveal read: the checks into ``result``; round 2's answers."""
    students = len(sessions)
    final = [{a.student: a.option for a in sorted(first, key=lambda a: a.sent)}]
    last = max((a for a in first if a.first), key=lambda a: a.sent)  # the class's last new answer
    reached = [await _count_reached(teacher, students, after=last.sent, round_=1)]
    await teacher.press("class_round_two")
    second = await _answer_all(sessions, question, window_s, seed + 1000, before=final[0])
    final.append({a.student: a.option for a in sorted(second, key=lambda a: a.sent)})
    last2 = max(second, key=lambda a: a.sent)
    reached.append(await _count_reached(teacher, students, after=last2.sent, round_=2))
    tallied = store.tallies(teacher.code).get(question, {})
    revealed_at = time.monotonic()
    split, marked, changed = await teacher.reveal()
    result["reveal_reached_s"] = await _reveal_reached(sessions, revealed_at)
    moved = sum(final[0][i] != final[1][i] for i in final[0])
    result.update(teacher_replica=teacher.session.replicas()[0], code=teacher.code,
                  counted=[max((c[r] for c in teacher.counts), default=0) for r in (1, 2)],
                  count_after_click_s=[(t - a.sent) if t else None for t, a in zip(reached, (last, last2), strict=True)],
                  split=split, split_expected={r + 1: dict(Counter(f.values())) for r, f in enumerate(final)},
                  marked=marked, changed_shown=changed, changed_expected=(students, moved),
                  changed=len(first) - students,
                  store_count=[sum(tallied.get(r, Counter()).values()) for r in (1, 2)])
    return second


async def _reveal_reached(sessions, revealed_at: float, wait_s: float = 20.0) -> list[float | None]:
    """Seconds from the teacher's Reveal click until each student's page had drawn the answer (its box's
    poll saw the reveal and reran the whole page: the lab opens), while the banners keep polling; None for a
    page that did not within ``wait_s``."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and any(s.whole_run_at <= revealed_at for s in sessions):
        await asyncio.sleep(0.05)
    return [s.whole_run_at - revealed_at if s.whole_run_at > revealed_at else None for s in sessions]


async def _count_reached(teacher: Teacher, students: int, after: float, round_: int = 1,
                         wait_s: float = 10.0) -> float | None:
    """When (time.monotonic()) a poll that began after ``after`` first showed ``students`` in ``round_``;
    None if none in ``wait_s``."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        hit = [c[0] for c in teacher.counts if c[round_] >= students and c[0] > after]
        if hit:
            return hit[0]
        await asyncio.sleep(0.05)
    return None


async def _warm(group: list[replicas.Replica], asked: str) -> None:
    """Each replica, directly: the page opened and every answer given once (its models and results loaded)."""
    page, question = QUESTIONS[asked]
    for r in group:
        session = LightSession(f"ws://127.0.0.1:{r.port}", page)
        await session.open()
        for option in session.widgets[question].options:
            await session.choose(question, option)
        await session.close()


@contextlib.contextmanager
def _store(kind: str):
    """The replicas' environment for one store of ``kind`` (sqlite, redis), and the bench's own handle on it."""
    if kind == "redis":
        with redis_server() as url:
            yield {STORE_ENV: url}, RedisStore(url)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "classes.sqlite3"
        yield {STORE_ENV: str(path)}, SQLiteStore(path)


def run(students: int = 100, window_s: float = GOAL_WINDOW_S, stores: tuple[str, ...] = ("sqlite", "redis"),
        questions: tuple[str, ...] = ("home", "gradients"), rounds: int = 4, seed: int = 7) -> dict:
    """For each store and question: both replicas behind the proxy, warmed; then ``rounds`` pairs of
    classes, one without a poll and one with, in turn (ABBA...: neither always meets warmer replicas).
    ``runs`` holds one report per (store, question): every class, and the answers of each kind pooled."""
    out = {"students": students, "window_s": window_s, "rounds": rounds, "goal_count_s": GOAL_COUNT_S,
           "goal_ratio": GOAL_RATIO, "runs": []}
    for kind in stores:
        with _store(kind) as (env, store), replicas.recipe(env) as (group, _, proxy_port, _, _):
            proxy = f"ws://127.0.0.1:{proxy_port}"
            for asked in questions:
                asyncio.run(_warm(group, asked))
                classes = []
                for r in range(rounds):
                    for polled in (False, True) if r % 2 == 0 else (True, False):
                        classes.append(asyncio.run(_class(proxy, store, asked, students, window_s, polled, seed + r)))
                        _progress(kind, asked, len(classes), 2 * rounds, classes[-1])
                out["runs"].append(_pooled(kind, asked, classes, students))
    return out


def _progress(kind: str, asked: str, done: int, of: int, c: dict) -> None:
    """One line on stderr as each class ends: a long run (four rounds of 100 students take many minutes) says how
    it goes, and a run cut short still leaves its figures."""
    print(f"class {done}/{of} ({kind}, {asked}, {'with' if c['with_poll'] else 'without'} a poll): p50 / p95"
          f" {c['p50_s'] * 1000:.0f} / {c['p95_s'] * 1000:.0f} ms over {c['answers']} answers, the round answered within"
          f" {c['window_s']:.1f} s, errors {len(c['errors'])}", file=sys.stderr, flush=True)


def _pooled(kind: str, asked: str, classes: list[dict], students: int) -> dict:
    """One (store, question): each kind of class's answers pooled, the poll's checks over every polled class."""
    polled = [c for c in classes if c["with_poll"]]
    without = _latency([t for c in classes if not c["with_poll"] for t in c["took"]])
    with_poll = _latency([t for c in polled for t in c["took"]])
    # the poll's cost on the same work: round 1 (each student answers, every tenth twice) against the
    # class without a poll; round 2 adds the students' "Keep my answer" presses, reported with it
    first = _latency([t for c in polled for t in c["took_first"]])
    lags = [lag for c in polled for lag in c["count_after_click_s"]]
    return {"store": kind, "question": asked, "without_poll": without, "with_poll": with_poll,
            "with_poll_round_one": first, "p95_ratio": first["p95_s"] / without["p95_s"],
            # the noise floor: how far apart the p95s of classes run the same way are, on the same replicas
            "p95_by_class": {label: [percentile(c["took"], 95) for c in classes if c["with_poll"] == poll]
                             for label, poll in (("without_poll", False), ("with_poll", True))},
            "counts_right": all(c["counted"] == c["store_count"] == [students, students] for c in polled),
            "splits_right": all(_split_right(c) for c in polled),
            "count_after_click_max_s": None if None in lags else max(lags),
            "reveal": _reveal_figures([lag for c in polled for lag in c["reveal_reached_s"]]),
            "banner_p95_s": max((c["banner_p95_s"] or 0.0) for c in polled),
            "window_max_s": max(c["window_s"] for c in classes),
            "gone_after_end": all(c["gone_after_end"] for c in polled),
            "errors": [e for c in classes for e in c["errors"]],
            "missed": (missed := _misses(polled, classes, with_poll, without)), "ok": not missed,
            "classes": [{k: v for k, v in c.items() if k != "took"} for c in classes]}


def goal_reveal() -> float:
    """A student's page looks at the class every STUDENT_POLL_S, then draws the revealed answer within GOAL_COUNT_S.
    (Imported here: the app's layer read at import would set up Streamlit's caches without a runtime.)"""
    from playground.app.classroom import STUDENT_POLL_S

    return STUDENT_POLL_S + GOAL_COUNT_S


def _reveal_figures(lags: list[float | None]) -> dict:
    reached = [lag for lag in lags if lag is not None]
    return {"pages": len(lags), "missing": len(lags) - len(reached), "p50_s": statistics.median(reached),
            "p95_s": percentile(reached, 95), "max_s": max(reached)}


def _split_right(c: dict) -> bool:
    """Both rounds' revealed splits are the students' last choices, a right answer is marked, and the
    changes of mind shown are those made."""
    return (c["split"] == c["split_expected"] and c["marked"] is not None
            and c["changed_shown"] == c["changed_expected"])


def _misses(polled: list[dict], classes: list[dict], with_poll: dict, without: dict) -> list[str]:
    """The goals this (store, question) missed, in words (none: it meets them all)."""
    missed = []
    if not all(c["counted"] == c["store_count"] == [c["students"]] * 2 and _split_right(c) and c["gone_after_end"]
               for c in polled):
        missed.append("the counts, the splits, the changes of mind or the end")
    if not all(lag is not None and lag <= GOAL_COUNT_S for c in polled for lag in c["count_after_click_s"]):
        missed.append(f"every answer counted within {GOAL_COUNT_S:.0f} s")
    reveal, goal_reveal_s = _reveal_figures([lag for c in polled for lag in c["reveal_reached_s"]]), goal_reveal()
    if reveal["missing"] or reveal["max_s"] > goal_reveal_s:
        missed.append(f"every page drew the revealed answer within {goal_reveal_s:.0f} s of the click"
                      f" ({reveal['missing']} never, the last {reveal['max_s']:.1f} s)")
    if any(c["errors"] for c in classes):
        missed.append("no error")
    if any(c["window_s"] > GOAL_WINDOW_S for c in classes):
        missed.append(f"the class answered within {GOAL_WINDOW_S:.0f} s (the last answer's run ended"
                      f" {max(c['window_s'] for c in classes):.1f} s after the first click)")
    if _latency([t for c in polled for t in c["took_first"]])["p95_s"] > GOAL_RATIO * without["p95_s"]:
        missed.append(f"round 1's p95 within {GOAL_RATIO}x of the class without a poll")
    return missed


def summary(r: dict) -> str:
    """The report's lines (``python -m bench --only class``)."""
    lines = []
    for run_ in r["runs"]:
        w, wo, polled = run_["with_poll"], run_["without_poll"], [c for c in run_["classes"] if c["with_poll"]]
        lag, first = run_["count_after_click_max_s"], polled[0]
        lines += [
            f"class poll ({run_['store']} store, {run_['question']}'s question): {r['students']} light students"
            f" through HAProxy to both replicas (" + "; ".join(
                ", ".join(f"{k} {v}" for k, v in sorted(c["per_replica"].items())) for c in polled)
            + f"), {len(run_['classes'])} classes, each round answered within {run_['window_max_s']:.1f} s",
            f"  two rounds: the teacher's counts {', '.join('/'.join(map(str, c['counted'])) for c in polled)}"
            f" (right: {run_['counts_right']}), every answer counted at most"
            f" {'never' if lag is None else f'{lag:.2f} s'} after its round's last click; console polls p95"
            f" {max(c['poll_p95_s'] for c in polled) * 1000:.0f} ms, the students' banners"
            f" {sum(c['banner_polls'] for c in polled)} polls, p95 {run_['banner_p95_s'] * 1000:.0f} ms",
            f"  revealed: round 1 {_split_text(first['split'][1])}, round 2 {_split_text(first['split'][2])}, right"
            f" answer marked: {first['marked']!r}; changed their mind: {first['changed_shown']} (answered both, moved);"
            f" all right: {run_['splits_right']}; gone after End: {run_['gone_after_end']}",
            f"  the reveal on the students' pages (their box's poll sees it and the page opens its lab): after the"
            f" click p50 {run_['reveal']['p50_s']:.2f} s, p95 {run_['reveal']['p95_s']:.2f} s, the last"
            f" {run_['reveal']['max_s']:.2f} s, {run_['reveal']['pages']} pages, never {run_['reveal']['missing']}",
            f"  students' answers p50 / p95: without a poll {wo['p50_s'] * 1000:.0f} / {wo['p95_s'] * 1000:.0f} ms"
            f" ({wo['answers']}), with the polls (the console's and {r['students']} banners') round 1"
            f" {run_['with_poll_round_one']['p50_s'] * 1000:.0f} / {run_['with_poll_round_one']['p95_s'] * 1000:.0f} ms"
            f" ({run_['with_poll_round_one']['answers']}), x{run_['p95_ratio']:.2f}; both rounds"
            f" {w['p50_s'] * 1000:.0f} / {w['p95_s'] * 1000:.0f} ms ({w['answers']}); each class's p95 without "
            + ", ".join(f"{t * 1000:.0f}" for t in run_["p95_by_class"]["without_poll"]) + " ms, with "
            + ", ".join(f"{t * 1000:.0f}" for t in run_["p95_by_class"]["with_poll"])
            + f" ms; errors {len(run_['errors'])}",
            f"  meets every goal (each answer counted within {GOAL_COUNT_S:.0f} s, the counts and splits right, every"
            f" page shows the reveal within {goal_reveal():.0f} s,"
            f" the class answered within {GOAL_WINDOW_S:.0f} s, p95 within {GOAL_RATIO}x)" if run_["ok"]
            else "  MISSES " + "; ".join(run_["missed"]),
        ]
    return "\n".join(lines)


def _split_text(split: dict[str, int]) -> str:
    return ", ".join(str(n) for n in sorted(split.values(), reverse=True)) or "none"


if __name__ == "__main__":  # python -m bench.class_poll [students] [window_s] [stores] [questions] [rounds]
    import json

    args = sys.argv[1:]
    result = run(int(args[0]) if args else 100, float(args[1]) if len(args) > 1 else GOAL_WINDOW_S,
                 tuple(args[2].split(",")) if len(args) > 2 else ("sqlite", "redis"),
                 tuple(args[3].split(",")) if len(args) > 3 else ("home", "gradients"),
                 int(args[4]) if len(args) > 4 else 4)
    print(summary(result))
    print(json.dumps(result, indent=1, default=str))

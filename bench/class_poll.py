"""A class poll through the replica recipe (issue 36): ``python -m bench --only class``.

HAProxy (``deploy/haproxy.cfg``) in front of both replicas, which share one class store: a SQLite file
(the default on one box) or a redis-server (``RNN_CLASS_STORE``, replicas on several boxes). Each
store gets the same two classes, on the same warm replicas:

1. **without a poll**: ``students`` light sessions (``bench.replicas.ProxiedSession``: the page over
   HTTP, then the websocket with the replica's cookie) open the gradients lesson, and each answers its
   predict-first question once, at a random moment of a ``window_s`` window; every tenth changes its
   mind later in the window, as a student does after arguing with a neighbour;
2. **with a poll**: a teacher (a light session on ``/class``, through the proxy too) presses "Start a
   class poll", reads the code from the students' link, and runs the page's 2 s poll as the browser's
   timer does (``is_auto_rerun``, at a fixed beat); the same students open the class's link and
   answer the same way. After the last answer the teacher presses Reveal and reads the split, then
   ends the class.

Checked: the teacher's count is the number of students (a changed answer counts once), it reaches
them within ``GOAL_COUNT_S`` of the last answer (from the click, and from the answer's run being over);
the revealed split is the students' last choices; the students' p95 with the poll is within
``GOAL_RATIO`` x the p95 without; the class is gone from the store once ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import statistics
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

# the page (its URL path) and the key of the question a class answers: Home's (the light one the goals
# are measured on: its answer costs about 55 ms) and the gradients lesson's (the example: its
# answer shows the whole lab, about 340 ms of one core's time, so 100 answers in 30 s fill 2 cores)
QUESTIONS = {"home": ("", "home_guess"), "gradients": ("gradients", "grad_guess")}
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


@dataclass
class TeacherSession(replicas.ProxiedSession):
    """A teacher's light session: also keeps the progress bars' texts (the revealed split)."""

    bars: list[str] = field(default_factory=list)

    def _read_delta(self, message) -> None:
        super()._read_delta(message)
        element = message.delta.new_element if message.delta.WhichOneof("type") == "new_element" else None
        if element is not None and element.WhichOneof("type") == "progress":
            self.bars.append(element.progress.text)


@dataclass
class Teacher:
    """The teacher's page through the proxy: start a class, poll, reveal, end."""

    proxy: str
    session: TeacherSession = None
    code: str = ""
    counts: list[tuple[float, int]] = field(default_factory=list)  # (time the poll's run was over, count shown)
    poll_s: list[float] = field(default_factory=list)  # each poll's run

    async def start(self) -> None:
        self.session = TeacherSession(self.proxy, "class", keep_markdown=True)
        await self.session.open()
        await self.session.press("class_start")
        link = next(c for c in self.session.code_blocks if "?class=" in c)
        self.code = re.search(r"\?class=([A-Z0-9]+)", link).group(1)

    def fragment(self) -> tuple[str, float]:
        (fragment_id, every), = self.session.auto_reruns.items()  # the page's one poll
        return fragment_id, every

    async def poll_until(self, stop: asyncio.Event) -> None:
        """A poll at every beat of the page's interval (a browser's timer keeps its beat), until ``stop``."""
        fragment_id, every = self.fragment()
        beat = time.monotonic()
        while not stop.is_set():
            self.session.markdown.clear()
            self.poll_s.append(await self.session.auto_rerun(fragment_id))
            self.counts.append((time.monotonic(), self.shown_count()))
            beat += every
            while beat < time.monotonic():  # a beat missed while the run was going: the timer does not queue
                beat += every
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), beat - time.monotonic())

    def shown_count(self) -> int:
        found = [int(m.group(1)) for body in self.session.markdown if (m := re.fullmatch(r"(\d+) answered", body))]
        return found[-1] if found else 0

    async def reveal(self, question: str) -> dict[str, int]:
        """Press Reveal; the split the page then shows, option label -> count."""
        self.session.bars.clear()
        await self.session.press(f"class_reveal_{question}")
        return {m.group(1): int(m.group(2)) for text in self.session.bars
                if (m := re.fullmatch(r"(.+) · (\d+) \(\d+%\)", text))}

    async def end(self) -> None:
        await self.session.press("class_end")
        await self.session.close()


async def _open(proxy: str, page: str, students: int, code: str, arrive_s: float) -> list[replicas.ProxiedSession]:
    """The class opens the link over ``arrive_s`` s; each lands on a replica and sees the question."""
    query = f"class={code}" if code else ""

    async def one(i: int) -> replicas.ProxiedSession:
        await asyncio.sleep(arrive_s * i / max(students, 1))
        session = replicas.ProxiedSession(proxy, page, query_string=query)
        await session.open()
        return session

    return list(await asyncio.gather(*(one(i) for i in range(students))))


async def _answer_all(sessions: list[replicas.ProxiedSession], question: str, window_s: float, seed: int) -> list[Answer]:
    """Each student answers once in the window's first 60%; every ``CHANGE_EVERY``-th changes its answer later."""
    answers: list[Answer] = []

    async def one(i: int, session: replicas.ProxiedSession) -> None:
        rng = random.Random(seed + i)
        options = session.widgets[question].options
        picks = [rng.choices(options, WEIGHTS[:len(options)])[0]]
        moments = [rng.uniform(0, window_s * 0.6)]
        if i % CHANGE_EVERY == CHANGE_EVERY - 1:
            picks.append(rng.choice([o for o in options if o != picks[0]]))
            moments.append(rng.uniform(window_s * 0.6, window_s))
        started = time.monotonic()
        for n, (option, at) in enumerate(zip(picks, moments, strict=True)):
            await asyncio.sleep(max(0.0, started + at - time.monotonic()))
            sent = time.monotonic()
            await session.choose(question, option)
            answers.append(Answer(i, option, sent, time.monotonic(), n == 0))

    await asyncio.gather(*(one(i, s) for i, s in enumerate(sessions)))
    return answers


def _latency(took: list[float]) -> dict:
    return {"answers": len(took), "p50_s": statistics.median(took), "p95_s": percentile(took, 95), "max_s": max(took)}


async def _class(proxy: str, store: ClassStore, asked: str, students: int, window_s: float, with_poll: bool,
                 seed: int) -> dict:
    """One class on question ``asked`` (a key of QUESTIONS): (with a poll) the teacher starts it and
    polls; the students open and answer."""
    page, question = QUESTIONS[asked]
    teacher = Teacher(proxy) if with_poll else None
    if teacher:
        await teacher.start()
    sessions = await _open(proxy, page, students, teacher.code if teacher else "", ARRIVE_S * students / 100)
    stop = asyncio.Event()
    polling = asyncio.create_task(teacher.poll_until(stop)) if teacher else None
    answers = await _answer_all(sessions, question, window_s, seed)
    took = [a.done - a.sent for a in answers]
    result = {"students": students, "with_poll": with_poll, "took": took, **_latency(took),
              "window_s": max(a.done for a in answers) - min(a.sent for a in answers),
              "errors": [e for s in sessions for e in s.exceptions],
              "per_replica": dict(Counter(s.replicas()[0] for s in sessions))}
    if teacher:
        last = max((a for a in answers if a.first), key=lambda a: a.sent)  # the class's last new answer
        reached = await _count_reached(teacher, students, after=last.sent)
        stop.set()
        await polling
        final = {a.student: a.option for a in sorted(answers, key=lambda a: a.sent)}
        split = await teacher.reveal(question)
        result.update(teacher_replica=teacher.session.replicas()[0], code=teacher.code,
                      counted=teacher.counts[-1][1], count_after_click_s=reached - last.sent if reached else None,
                      last_answer_run_s=last.done - last.sent,
                      polls=len(teacher.poll_s), poll_p95_s=percentile(teacher.poll_s, 95),
                      split=split, split_expected=dict(Counter(final.values())), changed=len(answers) - students)
        tallied = sum(store.tallies(teacher.code).get(question, Counter()).values())
        await teacher.end()
        result.update(store_count=tallied, gone_after_end=not store.is_open(teacher.code)
                      and store.tallies(teacher.code) == {})
    for s in sessions:
        await s.close()
    return result


async def _count_reached(teacher: Teacher, students: int, after: float, wait_s: float = 10.0) -> float | None:
    """When (time.monotonic()) a poll that began after ``after`` first showed ``students``; None if none in ``wait_s``."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        hit = [t for t, n in teacher.counts if n >= students and t > after]
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
                classes = [asyncio.run(_class(proxy, store, asked, students, window_s, polled, seed + r))
                           for r in range(rounds) for polled in ((False, True) if r % 2 == 0 else (True, False))]
                out["runs"].append(_pooled(kind, asked, classes, students))
    return out


def _pooled(kind: str, asked: str, classes: list[dict], students: int) -> dict:
    """One (store, question): each kind of class's answers pooled, the poll's checks over every polled class."""
    polled = [c for c in classes if c["with_poll"]]
    without = _latency([t for c in classes if not c["with_poll"] for t in c["took"]])
    with_poll = _latency([t for c in polled for t in c["took"]])
    lags = [c["count_after_click_s"] for c in polled]
    return {"store": kind, "question": asked, "without_poll": without, "with_poll": with_poll,
            "p95_ratio": with_poll["p95_s"] / without["p95_s"],
            # the noise floor: how far apart the p95s of classes run the same way are, on the same replicas
            "p95_by_class": {label: [percentile(c["took"], 95) for c in classes if c["with_poll"] == poll]
                             for label, poll in (("without_poll", False), ("with_poll", True))},
            "counts_right": all(c["counted"] == c["store_count"] == students for c in polled),
            "splits_right": all(c["split"] == c["split_expected"] for c in polled),
            "count_after_click_max_s": None if None in lags else max(lags),
            "window_max_s": max(c["window_s"] for c in classes),
            "gone_after_end": all(c["gone_after_end"] for c in polled),
            "errors": [e for c in classes for e in c["errors"]],
            "missed": (missed := _misses(polled, classes, with_poll, without)), "ok": not missed,
            "classes": [{k: v for k, v in c.items() if k != "took"} for c in classes]}


def _misses(polled: list[dict], classes: list[dict], with_poll: dict, without: dict) -> list[str]:
    """The goals this (store, question) missed, in words (none: it meets them all)."""
    missed = []
    if not all(c["counted"] == c["store_count"] == c["students"] and c["split"] == c["split_expected"]
               and c["gone_after_end"] for c in polled):
        missed.append("the count, the split or the end")
    if not all(c["count_after_click_s"] is not None and c["count_after_click_s"] <= GOAL_COUNT_S for c in polled):
        missed.append(f"every answer counted within {GOAL_COUNT_S:.0f} s")
    if any(c["errors"] for c in classes):
        missed.append("no error")
    if any(c["window_s"] > GOAL_WINDOW_S for c in classes):
        missed.append(f"the class answered within {GOAL_WINDOW_S:.0f} s (the last answer's run ended"
                      f" {max(c['window_s'] for c in classes):.1f} s after the first click)")
    if with_poll["p95_s"] > GOAL_RATIO * without["p95_s"]:
        missed.append(f"p95 within {GOAL_RATIO}x")
    return missed


def summary(r: dict) -> str:
    """The report's lines (``python -m bench --only class``)."""
    lines = []
    for run_ in r["runs"]:
        w, wo, polled = run_["with_poll"], run_["without_poll"], [c for c in run_["classes"] if c["with_poll"]]
        lag = run_["count_after_click_max_s"]
        lines += [
            f"class poll ({run_['store']} store, {run_['question']}'s question): {r['students']} light students"
            f" through HAProxy to both replicas (" + "; ".join(
                ", ".join(f"{k} {v}" for k, v in sorted(c["per_replica"].items())) for c in polled)
            + f"), {len(run_['classes'])} classes, each answered within {run_['window_max_s']:.1f} s"
            f" ({polled[0]['changed']} students changed their answer)",
            f"  the teacher's count: {', '.join(str(c['counted']) for c in polled)} (right: {run_['counts_right']}),"
            f" every answer counted at most {'never' if lag is None else f'{lag:.2f} s'} after the last new"
            f" answer's click; polls p95 {max(c['poll_p95_s'] for c in polled) * 1000:.0f} ms; the split right:"
            f" {run_['splits_right']} ({', '.join(str(n) for n in sorted(polled[0]['split'].values(), reverse=True))});"
            f" gone after End: {run_['gone_after_end']}",
            f"  students' answers p50 / p95: without a poll {wo['p50_s'] * 1000:.0f} / {wo['p95_s'] * 1000:.0f} ms"
            f" ({wo['answers']}), with {w['p50_s'] * 1000:.0f} / {w['p95_s'] * 1000:.0f} ms ({w['answers']}),"
            f" x{run_['p95_ratio']:.2f}; each class's p95 without "
            + ", ".join(f"{t * 1000:.0f}" for t in run_["p95_by_class"]["without_poll"]) + " ms, with "
            + ", ".join(f"{t * 1000:.0f}" for t in run_["p95_by_class"]["with_poll"])
            + f" ms; errors {len(run_['errors'])}",
            f"  meets every goal (each answer counted within {GOAL_COUNT_S:.0f} s, the count and split right,"
            f" the class answered within {GOAL_WINDOW_S:.0f} s, p95 within {GOAL_RATIO}x)" if run_["ok"]
            else "  MISSES " + "; ".join(run_["missed"]),
        ]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m bench.class_poll [students] [window_s] [stores] [questions] [rounds]
    import json
    import sys

    args = sys.argv[1:]
    result = run(int(args[0]) if args else 100, float(args[1]) if len(args) > 1 else GOAL_WINDOW_S,
                 tuple(args[2].split(",")) if len(args) > 2 else ("sqlite", "redis"),
                 tuple(args[3].split(",")) if len(args) > 3 else ("home", "gradients"),
                 int(args[4]) if len(args) > 4 else 4)
    print(summary(result))
    print(json.dumps(result, indent=1, default=str))

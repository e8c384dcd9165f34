"""How wide the shared step loops' batches get in a class (issue 51): a class simulated in one process.

``students`` threads each behave like a light student on one of the char-LM lab, the cloze lab or a
page without a shared model (a quarter, a quarter, half): every ~5 s they take a turn to compute from
the fair share (``playground.app.fair._Turns``, the same gate of ``run_slots()`` turns the server uses),
draw 20 ms of page, run the page's model on a new text, draw 20 ms more and give the turn back. The
step loops' own counters then say how many decoders ran and the widest round; the students' latencies
and the process's CPU per interaction are printed beside them. Run it with batching on and off:

    RNN_PLAYGROUND_BATCHING=on python -m bench.batch_widths 90 40
"""

from __future__ import annotations

import random
import sys
import threading
import time

from bench.classroom import Deck
from playground.app import fair
from playground.beyond import bicloze, cloze
from playground.core import batching
from playground.core.runtime import configure_server
from playground.models import charlm
from playground.models.charlm import decoding as cs

KINDS = ("charlm", "beyond", "other", "other")


def _page(ms: float) -> None:
    """``ms`` of the interpreter's time, as a page's drawing takes it."""
    end = time.thread_time() + ms / 1000
    while time.thread_time() < end:
        pass


def run(students: int = 90, seconds: float = 40.0) -> dict:
    configure_server()
    lm = charlm.load("charlm_shakespeare_lstm", device="cpu").sampler
    forward, backward = (cloze.load(cloze.model_name(d), device="cpu").sampler for d in cloze.DIRECTIONS)
    reader = bicloze.load(bicloze.NAME, device="cpu")
    deck, lock, latency = Deck(), threading.Lock(), {kind: [] for kind in KINDS}

    def student(i: int) -> None:
        kind, rng, stop = KINDS[i % len(KINDS)], random.Random(i), time.time() + seconds
        time.sleep(rng.random() * 5)
        while time.time() < stop:
            with lock:
                text = deck.deal("beyond" if kind == "beyond" else "charlm")
            start, turns = time.perf_counter(), fair._Turns(f"student-{i}")
            turns.take()
            try:
                with batching.stepping_aside(turns.give_back, turns.take_again):
                    _page(20)
                    if kind == "charlm":
                        cs.generate(lm, text, 300, "sample")
                    elif kind == "beyond":
                        cloze.fill(forward, backward, text, k=2, bidirectional=reader)
                    else:
                        _page(60)
                    _page(20)
            finally:
                turns.give_back()
            latency[kind].append(time.perf_counter() - start)
            time.sleep(5 * (0.5 + rng.random()))

    threads = [threading.Thread(target=student, args=(i,)) for i in range(students)]
    cpu = time.process_time()
    [t.start() for t in threads]
    [t.join() for t in threads]
    done = sum(len(v) for v in latency.values())
    loops = {name: vars(s._loop.stats) for name, s in (("charlm", lm), ("cloze forward", forward),
                                                      ("cloze backward", backward)) if s._loop is not None}
    return {"batching": batching.enabled(), "interactions": done,
            "cpu_ms_per_interaction": (time.process_time() - cpu) / max(1, done) * 1000,
            "latency_s": {k: _quantiles(v) for k, v in latency.items()}, "loops": loops}


def _quantiles(values: list[float]) -> dict:
    values = sorted(values) or [0.0]
    return {"n": len(values), "p50": round(values[len(values) // 2], 2), "p95": round(values[int(len(values) * .95)], 2)}


if __name__ == "__main__":
    args = sys.argv[1:]
    report = run(int(args[0]) if args else 90, float(args[1]) if len(args) > 1 else 40.0)
    print(f"batching {'on' if report['batching'] else 'off'}: {report['interactions']} interactions, "
          f"{report['cpu_ms_per_interaction']:.0f} ms CPU each")
    for kind, q in report["latency_s"].items():
        print(f"  {kind}: {q}")
    for name, stats in report["loops"].items():
        print(f"  loop {name}: {stats['decoders']} decoders, {stats['rounds']} rounds, {stats['rows']} rows, "
              f"widest {stats['widest']} decoders at once")

"""Continuous batching (playground.core.batching): decoders of many callers share one step loop, each gets
exactly what it would have got alone, joins a loop already running, hears only its own error, and its
caller is charged for the loop's work. Then the shipped character LMs: every decoding strategy, the
cloze's searches and scores, served to a class at once, write what each visitor gets served alone."""

import threading

import numpy as np
import pytest

from playground.core import batching
from playground.models.charlm import decoding as cs


def _toy_step(ids, state):
    """A one-layer "model" whose next state and logits depend only on each row's own input and state."""
    (h, _), = state
    h = np.tanh(0.5 * h + ids[:, None] * 0.1)
    return np.repeat(h.sum(1, keepdims=True), 3, axis=1) * np.arange(3), [(h, None)]


def _counting(start: int, steps: int, rows: int = 1):
    """A decoder that feeds its own ids for ``steps`` steps -> the sum of its logits and its last state."""
    state, total = [(np.full((rows, 4), start / 10.0), None)], 0.0
    for k in range(steps):
        logits, state = yield np.full(rows, start + k), state
        total += float(logits.sum())
    return total, state[0][0].tolist()


def _many(loop, decoders):
    """Run every decoder through ``loop`` from threads of its own -> the results in order."""
    results = [None] * len(decoders)
    start = threading.Barrier(len(decoders))

    def one(i):
        start.wait()
        try:
            results[i] = loop.run(decoders[i])
        except Exception as exc:  # noqa: BLE001 - the test looks at what each caller heard
            results[i] = exc
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(decoders))]
    [t.start() for t in threads]
    [t.join() for t in threads]
    return results


def test_a_shared_loop_gives_each_decoder_what_it_gets_alone():
    loop = batching.StepLoop(_toy_step, name="toy")
    shapes = [(i, 2000 + 7 * i, 1 + i % 3) for i in range(12)]  # long enough for the threads to meet
    together = _many(loop, [_counting(*s) for s in shapes])
    for shape, got in zip(shapes, together, strict=True):
        assert got == pytest.approx(batching.alone(_toy_step, _counting(*shape)))
    assert loop.stats.decoders == 12 and loop.stats.widest > 1  # they were batched
    assert loop.stats.rounds < sum(steps for _, steps, _ in shapes)


def test_a_decoder_joins_the_running_loop_and_leaves_first():
    """A short request that arrives while a long one runs is stepped beside it, not after it: the long
    one (which would run for a million steps) sees the short one finish."""
    finished, cap = [], 1_000_000
    loop = batching.StepLoop(_toy_step, name="toy")

    def long():
        state, steps = [(np.zeros((1, 4)), None)], 0
        while "short" not in finished and steps < cap:
            _, state = yield np.zeros(1), state
            steps += 1
        return steps

    def short():
        yield from _counting(1, 3)
        finished.append("short")

    runner = threading.Thread(target=lambda: finished.append(loop.run(long())))
    runner.start()
    while loop.stats.rounds < 50:
        threading.Event().wait(0.001)
    loop.run(short())
    runner.join()
    assert finished[0] == "short" and finished[1] < cap


def test_an_error_reaches_its_own_caller_only_and_the_caller_is_charged():
    def failing():
        yield np.zeros(1), [(np.zeros((1, 4)), None)]
        raise ValueError("mine")

    loop = batching.StepLoop(_toy_step, name="toy")
    results = _many(loop, [failing(), _counting(2, 40), _counting(3, 40)])
    assert isinstance(results[0], ValueError) and str(results[0]) == "mine"
    assert results[1:] == [batching.alone(_toy_step, _counting(2, 40)), batching.alone(_toy_step, _counting(3, 40))]
    before = batching.charged()
    loop.run(_counting(0, 500, rows=8))
    assert batching.charged() > before  # the fair share adds this to the run's CPU time


def test_the_loop_stops_when_nobody_waits_and_starts_again():
    loop = batching.StepLoop(_toy_step, name="toy")
    assert loop.run(_counting(0, 3)) == batching.alone(_toy_step, _counting(0, 3))
    assert not loop._running and not loop._active and not loop._queue
    assert _many(loop, [_counting(i, 20) for i in range(4)])[2] == batching.alone(_toy_step, _counting(2, 20))
    assert not loop._running


# --- the shipped character LMs, served to a class at once ---------------------------------------------
PROMPTS = ["ROMEO:\nO my ", "JULIET:\nHark! ", "HAMLET:\nWhat ", "First Citizen:\nNay, ", "IAGO:\nGood ",
           "PORTIA:\nCome, the king", "BRUTUS:\n", "OTHELLO:\nAlas, my love"]


@pytest.fixture(scope="module")
def lm():
    from playground.models import charlm

    return charlm.load("charlm_shakespeare_lstm", device="cpu").sampler


def _in_class(calls):
    """Each call from a thread of its own, all released together -> the results in order."""
    results = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def one(i):
        start.wait()
        results[i] = calls[i]()
    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(calls))]
    [t.start() for t in threads]
    [t.join() for t in threads]
    return results


def _served_alone(monkeypatch, calls):
    monkeypatch.setenv(batching.ENV_SWITCH, "off")
    alone = [call() for call in calls]
    monkeypatch.delenv(batching.ENV_SWITCH)
    return alone


@pytest.mark.parametrize("strategy", cs.STRATEGIES)
def test_every_strategy_writes_in_a_class_what_it_writes_alone(lm, monkeypatch, strategy):
    calls = [lambda p=p, s=seed: cs.generate(lm, p, 160, strategy, temperature=0.9, top_k=8, top_p=0.85, width=4,
                                             seed=s) for p, seed in zip(PROMPTS, (0, 1, 2, 3, 0, 1, 2, 3), strict=True)]
    monkeypatch.setenv(batching.ENV_SWITCH, "on")
    together = _in_class(calls)
    alone = _served_alone(monkeypatch, calls)
    for a, b in zip(together, alone, strict=True):
        assert a.text == b.text and a.log_prob == pytest.approx(b.log_prob, abs=1e-4)  # float32 rounding
        assert [s.char for s in a.steps] == [s.char for s in b.steps]
        assert [c for c, _ in a.steps[-1].top] == [c for c, _ in b.steps[-1].top]
    assert len({g.text for g in together}) == len(PROMPTS)  # nothing of one prompt reached another


def test_the_cloze_searches_and_scores_in_a_class_what_it_does_alone(monkeypatch):
    from playground.beyond import bicloze, cloze

    forward, backward = (cloze.load(cloze.model_name(d), device="cpu").sampler for d in cloze.DIRECTIONS)
    reader = bicloze.load(bicloze.NAME, device="cpu")
    sentences = ["我吃了一个__", "我在__工作", "他是我的__", "今天__很好", "我们一起去__吃饭", "她喜欢__的书"]
    calls = [lambda s=s, k=k: cloze.fill(forward, backward, s, k=k, bidirectional=reader).table
             for s in sentences for k in (1, 2)]
    calls += [lambda s=s: cloze.generate_with_both(forward, backward, s.split("_")[0] or "我", 12) for s in sentences]
    together = _in_class(calls)
    alone = _served_alone(monkeypatch, calls)
    for a, b in zip(together, alone, strict=True):
        if isinstance(a, str):
            assert a == b
            continue
        assert [r["candidate"] for r in a] == [r["candidate"] for r in b]
        for ra, rb in zip(a, b, strict=True):
            assert all(ra[rule] == pytest.approx(rb[rule], abs=1e-4) for rule in cloze.RULES)

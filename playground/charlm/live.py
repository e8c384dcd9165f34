"""How long a live training of a character LM takes on the shared server (issue 28): the cost model
behind the steps slider's top and the page's estimate.

A cost model calibrated on the 2-core machine with one torch thread (the server's setting), CPU
time of the training thread (time.thread_time, so other processes on the box did not count),
batch 32, Shakespeare (79 characters), 10 steps per setting after 2 warm-up steps:
  LSTM 32x1 BPTT 16: 0.0073 s/step   LSTM 128x2 BPTT 64: 0.048   LSTM 256x2 BPTT 128: 0.25
  LSTM 256x3 BPTT 16: 0.17           LSTM 256x3 BPTT 128: 0.40   GRU 256x3 BPTT 128: 0.45
  RNN 256x3 BPTT 128: 0.13           held-out loss on 50,000 characters, LSTM 256x3: 1.10 s
(before: 3 x 512 units at BPTT 256 ran 0.37 steps/s, 5,000 steps ~3.75 hours). Fitted below
within 15 % for every model over 100k weights (the small ones train in seconds anyway), then
padded by LIVE_SAFETY. With hidden <= 256, layers <= 3 and BPTT <= 128, the steps slider stops
where the estimate reaches LIVE_BUDGET_S: the largest job a visitor can choose (LSTM or GRU
256 x 3, BPTT 128: 300 steps) is estimated at ~3 minutes; JOB_SECONDS (5 min) is the backstop.
"""

from __future__ import annotations

from playground.models.charlm import recipes
from playground.models.charlm.model import MAX_VOCAB

LIVE_BUDGET_S = 180.0
LIVE_SAFETY = 1.2
CORPUS_VOCAB = {"shakespeare": 79, "python": 97}  # characters in each corpus's vocabulary
VALIDATION_CHARS = 50_000  # held-out characters scored at each evaluation (recipes.live_training_job)
_GATES = {"lstm": 4.0, "gru": 4.5, "rnn": 1.2}  # fitted weight of each cell's matrices (GRU: slower per weight on CPU)
_EMBED = 64  # CharLMSettings.embed


def report_every(steps: int) -> int:
    """Steps between a live training's validation scores and samples: ten reports, at least 50 steps apart."""
    return max(50, steps // 10)


def live_job(train_text: str, validation_text: str, kind: str, hidden: int, layers: int, bptt: int, lr: float,
             steps: int):
    """The job a live training runs (``recipes.live_training_job``), with the live lab's fixed choices:
    batch 32, no dropout, no snapshots, ten reports."""
    settings = recipes.CharLMSettings(kind=kind, hidden=hidden, layers=layers, bptt=bptt, lr=lr, steps=steps, batch=32,
                                      eval_every=report_every(steps), snapshots=(), dropout=0.0)
    return recipes.live_training_job(train_text, validation_text, settings, sample_every=report_every(steps))


def live_weights(kind: str, hidden: int, layers: int, vocab: int) -> float:
    """Millions of weights used per character (the recurrent layers and the output layer)."""
    gates = _GATES.get(kind, 4.0)
    recurrent = sum(gates * hidden * ((_EMBED if k == 0 else hidden) + hidden) for k in range(layers))
    return (recurrent + hidden * vocab) / 1e6


def live_estimate_s(kind: str, hidden: int, layers: int, bptt: int, steps: int, vocab: int = 100,
                    validation_chars: int = VALIDATION_CHARS) -> float:
    """Seconds a live training with these settings takes on one core of the server, nothing else running."""
    m = live_weights(kind, hidden, layers, vocab)
    per_step = 0.0018 + 0.0976 * m + 0.00126 * bptt * m + 0.0241e-3 * layers * bptt * _GATES.get(kind, 4.0)
    every = report_every(steps)
    evaluations = steps // every + (1 if steps % every else 0)
    per_evaluation = (0.042 + 0.78 * m) * min(validation_chars, VALIDATION_CHARS) / VALIDATION_CHARS
    samples = 0.1 * evaluations  # 200 characters sampled as often
    setup = 2.0  # the vocabulary and the encoded text
    return LIVE_SAFETY * (steps * per_step + evaluations * per_evaluation + samples) + setup


def live_max_steps(kind: str, hidden: int, layers: int, bptt: int, vocab: int = 100,
                   validation_chars: int = VALIDATION_CHARS, low: int = 50, high: int = 5000, step: int = 50) -> int:
    """The most steps (a multiple of ``step`` in ``low..high``) whose estimate stays within LIVE_BUDGET_S."""
    best = low
    for steps in range(low, high + 1, step):
        if live_estimate_s(kind, hidden, layers, bptt, steps, vocab, validation_chars) > LIVE_BUDGET_S:
            break
        best = steps
    return best


def live_text_size(source: str, text: str | None) -> tuple[int, int]:
    """(vocabulary, held-out characters) of what a live training would read."""
    if source in CORPUS_VOCAB:
        return CORPUS_VOCAB[source], VALIDATION_CHARS
    text = text or ""
    return min(MAX_VOCAB, len(set(text)) + 1), len(text) - int(len(text) * 0.9)

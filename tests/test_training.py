import math
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import torch
from torch import nn

from playground.core.training import TrainConfig, detach_state, make_optimiser, train

ROOT = Path(__file__).resolve().parent.parent


class TinyLM(nn.Module):
    """A character model small enough to train in a second: predicts the next symbol."""

    def __init__(self, vocab=4, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, 8)
        self.rnn = nn.GRU(8, hidden, batch_first=True)
        self.head = nn.Linear(hidden, vocab)
        self.calls = 0

    def forward(self, x, state=None):
        self.calls += 1
        out, state = self.rnn(self.embed(x), state)
        return self.head(out), state


def cycle_batches(step):
    # the sequence 0,1,2,3,0,1,2,3,... with random phase: perfectly predictable
    gen = torch.Generator().manual_seed(step)
    start = torch.randint(0, 4, (8, 1), generator=gen)
    seq = (start + torch.arange(33)) % 4
    return seq[:, :-1], seq[:, 1:]


def ce(logits, target):
    return nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), target.reshape(-1))


def test_loss_falls_on_a_learnable_task():
    model = TinyLM()
    result = train(model, cycle_batches, ce, TrainConfig(steps=60, lr=0.02, seed=0), device=torch.device("cpu"))
    assert result.status == "done" and result.steps == 60
    assert result.history[0].loss > 1.2 and result.final_loss < 0.2
    assert all(p.tokens_per_s > 0 for p in result.history)
    assert not model.training


def test_same_seed_same_losses():
    runs = []
    for _ in range(2):
        torch.manual_seed(7)  # the caller seeds the initial weights; the loop seeds everything after
        runs.append(train(TinyLM(), cycle_batches, ce, TrainConfig(steps=5, seed=3), device=torch.device("cpu")))
    assert [p.loss for p in runs[0].history] == [p.loss for p in runs[1].history]


def test_stop_flag_is_checked_every_step():
    stop = threading.Event()

    def on_progress(p):
        if p.step == 3:
            stop.set()

    result = train(TinyLM(), cycle_batches, ce, TrainConfig(steps=100), on_progress=on_progress, stop=stop,
                   device=torch.device("cpu"))
    assert result.status == "stopped" and result.steps == 3


def test_truncated_bptt_makes_one_step_per_chunk():
    model = TinyLM()
    seen = []
    result = train(model, cycle_batches, ce, TrainConfig(steps=8, bptt=8), on_progress=seen.append,
                   device=torch.device("cpu"))
    # each batch has 32 time steps -> 4 chunks of 8, so 8 steps = 2 batches
    assert result.steps == 8 and model.calls == 8
    assert [p.step for p in seen] == list(range(1, 9))
    assert seen[0].tokens_per_s > 0


def test_clipping_bounds_the_update_and_reports_raw_norm():
    model = TinyLM()
    result = train(model, cycle_batches, lambda o, t: 1e6 * ce(o, t), TrainConfig(steps=2, clip_norm=1.0),
                   device=torch.device("cpu"))
    assert result.history[0].grad_norm > 1.0  # the norm before clipping is what gets reported


def test_divergence_stops_training():
    model = TinyLM()
    result = train(model, cycle_batches, lambda o, t: ce(o, t) * float("nan"), TrainConfig(steps=10),
                   device=torch.device("cpu"))
    assert result.status == "diverged" and result.steps == 0 and math.isnan(result.final_loss)


def test_detach_state_handles_tuples():
    h = torch.ones(2, requires_grad=True) * 2
    c = torch.ones(2, requires_grad=True) * 3
    detached = detach_state((h, c))
    assert isinstance(detached, tuple) and not detached[0].requires_grad and not detached[1].requires_grad
    assert detach_state(None) is None


def test_early_stopping_restores_the_best_weights():
    model = TinyLM()
    scores = iter([0.5, 0.9, 0.7, 0.6])
    snapshots = []

    def evaluate():
        snapshots.append({k: v.clone() for k, v in model.state_dict().items()})
        return next(scores)

    result = train(model, cycle_batches, ce, TrainConfig(steps=8, eval_every=2), evaluate=evaluate,
                   device=torch.device("cpu"))
    assert result.best_score == 0.9 and result.best_step == 4
    assert all(torch.equal(v, snapshots[1][k]) for k, v in model.state_dict().items())


def test_progress_printer_reports_loss_speed_and_validation_figures(capsys):
    from playground.core.training import Progress, Validation, progress_printer

    report = progress_printer("model", "chars", every=2)
    report(Progress(step=1, total=4, loss=2.0, grad_norm=1.0, tokens_per_s=10.0, elapsed_s=0.1))
    report(Progress(step=2, total=4, loss=1.5, grad_norm=1.0, tokens_per_s=1234.5, elapsed_s=0.2))
    report(Validation(step=2, total=4, scores={"validation_bleu": 21.25}))
    assert capsys.readouterr().out.splitlines() == ["model: step 2/4 loss 1.500 1,234 chars/s",
                                                    "model: step 2 validation bleu 21.2500"]


@pytest.mark.parametrize("name", ["sgd", "adam"])
@pytest.mark.parametrize("weight_decay", [0.0, 0.01])
def test_own_optimisers_match_torch_step_by_step(name, weight_decay):
    """playground.core.optimisers replaces torch.optim (which imports torch._dynamo on first step):
    the same weights after every one of 25 steps, one parameter skipping some steps."""
    torch.manual_seed(0)
    ours, theirs = nn.Linear(4, 3), nn.Linear(4, 3)
    theirs.load_state_dict(ours.state_dict())
    config = TrainConfig(optimizer=name, lr=0.05, weight_decay=weight_decay)
    mine = make_optimiser(list(ours.parameters()), config)
    kind = torch.optim.SGD if name == "sgd" else torch.optim.Adam
    reference = kind(theirs.parameters(), lr=0.05, weight_decay=weight_decay)
    for step in range(25):
        x = torch.randn(8, 4)
        for model, optimiser in ((ours, mine), (theirs, reference)):
            optimiser.zero_grad(set_to_none=True)
            model(x).pow(2).mean().backward()
            if step % 5 == 4:
                model.bias.grad = None  # a parameter without a gradient this step is left alone
            optimiser.step()
        for a, b in zip(ours.parameters(), theirs.parameters(), strict=True):
            torch.testing.assert_close(a, b, rtol=1e-6, atol=1e-7)


def test_training_does_not_import_the_compiler_stack():
    """A live training in the server must not pull in torch._dynamo and sympy (71 MB)."""
    code = ("import sys\nfrom playground.two_ones import model as two_ones\nfrom playground.gradients import experiments\n"
            "two_ones.train(two_ones.TrainSettings(steps=20))\nexperiments.clipping_run(1.0, steps=5)\n"
            "print('torch._dynamo' in sys.modules, 'sympy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]

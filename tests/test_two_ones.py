import itertools
import random
import threading
from dataclasses import replace

import numpy as np
import pytest
import torch

from playground.core.errors import InputError
from playground.two_ones import model as T


def test_lecture_example():
    table = T.run("0,1,0,1,1,1")
    assert list(table.columns[:7]) == ["t", "x", "input_term", "recurrent_term", "z", "current", "previous"]
    assert {"bias", "y", "target", "correct"} <= set(table.columns)
    assert table["y"].tolist() == [0, 0, 0, 0, 1, 1]
    assert table["target"].tolist() == [0, 0, 0, 0, 1, 1]
    # h = [current, previous, 1] at every step, exactly as the lecture builds it
    assert table["current"].tolist() == [0, 1, 0, 1, 1, 1]
    assert table["previous"].tolist() == [0, 0, 1, 0, 1, 1]
    assert table["bias"].tolist() == [1] * 6
    assert table.loc[4, "recurrent_term"] == (0.0, 1.0, 1.0) and table.loc[4, "input_term"] == (1.0, 0.0, 0.0)


def test_run_agrees_with_target_on_every_string_up_to_length_8():
    for length in range(1, 9):
        for bits in itertools.product((0, 1), repeat=length):
            table = T.run(list(bits))
            assert table["y"].tolist() == T.target(list(bits)), bits


def test_verify_counts_and_lecture_constructions():
    assert T.count_strings(10) == 2046
    assert T.verify(T.lecture_weights()) is None
    assert T.verify(T.tanh_weights()) is None
    assert T.verify(replace(T.lecture_weights(), activation="identity")) is None


def test_tanh_construction_numbers():
    table = T.run("11", T.tanh_weights())
    assert table["y"].tolist() == [0.0, 1.0]
    assert abs(table.loc[0, "current"] - np.tanh(5.0)) < 1e-12
    assert table.loc[1, "bias"] > 0.9999  # the constant unit stays at tanh's fixed point near 1


@pytest.mark.parametrize("weights, expected", [
    (replace(T.lecture_weights(), w_hy=np.array([[1.0, 1.0, 0.0]])), "1"),  # no bias: a single 1 fires
    (replace(T.lecture_weights(), w_hh=np.array([[0, 0, 0], [0, 0, 0], [0, 0, 1.0]])), "11"),  # no copy to "previous"
    (replace(T.tanh_weights(), activation="relu"), "11"),
])
def test_verify_finds_the_shortest_counterexample(weights, expected):
    assert T.verify(weights) == expected


def test_shortest_counterexample_is_shortest():
    weights = replace(T.lecture_weights(), w_hh=np.array([[0, 0, 0], [1.0, 0, 0], [0, 0, 0.5]]))  # the bias decays
    example = T.verify(weights)
    assert example is not None
    for shorter in range(1, len(example)):
        for bits in itertools.product((0, 1), repeat=shorter):
            assert T.run(list(bits), weights)["correct"].all()
    assert not T.run(example, weights)["correct"].all()


def test_truth_table_four_cases():
    table = T.truth_table()
    assert table[["previous", "current"]].values.tolist() == [[1, 1], [0, 0], [1, 0], [0, 1]]
    assert table["w_hy_h"].tolist() == [1.0, -1.0, 0.0, 0.0]
    assert table["y"].tolist() == [1.0, 0.0, 0.0, 0.0] and table["target"].tolist() == [1, 0, 0, 0]


@pytest.mark.parametrize("bits, expected", [("0 1 1", [0, 1, 1]), ("011", [0, 1, 1]), ("0,1,1", [0, 1, 1]),
                                            ("0，1", [0, 1]), ([0, 1, 1], [0, 1, 1]), ((1,), [1]),
                                            ("", []), ("  , ", []), (None, [])])
def test_parse_bits(bits, expected):
    assert T.parse_bits(bits) == expected


@pytest.mark.parametrize("bits, code, params", [
    ("01a1", "bad_bit_char", {"char": "a", "position": 3}),
    ("0 1 2", "bad_bit_char", {"char": "2", "position": 5}),
    ([0, 2], "bad_bit_value", {"value": 2, "position": 2}),
    ([0, 0.5], "bad_bit_value", {"value": 0.5, "position": 2}),
    ("1" * 257, "too_many_steps", {"length": 257, "limit": 256}),
])
def test_bad_bits(bits, code, params):
    with pytest.raises(InputError) as info:
        T.parse_bits(bits)
    assert info.value.code == code and info.value.params == params


def test_empty_run_and_256_steps():
    with pytest.raises(InputError, match="empty_bits"):
        T.run("")
    assert len(T.run("1" * 256)) == 256


def test_weights_are_validated():
    base = T.lecture_weights()
    with pytest.raises(InputError) as info:
        T.Weights(w_xh=base.w_xh, w_hh=base.w_hh, w_hy=np.array([[1.0, np.nan, -1.0]]), h0=base.h0)
    assert info.value.code == "bad_weight_value"
    with pytest.raises(InputError) as info:
        T.Weights(w_xh=np.ones((2, 1)), w_hh=base.w_hh, w_hy=base.w_hy, h0=base.h0)
    assert info.value.code == "bad_weight_shape"
    with pytest.raises(InputError):
        replace(base, activation="sigmoid")


def test_extreme_weights_overflow_without_raising():
    huge = replace(T.lecture_weights(), w_hh=T.lecture_weights().w_hh * 1e200, activation="identity")
    table = T.run("1111", huge)
    assert not np.isfinite(table["y"]).all()
    assert not table["correct"].all()
    assert T.verify(huge) is not None


def test_random_bits():
    first = T.random_bits(20, seed=1)
    random.seed(12345)  # the process-wide generator moves on; a seeded draw does not follow it
    assert T.random_bits(20, seed=1) == first and T.random_bits(20, seed=2) != first
    assert len(T.random_bits(64)) == 64 and set(T.random_bits(64)) <= {"0", "1"}


def test_training_from_scratch_reaches_100_percent_and_is_reproducible():
    first = T.train(T.TrainSettings(), device=torch.device("cpu"))
    assert first.status == "done"
    assert first.accuracy == {"string_accuracy": 1.0, "step_accuracy": 1.0, "strings": 2046}
    second = T.train(T.TrainSettings(), device=torch.device("cpu"))
    assert [h["loss"] for h in first.history] == [h["loss"] for h in second.history]
    assert "accuracy" in first.history[9]


def test_training_stops_and_validates():
    stop = threading.Event()
    seen = []

    def report(**entry):
        seen.append(entry)
        if entry["step"] == 5:
            stop.set()

    outcome = T.train(T.TrainSettings(steps=500), report=report, stop=stop, device=torch.device("cpu"))
    assert outcome.status == "stopped" and len(outcome.history) == 5 and seen[-1]["step"] == 5
    for bad in ({"hidden": 1}, {"hidden": 17}, {"activation": "sigmoid"}, {"lr": 0.0}, {"lr": float("nan")}):
        with pytest.raises(InputError):
            T.TrainSettings(**bad)


def test_shipped_model_is_perfect_and_rediscovers_the_roles():
    model = T.load(T.SHIPPED_MODEL, device="cpu")
    card = model.card
    assert T.exhaustive_accuracy(model) == {"string_accuracy": 1.0, "step_accuracy": 1.0, "strings": 2046}
    roles = T.unit_roles(model)
    assert len(roles) == card.architecture["hidden"]
    assert roles["corr_current"].abs().max() > 0.9  # some unit holds "current"
    assert roles["corr_previous"].abs().max() > 0.7  # some unit holds "previous"
    learned = T.learned_weights(model)
    assert learned["W_hh"].shape == (4, 4) and learned["W_hy"].shape == (1, 4)
    assert not any(p.requires_grad for p in model.parameters())


def test_weights_travel_in_a_link_and_junk_is_refused():
    edited = T.Weights(T.lecture_weights().w_xh, T.lecture_weights().w_hh, np.array([[1.0, 1.0, -0.25]]),
                       T.lecture_weights().h0, "tanh", "step")
    text = T.weights_to_text(edited)
    back = T.weights_from_text(text)
    assert all(np.array_equal(getattr(back, n), getattr(edited, n)) for n in ("w_xh", "w_hh", "w_hy", "h0"))
    assert (back.activation, back.output) == ("tanh", "step")
    for junk in ("", "1;2;3", text.replace("-0.25", "inf"), text.replace("-0.25", "abc"), text.replace("tanh", "sigmoid"),
                 text.replace("-0.25", "1e300"), text.replace("1,1,-0.25", "1,1")):
        with pytest.raises(InputError):
            T.weights_from_text(junk)


# --- issue 25: an exhaustive check is not a held-out test; strings longer than any in training are ----------
def test_the_exhaustive_check_holds_only_strings_seen_in_training():
    """300 x 64 training strings of length 16: their openings include every 0/1 string up to length 10."""
    assert T.training_prefix_coverage(T.TrainSettings(), 10) == 1.0


def test_shipped_and_hand_built_nets_on_strings_longer_than_any_in_training():
    model = T.load(T.SHIPPED_MODEL, device="cpu")
    assert model.card.hyperparameters["length"] == 16 and T.UNSEEN_LENGTH > 16
    assert T.unseen_accuracy(model) == {"string_accuracy": 1.0, "step_accuracy": 1.0, "strings": 1000, "length": 100}
    assert T.unseen_accuracy(model, length=T.MAX_STEPS, count=200, seed=7)["string_accuracy"] == 1.0
    xs = torch.randint(0, 2, (500, T.MAX_STEPS), generator=torch.Generator().manual_seed(3)).double().numpy()
    for construction in T.CONSTRUCTIONS.values():  # the hand-built nets, ReLU and tanh, 256 steps long
        assert (T.decide(T.forward(xs, construction())["y"]) == T._targets(xs)).all()
    assert T.note_figures(model)["unseen_strings"] == "100.00%"


def test_the_formula_and_the_read_out_follow_the_weights_shown():
    assert T.formula_latex(T.lecture_weights()) == (r"h_t=\mathrm{ReLU}(W_{hh}h_{t-1}+W_{xh}x_t),"
                                                    r"\qquad y_t=\mathrm{ReLU}(W_{hy}h_t)")
    assert T.formula_latex(T.tanh_weights()) == r"h_t=\tanh(W_{hh}h_{t-1}+W_{xh}x_t),\qquad y_t=\mathbf{1}[W_{hy}h_t>0]"
    assert T.readout_terms(T.lecture_weights(), ("c", "p")) == "c + p − 1"
    assert T.readout_terms(T.tanh_weights(), ("c", "p")) == "c + p − 1.5"
    edited = T.Weights(T.lecture_weights().w_xh, T.lecture_weights().w_hh, np.array([[-2.0, 0.0, 0.5]]),
                       T.lecture_weights().h0)
    assert T.readout_terms(edited, ("c", "p")) == "−2·c + 0.5"


def test_a_unit_that_never_changes_has_no_correlation():
    model = T.TwoOnesRNN(2, "relu")
    with torch.no_grad():
        for p in model.parameters():
            p.zero_()
        model.rnn.weight_ih_l0[0, 0] = 1.0  # unit 1 follows the input
        model.rnn.bias_ih_l0[1] = -5.0  # unit 2 is a dead ReLU: 0 on every step
    roles = T.unit_roles(model)
    assert roles["varies"].tolist() == [True, False]
    assert roles["corr_current"][0] == pytest.approx(1.0)

"""Character-LM library: corpora cleaning, model and training, the fast sampler against torch,
decoding strategies, cell probes, live training and export. The shipped weights are evaluated on
held-out plays and files (see test_charlm_shipped.py)."""

import json
import math

import numpy as np
import pytest
import torch
from safetensors.torch import load

from playground.core.datasets import charcorpora
from playground.core.errors import InputError, Phrase
from playground.core.training import TrainConfig, scheduled_lr
from playground.models.charlm import decoding as cs
from playground.models.charlm import interpret
from playground.models.charlm import model as charlm_model
from playground.models.charlm import recipes as charlm_recipes

TEXT = ("ROMEO:\nBut, soft! what light through yonder window breaks?\nIt is the east, and Juliet is the sun.\n\n"
        "JULIET:\nO Romeo, Romeo! wherefore art thou Romeo?\n\n") * 30


def _tiny(kind="lstm", layers=2, hidden=24, seed=0):
    vocab = charlm_model.CharVocab.build(TEXT)
    torch.manual_seed(seed)
    return charlm_model.CharLM(kind, len(vocab), 12, hidden, layers).eval(), vocab


# --- corpora ----------------------------------------------------------------------------------------
PLAY = """# A Play

## ACT I

### SCENE I. A room.

_Enter ROMEO and
JULIET_

**ROMEO**~
But soft, what light~
_\\[Aside]_ breaks here?

**JULIET**~
Ay me!

_Exeunt_
""".replace("~", "  ")  # Markdown's line break: two trailing spaces


def test_clean_play_keeps_speakers_and_verse_and_drops_directions():
    assert charcorpora.clean_play(PLAY) == "ROMEO:\nBut soft, what light\nbreaks here?\n\nJULIET:\nAy me!\n"


def test_python_source_split_by_file(tmp_path):
    for i in range(40):
        (tmp_path / f"m{i}.py").write_text(f"def f{i}(x):\n\treturn x  # {i}\n")
    (tmp_path / "bad.py").write_text("s = 'é'\n")
    corpus = charcorpora.load_python_source(tmp_path)
    assert "\t" not in corpus.train and "é" not in corpus.train + corpus.validation + corpus.test
    parts = {"train": corpus.train, "validation": corpus.validation, "test": corpus.test}
    for i in range(40):  # each file lands whole in the part its name hashes to, and in no other
        where = charcorpora.file_split(f"m{i}.py")
        assert [name for name, text in parts.items() if f"def f{i}(x):" in text] == [where], i
    assert corpus.info["split"] == {name: sum(charcorpora.file_split(f"m{i}.py") == name for i in range(40))
                                    for name in parts}


# --- model, vocabulary, training -------------------------------------------------------------------
def test_vocab_round_trip_and_unknown_characters():
    vocab = charlm_model.CharVocab.build("abca")
    assert vocab.chars[0] == charlm_model.UNKNOWN and vocab.decode(vocab.encode("cab")) == "cab"
    assert vocab.encode("xa").tolist()[0] == 0 and vocab.unknown("xyxa") == ["x", "y"]


def test_cosine_schedule_goes_from_lr_to_a_tenth():
    config = TrainConfig(steps=101, lr=1.0, lr_schedule="cosine")
    assert scheduled_lr(config, 0) == pytest.approx(1.0) and scheduled_lr(config, 100) == pytest.approx(0.1)
    assert scheduled_lr(TrainConfig(steps=10, lr=0.5), 7) == 0.5


def test_training_lowers_held_out_loss_and_keeps_snapshots():
    settings = charlm_model.CharLMSettings(hidden=32, batch=16, bptt=16, steps=120, eval_every=40, snapshots=(10, 60),
                                           lr=1e-2)
    trained = charlm_recipes.train_charlm(TEXT[:-400], TEXT[-400:], settings)
    ids = trained.vocab.encode(TEXT[-400:])
    assert charlm_model.held_out_loss(trained.model, ids) < 1.5 < math.log(len(trained.vocab))
    assert sorted(trained.snapshots) == [10, 60]
    assert [p["step"] for p in trained.curve if "validation_loss" in p] == [40, 80, 120]
    assert not any(p.requires_grad for p in trained.model.parameters())


def test_settings_are_checked():
    for bad in (dict(kind="transformer"), dict(hidden=0), dict(layers=9), dict(lr=float("nan")), dict(bptt=1)):
        with pytest.raises(InputError):
            charlm_model.CharLMSettings(**bad).check()


# --- the fast sampler -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", charlm_model.KINDS)
@pytest.mark.parametrize("layers", [1, 3])
def test_fast_step_matches_torch(kind, layers):
    model, vocab = _tiny(kind, layers)
    ids = vocab.encode(TEXT[:80])
    with torch.no_grad():
        expected = model(ids[None])[0][0].numpy()
    sampler = cs.FastSampler.from_model(model, vocab)
    state, got = sampler.initial_state(1), []
    for i in ids.numpy():
        logits, state = sampler.step(np.array([i]), state)
        got.append(logits[0])
    got = np.stack(got)
    got[:, 0] = expected[:, 0]  # the sampler never writes "unknown": its logit is masked on purpose
    np.testing.assert_allclose(got, expected, atol=2e-5)


def test_strategies_agree_where_they_must():
    model, vocab = _tiny()
    sampler = cs.FastSampler.from_model(model, vocab)
    greedy = cs.generate(sampler, "ROMEO:\n", 60, "greedy")
    assert greedy.text == cs.generate(sampler, "ROMEO:\n", 60, "greedy").text
    assert cs.generate(sampler, "ROMEO:\n", 60, "top_k", top_k=1, seed=5).text == greedy.text
    assert cs.generate(sampler, "ROMEO:\n", 60, "top_p", top_p=1e-6, seed=5).text == greedy.text
    a = cs.generate(sampler, "ROMEO:\n", 60, "sample", seed=1)
    assert a.text == cs.generate(sampler, "ROMEO:\n", 60, "sample", seed=1).text
    assert a.text != cs.generate(sampler, "ROMEO:\n", 60, "sample", seed=2).text
    assert cs.sequence_log_prob(sampler, "ROMEO:\n", a.text) == pytest.approx(a.log_prob)
    assert all(len(r.top) == cs.TOP and r.top[0][1] >= r.top[-1][1] for r in a.steps)
    assert charlm_model.UNKNOWN not in a.text


def test_beam_search_width_one_is_greedy_and_wider_is_at_least_as_likely():
    model, vocab = _tiny(seed=3)
    sampler = cs.FastSampler.from_model(model, vocab)
    greedy = cs.generate(sampler, "JULIET:\n", 40, "greedy")
    assert cs.beam_search(sampler, "JULIET:\n", 40, width=1, end="").text == greedy.text
    wide = cs.beam_search(sampler, "JULIET:\n", 40, width=8, end="")
    assert len(wide.text) == 40 and wide.log_prob >= greedy.log_prob - 1e-6 * abs(greedy.log_prob)  # float32 rounding
    assert cs.sequence_log_prob(sampler, "JULIET:\n", wide.text) == pytest.approx(wide.log_prob)
    assert cs.gnmt_penalty(5, 0.0) == 1.0 and cs.gnmt_penalty(7, 1.0) == pytest.approx(2.0)


def test_bad_prompts_and_settings_get_messages():
    model, vocab = _tiny()
    sampler = cs.FastSampler.from_model(model, vocab)
    for prompt, code in (("", "empty_text"), ("x" * (cs.MAX_PROMPT + 1), "text_too_long")):
        with pytest.raises(InputError) as err:
            cs.generate(sampler, prompt, 10)
        assert err.value.code == code
    for options in (dict(temperature=0.0), dict(temperature=float("nan")), dict(top_p=0.0), dict(top_k=0)):
        with pytest.raises(InputError):
            cs.generate(sampler, "RO", 10, "top_k", **options)
    with pytest.raises(InputError):
        cs.generate(sampler, "RO", 0)
    with pytest.raises(InputError):
        cs.generate(sampler, "RO", 10, "argmax")
    assert cs.generate(sampler, "RO☃", 5).unknown == ["☃"]


def test_repetition_share():
    assert cs.repetition("ab" * 30, n=4) == 1.0 and cs.repetition("abcdefgh", n=4) == 0.0 and cs.repetition("") == 0.0


# --- cells ------------------------------------------------------------------------------------------
def test_text_features_know_python_quotes_comments_and_brackets():
    text = 'def f(a, b="x)"):  # hi (\n    return [a, \'\'\'doc\nmore\'\'\']\n'
    f = interpret.text_features(text)
    def marked(name):
        return "".join(ch for ch, v in zip(text, f[name], strict=True) if v)
    assert marked("in_string") == "\"x)\"'''doc\nmore'''"
    assert marked("in_comment") == "# hi ("
    assert f["indent"][text.index("return")] == 4 and f["indent"][0] == 0
    assert f["bracket_depth"][text.index("b=")] == 1 and f["bracket_depth"][text.index(":")] == 0
    assert f["bracket_depth"][text.index("doc")] == 1
    assert f["column"][text.index("return")] == 4 and f["line_start"].sum() == 3


def test_regex_feature_and_its_errors():
    assert interpret.regex_feature("ab def cd", r"def").tolist() == [0, 0, 0, 1, 1, 1, 0, 0, 0]
    for pattern, code in (("(", "bad_regex"), ("", "empty_text"), ("a" * 300, "text_too_long")):
        with pytest.raises(InputError) as err:
            interpret.regex_feature("abc", pattern)
        assert err.value.code == code


BAD_PATTERNS = [("(", "missing_paren", None), (")", "unbalanced_paren", 1), ("a)b", "unbalanced_paren", 2),
                ("[a", "unterminated_set", None), ("*", "nothing_to_repeat", 1), ("a**", "multiple_repeat", 3),
                (r"\q", "bad_escape", None), (r"\1", "bad_reference", None), ("(?P=y)", "bad_reference", 4),
                ("(?P<1>a)", "bad_group_name", 6), ("a{2,1}", "repeat_order", 3), ("[z-a]", "bad_range", 5),
                ("(?x", "unknown_extension", None), (r"\p{Foo}", "unknown_name", None)]


@pytest.mark.parametrize(("pattern", "kind", "position"), BAD_PATTERNS, ids=[p for p, _, _ in BAD_PATTERNS])
def test_a_bad_regex_is_named_by_its_kind_and_place_never_by_the_libraries_english(pattern, kind, position):
    """Issue 28, item 8: "正则表达式有误：missing ) at position 1" - the regex module's English in
    the Chinese UI. The error now carries the kind of mistake and its place as words to translate."""
    from playground.core.errors import Phrase

    with pytest.raises(InputError) as err:
        interpret.regex_feature("abc", pattern)
    assert err.value.code == "bad_regex" and "detail" not in err.value.params
    assert err.value.params["reason"] == Phrase(f"regex.{kind}")
    where = err.value.params["where"]
    assert where == (Phrase("regex.at_end") if position is None else Phrase("regex.at", position=position))


@pytest.mark.parametrize("pattern", [".+|(?R)", "(a|(?1))", "(?P<x>a(?&x)?)", "(a)(?-1)", "(?P<x>y)(?P>x)"])
def test_a_pattern_that_calls_itself_is_refused_before_it_runs(pattern):
    """``.+|(?R)`` on an empty text recursed until it held 550 MB (the fuzz found it, issue 48): a pattern
    that calls itself or a group is refused as such, an escaped parenthesis is no call."""
    with pytest.raises(InputError) as err:
        interpret.regex_feature("", pattern)
    assert err.value.params["reason"] == Phrase("regex.recursion")
    assert interpret.regex_feature("a(?R)", r"a\(\?R\)").sum() == 5


def test_every_kind_of_regex_mistake_is_said_in_both_languages():
    from playground.core.i18n import strings as _strings
    STRINGS = _strings()

    for kind in {*interpret.REGEX_MISTAKES.values(), "other", "too_large", "recursion"}:
        assert f"regex.{kind}" in STRINGS, kind
    assert interpret.regex_error("x", ValueError("a message nobody listed")).params["reason"].key == "regex.other"


def _show_regex_error(pattern):
    from playground.app.widgets import input_error
    from playground.core.errors import InputError
    from playground.models.charlm import interpret

    try:
        interpret.regex_feature("abc", pattern)
    except InputError as exc:
        input_error(exc)


@pytest.mark.parametrize("pattern", [p for p, _, _ in BAD_PATTERNS] + ["(?:a{1000}){1000}"])
def test_the_chinese_page_says_a_regex_mistake_without_english(pattern):
    import re

    from streamlit.testing.v1 import AppTest

    at = AppTest.from_function(_show_regex_error, args=(pattern,), default_timeout=60)
    at.context = {"locale": "zh-CN"}
    at.run()
    [message] = [w.value for w in at.warning]
    assert message.startswith("正则表达式有误：") and message.endswith("。")
    assert not re.findall(r"[A-Za-z]{2,}", message), message  # code such as (?P<名字>…) aside, no English words
    if pattern == "(":
        assert "在表达式末尾" in message and "左括号" in message


def test_activations_are_the_states_and_ranking_finds_a_planted_unit():
    model, vocab = _tiny()
    sampler = cs.FastSampler.from_model(model, vocab)
    text = TEXT[:200]
    hidden = interpret.activations(sampler, text, "hidden")
    with torch.no_grad():
        top_layer = model.rnn(model.embedding(vocab.encode(text)[None]))[0][0].numpy()
    np.testing.assert_allclose(hidden[-1], top_layer, atol=1e-5)
    cell = interpret.activations(sampler, text, "cell")
    assert cell.shape == hidden.shape and np.abs(cell).max() <= 1
    planted = cell.copy()
    feature = interpret.text_features(text)["column"]
    planted[1, :, 5] = feature / feature.max()
    ranking = interpret.rank_cells(planted, {"column": feature})
    assert ranking.iloc[0][["layer", "unit"]].tolist() == [1, 5] and ranking.iloc[0]["correlation"] == pytest.approx(1)
    assert interpret.rank_cells(planted, {"flat": np.zeros(len(text))}).empty
    with pytest.raises(InputError):
        interpret.activations(sampler, "", "cell")


def test_an_lstm_read_layer_by_layer_has_the_states_of_stepping():
    """Issue 51: the cells page stepped its passage one character at a time through every layer; read layer by
    layer (each layer's input share in one product), every layer's h and c are the same to float32 rounding."""
    model, vocab = _tiny("lstm", seed=4)
    sampler = cs.FastSampler.from_model(model, vocab)
    text = TEXT[:300]
    layers = sampler.read_states(sampler.encode(text))
    state = sampler.initial_state(1)
    for t, i in enumerate(sampler.encode(text)):
        _, state = sampler.step(np.array([i]), state)
        for (h, c), (hs, cs_) in zip(state, layers, strict=True):
            np.testing.assert_allclose(hs[t], h[0], atol=2e-6)
            np.testing.assert_allclose(cs_[t], c[0], atol=2e-6)
    assert len(layers) == sampler.layers == 2
    np.testing.assert_array_equal(interpret.activations(sampler, text, "cell")[1], np.tanh(layers[1][1]))
    np.testing.assert_array_equal(interpret.activations(sampler, text, "hidden")[0], layers[0][0])


def test_clamp_holds_the_unit_and_changes_the_text():
    model, vocab = _tiny("lstm", seed=4)
    sampler = cs.FastSampler.from_model(model, vocab)
    clamp = cs.Clamp(layer=1, unit=3, value=2.5)
    _, state = sampler.feed("ROMEO", clamp=clamp)
    assert state[1][1][0, 3] == pytest.approx(2.5)
    gru, gvocab = _tiny("gru")
    _, state = cs.FastSampler.from_model(gru, gvocab).feed("ROMEO", clamp=cs.Clamp(0, 2, -0.7))
    assert state[0][0][0, 2] == pytest.approx(-0.7)
    free = cs.generate(sampler, "ROMEO:\n", 80, "sample", seed=2)
    held = cs.generate(sampler, "ROMEO:\n", 80, "sample", seed=2, clamp=cs.Clamp(0, 0, 50.0))
    assert free.text != held.text


# --- live training ----------------------------------------------------------------------------------
def test_live_text_checks():
    with pytest.raises(InputError) as err:
        charlm_recipes.split_live_text("short")
    assert err.value.code == "text_too_short"
    with pytest.raises(InputError) as err:
        charlm_recipes.text_from_upload(b"\xff\xfe bad")
    assert err.value.code == "not_utf8"
    with pytest.raises(InputError) as err:
        charlm_recipes.text_from_upload(b"a" * (charlm_model.MAX_TRAIN_TEXT_BYTES + 1))
    assert err.value.code == "file_too_large"
    train, val = charlm_recipes.split_live_text("x" * 2000)
    assert len(train) == 1800 and len(val) == 200


def test_live_training_job_reports_samples_and_exports():
    import threading

    settings = charlm_model.CharLMSettings(hidden=16, layers=1, batch=8, bptt=16, steps=40, eval_every=20, snapshots=())
    work = charlm_recipes.live_training_job(*charlm_recipes.split_live_text(TEXT), settings, sample_every=20,
                                            prompt="ROMEO:")
    reports = []
    trained = work(lambda **fields: reports.append(fields), threading.Event())
    assert [r["step"] for r in reports if "sample" in r] == [20, 40]
    assert all(r["sample"].startswith("ROMEO:") for r in reports if "sample" in r)
    assert [r["step"] for r in reports if "validation_loss" in r] == [20, 40]
    weights, card_json = charlm_recipes.export(trained, "mine")
    card = json.loads(card_json)
    tensors = load(weights)
    assert card["name"] == "mine" and card["vocabulary"][0] == charlm_model.UNKNOWN and "embedding.weight" in tensors
    stop = threading.Event()
    stop.set()
    assert work(lambda **_: None, stop).result.status == "stopped"


@pytest.mark.parametrize("layers", [1, 2, 3])
def test_fast_sample_text_draws_from_the_models_distribution(layers):
    model, vocab = _tiny("lstm", layers=layers, seed=6)
    sampler = cs.FastSampler.from_model(model, vocab)
    text = cs.sample_text(sampler, "ROMEO:\n", 50, temperature=0.7, seed=9)
    noise = cs.gumbel_noise(9, 50, len(vocab))
    logits, state = sampler.feed("ROMEO:\n")
    for g, ch in zip(noise, text, strict=True):  # each draw is argmax(logits / T + Gumbel noise)
        idx = vocab.index[ch]
        assert idx == int(np.argmax(logits[0] / 0.7 + g))
        logits, state = sampler.step(np.array([idx]), state)
    # Gumbel-max samples softmax exactly: frequencies over many draws match the probabilities
    z = np.array([1.0, 0.0, -1.0, 2.0], dtype=np.float32)
    draws = np.argmax(z + cs.gumbel_noise(0, 20000, 4), axis=1)
    np.testing.assert_allclose(np.bincount(draws, minlength=4) / 20000, np.exp(z) / np.exp(z).sum(), atol=0.01)
    gru, gvocab = _tiny("gru")
    assert len(cs.sample_text(cs.FastSampler.from_model(gru, gvocab), "RO", 20)) == 20


@pytest.mark.parametrize("kind", ["lstm", "gru", "rnn"])
def test_scoring_candidates_side_by_side_gives_each_ones_log_prob(kind):
    """The prompt read once and the candidates stepped together (the cloze's scoring, issue 28) give
    what reading prompt + candidate one at a time gives; so do the batched beams' scores."""
    model, vocab = _tiny(kind)
    sampler = cs.FastSampler.from_model(model, vocab)
    candidates = ["the", "ing", "ROM", " a ", "xyz"]
    together = cs.candidate_log_probs(sampler, "ROMEO: ", candidates)
    alone = [cs.sequence_log_prob(sampler, "ROMEO: ", c) for c in candidates]
    assert together == pytest.approx(alone, rel=1e-5)
    beams = cs.beam_continuations(sampler, "To be", 3, width=4, banned=("\n",))
    assert len(beams) == 4 and all("\n" not in text and len(text) == 3 for text in beams)
    assert list(beams.values()) == pytest.approx([cs.sequence_log_prob(sampler, "To be", t) for t in beams], rel=1e-5)
    assert list(beams.values()) == sorted(beams.values(), reverse=True)


def _reference_beam(sampler, context: str, k: int, width: int, banned: tuple[str, ...]) -> dict[str, float]:
    """Beam search written plainly: each beam read from the start, each position every beam's every
    next character, the ``width`` best kept."""
    banned_ids = {0, *(sampler.index[ch] for ch in banned)}
    beams = {"": 0.0}
    for _ in range(k):
        grown = {}
        for text, score in beams.items():
            logp = cs.log_softmax(sampler.feed(context + text)[0][0].astype(np.float64))
            for j, lp in enumerate(logp):
                if j not in banned_ids:
                    grown[text + sampler.vocab.chars[j]] = score + float(lp)
        beams = dict(sorted(grown.items(), key=lambda kv: -kv[1])[:width])
    return beams


@pytest.mark.parametrize("kind", ["lstm", "gru"])
def test_beam_continuations_keep_the_best_of_all_beams_at_once(kind):
    """Issue 51: the beams' next characters are ranked all at once (one partial sort of beams x vocabulary,
    not a full sort per beam); the same texts, in the same order, as a plain beam search finds."""
    sampler = cs.FastSampler.from_model(*_tiny(kind))
    for context, k, width in (("To be", 3, 4), ("ROMEO: ", 2, 30), ("I", 1, 5)):
        found = cs.beam_continuations(sampler, context, k, width, banned=("\n",))
        reference = _reference_beam(sampler, context, k, width, ("\n",))
        assert list(found) == list(reference)
        assert list(found.values()) == pytest.approx(list(reference.values()), rel=1e-5)


def test_picked_log_softmax_is_the_whole_ones_entries_bit_for_bit():
    logits = np.random.default_rng(0).normal(size=(7, 300)) * 5
    rows, cols = np.array([0, 3, 3, 6, 1]), np.array([5, 0, 299, 17, 42])
    assert np.array_equal(cs.picked_log_softmax(logits, rows, cols), cs.log_softmax(logits)[rows, cols])

import math

import numpy as np
import pytest
import torch

from playground.core.cells import CellWeights
from playground.core.errors import InputError
from playground.models import sentiment as S
from playground.sentiment import challenge
from playground.sentiment import walkthrough as W


def test_lecture_walkthrough_exact_values():
    walk = W.walkthrough(tokens=W.LECTURE_TOKENS)
    assert walk.table["token"].tolist() == ["服务", "慢", "但", "很好"]
    # exact arithmetic, five significant figures (the script prints 0.11865 / 0.78548 / 0.82792 /
    # 0.18880 / 0.27239; see the page's note and the closing note of the sentiment issue)
    assert [f"{h:.5g}" for h in walk.table["h"]] == ["0", "-0.76159", "0.11864", "0.7854"]
    assert f"{walk.p:.5g}" == "0.8279" and f"{walk.loss_nat:.5g}" == "0.18886" and f"{walk.loss_bit:.5g}" == "0.27247"
    # the script's own p follows from its own h_4: sigma(2 x 0.78548) = 0.82792
    assert f"{1 / (1 + math.exp(-2 * 0.78548)):.5g}" == "0.82792"
    # the lecture's first example
    assert f"{math.tanh(1):.5g}" == "0.76159" and f"{math.tanh(0.5 * math.tanh(1)):.5g}" == "0.3634"


def test_walkthrough_gradients_match_the_chain_rule():
    xs, w_x, w_h, w_y = [0.3, -1.2, 0.7, 0.1, 1.0], 0.8, 0.6, 1.7
    walk = W.walkthrough(xs, w_x, w_h, w_y, label=1)
    h = walk.table["h"].to_numpy()
    p = 1 / (1 + math.exp(-w_y * h[-1]))
    grad = np.zeros(len(xs))
    grad[-1] = -(1 - p) * w_y  # d(-ln p)/dh_T
    for t in range(len(xs) - 2, -1, -1):
        grad[t] = grad[t + 1] * (1 - h[t + 1] ** 2) * w_h
    assert np.allclose(walk.table["dL_dh"].to_numpy(), grad, rtol=1e-12)
    negative = W.walkthrough(xs, w_x, w_h, w_y, label=0)
    assert math.isclose(negative.loss_nat, -math.log(1 - p), rel_tol=1e-12)
    assert math.isclose(walk.loss_bit, walk.loss_nat / math.log(2))


# (xs, w_x, w_h, w_y, label): the page's defaults, then others of both labels, up to the longest table
COPY_CASES = [(W.LECTURE_XS, 1.0, 0.5, 2.0, 1), ([0.3, -1.2, 0.7, 0.1, 1.0], 0.8, 0.6, 1.7, 1),
              ([2.0, -0.4, 0.9], -1.3, 2.5, -4.0, 0), ([0.5, -0.3] * (W.MAX_TOKENS // 2), 0.2, -0.9, 3.0, 1)]


@pytest.mark.parametrize("case", COPY_CASES)
def test_the_copies_of_the_shared_weights_sum_to_autograds_gradient(case):
    """The notes' 分身 W: the by-hand per-step gradients of w_h and w_x add up to autograd's."""
    walk, copies = W.walkthrough(*case), W.weight_copies(*case)
    for name in ("w_h", "w_x"):
        assert abs(copies.total[name] - walk.grads[name]) <= 1e-12
        assert copies.total[name] == math.fsum(copies.table[name])
    check = W.against_autograd(copies, walk)
    assert check["weight"].tolist() == ["w_h", "w_x"] and check["match"].all() and (check["gap"] <= 1e-12).all()
    walk.grads["w_h"] += 1e-9  # a gradient that is off is not passed
    assert W.against_autograd(copies, walk)["match"].tolist() == [False, True]


@pytest.mark.parametrize("case", COPY_CASES)
def test_each_copys_gradient_is_the_outer_product_of_delta_and_its_input(case):
    """Step t's copy gets delta_t h_{t-1}^T (w_h) and delta_t x_t^T (w_x), delta_t = dL/da_t read off an
    independent autograd run that keeps every pre-activation a_t."""
    xs, w_x, w_h, w_y, label = case
    copies = W.weight_copies(*case)
    weights = torch.tensor([w_x, w_h, w_y], dtype=torch.float64, requires_grad=True)
    h, pre = torch.zeros(1, dtype=torch.float64), []
    for x in xs:
        a = weights[0] * x + weights[1] * h
        a.retain_grad()
        pre.append((a, h))
        h = torch.tanh(a)
    logit = weights[2] * h
    torch.nn.functional.binary_cross_entropy_with_logits(logit, torch.tensor([float(label)], dtype=torch.float64)).backward()
    for t, (a, h_prev) in enumerate(pre):
        row = copies.table.iloc[t]
        delta = a.grad.numpy()
        assert math.isclose(row["delta"], delta[0], rel_tol=1e-12, abs_tol=1e-300)
        assert math.isclose(row["w_h"], np.outer(delta, h_prev.detach().numpy())[0, 0], rel_tol=1e-12, abs_tol=1e-300)
        assert math.isclose(row["w_x"], np.outer(delta, [xs[t]])[0, 0], rel_tol=1e-12, abs_tol=1e-300)
        assert math.isclose(row["h_prev"], float(h_prev.detach()[0]), rel_tol=1e-14) and row["x"] == xs[t]
    walk = W.walkthrough(*case)  # delta_t is the page's dL/dh_t times tanh'(a_t)
    assert np.allclose(copies.table["delta"], walk.table["dL_dh"] * (1 - walk.table["h"] ** 2), rtol=1e-12, atol=0)


def test_the_copies_refuse_what_the_walkthrough_refuses():
    for bad in ([], [1.0, float("nan")], [0.1] * (W.MAX_TOKENS + 1)):
        with pytest.raises(InputError):
            W.weight_copies(bad)
    copies = W.weight_copies(tokens=W.LECTURE_TOKENS)
    assert copies.table["token"].tolist() == list(W.LECTURE_TOKENS)
    assert copies.table["w_h"].iloc[0] == 0 and copies.table["w_x"].iloc[0] == 0  # h_0 = 0 and x_1 = 0


def test_walkthrough_refuses_a_pasted_table_of_thousands():
    W.walkthrough([0.1] * W.MAX_TOKENS)
    with pytest.raises(InputError) as err:
        W.walkthrough([0.1] * 3000)
    assert err.value.code == "too_many_steps" and err.value.params["limit"] == W.MAX_TOKENS


def test_walkthrough_bad_input():
    with pytest.raises(InputError):
        W.walkthrough([])
    with pytest.raises(InputError):
        W.walkthrough([1.0, float("nan")])
    assert math.isfinite(W.walkthrough([1.0] * 50, w_h=3.0, w_y=5.0).loss_nat)


def test_tokens_and_vocabulary():
    assert S.tokenize("服务 慢，但", "zh") == ["服", "务", "慢", "，", "但"]
    assert S.tokenize("Not bad, isn't it?", "en") == ["not", "bad", ",", "isn't", "it", "?"]
    assert S.features(["服", "务"], "zh") == [["服", "^服"], ["务", "服务"]]
    vocab = S.Vocab.build(["好好好", "好坏"], "zh", min_counts=(2, 2))
    assert vocab.items[0] == ["<pad>", "<unk>", "好"] and "好好" in vocab.items[1]
    assert vocab.items[1] == ["<pad>", "<unk>", "^好", "好好"]
    assert S.encode("好猫", "zh", vocab) == [[2, 2], [S.UNK, S.UNK]]  # 猫 and 好猫 are unknown
    assert S.looks_like("这本书很好") == "zh" and S.looks_like("a great film") == "en"


def test_english_words_carry_their_first_and_last_letters():
    assert S.features(["unwatchable", "a"], "en") == [["unwatchable", "unwa-", "-ble"], ["a", "a-", "-a"]]
    assert S.features(["unwatchable"], "en", bigrams=False) == [["unwatchable"]]  # the bag: words alone
    vocab = S.Vocab.build(["unwatchable", "laughable film", "unwatched film", "a film"], "en", min_counts=(2, 2, 2))
    assert vocab.items == [["<pad>", "<unk>", "film"], ["<pad>", "<unk>", "film-", "unwa-"],
                           ["<pad>", "<unk>", "-ble", "-ilm"]]
    # a word never seen keeps what its pieces know
    assert S.encode("unwatchably", "en", vocab) == [[S.UNK, 3, S.UNK]]
    assert S.encode("risible", "en", vocab) == [[S.UNK, S.UNK, 2]]


@pytest.fixture(scope="module")
def shipped():
    return {(lang, kind): S.load_classifier(lang, kind, device="cpu") for lang in S.LANGS for kind in S.KINDS}


def test_trace_is_consistent_with_predict(shipped):
    for (lang, kind), clf in shipped.items():
        text = "配送不慢，饭也不是不好吃，就是下次不会再点了" if lang == "zh" else "not bad at all, I would watch it again"
        trace = clf.trace(text)
        assert len(trace) == len(S.tokenize(text, lang))
        assert math.isclose(trace["p_positive"].iloc[-1], clf.predict(text), abs_tol=1e-4), (lang, kind)
        if kind == "lstm":
            assert {"i", "f", "o", "c", "h"} <= set(trace.columns)
        if kind == "gru":
            assert {"z", "r", "h"} <= set(trace.columns)


def test_bad_text_and_unknown_tokens(shipped):
    clf = shipped[("zh", "lstm")]
    with pytest.raises(InputError):
        clf.predict("   ")
    text, cut = clf.clean("好" * 600)
    assert cut and len(text) == S.MAX_CHARS
    assert not clf.trace("𪚥很好")["known"].iloc[0]  # a rare character is <unk>, not an error
    with pytest.raises(InputError):  # ... unless too much of the text is: then no probability (tests/test_coverage.py)
        clf.trace("𪚥𪚥好")
    influence = S.influence(clf, "味道很好，但服务太慢了")
    assert len(influence) == 11 and np.isfinite(influence["saliency"]).all()
    with pytest.raises(InputError):
        S.load_classifier("fr", "lstm")



def test_a_review_is_read_once_in_one_pass_and_shared_read_only(shipped, monkeypatch):
    """``Classifier.read``: the states, gates and reasons of one pass agree with the torch model (its
    own forward pass and gradient), a second read of the same text is the same object, its arrays
    cannot be changed by a session, and the store keeps to its byte budget."""
    text = "not bad at all, I would watch it again"
    for kind in S.KINDS:
        clf = shipped[("en", kind)]
        reading = clf.read(text)
        assert clf.read("  " + text + " ") is reading  # cached by the cleaned text
        assert not reading.p_positive.flags.writeable and not reading.saliency.flags.writeable
        ids = torch.tensor([S.encode(text, "en", clf.vocab, clf._lookup, max_tokens=S.MAX_CHARS)])
        emb = clf.model.embed(ids).detach().requires_grad_(True)
        states = None if kind == "bag" else clf.model.rnn(emb)[0]
        logit = clf.model.out(emb.mean(1) if states is None else states[:, -1])[0, 0]
        (grad,) = torch.autograd.grad(logit, emb)
        assert np.allclose(reading.saliency, (grad * emb).sum(-1)[0].detach().numpy(), atol=1e-4), kind
        assert np.allclose(reading.delta_p.cumsum() + 0.5, reading.p_positive)
        if states is not None:
            assert np.allclose(reading.states["h"], states[0].detach().numpy(), atol=1e-5), kind
    clf = shipped[("en", "lstm")]
    monkeypatch.setattr(S, "READINGS_BYTES", 3 * clf.read(text).nbytes)
    for i in range(6):
        clf.read(f"{text} {'again ' * i}")
    assert clf._readings_bytes <= S.READINGS_BYTES and len(clf._readings) <= 3

_PREDICTIONS = {}


def _test_accuracy(clf):
    preds = _PREDICTIONS.setdefault((clf.lang, clf.kind), S.test_predictions(clf, download=True))
    return float(((preds["p_positive"] >= 0.5).astype(int) == preds["label"]).mean())


# what the shipped weights reach on the held-out test split (fp16 as stored). The issue asked for
# 0.86 (zh) / 0.80 (en) for the LSTM and GRU; the shipped ones reach 0.819 / 0.819 (zh) and 0.781 /
# 0.766 (en): the closing notes of issue 18 list every route tried and its figure, and
# ``bench/sentiment_ceiling.py`` what a strong linear model reaches on the same splits
FLOORS = {"zh": {"bag": 0.76, "rnn": 0.75, "lstm": 0.81, "gru": 0.81},
          "en": {"bag": 0.70, "rnn": 0.72, "lstm": 0.77, "gru": 0.76}}


@pytest.mark.parametrize("lang", S.LANGS)
def test_shipped_accuracy_on_the_held_out_split(shipped, lang):
    scores = {kind: _test_accuracy(shipped[(lang, kind)]) for kind in S.KINDS}
    for kind, floor in FLOORS[lang].items():
        assert scores[kind] >= floor, (lang, kind, scores)
    for kind in S.KINDS:  # the page's table comes from the card: it must match the weights
        assert abs(shipped[(lang, kind)].card.metrics["test_accuracy"] - scores[kind]) < 0.005


@pytest.mark.parametrize("lang", S.LANGS)
def test_the_cards_test_report_is_what_the_shipped_weights_do(shipped, lang):
    """Issue 25: the page's confusion matrix and error sample come from the card (no corpus needed on
    the server); re-measured here on the shipped weights and the test split."""
    for kind in S.KINDS:
        clf = shipped[(lang, kind)]
        preds = _PREDICTIONS.get((lang, kind))
        if preds is None:
            preds = _PREDICTIONS[(lang, kind)] = S.test_predictions(clf, download=True)
        report = clf.card.extra["test_report"]
        predicted = (preds["p_positive"] >= 0.5).astype(int)
        assert report["size"] == len(preds) == clf.card.split["test"]
        for true in (0, 1):
            for guess in (0, 1):
                assert report["confusion"][true][guess] == int(((preds["label"] == true) & (predicted == guess)).sum())
        errors = report["misclassified"]
        assert len(errors) == S.REPORTED_ERRORS
        sureness = [abs(e["p_positive"] - 0.5) for e in errors]
        assert all(a >= b - 1e-9 for a, b in zip(sureness, sureness[1:], strict=False))  # surest mistakes first
        wrong = preds[predicted != preds["label"]]
        for error in errors:  # each one really is misread by the model, with the probability shown
            p = clf.predict(error["text"])
            assert p == pytest.approx(error["p_positive"], abs=1e-3)
            assert (p >= 0.5) != bool(error["label"])
            assert error["text"] in set(wrong["text"].str.slice(0, S.MAX_CHARS))


@pytest.mark.parametrize("lang", S.LANGS)
def test_challenge_set_halves(lang):
    halves = challenge.HALVES[lang]
    assert len(challenge.SETS[lang]) >= 100 and len(halves["held_out"]) >= 50
    for items in (*halves.values(), challenge.SETS[lang]):
        assert sum(label for _, label in items) * 2 == len(items)  # balanced
    texts = [text for text, _ in challenge.SETS[lang]]
    assert len(set(texts)) == len(texts)
    held = {text for text, _ in halves["held_out"]}
    assert not held & {text for text, _ in halves["dev"]}
    # the held-out half is drawn from the pairs written this round, never from the ones earlier
    # rounds looked at, and every pair is whole (positive first) in one half
    assert not held & {text for text, _ in (challenge.SEEN_ZH if lang == "zh" else challenge.SEEN_EN)}
    pairs = challenge.pairs(halves["held_out"])
    assert all(a[1] == 1 and b[1] == 0 for a, b in pairs)


@pytest.mark.parametrize("lang", S.LANGS)
def test_no_challenge_sentence_is_in_the_training_data(lang):
    from playground.core.datasets.reviews import load_en_extra
    from playground.sentiment import augment

    train = {e.text for e in S.load_corpus(lang)[0]} | {t for t, _ in augment.sentences(lang, 3000)}
    if lang == "en":
        train |= {e.text for e in load_en_extra()[0]}
    assert not train & {text for text, _ in challenge.SETS[lang]}


@pytest.mark.parametrize("lang", S.LANGS)
def test_gated_cells_read_order_on_the_held_out_challenge_half(shipped, lang):
    """The gated cells are >= 15 points above the order-blind bag on the held-out half (the issue's
    margin, met). The issue also asked for >= 0.80 there; the shipped ones reach 0.72-0.75 (floor
    0.70 here; see the closing note of issue 18)."""
    scores = {kind: challenge.challenge_accuracy(shipped[(lang, kind)].predict, lang, "held_out") for kind in S.KINDS}
    for kind in ("lstm", "gru"):
        assert scores[kind] >= 0.70 and scores[kind] >= scores["bag"] + 0.15, (lang, scores)
    for kind in S.KINDS:  # the card's figures are what the shipped weights score (fp16 included)
        for half in ("held_out", "dev"):
            card = shipped[(lang, kind)].card.metrics[f"challenge_{half}"]
            assert card == pytest.approx(challenge.challenge_accuracy(shipped[(lang, kind)].predict, lang, half))


@pytest.mark.parametrize("lang", S.LANGS)
def test_every_recurrent_model_reads_the_pages_default_review(shipped, lang):
    from playground.sentiment.settings import SAMPLES

    want = {"zh": 0, "en": 1}[lang]  # 配送不慢…就是下次不会再点了 is negative; "not bad at all…" positive
    for kind in S.CELLS:
        assert (shipped[(lang, kind)].predict(SAMPLES[lang]) >= 0.5) == bool(want), (lang, kind)


@pytest.mark.parametrize("lang", S.LANGS)
def test_the_known_failure_the_pages_show_is_still_a_failure(shipped, lang):
    text, label = S.KNOWN_FAILURES[lang]
    assert (shipped[(lang, "lstm")].predict(text) >= 0.5) != bool(label)
    assert (text, label) in challenge.HALVES[lang]["dev"]  # found on the development half, not the held-out one


def test_augmented_sentences_are_balanced_and_deterministic():
    from playground.sentiment import augment

    for lang in S.LANGS:
        items = augment.sentences(lang, 500, seed=3)
        assert len(items) == 500 and len({t for t, _ in items}) == 500
        assert 0.4 < sum(y for _, y in items) / 500 < 0.6
        assert items == augment.sentences(lang, 500, seed=3)
    assert ("菜不难吃", 1) in augment.sentences("zh", 20000, seed=0) or any(
        t.endswith("不难吃") and y == 1 for t, y in augment.sentences("zh", 3000))


@pytest.mark.parametrize("lang", S.LANGS)
def test_another_models_curve_is_its_reading_without_the_gradient(shipped, lang, monkeypatch):
    """Issue 51: the chart's other lines came from full readings (states, gates and a backward pass each); a
    curve is the same numbers from the forward pass alone, and a cached reading answers it."""
    text = {"en": "the soup was cold but the staff were lovely", "zh": "汤是凉的，但是服务员很热情"}[lang]
    for kind in S.KINDS:
        fresh = S.load_classifier(lang, kind, device="cpu")  # nothing read yet
        assert fresh is not shipped[lang, kind]
        monkeypatch.setattr(S, "_backward64", lambda *a: pytest.fail("a curve took the gradient"))
        curve = fresh.curve(text)
        monkeypatch.undo()
        assert np.array_equal(curve, shipped[lang, kind].read(text).p_positive), kind
        assert fresh.curve(text) is curve  # cached by text
        assert shipped[lang, kind].curve(text) is shipped[lang, kind].read(text).p_positive  # the reading's own
        with pytest.raises(InputError):
            fresh.curve("   ")


def test_models_are_read_only(shipped):
    assert not any(p.requires_grad for clf in shipped.values() for p in clf.model.parameters())
    assert not any(clf.model.training for clf in shipped.values())
    assert torch.is_grad_enabled()


def test_trained_lstm_belt_gradient_is_the_forget_product(shipped):
    from playground.cell_lab import model as cell_lab

    belt = cell_lab.conveyor_from_classifier(shipped[("zh", "lstm")], "服务慢，但味道很好", forget_bias=1.0)
    assert belt.cell_path_gradient.shape == (9, 4) and belt.tokens[0] == "服"
    assert torch.allclose(belt.cell_path_gradient, belt.forget_product, rtol=1e-9, atol=1e-12)


def test_the_walkthrough_table_travels_in_a_link_and_junk_is_refused():
    text = W.tokens_to_text(["不", "难吃"], [-0.5, -1.0])
    assert W.tokens_from_text(text) == (["不", "难吃"], [-0.5, -1.0])
    for junk in ("", "[]", "{}", "not json", '[["a"]]', '[["a", "x"]]', '[["a", Infinity]]', '[["a", true]]',
                 '[["' + "字" * 30 + '", 1]]', W.tokens_to_text(["a"] * 51, [0.0] * 51), '[["a", 1e300]]'):
        with pytest.raises(InputError):
            W.tokens_from_text(junk)


@pytest.mark.parametrize("lang", S.LANGS)
def test_every_held_out_review_gets_a_verdict(shipped, lang):
    """Issue 33: no verdict on the other language's text or on nonsense, and every real held-out review
    written in the model's language gets one (the script rule and the vocabulary rule, exactly as
    ``predict`` applies them). The corpus holds two "Chinese" reviews with no Chinese in them: an
    English sentence and a web address; those the Chinese model rightly refuses."""
    from playground.core.coverage import other_language

    examples, _ = S.load_corpus(lang, download=True)
    clf = shipped[(lang, "lstm")]
    refused = [e.text for e in S.by_split(examples, "test")
               if other_language(clf.clean(e.text)[0], lang) is not None or not clf.coverage(e.text).readable]
    if lang == "zh":
        assert len(refused) == 2 and not any("\u4e00" <= ch <= "\u9fff" for text in refused for ch in text)
    else:
        assert refused == []


def _read_step_by_step(clf, text: str) -> dict:
    """The reading as ``cells.step`` gives it one step at a time, with autograd's saliency: the page's
    numbers before issue 51 sped the read up (the reference the fast read must equal)."""
    from playground.core.cells import step

    toks, _ = clf._checked_tokens(clf.clean(text)[0])
    ids = S.encode_tokens(toks, clf.lang, clf.vocab, clf._lookup)
    e = clf.model.embed(torch.tensor(ids)).detach().double().requires_grad_(True)
    w_out, b_out = clf.model.out.weight.detach().double()[0], clf.model.out.bias.detach().double()[0]
    states = {}
    if clf.kind == "bag":
        logits = (torch.cumsum(e, 0) / torch.arange(1, len(ids) + 1)[:, None]) @ w_out + b_out
    else:
        weights, logits = clf._double_weights(), []
        h = c = torch.zeros(weights.hidden_size, dtype=torch.float64)
        pooled = torch.full_like(h, -torch.inf)
        for t in range(len(ids)):
            out = step(weights, e[t], h, c)
            h, c = out["h"], out.get("c", c)
            pooled = torch.maximum(pooled, h) if clf.model.pool == "max" else h
            logits.append(pooled @ w_out + b_out)
            for name in ("h", *S.GATES.get(clf.kind, ())):
                states.setdefault(name, []).append(out[name].detach())
        logits = torch.stack(logits)
    (grad,) = torch.autograd.grad(logits[-1], e)
    return {"p": torch.sigmoid(logits.detach()).numpy(), "saliency": (grad * e.detach()).sum(-1).numpy(),
            "states": {n: torch.stack(rows).numpy() for n, rows in states.items()}}


LONG_ZH = "这部电影的剧情非常精彩，演员的表演也很出色，但是结尾有点仓促，让人觉得意犹未尽。总体来说还是值得一看。"
LONG_EN = "A slow start, then a film that earns every minute of its length and a finale worth the wait. "
REVIEWS = {"zh": ["配送不慢，饭也不是不好吃，就是下次不会再点了", "好", LONG_ZH * 8],
           "en": ["not bad at all, I would watch it again", "dull", LONG_EN * 6]}


@pytest.mark.parametrize("lang", S.LANGS)
def test_the_fast_read_is_the_step_by_step_read(shipped, lang):
    """Issue 51: the read (the input projection for the whole text at once, NumPy steps, autograd through the
    module's cell) gives the numbers of ``cells.step`` one step at a time, to float64 rounding, and the same
    verdict at every prefix, for every model, short and long reviews (up to the page's 500 characters)."""
    for kind in S.KINDS:
        clf = shipped[(lang, kind)]
        for text in REVIEWS[lang]:
            reading, reference = clf._read(clf.clean(text)[0]), _read_step_by_step(clf, text)
            assert np.allclose(reading.p_positive, reference["p"], rtol=0, atol=1e-12), (kind, text[:20])
            assert ((reading.p_positive >= 0.5) == (reference["p"] >= 0.5)).all()
            assert np.allclose(reading.saliency, reference["saliency"], rtol=1e-9, atol=1e-12), (kind, text[:20])
            assert set(reading.states) == set(reference["states"])
            for name, values in reference["states"].items():
                assert np.allclose(reading.states[name], values, rtol=1e-6, atol=1e-7), (kind, name)  # float32 kept


@pytest.mark.parametrize("kind", ["rnn", "lstm", "gru"])
@pytest.mark.parametrize("pool", ["last", "max"])
def test_the_hand_backpropagation_is_autograds(kind, pool):
    """``_forward64`` and ``_backward64`` against torch's own cell and autograd, for each cell and pooling
    (the shipped models all read the last state; the max pooling a trained variant used is checked here)."""
    torch.manual_seed(3)
    module = {"rnn": torch.nn.RNN, "lstm": torch.nn.LSTM, "gru": torch.nn.GRU}[kind](6, 5).double()
    for p in module.parameters():
        p.data.mul_(3.0)  # large weights: saturated gates and a long reach back both get checked
    w = CellWeights.from_torch(module)
    weights = {"w_ih": w.w_ih.numpy(), "w_hh_t": np.ascontiguousarray(w.w_hh.numpy().T), "b_ih": w.b_ih.numpy(),
               "b_hh": w.b_hh.numpy(), "activation": np.tanh, "activation_slope": S._tanh_slope}
    x = torch.randn(40, 6, dtype=torch.float64, requires_grad=True)
    w_out = torch.randn(5, dtype=torch.float64)
    h = module(x[:, None])[0][:, 0]
    (expected,) = torch.autograd.grad((h.amax(0) if pool == "max" else h[-1]) @ w_out, x)
    states = S._forward64(kind, weights, x.detach().numpy())
    assert np.allclose(states["h"], h.detach().numpy(), rtol=0, atol=1e-12)
    got = S._backward64(kind, weights, states, S._output_gradient(states["h"], w_out.numpy(), pool))
    assert np.allclose(got, expected.numpy(), rtol=1e-9, atol=1e-12)

"""The bidirectional cloze model: masking, what each state has read, candidates and scores; the
shipped model is evaluated on held-out sentences against the two-reader rule."""

import pytest
import torch

from playground.beyond import bicloze, cloze
from playground.core.datasets import peoples_daily

SENTENCES = ["我在苹果工作。", "我吃了一个苹果。", "他在学校工作。", "我吃了一个梨。"] * 20


def _tiny(seed=0):
    vocab = bicloze.build_vocab(SENTENCES, 1)
    torch.manual_seed(seed)
    return bicloze.BidirectionalReader(bicloze.BiCloze(len(vocab), 8, 12, 1, 10).eval(), vocab)


def test_vocabulary_reserves_unknown_mask_and_boundary():
    vocab = bicloze.build_vocab(["aab", "a"], 2)
    assert vocab.chars == (bicloze.UNKNOWN, bicloze.MASK, bicloze.BOUNDARY, "a")
    assert vocab.ids("ab") == [3, 0] and vocab.unknown("abc") == ["b", "c"]


def test_masked_batches_hide_at_most_one_span_and_target_real_characters():
    vocab = bicloze.build_vocab(SENTENCES, 1)
    get = bicloze.masked_batches([vocab.ids(s) for s in SENTENCES], 16, seed=0)
    batch, targets = get(3)
    ids, wanted = batch[:, 0], batch[:, 1].bool()
    assert len(targets) == int(wanted.sum()) and (targets > bicloze.BOUNDARY_ID).all()  # real characters only
    for row_ids, row_wanted in zip(ids, wanted, strict=True):
        masked = (row_ids == bicloze.MASK_ID).nonzero().flatten().tolist()
        assert len(masked) <= 4 and masked == list(range(masked[0], masked[0] + len(masked))) if masked else True
        assert all(row_wanted[i] for i in masked)  # every masked character is a target
        assert row_ids[0] == bicloze.BOUNDARY_ID and not row_wanted[0]
    again, _ = get(3)
    assert torch.equal(batch, again)  # batches are a function of their index


def test_no_state_reads_its_own_position():
    """h_t = [forward state at t-1; backward state at t+1]: changing x_t changes neither half; text
    to the right moves only the backward half, text to the left only the forward half."""
    reader = _tiny()
    vocab, model = reader.vocab, reader.model
    m = model.rnn.hidden_size
    base = model.states(bicloze._frame(["我在苹果工作"], vocab))[0, 3]  # boundary, 我, 在, 苹
    assert torch.allclose(base, model.states(bicloze._frame(["我在梨果工作"], vocab))[0, 3])
    right = model.states(bicloze._frame(["我在苹果学校"], vocab))[0, 3]
    assert torch.equal(base[:m], right[:m]) and not torch.equal(base[m:], right[m:])
    left = model.states(bicloze._frame(["你在苹果工作"], vocab))[0, 3]
    assert torch.equal(base[m:], left[m:]) and not torch.equal(base[:m], left[:m])
    # rows are packed: a sentence reads the same alone or beside a longer one
    both = model.states(bicloze._frame(["我在苹果工作", "我吃了一个苹果。好的"], vocab))[0, :8]
    assert torch.allclose(both, model.states(bicloze._frame(["我在苹果工作"], vocab))[0], atol=1e-6)


def test_candidates_and_the_chain_rule_inside_the_blank():
    reader = _tiny()
    cands = reader.candidates("我吃了一个", "。", 2, width=5)
    assert len(cands) == 5 and all(len(c) == 2 and bicloze.MASK not in c for c in cands)
    scores = reader.blank_log_prob("我吃了一个", "。", list(cands))
    for filler, score in cands.items():  # the beam's scores are the chain rule's
        assert scores[filler] == pytest.approx(score, abs=1e-5)
    first = bicloze._mask_log_probs(reader.model, reader.vocab, ["我吃了一个" + bicloze.MASK * 2 + "。"])[0]
    second = bicloze._mask_log_probs(reader.model, reader.vocab, ["我吃了一个苹" + bicloze.MASK + "。"])[0]
    v = reader.vocab.index
    assert reader.blank_log_prob("我吃了一个", "。", ["苹果"])["苹果"] == pytest.approx(first[v["苹"]] + second[v["果"]])


def test_one_blank_reads_each_prefix_once_for_its_beam_and_its_scores(monkeypatch):
    reader, read = _tiny(), []
    real = bicloze._first_mask_log_probs

    def counted(model, vocab, left, right, prefixes, k, contexts=None):
        read.extend(prefixes)
        return real(model, vocab, left, right, prefixes, k, contexts)

    monkeypatch.setattr(bicloze, "_first_mask_log_probs", counted)
    blank = reader.blank("我吃了一个", "。", 2)
    beams = blank.candidates(width=5)
    fillers = [*beams, "苹果", "香蕉"]
    scores = blank.log_prob(fillers)
    assert len(read) == len(set(read))  # no prefix read twice, though the beam and the scores both ask
    assert {"", "苹", "香"} | {f[0] for f in beams} <= set(read) and len(read) <= 1 + 5 + 2  # "", the beam's 5, 2 more
    alone = bicloze.blank_log_prob(reader.model, reader.vocab, "我吃了一个", "。", fillers)
    assert scores == pytest.approx(alone, abs=1e-5)  # the same scores as a blank of their own
    with pytest.raises(ValueError):
        blank.log_prob(["苹"])  # a blank of two takes two characters
    assert blank.log_prob([]) == {} and bicloze.blank_log_prob(reader.model, reader.vocab, "我", "。", []) == {}
    mixed = bicloze.blank_log_prob(reader.model, reader.vocab, "我吃了一个", "。", ["苹果", "苹", "苹果汁"])
    assert list(mixed) == ["苹果", "苹", "苹果汁"] and mixed["苹果"] == pytest.approx(alone["苹果"], abs=1e-5)


def test_fill_adds_the_bidirectional_rule():
    from test_cloze import _reader

    forward, backward = _reader("forward"), _reader("backward", seed=1)
    result = cloze.fill(forward, backward, "我在__工作", k=2, width=5, bidirectional=_tiny())
    assert all(set(cloze.RULES) <= set(row) for row in result.table)
    assert all(len(row["candidate"]) == 2 for row in result.table)


def test_peoples_daily_text_loses_its_tags_and_fits_the_cloze():
    raw = "迈向/v  充满/v  希望/n  的/u  新/a  世纪/n  。/w\n\n中共中央/nt  总书记/n\n".encode()
    assert peoples_daily.paragraphs(raw) == ["迈向充满希望的新世纪。", "中共中央总书记"]
    long = "这是第一个分句，" * 12 + "完。"
    pieces = peoples_daily.pieces(long, 60)
    assert pieces and all(len(p) <= 60 for p in pieces) and "".join(pieces) == long


# --- the shipped model ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def shipped():
    return bicloze.load(bicloze.NAME)


def test_shipped_model_is_frozen_and_described(shipped):
    assert not any(p.requires_grad for p in shipped.model.parameters())
    arch = shipped.card.architecture
    assert shipped.model.proj.in_features == 2 * arch["hidden"]  # the two states, concatenated
    assert "peoples_daily" in shipped.card.data


def test_held_out_top1_of_both_sides_meets_the_target_and_beats_the_two_readers(shipped):
    """The issue's target, top-1 of both sides >= 55% on held-out sentences, re-measured on the
    shipped weights on the readers' own 300 held-out blanks (the card's figure, 55.3%), and on all
    test sentences of 4-30 characters at once (54.1% shipped, rare characters included)."""
    forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
    sentences, _ = cloze.corpus()
    scores = cloze.cloze_accuracy(forward, backward, sentences["test"], bidirectional=shipped)
    assert scores["bidirectional"] >= 0.55 and scores["bidirectional"] > scores["both"] + 0.05, scores
    card = shipped.card.metrics["cloze_top1_test"]
    assert card["sentences"] == 300 and abs(card["bidirectional"] - scores["bidirectional"]) <= 1 / 300
    test, positions = bicloze.held_out_positions(sentences["test"], seed=2)
    everything = bicloze.top1_accuracy(shipped.model, shipped.vocab, test, positions)
    assert everything >= 0.53 and abs(everything - shipped.card.metrics["top1_test_one_char"]) < 0.005


def test_featured_examples_read_both_sides(shipped):
    """The page's examples: the right side decides 工作 -> a company or a place, 。 -> a fruit."""
    forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
    ate = cloze.fill(forward, backward, "我吃了一个__。", k=2, bidirectional=shipped)
    assert ate.top("bidirectional", 1)[0][0] in {"苹果", "鸡蛋", "面包", "香蕉", "橘子", "桔子", "包子", "西瓜"}
    today = cloze.fill(forward, backward, "__天天气很好", k=1, bidirectional=shipped)
    assert today.top("bidirectional", 1)[0][0] in {"今", "明", "昨"}
    work = cloze.fill(forward, backward, "我在__工作", k=2, bidirectional=shipped)
    places = {"这里", "那里", "哪里", "公司", "银行", "医院", "学校", "工厂", "北京", "上海"}
    assert work.top("bidirectional", 1)[0][0] in places
    bought = cloze.fill(forward, backward, "他__了一本书", k=1, bidirectional=shipped)
    assert bought.top("bidirectional", 1)[0][0] in {"买", "看", "写", "读", "借", "送"}


def test_the_known_failure_the_page_shows_is_still_a_failure(shipped):
    """With nothing to its right, 我吃了一个__ is read as the end of a sentence (the page's note)."""
    forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
    ate = cloze.fill(forward, backward, "我吃了一个__", k=1, bidirectional=shipped)
    assert ate.top("bidirectional", 1)[0][0] in {"。", "？", "！"}


@pytest.mark.parametrize(("left", "right", "blanks"), [("我吃了一个", "。", ["MM", "苹M", "香M"]),
                                                       ("", "很好", ["MMM", "天MM", "天气M"]),
                                                       ("今天天气", "", ["M", "好"])])
def test_reading_the_contexts_once_gives_the_whole_reading(left, right, blanks):
    """The cloze's shortcut (each context read once, only the blank per candidate) is the same
    computation as reading every whole text (issue 28: 0.23 -> 0.05 CPU-s for a 60-character sentence)."""
    reader = _tiny()
    blanks = [b.replace("M", bicloze.MASK) for b in blanks]
    whole = bicloze._mask_log_probs(reader.model, reader.vocab, [left + b + right for b in blanks])
    shortcut = bicloze._blank_log_probs(reader.model, reader.vocab, left, right, blanks)
    assert shortcut.shape == whole.shape
    finite = torch.isfinite(torch.from_numpy(whole))
    assert torch.allclose(torch.from_numpy(shortcut)[finite], torch.from_numpy(whole)[finite], rtol=1e-5, atol=1e-6)

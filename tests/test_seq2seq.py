"""Seq2seq library: data preparation, the two models' shapes and invariances, the searches, BLEU,
input checks. Small untrained models here; the shipped weights are tested in test_seq2seq_shipped."""

import math

import pytest
import torch

from playground.core.datasets import tatoeba
from playground.core.decoding import gnmt_penalty
from playground.core.errors import InputError
from playground.seq2seq.decoding import (
    beam_search,
    greedy_batch,
    sample,
    score_tokens,
)
from playground.seq2seq.evaluation import bucket_of, corpus_bleu, grouped_references
from playground.seq2seq.model import (
    BOS,
    EOS,
    PAD,
    UNK,
    Seq2Seq,
    Seq2SeqSettings,
    Vocab,
    make_batch,
    reverse_padded,
)
from playground.seq2seq.recipes import train_translator
from playground.seq2seq.translate import Translator, check_decoding, prepare_source

SENTENCES = ["我爱自然语言处理", "他每天早上喝咖啡。", "你好", "我不知道他为什么没来。"]
SRC = Vocab.build([list("".join(SENTENCES))], min_count=1)
TGT = Vocab.build([["i", "love", "you", "he", "drinks", "coffee", ".", "hello"]], min_count=1)


def _model(attention: bool, seed: int = 0, eos_bias: float = 2.0) -> Seq2Seq:
    torch.manual_seed(seed)
    model = Seq2Seq(len(SRC), len(TGT), attention, embed=16, hidden=12, decoder=20, dropout=0.0).eval()
    with torch.no_grad():
        model.out_bias[EOS] += eos_bias  # so that searches end within the length limit
    return model


# --- data ------------------------------------------------------------------------------------------
def test_english_tokens_and_back():
    assert tatoeba.tokenize_en("Don't you think Tom's RIGHT?") == ["don't", "you", "think", "tom's", "right", "?"]
    assert tatoeba.tokenize_en("I paid $3.50, ok!") == ["i", "paid", "$", "3", ".", "50", ",", "ok", "!"]
    assert tatoeba.detokenize_en(["i", "love", "you", ",", "tom", "."]) == "i love you, tom."
    assert tatoeba.normalize_zh(" ＴＯＭ说：“你好！” ") == "tom说:“你好!”"


@pytest.fixture(scope="module")
def pairs():
    data, info = tatoeba.translation_pairs()
    return data, info


def test_pairs_are_filtered_deduplicated_and_split_by_chinese_sentence(pairs):
    data, info = pairs
    assert info["sha256"] == tatoeba.SOURCE["sha256"] and info["version"] == "1.0.0"
    everything = [p for split in data.values() for p in split]
    assert len(everything) == len(set(everything)) == info["pairs"] > 50_000
    assert all(len(p.en) <= tatoeba.MAX_TARGET_TOKENS and len(p.zh) <= tatoeba.MAX_SOURCE_CHARS for p in everything)
    sides = [{p.zh for p in data[s]} for s in ("train", "validation", "test")]
    assert not (sides[0] & sides[1]) and not (sides[0] & sides[2]) and not (sides[1] & sides[2])
    assert 0.75 < len(data["train"]) / len(everything) < 0.85
    assert all(p.en == tuple(tatoeba.tokenize_en(" ".join(p.en))) for p in data["test"][:500])


def test_traditional_chinese_was_converted(pairs):
    data, _ = pairs
    text = "".join(p.zh for p in data["train"])
    for traditional in "們說這個來時會為點過還":
        assert traditional not in text


def test_grouped_references_keep_every_translation():
    pairs = [tatoeba.TranslationPair("你好", ("hello", ".")), tatoeba.TranslationPair("你好", ("hi", ".")),
             tatoeba.TranslationPair("谢谢", ("thanks", "."))]
    sources, refs = grouped_references(pairs)
    assert sources == ["你好", "谢谢"] and refs == [["hello .", "hi ."], ["thanks ."]]


def test_vocab_specials_and_unknowns():
    vocab = Vocab.build([list("aab"), list("ac")], min_count=2)
    assert vocab.tokens[:4] == ("<pad>", "<unk>", "<bos>", "<eos>") and (PAD, UNK, BOS, EOS) == (0, 1, 2, 3)
    assert vocab.encode(list("abz")) == [4, UNK, UNK] and vocab.unknown(list("abz")) == ["b", "z"]


# --- models ----------------------------------------------------------------------------------------
def test_reverse_padded_reverses_within_each_length():
    x = torch.tensor([[1, 2, 3, 0], [4, 5, 0, 0]])[:, :, None].float()
    out = reverse_padded(x, torch.tensor([3, 2]))[:, :, 0]
    assert out.tolist() == [[3, 2, 1, 0], [5, 4, 0, 0]]


@pytest.mark.parametrize("attention", [True, False])
def test_padding_does_not_change_a_sentence(attention):
    model = _model(attention)
    batch = make_batch([SRC.encode(list(s)) for s in SENTENCES])
    together = model.encode(batch.src, batch.src_lengths)
    for i, s in enumerate(SENTENCES):
        alone_batch = make_batch([SRC.encode(list(s))])
        alone = model.encode(alone_batch.src, alone_batch.src_lengths)
        n = len(s)
        assert torch.allclose(together.annotations[i, :n], alone.annotations[0], atol=1e-5)
        assert torch.allclose(together.summary[i], alone.summary[0], atol=1e-5)


@pytest.mark.parametrize("attention", [True, False])
def test_teacher_forcing_equals_step_by_step_decoding(attention):
    model = _model(attention)
    targets = [[4, 5, 6], [7, 8]]
    batch = make_batch([SRC.encode(list(s)) for s in SENTENCES[:2]], targets)
    logits, _ = model(batch)
    enc = model.encode(batch.src, batch.src_lengths)
    hidden, prev = enc.hidden, batch.tgt_in[:, 0]
    for t in range(batch.tgt_in.shape[1]):
        logp, hidden, weights = model.step(prev, hidden, enc)
        assert torch.allclose(logp, torch.log_softmax(logits[:, t], -1), atol=1e-5)
        if attention:
            assert torch.allclose(weights.sum(-1), torch.ones(2), atol=1e-6)
        else:
            assert weights is None
        prev = batch.tgt_in[:, t + 1] if t + 1 < batch.tgt_in.shape[1] else prev


def test_attention_ignores_padding_positions():
    model = _model(True)
    batch = make_batch([SRC.encode(list(s)) for s in ("你好", "我不知道他为什么没来。")])
    enc = model.encode(batch.src, batch.src_lengths)
    _, _, weights = model.step(torch.tensor([BOS, BOS]), enc.hidden, enc)
    weights = weights.detach()
    assert float(weights[0, 2:].abs().sum()) == 0.0
    assert torch.allclose(weights.sum(-1), torch.ones(2))


@pytest.mark.parametrize("attention", [True, False])
def test_beam_width_one_is_greedy(attention):
    for seed in range(3):
        model = _model(attention, seed=seed, eos_bias=1.0)
        greedy = greedy_batch(model, SRC, SENTENCES)
        beams = beam_search(model, SRC, SENTENCES, width=1, length_penalty=0.0)
        assert [b.best.tokens for b in beams] == greedy


def test_beam_tree_is_consistent_and_scores_match_teacher_forcing():
    model = _model(True, eos_bias=1.5)
    result = beam_search(model, SRC, [SENTENCES[1]], width=3, length_penalty=0.0, record_tree=True)[0]
    by_step = {}
    for node in result.nodes:
        by_step.setdefault(node.step, []).append(node)
    assert all(sum(n.status == "kept" for n in nodes) <= 3 for nodes in by_step.values())
    path = result.path()
    assert [n.step for n in result.nodes if n.id in path] == list(range(len(path)))
    scored = score_tokens(model, SRC, SENTENCES[1], result.best.tokens, result.best.finished)
    assert sum(scored.chosen) == pytest.approx(result.best.log_prob, abs=1e-4)
    winner = next(n for n in result.nodes if n.id == path[-1])
    assert winner.log_prob == pytest.approx(result.best.log_prob, abs=1e-5)
    assert result.best.finished == (winner.status == "finished")
    # with alpha = 0 the winner is the most probable finished hypothesis
    finished = [h for h in result.hypotheses if h.finished]
    assert result.best.log_prob == max(h.log_prob for h in finished)


def test_length_penalty_and_sampling():
    assert gnmt_penalty(1, 1.0) == 1.0 and gnmt_penalty(7, 0.0) == 1.0
    assert gnmt_penalty(7, 1.0) == 2.0
    model = _model(True, eos_bias=0.5)
    assert sample(model, SRC, SENTENCES[0], temperature=1.0, seed=3) == sample(model, SRC, SENTENCES[0], 1.0, seed=3)
    draws = {tuple(sample(model, SRC, SENTENCES[0], temperature=2.0, seed=s)) for s in range(8)}
    assert len(draws) > 1


def test_corpus_bleu_uses_every_reference():
    assert corpus_bleu(["the cat sat on the mat ."], [["the cat sat on the mat ."]]) == pytest.approx(100.0)
    one = corpus_bleu(["a dog is on the mat ."], [["the cat sat on the mat ."]])
    two = corpus_bleu(["a dog is on the mat ."], [["the cat sat on the mat .", "a dog is on the mat ."]])
    assert one < two == pytest.approx(100.0)
    mixed = corpus_bleu(["hello .", "i love you ."], [["hello ."], ["i love you .", "i love you so much ."]])
    assert mixed == pytest.approx(100.0)


def test_training_learns_a_tiny_translation_task():
    pairs = [tatoeba.TranslationPair(z, tuple(e.split())) for z, e in
             [("我爱你", "i love you ."), ("他喝咖啡", "he drinks coffee ."), ("你好", "hello ."),
              ("我爱咖啡", "i love coffee .")] * 8]
    data = {"train": pairs, "validation": pairs[:4], "test": pairs[:4]}
    settings = Seq2SeqSettings(embed=16, hidden=16, decoder=24, dropout=0.0, batch=8, steps=150, lr=1e-2,
                               eval_every=50, bf16=False, min_count=1)
    trained = train_translator(data, settings, device=torch.device("cpu"))
    assert trained.curve[-1]["train_loss"] < trained.curve[0]["train_loss"]
    hyps = greedy_batch(trained.model, trained.src_vocab, ["我爱你", "他喝咖啡"])
    assert [[trained.tgt_vocab.tokens[i] for i in h] for h in hyps] == [["i", "love", "you", "."],
                                                                        ["he", "drinks", "coffee", "."]]


# --- input checks ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "code"), [
    ("", "empty_text"), ("   \n", "empty_text"), ("。！？…", "seq2seq_no_chinese"), ("2024", "seq2seq_no_chinese"),
    ("I love natural language processing", "seq2seq_english"), ("字" * 41, "text_too_long"),
])
def test_bad_sources_are_refused_with_their_reason(text, code):
    with pytest.raises(InputError) as info:
        prepare_source(text, SRC)
    assert info.value.code == code
    if code == "text_too_long":
        assert info.value.params == {"length": 41, "limit": tatoeba.MAX_SOURCE_CHARS}


def test_traditional_is_converted_and_unknown_characters_listed():
    source = prepare_source("我愛自然語言處理", SRC)
    assert source.text == "我爱自然语言处理" and source.converted and source.unknown == []
    source = prepare_source("我爱自然猫猫和狗", SRC)
    assert not source.converted and source.unknown == ["猫", "和", "狗"]


@pytest.mark.parametrize(("text", "code", "known"), [("猫和狗", "unreadable_none", 0),
                                                     ("我爱猫猫和狗", "unreadable_few", 2)])
def test_a_sentence_the_encoder_cannot_read_is_not_translated(text, code, known):
    """No translation without evidence (issue 24): all or most characters unknown -> refused, naming them."""
    with pytest.raises(InputError) as info:
        Translator(_model(True), SRC, TGT).translate(text, "greedy")
    assert info.value.code == code and info.value.params == {"unknown": ("猫", "和", "狗"), "known": known,
                                                              "total": len(text)}


@pytest.mark.parametrize(("args", "name"), [
    (("nope", 5, 1.0, 1.0, 0), "bad"), (("beam", 0, 1.0, 1.0, 0), "beam"), (("beam", 11, 1.0, 1.0, 0), "beam"),
    (("beam", 5, -1.0, 1.0, 0), "length_penalty"), (("beam", 5, math.inf, 1.0, 0), "length_penalty"),
    (("sample", 5, 1.0, 0.0, 0), "temperature"), (("sample", 5, 1.0, math.nan, 0), "temperature"),
    (("sample", 5, 1.0, 1.0, -1), "seed"),
])
def test_decoding_settings_out_of_range(args, name):
    with pytest.raises(InputError) as info:
        check_decoding(*args)
    assert info.value.params.get("name") == name or info.value.code == "bad_choice"


def test_translator_reports_steps_attention_and_log_prob():
    translator = Translator(_model(True, eos_bias=1.5), SRC, TGT)
    for strategy in ("greedy", "beam", "sample"):
        result = translator.translate("我愛你好", strategy=strategy, beam=3, seed=1)
        assert result.source.text == "我爱你好" and result.source.unknown == []
        assert len(result.steps) == len(result.tokens) + result.finished
        assert result.attention.shape == (len(result.steps), 4)
        assert torch.allclose(torch.tensor(result.attention.sum(1)), torch.ones(len(result.steps), dtype=torch.float64))
        assert result.log_prob == pytest.approx(sum(math.log(s.prob) for s in result.steps), abs=1e-4)
        assert all(len(s.top) == 5 and s.top[0][1] >= s.top[-1][1] for s in result.steps)
    classic = Translator(_model(False), SRC, TGT).translate("你好")
    assert classic.attention is None and classic.context.shape == (24,)
    tree = translator.beam_tree("你好", beam=2)
    assert tree.winner and sum(h["best"] for h in tree.hypotheses) == 1


def test_length_buckets_cover_every_allowed_length():
    assert [bucket_of(n) for n in (1, 6, 7, 17, 40)] == [0, 0, 1, 4, 4]
    with pytest.raises(ValueError):
        bucket_of(41)


def test_beam_search_keeps_the_greedy_candidate():
    """Plain beam search can end below greedy; with the greedy hypothesis kept it never does."""
    for seed in range(12):
        model = _model(True, seed=seed, eos_bias=0.5)
        greedy = beam_search(model, SRC, SENTENCES, width=1, length_penalty=0.0)
        plain = beam_search(model, SRC, SENTENCES, width=2, length_penalty=0.0, keep_greedy=False)
        kept = beam_search(model, SRC, SENTENCES, width=2, length_penalty=0.0)
        for g, p, k in zip(greedy, plain, kept, strict=True):
            assert k.best.log_prob >= g.best.log_prob - 1e-6 and k.best.log_prob >= p.best.log_prob - 1e-6
            assert k.greedy_won == (k.best.log_prob > p.best.log_prob + 1e-6)


def test_greedy_reuses_the_width_one_search_a_beam_search_ran(monkeypatch):
    """Issue 51: the page's lab searches first, and its beam search already ran greedy decoding (the
    width-1 search it keeps as a candidate): the comparison's greedy column reads it instead of decoding
    again, with the same words as decoding alone."""
    import playground.seq2seq as s2s
    from playground.seq2seq.decoding import greedy_batch
    from playground.seq2seq.model import model_name

    translator = s2s.load(model_name(True), device="cpu")
    sentences = ["我今天想喝咖啡。", "他们明天去北京。", "我爱自然语言处理"]
    alone = greedy_batch(translator.model, translator.src_vocab, sentences)
    calls = []
    monkeypatch.setattr(s2s.translate, "greedy_batch", lambda *a, **k: calls.append(a) or greedy_batch(*a, **k))
    for sentence, ids in zip(sentences, alone, strict=True):
        translator.translate(sentence, "beam")
        assert translator.translate(sentence, "greedy").tokens == translator.words(ids)
    assert calls == []
    translator.translate("我们一起去看电影。", "greedy")  # no search of it ran: decoded now
    assert len(calls) == 1


@pytest.mark.parametrize("attention", [True, False])
def test_searches_side_by_side_find_what_each_finds_alone(attention):
    """Issue 51: a beam search and greedy's width-1 search share each decoder step (the weights read once
    for both); each finds the same words, scores and tree as when it runs alone, for every shipped model."""
    import playground.seq2seq as s2s
    from playground.seq2seq.decoding import _beam_chunk
    from playground.seq2seq.model import model_name

    translator = s2s.load(model_name(attention), device="cpu")
    model, src = translator.model, translator.src_vocab
    sentences = ["我今天想喝咖啡。", "他们明天去北京。", "我爱自然语言处理", "她昨天不喜欢吃苹果。", "你想去学校吗？"]
    for chunk in ([s] for s in sentences):  # one sentence, as a page asks, and then a batch of them
        with torch.no_grad():
            wide, narrow = _beam_chunk(model, src, chunk, (5, 1), 1.0, 30, True)
            wide_alone, = _beam_chunk(model, src, chunk, (5,), 1.0, 30, True)
            narrow_alone, = _beam_chunk(model, src, chunk, (1,), 1.0, 30, False)
        for together, alone in ((wide, wide_alone), (narrow, narrow_alone)):
            for a, b in zip(together, alone, strict=True):
                assert [h.tokens for h in a.hypotheses] == [h.tokens for h in b.hypotheses]
                assert [h.log_prob for h in a.hypotheses] == pytest.approx([h.log_prob for h in b.hypotheses], abs=1e-5)
                assert [(n.parent, n.token, n.status) for n in a.nodes] == [(n.parent, n.token, n.status) for n in b.nodes]
    with torch.no_grad():
        batch = _beam_chunk(model, src, sentences, (5, 1), 1.0, 30, False)
    assert [r.best.tokens for r in batch[0]] == [
        _beam_chunk(model, src, [s], (5,), 1.0, 30, False)[0][0].best.tokens for s in sentences]
    assert [r.best.tokens for r in batch[1]] == greedy_batch(model, src, sentences)


@pytest.mark.parametrize("attention", [True, False])
def test_a_sample_drawn_beside_the_beam_search_is_the_sample_drawn_alone(attention, monkeypatch):
    """Issue 51: a page's new sentence is decoded once for all it shows (beam search, greedy's width-1 search
    and a sample share each decoder step); the translations are those of each decoded alone."""
    import playground.seq2seq as s2s
    from playground.seq2seq.decoding import search_and_sample
    from playground.seq2seq.model import model_name

    translator = s2s.load(model_name(attention), device="cpu")
    model, src = translator.model, translator.src_vocab
    for sentence, width, temperature, seed in (("我今天想喝咖啡。", 5, 1.0, 0), ("他们明天去北京。", 3, 1.5, 7),
                                               ("我爱自然语言处理", 1, 0.7, 3), ("她昨天不喜欢吃苹果。", 10, 2.0, 11)):
        found, sampled = search_and_sample(model, src, sentence, width, 1.0, temperature, seed)
        alone = beam_search(model, src, [sentence], width=width, length_penalty=1.0, record_tree=True)[0]
        assert sampled == sample(model, src, sentence, temperature=temperature, seed=seed)
        assert found.best.tokens == alone.best.tokens and found.greedy_won == alone.greedy_won
        assert (found.greedy is None) == (alone.greedy is None)
        assert found.greedy is None or found.greedy.tokens == alone.greedy.tokens
        assert [(n.parent, n.token, n.status) for n in found.nodes] == [(n.parent, n.token, n.status) for n in alone.nodes]
    # the translator keeps what it decoded side by side: the page's three strategies decode nothing more
    fresh = s2s.load(model_name(attention), device="cpu")
    fresh.prepare("你想去学校吗？", 5, 1.0, 1.3, 4)
    calls = []
    for name in ("beam_search", "sample", "greedy_batch"):
        monkeypatch.setattr(s2s.translate, name, lambda *a, **k: calls.append(a))
    answers = {strategy: fresh.translate("你想去学校吗？", strategy, 5, 1.0, 1.3, 4).tokens
               for strategy in ("beam", "greedy", "sample")}
    monkeypatch.undo()
    assert calls == []
    assert answers["sample"] == fresh.words(sample(model, src, "你想去学校吗？", temperature=1.3, seed=4))

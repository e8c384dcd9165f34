"""Live training cannot be made huge by what a visitor pastes: the vocabulary is capped."""

from playground.charlm import recipes
from playground.charlm.model import MAX_VOCAB, UNKNOWN, CharLMSettings, CharVocab


def test_vocabulary_keeps_the_most_frequent_characters():
    text = "ab" * 50 + "".join(chr(0x4E00 + i) for i in range(5000))  # 5,000 characters seen once
    vocab = CharVocab.build(text, max_size=MAX_VOCAB)
    assert len(vocab) == MAX_VOCAB and vocab.chars[0] == UNKNOWN and {"a", "b"} <= set(vocab.chars)
    assert CharVocab.build("hello") == CharVocab.build("hello", max_size=MAX_VOCAB)  # small texts: unchanged


def test_live_training_on_250k_distinct_characters_stays_small():
    text = "".join(chr(0x4E00 + i % 20000) for i in range(40_000)) + "".join(chr(0x10000 + i) for i in range(5000))
    train, validation = recipes.split_live_text(text)
    settings = CharLMSettings(hidden=16, layers=1, embed=8, batch=2, bptt=8, steps=2, eval_every=1, snapshots=())
    trained = recipes.train_charlm(train, validation, settings)
    assert len(trained.vocab) == MAX_VOCAB
    assert trained.model.head.out_features == MAX_VOCAB

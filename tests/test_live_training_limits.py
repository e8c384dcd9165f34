"""Live training cannot be made huge by what a visitor pastes: the vocabulary is capped."""

from playground.models.charlm import recipes
from playground.models.charlm.model import MAX_VOCAB, UNKNOWN, CharLMSettings, CharVocab


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


# --- sized to finish within a few minutes (issue 28) ---------------------------------------------
def test_every_live_training_a_visitor_can_choose_is_estimated_within_the_budget():
    import itertools

    from playground.charlm import settings as state
    from playground.charlm.live import LIVE_BUDGET_S, live_estimate_s, live_max_steps
    from playground.core.jobs import JOB_SECONDS

    assert max(state.LIVE_HIDDEN.options) <= 256 and state.LIVE_LAYERS.high <= 3 and state.LIVE_BPTT.high <= 128
    assert LIVE_BUDGET_S <= 4 * 60 < JOB_SECONDS <= 5 * 60  # the estimate's budget, then the backstop
    worst = 0.0
    for kind, hidden, layers, bptt, vocab in itertools.product(
            state.LIVE_CELL.options, state.LIVE_HIDDEN.options, range(state.LIVE_LAYERS.low, state.LIVE_LAYERS.high + 1),
            range(state.LIVE_BPTT.low, state.LIVE_BPTT.high + 1, state.LIVE_BPTT.step), (79, MAX_VOCAB)):
        most = live_max_steps(kind, hidden, layers, bptt, vocab, low=state.LIVE_STEPS.low, high=state.LIVE_STEPS.high,
                              step=state.LIVE_STEPS.step)
        assert state.LIVE_STEPS.low <= most <= state.LIVE_STEPS.high and most % state.LIVE_STEPS.step == 0
        worst = max(worst, live_estimate_s(kind, hidden, layers, bptt, most, vocab))
    assert 120 < worst <= LIVE_BUDGET_S
    # the calibration's anchors (2-core machine, one torch thread): small models get every step, big ones ~300
    assert live_max_steps("lstm", 32, 1, 16, 79) == state.LIVE_STEPS.high
    assert 250 <= live_max_steps("lstm", 256, 3, 128, 79) <= 400
    assert live_estimate_s("lstm", 256, 3, 128, 300, 79) > live_estimate_s("lstm", 256, 3, 128, 100, 79)


def test_the_page_narrows_the_steps_and_says_how_long_training_takes():
    from helpers import open_page

    from playground.charlm.live import live_max_steps
    from playground.core.i18n import t
    from playground.core.jobs import JOB_SECONDS

    link = {"lm_source": "python", "lm_live_hidden": "256", "lm_live_layers": "3", "lm_live_bptt": "128",
            "lm_live_steps": "5000"}
    at = open_page("pages/charlm.py", link=link)
    assert not at.exception
    steps = at.slider(key="lm_live_steps")
    most = live_max_steps("lstm", 256, 3, 128, 97)
    assert steps.max == most and steps.value == most  # the link's 5,000 steps are clamped to ~3 minutes
    captions = [c.value for c in at.caption]
    assert any(c.startswith(t("charlm.live.estimate", "en", duration="", limit=JOB_SECONDS // 60).split("(")[0][:20])
               and "min" in c for c in captions), captions
    zh = open_page("pages/charlm.py", locale="zh-CN", link=link)
    assert any("预计用时" in c.value and "分" in c.value for c in zh.caption)

"""Every page that shows a trained model carries a "How we know" note (issue 18): its held-out
figure, read from the card, and one known failure. Each failure is checked here against the
shipped weights, and each note is looked for on its page in both languages."""

import pytest
from helpers import open_page

from playground.core.i18n import t

PAGES = {  # page -> (note key, a piece of the English note that names the failure)
    "pages/two_ones.py": ("two.how", "no unit keeps the previous bit cleanly"),
    "pages/cell_lab.py": ("lab.how", "I wanted to like it, but I couldn't"),
    "pages/sentiment.py": ("senti.how", "I wanted to like it, but I couldn't"),  # the model language follows the reader
    "pages/gradients.py": ("grad.how", "trained at a fixed distance, the LSTM is down to"),
    "pages/seq2seq.py": ("s2s.how", "this bird can fly."),
    "pages/charlm.py": ("charlm.how", "And the streets of the streets of the streets,"),
    "pages/charlm_cells.py": ("cells.how", "read off this cell alone, they would pass for comment"),
    "pages/beyond.py": ("beyond.how", "two readers added"),
}


def _notes(at) -> list[str]:
    return [e.label for e in at.expander]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_each_trained_model_page_says_how_we_know(page, locale):
    link = {"lab_text": "I wanted to like it, but I couldn't"} if page == "pages/cell_lab.py" else None
    at = open_page(page, locale, link=link)
    assert not at.exception, [e.value for e in at.exception]
    lang = locale[:2]
    assert t("how.title", lang) in _notes(at), (page, _notes(at))
    expander = next(e for e in at.expander if e.label == t("how.title", lang))
    body = " ".join(m.value for m in expander.markdown)
    if lang == "en":
        assert PAGES[page][1] in body, body
    assert "{" not in body  # every figure was filled in


def test_notes_exist_in_both_languages():
    for key, _ in PAGES.values():
        assert t(key, "zh") != key and t(key, "en") != key


# --- the failures, on the shipped weights ----------------------------------------------------------
def test_two_ones_is_right_but_not_the_lectures_way():
    from playground.two_ones import model as two_ones

    model = two_ones.load()
    assert two_ones.exhaustive_accuracy(model)["string_accuracy"] == 1.0
    roles = two_ones.unit_roles(model)
    assert roles["corr_current"].abs().max() > 0.95 and roles["corr_previous"].abs().max() < 0.9


def test_greedy_shakespeare_falls_into_a_loop():
    from playground import charlm

    out = charlm.load(corpus="shakespeare", cell="lstm").sample("ROMEO:", 400, strategy="greedy")
    line = "\nAnd the streets of the streets of the streets,"
    assert out.count(line) >= 7  # the same line, again and again


def test_the_first_comment_cell_takes_other_text_for_comment_and_changes_with_the_passage():
    """The note's failure, on the default passage (the start of base64.py): the unit the ranking puts first
    for "inside a comment" reaches its own median inside comments on characters outside them too, and
    another passage of the same file puts another unit first (issue 33: the note named a fixed unit)."""
    from playground import charlm
    from playground.charlm_cells import settings as state
    from playground.core.datasets.charcorpora import python_passage
    from playground.models.charlm import interpret as cells

    sampler = charlm.load("charlm_python_lstm").sampler
    firsts = []
    for offset in (0, 1500):
        text = python_passage(state.FILE.default, offset, state.PASSAGE_CHARS)
        acts, comment = cells.activations(sampler, text), cells.text_features(text)["in_comment"]
        top = cells.rank_cells(acts, {"in_comment": comment}, top=1).iloc[0]
        firsts.append((int(top["layer"]), int(top["unit"])))
        if offset == 0:
            count, outside, _ = cells.lookalikes(acts[firsts[0][0], :, firsts[0][1]], comment)
            assert 0 < count < outside and outside == int((comment == 0).sum())
    assert firsts[0] != firsts[1]


def test_attention_drops_the_negation_and_the_classic_model_loses_the_rain():
    from playground import seq2seq

    attention, classic = seq2seq.load(attention=True), seq2seq.load(attention=False)
    assert attention.translate("这只鸟不能飞。", strategy="beam", beam=5).text == "this bird can fly."
    assert classic.translate("这只鸟不能飞。", strategy="beam", beam=5).text == "this bird could not fly."
    assert classic.translate("她喜欢雨和雪。", strategy="beam", beam=5).text == "she likes to snow and snow."
    assert attention.translate("她喜欢雨和雪。", strategy="beam", beam=5).text == "she likes rain and snow."

"""Predict first (issue 26): every page opens its lab with one question from the lectures. In both
languages the result stays hidden until an answer is picked (on the page, or in a link), and the
revealed numbers are the page's own function's or shipped model's, computed here independently; a
page setting that the question reads (the model picked, the passage read) changes what is revealed."""

from functools import cache

import pytest
from helpers import open_page

from playground import charlm
from playground.beyond import cloze
from playground.cell_lab import model as cell_lab
from playground.core.datasets.charcorpora import python_passage
from playground.core.formatting import number, significant
from playground.core.i18n import t
from playground.gradients import experiments as gradients
from playground.home import order
from playground.lessons import PAGES
from playground.models import sentiment as sentiment_model
from playground.models.charlm import decoding as cs
from playground.models.charlm import interpret
from playground.seq2seq import load as load_translator
from playground.seq2seq import question as seq2seq_question
from playground.two_ones import model as two_ones

PREFIX = {"home": "home", "two_ones": "ones", "cell_lab": "lab", "sentiment": "senti", "gradients": "grad",
          "seq2seq": "s2s", "charlm": "lm", "charlm_cells": "cells", "beyond": "beyond"}
I18N = {"home": "home", "two_ones": "two", "cell_lab": "lab", "sentiment": "senti", "gradients": "grad",
        "seq2seq": "s2s", "charlm": "charlm", "charlm_cells": "cells", "beyond": "beyond"}
PATH = {spec.key: spec.path for spec in PAGES}
LOCALE = {"zh": "zh-CN", "en": "en-US"}


# --- what each page must reveal, worked out here from the library and the shipped models ---------------
@cache
def _classifier(language: str, kind: str):
    return sentiment_model.load_classifier(language, kind)


def _sentiment(lang: str, language: str | None = None, kind: str = "lstm") -> tuple[str, set[str]]:
    language = language or lang  # the model language follows the reader's by default
    a, b = {"zh": ("好吃不贵", "贵不好吃"), "en": ("good, not bad", "bad, not good")}[language]
    lines = []
    for k in ("bag", kind) if kind != "bag" else ("bag",):
        pa, pb = _classifier(language, k).predict(a), _classifier(language, k).predict(b)
        if k == "bag":
            correct = {"a"} if abs(pa - pb) < 1e-6 else {"b"} if pa > pb else {"c"}
        lines.append(t("senti.predict.result", lang, model=t(f"senti.kind.{k}", lang), a=a, b=b, pa=f"{pa:.4f}",
                       pb=f"{pb:.4f}"))
    return "\n\n".join(lines), correct


def _home(lang):
    r = order.compare_orders("狗咬人", "人咬狗")
    return t("home.predict.result", lang, mean=f"{r.mean_distance:.6g}", rnn=f"{r.rnn_distance:.6g}"), \
        {"a"} if r.mean_distance == 0 else {"b", "c"}


def _two_ones(lang):
    table = two_ones.run([0, 1, 0, 1, 1, 1], two_ones.lecture_weights())
    fired = tuple(int(s) for s, y in zip(table["t"], table["y"], strict=True) if y == 1)
    ys = ", ".join(number(y) for y in table["y"])
    return t("two.predict.result", lang, ys=ys, steps=", ".join(map(str, fired))), \
        {code for code, steps in {"a": (5,), "b": (5, 6), "c": (2, 4, 5, 6), "d": (4, 5, 6)}.items() if steps == fired}


def _cell_lab(lang):
    cell = cell_lab.ScalarLSTM(c_prev=0.8, f=0.9, i=0.2, c_tilde=0.5, o=0.5)  # the lecture script's numbers
    assert number(cell.c) == "0.82"
    # the answers' labels: only the old memory kept, the LSTM's sum, all four multiplied, only the new written
    values = (cell.f * cell.c_prev, cell.c, cell.f * cell.c_prev * cell.i * cell.c_tilde, cell.i * cell.c_tilde)
    assert [t(f"lab.predict.{code}", lang) for code in "abcd"] == [number(v) for v in values]
    return t("lab.predict.result", lang, kept=f"{cell.kept:.2f}", written=f"{cell.written:.2f}", c=number(cell.c)), {"b"}


def _gradients(lang):
    value = gradients.power(0.5, 10)
    assert significant(value) == "0.00097656"
    return t("grad.predict.result", lang, a=0.5, k=10, value=significant(value)), {"b"} if 1e-4 <= value < 1e-2 else set()


@cache
def _translations():
    translator = load_translator(attention=True)
    return (translator.translate(seq2seq_question.SEQ2SEQ_SENTENCE, "greedy", 5, 1.0, 1.0, 0),
            translator.translate(seq2seq_question.SEQ2SEQ_SENTENCE, "beam", 5, 1.0, 1.0, 0))


@pytest.mark.parametrize("attention", [True, False])
def test_the_seq2seq_question_is_not_a_trick_question(attention):
    """Issue 33: on 我爱自然语言处理 both decodings gave the same sentence. The question's sentence is
    one where beam search of width 5 writes another, more probable translation, with both models."""
    translator = load_translator(attention=attention)
    greedy = translator.translate(seq2seq_question.SEQ2SEQ_SENTENCE, "greedy", 5, 1.0, 1.0, 0)
    beam = translator.translate(seq2seq_question.SEQ2SEQ_SENTENCE, "beam", 5, 1.0, 1.0, 0)
    assert greedy.text != beam.text and beam.log_prob > greedy.log_prob
    assert seq2seq_question.seq2seq_answer(greedy, beam) == "a"


def _seq2seq(lang):
    greedy, beam = _translations()
    same = greedy.text == beam.text
    return t("s2s.predict.result", lang, model=t("s2s.model.attention", lang), greedy=greedy.text,
             greedy_logp=f"{greedy.log_prob:.3f}", beam=beam.text, beam_logp=f"{beam.log_prob:.3f}"), \
        {"b"} if same else {"a"} if beam.log_prob > greedy.log_prob else {"c"}


@cache
def _cold():
    sampler = charlm.load(charlm.name_of("shakespeare", "lstm")).sampler
    greedy = cs.generate(sampler, "ROMEO:\n", 60, "greedy").text
    samples = [cs.generate(sampler, "ROMEO:\n", 60, "sample", temperature=0.01, seed=s).text for s in (1, 2, 3)]
    return greedy, samples


def _charlm(lang):
    greedy, samples = _cold()
    same = all(s == greedy for s in samples)
    return "ROMEO:\n" + greedy, {"b"} if same else {"c"}


@cache
def _python_lm():
    return charlm.load(charlm.name_of("python", "lstm")).sampler


def _quote_cell(offset: int = 0, name: str = "base64.py") -> tuple[int, int, float, int]:
    passage = python_passage(name, offset, 1500)
    acts = interpret.activations(_python_lm(), passage, "cell")
    best = interpret.rank_cells(acts, {"in_string": interpret.text_features(passage)["in_string"]}, top=1).iloc[0]
    return int(best["layer"]) + 1, int(best["unit"]) + 1, float(best["correlation"]), acts.shape[0] * acts.shape[2]


def _charlm_cells(lang, offset: int = 0, name: str = "base64.py"):
    layer, unit, r, n = _quote_cell(offset, name)
    return t("cells.predict.result", lang, layer=layer, unit=unit, r=f"{r:+.3f}", n=f"{n:,}"), \
        {"a"} if abs(r) >= 0.5 else {"b"} if abs(r) >= 0.2 else {"c"}


@cache
def _continuations():
    forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
    return cloze.generate_left_only(forward, "我想", 12), cloze.generate_with_both(forward, backward, "我想", 12)


def _beyond(lang):
    left, both = _continuations()
    ends = not both or set(both) <= set("。！？!?.…")
    return t("beyond.predict.result", lang, left="我想" + left, both="我想" + both), \
        {"c"} if ends else {"b"} if both == left else {"a"}


EXPECTED = {"home": _home, "two_ones": _two_ones, "cell_lab": _cell_lab, "sentiment": _sentiment,
            "gradients": _gradients, "seq2seq": _seq2seq, "charlm": _charlm, "charlm_cells": _charlm_cells,
            "beyond": _beyond}


# --- helpers --------------------------------------------------------------------------------------------
def _shown(at) -> list[str]:
    return [m.value for m in at.markdown]


def _revealed(at, page: str, lang: str) -> bool:
    why = t(f"{I18N[page]}.predict.why", lang)
    return why in _shown(at)


def _again(at, page: str):
    return [b for b in at.button if b.key == f"{PREFIX[page]}_guess_again"]


def _unescaped(text: str) -> str:
    return text.replace("\\", "")


def _check_revealed(at, page: str, lang: str, guess: str) -> None:
    _check_revealed_with(at, page, lang, guess, EXPECTED[page](lang))


def _check_revealed_with(at, page: str, lang: str, guess: str, expected: tuple[str, set[str]]) -> None:
    assert not at.exception, [e.message for e in at.exception]
    assert _revealed(at, page, lang) and _again(at, page)
    result, correct = expected
    shown = [_unescaped(m) for m in _shown(at)]
    assert any(_unescaped(result) in m for m in shown), (result, shown)
    if guess in correct:
        assert t("predict.right", lang) in [s.value for s in at.success]
    else:
        assert any(i.value.startswith(t("predict.wrong", lang, answer="")[:4]) for i in at.info)


# --- every page, both languages ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("page", list(EXPECTED))
def test_unanswered_then_answered_on_the_page(page, lang):
    """No link: the question is shown, its answer is not; picking one reveals the live result."""
    at = open_page(PATH[page], LOCALE[lang])
    assert not at.exception, [e.message for e in at.exception]
    key = f"{PREFIX[page]}_guess"
    radio = at.radio(key=key)
    assert radio.value is None
    assert t("predict.heading", lang) in " ".join(_shown(at)) and t("predict.pick", lang) in [c.value for c in at.caption]
    assert not _revealed(at, page, lang) and not _again(at, page)
    assert key not in at.query_params
    radio.set_value("b").run()
    _check_revealed(at, page, lang, "b")
    assert at.query_params[key][-1] == "b"  # the link now opens it answered


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("page", ["gradients", "home", "beyond"])
def test_a_link_opens_it_answered_and_ask_again_hides_it(page, lang):
    key = f"{PREFIX[page]}_guess"
    at = open_page(PATH[page], LOCALE[lang], link={key: "a"})
    _check_revealed(at, page, lang, "a")
    at.radio(key=key).set_value("c").run()  # another answer after the reveal: judged afresh (nothing is graded)
    _check_revealed(at, page, lang, "c")
    assert at.query_params[key][-1] == "c"
    _again(at, page)[0].click().run()
    assert not at.exception
    assert not _revealed(at, page, lang) and at.radio(key=key).value is None
    assert key not in at.query_params


def test_a_junk_guess_in_a_link_opens_it_unanswered():
    at = open_page(PATH["gradients"], "zh-CN", link={"grad_guess": "z"})
    assert not at.exception
    assert at.radio(key="grad_guess").value is None and not _revealed(at, "gradients", "zh")


# --- the page's settings change what is revealed ------------------------------------------------------------
@pytest.mark.parametrize(("language", "kind"), [("zh", "bag"), ("zh", "gru"), ("en", "rnn")])
def test_the_sentiment_reveal_follows_the_model_picked(language, kind):
    """The model language picks the pair (the same tokens, reordered) and the kind picked on the page
    is read beside the bag: its probabilities are the shipped model's."""
    at = open_page(PATH["sentiment"], "zh-CN", link={"senti_guess": "a", "senti_model_lang": language, "senti_kind": kind})
    assert not at.exception, [e.message for e in at.exception]
    result, correct = _sentiment("zh", language, kind)
    assert correct == {"a"}  # the bag cannot tell them apart: exactly the same probability
    assert result in _shown(at)
    assert t("predict.right", "zh") in [s.value for s in at.success]
    lstm_line = _sentiment("zh", language, "lstm")[0].split("\n\n")[1]
    assert lstm_line not in " ".join(_shown(at))  # another model picked: another line, other numbers


def test_the_quote_cell_reveal_follows_the_passage():
    """Another passage of the file, another best cell: the correlation is computed on the text read."""
    link = {"cells_guess": "a", "cells_offset": "3000"}
    at = open_page(PATH["charlm_cells"], "en-US", link=link)
    assert not at.exception, [e.message for e in at.exception]
    moved, _ = _charlm_cells("en", 3000)
    first, _ = _charlm_cells("en", 0)
    assert moved != first
    assert moved in _shown(at) and first not in _shown(at)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_right_answer_about_the_quote_cell_depends_on_the_passage(lang):
    """On base64.py one cell follows the strings clearly (a); on csv.py from character 3,000, with few
    string characters, the best cell only faintly (b); where nothing is in a string there is nothing to
    compare, and no answer is called right."""
    clear, faint = _charlm_cells(lang)[1], _charlm_cells(lang, 3000, "csv.py")[1]
    assert clear == {"a"} and faint == {"b"}
    at = open_page(PATH["charlm_cells"], LOCALE[lang], link={"cells_guess": "b", "cells_file": "csv.py",
                                                              "cells_offset": "3000"})
    _check_revealed_with(at, "charlm_cells", lang, "b", _charlm_cells(lang, 3000, "csv.py"))
    at = open_page(PATH["charlm_cells"], LOCALE[lang], link={"cells_guess": "b", "cells_file": "configparser.py",
                                                              "cells_offset": "3000"})
    assert not at.exception, [e.message for e in at.exception]
    assert t("cells.predict.no_string", lang) in _shown(at)
    assert not at.success or t("predict.right", lang) not in [x.value for x in at.success]
    assert not any(i.value.startswith(t("predict.wrong", lang, answer="")[:4]) for i in at.info)

"""The nine "predict first" questions (issue 26), one per page, each from a worked example or a
misconception in the lecture texts (``seeds/``). Each reveal calls the page's own function or
shipped model there and then; nothing is a stored answer. The strings live in the pages' i18n files
(``<page>.predict.*``); the answers are the pages' declared ``<prefix>_guess`` settings.

Every reveal is cheap (a cached call, or one the page itself makes with the same arguments).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import streamlit as st

from playground import cell_lab as cell_lab_subject
from playground import charlm as charlm_subject
from playground import sentiment as sentiment_subject
from playground import two_ones as two_ones_subject
from playground.charlm import decoding as cs
from playground.charlm import interpret
from playground.formatting import escape_markdown, number, significant
from playground.gradients import experiments as gradient_experiments
from playground.home import order
from playground.sentiment import model as sentiment_model
from playground.state import Setting
from playground.ui.charlm import shipped_lm
from playground.ui.fair import fragment
from playground.ui.language import tr
from playground.ui.models import shared_results, shipped_model
from playground.ui.predict import Reveal, predict_first


def _options(prefix: str, codes: str = "abc") -> dict[str, str]:
    return {code: tr(f"{prefix}.predict.{code}") for code in codes}


# --- Home: 狗咬人 / 人咬狗 ------------------------------------------------------------------------------------
# seeds/000 (讲解稿) line 17: “狗咬人”和“人咬狗”词频几乎相同，事件角色却完全相反.
ORDER_PAIR = ("狗咬人", "人咬狗")


@st.cache_data(show_spinner=False, max_entries=4)
def order_distances(a: str, b: str) -> tuple[float, float]:
    """(distance between the mean character vectors, distance between the RNN's final states)."""
    result = order.compare_orders(a, b)
    return result.mean_distance, result.rnn_distance


def _home_reveal() -> Reveal:
    mean, rnn = order_distances(*ORDER_PAIR)
    correct = "a" if mean == 0 else "b" if mean < 1 else "c"
    return Reveal(frozenset({correct}), tr("home.predict.result", mean=f"{mean:.6g}", rnn=f"{rnn:.6g}"),
                  tr("home.predict.why"))


@fragment
def home(setting: Setting) -> None:
    predict_first(setting, tr("home.predict.q"), _options("home"), _home_reveal)


# --- Two 1s: the lecture notes' example 0,1,0,1,1,1 -> 0,0,0,0,1,1 ------------------------------------------
# seeds/003 (讲义) line 62, 任务定义: 第五个输入出现连续的 1, 1，输出 1；第六个输入继续输出 1，因为它与前者又构成一对.
ONES_BITS = (0, 1, 0, 1, 1, 1)
ONES_STEPS = {"a": (5,), "b": (5, 6), "c": (2, 4, 5, 6), "d": (4, 5, 6)}  # the steps each answer says are 1


def ones_fired(bits=ONES_BITS) -> tuple[int, ...]:
    """The steps (from 1) at which the lecture's hand-built network outputs 1."""
    table = two_ones_subject.run(list(bits), two_ones_subject.lecture_weights())
    return tuple(int(t) for t, y in zip(table["t"], table["y"], strict=True) if y == 1)


def _two_ones_reveal() -> Reveal:
    fired = ones_fired()
    table = two_ones_subject.run(list(ONES_BITS), two_ones_subject.lecture_weights())
    ys = ", ".join(number(y) for y in table["y"])
    correct = frozenset(code for code, steps in ONES_STEPS.items() if steps == fired)
    return Reveal(correct, tr("two.predict.result", ys=ys, steps=", ".join(map(str, fired)) or "—"),
                  tr("two.predict.why"))


@fragment
def two_ones(setting: Setting) -> None:
    predict_first(setting, tr("two.predict.q"), _options("two", "abcd"), _two_ones_reveal)


# --- Cell lab: c_t = 0.9 × 0.8 + 0.2 × 0.5 = 0.82 ----------------------------------------------------------
# seeds/000 (讲解稿) lines 81-83: 旧记忆贡献 0.72，新记忆贡献 0.10，合计 0.82.
def cell_answers(cell: cell_lab_subject.ScalarLSTM) -> dict[str, float]:
    """What each answer would be: only the old memory kept, the sum (the LSTM's rule), everything
    multiplied, only the new memory written."""
    return {"a": cell.f * cell.c_prev, "b": cell.kept + cell.written,
            "c": cell.f * cell.c_prev * cell.i * cell.c_tilde, "d": cell.i * cell.c_tilde}


def _cell_lab_reveal() -> Reveal:
    cell = cell_lab_subject.LECTURE_SCALAR
    correct = frozenset(code for code, v in cell_answers(cell).items() if math.isclose(v, cell.c, abs_tol=1e-12))
    return Reveal(correct, tr("lab.predict.result", kept=f"{cell.kept:.2f}", written=f"{cell.written:.2f}",
                              c=number(cell.c)), tr("lab.predict.why"))


@fragment
def cell_lab(setting: Setting) -> None:
    cell = cell_lab_subject.LECTURE_SCALAR
    # the answers' labels are the lecture's numbers as fixed strings (a test checks them against cell_answers), so that
    # a label names its option in either language; which one is right is worked out when it is revealed
    options = _options("lab", "abcd")
    question = tr("lab.predict.q", c_prev=number(cell.c_prev), f=number(cell.f), i=number(cell.i),
                  c_tilde=number(cell.c_tilde))
    predict_first(setting, question, options, _cell_lab_reveal)


# --- Sentiment: a bag of tokens is blind to order -------------------------------------------------------------
# seeds/000 (讲解稿) line 9: 如果情感分析模型只数“慢”“不好吃”这些词……; line 17: 词袋和 TF-IDF……通常弱化甚至丢掉顺序.
BAG_PAIRS = {"zh": ("好吃不贵", "贵不好吃"), "en": ("good, not bad", "bad, not good")}  # the same tokens, reordered


@st.cache_data(show_spinner=False, max_entries=32)
def positive(language: str, kind: str, text: str) -> float:
    """P(positive) of ``text`` by the shipped ``kind`` classifier of ``language``."""
    return shipped_model(sentiment_model.model_name(language, kind), sentiment_subject).predict(text)


def _sentiment_reveal(language: str, kind: str) -> Reveal:
    a, b = BAG_PAIRS[language]
    pa, pb = positive(language, "bag", a), positive(language, "bag", b)
    correct = "a" if math.isclose(pa, pb, abs_tol=1e-6) else "b" if pa > pb else "c"
    result = tr("senti.predict.result", model=tr("senti.kind.bag"), a=a, b=b, pa=f"{pa:.4f}", pb=f"{pb:.4f}")
    if kind != "bag":
        result += "\n\n" + tr("senti.predict.result", model=tr(f"senti.kind.{kind}"), a=a, b=b,
                              pa=f"{positive(language, kind, a):.4f}", pb=f"{positive(language, kind, b):.4f}")
    return Reveal(frozenset({correct}), result, tr("senti.predict.why"))


@fragment
def sentiment(setting: Setting, language: str, kind: str) -> None:
    """``language`` and ``kind``: the model language and the model chosen on the page (their pickers
    rerun the whole page, this box included)."""
    a, b = BAG_PAIRS[language]
    question = tr("senti.predict.q", a=a, b=b, unit=tr(f"senti.predict.unit.{language}"))
    predict_first(setting, question, _options("senti"), lambda: _sentiment_reveal(language, kind))


# --- Gradients: 0.5^10 = 0.00097656 ----------------------------------------------------------------------------
# seeds/000 (讲解稿) line 57: 每一步局部导数都等于 0.5，跨 10 步后影响因子为 0.5^10 = 0.0009765625.
GRADIENT_FACTOR, GRADIENT_STEPS = 0.5, 10
GRADIENT_BRACKETS = {"a": (0.0, 1e-4), "b": (1e-4, 1e-2), "c": (1e-2, 1.0), "d": (1.0, math.inf)}  # [low, high)


def gradient_bracket(value: float) -> str:
    return next(code for code, (low, high) in GRADIENT_BRACKETS.items() if low <= value < high or value == high == math.inf)


def _gradients_reveal() -> Reveal:
    value = gradient_experiments.power(GRADIENT_FACTOR, GRADIENT_STEPS)
    result = tr("grad.predict.result", a=GRADIENT_FACTOR, k=GRADIENT_STEPS, value=significant(value))
    return Reveal(frozenset({gradient_bracket(value)}), result, tr("grad.predict.why"))


@fragment
def gradients(setting: Setting) -> None:
    question = tr("grad.predict.q", a=GRADIENT_FACTOR, k=GRADIENT_STEPS)
    predict_first(setting, question, _options("grad", "abcd"), _gradients_reveal)


# --- Seq2seq: greedy or beam on a held-out sentence -----------------------------------------------------------
# seeds/003 (讲义) line 148: 贪心解码……束搜索——同时向前探索多条候选路径，选整条序列总概率最高的那条.
# The sentence is from the translators' held-out split, one where beam search really changes the
# translation (issue 33: on the lecture's 我爱自然语言处理 both give the same sentence): greedy writes
# "it looks like a eggs." (attention) / "it looks like a cake." (classic), beam search of width 5
# "it looks like an egg." with both models, each time with a higher log p (tests/test_predict_first.py).
SEQ2SEQ_SENTENCE = "这看上去像个蛋。"


def seq2seq_answer(greedy, beam) -> str:
    if greedy.text == beam.text:
        return "b"
    return "a" if beam.log_prob > greedy.log_prob else "c"


@fragment
def seq2seq(setting: Setting, translate: Callable, model_key: str) -> None:
    """``translate(model_key, text, strategy)``: the page's own (cached) translation."""

    def reveal() -> Reveal:
        greedy, beam = translate(model_key, SEQ2SEQ_SENTENCE, "greedy"), translate(model_key, SEQ2SEQ_SENTENCE, "beam")
        result = tr("s2s.predict.result", model=tr(f"s2s.model.{model_key}"),
                    greedy=escape_markdown(greedy.text or "∅"), greedy_logp=f"{greedy.log_prob:.3f}",
                    beam=escape_markdown(beam.text or "∅"), beam_logp=f"{beam.log_prob:.3f}")
        return Reveal(frozenset({seq2seq_answer(greedy, beam)}), result, tr("s2s.predict.why"))

    predict_first(setting, tr("s2s.predict.q", sentence=SEQ2SEQ_SENTENCE), _options("s2s"), reveal)


# --- Character LM: temperature towards 0 -----------------------------------------------------------------------
# seeds/003 (讲义) line 148: 如果每步都取概率最大的输出，模型岂不是每次都生成一模一样的内容？……叫贪心解码.
LM_PROMPT, LM_CHARS, LM_TEMPERATURE, LM_SEEDS = "ROMEO:\n", 60, 0.01, (1, 2, 3)


@shared_results(max_entries=4)
def cold_samples(sampler) -> tuple[str, tuple[str, ...]]:
    """(the greedy continuation, samples at temperature LM_TEMPERATURE with each of LM_SEEDS)."""
    greedy = cs.generate(sampler, LM_PROMPT, LM_CHARS, "greedy").text
    return greedy, tuple(cs.generate(sampler, LM_PROMPT, LM_CHARS, "sample", temperature=LM_TEMPERATURE, seed=seed).text
                         for seed in LM_SEEDS)


def _block(text: str) -> str:
    return "```\n" + text.replace("`", "'") + "\n```"


@fragment
def charlm(setting: Setting, model_key: str) -> None:
    def reveal() -> Reveal:
        greedy, samples = cold_samples(shipped_lm(model_key).sampler)
        correct = "b" if all(s == greedy for s in samples) else "c"
        same = tr("charlm.predict.same" if correct == "b" else "charlm.predict.differ")
        models = {charlm_subject.name_of(c, k): tr(f"charlm.model.{c}_{k}") for c, k in charlm_subject.SHIPPED_CHOICES}
        result = tr("charlm.predict.result", model=models.get(model_key, model_key), greedy=_block(LM_PROMPT + greedy),
                    t=LM_TEMPERATURE, seeds=", ".join(map(str, LM_SEEDS)), sample=_block(LM_PROMPT + samples[0]), same=same)
        return Reveal(frozenset({correct}), result, tr("charlm.predict.why"))

    predict_first(setting, tr("charlm.predict.q"), _options("charlm"), reveal)


# --- Interpretable cells: a quote cell --------------------------------------------------------------------------
# seeds/003 (讲义) line 158: 引号检测细胞：引号一开就翻转，引号闭合才翻回.
QUOTE_BRACKETS = {"a": 0.5, "b": 0.2, "c": 0.0}  # the least |r| of the best cell for each answer


def quote_cell(acts: np.ndarray, features: dict[str, np.ndarray]) -> dict | None:
    """The cell whose activation follows "inside a string" best on this passage (layer and unit
    counted from 0), or None when that never changes in it (no string, or all of it inside one)."""
    ranked = interpret.rank_cells(acts, {"in_string": features["in_string"]}, top=1)
    return None if ranked.empty else ranked.iloc[0].to_dict()


def quote_answer(correlation: float) -> str:
    return next(code for code, least in QUOTE_BRACKETS.items() if abs(correlation) >= least)


@fragment
def charlm_cells(setting: Setting, acts: np.ndarray, features: dict[str, np.ndarray]) -> None:
    """``acts`` and ``features``: what the page has read of its passage with its model."""

    def reveal() -> Reveal:
        best = quote_cell(acts, features)
        if best is None:
            return Reveal(frozenset(), tr("cells.predict.no_string"), tr("cells.predict.why"))
        r = best["correlation"]
        result = tr("cells.predict.result", layer=int(best["layer"]) + 1, unit=int(best["unit"]) + 1,
                    r=f"{r:+.3f}", n=f"{acts.shape[0] * acts.shape[2]:,}")
        return Reveal(frozenset({quote_answer(r)}), result, tr("cells.predict.why"))

    predict_first(setting, tr("cells.predict.q"), _options("cells"), reveal)


# --- Beyond: a bidirectional model cannot write ----------------------------------------------------------------
# seeds/000 (讲解稿) line 147, 易错点: 很多人以为双向 RNN 可直接做自回归生成; line 113: 反例.
SENTENCE_ENDS = set("。！？!?.…")


def both_answer(left_only: str, both: str) -> str:
    if not both or set(both) <= SENTENCE_ENDS:
        return "c"
    return "b" if both == left_only else "a"


@fragment
def beyond(setting: Setting, generated: Callable[[str], tuple[str, str]], prompt: str) -> None:
    """``generated(prompt)`` -> (forward model alone, with the backward model forced in): the page's own."""

    def reveal() -> Reveal:
        left_only, both = generated(prompt)
        result = tr("beyond.predict.result", left=escape_markdown(prompt + left_only), both=escape_markdown(prompt + both))
        return Reveal(frozenset({both_answer(left_only, both)}), result, tr("beyond.predict.why"))

    predict_first(setting, tr("beyond.predict.q", prompt=escape_markdown(prompt)), _options("beyond"), reveal)

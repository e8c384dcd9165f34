"""Property-based fuzzing of every text-facing library function (and the range checks of the
numeric settings beside them).

The contract: whatever a reader types, pastes, uploads or sets, a library function either returns
a result or raises ``playground.core.errors.InputError`` whose ``error.<code>`` the pages can translate
(in both languages, with its parameters). Any other exception fails here, and so does a hang: every
case runs under an alarm (``case_time_limit``) that raises ``CaseHang``, a ``BaseException`` so that
no ``except Exception`` (nor the regex module's own ``TimeoutError`` handling) can swallow it.

Inputs mix arbitrary Unicode (control and format characters, emoji, CJK, case-mapping oddities,
whitespace only, empty, runs of thousands of characters) with text shaped like what each page
expects: Chinese sentences, English reviews, bit strings, Python code, regular expressions, uploads
with invalid UTF-8 and over the 1 MB limit. Shipped models load once per module; model calls keep
their lengths and beams small. Each run tries ``FUZZ_EXAMPLES`` new cases a function (150) drawn
from ``FUZZ_SEED`` (today's date unless set; printed in the session header), so that runs on
different days cover different ground; ``FUZZ_SEED=<seed> python -m pytest tests/test_fuzz.py``
repeats a run, ``FUZZ_EXAMPLES=500`` goes deeper.
"""

from __future__ import annotations

import contextlib
import ctypes
import faulthandler
import functools
import glob
import math
import os
import signal
import time

import numpy as np
import pytest
import torch
from helpers import FUZZ_EXAMPLES, FUZZ_SEED
from hypothesis import HealthCheck, event, example, given, seed, settings
from hypothesis import strategies as st

from playground.beyond import cloze
from playground.cell_lab import model as cell_lab
from playground.core import decoding as DECODING
from playground.core import i18n, text
from playground.core.coverage import other_language
from playground.core.errors import InputError
from playground.gradients.experiments import LabSettings
from playground.home import order
from playground.models import sentiment as S
from playground.models.charlm import decoding as cs
from playground.models.charlm import interpret
from playground.models.charlm import model as charlm_model
from playground.models.charlm import recipes as charlm_recipes
from playground.sentiment import walkthrough as W
from playground.two_ones import model as two_ones

CASE_LIMIT_S = 10.0  # per case, generous for a loaded 2-core CI machine
# Each run draws FUZZ_EXAMPLES new cases a function from FUZZ_SEED (default: today's date, so that the
# days' runs cover different ground; the session header prints it, and FUZZ_SEED=<it> repeats a run).
_SETTINGS = settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                            HealthCheck.large_base_example, HealthCheck.filter_too_much])


def FUZZ(test):  # noqa: N802 (reads as the settings it replaced)
    return seed(FUZZ_SEED)(_SETTINGS(test))


def numpy_openblas():
    """(get, set) for the thread count of numpy's bundled OpenBLAS, found as threadpoolctl would find
    it; None where there is none (another BLAS, another platform)."""
    libs = glob.glob(os.path.join(os.path.dirname(np.__file__), os.pardir, "numpy.libs", "*openblas*"))
    for path in libs:
        lib = ctypes.CDLL(path)  # the copy numpy already loaded
        for prefix, suffix in (("scipy_openblas", "64_"), ("openblas", "64_"), ("openblas", "")):
            get, put = (getattr(lib, f"{prefix}_{verb}_num_threads{suffix}", None) for verb in ("get", "set"))
            if get is not None and put is not None:
                return get, put
    return None


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    """Batch-1 recurrences gain nothing from threads, and where other work shares the cores, spinning
    OpenMP / OpenBLAS threads make them ~100x slower (measured: an 11-character feed of the cloze reader
    0.7 ms on one thread, 85 ms on two; a 250-step LSTM backward 5 ms against seconds)."""
    threads, blas = torch.get_num_threads(), numpy_openblas()
    blas_threads = blas[0]() if blas else None
    torch.set_num_threads(1)
    if blas:
        blas[1](1)
    yield
    torch.set_num_threads(threads)
    if blas:
        blas[1](blas_threads)


# --- the contract --------------------------------------------------------------------------------------
class CaseHang(BaseException):
    """A case ran past ``CASE_LIMIT_S``. Not an ``Exception``: nothing in the library may catch it, and
    Hypothesis stops at once instead of shrinking (re-running) a hang."""


@contextlib.contextmanager
def case_time_limit(what: str, seconds: float = CASE_LIMIT_S):
    def on_alarm(signum, frame):
        raise CaseHang(f"no answer within {seconds:g} s for {what}")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.monotonic()
    # A hang inside one C call never returns to the interpreter to run the handler: as a last
    # resort, dump every thread's stack and end the run rather than block CI.
    faulthandler.dump_traceback_later(6 * seconds, exit=True)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)
        if outer:  # someone else's alarm was pending: give back what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - started), 1e-3))


def assert_translatable(exc: InputError) -> None:
    assert isinstance(exc, ValueError) and isinstance(exc.code, str) and isinstance(exc.params, dict)
    key = f"error.{exc.code}"
    assert key in i18n.strings(), f"{key} has no message ({exc})"
    for lang in ("zh", "en"):
        assert i18n.t(key, lang, **exc.params)  # what ui.input_error shows must format with the params


def brief(value) -> str:
    """An argument as the failure message shows it: values in full up to a point, models by type."""
    if isinstance(value, (str, bytes, int, float, list, tuple, type(None))):
        text = repr(value)
        return text if len(text) <= 300 else f"{text[:300]}... ({len(text)} characters in all)"
    return f"<{type(value).__name__}>"


REFUSED = object()  # what ``outcome`` gives back after a well-formed InputError


def outcome(call, *args, **kwargs):
    """``call(*args, **kwargs)`` under the alarm: its result, or ``REFUSED`` after a well-formed
    InputError. Any other exception propagates and fails the case."""
    name = getattr(call, "__qualname__", repr(call))
    shown = ", ".join([*map(brief, args), *(f"{k}={brief(v)}" for k, v in kwargs.items())])
    what = f"{name}({shown})"
    with case_time_limit(what):
        try:
            result = call(*args, **kwargs)
        except InputError as exc:
            assert_translatable(exc)
            event(f"{name}: refused")  # --hypothesis-show-statistics: how often each call got through
            return REFUSED
    event(f"{name}: answered")
    return result


# --- text ----------------------------------------------------------------------------------------------
CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FA5)  # 一 .. 龥
ZH_PUNCT = list("，。！？、；：“”‘’（）《》…—·「」")
ZH_COMMON = list("我你他她它们的了是在不很好吃饭服务慢但味道工作苹果一个想爱自然语言处理今天明天天气下次会再点也就")
ZH_TRADITIONAL = list("這個們說語臺灣體驗書館學習愛過還點")
SPECIAL = [
    "İ", "ı", "ß", "ẞ", "ﬁ", "ﬃ", "Σ", "ς", "ǅ", "\u0307", "\u0301", "e\u0301", "\ufffd", "\x00", "\x7f", "\ufeff",
    "\u200b", "\u200d", "\u202e", "\u2028", "\u2029", "\u3000", "\xa0", "\x1b[31m", "Ⅻ", "①", "Ａ", "１", "ｈｅｌｌｏ",
    "\U0001f600", "👨‍👩‍👧", "\U0001f1e8\U0001f1f3", "𠀀", "龘", "〇", "㐀", "\r\n", "\t", "'", '"', "\\", "{}", "{0}",
    "%s", "<b>", "__", "＿＿", "_", "＿", "□", "\n", " ",
]
EN_WORDS = ["not", "bad", "good", "great", "terrible", "movie", "film", "i", "I", "would", "watch", "it", "again",
            "never", "don't", "isn't", "at", "all", "the", "plot", "actors", "was", "boring", "LOVED", "hated", "!", ",",
            ".", "?", "...", "10/10", "İstanbul", "café", "naïve", "😀", "—"]
CODE_TOKENS = ["def ", "class ", "return ", "import ", "x", "y", "_", "f", "(", ")", "[", "]", "{", "}", ":", ",", ".",
               " = ", " + ", "1", "0.5", "\n", "    ", "\t", "#", " comment", "'", '"', "'''", '"""', "\\", "\\n",
               "f'", "{x}", "lambda ", "@", "print", "if ", "else", "\r\n", "α", "中文", "`"]
WHITESPACE = st.text(st.sampled_from(list(" \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u1680\u2000\u2028\u2029\u3000")), max_size=60)
ODD_CHAR = st.one_of(
    st.characters(),  # any code point but surrogates
    st.characters(categories=("Cc", "Cf", "Zs", "Zl", "Zp", "Mn")),
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1FAFF),  # emoji
    CJK,
    st.sampled_from(SPECIAL),
)


def joined(piece, min_size: int = 0, max_size: int = 60, sep: str = ""):
    return st.lists(piece, min_size=min_size, max_size=max_size).map(sep.join)


def repeated(piece, max_count: int):
    """A short piece repeated up to ``max_count`` times: long inputs at little generation cost."""
    return st.builds(lambda s, n: s * n, piece, st.integers(1, max_count))


def any_text(max_size: int = 200, long: int = 3000):
    """Arbitrary text: Hypothesis's own, odd characters, whitespace only, empty, and long runs."""
    return st.one_of(
        st.text(),
        st.just(""),
        WHITESPACE,
        joined(ODD_CHAR, max_size=max_size),
        st.text(min_size=1, max_size=long),
        repeated(joined(ODD_CHAR, min_size=1, max_size=4), long // 2),
    )


def chinese(min_size: int = 0, max_size: int = 30):
    """Chinese sentences: any character of 一-龥, common ones, punctuation, some Traditional, a stray."""
    return joined(weighted((2, CJK), (2, st.sampled_from(ZH_COMMON)), (1, st.sampled_from(ZH_PUNCT)),
                           (1, st.sampled_from(ZH_TRADITIONAL)), (1, st.sampled_from([" ", "A", "1", "\n", "😀"]))),
                  min_size=min_size, max_size=max_size)


ENGLISH = joined(st.one_of(st.sampled_from(EN_WORDS), st.sampled_from(SPECIAL)), max_size=40, sep=" ")
CODE = joined(st.sampled_from(CODE_TOKENS), max_size=120)
# Hypothesis draws NaN and inf only now and then: name them, and a few floats where an int is expected.
WEIRD_FLOAT = st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 0.5, 2.0, 3.7, -1.0, 1e20, 1e308, 5e-324])
FLOAT = st.one_of(st.floats(allow_nan=True, allow_infinity=True), WEIRD_FLOAT)
NUMBER = st.one_of(st.integers(-(2**64), 2**64), FLOAT)


def weighted(*options):
    """``st.one_of`` with weights: ``weighted((3, a), (1, b))`` draws from ``a`` about three times in four.
    (``one_of`` itself picks its distinct branches about evenly and merges repeated ones.)"""
    picks = [k for k, (weight, _) in enumerate(options) for _ in range(weight)]
    return st.sampled_from(picks).flatmap(lambda k: options[k][1])


def mostly(valid, other, times: int = 4):
    """``valid`` about ``times`` in ``times + 1`` draws, else ``other``: a case with several settings
    should still often get through every check to the model."""
    return weighted((times, valid), (1, other))


def whole_or_not(valid_low: int, valid_high: int):
    """Mostly a valid integer, else any integer, an edge, or any float (NaN and inf included)."""
    return weighted((4, st.integers(valid_low, valid_high)), (1, st.integers(-(2**64), 2**64)),
                    (1, st.sampled_from([0, -1, valid_high + 1])), (1, FLOAT))


def real_or_not(valid_low: float, valid_high: float):
    """Mostly a float in range, else any number (NaN, inf, huge integers included)."""
    return mostly(st.floats(valid_low, valid_high), NUMBER)


def _whole_in(value, low, high) -> bool:
    """The oracle for a whole-number setting: a number whose integer part lies in [low, high]
    (the library truncates 2.7 to 2, as ``int`` does); NaN, inf and text are refused."""
    return isinstance(value, int | float) and math.isfinite(value) and low <= int(value) <= high


def _real_in(value, low, high) -> bool:
    return isinstance(value, int | float) and math.isfinite(value) and low <= value <= high


# --- shipped models, loaded once ---------------------------------------------------------------------------
@functools.cache
def classifier(lang: str, kind: str) -> S.Classifier:
    return S.load_classifier(lang, kind, device="cpu")


@functools.cache
def sampler(corpus: str, kind: str) -> cs.FastSampler:
    model, vocab, _ = charlm_model.load_model(corpus, kind, device="cpu")
    return cs.FastSampler.from_model(model, vocab)


@functools.cache
def cloze_readers() -> tuple[cs.FastSampler, cs.FastSampler]:
    from playground.core.checkpoints import load_checkpoint

    def reader(direction: str) -> cs.FastSampler:
        tensors, card = load_checkpoint(cloze.model_name(direction), device="cpu")
        return cs.FastSampler.from_model(*charlm_model.rebuild(tensors, card))

    return reader("forward"), reader("backward")


@functools.cache
def translator(attention: bool = True):
    from playground.seq2seq import load_translator

    return load_translator(attention, device="cpu")


# --- sequences: the two-ones detector ----------------------------------------------------------------------
BITS = st.one_of(
    st.text(st.sampled_from(list("01 ,\t\n\r，")), max_size=400),
    st.builds(lambda a, c, b: a + c + b, st.text(st.sampled_from(list("01 ,")), max_size=30), ODD_CHAR,
              st.text(st.sampled_from(list("01 ,")), max_size=30)),
    repeated(st.sampled_from(["1", "0", "01", "1 ", "0,", "10，"]), 300),
)


@FUZZ
@given(text=weighted((2, BITS), (1, any_text())), construction=st.sampled_from(sorted(two_ones.CONSTRUCTIONS)))
def test_two_ones_bit_strings(text, construction):
    bits = outcome(two_ones.parse_bits, text)
    table = outcome(two_ones.run, text, two_ones.CONSTRUCTIONS[construction]())
    if bits is REFUSED or not bits:
        assert table is REFUSED
        return
    assert len(bits) <= two_ones.MAX_STEPS and set(bits) <= {0, 1}
    assert list(table["x"]) == bits and list(table["target"]) == two_ones.target(bits)
    assert table["correct"].all()  # both constructions are right on every string


@FUZZ
@given(values=weighted(
    (2, st.lists(st.sampled_from([0, 1, True, False, 0.0, 1.0, -0.0]), max_size=300)),
    (1, st.lists(st.one_of(st.integers(-3, 3), st.booleans(), FLOAT, st.text(max_size=2), st.none()), max_size=300))))
def test_two_ones_bit_sequences(values):
    bits = outcome(two_ones.parse_bits, values)
    if bits is not REFUSED:
        assert bits == [int(v) for v in values]


SHAPES = st.sampled_from([(3, 1), (3, 3), (1, 3), (3,), (2, 2), (), (3, 1, 1), (0,)])


@FUZZ
@given(shapes=st.tuples(SHAPES, SHAPES, SHAPES, SHAPES),
       fill=st.lists(mostly(st.floats(-10, 10), FLOAT), min_size=9, max_size=9),
       right=st.lists(mostly(st.just(True), st.just(False), times=12), min_size=4, max_size=4),
       activation=st.one_of(st.sampled_from(two_ones.ACTIVATIONS), st.text(max_size=6)),
       output=st.one_of(st.sampled_from(two_ones.OUTPUTS), st.text(max_size=6)), bits=BITS)
def test_two_ones_edited_weights(shapes, fill, right, activation, output, bits):
    """The page's weight editor: any numbers (an emptied cell is NaN), any shape, then run and verify."""
    expected = ((3, 1), (3, 3), (1, 3), (3,))
    arrays = {name: np.resize(np.array(fill), expected[k] if right[k] else shapes[k])
              for k, name in enumerate(("w_xh", "w_hh", "w_hy", "h0"))}
    weights = outcome(two_ones.Weights, **arrays, activation=activation, output=output)
    if weights is REFUSED:
        return
    outcome(two_ones.run, bits, weights)
    outcome(two_ones.verify, weights, 6)
    outcome(two_ones.truth_table, weights)


@FUZZ
@given(hidden=whole_or_not(2, 16), activation=mostly(st.sampled_from(["tanh", "relu"]), st.text(max_size=6)),
       lr=real_or_not(1e-6, 10), steps=st.integers(-5, 10**6))
def test_two_ones_train_settings(hidden, activation, lr, steps):
    made = outcome(two_ones.TrainSettings, hidden=hidden, activation=activation, lr=lr, steps=steps)
    if made is not REFUSED:
        assert 2 <= hidden <= 16 and math.isfinite(lr) and lr > 0


# --- home page: order matters ------------------------------------------------------------------------------
ORDER_TEXT = weighted((2, chinese(max_size=50)), (1, any_text(max_size=120)))


@FUZZ
@given(a=ORDER_TEXT, b=ORDER_TEXT)
def test_order_texts(a, b):
    result = outcome(order.compare_orders, a, b)
    if result is REFUSED:
        return
    assert 1 <= len(result.a) <= text.MAX_CHARS and 1 <= len(result.b) <= text.MAX_CHARS
    assert result.states_a.shape == (len(result.a), order.HIDDEN)
    assert math.isfinite(result.mean_distance) and math.isfinite(result.rnn_distance)
    if result.same_characters:
        assert result.mean_distance == 0.0


# --- sentiment -----------------------------------------------------------------------------------------
REVIEW = weighted((2, chinese(max_size=80)), (2, ENGLISH), (1, any_text(max_size=200, long=1500)),
                  (1, repeated(st.sampled_from(["İ", "İ ", "ﬃ", "ẞ", "a", "好", "!", "😀"]), 700)),
                  # one character, as many times as the review box keeps, and around that
                  (1, st.builds(lambda c, n: c * n, st.sampled_from([*SPECIAL, "a", "好"]),
                                st.sampled_from([S.MAX_CHARS // 2 + 1, S.MAX_CHARS, S.MAX_CHARS + 1, 2 * S.MAX_CHARS]))))


@FUZZ
@given(lang=st.sampled_from(S.LANGS), kind=st.sampled_from(S.KINDS), text=REVIEW)
@example("en", "lstm", "İ" * 300)  # lower-cases to 600 tokens: more than the 500 positions encoded
@example("en", "bag", "İ" * 300)
def test_sentiment_review(lang, kind, text):
    """What the page does with the review box: clean, trace, the verdict, influence; plus predict."""
    clf = classifier(lang, kind)
    for tokens_of in ("zh", "en"):
        assert isinstance(outcome(S.tokenize, text, tokens_of), list)
    assert outcome(S.looks_like, text) in S.LANGS
    cleaned = outcome(clf.clean, text)
    p = outcome(clf.predict, text)
    trace = outcome(clf.trace, text)
    if trace is REFUSED:
        assert p is REFUSED
        return
    assert cleaned is not REFUSED and len(cleaned[0]) <= S.MAX_CHARS
    assert 1 <= len(trace) <= S.MAX_CHARS and trace["p_positive"].between(0, 1).all()
    assert p is not REFUSED and abs(p - trace["p_positive"].iloc[-1]) < 1e-3  # the last prefix is the whole text
    why = outcome(S.influence, clf, cleaned[0])
    assert list(why["token"]) == list(trace["token"])


@FUZZ
@given(xs=st.lists(mostly(st.floats(-100, 100), FLOAT, times=30), max_size=40),
       weights=st.tuples(real_or_not(-5, 5), real_or_not(-5, 5), real_or_not(-5, 5)), label=st.sampled_from([0, 1]),
       named=st.booleans())
def test_sentiment_walkthrough_numbers(xs, weights, label, named):
    tokens = [f"t{i}" for i in range(len(xs))] if named else None
    walk = outcome(W.walkthrough, xs, *weights, label, tokens)
    if walk is not REFUSED:
        assert len(walk.table) == len(xs) and 0 <= walk.p <= 1 and walk.loss_nat >= 0  # can fail: a sign slip in the loss


# --- the cell lab's conveyor belt ----------------------------------------------------------------------------
BELT_TEXT = st.one_of(chinese(max_size=40), ENGLISH, any_text(max_size=80, long=600),
                      repeated(st.sampled_from(["İ", "İ ", "好", "a "]), 300))


@FUZZ
@given(text=BELT_TEXT, bias=st.one_of(st.floats(-3, 5), FLOAT))
@example("İ" * 300, 0.0)
def test_cell_lab_conveyor(text, bias):
    """The page reads the belt through the trained LSTM of the text's language, else a seeded one."""
    lang = outcome(S.looks_like, text)
    for belt in (outcome(cell_lab.conveyor_from_classifier, classifier(lang, "lstm"), text, forget_bias=bias),
                 outcome(cell_lab.conveyor, text, forget_bias=bias)):
        if belt is not REFUSED:
            steps = len(belt.tokens)
            assert steps >= 1 and len(belt.trace) == steps
            assert belt.cell_path_gradient.shape[0] == steps == belt.forget_product.shape[0]


# --- cloze (beyond page) ---------------------------------------------------------------------------------
BLANK = st.sampled_from([*cloze.BLANKS, "___", "＿", " __ ", "_＿", "[ ]", "？"])
CLOZE_TEXT = weighted(
    (4, st.builds(lambda left, blank, right: left + blank + right, chinese(max_size=12), BLANK, chinese(max_size=12))),
    (1, st.builds(lambda a, b1, m, b2, z: a + b1 + m + b2 + z, chinese(max_size=5), BLANK, chinese(max_size=5), BLANK,
                  chinese(max_size=5))),
    (1, st.builds(lambda left, right: left + "__" + right, any_text(max_size=20, long=80), any_text(max_size=20, long=80))),
    (1, any_text(max_size=80, long=200)),
)


@FUZZ
@given(text=weighted((3, CLOZE_TEXT), (1, any_text())))
def test_cloze_parse(text):
    parsed = outcome(cloze.parse, text)
    if parsed is not REFUSED:
        left, right = parsed
        assert len(left) + len(right) < cloze.MAX_SENTENCE and not any(m in right for m in cloze.BLANKS)


@FUZZ
@given(text=CLOZE_TEXT, k=whole_or_not(1, 4), width=st.sampled_from([1, 2, 3]))
def test_cloze_fill(text, k, width):
    forward, backward = cloze_readers()
    result = outcome(cloze.fill, forward, backward, text, k=k, width=width)
    outcome(cloze.unknown_chars, forward, text)
    if result is REFUSED:
        return
    assert result.table and all(len(row["candidate"]) == result.k for row in result.table)
    for row in result.table:
        assert math.isfinite(row["both"]) and math.isclose(row["both"], row["left"] + row["right"], abs_tol=1e-9)
    assert all(len(result.top(rule, 5)) >= 1 for rule in ("left", "right", "both"))


@FUZZ
@given(prompt=st.one_of(chinese(min_size=1, max_size=15), any_text(max_size=20, long=61)), length=st.integers(1, 3))
def test_cloze_generation_prompt(prompt, length):
    """The beyond page's generation box: its own checks, then the greedy reader and generate_with_both."""
    forward, backward = cloze_readers()
    if not prompt.strip() or len(prompt) > cloze.MAX_SENTENCE:
        return  # the page refuses these itself
    both = outcome(cloze.generate_with_both, forward, backward, prompt, length)
    if not forward.vocab.coverage(prompt).readable or other_language(prompt, "zh"):  # unreadable, or not Chinese
        assert both is REFUSED and outcome(cloze.generate_left_only, forward, prompt, length) is REFUSED
        return
    left = outcome(cs.generate, forward, cloze.BOUNDARY + prompt, length, "greedy")
    assert left is not REFUSED and len(left.text) == length
    assert both is not REFUSED and len(both) <= length and cloze.BOUNDARY not in both


# --- char-LM prompts and decoding settings -------------------------------------------------------------------
PROMPT = st.one_of(ENGLISH.map(str.upper), CODE, st.sampled_from(["ROMEO:\n", "def ", "\n", " "]),
                   any_text(max_size=80, long=300), repeated(st.sampled_from(["a", "ROMEO:\n", "中"]), 40),
                   st.sampled_from([cs.MAX_PROMPT, cs.MAX_PROMPT + 1, 10 * cs.MAX_PROMPT]).map(lambda n: "x" * n))
LM_KEYS = sorted(charlm_model.SHIPPED_CHOICES)


# valid lengths stay short (each step is a model call); the others are refused before any
LM_LENGTH = mostly(st.integers(1, 20), st.one_of(st.integers(-5, 0), st.integers(cs.MAX_LENGTH + 1, 10**9), WEIRD_FLOAT))


@FUZZ
@given(key=st.sampled_from(LM_KEYS), prompt=PROMPT, length=LM_LENGTH,
       strategy=mostly(st.sampled_from(cs.STRATEGIES), st.text(max_size=8)),
       temperature=mostly(st.floats(0.01, 100), FLOAT), top_k=mostly(st.integers(1, 100), st.integers(-5, 0) | WEIRD_FLOAT),
       top_p=mostly(st.floats(0, 1, exclude_min=True), FLOAT), seed=st.integers(0, 2**32),
       width=mostly(st.integers(1, 20), st.integers(-1, 21) | WEIRD_FLOAT), penalty=st.floats(0, 3))
def test_charlm_generate(key, prompt, length, strategy, temperature, top_k, top_p, seed, width, penalty):
    """The sampling lab: check the prompt and settings as the page does, then generate."""
    lm = sampler(*key)
    unknown = outcome(cs.check_prompt, lm, prompt)
    outcome(cs.check_settings, length, temperature, top_k, top_p, width)
    generation = outcome(cs.generate, lm, prompt, length, strategy, temperature=temperature, top_k=top_k,
                         top_p=top_p, seed=seed, width=width, length_penalty=penalty)
    if generation is REFUSED:
        return
    assert unknown is not REFUSED and generation.unknown == unknown
    assert len(generation.steps) == len(generation.text) and math.isfinite(generation.log_prob)
    if strategy == "beam":
        assert 1 <= len(generation.text) <= int(length)
    else:
        assert len(generation.text) == int(length)


@FUZZ
@given(key=st.sampled_from(LM_KEYS), prompt=PROMPT, length=LM_LENGTH, temperature=mostly(st.floats(0.01, 100), FLOAT),
       seed=st.integers(0, 2**32))
def test_charlm_sample_text(key, prompt, length, temperature, seed):
    text = outcome(cs.sample_text, sampler(*key), prompt, length, temperature=temperature, seed=seed)
    if text is not REFUSED:
        assert len(text) == int(length)


@FUZZ
@given(length=whole_or_not(1, cs.MAX_LENGTH), temperature=real_or_not(0.01, 100), top_k=whole_or_not(1, 40),
       top_p=real_or_not(0, 1), width=whole_or_not(1, 20))
def test_charlm_check_settings(length, temperature, top_k, top_p, width):
    verdict = outcome(cs.check_settings, length, temperature, top_k, top_p, width)
    valid = (_whole_in(length, 1, cs.MAX_LENGTH) and _real_in(temperature, *DECODING.TEMPERATURE)
             and _whole_in(top_k, 1, math.inf) and _real_in(top_p, 0, 1) and top_p != 0
             and _whole_in(width, 1, cs.MAX_WIDTH))
    assert (verdict is not REFUSED) == valid, (length, temperature, top_k, top_p, width)


# --- looking inside a char LM: probe text and a student's regex -------------------------------------------------
PROBE_TEXT = st.one_of(CODE, any_text(max_size=120, long=1200), repeated(CODE.filter(bool), 50),
                       st.integers(interpret.MAX_TEXT - 2, interpret.MAX_TEXT + 2).map(lambda n: "x" * n))


@FUZZ
@given(text=PROBE_TEXT, which=st.one_of(st.sampled_from(["cell", "hidden"]), st.text(max_size=6)))
def test_charlm_cells_probe_text(text, which):
    """The cells page: check the text, read it through the Python LSTM, describe it, rank the cells."""
    checked = outcome(interpret.check_text, text)
    features = outcome(interpret.text_features, text)
    assert features is not REFUSED and all(len(v) == len(text) for v in features.values())
    if checked is REFUSED or len(text) > 200:  # the page caches activations; long reads cost seconds here
        return
    acts = outcome(interpret.activations, sampler("python", "lstm"), text, which)
    if acts is not REFUSED:
        assert acts.shape[1] == len(text) and np.isfinite(acts).all()
        outcome(interpret.rank_cells, acts, features)


REGEX_ATOM = st.one_of(
    st.sampled_from([".", "a", "b", "\\w", "\\d", "\\s", "\\S", "\\b", "^", "$", "[a-z]", "[^\\n]", "[]a]", "\\p{L}",
                     "\\p{Han}", "\\X", "'", '"', "#", "\\(", "\\1", "\\g<1>", "(?R)", "(?1)", "[[:alpha:]]",
                     "\\N{SPACE}", "(?V1)[[a-z]--[aeiou]]", "(?i)", "(?x)", "(?#[)", "\\x{41}", "\\", "[", "(", ")",
                     "{", "}", "|", "\\L<x>", "(?<n>a)", "(?P=n)", "\\K", "(*SKIP)(*FAIL)", "(?(1)a|b)"]),
    st.characters(),
)
REGEX_QUANTIFIER = st.sampled_from(["", "", "*", "+", "?", "*?", "+?", "??", "*+", "++", "{2}", "{0,3}", "{2,}", "{,5}",
                                    "{ 3 }", "{1000}", "{1000,}", "{65535}", "{100000}", "{4294967295}",
                                    "{99999999999999999999}", "{e<=1}", "{e<=3}", "{i<=1,d<=1}"])
REGEX = st.recursive(
    REGEX_ATOM,
    lambda inner: st.one_of(
        st.tuples(inner, REGEX_QUANTIFIER).map("".join),
        st.lists(inner, min_size=1, max_size=4).map("".join),
        st.lists(inner, min_size=2, max_size=3).map("|".join),
        st.tuples(st.sampled_from(["(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?P<g>", "(?i:", "(?x:", "(?r)"]),
                  inner, st.just(")"), REGEX_QUANTIFIER).map("".join),
    ),
    max_leaves=16,
)
CATASTROPHIC = st.sampled_from([
    "(a+)+$", "(a|a)*b", "(a|aa)+$", "(.*a){20}", "((a*)*)*b", "(a?){25}a{25}", r"(\w+\s?)+$", "(?:a+){2,}b",
    "(?:(a|a)+c|a)", "(?:(?:a{1000}){1000}){1000}", "(?:(?:(?:a{100}){100}){100}){100}", "(?:a{2}){100000000}",
    "a{1000000000}", "(?:[ab]{1000}){1000}", "(?:(?:a*){1000}){1000}", "(x+x+)+y", "(?:a|(?:b){1000}){1000}",
    "(" * 90 + "a" + ")" * 90, "(?:" * 60 + "a" + ")" * 60, "[" * 150, "(?:a){e<=50}z",
])
REGEX_TEXT = st.one_of(CODE, any_text(max_size=100, long=1000), st.integers(0, interpret.MAX_TEXT).map(
    lambda n: "a" * n + "b"), st.integers(0, 60).map(lambda n: "a" * n + "!"))


@FUZZ
@given(text=REGEX_TEXT, pattern=weighted((4, REGEX), (1, st.text(max_size=250)), (1, CATASTROPHIC)))
@example("a" * 5000 + "b", "(a+)+$")  # exponential backtracking: the match timeout answers
@example("a" * 30 + "b", "(a|a)*b")
@example("def f():\n    return 1\n", "(?:(?:a{1000}){1000}){1000}")  # written out when compiled: no timeout applies
@example("x", "a{1000000000}")
def test_charlm_cells_regex(text, pattern):
    feature = outcome(interpret.regex_feature, text, pattern)
    if feature is not REFUSED:
        assert feature.shape == (len(text),) and set(np.unique(feature)) <= {0.0, 1.0}


# --- live training: uploads, pasted text, settings -------------------------------------------------------------
LIMIT = charlm_model.MAX_TRAIN_TEXT_BYTES
INVALID_UTF8 = st.sampled_from([b"\xff", b"\xfe", b"\xc3", b"\xc0\xaf", b"\xe0\x80\x80", b"\xed\xa0\x80",
                                b"\xf4\x90\x80\x80", b"\x80", b"\xe4\xb8", b"\xf0\x9f\x98"])
UPLOAD = st.one_of(
    st.binary(max_size=4000),
    any_text(max_size=300, long=3000).map(lambda s: s.encode("utf-8")),
    st.builds(lambda a, bad, b: a.encode("utf-8") + bad + b, any_text(max_size=40, long=200), INVALID_UTF8,
              st.binary(max_size=20)),
    st.builds(lambda chunk, extra: (chunk * (LIMIT // len(chunk) + 2))[: LIMIT + extra],
              st.one_of(st.binary(min_size=1, max_size=16), st.sampled_from(["中文", "a", "😀 "]).map(str.encode)),
              st.integers(-8, 8)),
    st.builds(lambda chunk, n: chunk * n, st.sampled_from([b"ROMEO:\n", "你好。".encode(), b"\xff\xfe"]),
              st.integers(100, LIMIT // 5)),
)


@FUZZ
@given(data=UPLOAD)
def test_charlm_upload(data):
    text = outcome(charlm_recipes.text_from_upload, data)
    if text is REFUSED:
        return
    assert len(data) <= LIMIT and text.encode("utf-8") == data
    parts = outcome(charlm_recipes.split_live_text, text)
    if parts is not REFUSED:
        assert parts[0] + parts[1] == text and len(text) >= charlm_recipes.MIN_TRAIN_TEXT


@FUZZ
@given(kind=mostly(st.sampled_from(charlm_model.KINDS), st.text(max_size=5)), hidden=whole_or_not(8, 1024),
       layers=whole_or_not(1, 3), bptt=whole_or_not(4, 512), steps=whole_or_not(1, 100_000), batch=whole_or_not(1, 512),
       lr=real_or_not(1e-6, 1))
def test_charlm_settings_check(kind, hidden, layers, bptt, steps, batch, lr):
    made = charlm_model.CharLMSettings(kind=kind, hidden=hidden, layers=layers, bptt=bptt, steps=steps, batch=batch, lr=lr)
    if outcome(made.check) is not REFUSED:
        assert kind in charlm_model.KINDS and 8 <= hidden <= 1024 and 1 <= layers <= 3 and math.isfinite(lr) and 0 < lr <= 1


@FUZZ
@given(hidden=whole_or_not(1, 512), length=whole_or_not(1, 5000), scale=real_or_not(-10, 10),
       input_scale=real_or_not(-10, 10), forget_bias=real_or_not(-10, 10),
       activation=mostly(st.sampled_from(["tanh", "relu", "identity"]), st.text(max_size=5)),
       dtype=mostly(st.sampled_from(["float32", "float64"]), st.text(max_size=5)))
def test_gradient_lab_settings(hidden, length, scale, input_scale, forget_bias, activation, dtype):
    made = outcome(LabSettings, hidden=hidden, length=length, scale=scale, input_scale=input_scale,
                   forget_bias=forget_bias, activation=activation, dtype=dtype)
    if made is not REFUSED:
        assert 1 <= hidden <= 512 and 1 <= length <= 5000 and math.isfinite(scale)


# --- the translator ----------------------------------------------------------------------------------------
ZH_SOURCE = weighted((4, chinese(min_size=1, max_size=25)), (1, chinese(min_size=35, max_size=60)), (1, ENGLISH),
                     (1, any_text(max_size=60, long=300)))


@FUZZ
@given(text=st.one_of(ZH_SOURCE, any_text()))
def test_translator_source(text):
    from playground.seq2seq.translate import MAX_SOURCE_CHARS, prepare_source

    source = outcome(prepare_source, text, translator().src_vocab)
    if source is not REFUSED:
        assert 1 <= len(source.chars) <= MAX_SOURCE_CHARS and set(source.unknown) <= set(source.chars)


@FUZZ
@given(attention=mostly(st.just(True), st.just(False), times=2), text=ZH_SOURCE,
       strategy=mostly(st.sampled_from(["greedy", "beam", "sample"]), st.text(max_size=8)),
       beam=mostly(st.integers(1, 3), st.integers(-10, 20) | st.integers(-(2**64), 2**64) | FLOAT),
       length_penalty=mostly(st.floats(0, 3), FLOAT), temperature=mostly(st.floats(0.05, 5), FLOAT),
       seed=mostly(st.integers(0, 2**31 - 1), st.integers(-(2**64), 2**64) | FLOAT))
def test_translator_translate(attention, text, strategy, beam, length_penalty, temperature, seed):
    result = outcome(translator(attention).translate, text, strategy=strategy, beam=beam, length_penalty=length_penalty,
                     temperature=temperature, seed=seed)
    if result is REFUSED:
        return
    assert len(result.steps) == len(result.tokens) + result.finished
    assert all(0 <= step.prob <= 1 for step in result.steps) and math.isfinite(result.log_prob)
    if attention:
        assert result.attention.shape == (len(result.steps), len(result.source.chars))
    else:
        assert result.attention is None
    assert isinstance(result.text, str)


@FUZZ
@given(attention=mostly(st.just(True), st.just(False), times=2), text=ZH_SOURCE,
       beam=mostly(st.integers(1, 3), st.integers(-3, 12) | FLOAT), length_penalty=mostly(st.floats(0, 3), FLOAT))
def test_translator_beam_tree(attention, text, beam, length_penalty):
    tree = outcome(translator(attention).beam_tree, text, beam=beam, length_penalty=length_penalty)
    share = outcome(translator(attention).unknown_share, text)
    if tree is not REFUSED:
        assert tree.nodes and set(tree.winner) <= {node["id"] for node in tree.nodes} and tree.hypotheses
        assert share is not REFUSED and 0 <= share <= 1


@FUZZ
@given(strategy=mostly(st.sampled_from(["greedy", "beam", "sample"]), st.text(max_size=8)),
       beam=whole_or_not(1, 10), length_penalty=real_or_not(0, 3), temperature=real_or_not(0.05, 5),
       seed=whole_or_not(0, 2**31 - 1))
def test_translator_check_decoding(strategy, beam, length_penalty, temperature, seed):
    from playground.seq2seq.translate import MAX_BEAM, STRATEGIES, check_decoding

    verdict = outcome(check_decoding, strategy, beam, length_penalty, temperature, seed)
    valid = (strategy in STRATEGIES and _whole_in(beam, 1, MAX_BEAM) and _real_in(length_penalty, *DECODING.LENGTH_PENALTY)
             and _real_in(temperature, *DECODING.TEMPERATURE) and _whole_in(seed, *DECODING.SEED))
    assert (verdict is not REFUSED) == valid, (strategy, beam, length_penalty, temperature, seed)

"""No verdict without evidence (issue 24): how much of a typed text a model can read, and every model
that reads typed text refusing one it cannot read, naming what it lacks."""

import pytest

from playground.core import coverage as C
from playground.core.errors import InputError
from playground.core.i18n import t

VOCAB = {"a": 0, "b": 1, "c": 2, " ": 3}


def test_known_and_unknown_tokens_are_counted():
    cov = C.coverage("abxyx", VOCAB)
    assert cov.total == 5 and cov.known_count == 2 and cov.share == pytest.approx(0.4)
    assert cov.unknown == ["x", "y"]  # distinct, in order of first appearance
    assert C.coverage(["a", "q"], lambda tok: tok == "q").known == (False, True)  # a test per token works too


@pytest.mark.parametrize(("text", "readable"), [
    ("abc", True), ("", True),  # nothing unknown: nothing unread
    ("abxy", True),  # exactly half known: the line is inclusive (the lowest English test review sits on it)
    ("abxyz", False), ("a xyz", False),  # fewer than half
    ("xyz", False), ("x", False),  # nothing known
])
def test_readable_needs_half_of_the_tokens_and_at_least_one(text, readable):
    assert C.coverage(text, VOCAB).readable is readable


def test_require_names_the_unknown_tokens_and_the_counts():
    assert C.coverage("abc", VOCAB).require().total == 3
    with pytest.raises(InputError) as none:
        C.coverage("xyx", VOCAB).require()
    assert none.value.code == "unreadable_none" and none.value.params == {"unknown": ("x", "y"), "known": 0, "total": 3}
    with pytest.raises(InputError) as few:
        C.coverage("a\txyz", VOCAB).require()
    assert few.value.code == "unreadable_few"
    assert few.value.params == {"unknown": ("'\\t'", "x", "y", "z"), "known": 1, "total": 5}  # a tab is named, not blank


def test_a_long_list_of_unknown_tokens_is_cut_with_an_ellipsis():
    many = "".join(chr(0x4E00 + i) for i in range(C.LISTED + 5))
    listed = C.coverage(many, VOCAB).listed()
    assert len(listed) == C.LISTED + 1 and listed[-1] == "…" and listed[0] == "一"


@pytest.mark.parametrize("code", ["unreadable_none", "unreadable_few"])
def test_messages_in_both_languages_name_the_tokens(code):
    for lang in ("zh", "en"):
        message = t(f"error.{code}", lang, unknown="龘 😀", known=1, total=4)
        assert "龘 😀" in message and "4" in message and "<unk>" in message


# --- the models that read typed text ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def classifiers():
    from playground.models import sentiment as S

    return {lang: S.load_classifier(lang, "lstm", device="cpu") for lang in S.LANGS}


def test_sentiment_gives_no_probability_for_text_it_cannot_read(classifiers):
    """The issue's case: a Chinese review read by the English LSTM (every token <unk>) was 'positive, 0.998'."""
    en, zh = classifiers["en"], classifiers["zh"]
    review = "配送不慢，饭也不是不好吃，就是下次不会再点了"
    assert 0 <= zh.predict(review) <= 1
    for read in (en.predict, en.trace):
        with pytest.raises(InputError) as info:
            read(review)
        assert info.value.code == "other_language"  # issue 33: the script is checked first
        assert en.coverage(review).known_count == 0  # and none of its tokens is known anyway
    with pytest.raises(InputError) as emoji:
        en.predict("😀😀😀")
    assert emoji.value.params["unknown"] == ("😀",)
    with pytest.raises(InputError) as few:  # one known word among unknown symbols: too little
        en.trace("great ☃ ☃ ☃")
    assert few.value.code == "unreadable_few" and few.value.params == {"unknown": ("☃",), "known": 1, "total": 4}
    cov = en.coverage("a great 𪚥 film")
    assert cov.readable and cov.unknown == ["𪚥"]  # a stray unknown token is named, and the verdict stands
    assert 0 <= en.predict("a great 𪚥 film") <= 1


def test_the_other_language_needs_more_of_its_script():
    other = C.other_language
    assert other("😀😀😀", "en") is None and other("😀😀😀", "zh") is None  # was "looks like Chinese"
    assert other("12345 !!!", "en") is None and other("12345 !!!", "zh") is None
    assert other("这本书很好", "en") == "zh" and other("这本书很好", "zh") is None
    assert other("a great film", "zh") == "en" and other("a great film", "en") is None
    assert other("iPhone 很好用", "zh") is None  # a brand name in a Chinese review
    assert other("Café très bon", "zh") == "en"  # Latin letters beyond ASCII count too
    with pytest.raises(InputError) as info:
        C.require_language("hello world", "zh")
    assert info.value.code == "other_language" and info.value.params["other_code"] == "en"
    assert C.require_language("我爱 NLP", "zh") == "我爱 NLP"


# Issue 33's examples: a text in the other language's script, or nonsense, gets no verdict, ranking or
# translation from any model that reads typed text
REFUSED = [
    ("sentiment", "zh", "The pasta was cold and the waiter was rude."),
    ("sentiment", "zh", "asdfghjkl qwerty"),
    ("sentiment", "en", "qwzx vbnm plok"),
    ("sentiment", "en", "这家餐厅的菜很好吃"),
    ("cloze", "zh", "hello __ world"),
    ("seq2seq", "zh", "hello 我 world again"),
]


@pytest.mark.parametrize(("model", "lang", "text"), REFUSED)
def test_the_issues_examples_get_no_answer(model, lang, text):
    with pytest.raises(InputError) as info:
        if model == "sentiment":
            from playground.models import sentiment as S

            S.load_classifier(lang, "lstm", device="cpu").predict(text)
        elif model == "cloze":
            from playground.beyond import cloze

            forward, backward = (cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)
            cloze.fill(forward, backward, text)
        else:
            from playground.seq2seq import translate

            translate.prepare_source(text, translate.load_translator().src_vocab)
    assert info.value.code in ("other_language", "unreadable_none", "unreadable_few", "seq2seq_english")


@pytest.fixture(scope="module")
def shakespeare():
    from playground import charlm

    return charlm.load(charlm.name_of("shakespeare", "lstm")).sampler


def test_char_lm_prompt_and_cells_text_must_be_readable(shakespeare):
    from playground.models.charlm import decoding as cs
    from playground.models.charlm import interpret

    assert cs.check_prompt(shakespeare, "ROMEO ☃:") == ["☃"]  # one unknown character: named, and generated from
    for prompt, code in (("你好世界", "unreadable_none"), ("你好 世界", "unreadable_few")):
        with pytest.raises(InputError) as info:
            cs.generate(shakespeare, prompt, 5, "greedy")
        assert info.value.code == code and info.value.params["unknown"] == ("你", "好", "世", "界")
    with pytest.raises(InputError) as typed:  # the unknown symbol itself, typed, is read as unknown too
        cs.check_prompt(shakespeare, "\ufffd\ufffd")
    assert typed.value.code == "unreadable_none"
    assert cs.check_prompt(shakespeare, "   ") == []  # whitespace the model knows is readable
    with pytest.raises(InputError) as cells:
        interpret.activations(shakespeare, "这是中文文本")
    assert cells.value.code == "unreadable_none"
    assert interpret.check_text("这是中文文本") == "这是中文文本"  # without a model, only the length is checked


@pytest.fixture(scope="module")
def readers():
    from playground.beyond import cloze

    return tuple(cloze.load(cloze.model_name(d)).sampler for d in cloze.DIRECTIONS)


def test_cloze_and_generation_refuse_a_sentence_the_readers_cannot_read(readers):
    from playground.beyond import cloze

    forward, backward = readers
    assert cloze.fill(forward, backward, "我在__工作").table
    with pytest.raises(InputError) as info:
        cloze.fill(forward, backward, "😀😀__😀")
    assert info.value.code == "unreadable_none" and info.value.params == {"unknown": ("😀",), "known": 0, "total": 3}
    assert cloze.fill(forward, backward, "__").table  # no character at all: nothing unread, the blank alone
    for generate in (cloze.generate_left_only, cloze.generate_with_both):
        with pytest.raises(InputError) as gen:
            generate(forward, backward, "😀😀我") if generate is cloze.generate_with_both else generate(forward, "😀😀我")
        assert gen.value.code == "unreadable_few"
    assert cloze.generate_left_only(forward, "我吃了", 2)

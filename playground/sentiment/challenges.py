"""The sentiment page's challenge (issue 53): a review of at most 12 characters that the LSTM reads
right and the bag of tokens reads wrong. "Right" is the label the student gives it with the page's
own control (``settings.TRUTH``); both models read it as the page reads it (``Classifier.read``, the
verdict from p(positive) >= 0.5 after the last token)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from playground import sentiment
from playground.core.challenges import Challenge, Getter, Loader, Verdict
from playground.core.coverage import other_language
from playground.core.errors import InputError
from playground.models.sentiment import LANGS, model_name
from playground.sentiment import settings as state

MAX_REVIEW = 12  # characters, spaces at either end not counted


@dataclass(frozen=True)
class Review:
    text: str
    truth: int  # the student's label: 1 positive, 0 negative
    picked: str  # the page's model language, as stored


def review_in_page(get: Getter) -> Review:
    """The review box, the student's label and the model language, as the page's controls hold them."""
    return Review(str(get(state.REVIEW) or ""), get(state.TRUTH), get(state.MODEL_LANG))


def language_of(text: str, picked: str) -> str:
    """The language whose models read the review: its own. The page refuses a review in the other
    language (and offers to switch), so this is the language in which the page gives it a verdict;
    the picked one when either could read it. (A check sees the store, not the picker's run-time
    default, which follows the reader's language.)"""
    picked = picked if picked in LANGS else LANGS[0]
    return other_language(text, picked) or picked


def p_positive(text: str, language: str, kind: str, load: Loader) -> float:
    """What the page's verdict for ``kind`` says: p(positive) after the last token."""
    return float(load(model_name(language, kind), sentiment).read(text).p_positive[-1])


def _reads_right(p: float, truth: int) -> bool:
    return (p >= 0.5) == (str(truth) == "1")  # NaN reads as negative, as the page's verdict would


def check_short_review(review: Review, load: Loader) -> Verdict:
    text = review.text.strip()
    if not text:
        return Verdict(False, "challenge.senti.empty")
    if len(text) > MAX_REVIEW:
        return Verdict(False, "challenge.senti.too_long", {"n": str(len(text)), "limit": str(MAX_REVIEW)})
    language = language_of(text, review.picked)
    try:
        lstm, bag = (p_positive(text, language, kind, load) for kind in ("lstm", "bag"))
    except InputError:  # nothing the models can read (the lab above says why)
        return Verdict(False, "challenge.senti.unreadable")
    fields = {"lstm": f"{lstm:.3f}", "bag": f"{bag:.3f}"}
    if not _reads_right(lstm, review.truth):
        return Verdict(False, f"challenge.senti.lstm_wrong.{1 if str(review.truth) == '1' else 0}", fields)
    if _reads_right(bag, review.truth):
        return Verdict(False, "challenge.senti.bag_right", fields)
    return Verdict(True, "challenge.senti.solved", fields)


# 一点也不差 ("not bad at all"): alone, 不 and 差 both pull the bag towards negative; the LSTM reads 差
# after 不. Its pair 一点也不好 ("not good at all", negative) is read right by both: no bag mistake.
# The picker's default follows the reader's language at run time, and the store drops a value equal to
# the default it is given: given the declared one ("zh"), an English page would stay on its English
# models after "Put these values into the page". Given the other language's, "zh" is kept for every reader.
_CHINESE_MODELS = (replace(state.MODEL_LANG, default="en"), "zh")
SHORT = Challenge(
    "ch_senti_short", review_in_page, check_short_review,
    solution=(_CHINESE_MODELS, (state.REVIEW, "一点也不差"), (state.TRUTH, 1)),
    near_miss=(_CHINESE_MODELS, (state.REVIEW, "一点也不好"), (state.TRUTH, 0)),
    anchor_of_lab="senti-model",
)

CHALLENGES = (SHORT,)

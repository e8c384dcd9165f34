"""The lesson's "predict first" question (issue 26): Sentiment: a bag of tokens is blind to order.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

import math

from playground import sentiment as sentiment_subject
from playground.app.fair import fragment
from playground.app.language import lang, tr
from playground.app.predict import Reveal, options, predict_first
from playground.app.shared import shared_results, shipped_model
from playground.core.settings import Setting
from playground.models import sentiment as sentiment_model

# --- Sentiment: a bag of tokens is blind to order -------------------------------------------------------------
# seeds/000 (讲解稿) line 9: 如果情感分析模型只数“慢”“不好吃”这些词……; line 17: 词袋和 TF-IDF……通常弱化甚至丢掉顺序.
BAG_PAIRS = {"zh": ("好吃不贵", "贵不好吃"), "en": ("good, not bad", "bad, not good")}  # the same tokens, reordered


@shared_results(max_entries=32)
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
def ask(setting: Setting, language: str, kind: str) -> None:
    """``language`` and ``kind``: the model language and the model chosen on the page (their pickers
    rerun the whole page, this box included)."""
    predict_first(setting, text(language), options("senti"), lambda: _sentiment_reveal(language, kind))


def text(language: str | None = None) -> str:
    """The question as the page asks it (the run-sheet quotes it); ``language``: the reviews', by
    default the reader's (as the page's model language is)."""
    language = language if language in BAG_PAIRS else lang()
    a, b = BAG_PAIRS[language]
    return tr("senti.predict.q", a=a, b=b, unit=tr(f"senti.predict.unit.{language}"))


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _sentiment_reveal(lang(), "bag")  # the page opens on the reader's language


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("senti")

"""The Sentiment page's settings.

Two defaults follow the reader's language at run time (the page passes them through
``dataclasses.replace``): the model language (``lang()``) and the sample review (``SAMPLES`` of
that model language). The declared ones are the Chinese page's.
"""

from playground.core.settings import PageState, Setting, Structured, guess
from playground.models.sentiment import KINDS, LANGS, MAX_CHARS
from playground.sentiment.walkthrough import LECTURE_TOKENS, LECTURE_XS, tokens_from_text, tokens_to_text

SAMPLES = {"zh": "配送不慢，饭也不是不好吃，就是下次不会再点了", "en": "not bad at all, I would watch it again"}

W_X = Setting("senti_w_x", 1.0, -3.0, 3.0, 0.05)
W_H = Setting("senti_w_h", 0.5, -3.0, 3.0, 0.05)
W_Y = Setting("senti_w_y", 2.0, -5.0, 5.0, 0.1)
LABEL = Setting("senti_label", 1, options=(1, 0))
MODEL_LANG = Setting("senti_model_lang", "zh", options=LANGS)
KIND = Setting("senti_kind", "lstm", options=KINDS)
# the box takes what the model reads (MAX_CHARS)
REVIEW = Setting("senti_review", SAMPLES["zh"], max_chars=MAX_CHARS)
# the prefix shown on the strip: up to the review's last token, which it is by default (narrowed by the page)
T = Setting("senti_t", MAX_CHARS, 1, MAX_CHARS)
# the counterfactual: an edited copy of the review ("" here; the page starts it from the review)
COUNTERFACTUAL = Setting("senti_counterfactual", "", max_chars=MAX_CHARS)
SHOW_ALL = Setting("senti_show_all", True)
# which inside view the heat map shows: the hidden state or one gate (the page offers the kind's own)
VIEWS = ("h", "i", "f", "o", "c", "z", "r")
VIEW = Setting("senti_view", "h", options=VIEWS, needs=(("senti_kind", "lstm"),))
# the label the student gives their own review, for the challenge below the classifiers (issue 53)
TRUTH = Setting("senti_truth", 1, options=(1, 0))



def _encode_table(rows: tuple[tuple[str, float], ...]) -> str:
    return tokens_to_text([t for t, _ in rows], [x for _, x in rows])


def _decode_table(text: str) -> tuple[tuple[str, float], ...]:
    if text.strip() == "[]":  # every row deleted: the page says the table is empty
        return ()
    return tuple(zip(*tokens_from_text(text), strict=True))


# the walk-through's table of (token, x_t) rows; in the link as ``walkthrough.tokens_to_text`` writes it
WALK_TOKENS = Structured("senti_walk_table", tuple(zip(LECTURE_TOKENS, LECTURE_XS, strict=True)),
                         max_chars=3000, encode=_encode_table, decode=_decode_table)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("senti_guess")

STATE = PageState("senti", (GUESS, W_X, W_H, W_Y, LABEL, MODEL_LANG, KIND, REVIEW, T, COUNTERFACTUAL, SHOW_ALL, VIEW,
                            WALK_TOKENS, TRUTH))

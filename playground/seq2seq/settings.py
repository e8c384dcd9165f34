"""The seq2seq page's settings."""

from playground.core.datasets.tatoeba import MAX_SOURCE_CHARS
from playground.core.settings import PageState, Setting, guess
from playground.seq2seq.translate import MAX_BEAM, STRATEGIES

# the boxes take what the translators read (MAX_SOURCE_CHARS)
TEXT = Setting("s2s_text", "我爱自然语言处理", max_chars=MAX_SOURCE_CHARS)  # the lecture's sentence
MODEL = Setting("s2s_model", "attention", options=("attention", "classic"))  # the page offers those that load
STRATEGY = Setting("s2s_strategy", "beam", options=STRATEGIES)
BEAM = Setting("s2s_beam", 5, 1, MAX_BEAM, needs=(("s2s_strategy", "beam"),))  # greyed for the others
PENALTY = Setting("s2s_penalty", 1.0, 0.0, 2.0, 0.1, needs=(("s2s_strategy", "beam"),))
TEMPERATURE = Setting("s2s_temperature", 1.0, 0.1, 2.0, 0.05, needs=(("s2s_strategy", "sample"),))
SEED = Setting("s2s_seed", 0, 0, 10_000, needs=(("s2s_strategy", "sample"),))
LONG = Setting("s2s_long", "我昨天在图书馆遇到了一个很久没见的老朋友，我们聊了很长时间。", max_chars=MAX_SOURCE_CHARS)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("s2s_guess")

STATE = PageState("s2s", (TEXT, MODEL, STRATEGY, BEAM, PENALTY, TEMPERATURE, SEED, LONG, GUESS))

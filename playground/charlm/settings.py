"""The character-LM page's settings: the sampling lab and live training.

The model picker, ``lm_model``, is declared with the shipped models; a model trained live in the
session joins its options at run time. The live-training text, ``lm_live_text``, is declared for its
limit (what one websocket message may carry; longer texts go by upload) but kept out of the
page's state: 200,000 characters do not belong in an address.
"""

from playground.core.settings import PageState, Setting, guess
from playground.models.charlm import SHIPPED_CHOICES, name_of
from playground.models.charlm.decoding import STRATEGIES
from playground.models.charlm.model import CORPORA, KINDS, MAX_PASTE_CHARS

MAX_SEED = 10_000
# The lab's limits keep one change under 0.5 CPU-s (the class shares one server): reading a 300-character
# prompt takes 0.05 s, beam search with 10 beams over 400 characters 0.29 s (500: 0.36 s and 0.53 s for the
# whole change; 2-core box, python -m bench --only abuse). The library takes up to decoding.MAX_PROMPT / MAX_LENGTH.
MAX_PROMPT = 300
MAX_LENGTH = 400

PROMPT = Setting("lm_prompt", "ROMEO:\n", max_chars=MAX_PROMPT)
STRATEGY = Setting("lm_strategy", "sample", options=STRATEGIES)
LENGTH = Setting("lm_length", 300, 20, MAX_LENGTH, 10)
COMPARED = 160  # at most this many characters in the side by side of the three decoders (the dearest is beam search)
SEED = Setting("lm_seed", 1, 0, MAX_SEED)
TEMPERATURE = Setting("lm_temperature", 0.8, 0.1, 2.0, 0.05, needs=(("lm_strategy", "sample"),))
TOP_K = Setting("lm_top_k", 10, 1, 40, needs=(("lm_strategy", "top_k"),))
TOP_P = Setting("lm_top_p", 0.9, 0.05, 1.0, 0.05, needs=(("lm_strategy", "top_p"),))
WIDTH = Setting("lm_width", 5, 1, 10, needs=(("lm_strategy", "beam"),))
PENALTY = Setting("lm_penalty", 0.6, 0.0, 2.0, 0.1, needs=(("lm_strategy", "beam"),))
# the step whose distribution is shown: 1 .. the generation's length (narrowed at run time)
POSITION = Setting("lm_position", 1, 1, MAX_LENGTH)

SOURCE = Setting("lm_source", "shakespeare", options=(*CORPORA, "paste", "upload"))
LIVE_CELL = Setting("lm_live_cell", "lstm", options=KINDS)
# Live training is sized to finish within a few minutes on the shared 2-core server (issue 28):
# at most 256 units x 3 layers and BPTT 128 (3 x 512 at BPTT 256 ran 2.7 s a step: 5,000 steps
# took hours and held a slot for everyone else's turn). The steps slider's top is narrowed at run
# time to what the chosen model trains in ~3 minutes (``playground.charlm.live.live_max_steps``:
# 300 steps for LSTM 256 x 3 at BPTT 128, all 5,000 for a small one).
LIVE_HIDDEN = Setting("lm_live_hidden", 128, options=(32, 64, 128, 256))
LIVE_LAYERS = Setting("lm_live_layers", 2, 1, 3)
LIVE_BPTT = Setting("lm_live_bptt", 64, 16, 128, 16)
LIVE_LR = Setting("lm_live_lr", 3e-3, options=(1e-4, 3e-4, 1e-3, 2e-3, 3e-3, 1e-2, 3e-2))
LIVE_STEPS = Setting("lm_live_steps", 500, 50, 5000, 50)

# not in STATE (never in the link); the box takes what one message may carry (a longer text: upload it)
LIVE_TEXT = Setting("lm_live_text", "", max_chars=MAX_PASTE_CHARS)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("lm_guess")

STATE = PageState("lm", (GUESS, PROMPT, STRATEGY, LENGTH, SEED, TEMPERATURE, TOP_K, TOP_P, WIDTH, PENALTY, POSITION,
                         SOURCE, LIVE_CELL, LIVE_HIDDEN, LIVE_LAYERS, LIVE_BPTT, LIVE_LR, LIVE_STEPS))

# the model picker: the shipped models; a model trained live in this session joins them at run time
MODEL = Setting("lm_model", "charlm_shakespeare_lstm",
                options=tuple(name_of(corpus, kind) for corpus, kind in SHIPPED_CHOICES))
STATE = PageState(STATE.prefix, (MODEL, *STATE.settings))

"""The "two consecutive 1s" page's settings."""

from playground.core.settings import PageState, Setting, Structured, guess
from playground.two_ones.model import (
    CONSTRUCTIONS,
    LECTURE_EXAMPLE,
    MAX_STEPS,
    TrainSettings,
    Weights,
    weights_from_text,
    weights_to_text,
)

# room for MAX_STEPS bits, each with one separator (the page says "up to MAX_STEPS bits")
BITS = Setting("ones_bits", " ".join(LECTURE_EXAMPLE), max_chars=2 * MAX_STEPS)
RAND_LEN = Setting("ones_rand_len", 12, 1, 64)  # length of a random sequence
CONSTRUCTION = Setting("ones_construction", "relu", options=tuple(CONSTRUCTIONS))
# the step shown; the page narrows the slider to the sequence's length
T = Setting("ones_t", 1, 1, MAX_STEPS)



def _encode_weights(weights: Weights | None) -> str:
    return "" if weights is None else weights_to_text(weights)


def _decode_weights(text: str) -> Weights | None:
    return None if text == "" else weights_from_text(text)


# edited weights (None: the construction as it is), in the link as ``two_ones.weights_to_text`` writes them;
# a link with weights opens them for editing (the page makes that the toggle's default)
EDIT = Setting("ones_edit", False)
WEIGHTS = Structured("ones_weights", None, max_chars=400, encode=_encode_weights, decode=_decode_weights,
                     needs=((EDIT.key, True),))

# training from scratch (a form: kept when it is sent); the library's TrainSettings checks the same ranges
_TRAIN = TrainSettings()
TRAIN_HIDDEN = Setting("ones_train_hidden", _TRAIN.hidden, 2, 16)
TRAIN_ACTIVATION = Setting("ones_train_activation", _TRAIN.activation, options=("tanh", "relu"))
TRAIN_LR = Setting("ones_train_lr", _TRAIN.lr, options=(0.001, 0.003, 0.01, 0.03, 0.1, 0.3))
TRAIN_STEPS = Setting("ones_train_steps", _TRAIN.steps, 50, 2000, 50)
TRAIN_SEED = Setting("ones_train_seed", _TRAIN.seed, 0, 10_000)

TRAIN = (TRAIN_HIDDEN, TRAIN_ACTIVATION, TRAIN_LR, TRAIN_STEPS, TRAIN_SEED)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("ones_guess", "abcd")

STATE = PageState("ones", (GUESS, BITS, RAND_LEN, CONSTRUCTION, T, EDIT, WEIGHTS, *TRAIN))

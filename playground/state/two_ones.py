"""The "two consecutive 1s" page's settings."""

from playground.state import PageState, Setting
from playground.two_ones import CONSTRUCTIONS, LECTURE_EXAMPLE, MAX_STEPS

# room for MAX_STEPS bits with separators, so that the library's own "too many steps" message shows
BITS = Setting("ones_bits", " ".join(LECTURE_EXAMPLE), max_chars=4 * MAX_STEPS)
RAND_LEN = Setting("ones_rand_len", 12, 1, 64)  # length of a random sequence
CONSTRUCTION = Setting("ones_construction", "relu", options=tuple(CONSTRUCTIONS))
# the step shown; the page narrows the slider to the sequence's length
T = Setting("ones_t", 1, 1, MAX_STEPS)

# edited weights, as ``two_ones.weights_to_text`` writes them ("" = the construction as it is)
EDIT = Setting("ones_edit", False)
WEIGHTS = Setting("ones_weights", "", max_chars=400)

STATE = PageState("ones", (BITS, RAND_LEN, CONSTRUCTION, T, EDIT, WEIGHTS))

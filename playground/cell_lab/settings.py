"""The LSTM and GRU cell lab's settings."""

from playground.cell_lab.model import LECTURE_SCALAR
from playground.core.settings import PageState, Setting, guess, vector
from playground.core.text import MAX_CHARS

# the lecture's scalar LSTM: gates in [0, 1], cell values in [-1, 1]
C_PREV = Setting("lab_c_prev", float(LECTURE_SCALAR.c_prev), -1.0, 1.0, 0.01)
F = Setting("lab_f", float(LECTURE_SCALAR.f), 0.0, 1.0, 0.01)
I = Setting("lab_i", float(LECTURE_SCALAR.i), 0.0, 1.0, 0.01)  # noqa: E741 (the input gate's name)
C_TILDE = Setting("lab_c_tilde", float(LECTURE_SCALAR.c_tilde), -1.0, 1.0, 0.01)
O = Setting("lab_o", float(LECTURE_SCALAR.o), 0.0, 1.0, 0.01)  # noqa: E741 (the output gate's name)
SCALAR = {"c_prev": C_PREV, "f": F, "i": I, "c_tilde": C_TILDE, "o": O}  # by the ScalarLSTM field

# one vector step
CELL = Setting("lab_cell", "lstm", options=("lstm", "gru"))
SEED = Setting("lab_seed", 0, 0, 9999)
UNIT = Setting("lab_unit", 0, options=(0, 1), needs=(("lab_cell", "lstm"),))  # the hidden unit drawn (m = 2)
# the step's inputs, three editable grids (d = 3, m = 2); C_{t-1} only for the LSTM
VEC_X = vector("lab_vec_x", (1.0, -0.5, 0.3))
VEC_H = vector("lab_vec_h", (0.1, -0.2))
VEC_C = vector("lab_vec_c", (0.5, -0.4), needs=((CELL.key, "lstm"),))

# the conveyor belt: as long as the seeded belt takes. Its default sentence follows the reader's language
# (the page passes it through ``dataclasses.replace``); the declared one is the Chinese page's
SENTENCES = {"zh": "服务慢，但味道很好", "en": "Slow service, but the food was great"}
TEXT = Setting("lab_text", SENTENCES["zh"], max_chars=MAX_CHARS)
BIAS = Setting("lab_bias", 0.0, -3.0, 5.0, 0.5)
T = Setting("lab_t", 1, 1, MAX_CHARS * 2)  # the step shown; the page narrows the slider to the sentence

# parameter counts
D = Setting("lab_d", 100, 1, 4096)
M = Setting("lab_m", 128, 1, 4096)
LAYERS = Setting("lab_layers", 1, 1, 8)
BIDIRECTIONAL = Setting("lab_bidirectional", False)

# shapes
BI_HIDDEN = Setting("lab_bi_hidden", 3, 1, 16)
GRID_LAYERS = Setting("lab_grid_layers", 3, 1, 6)
GRID_STEPS = Setting("lab_grid_steps", 6, 1, 10)
# the picked cell of the grid: up to the grid's size (the page narrows them), its last layer and step by default
PICK_LAYER = Setting("lab_pick_layer", 6, 1, 6)
PICK_STEP = Setting("lab_pick_step", 10, 1, 10)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("lab_guess", "abcd")

STATE = PageState("lab", (GUESS, C_PREV, F, I, C_TILDE, O, CELL, SEED, UNIT, VEC_X, VEC_H, VEC_C, TEXT, BIAS, T, D, M,
                          LAYERS, BIDIRECTIONAL, BI_HIDDEN, GRID_LAYERS, GRID_STEPS, PICK_LAYER, PICK_STEP))

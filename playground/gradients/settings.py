"""The Gradients page's settings (the lab's defaults are the library's ``LabSettings``)."""

from playground.core.settings import PageState, Setting, guess
from playground.gradients.experiments import HIDDEN_RANGE, INITS, LENGTH_RANGE, MEASURES, LabSettings
from playground.gradients.memory_span import CELLS

_LAB = LabSettings()

A = Setting("grad_a", 0.5, 0.05, 2.0, 0.05)
K = Setting("grad_k", 10, 1, 2000)
HIDDEN = Setting("grad_m", _LAB.hidden, *HIDDEN_RANGE)
LENGTH = Setting("grad_T", _LAB.length, *LENGTH_RANGE)
SCALE = Setting("grad_scale", _LAB.scale, 0.1, 3.0, 0.05)
INPUT_SCALE = Setting("grad_input_scale", _LAB.input_scale, 0.0, 5.0, 0.1)
SEED = Setting("grad_seed", _LAB.seed, 0, 9999)
ACTIVATION = Setting("grad_act", _LAB.activation, options=("tanh", "relu", "identity"))
INIT = Setting("grad_init", _LAB.init, options=INITS)
MEASURE = Setting("grad_measure", _LAB.measure, options=MEASURES)
DTYPE = Setting("grad_dtype", _LAB.dtype, options=("float32", "float64"))
FORGET_BIAS = Setting("grad_forget_bias", _LAB.forget_bias, -3.0, 6.0, 0.5)
CLIP = Setting("grad_clip", 1.0, options=(0.1, 0.3, 1.0, 3.0, 10.0, 100.0))
CLIP_SCALE = Setting("grad_clip_scale", 1.3, 0.9, 2.0, 0.05)
WINDOW = Setting("grad_window", 20, 1, 200)  # truncated BPTT over 200 steps (experiments.truncated_bptt)

# one live point of the memory-span experiment (a form: kept when it is sent)
SPAN_CELL = Setting("grad_span_cell", CELLS[0], options=tuple(CELLS))
SPAN_DISTANCE = Setting("grad_span_distance", 10, options=(1, 2, 5, 10, 20, 50))

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("grad_guess", "abcd")

STATE = PageState("grad", (GUESS, A, K, HIDDEN, LENGTH, SCALE, INPUT_SCALE, SEED, ACTIVATION, INIT, MEASURE, DTYPE,
                           FORGET_BIAS, CLIP, CLIP_SCALE, WINDOW, SPAN_CELL, SPAN_DISTANCE))

"""The cells page's settings: the text to read, the cell to show, the clamp.

The model picker, ``cells_model``, is declared with the shipped models; a model trained live in
the session joins its options at run time.
Three settings have a range that only the run knows, declared here at their widest: the layer
(1 .. the model's layers; the last by default), the unit (1 .. the model's width) and the offset
into the Shakespeare test text (0 .. its length less the passage).
"""

from playground.core.datasets.charcorpora import held_out_python_files
from playground.core.settings import PageState, Setting, guess
from playground.models.charlm import SHIPPED_CHOICES, name_of
from playground.models.charlm.interpret import FEATURES, MAX_PATTERN

MAX_LAYERS, MAX_HIDDEN = 3, 1024  # the largest model CharLMSettings.check allows
MAX_OFFSET = 1_000_000
MAX_SEED = 10_000
FILES = tuple(held_out_python_files())

# the source's default is the model's own corpus (the Python model's by default)
SOURCE = Setting("cells_source", "python", options=("python", "shakespeare", "paste"))
FILE = Setting("cells_file", "base64.py" if "base64.py" in FILES else FILES[0], options=FILES,
               needs=(("cells_source", "python"),))
OFFSET = Setting("cells_offset", 0, 0, MAX_OFFSET, 500, needs=(("cells_source", "python"),))
# A pasted text is read as long as a passage from a file: 1,500 characters cost about 0.35 CPU-s a change
# (2,000 cost 0.54; the class shares one server); the library reads up to interpret.MAX_TEXT.
PASSAGE_CHARS = 1500
TEXT = Setting("cells_text", "def f(x):\n    # say 'hi' (twice)\n    return [x, \"hi\"]\n", max_chars=PASSAGE_CHARS,
               needs=(("cells_source", "paste"),))
WHICH = Setting("cells_which", "cell", options=("cell", "hidden"), needs=(("cells_model", "charlm_python_lstm"),))
REGEX = Setting("cells_regex", r"\bdef\b.*", max_chars=MAX_PATTERN)
# "manual", or the best cell for a feature; the page offers only the features the text has
FOCUS = Setting("cells_focus", "in_string", options=("manual", *FEATURES, "regex"))
LAYER = Setting("cells_layer", MAX_LAYERS, 1, MAX_LAYERS, needs=(("cells_focus", "manual"),))
UNIT = Setting("cells_unit", 1, 1, MAX_HIDDEN, needs=(("cells_focus", "manual"),))
CLAMP_VALUE = Setting("cells_clamp_value", 1.0, -3.0, 3.0, 0.1)
# as long as the char-LM page's prompt: reading 300 characters takes ~0.05 s on the shared box
MAX_PROMPT = 300
CLAMP_PROMPT = Setting("cells_clamp_prompt", "    def ", max_chars=MAX_PROMPT)
CLAMP_SEED = Setting("cells_clamp_seed", 1, 0, MAX_SEED)

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("cells_guess")

STATE = PageState("cells", (GUESS, SOURCE, FILE, OFFSET, TEXT, WHICH, REGEX, FOCUS, LAYER, UNIT, CLAMP_VALUE, CLAMP_PROMPT,
                            CLAMP_SEED))

# the model picker: the shipped models; a model trained live in this session joins them at run time
MODEL = Setting("cells_model", "charlm_python_lstm",
                options=tuple(name_of(corpus, kind) for corpus, kind in SHIPPED_CHOICES))
STATE = PageState(STATE.prefix, (MODEL, *STATE.settings))

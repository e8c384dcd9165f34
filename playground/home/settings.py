"""The Home page's settings."""

from playground.core.settings import PageState, Setting, guess
from playground.core.text import MAX_CHARS
from playground.home.forms import FORMS
from playground.home.run_sheet import SHEETS, longest

FORM = Setting("home_form", "many_to_one", options=tuple(FORMS))
VIEW = Setting("home_view", "unrolled", options=("unrolled", "folded"))
# the boxes take what the library reads (order.MAX_CHARS), and say so before anyone types
ORDER_A = Setting("home_order_a", "狗咬人", max_chars=MAX_CHARS)
ORDER_B = Setting("home_order_b", "人咬狗", max_chars=MAX_CHARS)
GAP = Setting("home_gap", 12, 1, 60)
WINDOW = Setting("home_window", 5, 1, 60)
WIDTH = Setting("home_width", 128, options=(16, 32, 64, 128, 256))

# the run-sheet (issue 36): which lecture, and the step on it (narrowed to that sheet's length at run time)
SHEET = Setting("home_sheet", SHEETS[0], options=SHEETS)
STEP = Setting("home_step", 1, 1, longest())

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("home_guess")

STATE = PageState("home", (FORM, VIEW, ORDER_A, ORDER_B, GAP, WINDOW, WIDTH, SHEET, STEP, GUESS))

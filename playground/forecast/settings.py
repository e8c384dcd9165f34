"""The forecasting page's settings."""

from playground.core.datasets.temperatures import CITIES
from playground.core.settings import PageState, Setting, guess
from playground.forecast.model import CELLS, HORIZON_RANGE, WINDOW_RANGE

WEEKS = 8  # the test months (November and December) hold eight whole weeks from 1 November

CITY = Setting("fc_city", "seattle", options=tuple(CITIES))
WEEK = Setting("fc_week", 1, 1, WEEKS)
WINDOW = Setting("fc_window", 48, *WINDOW_RANGE)
HORIZON = Setting("fc_horizon", 24, *HORIZON_RANGE)
CELL = Setting("fc_cell", "gru", options=(*CELLS, "mine"))  # "mine": this visitor's live-trained model
LIVE_CELL = Setting("fc_live_cell", "gru", options=CELLS)

GUESS = guess("fc_guess", "abc")

STATE = PageState("fc", (GUESS, CITY, WEEK, WINDOW, HORIZON, CELL, LIVE_CELL))

"""The temperature page's challenge (issue 53): its curves are the page's own (``error_curves``), a live
model or settings outside the rule get a word before anything runs, and a city whose data is not here
yet gets a clear "not yet" instead of a download (the tests read the data as tests/test_forecast.py does)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from playground.core.challenges import plain_load
from playground.core.datasets.cache import DataPending
from playground.forecast import challenges as ch
from playground.forecast import model as forecast
from playground.forecast import settings as state


@pytest.fixture(scope="module")
def seattle():
    return forecast.prepare("seattle")  # fetched here if missing, as the forecast tests do


def test_the_curves_are_the_pages_own(seattle):
    model = plain_load("forecast_lstm", forecast)
    free, seasonal = ch.free_against_seasonal(model, seattle, 12, 48)
    page = forecast.error_curves(model, seattle, 12, 48)
    np.testing.assert_array_equal(free, page["free"])
    np.testing.assert_array_equal(seasonal, page["seasonal"])


@pytest.mark.parametrize("values,said", [
    (((state.CELL, "mine"), (state.WINDOW, 12), (state.HORIZON, 48)), "challenge.fc.shipped_only"),
    (((state.WINDOW, 12), (state.HORIZON, 24)), "challenge.fc.settings"),
    (((state.WINDOW, 13), (state.HORIZON, 48)), "challenge.fc.settings"),
    (((state.WINDOW, math.nan), (state.HORIZON, 48)), "challenge.fc.unusable"),
    (((state.WINDOW, 3), (state.HORIZON, 48)), "challenge.fc.unusable"),  # below the lab's range
    (((state.CITY, "paris"),), "challenge.fc.unusable"),
])
def test_settings_outside_the_rule_are_refused_before_anything_runs(values, said):
    def no_model(*args, **kwargs):
        raise AssertionError("nothing is run for settings the rule refuses")

    assert ch.TWO_DAYS.judge_values(values, no_model).said == said


def test_data_not_there_yet_is_a_clear_not_yet_and_never_a_download(monkeypatch):
    asked = []

    def pending(city, download=True):
        asked.append(download)
        raise DataPending(f"{city} is being fetched")

    monkeypatch.setattr(forecast, "prepare", pending)
    ch._prepared.cache_clear()
    try:
        verdict = ch.TWO_DAYS.judge_values(ch.TWO_DAYS.solution)
    finally:
        ch._prepared.cache_clear()  # the missing city is not remembered: the next check reads it
    assert verdict.said == "challenge.fc.no_data" and not verdict.solved and asked == [False]


def test_the_other_cells_and_a_longer_window(seattle):
    rnn = ch.TWO_DAYS.judge_values(((state.CELL, "rnn"), (state.WINDOW, 12), (state.HORIZON, 48)))
    assert rnn.said == "challenge.fc.behind" and int(rnn.fields["k"]) < 24
    longer = ch.TWO_DAYS.judge_values(((state.CELL, "gru"), (state.WINDOW, 24), (state.HORIZON, 48)))
    assert longer.said == "challenge.fc.settings"  # 24 hours solves it for the GRU, but the task allows 12

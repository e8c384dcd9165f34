"""Hourly air temperatures of 2010 for Seattle and San Francisco, from the ``vega-datasets`` wheel
(0.9.0, pure data, on PyPI): 8,759 hourly points per city, in °F, converted here to °C.

The hours are local clock time: the clock skips 03:00 on 14 March 2010 (daylight saving), so that
one hour is filled with the mean of its neighbours and the series is 8,760 equal steps. These are
NOAA's hourly climate normals (an average over years, not one year's weather), hence smooth.

The split is by month, never by shuffling, so no test hour has a neighbour in training:
January-August train, September-October validate, November-December test. A forecast for an hour of
the test months may still read the hours just before it (a window reaches back into October), as a
real forecaster would; only its target must be in the test months.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

import numpy as np

from playground.core.datasets.cache import DataUnavailable, sha256, wheel_members

SOURCE = {"package": "vega-datasets", "version": "0.9.0", "folder": "vega_datasets/_data/"}
CITIES = {"seattle": "seattle-temps.csv", "sf": "sf-temps.csv"}
HOUR = timedelta(hours=1)
SPLIT_MONTHS = {"train": (1, 8), "validation": (9, 10), "test": (11, 12)}  # inclusive month ranges


@dataclass(frozen=True)
class Series:
    """One city's hourly temperatures (°C, float64) with their timestamps."""

    city: str
    times: tuple[datetime, ...]
    values: np.ndarray
    sha256: str  # of the CSV as shipped in the wheel
    filled: tuple[datetime, ...] = ()  # hours the clock skipped, filled by interpolation

    def months(self, split: str) -> np.ndarray:
        """The indices whose hour falls in ``split``'s months."""
        first, last = SPLIT_MONTHS[split]
        return np.array([i for i, t in enumerate(self.times) if first <= t.month <= last])

    def hours(self) -> np.ndarray:
        return np.array([t.hour for t in self.times])


def fahrenheit_to_celsius(value: float) -> float:
    return (value - 32.0) * 5.0 / 9.0


def _when(text: str) -> datetime:
    return datetime.strptime(text[:16], "%Y/%m/%d %H:%M")  # Seattle's file has no seconds, SF's has


def parse(city: str, raw: bytes) -> Series:
    """A CSV of ``date,temp`` rows (``2010/01/01 00:00``, °F) as a Series in °C. A one-hour gap (the
    daylight-saving skip) is filled with its neighbours' mean; any other gap or disorder is refused."""
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"))))
    if not rows:
        raise DataUnavailable(f"{CITIES[city]} is empty")
    times, values, filled = [], [], []
    for row in rows:
        when, value = _when(row["date"]), fahrenheit_to_celsius(float(row["temp"]))
        if times:
            gap = (when - times[-1]).total_seconds()
            if gap == 7200.0:
                filled.append(times[-1] + HOUR)
                times.append(filled[-1])
                values.append((values[-1] + value) / 2)
            elif gap != 3600.0:
                raise DataUnavailable(f"{CITIES[city]} is not one reading per hour, in order (at {when})")
        times.append(when)
        values.append(value)
    return Series(city, tuple(times), np.array(values), sha256(raw), tuple(filled))


@cache
def load(city: str, download: bool = True) -> Series:
    """``city``'s hourly series (``seattle`` or ``sf``); raises DataUnavailable."""
    if city not in CITIES:
        raise DataUnavailable(f"no temperatures for {city!r}; known: {', '.join(CITIES)}")
    member = SOURCE["folder"] + CITIES[city]
    files = wheel_members(SOURCE["package"], SOURCE["version"], member, download)
    return parse(city, files[member])

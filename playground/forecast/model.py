"""A recurrent forecaster of hourly temperatures, its three baselines, and the two ways to run it
for many hours: teacher forcing and free running.

What the network reads at each hour p (four numbers): the temperature (standardised with the
training months' mean and spread), how much warmer it is than the same hour yesterday (the
*seasonal difference* v[p] - v[p-24]), and the clock (the hour as a point on a circle, sin and cos).
What it says: how much warmer than yesterday the next hour will be, so that

    forecast v[p+1] = v[p-23] + (the network's output, in °C).

An output of 0 is the seasonal naive forecast; copying the last seasonal difference is "yesterday's
shape at today's offset". The network has to learn that for itself. For a forecast k hours ahead it runs
on, one hour at a time, in one of two ways:

- **teacher forcing**: each next input is the true temperature of that hour (what training uses);
- **free running**: each next input is its own forecast, as in a real forecast, where the truth
  is not yet known. Its errors feed back in and add up (exposure bias).

Baselines on the same hours: persistence (the next hour repeats the last one), seasonal naive (the
same hour yesterday) and a linear autoregression on the last ``AR_LAGS`` hours fitted by least squares.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from playground.core import identity
from playground.core.checkpoints import ModelCard, freeze, load_checkpoint, save_checkpoint
from playground.core.datasets import temperatures
from playground.core.errors import InputError
from playground.core.seeding import reset_parameters_
from playground.core.training import TrainConfig, train

SEASON = 24  # hours in the daily cycle
CELLS = ("rnn", "gru", "lstm")
FEATURES = 4  # temperature, seasonal difference, sin and cos of the hour
WINDOW_RANGE = (6, 168)  # hours the network reads before its first forecast
HORIZON_RANGE = (1, 48)  # hours forecast ahead
AR_LAGS = 48
CURVE_STRIDE = 6  # the error-per-step curves start a forecast every 6 test hours (244 starts)
SHIPPED: dict[str, str] = {f"forecast_{cell}": f"{cell.upper()} forecaster of hourly temperatures "
                           "(Seattle and San Francisco, 2010)" for cell in CELLS}


@dataclass(frozen=True)
class Prepared:
    """One city's series with the scales its inputs are measured in (from the training months)."""

    city: str
    values: np.ndarray  # °C, one per hour
    clock: np.ndarray  # (hours, 2): sin and cos of the hour of day
    mean: float
    spread: float  # standard deviation of the temperature
    season_spread: float  # of the seasonal difference v[p] - v[p-24] (what the network predicts)
    split: dict[str, np.ndarray]  # indices of the train / validation / test months

    def inputs(self, values: np.ndarray, start: int) -> np.ndarray:
        """The network's inputs for ``values`` (a stretch of the series from hour ``start`` - 24 on,
        possibly with forecasts in place of the truth): one row of four per hour from ``start``."""
        hours = np.arange(start, start + len(values) - SEASON)
        level = (values[SEASON:] - self.mean) / self.spread
        season = (values[SEASON:] - values[:-SEASON]) / self.season_spread
        return np.column_stack([level, season, self.clock[hours]]).astype(np.float32)

    def next_value(self, values: np.ndarray, warmer: np.ndarray) -> np.ndarray:
        """The forecast for the hour after the last of ``values`` (..., hours), from the network's output."""
        return values[..., -SEASON] + warmer * self.season_spread


def prepare(city: str, download: bool = True) -> Prepared:
    """``city``'s hourly temperatures and scales; raises DataUnavailable."""
    series = temperatures.load(city, download)
    values = series.values
    train_idx = series.months("train")
    train_idx = train_idx[train_idx > SEASON]
    season = values[SEASON:] - values[:-SEASON]  # season[i] belongs to hour i + 24
    angle = 2 * np.pi * series.hours() / SEASON
    return Prepared(city, values, np.column_stack([np.sin(angle), np.cos(angle)]), float(values[train_idx].mean()),
                    float(values[train_idx].std()), float(season[train_idx - SEASON].std()),
                    {split: series.months(split) for split in temperatures.SPLIT_MONTHS})


class Forecaster(nn.Module):
    """A one-layer RNN / GRU / LSTM reading four numbers an hour; a linear read-out of how much warmer
    than the same hour yesterday the next hour will be (scaled)."""

    def __init__(self, cell: str, hidden: int, identity: str = "") -> None:
        super().__init__()
        if cell not in CELLS:
            raise InputError("bad_choice", name=cell)
        self.cell, self.hidden = cell, hidden
        self.identity = identity  # what a shared cache knows it by (``core.identity``); "" until shipped or trained
        self.rnn = {"rnn": nn.RNN, "gru": nn.GRU, "lstm": nn.LSTM}[cell](FEATURES, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, state=None):
        out, state = self.rnn(x, state)
        return self.head(out).squeeze(-1), state


def check_span(prep: Prepared, origins: np.ndarray, window: int, horizon: int) -> None:
    """Refuse windows and horizons outside the lab's ranges or past the ends of the year."""
    if not (WINDOW_RANGE[0] <= window <= WINDOW_RANGE[1] and HORIZON_RANGE[0] <= horizon <= HORIZON_RANGE[1]):
        raise InputError("bad_size", hidden=window, length=horizon)
    if len(origins) == 0 or origins.min() - window - SEASON < 0 or origins.max() + horizon > len(prep.values):
        raise InputError("bad_size", hidden=window, length=horizon)


ROLLOUT_BATCH = 256  # origins run at once: all 1,464 test hours at once cost the server ~30 MB more at peak


def rollout(model: Forecaster, prep: Prepared, origins, window: int, horizon: int, forced: bool) -> np.ndarray:
    """Forecasts (°C) for hours origin .. origin + horizon - 1 of every origin, the network having read
    the ``window`` hours before it. ``forced``: each next input is the truth (teacher forcing);
    otherwise it is the forecast just made (free running). The first hour is the same either way."""
    origins = np.asarray(origins, dtype=int)
    check_span(prep, origins, window, horizon)
    return np.concatenate([_rollout_batch(model, prep, origins[i:i + ROLLOUT_BATCH], window, horizon, forced)
                           for i in range(0, len(origins), ROLLOUT_BATCH)])


@torch.no_grad()
def _rollout_batch(model: Forecaster, prep: Prepared, origins: np.ndarray, window: int, horizon: int,
                   forced: bool) -> np.ndarray:
    dev = next(model.parameters()).device
    stretch = np.stack([prep.values[o - window - SEASON:o + horizon] for o in origins])  # truth, per origin
    seen = stretch[:, :window + SEASON].copy()  # what the network has been given so far
    inputs = np.stack([prep.inputs(row, o - window) for row, o in zip(seen, origins, strict=True)])
    out, state = model(torch.from_numpy(inputs).to(dev))
    forecasts = np.empty((len(origins), horizon))
    for j in range(horizon):
        forecasts[:, j] = prep.next_value(seen, out[:, -1].double().cpu().numpy())
        if j == horizon - 1:
            break
        given = stretch[:, window + SEASON + j] if forced else forecasts[:, j]
        seen = np.concatenate([seen, given[:, None]], axis=1)
        step = np.stack([prep.inputs(row[-SEASON - 1:], o + j) for row, o in zip(seen, origins, strict=True)])
        out, state = model(torch.from_numpy(step).to(dev), state)
    return forecasts


# --- baselines ---------------------------------------------------------------------------------------
def persistence(values: np.ndarray, origins, horizon: int) -> np.ndarray:
    """Every hour ahead repeats the last hour seen."""
    last = values[np.asarray(origins) - 1]
    return np.repeat(last[:, None], horizon, axis=1)


def seasonal_naive(values: np.ndarray, origins, horizon: int) -> np.ndarray:
    """Each hour ahead repeats the same hour of the last day seen (24, or 48 hours back)."""
    ahead = np.arange(horizon)
    back = SEASON * (ahead // SEASON + 1)
    return values[np.asarray(origins)[:, None] + ahead[None, :] - back[None, :]]


def fit_autoregression(values: np.ndarray, targets: np.ndarray, lags: int = AR_LAGS) -> np.ndarray:
    """Least-squares weights (lags first, then the constant) predicting values[t] from the ``lags``
    hours before it, over the hours ``targets``."""
    targets = targets[targets >= lags]
    design = np.column_stack([values[targets - k] for k in range(1, lags + 1)] + [np.ones(len(targets))])
    weights, *_ = np.linalg.lstsq(design, values[targets], rcond=None)
    return weights


def autoregression(values: np.ndarray, weights: np.ndarray, origins, horizon: int) -> np.ndarray:
    """The linear model run forward ``horizon`` hours on its own forecasts (free running)."""
    lags = len(weights) - 1
    seen = np.stack([values[o - lags:o] for o in np.asarray(origins)])
    forecasts = np.empty((len(seen), horizon))
    for j in range(horizon):
        forecasts[:, j] = seen[:, ::-1][:, :lags] @ weights[:-1] + weights[-1]
        seen = np.concatenate([seen[:, 1:], forecasts[:, j:j + 1]], axis=1)
    return forecasts


def truth(values: np.ndarray, origins, horizon: int) -> np.ndarray:
    return values[np.asarray(origins)[:, None] + np.arange(horizon)[None, :]]


# --- training -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrainSettings:
    cell: str = "lstm"
    hidden: int = 32
    steps: int = 600
    batch: int = 64
    length: int = 96  # hours per training stretch
    warm_up: int = 6  # the first hours of a stretch are read, not scored
    lr: float = 3e-3
    seed: int = 0
    cities: tuple[str, ...] = tuple(temperatures.CITIES)
    eval_every: int = 50  # validation MAE; the best step's weights are kept


LIVE = TrainSettings(hidden=16, steps=150, batch=32, eval_every=25)  # seconds on a CPU, for the page
LIVE_ESTIMATE_S = 2.5  # the page's job, GRU 2.4 s and LSTM 0.8 s measured (the tiny lane takes an address's shortest first)


def training_batch(preps: list[Prepared], settings: TrainSettings, generator: np.random.Generator):
    """Stretches of ``settings.length`` hours from the training months (every city alike): the
    inputs, and for each hour the seasonal difference of the next hour (scaled)."""
    inputs, targets = [], []
    for _ in range(settings.batch):
        prep = preps[generator.integers(len(preps))]
        months = prep.split["train"]
        start = int(generator.integers(months[0] + SEASON + 1, months[-1] - settings.length))
        stretch = prep.values[start - SEASON - 1:start + settings.length + 1]
        season = stretch[SEASON:] - stretch[:-SEASON]  # hours start - 1 .. start + length
        inputs.append(prep.inputs(stretch[1:-1], start))
        targets.append(season[2:] / prep.season_spread)
    return torch.from_numpy(np.stack(inputs)), torch.from_numpy(np.stack(targets).astype(np.float32))


def mae(forecasts: np.ndarray, actual: np.ndarray) -> np.ndarray:
    """Mean absolute error per hour ahead (°C)."""
    return np.abs(forecasts - actual).mean(axis=0)


def next_hour_mae(model: Forecaster, prep: Prepared, split: str = "test", window: int = 48) -> float:
    """The mean absolute error (°C) of forecasts one hour ahead over every hour of ``split``'s months."""
    origins = prep.split[split]
    origins = origins[origins - window - SEASON >= 0]
    return float(mae(rollout(model, prep, origins, window, 1, forced=True), truth(prep.values, origins, 1))[0])


def train_forecaster(settings: TrainSettings, preps: list[Prepared], report: Callable[..., None] | None = None,
                     stop: threading.Event | None = None, device: torch.device | None = None):
    """Train a Forecaster on the training months of ``preps``; keeps the weights of the step with the
    lowest validation MAE. -> (model in eval mode, TrainResult)."""
    model = reset_parameters_(Forecaster(settings.cell, settings.hidden), torch.Generator().manual_seed(settings.seed))
    generator = np.random.default_rng(settings.seed)
    warm = settings.warm_up

    def loss_fn(output, target):
        return nn.functional.mse_loss(output[:, warm:], target[:, warm:])

    def validation_score() -> float:  # higher is better
        return -float(np.mean([next_hour_mae(model, prep, "validation") for prep in preps]))

    def on_progress(p):
        if report is not None:
            report(step=p.step, total=p.total, loss=p.loss)

    result = train(model, lambda k: training_batch(preps, settings, generator), loss_fn,
                   TrainConfig(steps=settings.steps, lr=settings.lr, clip_norm=1.0, seed=settings.seed,
                               lr_schedule="cosine", eval_every=settings.eval_every),
                   on_progress=on_progress, stop=stop, device=device, evaluate=validation_score)
    return model, result


def live_training(cell: str, city: str, report=None, stop=None) -> dict:
    """The page's live training (a few seconds on a CPU): a small forecaster of ``cell`` on ``city``'s
    training months; its weights and held-out error come back for the page to use."""
    if cell not in CELLS or city not in temperatures.CITIES:
        raise InputError("bad_choice", name=f"{cell}/{city}")
    settings = TrainSettings(cell=cell, hidden=LIVE.hidden, steps=LIVE.steps, batch=LIVE.batch,
                             eval_every=LIVE.eval_every, cities=(city,))
    prep = prepare(city)
    started = time.perf_counter()
    model, result = train_forecaster(settings, [prep], report=report, stop=stop, device=torch.device("cpu"))
    return {"cell": cell, "city": city, "hidden": settings.hidden, "status": result.status,
            "state": {k: v.detach().clone() for k, v in model.state_dict().items()},
            "test_mae": next_hour_mae(model, prep), "seconds": time.perf_counter() - started}


def from_live(result: dict, job_id: int) -> Forecaster:
    """The live-trained model, rebuilt from its job's result, frozen, known to shared caches by its job."""
    model = Forecaster(result["cell"], result["hidden"], identity.live(job_id))
    model.load_state_dict(result["state"])
    return freeze(model)


# --- shipped models ------------------------------------------------------------------------------------
def load(name: str, directory=None, device=None) -> Forecaster:
    """A shipped forecaster, frozen, with its ``card``; raises CheckpointError."""
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    tensors, card = load_checkpoint(name, directory, device=device)
    model = Forecaster(card.architecture["cell"], card.architecture["hidden"], identity.of_card(card))
    model.load_state_dict({k: v.float() for k, v in tensors.items()})
    model.card = card
    return freeze(model.to(next(iter(tensors.values())).device))


def build(name: str, out_dir, device) -> ModelCard:
    """Train one cell on both cities' training months, score it on their test months, write it."""
    settings = TrainSettings(cell=name.removeprefix("forecast_"))
    preps = [prepare(city) for city in settings.cities]
    started = time.perf_counter()
    model, result = train_forecaster(settings, preps, device=device)
    model = model.cpu()
    metrics = {f"validation_mae_c_{p.city}": next_hour_mae(model, p, "validation") for p in preps}
    metrics |= {f"test_mae_c_{p.city}": next_hour_mae(model, p) for p in preps}
    series = {city: temperatures.load(city) for city in settings.cities}
    card = ModelCard(
        name=name,
        architecture={"cell": settings.cell, "hidden": settings.hidden, "layers": 1, "inputs": FEATURES,
                      "input_names": ["temperature (standardised)", "v[p] - v[p-24] (scaled)", "sin hour", "cos hour"],
                      "output": "v[p+1] - v[p-23], how much warmer than yesterday (scaled)"},
        vocabulary=None,
        data={"source": "NOAA hourly climate normals for 2010 in vega-datasets", "package": "vega-datasets",
              "version": temperatures.SOURCE["version"], "files": list(temperatures.CITIES.values()),
              "sha256": {city: s.sha256 for city, s in series.items()}},
        split={name: f"months {a}-{b} of 2010, both cities" for name, (a, b) in temperatures.SPLIT_MONTHS.items()}
        | {"note": "by month, never shuffled; a test forecast may read the hours before its month"},
        hyperparameters={"steps": settings.steps, "batch": settings.batch, "length": settings.length,
                         "warm_up": settings.warm_up, "lr": settings.lr, "schedule": "cosine", "optimizer": "Adam",
                         "clip_norm": 1.0, "eval_every": settings.eval_every, "window_scored": 48},
        metrics=metrics | {"best_step": result.best_step},
        device=str(device), training_seconds=round(time.perf_counter() - started, 1), seed=settings.seed,
        extra={"note": "metrics are the mean absolute error in °C of forecasts one hour ahead, reading 48 hours"},
    )
    save_checkpoint(model.state_dict(), card, out_dir)
    return card


# --- what the page measures ------------------------------------------------------------------------------
def curve_origins(prep: Prepared, window: int, horizon: int) -> np.ndarray:
    """Forecast starts for the error curves: every ``CURVE_STRIDE`` hours of the test months whose
    ``horizon`` hours ahead lie inside the year and whose window has its day before."""
    origins = prep.split["test"][::CURVE_STRIDE]
    return origins[(origins - window - SEASON >= 0) & (origins + horizon <= len(prep.values))]


def error_curves(model: Forecaster, prep: Prepared, window: int, horizon: int) -> dict[str, np.ndarray]:
    """Mean absolute error (°C) per hour ahead over the test months, for the network run with teacher
    forcing and free running, and for the three baselines (the linear model runs free, as it would)."""
    origins = curve_origins(prep, window, horizon)
    actual = truth(prep.values, origins, horizon)
    weights = fit_autoregression(prep.values, prep.split["train"])
    return {"forced": mae(rollout(model, prep, origins, window, horizon, forced=True), actual),
            "free": mae(rollout(model, prep, origins, window, horizon, forced=False), actual),
            "persistence": mae(persistence(prep.values, origins, horizon), actual),
            "seasonal": mae(seasonal_naive(prep.values, origins, horizon), actual),
            "linear": mae(autoregression(prep.values, weights, origins, horizon), actual)}


def next_hour_table(models: dict[str, Forecaster], prep: Prepared, window: int = 48) -> dict[str, float]:
    """Every method's mean absolute error (°C) one hour ahead over every hour of the test months."""
    origins = prep.split["test"]
    origins = origins[origins - window - SEASON >= 0]
    actual = truth(prep.values, origins, 1)[:, 0]
    weights = fit_autoregression(prep.values, prep.split["train"])
    table = {"persistence": persistence(prep.values, origins, 1)[:, 0],
             "seasonal": seasonal_naive(prep.values, origins, 1)[:, 0],
             "linear": autoregression(prep.values, weights, origins, 1)[:, 0]}
    table |= {name: rollout(m, prep, origins, window, 1, forced=True)[:, 0] for name, m in models.items()}
    return {name: float(np.abs(forecast - actual).mean()) for name, forecast in table.items()}


def first_behind(free: np.ndarray, seasonal: np.ndarray) -> int | None:
    """The first hour ahead (1-based) at which free running errs more than seasonal naive, else None."""
    behind = np.flatnonzero(np.asarray(free) > np.asarray(seasonal))
    return int(behind[0]) + 1 if len(behind) else None


def margin_percent(linear: float, network: float) -> float:
    """How much less the linear model errs than ``network``, in percent of the network's error (< 0: more)."""
    return 100.0 * (network - linear) / network


def week_origin(prep: Prepared, week: int) -> int:
    """The first hour (00:00) of test week ``week`` (1 = from 1 November)."""
    return int(prep.split["test"][0] + (week - 1) * 7 * SEASON)

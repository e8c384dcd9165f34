"""The decoding settings every generator takes, and the one range check for them (issue 27).

The char-LM and the translators both sample with a temperature and a seed and both run beam
search with a length penalty; each page offers them on sliders (``playground.core.settings``: temperature
0.1-2, length penalty 0-2, seed 0-10,000), and a notebook may go further. The ranges here are what
the library accepts: wider than any slider, so that a link or a notebook is refused only for values
with no meaning (a temperature of 0 or NaN, a negative penalty) or none worth computing. The
lowest temperature, 0.01, is what the char-LM's "predict first" question samples at (as good as
greedy). The beam's widest differs by model (a translator's step is dearer), so each caller names it.
"""

from __future__ import annotations

import math

from playground.core.errors import InputError, whole

TEMPERATURE = (0.01, 100.0)
LENGTH_PENALTY = (0.0, 3.0)
SEED = (0, 2**31 - 1)  # torch.manual_seed's and numpy's seeds alike


def gnmt_penalty(length: int, alpha: float) -> float:
    """GNMT's length penalty ((5 + |Y|) / 6) ** alpha (Wu et al. 2016): beam search ranks a hypothesis
    by log p / this, so that longer ones are not punished for every extra word; alpha = 0 ranks by
    raw log-probability. The char-LM's and the translators' beam searches share it."""
    return ((5.0 + length) / 6.0) ** alpha


def used_settings(uses: dict[str, tuple[str, ...]], defaults: dict[str, object], strategy: str, **settings) -> dict:
    """``settings`` with those ``strategy`` does not read (``uses[strategy]``) put back to their
    ``defaults``: one key per distinct generation for a page's cache, whatever the greyed sliders hold."""
    return {name: value if name in uses.get(strategy, ()) else defaults[name] for name, value in settings.items()}


def _real_in(name: str, value: float, low: float, high: float) -> None:
    try:
        inside = math.isfinite(value) and low <= value <= high
    except TypeError:  # not a number at all
        inside = False
    if not inside:
        raise InputError("out_of_range", name=name, low=_shown(low), high=_shown(high))


def _shown(bound: float) -> float | int:
    return int(bound) if float(bound).is_integer() else bound


def check_decoding_settings(temperature: float = 1.0, length_penalty: float = 0.0, width: int = 1, seed: int = 0,
                            *, max_width: int, width_name: str = "width") -> None:
    """Raise InputError (``out_of_range``, naming the setting as its caller's API does) for a value
    outside its range."""
    _real_in("temperature", temperature, *TEMPERATURE)
    _real_in("length_penalty", length_penalty, *LENGTH_PENALTY)
    if not 1 <= whole(width) <= max_width:
        raise InputError("out_of_range", name=width_name, low=1, high=max_width)
    if not SEED[0] <= whole(seed) <= SEED[1]:
        raise InputError("out_of_range", name="seed", low=SEED[0], high=SEED[1])

"""Sequential vs parallel measurement code, on small sizes (slopes on tiny inputs are not asserted)."""

import numpy as np
import pytest
import torch

from playground.beyond import scaling
from playground.core.errors import InputError


@pytest.mark.parametrize("length", [1, 2, 7, 64, 100])
def test_parallel_scan_equals_the_sequential_recurrence(length):
    gen = torch.Generator().manual_seed(length)
    a = torch.rand(length, 3, generator=gen) * 0.5 + 0.5
    b = torch.randn(length, 3, generator=gen)
    torch.testing.assert_close(scaling.scan_parallel(a, b), scaling.scan_sequential(a, b), rtol=1e-5, atol=1e-5)
    expected, h = [], torch.zeros(3)
    for t in range(length):
        h = a[t] * h + b[t]
        expected.append(h)
    torch.testing.assert_close(scaling.scan_sequential(a, b), torch.stack(expected))


@pytest.mark.parametrize("method", scaling.METHODS)
def test_every_method_is_measured(method):
    m = scaling.measure(method, 64, dim=16, heads=2, repeats=2, device=torch.device("cpu"))
    assert m.method == method and m.length == 64 and m.seconds > 0
    assert isinstance(m.peak_bytes, int)  # Linux: the resident peak above what was held (clamped at 0)
    unmeasured = scaling.measure(method, 64, dim=16, heads=2, repeats=1, device=torch.device("cpu"), memory=False)
    assert unmeasured.peak_bytes is None


def test_the_peak_memory_measure_sees_what_a_call_touches():
    """The memory figure is measured, not assumed: a call that writes 64 MB raises the resident peak by
    about that much, one that allocates nothing by far less."""
    touched = scaling._peak(torch.device("cpu"), lambda: np.ones(8 * 1024 * 1024))  # 8M float64 = 64 MiB
    idle = scaling._peak(torch.device("cpu"), lambda: None)
    assert touched is not None and idle is not None
    assert touched >= 48 * 2**20 and idle < 8 * 2**20, (touched, idle)


def test_fit_slope_and_memory_formulas():
    lengths = [64, 128, 256, 512]
    assert scaling.fit_slope(lengths, [t * 1e-6 for t in lengths]) == pytest.approx(1.0)
    assert scaling.fit_slope(lengths, [t * t * 1e-9 for t in lengths]) == pytest.approx(2.0)
    assert scaling.state_bytes(256, layers=2, cell="lstm") == 2 * 256 * 2 * 4
    assert scaling.kv_cache_bytes(1000, 512, layers=2) == 2 * 2 * 1000 * 512 * 4
    assert scaling.lengths_up_to(1024) == [64, 128, 256, 512, 1024]


def test_bad_input():
    for args in (("transformer", 64), ("rnn", 0), ("rnn", scaling.MAX_LENGTH + 1)):
        with pytest.raises(InputError):
            scaling.measure(*args)
    with pytest.raises(InputError):
        scaling.fit_slope([64], [1.0])

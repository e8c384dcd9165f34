"""One visitor working every page on a fresh server (issue 35): the server's true peak RSS (the kernel's
high-water mark, nothing sampled) stays within 600 MB, the budget that leaves a 1 GB box room for the
class's sessions. About a minute: it starts its own server so that no other test's sessions count."""

from bench.__main__ import walk_line
from bench.interaction import PEAK_GOAL_MB, peak_memory
from playground.lessons import PAGES


def test_one_visitor_working_every_page_peaks_within_the_budget(browser):
    walk = peak_memory(browser, changes=1)
    assert list(walk["rss_after_page_mb"]) == [spec.key for spec in PAGES]  # every page, its interaction done
    peaks = list(walk["peak_after_page_mb"].values())
    assert peaks == sorted(peaks) and walk["started_mb"] < peaks[0]  # a high-water mark only rises
    assert walk["peak_mb"] <= PEAK_GOAL_MB, walk
    assert walk["rest_mb"] <= walk["peak_mb"]
    print(walk_line(walk))  # the bench's report reads this walk (its smoke leaves the walk to this test)

"""Issue 52's attacks against a real server, at a quick size (``bench.abuse_class``, the bench's own code): one
address's made-up cookies count at most the class's voters per address and its teacher sees that count; a
dozen made-up tabs rerunning a 10-question class's console back to back leave another address's review
p95 within 0.5 s; one session starts at most 5 classes, one address holds at most 20, and the store's purge
stays cheap. The rest (the downloads, the rebalancer on the replica recipe, a shared address) and the full
sizes: ``python -m bench --only abuse``, whose smoke run CI makes too (tests/browser/test_bench_smoke.py)."""

import concurrent.futures

from bench import abuse_class

# past each limit with as few sessions as will do: the teacher lowers the voters per address to 10 (the
# console's own setting), a few dozen fresh sessions go past 20 classes; the console flood is shorter, but
# the victim's 20 reviews under it are enough for a p95 that one slow review (another worker's burst) does not make
QUICK = {"stuffed_cookies": 14, "stuffed_cookieless": 3, "stuffed_cap": 10, "console_tabs": 12, "console_s": 20.0,
         "console_alone_s": 2.0, "creation_s": 5.0, "purge_classes": 20_000}


def test_issue_52s_attacks_on_the_poll_meet_their_goals_at_a_quick_size():
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # asyncio.run: Playwright may hold this thread's loop
        out = pool.submit(abuse_class.run, ("stuffing", "console_flood", "creation"), **QUICK).result()
    report = abuse_class.summary(out)
    stuffed, flood, made = out["stuffing"], out["console_flood"], out["creation"]
    assert "error" not in stuffed and "error" not in flood and "error" not in made, report

    assert stuffed["counted"] == stuffed["teacher_saw"] == 10, report  # 14 made-up cookies, one address: 10 counted
    assert stuffed["cookies"]["told_not_counted"] == 4, report  # ... and the other four were told why
    assert stuffed["counted_cookieless"] <= stuffed["goal_cookieless"], report

    assert flood["reruns"] >= flood["tabs"] and not flood["errors"], report  # the console was rerun by every tab ...
    assert flood["victim_p95_s"] <= abuse_class.GOAL_VICTIM_P95_S, report  # ... and the victim hardly noticed

    assert made["one_session_started"] == abuse_class.CLASSES_PER_SESSION, report  # a session: 5, then refused
    assert made["started"] == made["store_rows_added"] == abuse_class.CLASSES_PER_PLACE < made["sessions"], report
    assert made["purge"]["ok"], report
    assert all(out["verdicts"].values()), report

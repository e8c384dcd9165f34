"""The replica recipe of docs/deploying.md, small: HAProxy with deploy/haproxy.cfg (the file the docs point
to) in front of two Streamlit replicas, a handful of light sessions through it, one replica killed
and restarted (bench/replicas.py, the same code as ``python -m bench --only replicas``). So the
documented configuration cannot drift from one that works."""

import concurrent.futures
import os
import re
import subprocess

from bench import replicas
from bench.harness import ROOT
from playground.app import rebalance
from tests.browser.test_bench_smoke import FIGURES

STUDENTS = 4


def test_the_docs_point_to_the_one_config_file_and_it_parses():
    assert "deploy/haproxy.cfg" in (ROOT / "docs" / "deploying.md").read_text(encoding="utf-8")
    for doc in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))):
        text = doc.read_text(encoding="utf-8")
        assert not re.search(r"^\s*server\s+rnn\d", text, flags=re.M), f"a second copy of the config in {doc.name}"
    env = {**os.environ, "RNN_HAPROXY_SOCKET": "/tmp/unused.sock"}
    check = subprocess.run([replicas.haproxy_binary(), "-c", "-f", str(replicas.CONFIG), "-f", str(replicas.STATS_CONFIG)],
                           env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert replicas.replica_names() == ["rnn1", "rnn2"]


def test_a_class_behind_haproxy_stays_sticky_survives_a_killed_replica_and_spreads_out_again():
    # a thread of its own: Playwright's sync API may hold an event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        r = pool.submit(replicas.run, STUDENTS, 1.3, kill_at=5.0, interval=3.0, late=0, warm=False,
                        compare=False).result()
    assert r["errors"] == [], r["errors"]
    assert r["sessions_checked"] == STUDENTS
    assert r["unsticky"] == [], "no session moves but off the killed replica and once in the rebalance"
    assert all(r["students_per_replica"].values()), f"leastconn puts students on both: {r['students_per_replica']}"
    killed = r["students_per_replica"][r["killed"]]
    # each of the killed replica's students reconnected: to the survivor, or (a retry that met the
    # restarted process on the old port) back to the restarted replica
    assert len(r["moved_off_killed"]) + len(r["rejoined_same_replica"]) == killed and r["reconnects"] >= killed, r["paths"]
    assert all(r["paths"][i].startswith(f"{r['killed']} -> rnn2") for i in r["moved_off_killed"]), r["paths"]
    assert r["stale_cookies"] == [], "a moved browser carries its new replica's cookie"
    assert r["down_after_s"] < 15 and r["up_after_s"] < 30, "the health check takes a replica out and back"
    # the rebalance: the survivor carried the whole class; once the killed replica was back it closed the
    # sockets of its extra sessions and the proxy sent their reconnects to the restarted replica
    final = r["final_students_per_replica"]
    if not r["rejoined_same_replica"]:
        assert len(r["rebalanced"]) >= 1 and max(r["moves_s_after_up"]) < rebalance.SUSTAIN_S + 20, r["paths"]
        assert all(r["paths"][i].endswith(f"-> {r['killed']}") for i in r["rebalanced"]), r["paths"]
    assert max(final.values()) - min(final.values()) < 2 * rebalance.MARGIN, f"the class spread out again: {final}"
    assert r["interactions"] > 0 and all(mb > 0 for mb in r["rss_peak_mb"].values())
    missing = [figure for figure in FIGURES["replicas"] if figure not in r]  # what the bench's report reads
    assert not missing, missing
    print(replicas.summary(r))  # the report's own lines, from this run (the bench smoke leaves the part to this test)

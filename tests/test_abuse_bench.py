"""The abuse bench's pieces that need no server: the light client's widget values and what it keeps
of a page, the attack texts at each page's limit, the markup check and the report's verdicts; for issue
52's attacks (bench/abuse_class.py), their report, the rebalancer's move counting and the silent index."""

import asyncio
import concurrent.futures
import dataclasses
import json
import random
import socket

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench import abuse, abuse_class
from bench.__main__ import _print_abuse
from bench.light_client import LightSession, Widget
from bench.replicas import ProxiedSession
from bench.sizes import FULL


def _run(coro):
    """asyncio.run in a thread of its own: after the browser tests, Playwright's sync API holds an
    event loop in this thread, where asyncio.run refuses to start another."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class _Socket:
    """Takes what the session sends; answers each message with ``replies`` then "run finished"."""

    def __init__(self, replies=()) -> None:
        self.sent: list[BackMsg] = []
        self.queue: list[bytes] = []
        self.replies = list(replies)

    async def send(self, data: bytes) -> None:
        self.sent.append(BackMsg.FromString(data))
        done = ForwardMsg()
        done.script_finished = ForwardMsg.FINISHED_SUCCESSFULLY
        self.queue += [r.SerializeToString() for r in self.replies] + [done.SerializeToString()]
        self.replies = []

    async def recv(self) -> bytes:
        return self.queue.pop(0)


def _session(replies=(), **kw) -> tuple[LightSession, _Socket]:
    session = LightSession("ws://x", "gradients", **kw)
    session._socket = _Socket(replies)
    session.widgets = {"grad_m": Widget("$$ID-a-grad_m", "frag"), "grad_seed": Widget("$$ID-b-grad_seed", "frag"),
                       "grad_scale": Widget("$$ID-c-grad_scale", ""), "box": Widget("$$ID-d-box", "")}
    return session, session._socket


def _state(socket: _Socket):
    message = socket.sent[-1].rerun_script
    assert len(message.widget_states.widgets) == 1
    return message, message.widget_states.widgets[0]


def test_each_widget_gets_the_field_it_reads():
    session, socket = _session()
    _run(session.set_slider("grad_m", 64))
    message, one = _state(socket)
    assert one.id == "$$ID-a-grad_m" and one.WhichOneof("value") == "double_array_value"
    assert list(one.double_array_value.data) == [64.0] and message.fragment_id == "frag"
    _run(session.set_number("grad_seed", 7))
    assert _state(socket)[1].WhichOneof("value") == "int_value" and _state(socket)[1].int_value == 7
    _run(session.set_number("grad_scale", 1.5))
    assert _state(socket)[1].WhichOneof("value") == "double_value" and _state(socket)[1].double_value == 1.5
    _run(session.change("box", "typed"))  # the text boxes' way, as before
    assert _state(socket)[1].string_value == "typed"
    _run(session.set_widget("box", "string_value", json.dumps({"added_rows": [{}]})))
    assert json.loads(_state(socket)[1].string_value) == {"added_rows": [{}]}


def _element(kind: str, body: str) -> ForwardMsg:
    message = ForwardMsg()
    getattr(message.delta.new_element, kind).body = body
    return message


def test_the_session_keeps_toasts_alerts_and_on_request_markdown_and_follows_the_page():
    navigation = ForwardMsg()
    navigation.navigation.page_script_hash = "page-hash"
    replies = [_element("toast", "a &#33;&#91;toast"), _element("alert", "a warning"), _element("markdown", "**md**"),
               navigation]
    session, _ = _session(replies)
    _run(session.change("box", "x"))
    assert session.notices == [("toast", "a &#33;&#91;toast"), ("alert", "a warning")]
    assert session.toasts() == ["a &#33;&#91;toast"] and session.markdown == []
    assert session.page_script_hash == "page-hash"  # a full rerun stays on this page
    session, _ = _session([_element("markdown", "**md**")], keep_markdown=True)
    _run(session.change("box", "x"))
    assert session.markdown == ["**md**"]


def test_attack_texts_fill_each_box_to_its_limit_and_are_new_each_time():
    from playground.beyond import settings as beyond
    from playground.charlm import settings as charlm
    from playground.charlm_cells import settings as charlm_cells
    from playground.gradients import settings as gradients
    from playground.sentiment import settings as sentiment
    from playground.seq2seq import settings as seq2seq

    limits = {"lm_prompt": charlm.PROMPT.max_chars, "beyond_cloze_text": beyond.CLOZE_TEXT.max_chars,
              "senti_review": sentiment.REVIEW.max_chars, "cells_text": charlm_cells.TEXT.max_chars,
              "s2s_text": seq2seq.TEXT.max_chars}
    items, grad_link = abuse.interactions()
    rng = random.Random(0)
    for item in items:
        first, second = item.make(rng), item.make(rng)
        if item.key in limits:
            assert len(first) == limits[item.key], item.name
            assert first != second, item.name
    cloze = next(i for i in items if i.key == "beyond_cloze_text").make(rng)
    assert cloze.count("__") == 1
    assert grad_link["grad_T"] == gradients.LENGTH.high and grad_link["grad_m"] == gradients.HIDDEN.high - 1


def test_markup_is_unsafe_only_as_written():
    _, _, raw, dangerous = abuse.MARKUP_LINKS[0]
    assert abuse.unsafe(f"The link's value {raw} was ignored", dangerous)
    assert not abuse.unsafe("The link's value &#33;&#91;t&#93;&#40;https&#58;\u2060//host.example/p.png&#41;",
                            dangerous)


def _result(**over) -> dict:
    out = {
        "seconds": {"total": 300.0},
        "goals": {"peak_mb": 300.0, "cpu_s": 0.5, "rest_mb": 600.0, "victim_p95_s": 0.5, "tiny_start_s": 5.0,
                  "waiting_review_p95_s": 0.3, "table_cpu_s": 0.5},
        "interactions": [{"name": "cloze", "limit": "60 chars", "cpu_s": 2.4, "peak_mb": 214.0},
                         {"name": "review (en)", "limit": "500 chars", "cpu_s": 0.25, "peak_mb": 4.0}],
        "gradients_lab": {},
        "table_flood": {"rows": 5000, "edits_chars": 224649, "flood": {"cpu_s": 0.06}, "slider_after": {"cpu_s": 0.05}},
        "resting": {"walked_mb": 546.0, "cloze_inputs": 60, "after_cloze_mb": 641.0, "rest_s": 5.0, "rested_mb": 590.0},
        "fair": {"attackers": 12, "victim_alone_p50_s": 0.09, "victim_alone_p95_s": 0.17, "victim_n": 60,
                 "warmup_s": 10.0, "victim_p50_s": 1.5, "victim_p95_s": 1.8, "attacker_interactions": 100},
        "training": {"measured": False, "why": "bench/abuse_training.py is not there"},
        "markup": {"bodies_checked": 4, "unsafe": []},
    }
    out.update(over)
    out["summary"] = abuse.summary(out)
    return out


def test_the_report_prints_each_figure_beside_its_goal(capsys):
    _print_abuse(_result())
    text = capsys.readouterr().out
    assert "2.40 CPU-s  (goal <= 0.5 CPU-s)  MISSED" in text
    assert "0.25 CPU-s  (goal <= 0.5 CPU-s)  OK" in text
    assert "590 MB  (goal <= 600 MB)  OK" in text
    assert "1.80 s  (goal <= 0.5 s)  MISSED" in text
    assert "fair training: not measured" in text
    assert "0 carried it unescaped  (goal 0)  OK" in text
    assert "a live model's writing: not measured" in text and "p95 not measured (goal <= 0.5 s)" in text
    summary = _result()["summary"]
    assert summary["cpu_s"] == {"value": 2.4, "where": "cloze", "ok": False, "over_goal": ["cloze"]}
    assert summary["peak_mb"]["ok"] and summary["table_cpu_s"]["ok"] and not summary["victim_p95_s"]["ok"]


def test_the_report_reads_the_training_figures(capsys):
    _print_abuse(_result(training={"measured": True, "tiny_start_s": 1.2, "goal_tiny_start_s": 5.0,
                                   "review_p95_s": 0.4, "goal_review_p95_s": 0.3, "waiting_sessions": 30,
                                   "review_alone_p95_s": 0.2}))
    text = capsys.readouterr().out
    assert "a tiny job starts in 1.20 s  (goal < 5 s)  OK" in text
    assert "review p95 0.40 s  (goal < 0.3 s)  MISSED" in text


def test_the_report_reads_the_figures_of_one_visitor_against_the_others(capsys):
    _print_abuse(_result(leak={"measured": True, "leaks": 1}, churn={"churners": 12, "victim_p95_s": 0.2},
                         forged_queue={"forged": 10, "forged_accepted": 10, "victim_place": 1, "victim_start_s": 7.5},
                         memory_flood={"sessions": 24, "text_bytes": 2**20, "oversize_refused": True,
                                       "peak_above_start_mb": 57, "after_s": 60, "after_above_start_mb": 80},
                         series_rest={"rested_mb": 550.0, "rest_s": 30}))
    text = capsys.readouterr().out
    assert "B got A's text 1 times  (goal 0)  MISSED" in text
    assert "p95 0.20 s  (goal <= 0.5 s)  OK" in text and "ran after 7.50 s  (goal <= 5 s)  MISSED" in text
    assert "peak 57 MB  (goal <= 300 MB)  OK" in text and "left 80 MB  (goal <= 60 MB)  MISSED" in text
    assert "rested at 550 MB  (goal <= 600 MB)  OK" in text and "larger message refused" in text


# --- issue 52's attacks (bench/abuse_class.py): the report, the rebalancer's figures, the silent index ---------
def _class_attacks(**over) -> dict:
    """What abuse_class.run returns, every finding measured and met (``over`` replaces findings)."""
    out = {
        "seconds": {"total": 280.0},
        "downloads": {"newcomers": 20, "newcomer_max_s": 0.4, "newcomer_p50_s": 0.1, "page_s": 0.2,
                      "page_pending": True, "again_s": 0.05, "again_pending": True, "fetch_reached_network": True,
                      "goal_s": 3.0, "ok": True},
        "rebalance": {"students": 20, "hold_s": 40.0, "flip_s": 60.0, "per_replica": {"joined": {"rnn1": 17}},
                      "moved": {"student 3": [(32.0, "rnn1", "rnn2")]}, "sheds_s": {"rnn1": [32.0]}, "most_moves": 1,
                      "moved_twice": [], "window_s": 600.0, "closest_sheds_s": None, "goal_sheds_apart_s": 60.0,
                      "teacher_moves": 0, "teacher_console": True, "ok": True},
        "stuffing": {"cookies": {"sessions": 255, "told_not_counted": 135, "errors": [], "seconds": 70.0}, "counted": 120,
                     "teacher_saw": 120, "goal_counted": 120, "cookieless": {"sessions": 60, "told_not_counted": 0,
                                                                             "errors": []},
                     "counted_cookieless": 12, "names_left": 0, "refilled": 13, "goal_cookieless": 15, "raised_to": 2000,
                     "seconds": 25.0, "ok": True},
        "shared_address": {"names_used": 168, "allowance": 150, "names_s": 11.0, "span_jobs": 10,
                           "attacker_jobs_held": 10, "student_refused": False, "student_place": 1,
                           "student_past_allowance": True, "student_start_s": 3.6, "goal_start_s": 5.0, "ok": True},
        "console_flood": {"tabs": 12, "questions": 10, "reruns": 1300, "reruns_per_s": 43.0, "rerun_p95_s": 0.18,
                          "server_cores_busy": 0.9, "victim_alone_p95_s": 0.05, "victim_n": 30, "victim_p95_s": 0.25,
                          "goal_p95_s": 0.5, "ok": True},
        "creation": {"one_session_started": 5, "goal_per_session": 5, "seconds": 20.0, "started": 20, "refused": 80,
                     "goal_per_place": 20, "store_rows_added": 20, "ok": True,
                     "purge": {"classes": 100_000, "purge_ms": 0.01, "without_index_ms": 5.2, "every_s": 60.0,
                               "goal_ms": 5.0, "ok": True}},
        "small": {"favicon": "/media/x.png", "favicon_own": True, "favicon_served": "200 image/png", "other_hosts": [],
                  "hide_tried": ["present_leave", "present_picker", "lang"], "hidden": [], "declared": "home_form",
                  "declared_hidden": True, "way_out_drawn": True, "ok": True},
    }
    out.update(over)
    out["verdicts"] = abuse_class.verdicts(out)
    return out


def test_each_of_issue_52s_findings_is_printed_with_its_figure_and_goal(capsys):
    text = abuse_class.summary(_class_attacks(), first=12)
    lines = [line for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert [line.split(".")[0].strip() for line in lines] == [str(n) for n in range(12, 19)]  # one per finding
    assert all(line.rstrip().endswith("OK") for line in text.splitlines()[1:] if "(goal" in line or "OK" in line)
    assert "at most 0.40 s" in text and "saying its data is on the way: True" in text
    assert "counted 120 (goal <= 120)" in text
    assert "counted 12 (goal <= 15: 0 new names left, 1 part-refilled, 13 refilled meanwhile, 1 for the rest)" in text
    assert "running after 3.60 s (goal <= 5 s)" in text and "under it (30) p95 0.25 s (goal <= 0.5 s)" in text
    assert "20 started, 80 refused (goal <= 20 open)" in text and "moved twice within 600 s: 0 (goal 0)" in text
    assert "teacher moved 0 times (goal 0), console kept: True" in text and "student 3 rnn1->rnn2 at 32 s" in text
    _print_abuse(_result(against_class=_class_attacks()))  # the abuse part prints them after its own eleven
    assert "\n 12. downloads" in capsys.readouterr().out


def test_a_finding_that_missed_or_broke_says_so_and_one_left_out_is_not_printed():
    out = _class_attacks(console_flood={**_class_attacks()["console_flood"], "victim_p95_s": 0.8, "ok": False},
                         stuffing={"error": "TimeoutError: home: the run did not finish in 60 s", "ok": False})
    del out["rebalance"]  # not run (``only``)
    out["verdicts"] = abuse_class.verdicts(out)
    text = abuse_class.summary(out)
    assert "p95 0.80 s (goal <= 0.5 s)  MISSED" in text and "rebalancer" not in text
    assert "stuffing: not measured: TimeoutError: home: the run did not finish in 60 s  MISSED" in text
    assert out["verdicts"]["console_flood"] is False and "rebalance" not in out["verdicts"]
    assert abuse.summary(_result(against_class=out))["against_class"]["stuffing"] is False


def _tab(*sockets) -> ProxiedSession:
    """A proxied session that reached these (time, replica) sockets, as a student's reconnects leave them."""
    return ProxiedSession("ws://x", "", seen=[(t, "socket", replica) for t, replica in sockets])


def test_the_rebalancers_figures_catch_a_second_move_a_quick_second_shed_and_a_moved_teacher():
    def steering(**tabs):
        return abuse_class._steering({"teacher": _tab((0, "rnn1")), **tabs}, 0.0, {}, [], True, [])

    once = steering(s1=_tab((0, "rnn1"), (32, "rnn2")), s2=_tab((0, "rnn1"), (33, "rnn2")), s3=_tab((0, "rnn2")))
    assert once["ok"] and once["sheds_s"] == {"rnn1": [32.0]} and once["most_moves"] == 1, once
    twice = steering(s1=_tab((0, "rnn1"), (32, "rnn2"), (70, "rnn1")))  # back again 38 s later: inside the window
    assert not twice["ok"] and twice["moved_twice"] == ["s1"] and twice["closest_sheds_s"] is None, twice
    quick = steering(s1=_tab((0, "rnn1"), (10, "rnn2")), s2=_tab((0, "rnn1"), (40, "rnn2")))  # one replica, 30 s apart
    assert not quick["ok"] and quick["closest_sheds_s"] == 30.0 and quick["sheds_s"] == {"rnn1": [10.0, 40.0]}, quick
    moved_teacher = abuse_class._steering({"teacher": _tab((0, "rnn1"), (5, "rnn2"))}, 0.0, {}, [], True, [])
    assert not moved_teacher["ok"] and moved_teacher["teacher_moves"] == 1
    assert not abuse_class._steering({"teacher": _tab((0, "rnn1"))}, 0.0, {}, [], False, [])["ok"]  # console lost


def test_the_silent_index_takes_a_connection_and_never_answers(tmp_path):
    with abuse_class.silent_index() as (url, taken):
        host, port = url.split("//")[1].split("/")[0].split(":")
        with socket.create_connection((host, int(port)), timeout=2) as conn:
            conn.sendall(b"GET /simple/vega-datasets/ HTTP/1.1\r\nHost: x\r\n\r\n")
            conn.settimeout(0.5)
            try:
                answered = conn.recv(100)
            except TimeoutError:
                answered = None
        assert answered is None and len(taken) == 1
    env = abuse_class.offline_env(tmp_path, url)
    assert env["PIP_INDEX_URL"] == url and env["RNN_PLAYGROUND_DATA"] == str(tmp_path)  # pip sees nothing else


def test_the_attacks_sizes_are_the_benchs_and_a_misspelt_one_is_refused():
    assert {name: getattr(FULL, name) for name in abuse_class.FULL} == abuse_class.FULL
    assert {f.name for f in dataclasses.fields(FULL)} >= set(abuse_class.FULL)
    with pytest.raises(TypeError, match="stuffed_cookie"):
        abuse_class.run(("stuffing",), stuffed_cookie=3)

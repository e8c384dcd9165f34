"""The abuse bench's pieces that need no server: the light client's widget values and what it keeps
of a page, the attack texts at each page's limit, the markup check and the report's verdicts."""

import asyncio
import concurrent.futures
import json
import random

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench import abuse
from bench.__main__ import _print_abuse
from bench.light_client import LightSession, Widget


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

"""The replicas' rebalancer (playground/app/rebalance.py): how many sessions a crowded replica moves,
and that it reads the proxy's one-line answer. The class behind a real HAProxy is in
tests/browser/test_replicas.py."""

import http.server
import threading

import pytest

from playground.app import rebalance


@pytest.mark.parametrize(("mine", "total", "live", "moved"), [
    (60, 64, 2, 28),   # the survivor carried the class; the restarted replica has four late students
    (6, 6, 2, 3),
    (4, 4, 2, 2),
    (31, 60, 2, 0),    # a class of 31 / 29 stays as it is
    (33, 62, 2, 2),
    (3, 4, 2, 0),
    (60, 60, 1, 0),    # the only live replica moves no one
    (40, 60, 3, 20),
    (0, 0, 2, 0),
])
def test_a_crowded_replica_moves_down_to_its_share(mine, total, live, moved):
    assert rebalance.to_shed(mine, total, live) == moved


@pytest.mark.parametrize(("text", "load"), [("64 2", (64, 2)), ("0 1\n", (0, 1)), ("", None), ("a b", None),
                                            ("1 2 3", None), ("-1 2", None)])
def test_the_proxys_line_is_read_or_refused(text, load):
    assert rebalance.parse_load(text) == load


class _Proxy(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - the standard library's name
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"17 2")

    def log_message(self, *args):
        pass


def test_the_load_is_read_from_the_proxy_and_a_dead_one_is_none():
    server = http.server.HTTPServer(("127.0.0.1", 0), _Proxy)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        assert rebalance.read_load(f"http://127.0.0.1:{server.server_port}/") == (17, 2)
    finally:
        server.shutdown()
    assert rebalance.read_load(f"http://127.0.0.1:{server.server_port}/", timeout_s=0.5) is None


class _Info:
    def __init__(self, sid, running=False):
        from streamlit.runtime.app_session import AppSessionState

        self.session = type("S", (), {"id": sid, "_state": AppSessionState.APP_IS_RUNNING if running
                                      else AppSessionState.APP_NOT_RUNNING})()
        self.client = None


class _Runtime:
    def __init__(self, infos):
        self._session_mgr = type("M", (), {"list_active_sessions": lambda _self: infos})()


def test_a_session_that_trains_or_runs_is_never_moved():
    infos = [_Info("a"), _Info("b", running=True), _Info("c"), _Info("d")]
    mine, movable = rebalance.movable_sessions(_Runtime(infos), busy=lambda sid: sid == "c")
    assert mine == 4 and [i.session.id for i in movable] == ["a", "d"]


def test_only_two_looks_in_a_row_move_anyone(monkeypatch):
    closed = []
    monkeypatch.setattr(rebalance, "close_sockets", lambda runtime, sessions: closed.extend(sessions) or len(sessions))
    runtime = _Runtime([_Info(str(k)) for k in range(6)])
    assert rebalance.rebalance_once(runtime, (6, 2), 0, busy=lambda sid: False) == (3, 0)
    assert rebalance.rebalance_once(runtime, (6, 2), 3, busy=lambda sid: False) == (3, 3) and len(closed) == 3
    assert rebalance.rebalance_once(runtime, None, 3, busy=lambda sid: False) == (0, 0)


def test_the_moved_are_drawn_at_random_and_a_teacher_is_never_moved(monkeypatch):
    """Issue 52: an attacker's early sessions were never moved (the newest were), and the teacher's console
    was. Now the moved are drawn from every idle session, and a teaching one is never among them."""
    from playground.app import classroom

    closed = []
    monkeypatch.setattr(rebalance, "close_sockets", lambda runtime, sessions: closed.extend(sessions) or len(sessions))
    monkeypatch.setitem(classroom._TEACHING, "teacher", None)
    infos = [_Info("teacher")] + [_Info(f"early-{k}") for k in range(12)] + [_Info(f"late-{k}") for k in range(12)]
    runtime = _Runtime(infos)
    chosen = set()
    for _ in range(30):
        closed.clear()
        rebalance.rebalance_once(runtime, (25, 2), 12, busy=classroom.is_teaching_session)
        chosen |= {i.session.id for i in closed}
    assert "teacher" not in chosen
    assert any(c.startswith("early-") for c in chosen) and any(c.startswith("late-") for c in chosen)

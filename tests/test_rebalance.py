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
    def __init__(self, sid, running=False, named=None):
        """A session; ``named``: the session id its browser's websocket named (a reconnect)."""
        from streamlit.runtime.app_session import AppSessionState

        self.session = type("S", (), {"id": sid, "_state": AppSessionState.APP_IS_RUNNING if running
                                      else AppSessionState.APP_NOT_RUNNING})()
        protocols = "streamlit, PLACEHOLDER_AUTH_TOKEN" + (f", {named}" if named else "")
        self.client = type("C", (), {"_websocket": type("W", (), {"headers": {"sec-websocket-protocol": protocols}})()})()


class _Runtime:
    def __init__(self, infos):
        self._session_mgr = type("M", (), {"list_active_sessions": lambda _self: infos})()


def test_a_session_that_trains_or_runs_is_never_moved():
    infos = [_Info("a"), _Info("b", running=True), _Info("c"), _Info("d")]
    mine, movable = rebalance.movable_sessions(_Runtime(infos), busy=lambda sid: sid == "c")
    assert mine == 4 and [i.session.id for i in movable] == ["a", "d"]


def _closing(monkeypatch) -> list:
    closed = []
    monkeypatch.setattr(rebalance, "close_sockets", lambda runtime, sessions: closed.extend(sessions) or len(sessions))
    return closed


def test_an_imbalance_must_last_before_anyone_moves(monkeypatch):
    """Issue 52: closing tabs on one replica made the other shed at once. Now the replica waits until
    it has been above its share for SUSTAIN_S, and sheds the fewest any look of that time asked for."""
    closed = _closing(monkeypatch)
    runtime, looks, idle = _Runtime([_Info(str(k)) for k in range(8)]), rebalance.Looks(), lambda sid: False
    assert rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=0.0) == (4, 0)
    assert rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=rebalance.SUSTAIN_S - 1) == (4, 0)
    assert rebalance.rebalance_once(runtime, (8, 1), looks, idle, now=rebalance.SUSTAIN_S) == (0, 0)  # it passed
    assert rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=100.0) == (4, 0)  # it starts again
    assert rebalance.rebalance_once(runtime, (10, 2), looks, idle, now=110.0) == (3, 0)
    assert rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=100 + rebalance.SUSTAIN_S) == (4, 3)
    assert len(closed) == 3  # the fewest asked for in the window
    assert rebalance.rebalance_once(runtime, None, looks, idle, now=1000.0) == (0, 0)


def test_a_replica_sheds_at_most_once_a_while(monkeypatch):
    closed = _closing(monkeypatch)
    runtime, looks, idle = _Runtime([_Info(str(k)) for k in range(8)]), rebalance.Looks(), lambda sid: False
    for now in range(0, 200, 3):
        rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=float(now))
    sheds = 200 // rebalance.SHED_EVERY_S  # at most one shed in each SHED_EVERY_S (the first after SUSTAIN_S)
    assert 0 < len(closed) <= 4 * sheds and len(closed) % 4 == 0, len(closed)
    assert len(closed) < 4 * len(range(0, 200, 3))


def test_a_session_moved_here_is_not_moved_again_within_the_window(monkeypatch):
    """Issue 52: alternating closes moved three students four times in 36 s. A session whose browser
    reconnected naming a session this replica never had came from another one: it stays."""
    closed = _closing(monkeypatch)
    arrived = [_Info(f"new-{k}", named=f"old-{k}") for k in range(6)]
    resumed = _Info("same", named="same")  # a reconnect to its own replica: not a move
    runtime, looks, idle = _Runtime([*arrived, resumed, _Info("fresh")]), rebalance.Looks(), lambda sid: False
    assert [rebalance.came_from_elsewhere(i) for i in (arrived[0], resumed)] == [True, False]
    for now in (0.0, rebalance.SUSTAIN_S):
        rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=now)
    assert sorted(i.session.id for i in closed) == ["fresh", "same"]
    closed.clear()
    later = rebalance.MOVED_WINDOW_S + 1.0  # the window over: they may move again
    for now in (later, later + rebalance.SUSTAIN_S):
        rebalance.rebalance_once(runtime, (8, 2), looks, idle, now=now)
    assert len(closed) == 4 and any(i.session.id.startswith("new-") for i in closed)  # (the fake keeps the closed)


def test_the_moved_are_drawn_at_random_and_a_teacher_is_never_moved(monkeypatch):
    """Issue 52: an attacker's early sessions were never moved (the newest were), and the teacher's console
    was. Now the moved are drawn from every idle session, and a teaching one is never among them."""
    from playground.app import classroom

    closed = _closing(monkeypatch)
    monkeypatch.setitem(classroom._TEACHING, "teacher", None)
    infos = [_Info("teacher")] + [_Info(f"early-{k}") for k in range(12)] + [_Info(f"late-{k}") for k in range(12)]
    runtime = _Runtime(infos)
    chosen = set()
    for _ in range(30):
        closed.clear()
        looks = rebalance.Looks()
        for now in (0.0, rebalance.SUSTAIN_S):
            rebalance.rebalance_once(runtime, (25, 2), looks, classroom.is_teaching_session, now=now)
        chosen |= {i.session.id for i in closed}
    assert "teacher" not in chosen
    assert any(c.startswith("early-") for c in chosen) and any(c.startswith("late-") for c in chosen)

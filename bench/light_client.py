"""A light Streamlit client: one browser session without the browser.

It speaks the app's own websocket protocol (``/_stcore/stream``, the ``BackMsg`` / ``ForwardMsg``
protobuf classes Streamlit ships): it asks for a page as the browser does, remembers the ids of the
widgets the page draws (and the fragment each one lives in), and changes a widget as a click
would, timing until the server says the run is over. A session costs the client a few
milliseconds of CPU per interaction, so a load test on the same machine measures the server, not
thirty Chromiums.

A widget's value travels in the ``WidgetState`` field its widget reads (``streamlit/proto/
WidgetStates.proto``, 1.67): text boxes, selects and data editors ``string_value`` (a data editor's
edits as one JSON text), sliders ``double_array_value`` (one number, or two for a range), number
inputs ``int_value`` or ``double_value``, toggles and checkboxes ``bool_value``. The session also
keeps what the page said: toasts and alerts always (``notices``, as (kind, body)), markdown and
captions when ``keep_markdown`` is set (``markdown``), so a test can read the markup it was sent.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

# ForwardMsg.script_finished values that end a run (2: stopped early for a newer rerun, keep waiting)
RUN_OVER = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            ForwardMsg.FINISHED_WITH_COMPILE_ERROR}


@dataclass
class Widget:
    id: str
    fragment_id: str
    options: tuple[str, ...] = ()  # a radio's or a select's options, as the page shows them


@dataclass
class LightSession:
    """One session on ``url`` (``ws://host:port``), on the page at ``page`` (its URL path)."""

    url: str
    page: str
    locale: str = "en-US"
    query_string: str = ""
    widgets: dict[str, Widget] = field(default_factory=dict)
    code_blocks: list[str] = field(default_factory=list)  # the text of every st.code drawn
    exceptions: list[str] = field(default_factory=list)
    notices: list[tuple[str, str]] = field(default_factory=list)  # ("toast" | "alert", body) of every notice
    keep_markdown: bool = False  # also keep every markdown / caption body (a long session: off)
    markdown: list[str] = field(default_factory=list)
    page_script_hash: str = ""
    auto_reruns: dict[str, float] = field(default_factory=dict)  # fragment id -> seconds (st.fragment's run_every)
    headers: dict[str, str] = field(default_factory=dict)  # sent with the websocket upgrade (a proxy's cookie)
    handshake_headers: dict[str, str] = field(default_factory=dict)  # the upgrade response's, lower-cased names
    source: str = ""  # the loopback address to connect from (127.0.0.2 ...): a client on another network
    session_id: str = ""  # the server's id of this session: a reconnect names it, as a browser's does
    whole_run_at: float = 0.0  # time.monotonic() when the page last finished a whole run (not a fragment's)
    _socket: object = None

    async def open(self, timeout_s: float = 300.0) -> float:
        """Connect and load the page; seconds until its first run finished."""
        where = {"local_addr": (self.source, 0)} if self.source else {}
        # a browser's reconnect names its last session (third entry; the second is the XSRF token's place)
        protocols = ["streamlit", *(("PLACEHOLDER_AUTH_TOKEN", self.session_id) if self.session_id else ())]
        self._socket = await connect(f"{self.url}/_stcore/stream", subprotocols=protocols, max_size=None,
                                     open_timeout=timeout_s, ping_interval=None, additional_headers=self.headers or None,
                                     **where)
        self.handshake_headers = {k.lower(): v for k, v in self._socket.response.headers.raw_items()}
        started = time.perf_counter()
        await self._send(widget_states=())
        await self._until_finished(timeout_s)
        return time.perf_counter() - started

    async def change(self, key: str, value: str, timeout_s: float = 120.0) -> float:
        """Set text widget ``key`` to ``value`` (as typing and Enter would); seconds until the
        rerun it causes (its fragment's, when it lives in one) is over."""
        widget = self.widgets[key]
        started = time.perf_counter()
        await self._send(widget_states=((widget.id, value),), fragment_id=widget.fragment_id)
        await self._until_finished(timeout_s)
        return time.perf_counter() - started

    async def set_slider(self, key: str, value: float | tuple[float, float], timeout_s: float = 120.0) -> float:
        """Move slider ``key`` to ``value`` (two values for a range slider), as a drag would."""
        values = tuple(value) if isinstance(value, tuple | list) else (value,)
        return await self.set_widget(key, "double_array_value", values, timeout_s)

    async def set_number(self, key: str, value: float, timeout_s: float = 120.0) -> float:
        """Set number input ``key``: an int as ``int_value`` (an integer input), a float as ``double_value``."""
        return await self.set_widget(key, "int_value" if isinstance(value, int) else "double_value", value, timeout_s)

    async def set_widget(self, key: str, value_field: str, value, timeout_s: float = 120.0) -> float:
        """Send widget ``key``'s value in ``WidgetState`` field ``value_field`` (a forged client may
        send anything a widget reads); seconds until the rerun it causes is over."""
        widget = self.widgets[key]
        started = time.perf_counter()
        await self._send(widget_states=((widget.id, (value_field, value)),), fragment_id=widget.fragment_id)
        await self._until_finished(timeout_s)
        return time.perf_counter() - started

    async def press(self, key: str, timeout_s: float = 120.0) -> float:
        """Click button ``key``; seconds until the rerun it causes is over."""
        return await self.set_widget(key, "trigger_value", True, timeout_s)

    async def choose(self, key: str, option: str, timeout_s: float = 120.0) -> float:
        """Pick ``option`` (its label, as a radio or a select shows it) in widget ``key``."""
        if option not in self.widgets[key].options:
            raise ValueError(f"{key}: no option {option!r} in {self.widgets[key].options}")
        return await self.change(key, option, timeout_s)

    async def auto_rerun(self, fragment_id: str, timeout_s: float = 120.0) -> float:
        """What the browser's timer sends for a fragment with ``run_every``; seconds until it ran."""
        started = time.perf_counter()
        await self._send(widget_states=(), fragment_id=fragment_id, auto=True)
        await self._until_finished(timeout_s)
        return time.perf_counter() - started

    async def goto(self, page: str, query_string: str = "", timeout_s: float = 300.0) -> float:
        """Go to another page in the same session (a click in the sidebar's navigation); seconds
        until its first run finished. The widgets of the page left behind are forgotten."""
        self.page, self.query_string, self.page_script_hash = page, query_string, ""
        self.widgets = {}
        started = time.perf_counter()
        await self._send(widget_states=())
        await self._until_finished(timeout_s)
        return time.perf_counter() - started

    async def idle(self) -> None:
        """Sit on the page as an idle tab does: read (and drop) what the server sends between runs, until
        the server closes the socket (``websockets.exceptions.ConnectionClosed``: a replica's rebalancer)."""
        while True:
            await self._socket.recv()

    def toasts(self) -> list[str]:
        return [body for kind, body in self.notices if kind == "toast"]

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()

    async def _send(self, widget_states, fragment_id: str = "", auto: bool = False) -> None:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query_string
        state.page_name = self.page
        state.page_script_hash = self.page_script_hash
        state.fragment_id = fragment_id
        state.is_auto_rerun = auto
        state.context_info.locale = self.locale
        state.context_info.timezone = "UTC"
        for widget_id, value in widget_states:
            _fill(state.widget_states.widgets.add(), widget_id, value)
        await self._socket.send(message.SerializeToString())

    async def _until_finished(self, timeout_s: float) -> None:
        deadline, drawn = time.monotonic() + timeout_s, {}
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.page}: the run did not finish in {timeout_s:.0f} s")
            message = ForwardMsg.FromString(await asyncio.wait_for(self._socket.recv(), left))
            kind = message.WhichOneof("type")
            self._seen(message, kind)
            if kind == "new_session":  # a run begins (a whole run's timers are counted afresh)
                drawn = {}
                self.page_script_hash = message.new_session.page_script_hash
                self.session_id = message.new_session.initialize.session_id or self.session_id
            elif kind == "navigation" and message.navigation.page_script_hash:
                # the page st.navigation ran (new_session names the entry script): a full rerun
                # sent with the entry script's hash would run the default page instead
                self.page_script_hash = message.navigation.page_script_hash
            elif kind == "auto_rerun":
                self.auto_reruns[message.auto_rerun.fragment_id] = message.auto_rerun.interval
                drawn[message.auto_rerun.fragment_id] = message.auto_rerun.interval
            elif kind == "stop_auto_rerun":  # a timed fragment the page no longer draws: its timer stops
                for fragment_id in message.stop_auto_rerun.fragment_ids:
                    self.auto_reruns.pop(fragment_id, None)
            elif kind == "delta":
                self._read_delta(message)
            elif kind == "script_finished" and message.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                # a whole run: the timers are those of the fragments it drew, as a browser keeps them (a
                # fragment the page no longer draws, such as a question's box after the reveal, never answers)
                self.auto_reruns, drawn = drawn, {}
                self.whole_run_at = time.monotonic()
                return
            elif kind == "script_finished" and message.script_finished in RUN_OVER:
                return

    def _seen(self, message, kind: str) -> None:
        """Every message of a run, for a client that keeps more than this one (no-op here)."""

    def _read_delta(self, message) -> None:
        delta = message.delta
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind == "code":
            self.code_blocks.append(element.code.code_text)
        if kind == "exception":
            self.exceptions.append(f"{self.page}: {element.exception.type}: {element.exception.message[:200]}")
            return
        if kind in ("toast", "alert"):
            self.notices.append((kind, getattr(element, kind).body))
        if kind == "markdown" and self.keep_markdown:
            self.markdown.append(element.markdown.body)
        inner = getattr(element, kind) if kind else None
        widget_id = getattr(inner, "id", "") if inner is not None else ""
        if widget_id.startswith("$$ID"):  # a widget; a key the page gave it ends its id
            key = widget_id.split("-", 2)[2]  # "$$ID-<hash>-<key>"
            self.widgets[key] = Widget(widget_id, delta.fragment_id, tuple(getattr(inner, "options", ())))


def _fill(one, widget_id: str, value) -> None:
    """One ``WidgetState``: a plain text goes in ``string_value`` (a text box's value); a
    (field, value) pair in that field (an array field's numbers in its ``data``)."""
    one.id = widget_id
    if isinstance(value, str):
        one.string_value = value
        return
    value_field, inner = value
    if value_field.endswith("_array_value"):
        getattr(one, value_field).data.extend(inner)
    else:
        setattr(one, value_field, inner)

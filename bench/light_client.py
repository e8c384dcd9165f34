"""A light Streamlit client: one browser session without the browser.

It speaks the app's own websocket protocol (``/_stcore/stream``, the ``BackMsg`` / ``ForwardMsg``
protobuf classes Streamlit ships): it asks for a page as the browser does, remembers the ids of the
widgets the page draws (and the fragment each one lives in), and changes a widget as a click
would, timing until the server says the run is over. A session costs the client a few
milliseconds of CPU per interaction, so a load test on the same machine measures the server, not
thirty Chromiums.
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
    page_script_hash: str = ""
    _socket: object = None

    async def open(self, timeout_s: float = 300.0) -> float:
        """Connect and load the page; seconds until its first run finished."""
        self._socket = await connect(f"{self.url}/_stcore/stream", subprotocols=["streamlit"], max_size=None,
                                     open_timeout=timeout_s, ping_interval=None)
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

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()

    async def _send(self, widget_states, fragment_id: str = "") -> None:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query_string
        state.page_name = self.page
        state.page_script_hash = self.page_script_hash
        state.fragment_id = fragment_id
        state.context_info.locale = self.locale
        state.context_info.timezone = "UTC"
        for widget_id, value in widget_states:
            one = state.widget_states.widgets.add()
            one.id = widget_id
            one.string_value = value
        await self._socket.send(message.SerializeToString())

    async def _until_finished(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.page}: the run did not finish in {timeout_s:.0f} s")
            message = ForwardMsg.FromString(await asyncio.wait_for(self._socket.recv(), left))
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.page_script_hash = message.new_session.page_script_hash
            elif kind == "delta":
                self._read_delta(message)
            elif kind == "script_finished" and message.script_finished in RUN_OVER:
                return

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
        inner = getattr(element, kind) if kind else None
        widget_id = getattr(inner, "id", "") if inner is not None else ""
        if widget_id.startswith("$$ID"):  # a widget; a key the page gave it ends its id
            key = widget_id.split("-", 2)[2]  # "$$ID-<hash>-<key>"
            self.widgets[key] = Widget(widget_id, delta.fragment_id)

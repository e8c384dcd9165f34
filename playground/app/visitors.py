"""Who a session's visitor is, for the fair share of the CPU and the training line (issue 37).

A visitor is the browser, by a hash of the token in Streamlit's own XSRF cookie (every tab of a
browser sends the same), or the session alone without that cookie. Either name is the client's to
make up: so a name is taken once per session, at its first run, and a name never seen before counts
against its network address's allowance of new visitors (``playground.core.fairness.Newcomers``); past
it, the session shares one visitor with the rest of that address's newcomers. The address is the
connection's (``st.context.ip_address``; behind a proxy, what the proxy forwards, see docs/deploying.md
"One visitor cannot hurt the class"); loopback without a proxy is ``local``.
"""

from __future__ import annotations

import binascii
import hashlib

import streamlit as st

from playground.core import fairness

XSRF_COOKIE = "_streamlit_xsrf"
NEWCOMERS = fairness.Newcomers()
_VISITOR = "_visitor"  # session key: (name, address) decided at the session's first run
NEWCOMERS_PREFIX = "newcomers-"  # the one visitor of an address's newcomers past its allowance


def xsrf_token(cookie: str | None) -> bytes | None:
    """The token inside Streamlit's XSRF cookie, or None. Streamlit sets the cookie once per browser
    and keeps its token for every later page load and tab (only the mask around it changes:
    ``2|mask|masked token|time``), so the token names the browser."""
    if not cookie:
        return None
    value = cookie.strip("\"'")
    try:
        if value.startswith("2|"):
            _, mask_hex, masked_hex, _ = value.split("|")
            mask, masked = binascii.a2b_hex(mask_hex), binascii.a2b_hex(masked_hex)
            token = bytes(b ^ mask[k % 4] for k, b in enumerate(masked)) if len(mask) == 4 else b""
        else:
            token = binascii.a2b_hex(value)  # version 1: the token itself
    except (ValueError, binascii.Error):
        return None
    return token if len(token) >= 8 else None


def visitor_id(cookies=None) -> str | None:
    """The browser's name: a hash of its XSRF token (the secret itself is not kept), or None
    without that cookie (a client that sends none, XSRF protection off)."""
    if cookies is None:
        try:
            cookies = st.context.cookies
        except Exception:  # no script run context (a plain test)
            return None
    token = xsrf_token(cookies.get(XSRF_COOKIE)) if cookies else None
    return None if token is None else "browser-" + hashlib.sha256(token).hexdigest()[:24]


def client_address() -> str:
    """The network address the session connected from (``local`` on loopback or outside a run)."""
    try:
        address = st.context.ip_address
    except Exception:
        return "local"
    return address if isinstance(address, str) and address else "local"  # (a test's context has a stand-in)


def session_name() -> str:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    return f"session-{ctx.session_id}" if ctx is not None else "no-session"


def visitor() -> tuple[str, str]:
    """(this session's visitor name, its address), decided at the session's first run and kept."""
    held = st.session_state.get(_VISITOR)
    if held is None:
        name, address = visitor_id() or session_name(), client_address()
        if not NEWCOMERS.admit(address, name):
            name = NEWCOMERS_PREFIX + address  # one more new name than the address may bring: they share one
        held = st.session_state[_VISITOR] = (name, address)
    return held


def job_owner(name: str, session: str) -> str:
    """Who owns a training job (one job each): the visitor, except that the newcomers an address brings
    past its allowance, who share one visitor (one CPU share), each own their session's job (issue 52:
    the first job of any of them told every later student that they already had one)."""
    return session if name.startswith(NEWCOMERS_PREFIX) else name

"""A path that no page has (/sequences, a mistyped link): our own page in the visitor's language,
not Streamlit's "Page not found" dialog, which is English only and cannot be translated.

``st.navigation`` matches the path a browser asks for against its pages' url paths, and when none
matches it sends that dialog and runs the default page. So for such a path this run's navigation gets
one more page, hidden, at exactly that path: it matches, and it says so in words and links to every page.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from playground.app.language import tr
from playground.core.formatting import escape_markdown
from playground.lessons import PAGES


def requested_path() -> str | None:
    """The page name the browser asked for ("sequences" for /sequences), or None. Streamlit keeps it in
    its pages manager (``intended_page_name``, not a public API: None if it ever moves)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    manager = getattr(ctx, "pages_manager", None)
    return getattr(manager, "intended_page_name", None) or None


def _not_found() -> None:
    name = requested_path() or ""
    st.title(tr("notfound.title"))
    st.warning(tr("notfound.body", path=escape_markdown(name)), icon=":material/link_off:")
    for spec in PAGES:
        st.page_link(spec.path, label=tr(spec.title_key), icon=spec.icon)


def unknown(name: str | None, known: Iterable[str]) -> bool:
    """Is ``name`` a path that no page has and that a page may have? Not one of the ``known`` url
    paths (every page's, its aliases', the default page's own included: two pages may not share one);
    not nested ("a/b" cannot be a page's path: Streamlit's dialog stays for it); nothing trimmed off."""
    return bool(name) and name not in set(known) and "/" not in name and name == name.strip()


def not_found_page(known: Iterable[str]) -> st.Page | None:
    """A hidden page at the path this run was asked for when it is ``unknown``, else None."""
    name = requested_path()
    if not unknown(name, known):
        return None
    return st.Page(_not_found, title=tr("notfound.title"), icon=":material/link_off:", url_path=name,
                   visibility="hidden")

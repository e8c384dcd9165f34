"""A path no page has (issue 33: /sequences showed Streamlit's English "Page not found" in Chinese)."""

import pytest
from helpers import open_page
from streamlit.runtime.pages_manager import PagesManager

from playground.app import not_found
from playground.core.i18n import t
from playground.lessons import HOME_ALIAS, PAGES


def _asked_for(monkeypatch, name):
    # AppTest cannot type an address: the name the browser would send, for Streamlit and for the app alike
    monkeypatch.setattr(PagesManager, "intended_page_name", property(lambda self: name))


@pytest.mark.parametrize("locale, lang", [("zh-CN", "zh"), ("en-US", "en")])
def test_an_unknown_path_gets_a_page_in_the_reader_s_language(monkeypatch, locale, lang):
    _asked_for(monkeypatch, "sequences")
    at = open_page(locale=locale)
    assert not at.exception
    assert [x.value for x in at.title] == [t("notfound.title", lang)]
    assert [w.value for w in at.warning] == [t("notfound.body", lang, path="sequences")]
    links = [e.proto.label for e in at.main.get("page_link")]  # the sidebar has its own (the class poll)
    assert links == [t(f"page.{spec.key}.title", lang) for spec in PAGES]  # a way to every page


def test_only_an_unknown_single_name_gets_the_page():
    known = [spec.url_path for spec in PAGES] + [HOME_ALIAS]
    assert "sequences" not in known  # the Home page's own (never served) path is not the name a reader tries
    assert not_found.unknown("sequences", known) and not_found.unknown("two-ones", known)
    for name in (None, "", *known, "a/b", " padded"):
        assert not not_found.unknown(name, known), name
    assert not_found.not_found_page(known) is None  # outside a run: nothing was asked for


def test_a_known_page_still_opens(monkeypatch):
    _asked_for(monkeypatch, "charlm")
    at = open_page(locale="en-US")
    assert not at.exception and t("notfound.title", "en") not in [x.value for x in at.title]

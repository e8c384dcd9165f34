"""The app's page registry: one entry per page that exists.

``streamlit_app.py`` builds ``st.navigation`` from it, the Home page links to every entry, and
the page tests iterate over it, so a new page is covered by adding one line here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageSpec:
    key: str  # i18n keys page.<key>.title / page.<key>.blurb
    path: str  # relative to the repository root
    icon: str
    url_path: str  # = the file's stem: before its first run a fresh server resolves deep links
    #                by the files in pages/, so any other path shows "page not found" once
    default: bool = False
    # What a page test does to prove the main interaction changes the page: the widget key and
    # a value to give it (page tests and browser tests use it).
    main_widget: str | None = None
    main_value: object = None


HOME_ALIAS = "home"  # the Home page's file name: a visitor may type /home, and old links use it

PAGES: tuple[PageSpec, ...] = (
    # the default page is served at "/"; "/home" is an alias in streamlit_app.py (HOME_ALIAS). Its own
    # url path is never served, and a path that is a page's cannot have the not-found page
    # (``ui.not_found``): a name no one types, not "sequences", which a reader of its title may try
    PageSpec("home", "pages/home.py", ":material/home:", "playground_home", default=True,
             main_widget="home_order_a", main_value="咬狗人"),
    PageSpec("two_ones", "pages/two_ones.py", ":material/exposure_plus_1:", "two_ones",
             main_widget="ones_bits", main_value="1 1 0 1 1"),
    PageSpec("cell_lab", "pages/cell_lab.py", ":material/memory_alt:", "cell_lab",
             main_widget="lab_text", main_value="我在苹果工作"),
    PageSpec("sentiment", "pages/sentiment.py", ":material/sentiment_satisfied:", "sentiment",
             main_widget="senti_review", main_value="great food, but the service was far too slow"),
    PageSpec("gradients", "pages/gradients.py", ":material/trending_down:", "gradients",
             main_widget="grad_k", main_value=11),  # one step right of 10
    PageSpec("seq2seq", "pages/seq2seq.py", ":material/translate:", "seq2seq",
             main_widget="s2s_text", main_value="他每天早上喝咖啡。"),
    PageSpec("forecast", "pages/forecast.py", ":material/thermostat:", "forecast",
             main_widget="fc_window", main_value=72),
    PageSpec("charlm", "pages/charlm.py", ":material/edit_note:", "charlm",
             main_widget="lm_prompt", main_value="JULIET:\n"),
    PageSpec("charlm_cells", "pages/charlm_cells.py", ":material/visibility:", "charlm_cells",
             main_widget="cells_regex", main_value=r"\bif\b.*"),
    PageSpec("beyond", "pages/beyond.py", ":material/swap_horiz:", "beyond",
             main_widget="beyond_cloze_text", main_value="我吃了一个__"),
)

"""RNN Playground entry point: page config, the shared sidebar, and navigation over the pages."""

import streamlit as st

from playground import app as ui
from playground import lessons
from playground.app import classroom, console, present, rebalance, shell
from playground.app.background import session_is_training
from playground.app.not_found import not_found_page
from playground.core import runtime
from playground.lessons import HOME_ALIAS, PAGES

runtime.configure_server()  # once per process: torch threads and allocator arenas (see playground.core.runtime)
# behind the replicas' proxy only (RNN_CLASS_LOAD_URL): a class spreads out again, moving no one who trains or teaches
rebalance.start(busy=lambda sid: session_is_training(sid) or classroom.is_teaching_session(sid))

# the icon is served by the app itself: a Material icon name makes every browser fetch it from a font host,
# which would see every student's address (issue 52)
st.set_page_config(page_title="RNN Playground · RNN 实验场", page_icon=str(shell.FAVICON), layout="wide")
if ui.diagnostics():  # only with RNN_PLAYGROUND_DIAGNOSTICS=1 (the load bench)
    st.stop()
# Navigation first: the sidebar writes the language into the URL, and a URL change made before
# st.navigation knows the page sends a deep link to the main page ("page not found").
pages = [st.Page(spec.path, title=ui.tr(spec.title_key), icon=spec.icon, url_path=spec.url_path,
                 default=spec.default) for spec in PAGES]
# each page's predict-first question, by the page's address ("" is the default page's)
QUESTION_OF = {("" if spec.default else spec.url_path): key for key, spec in lessons.questions().items()}
home, home_spec = next((page, spec) for page, spec in zip(pages, PAGES, strict=True) if spec.default)


def _home_by_name() -> None:
    """/home opens Home with its settings, not Streamlit's "Page not found" dialog (English only)."""
    st.switch_page(home, query_params=st.query_params.to_dict())


if not st.get_option("client.showSidebarNavigation"):  # off in config.toml until now (see there)
    st.set_option("client.showSidebarNavigation", True)
# a path no page has (/sequences): a hidden page there, in the visitor's language (issue 33)
lost = not_found_page([*(spec.url_path for spec in PAGES), HOME_ALIAS, classroom.PATH])
teacher = st.Page(console.class_page, title=ui.tr("class.title"), url_path=classroom.PATH, visibility="hidden")
navigation = st.navigation([*pages, st.Page(_home_by_name, title=ui.tr(home_spec.title_key), url_path=HOME_ALIAS,
                                            visibility="hidden"), teacher, *([lost] if lost is not None else [])])
with ui.paced_run():  # each visitor's runs come out of a fair share of the CPU (playground.core.fairness)
    classroom.read_link()  # a class's link (playground.app.classroom): the session joins, once
    toolbar = present.slot()  # presentation mode's toolbar at the top (None when not presenting)
    try:
        ui.sidebar(teacher)
        ui.page_style()
        if navigation.url_path != classroom.PATH:  # the console is the teacher's banner
            classroom.banner(QUESTION_OF.get(navigation.url_path))  # in a class: its question, on every page
        navigation.run()
    finally:
        present.toolbar(toolbar)  # after the page: it names the controls the page drew
        ui.flush_url()  # the address bar follows the store once per run, also after a page's halt()
ui.flush_notices()  # a link's refused values whose widget this run did not draw
runtime.release_free_memory(every_s=10.0)  # after a full run, at most every 10 s: freed memory goes back
runtime.warm_up()  # first run: gc.freeze; the next: the other pages' imports, then gc.freeze (once)

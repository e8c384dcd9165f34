"""Home: what a sequence is, the four forms, order matters, and where to go next."""

from html import escape
from urllib.parse import urlsplit

import streamlit as st

from playground import lessons
from playground.app import (
    busy,
    classroom,
    fragment,
    input_error,
    lang,
    page_challenges,
    present,
    show_svg,
    tr,
    until_answered,
)
from playground.app.challenge import solved_list
from playground.app.store import choice, narrowed, remember, select, slider, stored, text
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown
from playground.drawing import base, charts, diagrams
from playground.home import forms, lecture_map, order, printout, question, run_sheet
from playground.home import settings as state

st.title(tr("home.title"), anchor="home-intro")
st.markdown(tr("home.intro"))

# --- 1. sequence data (textbook table 4-1) ------------------------------------------------------
st.header(tr("home.seq.header"), anchor="home-seq")
st.markdown(tr("home.seq.traits"))
rows = [tr(f"home.seq.row.{name}").split("|") for name in ("text", "speech", "series", "video", "bio")]
columns = [tr("home.seq.col.type"), tr("home.seq.col.element"), tr("home.seq.col.tasks")]
# a markdown table: its cells wrap (a data frame's fixed columns cut "Typical tasks" off at 1024 px)
cells = [[escape_markdown(cell.strip()) for cell in row] for row in rows]
# the time-series row opens its lesson (issue 38): the textbook's "气温预报" is a page of its own, the one
# whose place shows table 4-1 beside Home's (a house without such a lesson shows the row alone)
for series in lecture_map.elsewhere("textbook", "table-4-1", "home")[:1]:
    cells[2][2] += f" · [{tr('home.seq.series_link')}]({lecture_map.link(series, lang())})"
st.markdown("\n".join(["| " + " | ".join(columns) + " |", "|---" * len(columns) + "|",
                        *("| " + " | ".join(row) + " |" for row in cells)]))

# --- 2. the four forms, unrolled --------------------------------------------------------------
st.header(tr("home.forms.header"), anchor="home-forms")
st.markdown(tr("home.forms.intro"))


@fragment
def four_forms() -> None:
    """The form and the view rerun only the diagram."""
    form = choice(state.FORM, tr("home.forms.pick"), format_func=lambda f: tr(f"home.form.{f}"))
    view = choice(state.VIEW, tr("home.forms.view"), format_func=lambda v: tr(f"home.forms.view.{v}"))
    st.markdown(tr(f"home.form.{form}.desc"))
    graph = forms.unrolled(form, lang())
    if view == "folded":
        show_svg(diagrams.folded_svg())
        st.markdown(tr("home.forms.folded_note"))
    else:
        show_svg(diagrams.unrolled_svg(graph, {"encoder": tr("home.forms.encoder"), "decoder": tr("home.forms.decoder")}))
        sharing, numbers = forms.weight_sharing(graph)
        st.caption(tr(f"home.forms.shared.{sharing}", **numbers))


four_forms()


question.ask(state.GUESS)  # predict first (issue 26), before the order lab

# --- 3. order matters: 狗咬人 vs 人咬狗 ---------------------------------------------------------
st.header(tr("home.order.header"), anchor="home-order")


@fragment
def order_lab() -> None:
    """The two texts rerun only the comparison."""
    col_a, col_b = st.columns(2)
    text_a = text(state.ORDER_A, tr("home.order.a"), col_a)
    text_b = text(state.ORDER_B, tr("home.order.b"), col_b)
    try:
        result = order.compare_orders(text_a, text_b)
    except InputError as exc:
        input_error(exc)
    else:
        m1, m2 = st.columns(2)
        m1.metric(tr("home.order.mean_distance"), order.format_distance(result.mean_distance))
        m2.metric(tr("home.order.rnn_distance"), order.format_distance(result.rnn_distance))
        relation = result.relation
        (st.success if relation in ("same_chars", "same_mix") else st.info)(tr(f"home.order.{relation}"))
        for column, phrase, states in zip(st.columns(2), (result.a, result.b), (result.states_a, result.states_b),
                                          strict=True):
            show_svg(charts.heatmap_svg(states.T.tolist(), list(phrase), phrase, tr("home.order.unit")), column)
        st.caption(tr("home.order.note"))


with until_answered(state.GUESS):  # the intro and the lab's distances answer the question above (issue 33)
    st.markdown(tr("home.order.intro"))
    order_lab()


# --- 4. why not a fixed window ----------------------------------------------------------------
st.header(tr("home.window.header"), anchor="home-window")
st.markdown(tr("home.window.intro"))


@fragment
def window_lab() -> None:
    """The gap, the window and the width rerun only this section."""
    c1, c2, c3 = st.columns(3)
    gap = slider(state.GAP, tr("home.window.gap"), c1)
    window = slider(state.WINDOW, tr("home.window.size"), c2)
    width = select(state.WIDTH, tr("home.window.dim"), c3)
    where = {"back": order.clue_distance(gap), "window": window}  # one word between -> France is 2 back
    if order.window_sees(gap, window):
        st.success(tr("home.window.sees", **where))
    else:
        st.warning(tr("home.window.blind", **where))
    w1, w2 = st.columns(2)
    w1.metric(tr("home.window.mlp_params"), f"{order.window_mlp_params(window, width, width):,}")
    w2.metric(tr("home.window.rnn_params"), f"{order.rnn_params(width, width):,}")
    largest = order.window_mlp_params(60, width, width)  # the scale stays put while the sliders move
    show_svg(charts.bars_svg([(tr("home.window.mlp"), order.window_mlp_params(window, width, width), base.OUTPUT),
                          (tr("home.window.rnn"), order.rnn_params(width, width), base.CELL)],
                         largest, tr("home.window.chart_title")))


window_lab()
page_challenges("home")  # issue 53


# --- 5. misconceptions and the map of the playground -----------------------------------------
st.header(tr("home.myths.header"), anchor="home-myths")
st.markdown(tr("home.myths.body"))
other_pages = [spec for spec in lessons.lessons() if not spec.default]
if other_pages:
    st.header(tr("home.pages.header"))
    for spec in other_pages:
        st.page_link(spec.path, label=tr(spec.title_key), icon=spec.icon)
        st.caption(tr(spec.blurb_key))
st.header(tr("challenge.home.header"), anchor="home-challenges")
solved_list()  # what this visit solved, kept in the session only (issue 53)

# --- 6. the run-sheet: a lecture step by step (issue 36) ---------------------------------------
st.header(tr("home.sheet.header"), anchor="home-runsheet")
st.markdown(tr("home.sheet.intro"))


def _words(text: str) -> str:
    """The text's words as Markdown: "0~1" would strike through; a display formula keeps its own line."""
    return text.replace("~", "\\~").replace("$$", "\n$$\n")


def _same_window(label: str, address: str, key: str) -> None:
    """A link that opens in this window (a presentation stays one window; Streamlit's link buttons open a tab)."""
    with st.container(key=key):
        st.markdown(f'<a class="rnn-go" href="{escape(address)}" target="_self">{escape(label)}</a>',
                    unsafe_allow_html=True)


def _show(step: run_sheet.Step, back: str | None) -> None:
    for n, demo in enumerate(step.places):
        press = "" if demo.press is None else " " + lecture_map.say(lecture_map.PRESS, lang()).format(
            button=lecture_map.button_label(demo, lang()))
        what = f"{tr(lessons.lesson(demo.page).title_key)} › {lecture_map.say(demo.what, lang())}{press}"
        st.markdown(f"**{tr('home.sheet.show') if n == 0 else tr('home.sheet.also')}** · {escape_markdown(what)}")
        _same_window(tr("home.sheet.open") if n == 0 else tr("home.sheet.open_also"), step.link(lang(), demo, back),
                     key=f"home_sheet_go_{n}")


def _step_card(sheet: run_sheet.Sheet, index: int) -> None:
    step, (start, end) = sheet.steps[index], sheet.clock(index)
    st.caption(tr("home.sheet.where", n=index + 1, total=len(sheet.steps), start=start, end=end, all=sheet.minutes))
    back = run_sheet.back_link(sheet.key, index + 1, lang()) if present.presenting() else None
    with st.container(border=True, key="home_sheet_card"):
        st.markdown(f"**{tr('home.sheet.words')}** · {escape_markdown(run_sheet.section(step, lang()))}")
        st.markdown("> " + _words(step.quote.words))
        if lang() == "en" and step.gloss:
            st.caption(f"*{escape_markdown(step.gloss)}*")
        if step.cue is not None:
            st.markdown(f"**{tr('home.sheet.cue')}** " + _words(step.cue.words))
        said = step.saying(lang())
        if said is not None:
            st.markdown(f"**{tr('home.sheet.say')}** {escape_markdown(said)}")
        if step.ask:
            question = lessons.module(step.ask, "question").text()
            st.info(f"**{tr('home.sheet.ask')}**\n\n{question}", icon=":material/psychology_alt:")
            classroom.ask_button(lessons.module(step.ask, "settings").GUESS.key, key="home_sheet_ask_class")
        _show(step, back)
    _homework(sheet, index)  # below the card: what to set after the part, not a place to show in it


def _homework(sheet: run_sheet.Sheet, index: int) -> None:
    """After a part's last step, its challenges as homework (issue 53); a class's teacher may set one now."""
    for n, name in enumerate(run_sheet.homework(sheet, index)):
        st.markdown(f"**{tr('home.sheet.homework')}** · {tr(f'challenge.{name}.title')}")
        st.caption(tr(f"challenge.{name}.task"))
        _same_window(tr("home.sheet.open_challenge"), run_sheet.challenge_link(name, lang()), key=f"home_sheet_hw_{n}")
        classroom.ask_button(name, key=f"home_sheet_hw_class_{n}")


def _root() -> str:
    base = urlsplit(st.context.url or "")
    return f"{base.scheme}://{base.netloc}/" if base.netloc else ""


@st.cache_data(show_spinner=False, max_entries=16)
def _asked(page: str, language: str) -> printout.Asked:
    """A page's question for the printout, its answer computed as the page computes it (once per language)."""
    ask = lessons.module(page, "question")
    reveal = ask.reveal()
    return printout.Asked(ask.text(), ask.choices(), reveal.correct, reveal.result)


@st.cache_data(show_spinner=False, max_entries=32)
def _printed(key: str, language: str, root: str, code: str | None) -> str:
    """The chosen sheet for the lectern in ``language`` (this run's), with the class ``code`` being taught;
    made once per sheet, language, address and class, however often Print is pressed."""
    sheet = run_sheet.sheet(key)
    questions = {step.ask: _asked(step.ask, language) for step in sheet.steps if step.ask}
    labels = {k: tr(f"home.sheet.col.{k}") for k in ("step", "words", "show", "ask")} | {
        k: tr(f"home.sheet.print.{k}") for k in ("title", "budget", "class", "answer", "cue", "say", "press", "homework")}
    in_class = None if code is None else printout.ClassLink(code, f"{root}?{classroom.CLASS_KEY}={code}")
    return printout.printout(sheet, language, root, labels, questions, in_class)


@fragment
def run_sheet_lab() -> None:
    """Previous / Next rerun only this section."""
    names = {key: run_sheet.title(key, lang()) for key in run_sheet.SHEETS}  # fixed now, in this run's language
    key = choice(state.SHEET, tr("home.sheet.pick"), widget=st.selectbox, format_func=names.get)
    sheet = run_sheet.sheet(key)
    step_setting = narrowed(state.STEP, high=len(sheet.steps))
    number = stored(step_setting)
    back, ahead, _ = st.columns([1, 1, 3])
    back.button(tr("home.sheet.previous"), key="home_sheet_back", icon=":material/arrow_back:", disabled=number <= 1,
                on_click=remember, args=(step_setting, number - 1), width="stretch")
    ahead.button(tr("home.sheet.next"), key="home_sheet_ahead", icon=":material/arrow_forward:",
                 disabled=number >= len(sheet.steps), on_click=remember, args=(step_setting, number + 1), width="stretch")
    number = slider(step_setting, tr("home.sheet.step"))
    _step_card(sheet, number - 1)
    if st.button(tr("home.sheet.print", sheet=names[key]), key="home_sheet_print", icon=":material/print:",
                 help=tr("home.sheet.print_help")):
        with busy(tr("home.sheet.print.busy")):
            page = _printed(key, lang(), _root(), classroom.joined() if classroom.teaching() else None)
        st.download_button(tr("home.sheet.print.save"), page, file_name=f"rnn-run-sheet-{key}-{lang()}.html",
                           mime="text/html", icon=":material/download:", on_click="ignore", key="home_sheet_save")


run_sheet_lab()

# --- 7. the lecture map: the three lecture texts part by part, each linked to where it is shown ---
st.header(lecture_map.say(lecture_map.HEADER, lang()), anchor="lecture-map")
st.markdown(lecture_map.say(lecture_map.INTRO, lang()))
for seed in lecture_map.SEEDS:
    with st.expander(lecture_map.seed_label(seed, lang()), icon=":material/menu_book:"):
        st.markdown(lecture_map.markdown(seed, lang()))

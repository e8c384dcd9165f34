"""Inside a character LM: one cell's activation over a text, cells ranked against features, clamping a cell."""


import streamlit as st

from playground.app import (
    busy,
    data_missing,
    fragment,
    halt,
    how_we_know,
    input_error,
    page_challenges,
    shared_results,
    show_svg,
    text_columns,
    tr,
    until_answered,
)
from playground.app.fair import on_request
from playground.app.lm_picker import cached_corpus, charlm_choice
from playground.app.store import choice, narrowed, number, slider, text
from playground.charlm_cells import question
from playground.charlm_cells import settings as state
from playground.core.datasets.cache import DataUnavailable
from playground.core.datasets.charcorpora import python_file_chars, python_passage
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown
from playground.drawing import strips
from playground.models.charlm import decoding as cs
from playground.models.charlm import interpret as cells
from playground.models.charlm.model import corpus_of

PASSAGE_CHARS = state.PASSAGE_CHARS  # a file's passage and a pasted text: the same length


st.title(tr("cells.title"))
st.markdown(tr("cells.intro"))

chosen = charlm_choice(state.MODEL)
if chosen is None:
    halt()
model_key, sampler, card = chosen

# --- the text to read ---------------------------------------------------------------------------
# (the source's default is the model's own corpus)
source = choice(narrowed(state.SOURCE, default=corpus_of(model_key) or "shakespeare"), tr("cells.source"),
                format_func=lambda s: tr(f"cells.source.{s}"))
passage = ""
if source == "python":
    name = choice(state.FILE, tr("cells.file"), st.selectbox, help=tr("cells.file_help"))
    # a passage starts inside the file: a link's offset past its end is moved to its last passage
    offset = number(narrowed(state.OFFSET, high=max(0, python_file_chars(name) - PASSAGE_CHARS)),
                    tr("cells.offset", chars=f"{PASSAGE_CHARS:,}"))
    passage = python_passage(name, offset, PASSAGE_CHARS)
elif source == "shakespeare":
    try:
        test_text = cached_corpus("shakespeare").test
        offset = number(narrowed(state.OFFSET, high=len(test_text) - PASSAGE_CHARS),
                        tr("cells.offset", chars=f"{PASSAGE_CHARS:,}"))
        passage = test_text[offset : offset + PASSAGE_CHARS]
    except DataUnavailable as exc:
        data_missing(exc, "cells.no_data")
else:
    passage = text(state.TEXT, tr("cells.paste"), area=True, height=150, help=tr("cells.paste_help"))
try:
    cells.check_text(passage, sampler.vocab)  # also refuses a text the model cannot read, naming what it lacks
except InputError as exc:
    input_error(exc)
    halt()
if unknown := sampler.vocab.unknown(passage):
    st.info(tr("cells.unknown", chars=escape_markdown(" ".join(repr(c) for c in unknown[:20]))),
            icon=":material/help:")


# shared by the class, the sampler keyed by its model's server-wide identity (never "my model #1")
@shared_results(max_entries=8)
def _activations(sampler, text: str, which: str):
    return cells.activations(sampler, text, which)


which = "cell"
if sampler.kind == "lstm":
    which = choice(state.WHICH, tr("cells.which"), format_func=lambda w: tr(f"cells.which.{w}"))
with busy(tr("busy.passage")):
    acts = _activations(sampler, passage, which)


@st.cache_data(show_spinner=False, max_entries=16)
def _features(text: str) -> dict:
    return cells.text_features(text)


@shared_results(max_entries=8)
def _ranking(sampler, text: str, which: str):
    """The text's own features ranked once for every visitor on it (a page run ranked every unit again)."""
    return cells.rank_cells(_activations(sampler, text, which), _features(text), top=3)


@shared_results(max_entries=16)
def _pattern_ranking(sampler, text: str, which: str, pattern: str):
    """The pattern's feature, and the text's features ranked with it: a pattern's rows come after the text's
    own (the same rows as ``_ranking``). A pattern that cannot run raises InputError (nothing is kept)."""
    regex = cells.regex_feature(text, pattern)
    return regex, cells.rank_cells(_activations(sampler, text, which), _features(text) | {"regex": regex}, top=3)


passage_features = _features(passage)
question.ask(state.GUESS, acts, passage_features)  # predict first (issue 26), before the ranking
# the text's own features ranked once: the table shows these rows, and the note below names the first comment cell
passage_ranking = _ranking(sampler, passage, which)

# --- ranking ------------------------------------------------------------------------------------
st.header(tr("cells.rank.header"), anchor="cells-rank")


@shared_results(max_entries=16)
def _clamped(sampler, prompt: str, layer: int, unit: int, value: float, seed: int):
    free = cs.generate(sampler, prompt, 300, "sample", temperature=0.7, seed=seed)
    held = cs.generate(sampler, prompt, 300, "sample", temperature=0.7, seed=seed, clamp=cs.Clamp(layer, unit, value))
    return free.text, held.text


def _pattern_and_ranking():
    """Your pattern (a regular expression) joins the text's features; the cells that follow each best
    -> (features, ranking)."""
    features, ranking = dict(passage_features), passage_ranking  # this run's own copy: a pattern adds to it
    pattern = text(state.REGEX, tr("cells.regex"), help=tr("cells.regex_help"))
    if pattern:
        try:
            features["regex"], ranking = _pattern_ranking(sampler, passage, which, pattern)
        except InputError as exc:
            input_error(exc)
    if "regex" in features:
        best_regex = ranking[ranking["feature"] == "regex"].head(1)
        count = int(features["regex"].sum())
        matched = tr("cells.regex_chars.one" if count == 1 else "cells.regex_chars.other", n=f"{count:,}")
        if best_regex.empty:
            st.caption(tr("cells.regex_none", matched=matched))
        else:
            row = best_regex.iloc[0]
            st.caption(tr("cells.regex_found", matched=matched, layer=int(row["layer"]) + 1,
                          unit=int(row["unit"]) + 1, r=f"{row['correlation']:+.3f}"))
    # layers and units are counted from 1 on every page (layer 1 reads the input); arrays stay 0-based
    shown = ranking.assign(layer=ranking["layer"] + 1, unit=ranking["unit"] + 1,
                           feature=ranking["feature"].map(lambda f: tr(f"cells.feature.{f}")),
                           correlation=ranking["correlation"].map(lambda r: f"{r:+.3f}"))
    st.dataframe(shown.rename(columns={"feature": tr("cells.col.feature"), "layer": tr("cells.col.layer"),
                                       "unit": tr("cells.col.unit"), "correlation": tr("cells.col.r")}),
                 hide_index=True, height=min(38 + 35 * len(shown), 460))
    strongest = ranking.loc[ranking.groupby("feature", sort=False)["correlation"].apply(lambda r: r.abs().idxmax())]
    st.caption(tr("cells.rank.best", values="; ".join(f"{tr(f'cells.feature.{row.feature}')} r = {row.correlation:+.2f}"
                                                      for row in strongest.itertuples())))
    return features, ranking


def _one_cell(features, ranking) -> tuple[int, int]:
    """One cell over the text: the best for a feature, or one chosen by hand -> (layer, unit), 0-based."""
    st.header(tr("cells.view.header"), anchor="cells-view")
    best = {f: (int(g.iloc[0]["layer"]), int(g.iloc[0]["unit"])) for f, g in ranking.groupby("feature", sort=False)}
    # the features this text has (their options change with the text; "in_string" when it has strings)
    focus = choice(state.FOCUS, tr("cells.focus"), options=["manual", *best],
                   format_func=lambda f: tr("cells.focus.manual") if f == "manual" else tr(f"cells.feature.{f}"))
    v1, v2 = st.columns(2)
    layer = 0
    if focus == "manual":
        if sampler.layers > 1:  # the last layer by default
            layer = slider(narrowed(state.LAYER, high=sampler.layers, default=sampler.layers), tr("cells.col.layer"),
                           v1, help=tr("cells.layer_help")) - 1
        unit = number(narrowed(state.UNIT, high=sampler.hidden), tr("cells.col.unit"), v2, help=tr("cells.layer_help")) - 1
    else:
        # greyed, showing the cell actually drawn (the hand-picked one stays stored for "choose by hand")
        layer, unit = best[focus]
        if sampler.layers > 1:
            v1.slider(tr("cells.col.layer"), 1, sampler.layers, layer + 1, disabled=True, help=tr("cells.layer_help"))
        v2.number_input(tr("cells.col.unit"), 1, sampler.hidden, unit + 1, disabled=True, help=tr("cells.layer_help"))
    values = acts[layer, :, unit]
    st.markdown(tr("cells.view.caption", layer=layer + 1, unit=unit + 1, which=tr(f"cells.which.{which}")))
    show_svg(strips.char_strip_html(passage, values, tr("cells.view.header")))
    if focus != "manual":
        r = ranking.loc[ranking["feature"] == focus, "correlation"].iloc[0]  # the cell drawn is its feature's first
        st.caption(tr("cells.view.feature", feature=tr(f"cells.feature.{focus}"), r=f"{r:+.3f}"))
    return layer, unit


def _intervention(layer: int, unit: int) -> None:
    """Hold the cell at a value while the model writes, beside the same prompt written freely."""
    st.header(tr("cells.clamp.header"))
    st.markdown(tr("cells.clamp.intro"))
    k1, k2, k3 = st.columns(3)
    clamp_value = slider(state.CLAMP_VALUE, tr("cells.clamp.value"), k1)
    clamp_prompt = text(state.CLAMP_PROMPT, tr("cells.clamp.prompt"), k2)
    clamp_seed = number(state.CLAMP_SEED, tr("cells.clamp.seed"), k3)
    # on request: the unit held changes with the text (the best cell for a feature), and two generations
    # on every new text would make one paste cost 0.5 CPU-s (issue 28)
    if not on_request("cells_clamp", (sampler.identity, clamp_prompt, layer, unit, clamp_value, int(clamp_seed)),
                      tr("cells.clamp.run", layer=layer + 1, unit=unit + 1)):
        return
    try:
        free_text, held_text = _clamped(sampler, clamp_prompt, layer, unit, clamp_value, int(clamp_seed))
    except InputError as exc:
        input_error(exc)
    else:
        text_columns([(tr("cells.clamp.free"), clamp_prompt + free_text),
                      (tr("cells.clamp.held", layer=layer + 1, unit=unit + 1, value=clamp_value), clamp_prompt + held_text)])
        diverge = next((i for i, (a, b) in enumerate(zip(free_text, held_text, strict=True)) if a != b), None)
        st.caption(tr("cells.clamp.same") if diverge is None else tr("cells.clamp.diverge", position=diverge + 1))


@fragment
def cells_lab() -> None:
    """The pattern feeds the ranking, the ranking the cell on view, and that cell the intervention:
    they rerun together, without reading the text again."""
    features, ranking = _pattern_and_ranking()
    _intervention(*_one_cell(features, ranking))


with until_answered(state.GUESS):  # the ranking's r answers the question above (issue 33)
    st.markdown(tr("cells.rank.intro"))
    st.markdown(tr("cells.rank.strength"))
    cells_lab()
if model_key == "charlm_python_lstm":  # the note's held-out figure is this model's
    bits = f"{card.metrics['test_bits_per_char']:.3f}"
    files = card.data["split"]["test"]  # the files the figure is on (ASCII ones: not every held-out file)
    comment = passage_ranking[passage_ranking["feature"] == "in_comment"].head(1)  # the ranking's first comment row
    if comment.empty:  # no comment in the text (or nothing but comment): nothing to show the failure on
        how_we_know("cells.how_no_comment", bits=bits, files=files)
    else:
        top = comment.iloc[0]
        top_layer, top_unit = int(top["layer"]), int(top["unit"])
        count, outside, median = cells.lookalikes(acts[top_layer, :, top_unit], passage_features["in_comment"])
        how_we_know("cells.how", bits=bits, files=files, layer=top_layer + 1, unit=top_unit + 1,
                    r=f"{top['correlation']:+.3f}", count=f"{count:,}", outside=f"{outside:,}", median=f"{median:+.2f}")

page_challenges("charlm_cells")  # a feature of your own that some cell tracks (issue 53)

st.header(tr("cells.myths.header"))
st.markdown(tr("cells.myths.body"))

"""Seq2seq translation: encoder-decoder with and without attention, decoding strategies, the bottleneck."""

import functools

import pandas as pd
import streamlit as st

from playground import seq2seq
from playground.app import (
    CHART_CONFIG,
    busy,
    checkpoint_error,
    fragment,
    halt,
    how_we_know,
    input_error,
    lang,
    page_challenges,
    shipped_model,
    tr,
)
from playground.app.player import drawing_player
from playground.app.store import choice, number, slider, text
from playground.core.checkpoints import CheckpointError
from playground.core.datasets.tatoeba import MAX_SOURCE_CHARS, detokenize_en
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown
from playground.drawing import diagrams, figures
from playground.seq2seq import question
from playground.seq2seq import settings as state
from playground.seq2seq.decoding import MAX_OUTPUT_TOKENS
from playground.seq2seq.evaluation import BOTTLENECK
from playground.seq2seq.model import model_name
from playground.seq2seq.translate import Translator, used_settings

st.title(tr("s2s.title"))
st.markdown(tr("s2s.intro"))

st.header(tr("s2s.formula.header"), anchor="s2s-formula")
st.markdown(tr("s2s.formula.decoder"))
st.latex(r"P(\mathbf{y}\mid\mathbf{x}_{1:T})=\prod_{t}P(y_t\mid y_{<t},\mathbf{x}_{1:T}),\qquad"
         r"\log P=\sum_t \log P(y_t\mid y_{<t},\mathbf{x}_{1:T})")
st.markdown(tr("s2s.formula.classic"))
st.markdown(tr("s2s.formula.attention"))
st.latex(r"\alpha_{ts}=\operatorname{softmax}_s\!\left(\mathbf{h}_t^{\top}W_a\bar{\mathbf{h}}_s\right),\quad"
         r"\mathbf{c}_t=\sum_{s=1}^{T}\alpha_{ts}\bar{\mathbf{h}}_s,\quad"
         r"\tilde{\mathbf{h}}_t=\tanh\!\left(W_c[\mathbf{c}_t;\mathbf{h}_t]\right),\quad "
         r"P(y_t\mid y_{<t},\mathbf{x})=\operatorname{softmax}(E\,\tilde{\mathbf{h}}_t+\mathbf{b})")
st.markdown(tr("s2s.formula.note"))

MODELS = {"attention": True, "classic": False}


def translator(key: str) -> Translator | None:
    try:
        return shipped_model(model_name(MODELS[key]), seq2seq)
    except CheckpointError as exc:
        checkpoint_error(exc)
        return None


def translate(key: str, text: str, strategy: str = "beam", beam: int = 5, penalty: float = 1.0,
              temperature: float = 1.0, seed: int = 0):
    """One translation, cached by what changes it: greedy ignores the beam and the sampling settings,
    beam search the sampling ones, so the lab and the comparison below share their results."""
    used = used_settings(strategy, beam=beam, length_penalty=penalty, temperature=temperature, seed=seed)
    return _translate(key, text, strategy, used["beam"], used["length_penalty"], used["temperature"], used["seed"])


@st.cache_data(show_spinner=False, max_entries=256)
def _translate(key: str, text: str, strategy: str, beam: int, penalty: float, temperature: float, seed: int):
    return translator(key).translate(text, strategy, beam, penalty, temperature, seed)


@st.cache_data(show_spinner=False, max_entries=64)
def beam_tree(key: str, text: str, beam: int, penalty: float):
    return translator(key).beam_tree(text, beam, penalty)


available = {key: translator(key) for key in MODELS}
if not any(available.values()):
    halt()
usable = [k for k, v in available.items() if v is not None]

question.ask(state.GUESS, translate, "attention" if "attention" in usable else usable[0])  # predict first (issue 26)

# --- the lecture's sentence, as the models really translate it ----------------------------------------
st.subheader(tr("s2s.seed.header"), anchor="s2s-seed")
st.markdown(tr("s2s.seed.lecture"))
st.table(pd.DataFrame({tr("s2s.col.model"): [tr(f"s2s.model.{k}") for k in usable],
                       tr("s2s.col.translation"): [" / ".join(translate(k, "我爱自然语言处理").tokens + ["<eos>"])
                                                   for k in usable]}).set_index(tr("s2s.col.model")))
st.caption(tr("s2s.seed.note"))

def show_result(result) -> None:
    if result.source.converted:
        st.info(tr("s2s.out.converted", text=escape_markdown(result.source.text)), icon=":material/translate:")
    if result.source.unknown:
        st.info(tr("s2s.out.unknown", chars=escape_markdown(" ".join(result.source.unknown))), icon=":material/help:")
    st.markdown(f"### {result.text or '∅'}")
    st.caption(" / ".join(result.tokens + (["<eos>"] if result.finished else [])) + " · "
               + tr("s2s.out.logp", logp=f"{result.log_prob:.3f}", n=len(result.steps)))
    if not result.finished:
        st.warning(tr("s2s.out.unfinished", limit=MAX_OUTPUT_TOKENS))


def show_steps(result) -> None:
    st.subheader(tr("s2s.steps.header"))
    st.table(pd.DataFrame({
        tr("s2s.col.position"): range(1, len(result.steps) + 1),
        tr("s2s.col.chosen"): [s.token for s in result.steps],
        tr("s2s.col.prob"): [f"{s.prob:.3f}" for s in result.steps],
        tr("s2s.col.top"): ["  ".join(f"{w} {p:.2f}" for w, p in s.top) for s in result.steps],
    }).set_index(tr("s2s.col.position")))
    st.caption(tr("s2s.steps.caption"))


def show_comparison(runs) -> None:
    st.subheader(tr("s2s.compare.header"))
    st.table(pd.DataFrame({
        tr("s2s.col.strategy"): [tr(f"s2s.strategy.{s}") for s in runs],
        tr("s2s.col.translation"): [r.text for r in runs.values()],
        "log p": [f"{r.log_prob:.3f}" for r in runs.values()],
    }).set_index(tr("s2s.col.strategy")))
    st.caption(tr("s2s.compare.caption"))


@st.cache_resource(show_spinner=False, max_entries=32)
def tree_drawing(key: str, text: str, width: int, penalty: float, language: str) -> tuple[str, list[str]]:
    """The growing tree's drawing and its frames' labels, built once per sentence, settings and
    language and shared (a string: nobody can change it)."""
    tree = beam_tree(key, text, width, penalty)
    names = {s: tr(f"s2s.tree.{s}") for s in ("kept", "finished", "pruned", "winner")}
    labels = [tr("s2s.tree.frame") + f" {s}" for s in diagrams.beam_frames(tree.nodes)]
    return diagrams.beam_tree_svg(tree.nodes, tree.winner, names, tr("s2s.tree.position"), tr("s2s.tree.header")), labels


def show_tree(tree, drawing: str, labels: list[str], width: int) -> None:
    st.subheader(tr("s2s.tree.header"))
    st.markdown(tr("s2s.tree.intro", width=width))
    # it grows position by position as it plays in the browser; it opens whole, as the search ended
    drawing_player(drawing, labels, len(labels) - 1, "s2s_tree")
    st.caption(tr("s2s.tree.play_note"))
    if tree.greedy_won:
        st.info(tr("s2s.tree.greedy_won"), icon=":material/lightbulb:")
    with st.expander(tr("s2s.tree.hypotheses")):
        st.table(pd.DataFrame({tr("s2s.col.translation"): [h["text"] for h in tree.hypotheses],
                               "log p": [f"{h['log_prob']:.3f}" for h in tree.hypotheses],
                               tr("s2s.col.score"): [f"{h['score']:.3f}" for h in tree.hypotheses],
                               tr("s2s.col.best"): ["✔" if h["best"] else "" for h in tree.hypotheses]}))


def show_attention_or_context(result) -> None:
    if result.attention is not None:
        st.subheader(tr("s2s.attn.header"), anchor="s2s-attention")
        targets = result.tokens + (["<eos>"] if result.finished else [])
        st.plotly_chart(figures.attention_map(result.attention, result.source_labels, targets, ""), key="s2s_attention",
            config=CHART_CONFIG)
        st.caption(tr("s2s.attn.caption"))
        # one row of the map at a time: the bars of the source characters an output word reads, word by word
        titles = [tr("s2s.attn.row", i=i + 1, word=w) for i, w in enumerate(targets)]
        drawing_player(diagrams.attention_rows_svg(result.attention, result.source_labels, titles, tr("s2s.attn.weight"),
                                              tr("s2s.attn.header")),
                       [tr("s2s.attn.frame") + f" {i + 1}: {w}" for i, w in enumerate(targets)], 0, "s2s_attention_play")
    else:
        st.subheader(tr("s2s.context.header"), anchor="s2s-context")
        size = len(result.context)
        st.plotly_chart(figures.strips({"c": result.context}, tr("s2s.context.title", size=size), "", "c"),
                        key="s2s_context", config=CHART_CONFIG)
        st.caption(tr("s2s.context.caption", size=size, n=len(result.source.chars)))


# --- decoding lab ----------------------------------------------------------------------------------
st.header(tr("s2s.lab.header"), anchor="s2s-lab")


@fragment
def decoding_lab() -> None:
    """The sentence, the model, the strategy and its sliders rerun only the lab."""
    source = text(state.TEXT, tr("s2s.lab.text"), help=tr("s2s.lab.text_help", limit=MAX_SOURCE_CHARS))
    st.caption(tr("s2s.lab.examples"))
    c1, c2 = st.columns(2)
    model_key = choice(state.MODEL, tr("s2s.lab.model"), c1.segmented_control, options=usable,
                       format_func=lambda k: tr(f"s2s.model.{k}"), required=True)
    strategy = choice(state.STRATEGY, tr("s2s.lab.strategy"), c2.segmented_control,
                      format_func=lambda s: tr(f"s2s.strategy.{s}"), required=True)
    c1, c2, c3, c4 = st.columns(4)
    # greyed where the strategy does not read them (greedy reads none), as on the char-LM page
    width = slider(state.BEAM, tr("s2s.lab.beam"), c1, disabled=strategy != "beam")
    penalty = slider(state.PENALTY, tr("s2s.lab.penalty"), c2, help=tr("s2s.lab.penalty_help"),
                     disabled=strategy != "beam")
    temperature = slider(state.TEMPERATURE, tr("s2s.lab.temperature"), c3, disabled=strategy != "sample")
    seed = number(state.SEED, tr("s2s.lab.seed"), c4, disabled=strategy != "sample")
    st.caption(tr("s2s.lab.disabled"))

    try:
        with busy(tr("busy.translate")):
            # a new sentence: the lab's, the comparison's and the tree's decodings all at once (one decoder
            # step for all their rows); a sentence the translator knows costs nothing here
            available[model_key].prepare(source, width, penalty, temperature, seed)
            result = translate(model_key, source, strategy, width, penalty, temperature, seed)
    except InputError as exc:
        input_error(exc)
        result = None


    if result is not None:
        show_result(result)
        show_steps(result)
        # every strategy through the cache above: the lab's own result is one of them
        show_comparison(available[model_key].compare(source, width, penalty, temperature, seed,
                                                     translate=functools.partial(translate, model_key)))
        show_tree(beam_tree(model_key, source, width, penalty), *tree_drawing(model_key, source, width, penalty, lang()),
                  width)
        show_attention_or_context(result)


decoding_lab()
page_challenges("seq2seq")  # a sentence where beam search beats greedy by a nat (issue 53)


# --- the bottleneck ----------------------------------------------------------------------------------
st.header(tr("s2s.bottleneck.header"), anchor="s2s-bottleneck")
st.markdown(tr("s2s.bottleneck.intro"))
try:
    by_length = shipped_model(BOTTLENECK, seq2seq)
except CheckpointError as exc:
    checkpoint_error(exc)
else:
    series = {f"{tr(f's2s.model.{k}')} · {tr(f's2s.strategy.{s}')}": by_length[k][v]
              for k in ("attention", "classic") for s, v in (("beam", "beam5"), ("greedy", "greedy"))}
    buckets = by_length["attention"]["buckets"]
    st.plotly_chart(figures.time_series(buckets, series, tr("s2s.bottleneck.title"), "BLEU",
                                        dashed=[n for n in series if tr("s2s.strategy.greedy") in n]), key="s2s_buckets",
                                            config=CHART_CONFIG)
    st.caption(tr("s2s.bottleneck.caption", counts=", ".join(
        f"{b}: {n}" for b, n in zip(buckets, by_length["attention"]["sentences"], strict=True))))


@fragment
def long_sentence() -> None:
    """The long sentence reruns only its two translations."""
    long_text = text(state.LONG, tr("s2s.long.text"), help=tr("s2s.lab.text_help", limit=MAX_SOURCE_CHARS))
    try:
        with busy(tr("busy.translate")):
            long_runs = {k: translate(k, long_text) for k in usable}
    except InputError as exc:
        input_error(exc)
    else:
        for column, (k, r) in zip(st.columns(len(long_runs)), long_runs.items(), strict=True):
            column.markdown(f"**{tr(f's2s.model.{k}')}**")
            column.markdown(r.text or "∅")
            column.caption(f"log p = {r.log_prob:.3f}")


long_sentence()


# --- metrics --------------------------------------------------------------------------------------
st.header(tr("s2s.metrics.header"))
cards = {k: available[k].card for k in usable}
st.table(pd.DataFrame({
    tr("s2s.col.model"): [tr(f"s2s.model.{k}") for k in cards],
    tr("s2s.col.params"): [f"{c.architecture['parameters']:,}" for c in cards.values()],
    tr("s2s.col.bleu_greedy"): [f"{c.metrics['test_bleu_greedy']:.1f}" for c in cards.values()],
    tr("s2s.col.bleu_beam"): [f"{c.metrics['test_bleu_beam5']:.1f}" for c in cards.values()],
    tr("s2s.col.minutes"): [f"{c.training_seconds / 60:.0f}" for c in cards.values()],
    tr("s2s.col.device"): [c.device for c in cards.values()],
}).set_index(tr("s2s.col.model")))
card = next(iter(cards.values()))
st.caption(tr("s2s.metrics.caption", version=card.data["version"], sources=card.split["test_sources"],
              refs=card.split["test_references"]))
if {"attention", "classic"} <= set(cards):
    how_we_know("s2s.how", sources=f"{card.split['test_sources']:,}",
                attention=f"{cards['attention'].metrics['test_bleu_beam5']:.1f}",
                classic=f"{cards['classic'].metrics['test_bleu_beam5']:.1f}")
with st.expander(tr("s2s.examples.header")):
    examples = card.extra["examples"]
    st.table(pd.DataFrame({
        tr("s2s.col.source"): [e["source"] for e in examples],
        tr("s2s.col.references"): [" | ".join(detokenize_en(r.split()) for r in e["references"]) for e in examples],
        **{tr(f"s2s.model.{k}"): [translate(k, e["source"]).text for e in examples] for k in usable}}))

st.header(tr("s2s.misc.header"))
st.markdown(tr("s2s.misc.body"))

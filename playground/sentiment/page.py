"""Sentiment step-through: the lecture's scalar walk-through, then trained classifiers read token by token."""

import math
from dataclasses import replace

import pandas as pd
import streamlit as st

from playground import sentiment
from playground.app import (
    CHART_CONFIG,
    busy,
    checkpoint_error,
    drawn_once,
    fragment,
    halt,
    how_we_know,
    input_error,
    lang,
    page_challenges,
    shipped_model,
    show_svg,
    tr,
)
from playground.app.player import drawing_player, frame_window, window_note
from playground.app.store import KEEP, choice, editor, narrowed, remember, slider, stored, text, toggle
from playground.app.widgets import bounded_edits
from playground.core.checkpoints import CheckpointError
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown, significant
from playground.drawing import charts, figures, frames, strips
from playground.models import sentiment as sentiment_model
from playground.sentiment import challenge, question, walkthrough
from playground.sentiment import settings as state


def _classifier(language: str, kind: str) -> sentiment_model.Classifier:
    return shipped_model(sentiment_model.model_name(language, kind), sentiment)


def _test_panel(card, kind: str) -> None:
    """The chosen model's confusion matrix and its surest mistakes on the test split, as built with the
    model and kept in its card: the panel needs no corpus on the server."""
    report = card.extra["test_report"]
    names = [tr(f"senti.label.{v}") for v in (0, 1)]
    model = tr(f"senti.kind.{kind}")
    st.markdown(f"**{tr('senti.panel.confusion', model=model, n=format(report['size'], ','))}**")
    st.dataframe(pd.DataFrame(report["confusion"], index=pd.Index(names, name=tr("senti.panel.true")),
                              columns=[f"{tr('senti.panel.pred')}: {name}" for name in names]))
    st.markdown(f"**{tr('senti.panel.errors', model=model, n=len(report['misclassified']))}**")
    for i, error in enumerate(report["misclassified"]):
        e1, e2 = st.columns([6, 1])
        label, p, shown = tr(f"senti.label.{error['label']}"), error["p_positive"], escape_markdown(error["text"][:160])
        e1.caption(f"{label} · p={p:.2f} · {shown}")
        e2.button(tr("senti.panel.load"), key=f"senti_load_{i}", on_click=_load_text, args=(error["text"],))


def _table_editor(start, key: str):
    """The walk-through's (token, x_t) rows as an editable table -> the rows it shows (the first
    MAX_TOKENS; the page says when there are more), or KEEP while a number is not one a link can carry.
    Rows beyond MAX_TOKENS (a pasted column, a forged client) are dropped before Streamlit builds the
    table from them."""
    frame = pd.DataFrame({tr("senti.walk.token"): [t for t, _ in start], "x_t": [x for _, x in start]})
    asked = bounded_edits(key, len(frame), walkthrough.MAX_TOKENS, frame.columns)
    edited = st.data_editor(frame, num_rows="dynamic", key=key, hide_index=True,
                            column_config={"x_t": st.column_config.NumberColumn("x_t", format="%.3g")}).dropna()
    st.session_state["senti_walk_rows"] = max(asked, len(edited))
    rows = tuple((str(token)[:walkthrough.MAX_TOKEN_CHARS], float(x))
                 for token, x in zip(edited.iloc[:walkthrough.MAX_TOKENS, 0], edited["x_t"].head(walkthrough.MAX_TOKENS),
                                     strict=True))
    return rows if all(math.isfinite(x) and abs(x) <= 1e6 for _, x in rows) else KEEP


def _weight_copies(walk: walkthrough.Walkthrough, rows, w_x: float, w_h: float, w_y: float, label: int) -> None:
    """The notes' 分身 W: each step's own gradient for w_h and w_x, worked by hand, and their sums next to
    autograd's gradient of the same loss (``walk``)."""
    st.subheader(tr("senti.walk.copies.header"), anchor="senti-walk-copies")
    st.markdown(tr("senti.walk.copies.intro"))
    st.latex(r"\frac{\partial L}{\partial w_h}=\sum_t \delta_t\,h_{t-1},\qquad"
             r"\frac{\partial L}{\partial w_x}=\sum_t \delta_t\,x_t")
    st.markdown(tr("senti.walk.copies.outer"))
    copies = walkthrough.weight_copies([x for _, x in rows], w_x, w_h, w_y, label, [t for t, _ in rows])
    table = copies.table
    st.dataframe(pd.DataFrame({
        "t": table["t"], tr("senti.walk.token"): table["token"], "h_(t−1)": table["h_prev"].map(significant),
        "x_t": table["x"], "δ_t = ∂L/∂a_t": table["delta"].map(significant),
        f"{tr('senti.walk.copies.col_w_h')} δ_t·h_{{t−1}}": table["w_h"].map(significant),
        f"{tr('senti.walk.copies.col_w_x')} δ_t·x_t": table["w_x"].map(significant)}), hide_index=True)
    check = walkthrough.against_autograd(copies, walk)
    st.dataframe(pd.DataFrame({
        tr("senti.walk.copies.col_weight"): check["weight"], tr("senti.walk.copies.col_sum"): check["sum"].map(significant),
        tr("senti.walk.copies.col_autograd"): check["autograd"].map(significant),
        tr("senti.walk.copies.col_gap"): check["gap"].map(lambda v: significant(v, 2)),
        tr("senti.walk.copies.col_match"): check["match"].map({True: "✓", False: "✗"})}), hide_index=True)
    st.caption(tr("senti.walk.copies.note"))


def _play_words() -> dict[str, str]:
    return {"play": tr("player.play"), "pause": tr("player.pause"), "frame": tr("senti.walk.frame_prefix")}


@drawn_once
def _walk_chart(tokens: tuple, states: tuple, grads: tuple) -> dict:
    """The walkthrough forward step by step, then the error back: drawn once per table for the class."""
    return {"walk": frames.forward_backward(list(tokens), list(states), list(grads), ("h_t", "∂L/∂h_t"),
                                            (tr("senti.walk.frame_forward"), tr("senti.walk.frame_backward")),
                                            _play_words())}


@drawn_once
def _state_map(language: str, kind: str, review: str, name: str, t: int) -> dict:
    """One view of a model's reading of a review (its hidden state or a gate), the step on the slider marked."""
    reading = _classifier(language, kind).read(review)
    unit = tr("senti.model.unit")
    units = [f"{unit} {u + 1}" for u in range(reading.states["h"].shape[1])]
    title = tr("senti.model.hidden") if name == "h" else tr("senti.model.gate", gate=tr(f"senti.gate.{name}"))
    lo = 0.0 if name in ("i", "f", "o", "z", "r") else -1.0
    return {"map": figures.heatmap(reading.states[name].T, list(reading.tokens), units, title, zmin=lo, highlight=t - 1)}


def _forget_counterfactual() -> None:
    remember(state.COUNTERFACTUAL, state.COUNTERFACTUAL.default)


def _load_text(review: str) -> None:
    remember(state.REVIEW, review)
    _forget_counterfactual()


# the model language defaults to the reader's and the review to that language's sample: run-time
# defaults (dataclasses.replace below), which a refused link value and Reset fall back to
st.title(tr("senti.title"))
st.markdown(tr("senti.intro"))

# predict first (issue 26): the model language and kind are picked below (their pickers rerun the page)
question.ask(state.GUESS, stored(replace(state.MODEL_LANG, default=lang())), stored(state.KIND))

# --- Part A: the lecture's walk-through ----------------------------------------------------------
st.header(tr("senti.walk.header"), anchor="senti-walk")
st.markdown(tr("senti.walk.intro"))


@fragment
def walkthrough_lab() -> None:
    """The sliders and the token table rerun only this section."""
    w1, w2, w3, w4 = st.columns(4)
    w_x = slider(state.W_X, "w_x", w1)
    w_h = slider(state.W_H, "w_h", w2)
    w_y = slider(state.W_Y, "w_y", w3)
    with w4:
        label = choice(state.LABEL, tr("senti.walk.label"), format_func=lambda v: tr(f"senti.label.{v}"))
    st.markdown(f"**{tr('senti.walk.tokens')}**")
    rows = editor(state.WALK_TOKENS, tr("senti.walk.tokens"), _table_editor)
    rows = stored(state.WALK_TOKENS) if rows is KEEP else rows
    typed = st.session_state.get("senti_walk_rows", len(rows))
    if typed > walkthrough.MAX_TOKENS:  # a pasted table of thousands of rows: read the first ones only
        st.warning(tr("error.too_many_steps", length=typed, limit=walkthrough.MAX_TOKENS), icon=":material/error:")
    try:
        walk = walkthrough.walkthrough([x for _, x in rows], w_x, w_h, w_y, int(label), [t for t, _ in rows])
    except InputError as exc:
        input_error(exc)
        walk = None
    if walk is not None:
        m1, m2, m3 = st.columns(3)
        m1.metric(tr("senti.walk.p"), significant(walk.p))
        m2.metric(tr("senti.walk.loss_nat"), f"{significant(walk.loss_nat)} nat")
        m3.metric(tr("senti.walk.loss_bit"), f"{significant(walk.loss_bit)} bit")
        st.caption(tr("senti.walk.units"))
        table = walk.table
        shown = pd.DataFrame({"t": table["t"], tr("senti.walk.token"): table["token"], "x_t": table["x"],
                              tr("senti.walk.col_h"): table["h"].map(significant),
                              tr("senti.walk.col_grad"): table["dL_dh"].map(significant)})
        st.dataframe(shown, hide_index=True)
        # forward step by step, then the error back step by step: it plays in the browser, and opens on
        # its last frame (every h_t and every ∂L/∂h_t, as the table above)
        st.plotly_chart(_walk_chart(tuple(table["token"]), tuple(table["h"]), tuple(table["dL_dh"]))["walk"],
                        key="senti_walk_play", config=CHART_CONFIG)
        st.caption(tr("senti.walk.play_note"))
    st.markdown(tr("senti.walk.seed_note"))
    h1, h2 = math.tanh(1.0), math.tanh(0.5 * math.tanh(1.0))
    st.markdown(tr("senti.walk.first", h1=significant(h1), h2=significant(h2)))
    if walk is not None:  # after the gradient for every h_t, the gradient for the shared weights
        _weight_copies(walk, rows, w_x, w_h, w_y, int(label))


walkthrough_lab()

# --- Part B: trained classifiers ----------------------------------------------------------------------
st.header(tr("senti.model.header"), anchor="senti-model")
st.markdown(tr("senti.model.intro"))
c1, c2 = st.columns(2)
with c1:
    language = choice(replace(state.MODEL_LANG, default=lang()), tr("senti.model.lang"),
                      format_func=lambda v: tr(f"senti.lang.{v}"))
with c2:
    kind = choice(state.KIND, tr("senti.model.kind"), format_func=lambda v: tr(f"senti.kind.{v}"))
try:
    classifiers = {k: _classifier(language, k) for k in sentiment_model.KINDS}
except CheckpointError as exc:
    checkpoint_error(exc)
    halt()


def _read_review(clf, review: str):
    """The review as the model reads it (the box has already cut it to its limit, and said so) -> its
    reading, or None after saying why there is no verdict: nothing typed; the other language, with a
    button to switch; too little known."""
    try:
        with busy(tr("busy.review")):
            return clf.read(review)  # everything below comes from this one reading (cached by text)
    except InputError as exc:
        if exc.code == "empty_text":
            st.info(tr("senti.model.empty"))
            return None
        input_error(exc)  # the other language, or too little known: no verdict, and it says why
        other = exc.params.get("other_code")
        if other is not None and st.button(tr("senti.model.switch", other=tr(f"senti.lang.{other}")),
                                           icon=":material/translate:"):
            remember(state.MODEL_LANG, other)
            st.rerun()  # the whole page: the language picker sits outside this section
        return None


def _verdict_and_strip(reading, kind: str) -> int:
    """The verdict, then the review read prefix by prefix (a player) -> the step the slider points at."""
    if unknown := int((~reading.known).sum()):
        st.caption(tr("senti.model.unknown", count=unknown, tokens=escape_markdown(" ".join(reading.unknown_listed))))
    tokens, probs = list(reading.tokens), reading.p_positive.tolist()
    # the colour says which way it went (green / amber; red is kept for errors), and so do the words
    verdict = st.success if probs[-1] >= 0.5 else st.warning
    verdict(tr("senti.model.verdict_pos" if probs[-1] >= 0.5 else "senti.model.verdict_neg",
               model=tr(f"senti.kind.{kind}"), p=f"{probs[-1]:.3f}", q=f"{1 - probs[-1]:.3f}"))
    t = (slider(narrowed(state.T, high=len(tokens), default=len(tokens)), tr("senti.model.t"))
         if len(tokens) > 1 else 1)
    unknown = (~reading.known).tolist()
    # prefix by prefix: the review as read up to each token, drawn once and played by showing its boxes (a
    # whole strip a frame sent a 500-character review's 8 frames as 1.4 MB; now 64 frames take ~0.2 MB)
    shown = frame_window(len(tokens), t - 1)
    drawing_player(strips.token_strip_html(tokens, probs, None, tr("senti.model.strip"), unknown, frames=list(shown)),
                   # each frame says its own step and token (a caption under the player stayed on the slider's)
                   [tr("senti.model.frame", t=j + 1, n=len(tokens), token=tokens[j], p=f"{probs[j]:.4f}")
                    for j in shown],
                   t - 1 - shown.start, "senti_strip")
    window_note(shown, len(tokens))
    return t


def _curves_and_states(reading, review: str, language: str, kind: str, t: int) -> None:
    """p(positive) after each token (every model's, on request), and one view of the hidden state or a gate."""
    tokens = list(reading.tokens)
    show_all = toggle(state.SHOW_ALL, tr("senti.model.show_all"))
    shown_kinds = sentiment_model.KINDS if show_all else (kind,)
    # the chosen model's reading serves its curve, the views, the reasons and an unedited counterfactual
    # (issue 28); the other models' lines are forward passes alone, without the states' gradient (issue 51)
    curves = {tr(f"senti.kind.{k}"): classifiers[k].curve(review) for k in shown_kinds}
    # the charts a new review redraws are SVG (Plotly cost the browser ~30 ms each, on every review)
    show_svg(charts.sentence_chart_svg(tokens, curves, tr("senti.model.curves" if show_all else "senti.model.curve",
                                                          model=tr(f"senti.kind.{kind}")), "p", highlight=t - 1,
                                       dashed=[tr("senti.kind.bag")]))
    if kind == "bag":
        return
    views = ["h", *{"lstm": "ifoc", "gru": "zr"}.get(kind, "")]
    # one view at a time: five stacked 128-row heat maps cost seconds to draw and scroll past
    name = choice(state.VIEW, tr("senti.model.view"), options=views,
                  format_func=lambda v: tr("senti.model.hidden_short") if v == "h" else tr(f"senti.gate.{v}"))
    st.plotly_chart(_state_map(language, kind, review, name, t)["map"], key="senti_heat", config=CHART_CONFIG)


def _why(clf, reading, review: str) -> None:
    """Why: what each token changed, the gradient's saliency, and an edited review beside the original."""
    st.subheader(tr("senti.why.header"))
    tokens = list(reading.tokens)
    y1, y2 = st.columns(2)
    show_svg(charts.sentence_chart_svg(tokens, {"Δp": reading.delta_p}, tr("senti.why.delta"), bars=True, fit_px=300), y1)
    show_svg(charts.sentence_chart_svg(tokens, {"g·x": reading.saliency}, tr("senti.why.saliency"), bars=True,
                                       fit_px=300), y2)
    # the edit starts from the review (a new review starts it afresh: _forget_counterfactual)
    other = text(replace(state.COUNTERFACTUAL, default=review.strip()), tr("senti.why.counter"))
    try:
        edited = clf.read(other)
        both = {tr("senti.why.original"): reading.p_positive.tolist(), tr("senti.why.edited"): edited.p_positive}
        show_svg(charts.sentence_chart_svg(sentiment_model.paired_labels(tokens, list(edited.tokens)), both,
                                           tr("senti.why.chart"), "p"))
    except InputError as exc:
        input_error(exc)


@fragment
def classifier_lab(language: str, kind: str) -> None:
    """The review box, the position slider and the views rerun only this section (the model and
    language pickers above rerun the page: the panel below follows them)."""
    clf = classifiers[kind]
    review = text(replace(state.REVIEW, default=state.SAMPLES[language]), tr("senti.model.text"), area=True, height=80,
                  on_change=_forget_counterfactual)
    reading = _read_review(clf, review)
    if reading is None:
        return
    t = _verdict_and_strip(reading, kind)
    _curves_and_states(reading, review, language, kind, t)
    _why(clf, reading, review)


classifier_lab(language, kind)


@fragment
def truth_of_the_review() -> None:
    """The label the student gives the review in the box: the challenge below checks both models against it."""
    choice(state.TRUTH, tr("senti.challenge.truth"), format_func=lambda v: tr(f"senti.label.{v}"))
    st.caption(tr("senti.challenge.truth_note"))


truth_of_the_review()
page_challenges("sentiment")  # a short review only reading in order gets right (issue 53)

# --- the model panel ------------------------------------------------------------------------------------
st.header(tr("senti.panel.header"))
st.markdown(tr("senti.panel.intro", n=len(challenge.SETS[language]), dev=len(challenge.HALVES[language]["dev"]),
                held=len(challenge.HALVES[language]["held_out"])))
st.dataframe(pd.DataFrame({
    tr("senti.panel.model"): [tr(f"senti.kind.{k}") for k in sentiment_model.KINDS],
    tr("senti.panel.test"): [f"{classifiers[k].card.metrics['test_accuracy']:.3f}" for k in sentiment_model.KINDS],
    # from the cards (measured at training time; the tests re-measure them on the shipped weights)
    tr("senti.panel.challenge"): [f"{classifiers[k].card.metrics['challenge_held_out']:.3f}" for k in sentiment_model.KINDS],
    tr("senti.panel.challenge_dev"): [f"{classifiers[k].card.metrics['challenge_dev']:.3f}" for k in sentiment_model.KINDS],
    tr("senti.panel.params"): [f"{classifiers[k].card.architecture['parameters']:,}" for k in sentiment_model.KINDS],
}), hide_index=True)
lstm = classifiers["lstm"]
failure, truth = sentiment_model.KNOWN_FAILURES[language]
how_we_know("senti.how", test=f"{lstm.card.metrics['test_accuracy']:.1%}", n_test=f"{lstm.card.split['test']:,}",
            held=f"{lstm.card.metrics['challenge_held_out']:.1%}", n_held=len(challenge.HALVES[language]["held_out"]),
            bag=f"{classifiers['bag'].card.metrics['challenge_held_out']:.1%}", failure=failure,
            p=f"{lstm.predict(failure):.2f}", truth=tr(f"senti.label.{truth}"))
_test_panel(classifiers[kind].card, kind)

st.header(tr("senti.myths.header"))
st.markdown(tr("senti.myths.body"))

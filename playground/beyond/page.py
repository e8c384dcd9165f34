"""Both directions and beyond: a bidirectional cloze, and what sequence length costs RNNs and attention."""

import pandas as pd
import streamlit as st

from playground.app import (
    CHART_CONFIG,
    busy,
    checkpoint_error,
    fragment,
    how_we_know,
    input_error,
    page_challenges,
    shared_results,
    shipped_model,
    text_columns,
    tr,
    until_answered,
)
from playground.app.fair import on_request
from playground.app.lm_picker import shipped_lm
from playground.app.store import select, slider, text
from playground.beyond import bicloze, cloze, question, scaling
from playground.beyond import settings as state
from playground.core.checkpoints import CheckpointError
from playground.core.device import device, device_label
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown
from playground.drawing import figures

st.title(tr("beyond.title"))
st.markdown(tr("beyond.intro"))

# --- 1. fill in the blank from one side or both -----------------------------------------------------
st.header(tr("beyond.cloze.header"), anchor="beyond-cloze")
st.markdown(tr("beyond.cloze.intro"))
st.latex(r"\mathbf{h}_t=[\overrightarrow{\mathbf{h}}_t;\overleftarrow{\mathbf{h}}_t]\in\mathbb{R}^{2m\times1},\qquad "
         r"p(x_t\mid\text{left},\text{right})=\operatorname{softmax}\big(W\tanh(U[\overrightarrow{\mathbf{h}}_{t-1};"
         r"\overleftarrow{\mathbf{h}}_{t+1}]+\mathbf{a})+\mathbf{b}\big)")
try:
    forward_lm, backward_lm = (shipped_lm(cloze.model_name(d), cloze) for d in cloze.DIRECTIONS)
    (forward, card_f), (backward, card_b) = (forward_lm.sampler, forward_lm.card), (backward_lm.sampler, backward_lm.card)
    reader = shipped_model(bicloze.NAME, bicloze, on_cpu=True)
except CheckpointError as exc:
    checkpoint_error(exc)
    forward = None


KNOWN_FAILURE = "我吃了一个__"  # nothing to the right: the model ends the sentence (tests/test_bicloze.py)


# shared by the class: the three models keyed by their identity (the shipped file they were read from)
@shared_results(max_entries=64)
def _fill(forward, backward, reader, text: str, k: int):
    return cloze.fill(forward, backward, text, k=k, bidirectional=reader)


@shared_results(max_entries=64)
def _generated(forward, backward, prompt: str) -> tuple[str, str]:
    return cloze.generate_left_only(forward, prompt, 12), cloze.generate_with_both(forward, backward, prompt, 12)


@fragment
def cloze_lab(forward, backward, reader, card_f, card_b) -> None:
    """The sentence and k rerun only the four tables."""
    c1, c2 = st.columns([3, 1])
    sentence = text(state.CLOZE_TEXT, tr("beyond.cloze.text"), c1, help=tr("beyond.cloze.text_help"))
    k = slider(state.CLOZE_K, tr("beyond.cloze.k"), c2)
    st.caption(tr("beyond.cloze.examples"))

    try:
        with busy(tr("busy.cloze")):
            result = _fill(forward, backward, reader, sentence, k)
    except InputError as exc:
        input_error(exc)
        result = None
    if result is not None:
        if unknown := cloze.unknown_chars(forward, sentence):
            st.info(tr("beyond.cloze.unknown", chars=escape_markdown(" ".join(unknown))), icon=":material/help:")
        for column, rule in zip(st.columns(4), cloze.RULES, strict=True):
            top, shares = result.top(rule, 5), result.shares(rule)
            column.markdown(f"**{tr(f'beyond.rule.{rule}')}**")
            column.table(pd.DataFrame({  # a plain table: five rows, readable and selectable as text
                tr("beyond.col.candidate"): [result.left + c + result.right for c, _ in top],
                tr("beyond.col.share"): [f"{shares[c]:.1%}" for c, _ in top],
                "log p": [f"{s:.2f}" for _, s in top]}).set_index(tr("beyond.col.candidate")))
        st.caption(tr("beyond.cloze.share_note"))
    accuracy = reader.card.metrics.get("cloze_top1_test")
    if accuracy:
        for column, rule in zip(st.columns(4), cloze.RULES, strict=True):
            column.metric(tr("beyond.cloze.accuracy", rule=tr(f"beyond.rule.{rule}")), f"{accuracy[rule]:.1%}")
        st.caption(tr("beyond.cloze.accuracy_note", n=accuracy["sentences"],
                      loss_f=f"{card_f.metrics['test_loss_nats']:.3f}", loss_b=f"{card_b.metrics['test_loss_nats']:.3f}",
                      all=f"{reader.card.metrics['top1_test_one_char']:.1%}", n_all=reader.card.metrics["test_sentences"]))
        answer = _fill(forward, backward, reader, KNOWN_FAILURE, 1).top("bidirectional", 1)[0][0]
        how_we_know("beyond.how", both=f"{accuracy['bidirectional']:.1%}", n=accuracy["sentences"],
                    added=f"{accuracy['both']:.1%}", sentence=KNOWN_FAILURE, answer=answer)


@fragment
def generation_lab(forward, backward) -> None:
    """The prompt reruns only the two continuations."""
    st.subheader(tr("beyond.generate.header"), anchor="beyond-generate")
    st.markdown(tr("beyond.generate.intro"))
    prompt = text(state.GEN_PROMPT, tr("beyond.generate.prompt"))
    try:
        left_only, both = _generated(forward, backward, prompt)
    except InputError as exc:
        input_error(exc)
    else:
        if unknown := cloze.unknown_chars(forward, prompt):
            st.info(tr("beyond.cloze.unknown", chars=escape_markdown(" ".join(unknown))), icon=":material/help:")
        text_columns([(tr("beyond.generate.forward"), prompt + left_only), (tr("beyond.generate.both"), prompt + both)])
        st.caption(tr("beyond.generate.note"))


if forward is not None:
    # predict first (issue 26): the generation lab's own continuations of its default beginning
    question.ask(state.GUESS, lambda prompt: _generated(forward, backward, prompt), state.GEN_PROMPT.default)
    cloze_lab(forward, backward, reader, card_f, card_b)
    page_challenges("beyond")  # a one-character blank only the right side settles (issue 53)
    with until_answered(state.GUESS):  # its default beginning is the question's (issue 33)
        generation_lab(forward, backward)

# --- 2. sequential vs parallel, measured ----------------------------------------------------------
st.header(tr("beyond.cost.header"), anchor="beyond-cost")
st.markdown(tr("beyond.cost.intro"))
names = {m: tr(f"beyond.method.{m}") for m in scaling.METHODS}


def _plot(measurements, title: str) -> None:
    fitted = scaling.slopes(measurements)
    series = {tr("beyond.cost.legend", name=names[m], slope=f"{fitted.get(m, float('nan')):.2f}"):
              ([x.length for x in measurements if x.method == m], [x.seconds for x in measurements if x.method == m])
              for m in scaling.METHODS}
    st.plotly_chart(figures.loglog(series, title, tr("beyond.cost.length"), tr("beyond.cost.seconds")),
                    key=f"beyond_cost_{title}", config=CHART_CONFIG)
    table = pd.DataFrame([{"T": x.length, "method": names[x.method], "ms": round(x.seconds * 1000, 3),
                           "MB": None if x.peak_bytes is None else round(x.peak_bytes / 2**20, 1)} for x in measurements])
    with st.expander(tr("beyond.cost.table")):
        st.dataframe(table.pivot(index="T", columns="method", values="ms"))
        st.caption(tr("beyond.cost.memory_note"))
        st.dataframe(table.pivot(index="T", columns="method", values="MB"))


shipped_any = False
for device_type in ("cpu", "cuda"):
    try:
        measurements, info = scaling.load_shipped(device_type)
    except CheckpointError:
        continue
    shipped_any = True
    _plot(measurements, tr("beyond.cost.shipped", device=info["device"]))
if not shipped_any:
    st.info(tr("beyond.cost.none"))


@st.cache_data(show_spinner=False, max_entries=4)
def _measure_here(longest: int, device_name: str):
    # memory only on a GPU: the CPU figure needs a process that hands freed memory back (see scaling)
    return scaling.sweep(scaling.lengths_up_to(longest), device=device(), repeats=2,
                         memory=device().type == "cuda")


@fragment
def cost_here() -> None:
    """The longest length and the button rerun only this measurement (one click, one sweep)."""
    longest = select(state.COST_LONGEST, tr("beyond.cost.longest"))
    if on_request("beyond_cost", (longest,), tr("beyond.cost.run")):
        with busy(tr("beyond.cost.running")):
            _plot(_measure_here(longest, str(device())), tr("beyond.cost.here", device=device_label()))


cost_here()


# --- 3. the cost of one more token ---------------------------------------------------------------
st.header(tr("beyond.kv.header"), anchor="beyond-kv")
st.markdown(tr("beyond.kv.intro"))


@fragment
def kv_cost() -> None:
    """The width reruns only this chart."""
    d_model = select(state.KV_WIDTH, tr("beyond.kv.width"))
    lengths = [2**k for k in range(4, 21)]
    layers = 12
    series = {tr("beyond.kv.rnn"): (lengths, [scaling.state_bytes(d_model, layers, "lstm") for _ in lengths]),
              tr("beyond.kv.attention"): (lengths, [scaling.kv_cache_bytes(t, d_model, layers) for t in lengths])}
    st.plotly_chart(figures.loglog(series, tr("beyond.kv.title", layers=layers, width=d_model), tr("beyond.cost.length"),
                                   tr("beyond.kv.bytes")), key="beyond_kv", config=CHART_CONFIG)
    st.caption(tr("beyond.kv.caption", rnn=f"{scaling.state_bytes(d_model, layers, 'lstm') / 1024:.0f} KiB",
                  kv=f"{scaling.kv_cache_bytes(100_000, d_model, layers) / 2**30:.1f} GiB"))


kv_cost()


# --- 4. what the lectures claim, and where this page shows it ----------------------------------------
st.header(tr("beyond.claims.header"), anchor="beyond-claims")
st.markdown(tr("beyond.claims.body"))
st.header(tr("beyond.myths.header"))
st.markdown(tr("beyond.myths.body"))

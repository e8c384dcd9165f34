"""Character-level language model: sample with every strategy, see the stages of training, train your own."""

import math

import pandas as pd
import streamlit as st

from playground import charlm
from playground.app import (
    CHART_CONFIG,
    checkpoint_error,
    data_missing,
    fragment,
    how_we_know,
    input_error,
    job_panel,
    page_challenges,
    session_jobs,
    shared_resource,
    shared_results,
    text_columns,
    tr,
)
from playground.app.background import duration, start_button, start_job
from playground.app.fair import on_request
from playground.app.lm_picker import cached_corpus, charlm_choice, live_model_listed, replacing_live_model_note
from playground.app.player import frame_player, frame_window, template_player, window_note
from playground.app.store import choice, narrowed, number, select, slider, text
from playground.charlm import question
from playground.charlm import settings as state
from playground.charlm.live import LIVE_BUDGET_S, live_estimate_s, live_job, live_max_steps, live_text_size
from playground.core.checkpoints import CheckpointError, load_card
from playground.core.datasets.cache import DataUnavailable
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown, significant
from playground.core.jobs import HEAVY, JOB_SECONDS
from playground.drawing import charts, figures, strips
from playground.models.charlm import decoding as cs
from playground.models.charlm import recipes

STAGE_CHARS = 160  # characters sampled from each training stage

st.title(tr("charlm.title"), anchor="lm-intro")
st.markdown(tr("charlm.intro"))
st.latex(r"L_t = -\log p_t(y_{t+1}), \qquad p_t = \operatorname{softmax}(s_t)")
at_most = 1 / (1 + math.exp(4.1 - 2.2))  # softmax of the slide's two logits: the most e can get
st.markdown(tr("charlm.logits_example", p=significant(at_most), loss=significant(-math.log(at_most))))
st.markdown(tr("charlm.embedding"))

# --- the shipped models and how well they predict unseen text ------------------------------------
rows, cards = [], {}  # each shipped model's card, read once per run (the table, the note, the curves)
for corpus, kind in charlm.SHIPPED_CHOICES:
    try:
        card = cards[corpus, kind] = load_card(charlm.name_of(corpus, kind))
    except CheckpointError as exc:
        checkpoint_error(exc)
        continue
    m = card.metrics
    rows.append({tr("charlm.col.model"): tr(f"charlm.model.{corpus}_{kind}"),
                 tr("charlm.col.params"): f"{card.architecture['parameters']:,}",
                 tr("charlm.col.test_nats"): f"{m['test_loss_nats']:.3f}",
                 tr("charlm.col.test_bits"): f"{m['test_bits_per_char']:.3f}",
                 tr("charlm.col.val_nats"): f"{m['validation_loss_nats']:.3f}",
                 tr("charlm.col.seconds"): card.training_seconds})
with st.expander(tr("charlm.models.header"), expanded=False):
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    st.caption(tr("charlm.models.caption"))
shakespeare_card = cards.get(("shakespeare", "lstm"))  # None: the table above has already said what is missing
if shakespeare_card is not None:
    shakespeare = shakespeare_card.metrics
    how_we_know("charlm.how", bits=f"{shakespeare['test_bits_per_char']:.3f}", nats=f"{shakespeare['test_loss_nats']:.3f}")


# --- sampling lab --------------------------------------------------------------------------------
def _position(prompt: str, generation, i: int) -> tuple[str, list[tuple[str, float, str]]]:
    """Generated character ``i`` (0-based): what the model had read and what it chose (a sentence), and
    its 10 most likely next characters (bars: label, percent, colour)."""
    record = generation.steps[i]
    context = (prompt + generation.text)[max(0, len(prompt) + i - 40): len(prompt) + i]
    said = tr("charlm.lab.position_text", context=repr(context), char=repr(record.char),
              p=f"{math.exp(record.log_prob):.3f}")
    # a space as ␣ (its repr is a blank label), a newline as \n
    bars = [("␣" if ch == " " else repr(ch)[1:-1] or "·", p * 100,
             "#2166ac" if ch == record.char else "#9e9e9e") for ch, p in record.top]
    return said, bars


def _position_player(prompt: str, generation, position: int) -> None:
    """The distribution position by position, played in the browser from the slider's ``position``
    (1-based; 64 positions at most): one frame of text and bars travels, and each position as its values."""
    shown = frame_window(len(generation.steps), position - 1)
    positions = [_position(prompt, generation, i) for i in shown]
    first_said, first_bars = positions[0]
    template = (strips.text_html(first_said, marked=True)
                + charts.bars_svg(first_bars, 100, tr("charlm.lab.top10"), value_format=".1f", marked=True))
    template_player(template, [[said, *charts.bar_values(bars, 100, ".1f")] for said, bars in positions],
                    [tr("charlm.lab.position_frame", n=i + 1, total=len(generation.steps),
                        char=repr(generation.steps[i].char)) for i in shown],
                    position - 1 - shown.start, "lm_position_play")
    window_note(shown, len(generation.steps))


def _sampling_lab(chosen) -> tuple[str, int] | None:
    """The lab and the side-by-side -> (the prompt, the seed), or None when the prompt is refused."""
    model_key, sampler, _ = chosen
    prompt = text(state.PROMPT, tr("charlm.lab.prompt"), area=True, height=80, help=tr("charlm.lab.prompt_help"))
    strategy = choice(state.STRATEGY, tr("charlm.lab.strategy"), format_func=lambda s: tr(f"charlm.strategy.{s}"))
    c1, c2, c3, c4 = st.columns(4)
    length = slider(state.LENGTH, tr("charlm.lab.length"), c1)
    seed = number(state.SEED, tr("charlm.lab.seed"), c1)
    temperature = slider(state.TEMPERATURE, tr("charlm.lab.temperature"), c2, disabled=strategy in ("greedy", "beam"))
    top_k = slider(state.TOP_K, "k (top-k)", c3, disabled=strategy != "top_k")
    top_p = slider(state.TOP_P, "p (top-p)", c3, disabled=strategy != "top_p")
    width = slider(state.WIDTH, tr("charlm.lab.width"), c4, disabled=strategy != "beam")
    penalty = slider(state.PENALTY, tr("charlm.lab.penalty"), c4, disabled=strategy != "beam",
                     help=tr("charlm.lab.penalty_help"))
    try:  # the library checks the prompt and the settings, once (the sliders keep them in range anyway)
        # not streamed: 300 characters take ~40 ms, and every partial text shown was another message to send
        generation = _generation(sampler, prompt, length, strategy,
                                 **cs.used_settings(strategy, temperature=temperature, top_k=top_k, top_p=top_p,
                                                    width=width, length_penalty=penalty, seed=int(seed)))
    except InputError as exc:
        input_error(exc)
        return None  # the rest of the page (live training) is still drawn
    if generation.unknown:
        st.info(tr("charlm.lab.unknown", chars=escape_markdown(" ".join(repr(c) for c in generation.unknown))),
                icon=":material/help:")
    _generation_view(prompt, generation, strategy, length, int(seed))
    _side_by_side(sampler, prompt, generation, min(length, state.COMPARED), temperature, width, penalty, int(seed))
    return prompt, int(seed)


def _generation_view(prompt: str, generation: cs.Generation, strategy: str, length: int, seed: int) -> None:
    """The text, its log-probability and repetition, and the distribution at each position (a player)."""
    st.markdown(f"**{tr('charlm.lab.output')}**")
    st.code(prompt + generation.text, language=None)
    if strategy == "beam" and len(generation.text) < length:  # said on the page, not only in a tooltip
        st.info(tr("charlm.lab.beam_stopped", n=len(generation.text), length=length), icon=":material/info:")
    elif strategy != "greedy":
        st.caption(tr("charlm.lab.seed_note", seed=seed))
    m1, m2, m3 = st.columns(3)
    m1.metric(tr("charlm.lab.logp"), f"{generation.log_prob:.2f}")
    m2.metric(tr("charlm.lab.logp_per_char"), f"{generation.mean_log_prob:.3f}")
    m3.metric(tr("charlm.lab.repetition"), f"{cs.repetition(generation.text):.0%}",
              help=tr("charlm.lab.repetition_help"))

    if generation.steps:
        position = slider(narrowed(state.POSITION, high=len(generation.steps)), tr("charlm.lab.position"))
        _position_player(prompt, generation, position)


def _side_by_side(sampler, prompt: str, generation: cs.Generation, n: int, temperature: float, width: int,
                  penalty: float, seed: int) -> None:
    """Greedy, sampling and beam search after the same prompt, on request. At most COMPARED characters
    (``n``): beam search is the dearest decoder, and three columns read well at this length."""
    st.subheader(tr("charlm.compare.header"), anchor="lm-compare")
    st.markdown(tr("charlm.compare.intro"))
    if not on_request("lm_compare", (sampler.identity, prompt, n, temperature, width, penalty, seed),
                      tr("charlm.compare.run", n=n)):
        return
    compared = _compare(sampler, prompt, n, temperature, width, penalty, seed, generation)
    columns = text_columns([(tr(f"charlm.strategy.{name}"), prompt + run[0]) for name, run in compared.items()])
    for column, (_, logp, per_char, rep) in zip(columns, compared.values(), strict=True):
        column.caption(tr("charlm.compare.stats", logp=f"{logp:.1f}", per_char=f"{per_char:.3f}", rep=f"{rep:.0%}"))
    st.caption(tr("charlm.compare.caption"))


# shared by the class: a prompt anyone has tried (the default one first) costs the next visitor nothing;
# the sampler is keyed by its model's server-wide identity (a live model's job, never "my model #1")
@shared_results(max_entries=64)
def _generation(sampler, prompt: str, length: int, strategy: str, *, temperature: float, top_k: int,
                top_p: float, width: int, length_penalty: float, seed: int) -> cs.Generation:
    return cs.generate(sampler, prompt, length, strategy, temperature=temperature, top_k=top_k, top_p=top_p,
                       width=width, length_penalty=length_penalty, seed=seed)


@shared_results(max_entries=16)
def _compare(sampler, prompt: str, length: int, temperature: float, width: int, penalty: float, seed: int,
             _lab: cs.Generation | None = None):
    """The side by side; the lab's generation stands in for its strategy's column where it can (the same text)."""
    runs = cs.compare(sampler, prompt, length, temperature=temperature, width=width, length_penalty=penalty, seed=seed,
                      made=_lab)
    return {name: (g.text, g.log_prob, g.mean_log_prob, cs.repetition(g.text)) for name, g in runs.items()}


# --- stages of training ----------------------------------------------------------------------------
@st.cache_data(show_spinner=False, max_entries=8)
def _stage_samples(prompt: str, seed: int) -> list[dict]:
    stages = shared_resource("charlm-stages", charlm.training_stages)
    return [{"step": stage.step, "loss": stage.validation_loss,
             "text": stage.sample(prompt, STAGE_CHARS, temperature=0.8, seed=seed)} for stage in stages]


def _stages(prompt: str, seed: int) -> None:
    st.header(tr("charlm.stages.header"), anchor="lm-stages")
    st.markdown(tr("charlm.stages.intro"))
    if not on_request("lm_stages", (prompt, seed), tr("charlm.stages.run")):
        return
    try:
        stages = _stage_samples(prompt, seed)
    except CheckpointError as exc:
        checkpoint_error(exc)
        return
    except InputError:  # the snapshots are Shakespeare's: a prompt for another model may be unreadable to them
        st.info(tr("charlm.stages.unreadable"), icon=":material/help:")
        return
    # snapshot by snapshot, played in the browser: each stage's sample and where it sits on the loss curve
    headings = [tr("charlm.stages.frame0" if stage["step"] == 0 else "charlm.stages.frame", step=f"{stage['step']:,}",
                   loss=f"{stage['loss']:.2f}") for stage in stages]
    curve = _validation_curve()
    frame_player([strips.text_html(prompt + stage["text"], pre=True)  # the player's label says which stage
                  + (charts.curve_point_svg(curve, (stage["step"], stage["loss"]), tr("charlm.stages.where"),
                                         tr("charlm.curve.step"), tr("charlm.curve.loss")) if curve else "")
                  for stage in stages],
                 headings, 0, "lm_stages_play")
    st.caption(tr("charlm.stages.play_note"))


def _validation_curve() -> dict[str, tuple[list, list]]:
    """The shipped Shakespeare LSTM's validation loss over its training ({} where its card is missing)."""
    if shakespeare_card is None:
        return {}
    curve = shakespeare_card.extra["curve"]
    points = [p for p in curve if "validation_loss" in p]
    return {tr("charlm.curve.validation"): ([p["step"] for p in points], [p["validation_loss"] for p in points])}


def _stage_curve() -> None:
    """The loss curve under the stages: the same for every prompt, so drawn outside the lab's fragment."""
    if shakespeare_card is None:
        return  # the table above has said why
    curve = shakespeare_card.extra["curve"]
    st.plotly_chart(figures.loss_curves(curve, {"train_loss": tr("charlm.curve.train"),
                                                "validation_loss": tr("charlm.curve.validation")},
                                        tr("charlm.curve.step"), tr("charlm.curve.loss")), key="lm_stage_curve",
                    config=CHART_CONFIG)


@fragment
def lab_and_stages() -> None:
    """The prompt, the strategy and its sliders rerun the lab and the stages, not the live training."""
    chosen = charlm_choice(state.MODEL)
    # a model that cannot be loaded, or a refused prompt, leaves out the lab and the stages, never
    # the live training below (its selectors must be drawn on every run)
    lab = _sampling_lab(chosen) if chosen is not None else None
    if lab is not None:
        _stages(*lab)


@st.cache_data(show_spinner=False, max_entries=2)
def _export(job_id: int, number: int, _result) -> tuple[bytes, str]:
    """The finished model's files, made once per job (not on every rerun), named by the visitor's number."""
    return recipes.export(_result, f"charlm_live_{number}")


question.ask(state.GUESS, state.MODEL.default)  # predict first (issue 26), with the shipped Shakespeare model
st.header(tr("charlm.lab.header"), anchor="lm-lab")
st.markdown(tr("charlm.lab.intro"))
lab_and_stages()
_stage_curve()
page_challenges("charlm")  # a lively top-p sample that is still English (issue 53)

# --- live training --------------------------------------------------------------------------------
def _live_text(source: str) -> str | None:
    """A pasted or uploaded text to train on (None for a shipped corpus, or until there is one)."""
    if source == "paste":
        return text(state.LIVE_TEXT, tr("charlm.live.paste"), area=True, height=150,
                    limit=tr("charlm.live.paste_limit", minimum=f"{recipes.MIN_TRAIN_TEXT:,}",
                             limit=f"{state.LIVE_TEXT.max_chars:,}"))
    if source == "upload":
        upload = st.file_uploader(tr("charlm.live.upload"), type=["txt", "py", "md", "csv"], key="lm_live_file")
        if upload is not None:
            try:
                return recipes.text_from_upload(upload.getvalue())
            except InputError as exc:
                input_error(exc)
    return None


def _live_model(source: str, live_text: str | None) -> dict:
    """The model's sliders; the steps' top is what this model trains in ~3 minutes, so that nobody's turn
    in line is long (issue 28) -> the settings of the job."""
    l1, l2, l3 = st.columns(3)
    chosen = {"kind": choice(state.LIVE_CELL, tr("charlm.live.cell"), l1.segmented_control, format_func=str.upper),
              "hidden": select(state.LIVE_HIDDEN, tr("charlm.live.hidden"), l1),
              "layers": slider(state.LIVE_LAYERS, tr("charlm.live.layers"), l2),
              "bptt": slider(state.LIVE_BPTT, tr("charlm.live.bptt"), l2),
              "lr": select(state.LIVE_LR, tr("charlm.live.lr"), l3)}
    vocab, held_out = live_text_size(source, live_text)
    model = (chosen["kind"], chosen["hidden"], chosen["layers"], chosen["bptt"])
    most = live_max_steps(*model, vocab, held_out)
    steps = slider(narrowed(state.LIVE_STEPS, high=most, default=min(state.LIVE_STEPS.default, most)),
                   tr("charlm.live.steps"), l3, help=tr("charlm.live.steps_help", minutes=round(LIVE_BUDGET_S / 60)))
    chosen["steps"] = min(steps, most)  # a forged client's value too
    estimate = live_estimate_s(*model, chosen["steps"], vocab, held_out)
    st.caption(tr("charlm.live.estimate", duration=duration(estimate), limit=JOB_SECONDS // 60))
    return chosen


def _start_live(source: str, live_text: str | None, chosen: dict) -> None:
    try:
        if source in ("shakespeare", "python"):
            corpus = cached_corpus(source)
            train_text, val_text = corpus.train, corpus.validation
        else:
            train_text, val_text = recipes.split_live_text(live_text or "")
        start_job("charlm", f"charlm-{chosen['kind']}", live_job(train_text, val_text, **chosen), lane=HEAVY)
    except InputError as exc:
        input_error(exc)
    except DataUnavailable as exc:
        data_missing(exc, "charlm.live.no_data")


def _live_result() -> None:
    """The running job's panel; the finished model (now in the picker above) and its files."""
    job_panel("charlm")
    job = session_jobs().get("charlm")
    if job is None or not job.finished or job.result is None:
        return
    if not live_model_listed(job.number):
        st.rerun(scope="app")  # it ended during this run, after the picker was drawn
    st.success(tr("charlm.live.ready", id=job.number))
    weights, card_json = _export(job.id, job.number, job.result)
    d1, d2 = st.columns(2)
    d1.download_button(tr("charlm.live.download_weights"), weights, f"charlm_live_{job.number}.safetensors",
                       icon=":material/download:")
    d2.download_button(tr("charlm.live.download_card"), card_json, f"charlm_live_{job.number}.json",
                       mime="application/json", icon=":material/download:")


st.header(tr("charlm.live.header"))
st.markdown(tr("charlm.live.intro"))
source = choice(state.SOURCE, tr("charlm.live.source"), format_func=lambda s: tr(f"charlm.source.{s}"))
live_text = _live_text(source)
chosen = _live_model(source, live_text)
replacing_live_model_note()  # said before the click, not after
if start_button(tr("charlm.live.start"), "lm_live_start", primary=True):
    _start_live(source, live_text, chosen)
_live_result()

# --- misconceptions --------------------------------------------------------------------------------
st.header(tr("charlm.myths.header"))
st.markdown(tr("charlm.myths.body"))

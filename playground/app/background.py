"""Background training jobs on a page: the server-wide runner, this visitor's jobs, the Start
button's reason when it must wait, and the panel (a place in line while waiting; a progress bar, a
live loss chart and a Stop button while running)."""

from __future__ import annotations

import streamlit as st

from playground import lessons
from playground.app.language import lang, tr
from playground.app.visitors import job_owner, session_name, visitor
from playground.app.widgets import CHART_CONFIG
from playground.core.jobs import (
    FINISHED,
    HEAVY,
    JOB_SECONDS,
    RUNNING,
    TINY_SECONDS,
    WAITING,
    Busy,
    Job,
    JobRunner,
    LineFull,
    Pace,
    SessionJobs,
    pace,
)
from playground.drawing.figures import training_curves

# How often a job panel asks the server for news (the browser reruns the panel's fragment).
# Waiting: every 5 s and no chart (a waiting poll costs the server ~20-30 ms CPU; 30 visitors in
# line make 6 a second together, where the old 0.5 s poll with a chart made 60 and another
# visitor's review took seconds, issue 28); a heavy job trains for minutes, so noticing one's turn
# up to 5 s late costs little.
# Running: every second with the chart, thinned to MAX_CURVE_POINTS points. Only running jobs poll
# this fast, and at most cap + 1 run at once on the whole server (2 on a 2-core box), so the server
# draws at most ~2 charts a second for them however many visitors wait.
WAITING_POLL_S = 5.0
FAR_POLL_S = 15.0
NEAR_PLACES = 3  # these first places in line ask every WAITING_POLL_S
RUNNING_POLL_S = 1.0
MAX_CURVE_POINTS = 300  # a 5,000-step job reports 5,000 losses; 300 points draw the same curve


@st.cache_resource(show_spinner=False)
def job_runner() -> JobRunner:
    """One runner per server: its lanes' caps bound the training jobs of all sessions together."""
    return JobRunner()


_BY_SESSION: dict[str, SessionJobs] = {}  # session id -> its jobs: the rebalancer moves no one who trains


def _stop_session_jobs(jobs: SessionJobs) -> None:
    jobs.stop_all()
    for session_id in [k for k, v in _BY_SESSION.items() if v is jobs]:
        _BY_SESSION.pop(session_id, None)


def session_is_training(session_id: str) -> bool:
    """Whether session ``session_id`` has a training job running or waiting."""
    jobs = _BY_SESSION.get(session_id)
    return jobs is not None and any(not job.finished for job in list(jobs.jobs.values()))


@st.cache_resource(scope="session", on_release=_stop_session_jobs, show_spinner=False)
def session_jobs() -> SessionJobs:
    """This browser session's jobs, under its visitor's name and address (``playground.app.visitors``);
    they are stopped when the session ends (tab closed)."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    name, address = visitor()
    jobs = SessionJobs(job_runner(), visitor=job_owner(name, session_name()), address=address)
    ctx = get_script_run_ctx()
    if ctx is not None:
        _BY_SESSION[ctx.session_id] = jobs
    return jobs


def waiting_message(runner: JobRunner) -> None:
    """For a job without a place to show (the retrain button): how full the heavy lane is."""
    st.info(tr("job.waiting", running=runner.running(HEAVY), cap=runner.cap), icon=":material/hourglass_top:")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st in English; the number alone in Chinese (第 3 位)."""
    if lang() != "en":
        return str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def queue_message(job: Job, runner: JobRunner) -> None:
    """A waiting job's place in line (first come, first served), or "starting" once it has left it."""
    place = runner.position(job)
    if place is None:
        st.progress(0.0, text=tr("job.starting"))
        return
    key = "job.queued_tiny" if job.lane != HEAVY else "job.queued"
    st.info(tr(key, place=ordinal(place), cap=runner.caps[job.lane]),
            icon=":material/hourglass_top:")


def busy_reason() -> str | None:
    """Why this visitor cannot start a training now (a job of theirs runs or waits), or None."""
    jobs = session_jobs()
    job = jobs.busy()
    if job is None:
        return None
    owner = lessons.job_slots().get(job.slot)  # the lesson whose page started it (its manifest names the slot)
    page = tr(owner.title_key) if owner is not None else tr("job.some_page")
    if any(j is job for j in jobs.jobs.values()):  # this tab's: the one just started, or still running below
        return tr("job.yours_running" if job.status == RUNNING else "job.yours_waiting", where=page)
    where = tr("job.where_other_tab", page=page)
    return tr("job.busy_running" if job.status == RUNNING else "job.busy_waiting", where=where)


def start_blocked() -> tuple[bool, str | None]:
    """(disable the Start button?, the reason to show by it). Disabled while this tab's own job runs
    or waits (the page reruns when it ends); a job of another tab is only named: this tab does not
    hear when it ends, and a click then starts at once (or says the reason again)."""
    why = busy_reason()
    if why is None:
        return False, None
    jobs = session_jobs()
    return any(not j.finished for j in jobs.jobs.values()), why


def start_button(label: str, key: str, primary: bool = False) -> bool:
    """A training panel's Start button -> clicked? Disabled while this visitor's own job runs or waits
    (one job per visitor, issue 28), with the reason said beside it (``start_blocked``)."""
    blocked, why = start_blocked()
    if why is not None:
        st.caption(why)
    return st.button(label, key=key, icon=":material/play_arrow:", type="primary" if primary else "secondary",
                     disabled=blocked, help=why)


def start_job(slot: str, name: str, work, lane: str = HEAVY, estimate_s: float = 0.0) -> None:
    """Start ``work`` for this visitor and run the page again (its Start button, drawn above, is now
    disabled and says why), or say why not (a job of theirs still runs or waits). ``estimate_s``: about
    how long it runs (an address's jobs in line go shortest first)."""
    try:
        session_jobs().start(slot, name, work, lane=lane, estimate_s=estimate_s)
    except Busy:
        st.warning(busy_reason() or tr("job.busy_running", where=""), icon=":material/hourglass_top:")
        return
    except LineFull as full:
        st.warning(tr("job.line_full", count=full.count), icon=":material/hourglass_top:")
        return
    st.rerun()


def thinned(progress: list[dict], most: int = MAX_CURVE_POINTS) -> list[dict]:
    """The records a chart needs: every validation record, and at most ``most`` training records
    (evenly spaced, the last one included)."""
    plain = [p for p in progress if "validation_loss" not in p and "sample" not in p]
    if len(plain) <= most:
        return progress
    every = -(-len(plain) // most)
    keep = {id(p) for p in plain[::every]} | {id(plain[-1])}
    return [p for p in progress if "validation_loss" in p or id(p) in keep]


def duration(seconds: float) -> str:
    """40 s, 2 min 10 s (rounded to 5 s above a minute; what an estimate is worth), in the visitor's language."""
    seconds = max(1, round(seconds))
    if seconds < 60:
        return tr("job.duration_s", s=seconds)
    seconds = 5 * round(seconds / 5)
    return tr("job.duration_min", m=seconds // 60, s=seconds % 60)


def pace_text(measured: Pace, max_seconds: float | None) -> str:
    """Steps per second and the time left, or where the time budget will stop the job."""
    rate = f"{measured.steps_per_s:.1f}" if measured.steps_per_s < 10 else f"{measured.steps_per_s:,.0f}"
    left = duration(measured.seconds_left)
    if measured.cut_at_step is None:
        return tr("job.pace", rate=rate, left=left)
    return tr("job.pace_cut", rate=rate, minutes=max(1, round((max_seconds or 0) / 60)), step=f"{measured.cut_at_step:,}",
              left=left)


def _draw_job(snapshot: dict, runner: JobRunner) -> None:
    status, progress = snapshot["status"], snapshot["progress"]
    if progress:
        last = progress[-1]
        step, total, loss = last.get("step", 0), last.get("total", 1), last.get("loss", float("nan"))
        # a job that has ended says so: not "training: step 2000/2000" ever after (issue 33)
        line = {"done": "job.progress_done", "stopped": "job.progress_stopped", "failed": "job.progress_stopped"}
        st.progress(min(step / max(total, 1), 1.0),
                    text=tr(line.get(status, "job.running"), step=step, total=total, loss=loss))
        if status == "running" and (measured := pace(progress, snapshot.get("max_seconds"))) is not None:
            st.caption(pace_text(measured, snapshot.get("max_seconds")))
        labels = {"loss": tr("job.loss_axis"), "accuracy": tr("job.accuracy_axis"), "step": tr("job.step_axis")}
        labels["validation_loss"] = tr("job.validation_axis")
        st.plotly_chart(training_curves(thinned(progress), labels), key=f"job-curves-{snapshot['id']}", config=CHART_CONFIG)
        samples = [p for p in progress if "sample" in p]
        if samples:
            st.caption(tr("job.sample", step=samples[-1]["step"]))
            st.code(samples[-1]["sample"], language=None)
    elif status == "running":
        st.progress(0.0, text=tr("job.starting"))
    if status == "done":
        st.success(tr("job.done"))
    elif status == "stopped":
        if snapshot.get("out_of_time"):
            limit = TINY_SECONDS if snapshot.get("lane") != HEAVY else JOB_SECONDS
            st.info(tr("job.out_of_time", minutes=max(1, round(limit / 60))))
        else:
            st.info(tr("job.stopped"))
    elif status == "failed":
        st.error(tr("job.failed", error=snapshot["error"]))


def _stop_button(job: Job, slot: str) -> None:
    if st.button(tr("job.stop"), key=f"stop-{slot}", icon=":material/stop_circle:"):
        job.stop()
        if job.finished:  # a waiting job leaves the line at once: redraw without it
            st.rerun(scope="app")


def _waiting(slot: str) -> None:
    """A job in line: its place and a Stop button, no chart; asks again every few seconds."""
    job = session_jobs().get(slot)
    if job is None:
        return
    if job.status != WAITING:
        st.rerun(scope="app")  # its turn came (or it was stopped): the running panel takes over
    _stop_button(job, slot)
    queue_message(job, session_jobs().runner)


# Near the front of the line the panel asks every WAITING_POLL_S; further back, where a turn is
# minutes away, every FAR_POLL_S: thirty visitors in line then ask ~2.6 times a second, not 6 (each
# ask is a small run of 20-40 ms of the server's time, paid by everyone's clicks).
@st.fragment(run_every=WAITING_POLL_S)
def _waiting_near(slot: str) -> None:
    _waiting(slot)


@st.fragment(run_every=FAR_POLL_S)
def _waiting_far(slot: str) -> None:  # its own function: a fragment is known by its function's name
    _waiting(slot)


def _waiting_panel(slot: str) -> None:
    job = session_jobs().get(slot)
    place = session_jobs().runner.position(job) if job is not None else None
    (_waiting_far if place is not None and place > NEAR_PLACES else _waiting_near)(slot)


@st.fragment(run_every=RUNNING_POLL_S)
def _running_panel(slot: str) -> None:
    job = session_jobs().get(slot)
    if job is None:
        return
    snapshot = job.snapshot()
    if snapshot["status"] in FINISHED:
        st.rerun(scope="app")  # redraw once without polling
    _stop_button(job, slot)
    _draw_job(snapshot, session_jobs().runner)


def job_panel(slot: str) -> None:
    """This session's job in ``slot``: its place in line while it waits; progress bar, live loss
    chart and Stop button while it runs; how it ended."""
    job = session_jobs().get(slot)
    if job is None:
        return
    if job.finished:
        _draw_job(job.snapshot(), session_jobs().runner)
    elif job.status == WAITING:
        _waiting_panel(slot)
    else:
        _running_panel(slot)

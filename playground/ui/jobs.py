"""Background training jobs on a page: the server-wide runner, this session's jobs, the panel
with a progress bar, a live loss chart and a Stop button."""

from __future__ import annotations

import streamlit as st

from playground.figures import training_curves
from playground.jobs import FINISHED, JOB_SECONDS, JobRunner, SessionJobs
from playground.ui.shell import tr


@st.cache_resource(show_spinner=False)
def job_runner() -> JobRunner:
    """One runner per server: its cap bounds the training jobs of all sessions together."""
    return JobRunner()


def _stop_session_jobs(jobs: SessionJobs) -> None:
    jobs.stop_all()


@st.cache_resource(scope="session", on_release=_stop_session_jobs, show_spinner=False)
def session_jobs() -> SessionJobs:
    """This browser session's jobs; they are stopped when the session ends (tab closed)."""
    return SessionJobs(job_runner())


def waiting_message(runner: JobRunner) -> None:
    st.info(tr("job.waiting", running=runner.running(), cap=runner.cap), icon=":material/hourglass_top:")


def _draw_job(snapshot: dict, runner: JobRunner) -> None:
    status, progress = snapshot["status"], snapshot["progress"]
    if status == "waiting":
        waiting_message(runner)
        return
    if progress:
        last = progress[-1]
        step, total, loss = last.get("step", 0), last.get("total", 1), last.get("loss", float("nan"))
        st.progress(min(step / max(total, 1), 1.0), text=tr("job.running", step=step, total=total, loss=loss))
        labels = {"loss": tr("job.loss_axis"), "accuracy": tr("job.accuracy_axis"), "step": tr("job.step_axis")}
        labels["validation_loss"] = tr("job.validation_axis")
        st.plotly_chart(training_curves(progress, labels), key=f"job-curves-{snapshot['id']}")
        samples = [p["sample"] for p in progress if "sample" in p]
        if samples:
            st.caption(tr("job.sample", step=[p["step"] for p in progress if "sample" in p][-1]))
            st.code(samples[-1], language=None)
    elif status == "running":
        st.progress(0.0, text=tr("job.starting"))
    if status == "done":
        st.success(tr("job.done"))
    elif status == "stopped":
        st.info(tr("job.out_of_time", minutes=JOB_SECONDS // 60) if snapshot.get("out_of_time") else tr("job.stopped"))
    elif status == "failed":
        st.error(tr("job.failed", error=snapshot["error"]))


@st.fragment(run_every=0.5)
def _live_job_panel(slot: str) -> None:
    job = session_jobs().get(slot)
    if job is None:
        return
    snapshot = job.snapshot()
    if snapshot["status"] in FINISHED:
        st.rerun(scope="app")  # redraw once without polling
    if st.button(tr("job.stop"), key=f"stop-{slot}", icon=":material/stop_circle:"):
        job.stop()
    _draw_job(snapshot, session_jobs().runner)


def job_panel(slot: str) -> None:
    """Progress bar, live loss chart and Stop button for this session's job in ``slot``."""
    job = session_jobs().get(slot)
    if job is None:
        return
    if job.finished:
        _draw_job(job.snapshot(), session_jobs().runner)
    else:
        _live_job_panel(slot)

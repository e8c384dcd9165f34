"""The live-training widget: a job started from a page shows progress, then its final state."""

import time

from streamlit.testing.v1 import AppTest


def _script(steps=5, pause_s=0.1, slot="demo"):
    import time

    import streamlit as st

    from playground import app as ui

    def work(report, stop):
        for step in range(1, steps + 1):
            if stop.is_set():
                return step
            report(step=step, total=steps, loss=1.0 / step)
            time.sleep(pause_s)
        return steps

    if st.button("train", key="train"):
        ui.session_jobs().start(slot, f"{slot} job", work)
    ui.job_panel(slot)


def test_job_panel_shows_progress_and_result():
    at = AppTest.from_function(_script, default_timeout=60).run()
    assert not at.exception
    at.button(key="train").click().run()
    assert not at.exception
    assert any(b.key == "stop-demo" for b in at.button)  # while it runs, a Stop button is offered
    time.sleep(1.5)  # the job (5 x 100 ms) finishes in the background
    at.run()
    assert not at.exception
    assert any("finished" in s.value for s in at.success)
    progress = at.get("progress")[-1].proto  # it says the job has ended, not "Training: step 5/5" (issue 33)
    assert progress.value == 100 and progress.text == "Finished: step 5/5, loss 0.2000"


def test_a_running_job_says_its_pace_and_time_left():
    """Issue 25 (15): steps per second and the time left under the progress bar, or where the server's
    time limit will stop the job."""
    from playground.app.background import pace_text
    from playground.core.i18n import t
    from playground.core.jobs import Pace

    assert pace_text.__module__ == "playground.app.background"
    at = AppTest.from_function(_pace_script, default_timeout=60, args=(Pace(1.43, 3450.0), 300, "en")).run()
    assert [c.value for c in at.caption] == [t("job.pace", "en", rate="1.4", left=t("job.duration_min", "en", m=57, s=30))]
    at = AppTest.from_function(_pace_script, default_timeout=60, args=(Pace(1.43, 190.0, 420), 300, "zh")).run()
    assert [c.value for c in at.caption] == [t("job.pace_cut", "zh", rate="1.4", minutes=5, step="420",
                                               left=t("job.duration_min", "zh", m=3, s=10))]
    assert "5 分钟的时限" in at.caption[0].value and "第 420 步" in at.caption[0].value


def _pace_script(measured, budget, language):
    import streamlit as st

    from playground.app.background import pace_text

    st.query_params["lang"] = language
    st.caption(pace_text(measured, budget))


def test_the_running_panel_shows_the_pace():
    at = AppTest.from_function(_script, default_timeout=60, args=(200, 0.05, "slow")).run()
    at.button(key="train").click().run()
    time.sleep(1.0)  # a few timed steps
    at.run()
    assert not at.exception
    assert any("steps/s" in c.value and "to go" in c.value for c in at.caption), [c.value for c in at.caption]
    next(b for b in at.button if b.key == "stop-slow").click().run()


def test_a_stopped_job_says_where_it_stopped_and_a_just_started_one_is_named_yours():
    """Issue 33: right after the click the Start button said "you already have a training job"; after a
    stop the bar still read "Training: step n/N"."""
    from helpers import fresh_session

    from playground.core.i18n import t

    fresh_session()
    at = AppTest.from_function(_queued_script, default_timeout=60).run()
    at.button(key="train").click().run()
    assert not at.exception and at.button(key="train").disabled
    where = t("job.some_page", "en")  # a slot no lesson declares
    reason = {t("job.yours_running", "en", where=where), t("job.yours_waiting", "en", where=where)}
    assert reason & {c.value for c in at.caption}
    assert not any(c.value.startswith("You already have") for c in at.caption)
    time.sleep(0.3)
    next(b for b in at.button if b.key == "stop-demo").click().run()
    time.sleep(0.5)
    at.run()
    assert not at.exception and t("job.stopped", "en") in [i.value for i in at.info]
    texts = [p.proto.text for p in at.get("progress")]
    assert texts and texts[-1].startswith("Stopped at step ") and not any(x.startswith("Training:") for x in texts)
    assert not at.button(key="train").disabled


# --- fair training (issue 28) --------------------------------------------------------------------
def _queued_script():
    import time

    import streamlit as st

    from playground import app as ui
    from playground.app.background import start_blocked, start_job
    from playground.core.jobs import HEAVY

    def work(report, stop):
        step = 0
        while not stop.is_set():
            step += 1
            report(step=step, total=10_000, loss=1.0 / step)
            time.sleep(0.01)
        return step

    blocked, why = start_blocked()
    if why is not None:
        st.caption(why)
    if st.button("train", key="train", disabled=blocked, help=why):
        start_job("demo", "demo job", work, lane=HEAVY)
    ui.job_panel("demo")


def _wait_for(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_waiting_job_shows_its_place_without_a_chart_and_polls_slowly():
    import inspect
    import threading

    from helpers import fresh_session

    from playground.app import background as ui_jobs
    from playground.core.i18n import t
    from playground.core.jobs import HEAVY, RUNNING, WAITING

    fresh_session()
    runner = ui_jobs.job_runner()
    gate = threading.Event()

    def hold(report, stop):
        while not (gate.is_set() or stop.is_set()):
            time.sleep(0.01)

    holders = [runner.submit(f"other visitor {k}", hold, visitor=f"other-{k}") for k in range(runner.cap)]
    job = None
    try:
        assert _wait_for(lambda: runner.running(HEAVY) >= runner.cap)
        at = AppTest.from_function(_queued_script, default_timeout=60).run()
        at.button(key="train").click().run()
        assert not at.exception
        job = next(j for j in runner.unfinished() if j.name == "demo job")
        assert job.status == WAITING and runner.position(job) == 1
        assert t("job.queued", "en", place="1st", cap=runner.cap) in [i.value for i in at.info]
        assert not at.get("plotly_chart") and not at.get("progress")  # waiting: no chart, nothing to draw
        assert any(b.key == "stop-demo" for b in at.button)  # it can leave the line
        busy = t("job.yours_waiting", "en", where=t("job.some_page", "en"))  # named as this visitor's own
        assert at.button(key="train").disabled and busy in [c.value for c in at.caption]  # ... and says why
        # the waiting panel asks every few seconds (further back in line, less often); the running one every second
        polls = {f.__name__: inspect.getclosurevars(f).nonlocals["run_every"]
                 for f in (ui_jobs._waiting_near, ui_jobs._waiting_far, ui_jobs._running_panel)}
        assert polls == {"_waiting_near": ui_jobs.WAITING_POLL_S, "_waiting_far": ui_jobs.FAR_POLL_S,
                         "_running_panel": ui_jobs.RUNNING_POLL_S}
        assert ui_jobs.FAR_POLL_S > ui_jobs.WAITING_POLL_S >= 2.0 and ui_jobs.RUNNING_POLL_S >= 1.0
        gate.set()  # the other visitors' jobs end: this one's turn
        assert _wait_for(lambda: job.status == RUNNING and job.progress)
        at.run()
        assert not at.exception and at.get("plotly_chart") and at.get("progress")
    finally:
        gate.set()
        job = next((j for j in runner.unfinished() if j.name == "demo job"), job)
        if job is not None:
            job.stop()
        for holder in holders:
            holder.join(5)
    assert job is not None and job.join(5)


def test_the_chart_of_a_long_job_is_thinned():
    from playground.app.background import MAX_CURVE_POINTS, thinned

    progress = [{"step": k, "total": 5000, "loss": 1.0} for k in range(1, 5001)]
    progress[999]["validation_loss"] = 0.5
    progress.append({"step": 5000, "total": 5000, "loss": 1.0, "sample": "abc"})
    kept = thinned(progress)
    assert len(kept) <= MAX_CURVE_POINTS + 2 and kept[-1]["step"] == 5000 and progress[999] in kept
    assert thinned(progress[:50]) == progress[:50]


def test_the_visitor_is_the_browser_by_its_xsrf_cookie():
    """Streamlit keeps one XSRF token per browser and masks it afresh on every page load: two
    tabs' cookies differ but name one visitor; no cookie (or junk) leaves the session alone."""
    import binascii
    import os

    from playground.app.visitors import XSRF_COOKIE, visitor_id, xsrf_token

    def cookie(token: bytes) -> str:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[k % 4] for k, b in enumerate(token))
        return f"2|{binascii.b2a_hex(mask).decode()}|{binascii.b2a_hex(masked).decode()}|1700000000"

    token = os.urandom(16)
    tab1, tab2 = cookie(token), cookie(token)
    assert tab1 != tab2 and xsrf_token(tab1) == token
    assert visitor_id({XSRF_COOKIE: tab1}) == visitor_id({XSRF_COOKIE: tab2})
    assert visitor_id({XSRF_COOKIE: cookie(os.urandom(16))}) != visitor_id({XSRF_COOKIE: tab1})
    assert token.hex() not in visitor_id({XSRF_COOKIE: tab1})  # the secret itself is not kept
    for junk in (None, "", "2|zz|yy|1", "2|00|", "hello", "2|0011|aabb|1"):
        assert visitor_id({XSRF_COOKIE: junk} if junk is not None else {}) is None

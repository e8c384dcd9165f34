"""The live-training widget: a job started from a page shows progress, then its final state."""

import time

from streamlit.testing.v1 import AppTest


def _script():
    import time

    import streamlit as st

    from playground import ui

    def work(report, stop):
        for step in range(1, 6):
            if stop.is_set():
                return step
            report(step=step, total=5, loss=1.0 / step)
            time.sleep(0.1)
        return 5

    if st.button("train", key="train"):
        ui.session_jobs().start("demo", "demo job", work)
    ui.job_panel("demo")


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
    progress = at.get("progress")[-1].proto
    assert progress.value == 100 and progress.text == "Training: step 5/5, loss 0.2000"

"""AppTest of the two-consecutive-1s page: the table follows the input, bad input gets a message,
a broken construction yields a counterexample that loads into the input, training runs."""

import time

from helpers import open_page

from playground.i18n import t


def _page(locale="en-US"):
    return open_page("pages/two_ones.py", locale)


def _step_table(at):
    # the first table with the "right?" column (weight editors are data frames too)
    lang = "zh" if at.context.get("locale", "").startswith("zh") else "en"
    return next(d.value for d in at.dataframe if t("two.col.mark", lang) in d.value.columns)


def test_typing_a_sequence_updates_the_table():
    at = _page()
    assert not at.exception
    assert _step_table(at)[t("two.col.y", "en")].tolist() == ["0", "0", "0", "0", "1", "1"]
    at.text_input(key="bits").set_value("1,1 0 1 1").run()
    table = _step_table(at)
    assert table[t("two.col.x", "en")].tolist() == [1, 1, 0, 1, 1]
    assert table[t("two.col.y", "en")].tolist() == ["0", "1", "0", "0", "1"]
    assert table[t("two.col.mark", "en")].tolist() == ["✓"] * 5
    assert t("two.check.ok", "en", count=2046) in [s.value for s in at.success]


def test_bad_and_empty_input():
    at = _page("zh-CN")
    at.text_input(key="bits").set_value("0 1 x").run()
    assert not at.exception
    assert t("error.bad_bit_char", "zh", char="x", position=5) in [w.value for w in at.warning]
    at.text_input(key="bits").set_value("").run()
    assert t("two.input.empty", "zh") in [i.value for i in at.info]
    assert _step_table(at)[t("two.col.x", "zh")].tolist() == [0, 1, 0, 1, 1, 1]
    at.text_input(key="bits").set_value("1" * 300).run()
    assert t("error.too_many_steps", "zh", length=300, limit=256) in [w.value for w in at.warning]


def test_random_button_fills_the_input():
    at = _page()
    at.slider(key="rand_len").set_value(20).run()
    at.button[0].click().run()
    assert len(at.text_input(key="bits").value.split()) == 20
    assert len(_step_table(at)) == 20


def test_counterexample_loads_into_the_input():
    at = _page()
    at.button_group(key="construction").set_value("tanh").run()
    assert t("two.check.ok", "en", count=2046) in [s.value for s in at.success]
    at.toggle(key="edit").set_value(True).run()
    at.selectbox(key="act-tanh-0").set_value("relu").run()
    assert t("two.check.fail", "en", example="11", length=2) in [e.value for e in at.error]
    load = next(b for b in at.button if b.label == t("two.check.load", "en"))
    load.click().run()
    assert at.text_input(key="bits").value == "1 1"
    assert _step_table(at)[t("two.col.mark", "en")].tolist() == ["✓", "✗"]


def test_step_slider_and_shipped_model():
    at = _page()
    at.slider(key="t").set_value(5).run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("two.train.string_accuracy", "en")] == "100.00%"


def test_training_job_from_the_page():
    at = _page()
    at.button(key="FormSubmitter:train-" + t("two.train.start", "en")).click().run()
    assert not at.exception
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and t("two.train.yours", "en") not in [m.value for m in at.markdown]:
        time.sleep(0.5)
        at.run()
    assert t("two.train.yours", "en") in [m.value for m in at.markdown]
    assert {m.label: m.value for m in at.metric}[t("two.train.string_accuracy", "en")] == "100.00%"

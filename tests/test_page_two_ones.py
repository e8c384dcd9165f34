"""AppTest of the two-consecutive-1s page: the table follows the input, bad input gets a message,
a broken construction yields a counterexample that loads into the input, training runs."""

import time

from helpers import open_page

from playground.core.i18n import t


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
    at.text_input(key="ones_bits").set_value("1,1 0 1 1").run()
    table = _step_table(at)
    assert table[t("two.col.x", "en")].tolist() == [1, 1, 0, 1, 1]
    assert table[t("two.col.y", "en")].tolist() == ["0", "1", "0", "0", "1"]
    assert table[t("two.col.mark", "en")].tolist() == ["✓"] * 5
    assert t("two.check.ok", "en", count=2046) in [s.value for s in at.success]


def test_headers_read_as_text_and_matrices_wrap_whole():
    """Issue 33: a header read "W_hh·h_{t-1}"; at 390 px the matrix line broke after "W_hy =" and its
    matrix began the next line."""
    at = _page()
    headers = list(_step_table(at).columns)
    assert "W_hh·h_(t−1)" in headers and not any("{" in h for h in headers)
    rows = [x.value.strip("$\n ") for x in at.latex if x.value.count("bmatrix") >= 4]  # two or more matrices
    assert rows and all(r"\allowbreak" in row for row in rows)
    for row in rows:  # each "name = matrix" a braced group: the line may break between groups only
        units = row.split(r"\allowbreak")
        assert all(u.lstrip(r"\quad ").startswith("{") and u.rstrip().endswith("}") for u in units)


def test_bad_and_empty_input():
    at = _page("zh-CN")
    at.text_input(key="ones_bits").set_value("0 1 x").run()
    assert not at.exception
    assert t("error.bad_bit_char", "zh", char="x", position=5) in [w.value for w in at.warning]
    at.text_input(key="ones_bits").set_value("").run()
    assert t("two.input.empty", "zh") in [i.value for i in at.info]
    assert _step_table(at)[t("two.col.x", "zh")].tolist() == [0, 1, 0, 1, 1, 1]
    at.text_input(key="ones_bits").set_value("1" * 300).run()
    assert t("error.too_many_steps", "zh", length=300, limit=256) in [w.value for w in at.warning]


def test_random_button_fills_the_input():
    at = _page()
    at.slider(key="ones_rand_len").set_value(20).run()
    at.button(key="ones_random").click().run()
    assert len(at.text_input(key="ones_bits").value.split()) == 20
    assert len(_step_table(at)) == 20


def test_counterexample_loads_into_the_input():
    at = _page()
    at.button_group(key="ones_construction").set_value("tanh").run()
    assert t("two.check.ok", "en", count=2046) in [s.value for s in at.success]
    at.toggle(key="ones_edit").set_value(True).run()
    at.selectbox(key="ones_weights-1-act").set_value("relu").run()
    assert t("two.check.fail", "en", example="11", length=2) in [e.value for e in at.error]
    load = next(b for b in at.button if b.label == t("two.check.load", "en"))
    load.click().run()
    assert at.text_input(key="ones_bits").value == "1 1"
    assert _step_table(at)[t("two.col.mark", "en")].tolist() == ["✓", "✗"]


def test_step_slider_and_shipped_model():
    at = _page()
    at.slider(key="ones_t").set_value(5).run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("two.train.string_accuracy", "en")] == "100.00%"


def test_training_job_from_the_page():
    at = _page()
    at.button(key="ones_train_start").click().run()
    assert not at.exception
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and t("two.train.yours", "en") not in [m.value for m in at.markdown]:
        time.sleep(0.5)
        at.run()
    assert t("two.train.yours", "en") in [m.value for m in at.markdown]
    assert {m.label: m.value for m in at.metric}[t("two.train.string_accuracy", "en")] == "100.00%"


def test_junk_in_the_link_never_reaches_a_widget():
    link = {"ones_rand_len": "inf", "ones_t": "1e9", "ones_construction": "sigmoid",
            "ones_bits": "1" * 5000}
    at = open_page("pages/two_ones.py", link=link)
    assert not at.exception, [e.value for e in at.exception]
    assert at.slider(key="ones_rand_len").value == 12  # not a finite number: the default
    assert at.button_group(key="ones_construction").value == "relu"  # not an option: the default
    assert at.text_input(key="ones_bits").value == "1" * 512  # cut to the declared limit ...
    assert t("error.too_many_steps", "en", length=512, limit=256) in [w.value for w in at.warning]  # ... and refused
    at.text_input(key="ones_bits").set_value("1 1 0 1 1").run()
    assert at.slider(key="ones_t").value == 5  # clamped into range, then to the sequence's length
    assert not at.exception


def test_the_step_table_says_how_an_output_becomes_an_answer():
    """A row once read "output 2, target 1, ✓" without saying that y >= 0.5 counts as 1."""
    for locale, lang in (("en-US", "en"), ("zh-CN", "zh")):
        at = _page(locale)
        assert t("two.table.decision", lang) in [c.value for c in at.caption]


def test_random_sets_the_sequence_without_a_session_state_warning():
    """The server once logged "created with a default value but also had its value set via the
    Session State API" for ``bits`` after "Random": builders never pass a value the session holds."""
    import logging

    records = []
    handler = logging.Handler()
    handler.emit = records.append
    policies = logging.getLogger("streamlit.elements.lib.policies")
    policies.addHandler(handler)
    try:
        at = _page()
        at.button(key="ones_random").click().run()
        at.button(key="ones_random").click().run()
    finally:
        policies.removeHandler(handler)
    assert not at.exception
    assert not [r for r in records if "Session State" in r.getMessage()], [r.getMessage() for r in records]


def test_edited_weights_are_kept_in_the_link():
    """Edited two-1s weights were not kept in the URL: a shared link lost them."""
    from playground.two_ones import model as two_ones

    lecture = two_ones.lecture_weights()
    broken = two_ones.Weights(lecture.w_xh, lecture.w_hh, lecture.w_hy * 0.0, lecture.h0)  # outputs always 0
    at = open_page("pages/two_ones.py", link={"ones_weights": two_ones.weights_to_text(broken)})
    assert not at.exception
    assert at.toggle(key="ones_edit").value is True  # a link with weights opens them for editing
    assert t("two.weights.edited", "en") in [c.value for c in at.caption]
    assert not [s for s in at.success if "Correct on all" in s.value]  # the exhaustive check fails now
    junk = open_page("pages/two_ones.py", link={"ones_weights": "1;2;x"})
    assert not junk.exception and [n for n in junk.toast if t("two.weights.edit", "en") in n.value]  # refused, said
    assert junk.toggle(key="ones_edit").value is False  # and the construction is used


def test_dead_units_are_marked_and_the_note_stays_after_training():
    """lr 0.3 with ReLU kills units 2 and 4 (seed 0): their correlations are undefined, said as — with a
    word why, and the "How we know" note about the shipped model stays (issue 25)."""
    from helpers import fresh_session

    fresh_session()
    at = _page("zh-CN")
    at.get_by_key("ones_train_activation").set_value("relu")
    at.get_by_key("ones_train_lr").set_value(0.3)
    at.get_by_key("ones_train_steps").set_value(50)
    next(b for b in at.button if b.key and b.key == "ones_train_start").click().run()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and t("two.train.yours", "zh") not in [m.value for m in at.markdown]:
        time.sleep(0.5)
        at.run()
    assert not at.exception
    roles = next(d.value for d in at.dataframe if t("two.train.corr_current", "zh") in d.value.columns)
    assert roles[t("two.train.corr_current", "zh")].tolist()[1::2] == ["—", "—"]
    assert t("two.train.undefined", "zh", units="2, 4") in [c.value for c in at.caption]
    note = " ".join(m.value for e in at.expander if e.label == t("how.title", "zh") for m in e.markdown)
    assert note.startswith(t("two.how.shipped", "zh")) and "穷举检验" in note
    fresh_session()

"""AppTest of the two character-LM pages: strategies change the output, bad input gets a message,
the stages and the cell probes render, a live training job runs and its model joins the list."""

import time

from helpers import open_page

from playground.i18n import t


def _page(path="pages/charlm.py", locale="en-US"):
    return open_page(path, locale)


def _code_blocks(at):
    return [c.value for c in at.code]


def test_strategies_change_the_output_and_report_log_probabilities():
    at = _page()
    assert not at.exception
    sampled = _code_blocks(at)[0]
    assert sampled.startswith("ROMEO:\n") and len(sampled) > len("ROMEO:\n") + 200
    at.button_group(key="lm_strategy").set_value("greedy").run()
    greedy = _code_blocks(at)[0]
    assert greedy != sampled and greedy.startswith("ROMEO:\n")
    at.button_group(key="lm_strategy").set_value("beam").run()
    assert not at.exception and _code_blocks(at)[0] != greedy
    labels = [m.label for m in at.metric]
    assert t("charlm.lab.logp", "en") in labels and t("charlm.lab.repetition", "en") in labels
    # the side-by-side: greedy, sample, beam, each with its log-probability
    captions = " ".join(c.value for c in at.caption)
    assert captions.count("log-prob") == 3


def test_position_slider_shows_the_distribution_of_that_step():
    at = _page()
    before = [m.value for m in at.markdown if "After reading" in m.value]
    at.slider(key="lm_position").set_value(5).run()
    after = [m.value for m in at.markdown if "After reading" in m.value]
    assert before and after and before != after


def test_bad_prompt_and_unknown_characters():
    at = _page(locale="zh-CN")
    at.text_area(key="lm_prompt").set_value("").run()
    assert not at.exception
    assert t("error.empty_text", "zh") in [w.value for w in at.warning]
    at.text_area(key="lm_prompt").set_value("ROMEO ☃:").run()
    assert not at.exception
    assert any("☃" in i.value for i in at.info)


def test_other_models_and_stages_render():
    at = _page()
    at.button_group(key="lm_model").set_value("charlm_python_lstm").run()
    at.text_area(key="lm_prompt").set_value("def ").run()
    assert not at.exception and _code_blocks(at)[0].startswith("def ")
    steps = [m.value for m in at.markdown if m.value.startswith("**Step ")]
    assert len(steps) >= 2  # the snapshots and the final model


def test_live_training_from_pasted_text_yields_a_usable_model():
    at = _page()
    at.button_group(key="lm_source").set_value("paste").run()
    at.text_area(key="live_text").set_value("To be, or not to be, that is the question.\n" * 40).run()
    at.select_slider(key="live_hidden").set_value(32).run()
    at.slider(key="live_steps").set_value(50).run()
    start = next(b for b in at.button if b.label == t("charlm.live.start", "en"))
    start.click().run()
    assert not at.exception
    deadline = time.time() + 120
    while time.time() < deadline:
        time.sleep(1)
        at.run()
        if any(t("charlm.live.ready", "en", id="") .split("#")[0] in s.value for s in at.success):
            break
    assert not at.exception
    options = at.button_group(key="lm_model").options
    live = [o for o in options if "#" in str(o)]
    assert live, options
    downloads = [d for d in at.get("download_button")]
    assert len(downloads) == 2


def test_live_training_refuses_short_text():
    at = _page()
    at.button_group(key="lm_source").set_value("paste").run()
    at.text_area(key="live_text").set_value("too short").run()
    next(b for b in at.button if b.label == t("charlm.live.start", "en")).click().run()
    assert t("error.text_too_short", "en", minimum=1000) in [w.value for w in at.warning]


def test_cells_page_ranks_cells_and_clamps_one():
    at = _page("pages/charlm_cells.py")
    assert not at.exception
    table = at.dataframe[0].value
    assert set(table.iloc[:, 0]) >= {t("cells.feature.in_string", "en"), t("cells.feature.in_comment", "en")}
    at.text_input(key="cells_regex").set_value("(").run()
    assert not at.exception and any("regular expression is invalid" in w.value for w in at.warning)
    at.button_group(key="cells_focus").set_value("manual").run()
    assert any("Layer 2, unit 1," in m.value for m in at.markdown)  # counted from 1: layer 1 reads the input
    at.number_input(key="cells_unit").set_value(7).run()
    assert any("unit 7" in m.value for m in at.markdown)
    held = [m.value for m in at.markdown if "held at" in m.value]
    assert held and "unit 7" in held[0]
    at.slider(key="cells_clamp_value").set_value(-3.0).run()
    assert not at.exception


def test_cells_page_pasted_text_and_bad_input():
    # (AppTest maps a choice to its label with the format function outside the session, i.e. in
    # English, so choice widgets are driven on English pages)
    at = _page("pages/charlm_cells.py")
    at.button_group(key="cells_source").set_value("paste").run()
    at.text_area(key="cells_text").set_value("").run()
    assert t("error.empty_text", "en") in [w.value for w in at.warning]
    at.text_area(key="cells_text").set_value("x = ('a', \"b\")  # c\n" * 5).run()
    assert not at.exception and at.dataframe

"""AppTest of the sentiment page: the lecture's walk-through, the step-through, bad input, the panel."""

from helpers import open_page

from playground.i18n import t


def _page(locale="en-US"):
    return open_page("pages/sentiment.py", locale)


def test_walkthrough_numbers_and_sliders():
    at = _page("zh-CN")
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("senti.walk.p", "zh")] == "0.8279"
    assert metrics[t("senti.walk.loss_nat", "zh")] == "0.18886 nat"
    assert metrics[t("senti.walk.loss_bit", "zh")] == "0.27247 bit"
    table = next(d.value for d in at.dataframe if t("senti.walk.col_grad", "zh") in d.value.columns)
    assert table[t("senti.walk.col_h", "zh")].tolist() == ["0", "-0.76159", "0.11864", "0.7854"]
    assert any("0.76159" in m.value and "0.3634" in m.value for m in at.markdown)
    at.slider(key="w_h").set_value(3.0).run()
    at.slider(key="w_y").set_value(-5.0).run()
    at.button_group(key="label").set_value(0).run()
    assert not at.exception


def test_step_through_follows_the_text_and_model():
    at = _page("zh-CN")
    at.text_area(key="review").set_value("味道很好，但服务太慢了").run()
    assert not at.exception
    assert any(s.value.startswith("LSTM") for s in at.success)
    at.button_group(key="kind").set_value("gru").run()
    assert not at.exception and any(s.value.startswith("GRU") for s in at.success)
    at.button_group(key="kind").set_value("bag").run()
    assert not at.exception
    at.text_input(key="counterfactual").set_value("服务太慢了，但味道很好").run()
    assert not at.exception


def test_bad_input_gets_messages():
    at = _page()
    at.text_area(key="review").set_value("   ").run()
    assert t("senti.model.empty", "en") in [i.value for i in at.info]
    at.text_area(key="review").set_value("great " * 120).run()
    assert t("senti.model.truncated", "en", limit=500) in [w.value for w in at.warning]
    at.text_area(key="review").set_value("这本书很好").run()
    assert t("senti.model.other_lang", "en", other=t("senti.lang.zh", "en")) in [w.value for w in at.warning]
    at.text_input(key="counterfactual").set_value("").run()
    assert not at.exception


def test_model_panel_lists_every_model():
    at = _page()
    panel = next(d.value for d in at.dataframe if t("senti.panel.challenge", "en") in d.value.columns)
    assert len(panel) == 4

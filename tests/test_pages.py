"""One AppTest per registered page: renders in both languages without an exception, and its
main interaction changes what is shown. New pages are covered by adding them to the catalog."""

import pytest
from helpers import open_page

from playground.core.device import device_label
from playground.core.i18n import t
from playground.lessons import PAGES


def _app(locale="en-US"):
    return open_page(locale=locale)


def _visible_text(at):
    parts = [e.value for e in (*at.markdown, *at.title, *at.header, *at.caption, *at.success, *at.info, *at.warning)]
    parts += [f"{m.label}={m.value}" for m in at.metric]
    parts += [x.value for x in at.latex] + [d.value.to_csv() for d in at.dataframe]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("spec", PAGES, ids=[p.key for p in PAGES])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_page_renders_in_both_languages(spec, lang):
    # the language comes from the browser locale here; AppTest loses sidebar widgets of apps whose
    # pages live in pages/ when a widget changes, so the switch itself is tested in the browser
    at = _app("zh-CN" if lang == "zh" else "en-US")
    at.switch_page(spec.path).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, "every page has a title"
    text = _visible_text(at)
    if lang == "zh":
        assert any("\u4e00" <= ch <= "\u9fff" for ch in at.title[0].value)
    else:
        assert all(not ("\u4e00" <= ch <= "\u9fff") for ch in at.title[0].value)
    assert text


@pytest.mark.parametrize("spec", [p for p in PAGES if p.main_widget], ids=[p.key for p in PAGES if p.main_widget])
def test_main_interaction_changes_the_page(spec):
    at = _app("en-US")
    at.switch_page(spec.path).run()
    before = _visible_text(at)
    _widget(at, spec.main_widget).set_value(spec.main_value).run()
    assert not at.exception, [e.value for e in at.exception]
    assert _visible_text(at) != before


def _widget(at, key):
    for kind in ("text_input", "slider", "select_slider", "selectbox", "button_group", "number_input", "text_area", "radio"):
        try:
            return getattr(at, kind)(key=key)
        except KeyError:
            continue
    raise KeyError(key)


def test_default_language_follows_the_browser_locale():
    assert "序列" in _app("zh-CN").title[0].value
    assert "Sequences" in _app("en-GB").title[0].value


def test_language_switch_changes_the_sidebar_and_page():
    at = _app("en-US")
    assert f"Device: {device_label()}" in " ".join(m.value for m in at.sidebar.markdown)
    at.button_group(key="lang").set_value("zh").run()
    assert "序列" in at.title[0].value and "顺序即语义" in _visible_text(at)
    assert "计算设备" in " ".join(m.value for m in _app("zh-CN").sidebar.markdown)


def test_home_order_matters_numbers_and_bad_input():
    at = _app("zh-CN")
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("home.order.mean_distance", "zh")] == "0"
    assert float(metrics[t("home.order.rnn_distance", "zh")]) > 0.1
    at.text_input(key="home_order_a").set_value("   ").run()
    assert not at.exception
    assert t("error.empty_text", "zh") in [w.value for w in at.warning]
    # the box takes exactly what the page reads and says so in its label (it once took 200 of 40)
    assert "最多 40 个字符" in at.text_input(key="home_order_a").label
    at.text_input(key="home_order_a").set_value("字" * 41).run()
    assert at.text_input(key="home_order_a").value == "字" * 40 and not at.exception
    # the rest of the page keeps working
    assert t("home.window.header", "zh") in [h.value for h in at.header]
    # the same characters in the same proportions: distance 0 and said so (issue 33: 1.27994e-16, "different")
    at.text_input(key="home_order_a").set_value("狗咬人狗咬人狗咬人").run()
    at.text_input(key="home_order_b").set_value("人咬狗").run()
    assert {m.label: m.value for m in at.metric}[t("home.order.mean_distance", "zh")] == "0"
    assert t("home.order.same_mix", "zh") in [s.value for s in at.success]


def test_home_forms_and_window_controls():
    at = _app("en-US")
    at.button_group(key="home_form").set_value("many_to_many_unaligned").run()
    assert any("我爱自然语言处理" in m.value for m in at.markdown)
    at.button_group(key="home_view").set_value("folded").run()
    assert any("equivalent" in m.value for m in at.markdown)
    at.slider(key="home_gap").set_value(30).run()
    at.slider(key="home_window").set_value(5).run()
    assert t("home.window.blind", "en", back=31, window=5) in [w.value for w in at.warning]
    at.slider(key="home_window").set_value(30).run()  # 30 words between: France is 31 back (issue 25)
    assert t("home.window.blind", "en", back=31, window=30) in [w.value for w in at.warning]
    at.slider(key="home_window").set_value(31).run()
    assert t("home.window.sees", "en", back=31, window=31) in [s.value for s in at.success]

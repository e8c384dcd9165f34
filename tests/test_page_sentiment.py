"""AppTest of the sentiment page: the lecture's walk-through, the step-through, bad input, the panel."""

import json
import re

import pytest
from helpers import drawings, open_page, player

from playground.core.formatting import escape_markdown, significant
from playground.core.i18n import t
from playground.sentiment import walkthrough as W


def _page(locale="en-US"):
    return open_page("pages/sentiment.py", locale)


def test_walkthrough_numbers_and_sliders():
    at = _page("zh-CN")
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[t("senti.walk.p", "zh")] == "0.82790"  # five significant figures, trailing zero kept
    assert metrics[t("senti.walk.loss_nat", "zh")] == "0.18886 nat"
    assert metrics[t("senti.walk.loss_bit", "zh")] == "0.27247 bit"
    table = next(d.value for d in at.dataframe if t("senti.walk.col_grad", "zh") in d.value.columns)
    assert table[t("senti.walk.col_h", "zh")].tolist() == ["0", "-0.76159", "0.11864", "0.78540"]
    assert any("0.76159" in m.value and "0.36340" in m.value for m in at.markdown)
    note = next(m.value for m in at.markdown if "0.78548" in m.value)  # the script's numbers, checked
    for shown in ("0.11864", "0.78540", "0.82790", "0.18886", "0.27247", "0.78541", "0.18884", "0.27238"):
        assert shown in note
    at.slider(key="senti_w_h").set_value(3.0).run()
    at.slider(key="senti_w_y").set_value(-5.0).run()
    at.button_group(key="senti_label").set_value(0).run()
    assert not at.exception


def test_step_through_follows_the_text_and_model():
    at = _page("zh-CN")
    at.text_area(key="senti_review").set_value("味道很好，但服务太慢了").run()
    assert not at.exception
    assert any(s.value.startswith("LSTM") for s in (*at.success, *at.warning))
    at.button_group(key="senti_kind").set_value("gru").run()
    assert not at.exception and any(s.value.startswith("GRU") for s in (*at.success, *at.warning))
    at.button_group(key="senti_kind").set_value("bag").run()
    assert not at.exception
    at.text_input(key="senti_counterfactual").set_value("服务太慢了，但味道很好").run()
    assert not at.exception


def test_each_frame_of_the_strip_player_names_its_own_step_and_token():
    # issue 33: a caption under the player stayed on the slider's step while the player showed another frame
    at = _page("en-US")
    words = ["the", "food", "was", "great", "but", "the", "service", "was", "slow"]
    at.text_area(key="senti_review").set_value(" ".join(words)).run()
    _, labels, start = player(at, "senti_strip")
    n = len(labels)
    assert start == n - 1  # the slider starts on the last token
    for i, word in enumerate(words):
        assert labels[i].startswith(f'Step {i + 1} of {n} reads "{word}": positive probability ')
    assert not [c.value for c in at.caption if c.value.startswith("Step ")]  # no caption that stays behind


def test_bad_input_gets_messages():
    at = _page()
    at.text_area(key="senti_review").set_value("   ").run()
    assert t("senti.model.empty", "en") in [i.value for i in at.info]
    at.text_area(key="senti_review").set_value("great " * 120).run()  # the box takes what the model reads
    assert at.text_area(key="senti_review").value == ("great " * 120)[:500] and not at.exception
    assert "up to 500 characters" in at.text_area(key="senti_review").label
    assert t("state.cut", "en", length="720", limit="500") in [w.value for w in at.warning]  # said, not silent
    at.text_area(key="senti_review").set_value("好" * 2000).run()  # issue 33: a 2,000-character paste
    assert at.text_area(key="senti_review").value == "好" * 500 and not at.exception
    assert t("state.cut", "en", length="2,000", limit="500") in [w.value for w in at.warning]
    at.text_area(key="senti_review").set_value("这本书很好").run()
    # Chinese to the English model: no verdict, and so no counterfactual box (issues 24, 33)
    assert OTHER_ZH in [w.value for w in at.warning]
    at.text_area(key="senti_review").set_value("a fine film").run()
    at.text_input(key="senti_counterfactual").set_value("").run()
    assert not at.exception


def test_model_panel_lists_every_model():
    at = _page()
    panel = next(d.value for d in at.dataframe if t("senti.panel.challenge", "en") in d.value.columns)
    assert len(panel) == 4


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_confusion_matrix_and_errors_show_without_the_corpus(locale, monkeypatch):
    """Issue 25: on a server without the review corpus the panel said so with a developer command; now
    it is built with the model and read from its card."""
    from playground.core.datasets.cache import DataUnavailable
    from playground.models import sentiment as sentiment_model

    def no_corpus(*args, **kwargs):
        raise DataUnavailable("reviews", "offline")

    monkeypatch.setattr(sentiment_model, "load_corpus", no_corpus)
    lang = locale[:2]
    at = _page(locale)
    assert not at.exception
    at.button_group(key="senti_kind").set_value("gru").run()
    card = sentiment_model.load_classifier(lang, "gru").card
    report = card.extra["test_report"]
    model = t("senti.kind.gru", lang)
    heading = t("senti.panel.confusion", lang, model=model, n=f"{report['size']:,}")
    assert f"**{heading}**" in [m.value for m in at.markdown]
    confusion = next(d.value for d in at.dataframe if d.value.index.name == t("senti.panel.true", lang))
    assert confusion.values.tolist() == report["confusion"]
    errors_heading = t("senti.panel.errors", lang, model=model, n=len(report["misclassified"]))
    assert f"**{errors_heading}**" in [m.value for m in at.markdown]
    captions = [c.value for c in at.caption]
    for error in report["misclassified"]:
        label = t(f"senti.label.{error['label']}", lang)
        shown = f"{label} · p={error['p_positive']:.2f} · "
        assert any(c.startswith(shown) for c in captions), shown
    everything = " ".join(e.value for e in (*at.markdown, *at.caption, *at.info, *at.warning) if isinstance(e.value, str))
    assert "python -m" not in everything
    first = report["misclassified"][0]["text"]
    next(b for b in at.button if b.key == "senti_load_0").click().run()
    assert at.text_area(key="senti_review").value == first and not at.exception


def test_junk_in_the_link_never_reaches_a_widget():
    link = {"senti_w_x": "nan", "senti_w_h": "1e400", "senti_w_y": "-99", "senti_label": "2",
            "senti_model_lang": "fr", "senti_kind": "transformer", "senti_show_all": "maybe",
            "senti_review": "great " * 400}
    at = open_page("pages/sentiment.py", link=link)
    assert not at.exception, [e.value for e in at.exception]
    assert at.slider(key="senti_w_x").value == 1.0 and at.slider(key="senti_w_h").value == 0.5  # not numbers
    assert at.slider(key="senti_w_y").value == -5.0  # clamped to the bottom of the range
    assert at.button_group(key="senti_label").value == 1
    assert at.button_group(key="senti_model_lang").value == "en"  # not an option: the reader's language
    assert at.button_group(key="senti_kind").value == "lstm"
    assert at.toggle(key="senti_show_all").value is True
    assert at.text_area(key="senti_review").value == ("great " * 400)[:500]  # cut to what the model reads
    assert [n for n in at.toast if "out of range" in n.value]  # and the visitor is told
    assert any(s.value.startswith("LSTM") for s in at.success)


def test_reset_follows_the_language():
    at = _page()
    at.button_group(key="senti_model_lang").set_value("zh").run()
    at.text_area(key="senti_review").set_value("这本书很好").run()
    at.slider(key="senti_w_x").set_value(-3.0).run()
    at.sidebar.button(key="senti_reset").click().run()
    assert not at.exception
    assert at.button_group(key="senti_model_lang").value == "en"
    assert at.text_area(key="senti_review").value == "not bad at all, I would watch it again"
    assert at.slider(key="senti_w_x").value == 1.0


def test_the_verdict_says_negative_in_words_and_colour():
    """The verdict box was always green and only ever said "positive probability 0.107"."""
    at = _page("zh-CN")
    at.text_area(key="senti_review").set_value("这家店太差了").run()
    negative = [e.value for e in at.warning if e.value.startswith("LSTM")]
    assert negative and "负面" in negative[0] and not [s for s in at.success if s.value.startswith("LSTM")]
    at.text_area(key="senti_review").set_value("服务很慢但是菜很好吃").run()
    assert [s.value for s in at.success if s.value.startswith("LSTM") and "正面" in s.value]


def test_the_counterfactual_starts_from_the_new_review_and_labels_its_axis():
    """It kept the old default sentence after a new review was typed; its x axis read "1:, 2:, ..."."""
    at = _page("en-US")
    at.button_group(key="senti_model_lang").set_value("en").run()
    at.text_area(key="senti_review").set_value("not bad at all").run()
    assert at.text_input(key="senti_counterfactual").value == "not bad at all"
    at.text_input(key="senti_counterfactual").set_value("not good at all").run()
    assert not at.exception
    chart = drawings(at)[t("senti.why.chart", "en")]
    assert chart.x_labels == ["1 · not", "2 · bad/good", "3 · at", "4 · all"]
    assert chart.series == [t("senti.why.original", "en"), t("senti.why.edited", "en")]


def test_all_four_models_are_named_as_four():
    at = _page("en-US")
    from playground.models.sentiment import KINDS

    curves = drawings(at)[t("senti.model.curves", "en")]  # all four are shown by default
    assert curves.series == [t(f"senti.kind.{k}", "en") for k in KINDS]  # the title no longer says "three cells"


def test_the_walkthrough_table_is_kept_in_the_link():
    """The edited token table was not kept in the URL: a shared link lost it."""
    from playground.sentiment import walkthrough

    link = {"senti_walk_table": walkthrough.tokens_to_text(["不", "难吃"], [-0.5, -1.0])}
    at = open_page("pages/sentiment.py", "zh-CN", link=link)
    assert not at.exception
    table = next(d.value for d in at.dataframe if t("senti.walk.col_grad", "zh") in d.value.columns)
    assert table[t("senti.walk.token", "zh")].tolist() == ["不", "难吃"]
    junk = open_page("pages/sentiment.py", "zh-CN", link={"senti_walk_table": '[["x", "oops"]]'})
    assert not junk.exception and junk.warning  # refused with a message; the lecture's table is used


OTHER_ZH = t("error.other_language", "en", lang=t("lang.en", "en"), other=t("lang.zh", "en"))


def _verdicts(at) -> list[str]:
    return [s.value for s in (*at.success, *at.warning) if s.value.startswith(("LSTM", "GRU", "RNN"))]


def test_no_verdict_on_text_the_model_cannot_read():
    """Issue 24: a Chinese review read by the English model (every token <unk>) was answered "positive,
    probability 0.998", and "😀😀😀" was told it looks like Chinese. Now: no verdict, a message saying
    why (the other language, or naming what the model cannot read, escaped)."""
    at = _page()  # English reader: the English model
    at.text_area(key="senti_review").set_value("配送不慢，饭也不是不好吃").run()
    assert not at.exception and OTHER_ZH in [w.value for w in at.warning] and not _verdicts(at)
    at.text_area(key="senti_review").set_value("😀😀😀").run()
    warnings = [w.value for w in at.warning]
    assert OTHER_ZH not in warnings and t("error.unreadable_none", "en", total=3, unknown="😀") in warnings
    assert not _verdicts(at)
    at.text_area(key="senti_review").set_value("<<< 😀").run()  # "<" is not in the English vocabulary
    assert t("error.unreadable_none", "en", total=4, unknown=escape_markdown("< 😀")) in [w.value for w in at.warning]
    at.text_area(key="senti_review").set_value("a great 😀 film").run()  # one unknown token: named, verdict given
    assert not at.exception and any(s.value.startswith("LSTM") for s in at.success)
    assert t("senti.model.unknown", "en", count=1, tokens="😀") in [c.value for c in at.caption]


@pytest.mark.parametrize("review", ["The pasta was cold and the waiter was rude.", "asdfghjkl qwerty"])
def test_the_chinese_model_gives_no_verdict_on_english_and_offers_the_english_one(review):
    """Issue 33: with 中文 and LSTM chosen, "The pasta was cold and the waiter was rude." showed a
    warning and, under it, "正面概率 0.947"; "asdfghjkl qwerty" got "负面概率 0.936". Now: no verdict,
    and one click reads the text with the English model."""
    at = open_page("pages/sentiment.py", "zh-CN")
    at.text_area(key="senti_review").set_value(review).run()
    other = t("error.other_language", "zh", lang=t("lang.zh", "zh"), other=t("lang.en", "zh"))
    assert not at.exception and other in [w.value for w in at.warning] and not _verdicts(at)
    switch = next(b for b in at.button if b.label == t("senti.model.switch", "zh", other=t("senti.lang.en", "zh")))
    switch.click().run()
    assert not at.exception and at.query_params["senti_model_lang"] in ("en", ["en"])
    assert other not in [w.value for w in at.warning]
    if review.startswith("The"):  # the English model reads the real review, and gives its verdict
        assert _verdicts(at)
    else:  # and refuses the nonsense: none of its words is in its vocabulary
        assert not _verdicts(at) and at.warning


def _client_edits(at, key: str, edits: dict) -> None:
    """The next run gets ``edits`` as the data editor ``key``'s state, as a client (a forged one
    included) would send them: one JSON text in the widget states (AppTest cannot edit a table)."""
    inner = at._session_state._state
    wid = next(w for w in (*inner._new_widget_state.states, *inner._old_state)
               if isinstance(w, str) and w.endswith(f"-{key}"))
    tree = at._tree
    sent = tree.get_widget_states

    def forged():
        states = sent()
        widget = states.widgets.add()
        widget.id, widget.string_value = wid, json.dumps(edits)
        return states

    tree.get_widget_states = forged


def test_a_flooded_walkthrough_table_is_cut_before_streamlit_builds_it(monkeypatch):
    """Issue 28, item 4: a client adding 5,000 rows cost 10+ CPU-s per rerun, because Streamlit built
    them all into the table before the page's 50-row limit applied. Now Streamlit is handed at most
    the limit, and the page says the rest was not taken."""
    import streamlit.elements.widgets.data_editor as data_editor

    from playground.sentiment import settings as senti_state
    from playground.sentiment import walkthrough

    handed = []
    build = data_editor._apply_row_additions
    monkeypatch.setattr(data_editor, "_apply_row_additions",
                        lambda df, rows, schema: (handed.append(len(rows)), build(df, rows, schema))[1])
    at = _page("zh-CN")
    start = len(senti_state.WALK_TOKENS.default)
    token = t("senti.walk.token", "zh")
    flood = [{token: f"词{i}", "x_t": 0.5} for i in range(5000)] + [{"stray": "x" * 100}]
    _client_edits(at, "senti_walk_table-0", {"edited_rows": {"99999": {"x_t": 1}, "0": {token: "好", "junk": 1}},
                                             "added_rows": flood, "deleted_rows": [10**9]})
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert handed and max(handed) == walkthrough.MAX_TOKENS - start  # the rows Streamlit built: the limit, no more
    notice = t("error.too_many_steps", "zh", length=start + len(flood), limit=walkthrough.MAX_TOKENS)
    assert notice in [w.value for w in at.warning]
    table = next(d.value for d in at.dataframe if t("senti.walk.col_grad", "zh") in d.value.columns)
    assert len(table) == walkthrough.MAX_TOKENS and table[token].iloc[0] == "好"
    # what the table took is the setting, and the link carries it (the link round trip still works)
    link = at.query_params["senti_walk_table"]
    tokens, _ = walkthrough.tokens_from_text(link[0] if isinstance(link, list) else link)
    assert len(tokens) == walkthrough.MAX_TOKENS and tokens[0] == "好"


def test_a_fixed_grid_takes_no_rows_from_its_client():
    """The matrix editors (two 1s, cell lab) have fixed rows, but Streamlit would still build rows a
    forged client adds; they are dropped first, and cells only of the grid's columns and rows kept."""
    from playground.app.widgets import _cut_edits

    edits = {"edited_rows": {"0": {"1": 2.0, "9": 1}, "5": {"1": 1}}, "added_rows": [{"1": 0}] * 1000,
             "deleted_rows": [0]}
    kept, asked = _cut_edits(edits, rows=1, limit=1, columns=["1", "2"], fixed=True)
    assert kept == {"edited_rows": {0: {"1": 2.0}}, "added_rows": [], "deleted_rows": []} and asked == 1000
    kept, asked = _cut_edits(edits, rows=1, limit=3, columns=["1"], fixed=False)
    assert kept["added_rows"] == [{"1": 0}] * 3 and kept["deleted_rows"] == [0] and asked == 1000
    assert _cut_edits("junk", rows=2, limit=5, columns=["1"], fixed=False) == (
        {"edited_rows": {}, "added_rows": [], "deleted_rows": []}, 2)


def _strong_marks_that_stay_raw(markdown: str) -> list[str]:
    """The ``**`` of each line that CommonMark cannot read as strong emphasis (opening ones must be
    left-flanking, closing ones right-flanking): next to Chinese punctuation a closing ``**`` after
    "？" and before a character is neither, so the asterisks show."""
    import unicodedata

    def punct(c: str) -> bool:
        return unicodedata.category(c)[0] in "PS"

    raw = []
    for line in markdown.split("\n"):
        for n, mark in enumerate(re.finditer(r"\*\*", line)):
            before = line[mark.start() - 1] if mark.start() else " "
            after = line[mark.end()] if mark.end() < len(line) else " "
            left = not after.isspace() and (not punct(after) or before.isspace() or punct(before))
            right = not before.isspace() and (not punct(before) or after.isspace() or punct(after))
            if not (left if n % 2 == 0 else right):
                raw.append(line[max(0, mark.start() - 12): mark.end() + 6])
    return raw


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_misconceptions_render_bold_and_use_the_same_example_in_both_languages(locale):
    """Issue 25: "**隐藏状态等于模型输出吗？**不等于" showed its asterisks; the bag-of-tokens item gave
    different examples in zh and en: both now use the lecture script's 狗咬人 / 人咬狗."""
    lang = locale[:2]
    body = t("senti.myths.body", lang)
    shown = [m.value for m in open_page("pages/sentiment.py", locale).markdown]
    assert body in shown
    assert _strong_marks_that_stay_raw(body) == []
    assert _strong_marks_that_stay_raw("- **隐藏状态等于模型输出吗？**不等于。")  # the check sees the old slip
    assert "狗咬人" in body and "人咬狗" in body
    assert ("不是不好" not in body) if lang == "zh" else ("not bad, good" not in body)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_the_copies_of_w_show_each_steps_gradient_and_their_sum_against_autograd(locale):
    """Issue 33 (the notes' 分身 W): after dL/dh_t, every step's own gradient for w_h and w_x, and their
    sums next to autograd's with a match mark, in both languages."""
    lang = locale[:2]
    at = _page(locale)
    assert not at.exception
    header = next(h for h in at.subheader if h.anchor == "senti-walk-copies")
    assert header.value == t("senti.walk.copies.header", lang)
    assert t("senti.walk.copies.intro", lang) in [m.value for m in at.markdown]
    assert ("分身" in header.value) if lang == "zh" else ("copies" in header.value.lower())
    steps = next(d.value for d in at.dataframe if any(str(c).startswith(t("senti.walk.copies.col_w_h", lang))
                                                     for c in d.value.columns))
    assert steps["t"].tolist() == [1, 2, 3, 4]
    assert steps[t("senti.walk.token", lang)].tolist() == list(W.LECTURE_TOKENS)
    check = next(d.value for d in at.dataframe if t("senti.walk.copies.col_autograd", lang) in d.value.columns)
    walk = W.walkthrough(tokens=W.LECTURE_TOKENS)
    assert check[t("senti.walk.copies.col_sum", lang)].tolist() == [significant(walk.grads["w_h"]),
                                                                   significant(walk.grads["w_x"])]
    assert check[t("senti.walk.copies.col_sum", lang)].tolist() == check[t("senti.walk.copies.col_autograd", lang)].tolist()
    assert check[t("senti.walk.copies.col_match", lang)].tolist() == ["✓", "✓"]
    at.slider(key="senti_w_h").set_value(-2.0).run()  # other weights: still shown, still matching
    assert not at.exception
    check = next(d.value for d in at.dataframe if t("senti.walk.copies.col_autograd", lang) in d.value.columns)
    assert check[t("senti.walk.copies.col_match", lang)].tolist() == ["✓", "✓"]


def test_a_player_that_holds_part_of_a_long_review_says_so():
    """Issue 33: a player that holds a stretch of the steps says which, and how to reach the others."""
    at = _page()
    at.text_area(key="senti_review").set_value("the food was good " * 25).run()  # 100 tokens: 64 frames
    assert not at.exception
    assert t("player.window", "en", first=37, last=100, total=100) in [c.value for c in at.caption]

"""Presentation mode (issue 36, part 3): ``present=1`` and ``hide=`` in a link, kept for the visit and
written back into the address; the hidden controls reach the page's CSS only as setting keys. What
the screen shows, and the toolbar's controls, are checked in a browser (tests/browser/test_present.py)."""

from helpers import open_page

from playground.app.present import MAX_HIDDEN, hiding_rules, parse_hidden

SENTIMENT = "pages/sentiment.py"


def test_a_hide_list_keeps_only_setting_keys_each_once():
    assert parse_hidden("senti_review,senti_model_lang,senti_review") == ("senti_review", "senti_model_lang")
    hostile = "x}body{display:none,</style><script>,A,1a,-x,senti review,a" + "b" * 40
    assert parse_hidden(hostile) == ()
    assert parse_hidden(None) == () and parse_hidden(["senti_review"]) == () and parse_hidden("") == ()
    assert len(parse_hidden(",".join(f"k{i}" for i in range(100)))) == MAX_HIDDEN
    assert parse_hidden("k," * 5000 + "late") == ("k",)  # a long value is read only so far


def _hidden(at):
    """The controls hidden while presenting, or None when not presenting (the CSS itself is checked
    in a browser: tests/browser/test_present.py)."""
    if "_present_hidden" not in at.session_state:
        return None
    return at.session_state["_present_hidden"]


def test_a_presentation_link_hides_the_sidebar_and_the_marked_controls_and_stays_in_the_address():
    at = open_page(SENTIMENT, link={"present": "1", "hide": "senti_review,Bad!,senti_model_lang", "senti_guess": "skip"})
    assert not at.exception
    assert at.query_params["present"] in ("1", ["1"])
    assert at.query_params["hide"] in ("senti_review,senti_model_lang", ["senti_review,senti_model_lang"])
    assert _hidden(at) == ("senti_review", "senti_model_lang")
    picker = at.multiselect(key="present_picker")
    assert picker.value == ["senti_review", "senti_model_lang"]
    assert "Type a review" in picker.options  # the review box, named by its label

    # the picker, Leave and the sidebar's button: tests/browser/test_present.py (AppTest reruns a page
    # without streamlit_app.py, which draws them)


def test_a_wrong_present_value_is_no_presentation():
    at = open_page(SENTIMENT, link={"present": "yes<script>", "hide": "senti_review"})
    assert not at.exception and "present" not in at.query_params and _hidden(at) is None


def test_a_link_hides_only_the_pages_own_settings():
    """Issue 52 (7): ``hide=present_leave,present_picker,lang`` once left no way out of presentation mode."""
    declared = ("senti_review", "senti_model_lang")
    rules = hiding_rules(("present_leave", "present_picker", "lang", "senti_review", "class_end"), declared)
    assert ".st-key-senti_review" in rules and rules.count("display: none") == 1
    assert not any(f"st-key-{key}" in rules for key in ("present_leave", "present_picker", "lang", "class_end"))
    at = open_page(SENTIMENT, link={"present": "1", "hide": "present_leave,present_picker,lang,senti_review",
                                    "senti_guess": "skip"})
    css = " ".join(h.proto.body for h in at.get("html"))
    assert ".st-key-senti_review" in css and "st-key-present_leave" not in css and "st-key-lang" not in css

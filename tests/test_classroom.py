"""A student's predict-first answer is counted for the class they joined by its link, and only then
(issue 36); a link's class or teacher token that is not one is dropped. The teacher's page and its
poll are checked in a browser (tests/browser/test_class_poll.py)."""

from collections import Counter

from helpers import open_page

from playground.app.classroom import class_store


def test_an_answer_is_counted_for_the_class_of_the_link():
    code, token = class_store().start()
    at = open_page(None, link={"class": code})
    assert not at.exception and at.query_params["class"] in (code, [code]) and "teacher" not in at.query_params
    at.radio(key="home_guess").set_value("b").run()
    assert class_store().tallies(code) == {"home_guess": Counter(b=1)}
    at.radio(key="home_guess").set_value("a").run()  # changed: still one answer
    assert class_store().tallies(code) == {"home_guess": Counter(a=1)}
    class_store().end(code, token)


def test_without_a_class_nothing_is_counted_and_a_made_up_class_is_dropped():
    code, token = class_store().start()
    at = open_page(None, link={"class": "ZZZZ2222", "teacher": token})
    assert not at.exception and "class" not in at.query_params and "teacher" not in at.query_params
    at.radio(key="home_guess").set_value("b").run()
    assert class_store().tallies(code) == {}
    class_store().end(code, token)


def test_a_student_link_with_a_wrong_token_is_a_student_link():
    code, token = class_store().start()
    at = open_page(None, link={"class": code, "teacher": token[:-2] + "xx"})
    assert at.query_params["class"] in (code, [code]) and "teacher" not in at.query_params
    class_store().end(code, token)

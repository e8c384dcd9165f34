"""The class store (issue 36): the same suite against SQLite (a file in WAL mode) and against a real
redis-server (Debian's package, which .ci/run installs; this module starts its own on a free port).
No fake stands in for either."""

import threading
import time
from collections import Counter

import pytest

from bench.harness import redis_server
from playground.core import class_store
from playground.core.class_store import CODE_ALPHABET, CODE_LENGTH, NotTeacher, RedisStore, SQLiteStore


@pytest.fixture(scope="module")
def redis_url():
    with redis_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request, tmp_path):
    """A factory: a store of the parametrized kind (the same file or server each call) with a lifetime."""
    if request.param == "sqlite":
        return lambda lifetime_s=class_store.LIFETIME_S: SQLiteStore(tmp_path / "classes.sqlite3", lifetime_s)
    url = request.getfixturevalue("redis_url")
    RedisStore(url).client.flushdb()
    return lambda lifetime_s=class_store.LIFETIME_S: RedisStore(url, lifetime_s)


def test_codes_cannot_be_guessed_or_misread():
    assert len(CODE_ALPHABET) == len(set(CODE_ALPHABET)) == 31 and not set("01IOL") & set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) ** CODE_LENGTH > 8e11
    codes = {class_store.new_code() for _ in range(2000)}
    assert len(codes) == 2000 and all(class_store.valid_code(c) for c in codes)
    assert not class_store.valid_code("abcdefgh") and not class_store.valid_code("2345678") and not class_store.valid_code(5)


def test_a_class_counts_one_changeable_answer_per_browser(make_store):
    store = make_store()
    code, token = store.start()
    assert store.is_open(code) and store.is_teacher(code, token) and not store.is_teacher(code, token + "x")
    assert store.answer(code, "grad_guess", "browser-0001", "a")
    assert store.answer(code, "grad_guess", "browser-0002", "b")
    assert store.answer(code, "grad_guess", "browser-0001", "b")  # changed, not counted twice
    assert store.answer(code, "senti_guess", "browser-0003", "c")
    assert store.tallies(code) == {"grad_guess": Counter(b=2), "senti_guess": Counter(c=1)}
    assert store.revealed(code) == set()


def test_only_the_teacher_reveals_clears_or_ends(make_store):
    store = make_store()
    code, token = store.start()
    store.answer(code, "grad_guess", "browser-0001", "a")
    for act in (lambda t: store.reveal(code, t, "grad_guess"), lambda t: store.clear(code, t, "grad_guess"),
                lambda t: store.end(code, t)):
        for wrong in ("", None, "not-the-token", token[:-1], token + " "):
            with pytest.raises(NotTeacher):
                act(wrong)
    assert store.tallies(code) == {"grad_guess": Counter(a=1)} and store.revealed(code) == set()
    store.reveal(code, token, "grad_guess")
    assert store.revealed(code) == {"grad_guess"}
    store.reveal(code, token, "grad_guess", shown=False)
    assert store.revealed(code) == set()


def test_clear_asks_again_and_end_forgets_the_class(make_store):
    store = make_store()
    code, token = store.start()
    store.answer(code, "grad_guess", "browser-0001", "a")
    store.answer(code, "cells_guess", "browser-0001", "b")
    store.reveal(code, token, "grad_guess")
    store.clear(code, token, "grad_guess")
    assert store.tallies(code) == {"cells_guess": Counter(b=1)} and store.revealed(code) == set()
    store.end(code, token)
    assert not store.is_open(code) and store.tallies(code) == {} and not store.is_teacher(code, token)
    assert not store.answer(code, "grad_guess", "browser-0001", "a")  # an ended class takes nothing


def test_classes_never_see_each_others_answers(make_store):
    store = make_store()
    (one, _), (two, _) = store.start(), store.start()
    assert one != two
    store.answer(one, "grad_guess", "browser-0001", "a")
    store.answer(two, "grad_guess", "browser-0001", "d")
    assert store.tallies(one) == {"grad_guess": Counter(a=1)} and store.tallies(two) == {"grad_guess": Counter(d=1)}


def test_nothing_but_keys_and_codes_is_kept(make_store):
    store = make_store()
    code, _ = store.start()
    for question, voter, choice in (("grad guess", "browser-0001", "a"), ("grad_guess", "me", "a"),
                                    ("grad_guess", "browser-0001", "I think it vanishes"), ("G", "browser-0001", "a"),
                                    ("grad_guess", "browser-0001", "<script>"), ("x" * 41, "browser-0001", "a")):
        assert not store.answer(code, question, voter, choice)
    assert not store.answer("NOPE0000", "grad_guess", "browser-0001", "a")  # no such class
    assert store.tallies(code) == {} and store.tallies("../../etc") == {}


def test_a_class_is_gone_after_its_lifetime(make_store):
    store = make_store(lifetime_s=2)
    code, token = store.start()
    store.answer(code, "grad_guess", "browser-0001", "a")
    time.sleep(3.2)
    assert not store.is_open(code) and store.tallies(code) == {} and not store.is_teacher(code, token)
    assert not store.answer(code, "grad_guess", "browser-0002", "a")


def test_many_students_at_once_are_all_counted(make_store):
    store = make_store()
    code, _ = store.start()

    def student(n: int) -> None:
        mine = make_store()  # each replica has its own connection to the one store
        for q in ("grad_guess", "cells_guess"):
            assert mine.answer(code, q, f"browser-{n:04d}", "abcd"[n % 4])

    threads = [threading.Thread(target=student, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tallies = store.tallies(code)
    assert sum(tallies["grad_guess"].values()) == sum(tallies["cells_guess"].values()) == 40
    assert tallies["grad_guess"] == Counter(a=10, b=10, c=10, d=10)


def test_the_store_is_chosen_by_the_environment(tmp_path, monkeypatch, redis_url):
    monkeypatch.delenv(class_store.STORE_ENV, raising=False)
    assert isinstance(class_store.open_store(tmp_path / "a.sqlite3"), SQLiteStore)
    monkeypatch.setenv(class_store.STORE_ENV, str(tmp_path / "b.sqlite3"))
    assert class_store.open_store(tmp_path / "a.sqlite3").path == str(tmp_path / "b.sqlite3")
    monkeypatch.setenv(class_store.STORE_ENV, redis_url)
    assert isinstance(class_store.open_store(tmp_path / "a.sqlite3"), RedisStore)


def test_sqlite_shares_one_file_without_waiting_for_the_disk(tmp_path):
    """WAL (replicas read while one writes) with synchronous=NORMAL: a vote holds the write lock
    without an fsync, and a power cut can lose the last votes but never corrupt the file."""
    store = SQLiteStore(tmp_path / "classes.sqlite3")
    db = store._db()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL

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
    assert store.tallies(code) == {"grad_guess": {1: Counter(b=2)}, "senti_guess": {1: Counter(c=1)}}
    assert store.revealed(code) == set()


def test_peer_instruction_two_rounds_then_the_reveal(make_store):
    """Round 1 alone, round 2 after the argument (round 1 closed, its answers kept), then the reveal,
    which closes both; a voter's two rounds show who changed their mind and to what."""
    store = make_store()
    code, token = store.start()
    assert store.view(code).asking is None and store.asked(code, "grad_guess") == class_store.Asked(1, False)
    store.ask(code, token, "grad_guess")
    assert store.view(code).asking == "grad_guess"
    for voter, choice in (("browser-0001", "a"), ("browser-0002", "b"), ("browser-0003", "b")):
        assert store.answer(code, "grad_guess", voter, choice) == 1
    store.open_round_two(code, token, "grad_guess")
    assert store.asked(code, "grad_guess") == class_store.Asked(2, False)
    assert store.answer(code, "grad_guess", "browser-0001", "b") == 2  # round 1 is closed: this is round 2
    assert store.answer(code, "grad_guess", "browser-0002", "c") == 2
    assert store.answer(code, "grad_guess", "browser-0002", "b") == 2  # changed within round 2
    assert store.votes_of(code, "grad_guess", "browser-0001") == {1: "a", 2: "b"}
    store.open_round_two(code, token, "grad_guess")  # again: nothing changes (no round 3, no reopening)
    store.reveal(code, token, "grad_guess")
    assert store.answer(code, "grad_guess", "browser-0003", "d") == 0  # revealed: every round closed
    assert store.tallies(code) == {"grad_guess": {1: Counter(a=1, b=2), 2: Counter(b=2)}}
    assert store.changes(code, "grad_guess") == Counter({("a", "b"): 1, ("b", "b"): 1})
    assert store.revealed(code) == {"grad_guess"} and store.view(code).of("grad_guess") == class_store.Asked(2, True)
    with pytest.raises(NotTeacher):
        store.ask(code, "not-the-token", "cells_guess")
    with pytest.raises(NotTeacher):
        store.open_round_two(code, token[:-1], "grad_guess")


def test_a_teachers_browser_gets_the_token_back_and_no_other(make_store):
    """A reload restores the console: the store keeps the token sealed by the browser's name, which it
    never keeps (only a digest of it); another browser, or the seal alone, opens nothing."""
    store = make_store()
    code, token = store.start()
    store.remember_browser(code, token, "browser-teacher01")
    assert store.token_for(code, "browser-teacher01") == token
    assert store.token_for(code, "browser-student01") is None and store.token_for(code, None) is None
    assert store.token_for("NOPE2222", "browser-teacher01") is None
    with pytest.raises(NotTeacher):
        store.remember_browser(code, "guess", "browser-attacker")
    store.end(code, token)
    assert store.token_for(code, "browser-teacher01") is None


def test_only_the_teacher_reveals_clears_or_ends(make_store):
    store = make_store()
    code, token = store.start()
    store.answer(code, "grad_guess", "browser-0001", "a")
    for act in (lambda t: store.reveal(code, t, "grad_guess"), lambda t: store.clear(code, t, "grad_guess"),
                lambda t: store.end(code, t), lambda t: store.ask(code, t, "grad_guess"),
                lambda t: store.open_round_two(code, t, "grad_guess")):
        for wrong in ("", None, "not-the-token", token[:-1], token + " "):
            with pytest.raises(NotTeacher):
                act(wrong)
    assert store.tallies(code) == {"grad_guess": {1: Counter(a=1)}} and store.revealed(code) == set()
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
    assert store.tallies(code) == {"cells_guess": {1: Counter(b=1)}} and store.revealed(code) == set()
    assert store.asked(code, "grad_guess") == class_store.Asked(1, False)  # back at round 1
    store.end(code, token)
    assert not store.is_open(code) and store.tallies(code) == {} and not store.is_teacher(code, token)
    assert not store.answer(code, "grad_guess", "browser-0001", "a")  # an ended class takes nothing


def test_classes_never_see_each_others_answers(make_store):
    store = make_store()
    (one, _), (two, _) = store.start(), store.start()
    assert one != two
    store.answer(one, "grad_guess", "browser-0001", "a")
    store.answer(two, "grad_guess", "browser-0001", "d")
    assert store.tallies(one) == {"grad_guess": {1: Counter(a=1)}}
    assert store.tallies(two) == {"grad_guess": {1: Counter(d=1)}}


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
    assert sum(tallies["grad_guess"][1].values()) == sum(tallies["cells_guess"][1].values()) == 40
    assert tallies["grad_guess"] == {1: Counter(a=10, b=10, c=10, d=10)}


def test_one_address_brings_at_most_the_classes_allowance_of_voters(make_store):
    """Issue 52: one client cast 255 votes from one address. A class takes at most ``voters_per_place``
    voters from one address (120 unless the teacher changes it); a voter already counted may still
    change their answer; other addresses are not affected; only the teacher changes the allowance."""
    store = make_store()
    code, token = store.start()
    assert store.voters_per_place(code) == class_store.VOTERS_PER_PLACE == 120
    store.allow_voters(code, token, 3)
    counted = [store.answer(code, "grad_guess", f"browser-{n:04d}", "a", place="10.0.0.1") for n in range(5)]
    assert counted == [1, 1, 1, class_store.FULL, class_store.FULL]
    assert store.answer(code, "grad_guess", "browser-0000", "b", place="10.0.0.1") == 1  # counted: may change
    assert store.answer(code, "grad_guess", "browser-0009", "a", place="10.0.0.2") == 1  # another address
    assert store.tallies(code)["grad_guess"][1] == Counter(a=3, b=1)
    with pytest.raises(NotTeacher):
        store.allow_voters(code, token + "x", 500)
    for wrong in (0, class_store.MAX_VOTERS_PER_PLACE + 1, 2.5, "9"):
        with pytest.raises(ValueError):
            store.allow_voters(code, token, wrong)
    store.allow_voters(code, token, 4)  # the teacher raises it: one more
    assert store.answer(code, "grad_guess", "browser-0003", "a", place="10.0.0.1") == 1
    assert store.answer(code, "grad_guess", "browser-0004", "a", place="10.0.0.1") == class_store.FULL
    store.end(code, token)
    other, other_token = store.start()  # a new class starts with the default and no voters
    assert store.voters_per_place(other) == 120
    assert store.answer(other, "grad_guess", "browser-0004", "a", place="10.0.0.1") == 1


def test_one_address_keeps_a_bounded_number_of_classes_open(make_store):
    """Issue 52: 891 classes in 40 s from one client. An address may have CLASSES_PER_PLACE open; ending
    one frees its place; another address is not affected."""
    store = make_store()
    opened = [store.start(place="10.0.0.7") for _ in range(class_store.CLASSES_PER_PLACE)]
    with pytest.raises(class_store.TooManyClasses):
        store.start(place="10.0.0.7")
    assert store.start(place="10.0.0.8")
    store.end(*opened[0])
    assert store.is_open(store.start(place="10.0.0.7")[0])


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


def test_a_store_file_from_before_the_rounds_starts_afresh(tmp_path):
    """Issue 36's tables (one round, no question asked) in the data folder: replaced, never misread."""
    import sqlite3

    path = tmp_path / "classes.sqlite3"
    old = sqlite3.connect(path)
    old.executescript("CREATE TABLE classes (code TEXT PRIMARY KEY, token TEXT NOT NULL, began REAL NOT NULL);"
                      "CREATE TABLE answers (code TEXT, question TEXT, voter TEXT, choice TEXT NOT NULL);"
                      "CREATE TABLE shown (code TEXT, question TEXT); INSERT INTO classes VALUES ('ABCDEFGH', 'x', 1e12);")
    old.commit()
    old.close()
    store = SQLiteStore(path)
    assert not store.is_open("ABCDEFGH")
    code, token = store.start()
    assert store.answer(code, "grad_guess", "browser-0001", "a") == 1
    assert store.tallies(code) == {"grad_guess": {1: Counter(a=1)}}

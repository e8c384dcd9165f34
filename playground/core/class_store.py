"""The class store (issue 36): a class's anonymous predictions, shared by every replica that serves it.

SQLite by default: one file in WAL mode that the replicas of one box share, nothing to set up. Redis
when ``RNN_CLASS_STORE=redis://...`` is set: replicas on several boxes. Both keep the same things and
are checked by the same tests (tests/test_class_store.py runs them against a real redis-server).

- A class has a **code** that students type or scan: 8 characters from 31 that cannot be mistaken
  for one another (no 0/O, 1/I/L), so 31^8 ≈ 8.5 x 10^11 codes; and a **teacher token**
  (``secrets.token_urlsafe(24)``: 192 random bits) of which only a SHA-256 digest is kept.
- An **answer** is one choice per voter (a browser) per question, and can be changed. No names, no
  free text: a question is a setting's key, a choice a short code, a voter an opaque id.
- Only the teacher's token can **reveal** a question's split, **clear** its answers or **end** the class.
- A class and everything in it are gone **12 hours** after it began, or when the teacher ends it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import sqlite3
import threading
import time
from collections import Counter
from pathlib import Path

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 characters, none a look-alike of another
CODE_LENGTH = 8
LIFETIME_S = 12 * 3600
QUESTION = re.compile(r"[a-z][a-z0-9_]{0,39}")
CHOICE = re.compile(r"[a-z0-9_]{1,20}")
VOTER = re.compile(r"[A-Za-z0-9_-]{8,64}")
STORE_ENV = "RNN_CLASS_STORE"


class NotTeacher(PermissionError):
    """The token is not this class's teacher's (or the class is over)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def valid_code(code: object) -> bool:
    return isinstance(code, str) and len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _valid_answer(code: str, question: str, voter: str, choice: str) -> bool:
    return (valid_code(code) and isinstance(question, str) and QUESTION.fullmatch(question) is not None
            and isinstance(voter, str) and VOTER.fullmatch(voter) is not None
            and isinstance(choice, str) and CHOICE.fullmatch(choice) is not None)


class ClassStore:
    """What every store does; the subclasses keep it."""

    def start(self, now: float | None = None) -> tuple[str, str]:
        """A new class: (its code, the teacher's token). The token is shown once and never kept."""
        token = secrets.token_urlsafe(24)
        while True:
            code = new_code()
            if self._create(code, digest(token), time.time() if now is None else now):
                return code, token

    def is_teacher(self, code: str, token: object) -> bool:
        kept = self._token_digest(code) if valid_code(code) else None
        return kept is not None and isinstance(token, str) and hmac.compare_digest(kept, digest(token))

    def _teacher(self, code: str, token: object) -> None:
        if not self.is_teacher(code, token):
            raise NotTeacher(code)

    def answer(self, code: str, question: str, voter: str, choice: str) -> bool:
        """Keep (or change) a voter's choice; False when the class is not open or a value is not one."""
        if not _valid_answer(code, question, voter, choice) or not self.is_open(code):
            return False
        self._answer(code, question, voter, choice)
        return True

    def reveal(self, code: str, token: str, question: str, shown: bool = True) -> None:
        self._teacher(code, token)
        if QUESTION.fullmatch(question):
            self._reveal(code, question, shown)

    def clear(self, code: str, token: str, question: str) -> None:
        """The question's answers are gone and its split hidden again: ask it again."""
        self._teacher(code, token)
        if QUESTION.fullmatch(question):
            self._clear(code, question)

    def end(self, code: str, token: str) -> None:
        self._teacher(code, token)
        self._end(code)

    def tallies(self, code: str) -> dict[str, Counter]:
        """Per question answered in the class: how many chose each choice."""
        return self._tallies(code) if valid_code(code) else {}

    def revealed(self, code: str) -> set[str]:
        return self._revealed(code) if valid_code(code) else set()

    def is_open(self, code: str) -> bool:
        return valid_code(code) and self._token_digest(code) is not None


class SQLiteStore(ClassStore):
    """One SQLite file in WAL mode: the replicas of one box share it. A connection per thread."""

    SCHEMA = """
    CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, token TEXT NOT NULL, began REAL NOT NULL);
    CREATE TABLE IF NOT EXISTS answers (code TEXT, question TEXT, voter TEXT, choice TEXT NOT NULL,
                                        PRIMARY KEY (code, question, voter));
    CREATE TABLE IF NOT EXISTS shown (code TEXT, question TEXT, PRIMARY KEY (code, question));
    """

    def __init__(self, path: str | Path, lifetime_s: float = LIFETIME_S) -> None:
        self.path, self.lifetime_s, self._local = str(path), lifetime_s, threading.local()
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = self._db()
        db.execute("PRAGMA journal_mode=WAL")
        db.executescript(self.SCHEMA)

    def _db(self) -> sqlite3.Connection:
        if getattr(self._local, "db", None) is None:
            self._local.db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
            self._local.db.execute("PRAGMA busy_timeout=10000")
            # WAL with NORMAL: a commit does not wait for the disk (a power cut may lose the last answers,
            # never the file), so a replica holds the write lock for microseconds, not an fsync
            self._local.db.execute("PRAGMA synchronous=NORMAL")
        return self._local.db

    def _purge(self) -> None:
        db = self._db()
        old = [row[0] for row in db.execute("SELECT code FROM classes WHERE began < ?", (time.time() - self.lifetime_s,))]
        for code in old:
            self._end(code)

    def _create(self, code: str, token_digest: str, now: float) -> bool:
        self._purge()
        cursor = self._db().execute("INSERT OR IGNORE INTO classes VALUES (?, ?, ?)", (code, token_digest, now))
        return cursor.rowcount == 1

    def _token_digest(self, code: str) -> str | None:
        row = self._db().execute("SELECT token, began FROM classes WHERE code = ?", (code,)).fetchone()
        if row is None or row[1] < time.time() - self.lifetime_s:
            return None
        return row[0]

    def _answer(self, code: str, question: str, voter: str, choice: str) -> None:
        self._db().execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)", (code, question, voter, choice))

    def _reveal(self, code: str, question: str, shown: bool) -> None:
        sql = "INSERT OR IGNORE INTO shown VALUES (?, ?)" if shown else "DELETE FROM shown WHERE code = ? AND question = ?"
        self._db().execute(sql, (code, question))

    def _clear(self, code: str, question: str) -> None:
        db = self._db()
        db.execute("DELETE FROM answers WHERE code = ? AND question = ?", (code, question))
        db.execute("DELETE FROM shown WHERE code = ? AND question = ?", (code, question))

    def _end(self, code: str) -> None:
        db = self._db()
        for table in ("answers", "shown", "classes"):
            db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))  # the three table names above, no input

    def _tallies(self, code: str) -> dict[str, Counter]:
        if not self.is_open(code):
            return {}
        found: dict[str, Counter] = {}
        for question, choice, n in self._db().execute(
                "SELECT question, choice, COUNT(*) FROM answers WHERE code = ? GROUP BY question, choice", (code,)):
            found.setdefault(question, Counter())[choice] = n
        return found

    def _revealed(self, code: str) -> set[str]:
        return {row[0] for row in self._db().execute("SELECT question FROM shown WHERE code = ?", (code,))}


class RedisStore(ClassStore):
    """Redis: replicas on several boxes. Every key of a class expires with it (``EXPIREAT``)."""

    def __init__(self, url: str, lifetime_s: float = LIFETIME_S) -> None:
        import redis  # only where a Redis store is asked for

        self.client, self.lifetime_s = redis.Redis.from_url(url, decode_responses=True), lifetime_s

    @staticmethod
    def _key(code: str, *part: str) -> str:
        return ":".join(("rnnclass", code, *part))

    def _expire(self, pipe, code: str, *keys: str) -> None:
        ends = int(float(self.client.hget(self._key(code), "began") or time.time()) + self.lifetime_s)
        for key in keys:
            pipe.expireat(key, ends)

    def _create(self, code: str, token_digest: str, now: float) -> bool:
        key = self._key(code)
        if not self.client.hsetnx(key, "token", token_digest):
            return False
        self.client.hset(key, "began", repr(now))
        self.client.expireat(key, int(now + self.lifetime_s))
        return True

    def _token_digest(self, code: str) -> str | None:
        return self.client.hget(self._key(code), "token")

    def _answer(self, code: str, question: str, voter: str, choice: str) -> None:
        pipe = self.client.pipeline()
        pipe.hset(self._key(code, "q", question), voter, choice)
        pipe.sadd(self._key(code, "questions"), question)
        self._expire(pipe, code, self._key(code, "q", question), self._key(code, "questions"))
        pipe.execute()

    def _reveal(self, code: str, question: str, shown: bool) -> None:
        pipe = self.client.pipeline()
        (pipe.sadd if shown else pipe.srem)(self._key(code, "shown"), question)
        self._expire(pipe, code, self._key(code, "shown"))
        pipe.execute()

    def _clear(self, code: str, question: str) -> None:
        pipe = self.client.pipeline()
        pipe.delete(self._key(code, "q", question))
        pipe.srem(self._key(code, "questions"), question)
        pipe.srem(self._key(code, "shown"), question)
        pipe.execute()

    def _end(self, code: str) -> None:
        questions = self.client.smembers(self._key(code, "questions"))
        self.client.delete(self._key(code), self._key(code, "questions"), self._key(code, "shown"),
                           *(self._key(code, "q", q) for q in questions))

    def _tallies(self, code: str) -> dict[str, Counter]:
        if not self.is_open(code):
            return {}
        questions = sorted(self.client.smembers(self._key(code, "questions")))
        pipe = self.client.pipeline()
        for question in questions:
            pipe.hvals(self._key(code, "q", question))
        return {q: Counter(choices) for q, choices in zip(questions, pipe.execute(), strict=True) if choices}

    def _revealed(self, code: str) -> set[str]:
        return set(self.client.smembers(self._key(code, "shown"))) if self.is_open(code) else set()


def open_store(default_path: str | Path) -> ClassStore:
    """Redis when ``RNN_CLASS_STORE`` is a ``redis://`` (or ``rediss://``) URL, else SQLite: at that
    variable's path if it names one, else at ``default_path``."""
    where = os.environ.get(STORE_ENV, "").strip()
    if where.startswith(("redis://", "rediss://")):
        return RedisStore(where)
    return SQLiteStore(where or default_path)

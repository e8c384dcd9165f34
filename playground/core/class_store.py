"""The class store (issue 36): a class's anonymous predictions, shared by every replica that serves it.

SQLite by default: one file in WAL mode that the replicas of one box share, nothing to set up. Redis
when ``RNN_CLASS_STORE=redis://...`` is set: replicas on several boxes. Both keep the same things and
are checked by the same tests (tests/test_class_store.py runs them against a real redis-server).

- A class has a **code** that students type or scan: 8 characters from 31 that cannot be mistaken
  for one another (no 0/O, 1/I/L), so 31^8 ≈ 8.5 x 10^11 codes; and a **teacher token**
  (``secrets.token_urlsafe(24)``: 192 random bits) of which only a SHA-256 digest is kept.
- A question is asked in **rounds** (peer instruction, issue 49): round 1, each student alone; round 2,
  after the class argued, which the teacher opens and which closes round 1. An **answer** is one choice
  per voter (a browser) per question per round, and can be changed while its round is open. No names,
  no free text: a question is a setting's key, a choice a short code, a voter an opaque id.
- Only the teacher's token can choose the question the class is **asking**, open round 2, **reveal** a
  question (which closes its rounds), **clear** it to ask again, or **end** the class. The browsers
  that showed the token are remembered by a digest, so that the teacher's reload restores the console.
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
from dataclasses import dataclass, field
from pathlib import Path

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 characters, none a look-alike of another
CODE_LENGTH = 8
LIFETIME_S = 12 * 3600
VOTERS_PER_PLACE = 120  # voters one network address brings to a class (a hall behind one NAT); the teacher may raise it
MAX_VOTERS_PER_PLACE = 2000
FULL = -1  # ``answer``: not counted, the voter's address has brought the class's allowance of voters
CLASSES_PER_PLACE = 20  # classes open at once that one network address has started (a school's teachers, one NAT)
PURGE_EVERY_S = 60.0  # classes past their lifetime are forgotten at most this often (on the next start)


class TooManyClasses(Exception):
    """This network address has CLASSES_PER_PLACE classes open: one must end (or run out) first."""
QUESTION = re.compile(r"[a-z][a-z0-9_]{0,39}")
CHOICE = re.compile(r"[a-z0-9_]{1,20}")
VOTER = re.compile(r"[A-Za-z0-9_-]{8,64}")
STORE_ENV = "RNN_CLASS_STORE"
ROUNDS = (1, 2)


class NotTeacher(PermissionError):
    """The token is not this class's teacher's (or the class is over)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def valid_code(code: object) -> bool:
    return isinstance(code, str) and len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _seal(text: str, browser: str, opening: bool = False) -> str | None:
    """A teacher token XOR a key drawn from the browser's name (hex), and back (``opening``)."""
    key = hashlib.sha256(("rnn-class-seal:" + browser).encode()).digest()
    try:
        data = bytes.fromhex(text) if opening else text.encode()
    except ValueError:
        return None
    if len(data) > len(key):
        return None
    mixed = bytes(a ^ b for a, b in zip(data, key, strict=False))
    return mixed.decode(errors="replace") if opening else mixed.hex()


def _place(code: str, address: str) -> str:
    """A network address as the store keeps it: hashed with the class's code (never the address itself)."""
    return hashlib.sha256(f"rnn-class-place:{code}:{address}".encode()).hexdigest()[:24]


def _valid_answer(code: str, question: str, voter: str, choice: str) -> bool:
    return (valid_code(code) and isinstance(question, str) and QUESTION.fullmatch(question) is not None
            and isinstance(voter, str) and VOTER.fullmatch(voter) is not None
            and isinstance(choice, str) and CHOICE.fullmatch(choice) is not None)


@dataclass(frozen=True)
class Asked:
    """Where a question stands: its open round (1 or 2) and whether the teacher revealed it (then no
    round is open)."""

    round: int = 1
    revealed: bool = False


@dataclass(frozen=True)
class ClassView:
    """What a student's page needs, read in one call: the question the class is on (or None) and
    where each asked question stands."""

    asking: str | None = None
    asked: dict[str, Asked] = field(default_factory=dict)

    def of(self, question: str) -> Asked:
        return self.asked.get(question, Asked())


class ClassStore:
    """What every store does; the subclasses keep it. ``writes`` counts this process's changes, so a
    read cached by it (``playground.app.classroom``) is never older than this process's last write."""

    writes = 0

    def _wrote(self) -> None:
        self.writes += 1

    def start(self, now: float | None = None, place: str = "") -> tuple[str, str]:
        """A new class: (its code, the teacher's token). The token is shown once and never kept.
        TooManyClasses when ``place`` (the network address) has CLASSES_PER_PLACE classes open."""
        now = time.time() if now is None else now
        maker = _place("-", place)
        if self._started_by(maker, now) >= CLASSES_PER_PLACE:
            raise TooManyClasses
        token = secrets.token_urlsafe(24)
        while True:
            code = new_code()
            if self._create(code, digest(token), now):
                self._record_maker(code, maker, now)
                return code, token

    def is_teacher(self, code: str, token: object) -> bool:
        kept = self._token_digest(code) if valid_code(code) else None
        return kept is not None and isinstance(token, str) and hmac.compare_digest(kept, digest(token))

    def _teacher(self, code: str, token: object) -> None:
        if not self.is_teacher(code, token):
            raise NotTeacher(code)

    # --- the teacher's browsers: a reload restores the console ---------------------------------------
    def remember_browser(self, code: str, token: str, browser: object) -> None:
        """``browser`` showed the teacher's token: keep the token sealed by that browser's name (which the
        store never keeps), so that only that browser can have it back."""
        self._teacher(code, token)
        if isinstance(browser, str) and VOTER.fullmatch(browser):
            self._add_browser(code, digest(browser), _seal(token, browser))

    def token_for(self, code: str, browser: object) -> str | None:
        """The teacher's token, for a browser that once showed it to this open class; else None."""
        if not (isinstance(browser, str) and VOTER.fullmatch(browser) and self.is_open(code)):
            return None
        sealed = self._sealed(code, digest(browser))
        token = _seal(sealed, browser, opening=True) if sealed else None
        return token if token and self.is_teacher(code, token) else None

    # --- the teacher's moves ---------------------------------------------------------------------------
    def ask(self, code: str, token: str, question: str) -> None:
        """The class is on ``question`` now (students' banners follow); it keeps its rounds."""
        self._teacher(code, token)
        if QUESTION.fullmatch(question):
            self._set_asking(code, question)
        self._wrote()

    def open_round_two(self, code: str, token: str, question: str) -> None:
        """Round 1 closes (its answers stay as they are); round 2 opens. Only from an open round 1."""
        self._teacher(code, token)
        if QUESTION.fullmatch(question) and self.asked(code, question) == Asked(1, False):
            self._set_asked(code, question, Asked(2, False))
        self._wrote()

    def reveal(self, code: str, token: str, question: str, shown: bool = True) -> None:
        """Revealed, every round is closed; hidden again, the last round reopens."""
        self._teacher(code, token)
        if QUESTION.fullmatch(question):
            self._set_asked(code, question, Asked(self.asked(code, question).round, shown))
        self._wrote()

    def clear(self, code: str, token: str, question: str) -> None:
        """The question's answers are gone and it is back at round 1, hidden: ask it again."""
        self._teacher(code, token)
        if QUESTION.fullmatch(question):
            self._clear(code, question)
        self._wrote()

    def end(self, code: str, token: str) -> None:
        self._teacher(code, token)
        self._end(code)
        self._wrote()

    # --- the students ---------------------------------------------------------------------------------
    def answer(self, code: str, question: str, voter: str, choice: str, place: str = "") -> int:
        """Keep (or change) a voter's choice in the question's open round -> that round (1 or 2), or 0 when
        nothing was kept: the class is not open, the question revealed, or a value is not one; ``FULL``
        when ``place`` (the voter's network address) has brought the class's allowance of voters."""
        if not _valid_answer(code, question, voter, choice) or not self.is_open(code):
            return 0
        asked = self.asked(code, question)
        if asked.revealed:
            return 0
        if not self._admit_voter(code, voter, _place(code, place), self.voters_per_place(code)):
            return FULL
        self._answer(code, question, asked.round, voter, choice)
        self._wrote()
        return asked.round

    def voters_per_place(self, code: str) -> int:
        return self._cap(code) or VOTERS_PER_PLACE

    def allow_voters(self, code: str, token: str, per_place: int) -> None:
        """The teacher raises (or lowers) how many voters one network address may bring."""
        self._teacher(code, token)
        if not isinstance(per_place, int) or not 1 <= per_place <= MAX_VOTERS_PER_PLACE:
            raise ValueError("out of range")
        self._set_cap(code, per_place)
        self._wrote()

    def votes_of(self, code: str, question: str, voter: str) -> dict[int, str]:
        """A voter's choice in each round of a question."""
        if not (valid_code(code) and QUESTION.fullmatch(question) and VOTER.fullmatch(voter)):
            return {}
        return self._votes_of(code, question, voter)

    # --- what the pages read ----------------------------------------------------------------------------
    def asked(self, code: str, question: str) -> Asked:
        return self.view(code).of(question)

    def view(self, code: str) -> ClassView:
        """The class's question and its questions' rounds (an unknown or ended class: nothing)."""
        return self._view(code) if self.is_open(code) else ClassView()

    def tallies(self, code: str) -> dict[str, dict[int, Counter]]:
        """Per question answered in the class, per round: how many chose each choice."""
        return self._tallies(code) if self.is_open(code) else {}

    def changes(self, code: str, question: str) -> Counter:
        """(round-1 choice, round-2 choice) -> how many voters answered both rounds so."""
        if not (self.is_open(code) and QUESTION.fullmatch(question)):
            return Counter()
        first, second = self._ballots(code, question, 1), self._ballots(code, question, 2)
        return Counter((first[v], second[v]) for v in first.keys() & second.keys())

    def revealed(self, code: str) -> set[str]:
        return {q for q, asked in self.view(code).asked.items() if asked.revealed}

    def is_open(self, code: str) -> bool:
        return valid_code(code) and self._token_digest(code) is not None


class SQLiteStore(ClassStore):
    """One SQLite file in WAL mode: the replicas of one box share it. A connection per thread."""

    SCHEMA = """
    CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, token TEXT NOT NULL, began REAL NOT NULL,
                                        asking TEXT);
    CREATE INDEX IF NOT EXISTS classes_began ON classes (began);
    CREATE TABLE IF NOT EXISTS browsers (code TEXT, browser TEXT, sealed TEXT NOT NULL, PRIMARY KEY (code, browser));
    CREATE TABLE IF NOT EXISTS asked (code TEXT, question TEXT, round INTEGER NOT NULL, revealed INTEGER NOT NULL,
                                      PRIMARY KEY (code, question));
    CREATE TABLE IF NOT EXISTS votes (code TEXT, question TEXT, round INTEGER, voter TEXT, choice TEXT NOT NULL,
                                      PRIMARY KEY (code, question, round, voter));
    CREATE TABLE IF NOT EXISTS voters (code TEXT, voter TEXT, place TEXT NOT NULL, PRIMARY KEY (code, voter));
    CREATE INDEX IF NOT EXISTS voters_place ON voters (code, place);
    CREATE TABLE IF NOT EXISTS caps (code TEXT PRIMARY KEY, per_place INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS makers (code TEXT PRIMARY KEY, maker TEXT NOT NULL, began REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS makers_by ON makers (maker, began);
    """
    TABLES = ("votes", "voters", "caps", "makers", "asked", "browsers", "classes")
    BEFORE_ROUNDS = ("answers", "shown")  # issue 36's tables: a file from then starts afresh

    def __init__(self, path: str | Path, lifetime_s: float = LIFETIME_S) -> None:
        self.path, self.lifetime_s, self._local = str(path), lifetime_s, threading.local()
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = self._db()
        db.execute("PRAGMA journal_mode=WAL")
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'answers'").fetchone():
            for table in (*self.BEFORE_ROUNDS, "classes"):  # names above, no input
                db.execute(f"DROP TABLE IF EXISTS {table}")
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
        if time.monotonic() < getattr(self, "_purged_at", -PURGE_EVERY_S) + PURGE_EVERY_S:
            return
        self._purged_at = time.monotonic()
        db = self._db()
        old = [row[0] for row in db.execute("SELECT code FROM classes WHERE began < ?", (time.time() - self.lifetime_s,))]
        for code in old:
            self._end(code)

    def _create(self, code: str, token_digest: str, now: float) -> bool:
        self._purge()
        cursor = self._db().execute("INSERT OR IGNORE INTO classes VALUES (?, ?, ?, NULL)", (code, token_digest, now))
        return cursor.rowcount == 1

    def _started_by(self, maker: str, now: float) -> int:
        (count,) = self._db().execute("SELECT COUNT(*) FROM makers WHERE maker = ? AND began >= ?",
                                      (maker, now - self.lifetime_s)).fetchone()
        return count

    def _record_maker(self, code: str, maker: str, now: float) -> None:
        self._db().execute("INSERT OR REPLACE INTO makers VALUES (?, ?, ?)", (code, maker, now))

    def _token_digest(self, code: str) -> str | None:
        row = self._db().execute("SELECT token, began FROM classes WHERE code = ?", (code,)).fetchone()
        if row is None or row[1] < time.time() - self.lifetime_s:
            return None
        return row[0]

    def _add_browser(self, code: str, browser_digest: str, sealed: str) -> None:
        self._db().execute("INSERT OR REPLACE INTO browsers VALUES (?, ?, ?)", (code, browser_digest, sealed))

    def _sealed(self, code: str, browser_digest: str) -> str | None:
        row = self._db().execute("SELECT sealed FROM browsers WHERE code = ? AND browser = ?",
                                 (code, browser_digest)).fetchone()
        return row[0] if row else None

    def _set_asking(self, code: str, question: str) -> None:
        self._db().execute("UPDATE classes SET asking = ? WHERE code = ?", (question, code))

    def _set_asked(self, code: str, question: str, asked: Asked) -> None:
        self._db().execute("INSERT OR REPLACE INTO asked VALUES (?, ?, ?, ?)",
                           (code, question, asked.round, int(asked.revealed)))

    def _answer(self, code: str, question: str, round_: int, voter: str, choice: str) -> None:
        self._db().execute("INSERT OR REPLACE INTO votes VALUES (?, ?, ?, ?, ?)", (code, question, round_, voter, choice))

    def _admit_voter(self, code: str, voter: str, place: str, cap: int) -> bool:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")  # the count and the insert in one step, across replicas
        try:
            if db.execute("SELECT 1 FROM voters WHERE code = ? AND voter = ?", (code, voter)).fetchone():
                return True
            (count,) = db.execute("SELECT COUNT(*) FROM voters WHERE code = ? AND place = ?", (code, place)).fetchone()
            if count >= cap:
                return False
            db.execute("INSERT INTO voters VALUES (?, ?, ?)", (code, voter, place))
            return True
        finally:
            db.execute("COMMIT")

    def _cap(self, code: str) -> int | None:
        row = self._db().execute("SELECT per_place FROM caps WHERE code = ?", (code,)).fetchone()
        return row[0] if row else None

    def _set_cap(self, code: str, per_place: int) -> None:
        self._db().execute("INSERT OR REPLACE INTO caps VALUES (?, ?)", (code, per_place))

    def _votes_of(self, code: str, question: str, voter: str) -> dict[int, str]:
        return dict(self._db().execute("SELECT round, choice FROM votes WHERE code = ? AND question = ? AND voter = ?",
                                       (code, question, voter)))

    def _ballots(self, code: str, question: str, round_: int) -> dict[str, str]:
        return dict(self._db().execute("SELECT voter, choice FROM votes WHERE code = ? AND question = ? AND round = ?",
                                       (code, question, round_)))

    def _clear(self, code: str, question: str) -> None:
        db = self._db()
        for table in ("votes", "asked"):  # names above, no input
            db.execute(f"DELETE FROM {table} WHERE code = ? AND question = ?", (code, question))

    def _end(self, code: str) -> None:
        db = self._db()
        for table in self.TABLES:  # the table names above, no input
            db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))

    def _view(self, code: str) -> ClassView:
        db = self._db()
        row = db.execute("SELECT asking FROM classes WHERE code = ?", (code,)).fetchone()
        asked = {q: Asked(r, bool(shown)) for q, r, shown in
                 db.execute("SELECT question, round, revealed FROM asked WHERE code = ?", (code,))}
        return ClassView(row[0] if row else None, asked)

    def _tallies(self, code: str) -> dict[str, dict[int, Counter]]:
        found: dict[str, dict[int, Counter]] = {}
        for question, round_, choice, n in self._db().execute(
                "SELECT question, round, choice, COUNT(*) FROM votes WHERE code = ? GROUP BY question, round, choice",
                (code,)):
            found.setdefault(question, {}).setdefault(round_, Counter())[choice] = n
        return found


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

    def _started_by(self, maker: str, now: float) -> int:
        key = self._key("-", "maker", maker)
        self.client.zremrangebyscore(key, "-inf", now - self.lifetime_s)
        return self.client.zcard(key)

    def _record_maker(self, code: str, maker: str, now: float) -> None:
        key = self._key("-", "maker", maker)
        pipe = self.client.pipeline()
        pipe.zadd(key, {code: now})
        pipe.expireat(key, int(now + self.lifetime_s))
        pipe.hset(self._key(code), "maker", maker)
        pipe.execute()

    def _token_digest(self, code: str) -> str | None:
        return self.client.hget(self._key(code), "token")

    def _add_browser(self, code: str, browser_digest: str, sealed: str) -> None:
        pipe = self.client.pipeline()
        pipe.hset(self._key(code, "browsers"), browser_digest, sealed)
        self._expire(pipe, code, self._key(code, "browsers"))
        pipe.execute()

    def _sealed(self, code: str, browser_digest: str) -> str | None:
        return self.client.hget(self._key(code, "browsers"), browser_digest)

    def _set_asking(self, code: str, question: str) -> None:
        self.client.hset(self._key(code), "asking", question)

    def _set_asked(self, code: str, question: str, asked: Asked) -> None:
        pipe = self.client.pipeline()
        pipe.hset(self._key(code, "asked"), question, f"{asked.round}{'r' if asked.revealed else ''}")
        self._expire(pipe, code, self._key(code, "asked"))
        pipe.execute()

    def _answer(self, code: str, question: str, round_: int, voter: str, choice: str) -> None:
        ballots = self._key(code, "q", question, str(round_))
        pipe = self.client.pipeline()
        pipe.hset(ballots, voter, choice)
        pipe.sadd(self._key(code, "questions"), question)
        self._expire(pipe, code, ballots, self._key(code, "questions"))
        pipe.execute()

    def _ballots(self, code: str, question: str, round_: int) -> dict[str, str]:
        return self.client.hgetall(self._key(code, "q", question, str(round_)))

    def _admit_voter(self, code: str, voter: str, place: str, cap: int) -> bool:
        voters, places = self._key(code, "voters"), self._key(code, "place", place)
        if self.client.hget(voters, voter) is not None:
            return True
        if self.client.scard(places) >= cap:
            return False
        pipe = self.client.pipeline()
        pipe.hset(voters, voter, place)
        pipe.sadd(places, voter)
        pipe.sadd(self._key(code, "places"), place)
        self._expire(pipe, code, voters, places, self._key(code, "places"))
        pipe.execute()
        return True

    def _cap(self, code: str) -> int | None:
        value = self.client.hget(self._key(code), "per_place")
        return int(value) if value else None

    def _set_cap(self, code: str, per_place: int) -> None:
        self.client.hset(self._key(code), "per_place", str(per_place))

    def _votes_of(self, code: str, question: str, voter: str) -> dict[int, str]:
        pipe = self.client.pipeline()
        for round_ in ROUNDS:
            pipe.hget(self._key(code, "q", question, str(round_)), voter)
        return {r: choice for r, choice in zip(ROUNDS, pipe.execute(), strict=True) if choice}

    def _clear(self, code: str, question: str) -> None:
        pipe = self.client.pipeline()
        pipe.delete(*(self._key(code, "q", question, str(r)) for r in ROUNDS))
        pipe.srem(self._key(code, "questions"), question)
        pipe.hdel(self._key(code, "asked"), question)
        pipe.execute()

    def _end(self, code: str) -> None:
        questions = self.client.smembers(self._key(code, "questions"))
        places = self.client.smembers(self._key(code, "places"))
        if maker := self.client.hget(self._key(code), "maker"):
            self.client.zrem(self._key("-", "maker", maker), code)
        self.client.delete(self._key(code), *(self._key(code, part) for part in ("questions", "asked", "browsers",
                                                                                  "voters", "places")),
                           *(self._key(code, "q", q, str(r)) for q in questions for r in ROUNDS),
                           *(self._key(code, "place", p) for p in places))

    def _view(self, code: str) -> ClassView:
        pipe = self.client.pipeline()
        pipe.hget(self._key(code), "asking")
        pipe.hgetall(self._key(code, "asked"))
        asking, asked = pipe.execute()
        return ClassView(asking, {q: Asked(int(v[0]), v.endswith("r")) for q, v in asked.items()})

    def _tallies(self, code: str) -> dict[str, dict[int, Counter]]:
        questions = sorted(self.client.smembers(self._key(code, "questions")))
        pipe = self.client.pipeline()
        for question in questions:
            for round_ in ROUNDS:
                pipe.hvals(self._key(code, "q", question, str(round_)))
        replies = iter(pipe.execute())
        found: dict[str, dict[int, Counter]] = {}
        for question in questions:
            rounds = {r: Counter(choices) for r in ROUNDS if (choices := next(replies))}
            if rounds:
                found[question] = rounds
        return found


def open_store(default_path: str | Path) -> ClassStore:
    """Redis when ``RNN_CLASS_STORE`` is a ``redis://`` (or ``rediss://``) URL, else SQLite: at that
    variable's path if it names one, else at ``default_path``."""
    where = os.environ.get(STORE_ENV, "").strip()
    if where.startswith(("redis://", "rediss://")):
        return RedisStore(where)
    return SQLiteStore(where or default_path)

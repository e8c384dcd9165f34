"""The README is a short front door and docs/ holds the rest: the README stays short, it links every
docs page, and no relative link or image in the README or docs/ points to a file that is not there."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MAX_README_LINES = 220

CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)  # a link inside code is no link
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # [text](target) and ![alt](target)


def relative_links(doc: Path) -> list[str]:
    text = CODE.sub("", doc.read_text(encoding="utf-8"))
    return [target for target in LINK.findall(text)
            if not re.match(r"(https?:|mailto:|#)", target)]


def test_the_readme_is_a_short_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines: move the detail to docs/"


def test_the_readme_links_every_docs_page_and_each_links_back():
    assert DOCS, "docs/ holds the pages the README links"
    linked = {(README.parent / target.split("#")[0]).resolve() for target in relative_links(README)}
    for doc in DOCS:
        assert doc.resolve() in linked, f"README.md does not link {doc.relative_to(ROOT)}"
        assert README.resolve() in {(doc.parent / t.split("#")[0]).resolve() for t in relative_links(doc)}, \
            f"{doc.relative_to(ROOT)} does not link back to the README"


@pytest.mark.parametrize("doc", [README, *DOCS], ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_relative_link_and_image_points_to_a_file(doc):
    targets = relative_links(doc)
    missing = [t for t in targets if not (doc.parent / t.split("#")[0]).exists()]
    assert not missing, f"{doc.relative_to(ROOT)} links to files that are not there: {missing}"

"""A new lesson is its folder, one word in the house's tuple and its page file (issue 48).

A throwaway lesson, "sandbox", is added to a copy of the app: its five files and a model module in
``playground/sandbox/``, the word ``"sandbox"`` at the end of ``playground.lessons.LESSONS`` and
``pages/sandbox.py``; nothing else changes. It then appears everywhere the house reaches: the page
list and the navigation, the strings, the shipped-model registry, the job slots, the classes shared
caches key by identity, the lecture map (its place, its link opening its question skipped), the class
console's questions and Home's list of pages; the page runs; and the house's rules (tests/test_layout.py)
hold with it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FILES = {
    "playground/sandbox/__init__.py": '''
        """Lesson "sandbox": a throwaway lesson that proves a new lesson registers with one word."""

        from playground.core.lesson import Lesson, place

        LESSON = Lesson(
            __name__,
            icon=":material/science:",
            main_widget="sandbox_n",
            main_value=5,
            shipped={"sandbox": "playground.sandbox.model"},
            job_slots=("sandbox",),
            model_classes=("playground.sandbox.model.Toy",),
            behind_question=("sandbox-lab",),
            places=(place("lab", "sandbox-lab", "沙盒：n 的平方", "the sandbox: n squared", at=(("notes", "13", 1),),
                          sandbox_n=4),),
        )
    ''',
    "playground/sandbox/model.py": '''
        """The sandbox's "model": it squares a number."""

        SHIPPED = {"sandbox_toy": "a toy that squares"}


        class Toy:
            def square(self, n: int) -> int:
                return n * n


        def load(name, directory=None, device=None) -> Toy:
            return Toy()


        def build(name, out_dir, device):
            raise NotImplementedError("nothing to train")
    ''',
    "playground/sandbox/settings.py": '''
        """The sandbox's settings."""

        from playground.core.settings import PageState, Setting, guess

        N = Setting("sandbox_n", 3, 1, 9)
        GUESS = guess("sandbox_guess")
        STATE = PageState("sandbox", (N, GUESS))
    ''',
    "playground/sandbox/strings.py": '''
        """The sandbox's strings."""

        STRINGS: dict[str, dict[str, str]] = {
            "page.sandbox.title": {"zh": "沙盒", "en": "Sandbox"},
            "page.sandbox.blurb": {"zh": "一个临时的课。", "en": "A throwaway lesson."},
            "sandbox.n": {"zh": "n", "en": "n"},
            "sandbox.square": {"zh": "n² = {square}", "en": "n² = {square}"},
            "sandbox.predict.q": {"zh": "3 的平方是多少？", "en": "What is 3 squared?"},
            "sandbox.predict.a": {"zh": "6", "en": "6"},
            "sandbox.predict.b": {"zh": "9", "en": "9"},
        }
    ''',
    "playground/sandbox/question.py": '''
        """The sandbox's predict-first question."""

        from playground.app.language import tr


        def text() -> str:
            return tr("sandbox.predict.q")
    ''',
    "playground/sandbox/page.py": '''
        """The sandbox's page."""

        import streamlit as st

        from playground.app import tr
        from playground.app.store import slider
        from playground.sandbox import settings as state
        from playground.sandbox.model import Toy

        st.title(tr("page.sandbox.title"), anchor="sandbox-lab")
        n = slider(state.N, tr("sandbox.n"))
        st.markdown(tr("sandbox.square", square=Toy().square(n)))
    ''',
    "pages/sandbox.py": '''
        """The address /sandbox; the page is playground/sandbox/page.py."""

        from playground.app import run_page

        run_page("sandbox")
    ''',
}

CHECK = '''
from streamlit.testing.v1 import AppTest

from playground import lessons, registry
from playground.app import shared
from playground.core.i18n import t
from playground.home import lecture_map

assert [lesson.key for lesson in lessons.PAGES][-1] == "sandbox"
assert t("page.sandbox.title", "zh") == "沙盒" and t("page.sandbox.title", "en") == "Sandbox"
assert [m.name for m in registry.select("sandbox")] == ["sandbox_toy"]
assert registry.shipped()["sandbox_toy"].load().square(7) == 49
assert lessons.job_slots()["sandbox"].key == "sandbox"
assert "playground.sandbox.model.Toy" in shared.MODEL_CLASSES
summary = lecture_map.NOTES.parts[-1]
assert [p.name for p in summary.demos] == ["lab"], summary
assert "[Sandbox › the sandbox: n squared](./sandbox?lang=en&sandbox_n=4&sandbox_guess=skip#sandbox-lab)" in \\
    lecture_map.markdown(lecture_map.NOTES, "en")
assert lessons.questions()["sandbox_guess"].key == "sandbox"

at = AppTest.from_file("streamlit_app.py", default_timeout=120)
at.context = {"locale": "en-US"}
at.run()
assert not at.exception, [e.value for e in at.exception]
assert "A throwaway lesson." in [c.value for c in at.caption], "Home lists every other page"
at.switch_page("pages/sandbox.py").run()
assert not at.exception, [e.value for e in at.exception]
assert at.title[0].value == "Sandbox" and "n² = 9" in [m.value for m in at.markdown]
at.slider(key="sandbox_n").set_value(5).run()
assert "n² = 25" in [m.value for m in at.markdown]
print("registered everywhere")
'''


def _copy_app(into: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("playground", "pages", ".streamlit"):
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore)
    for name in ("streamlit_app.py", "pyproject.toml"):
        shutil.copy(ROOT / name, into / name)
    for folder in ("pretrained", "bench", "conformance"):  # read, not changed
        (into / folder).symlink_to(ROOT / folder)
    (into / "tests").mkdir()
    for name in ("test_layout.py", "conftest.py"):
        shutil.copy(ROOT / "tests" / name, into / "tests" / name)


def _add_the_lesson(into: Path) -> None:
    for path, text in FILES.items():
        (into / path).parent.mkdir(exist_ok=True)
        (into / path).write_text(textwrap.dedent(text).lstrip())
    house = into / "playground" / "lessons.py"
    source = house.read_text()
    one_word = source.replace('"charlm_cells", "beyond")', '"charlm_cells", "beyond", "sandbox")', 1)
    assert one_word != source, "the house's tuple moved: update this test"
    house.write_text(one_word)


@pytest.fixture(scope="module")
def app_with_a_new_lesson(tmp_path_factory) -> Path:
    into = tmp_path_factory.mktemp("house")
    _copy_app(into)
    _add_the_lesson(into)
    return into


def _run(into: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(into), "RNN_PLAYGROUND_FAIR_SHARE": "off"}
    return subprocess.run([sys.executable, *args], cwd=into, env=env, capture_output=True, text=True, timeout=600)


def test_a_new_lesson_registers_with_one_word(app_with_a_new_lesson):
    result = _run(app_with_a_new_lesson, "-c", CHECK)
    assert result.returncode == 0 and "registered everywhere" in result.stdout, result.stdout[-3000:] + result.stderr[-3000:]


def test_the_house_rules_hold_with_the_new_lesson(app_with_a_new_lesson):
    pytest_here = ("-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "tests/test_layout.py")
    result = _run(app_with_a_new_lesson, *pytest_here)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "sandbox" in _run(app_with_a_new_lesson, *pytest_here, "--collect-only").stdout  # its five files checked

"""The house by lesson: each lesson's page, settings, strings, question and models in one package
(``playground/<lesson>/``), on three shared layers (``app``, ``drawing``, ``core``). Checked on the
real import graph (grimp reads every import statement, the ones inside functions too): no import
circles, imports only point down, and only the app layer and a lesson's ``page.py`` talk to Streamlit."""

import ast
import re
from pathlib import Path

import grimp
import pytest

from playground.core.i18n import LESSONS
from playground.core.pages import PAGES

ROOT = Path(__file__).resolve().parent.parent
GRAPH = grimp.build_graph("playground", include_external_packages=True, exclude_type_checking_imports=True)
MODULES = sorted(m for m in GRAPH.modules if m.startswith("playground"))
LESSON = "|".join(LESSONS)

# top to bottom; a module may import its own layer or any layer below it, never one above
LAYERS = (
    ("pages", rf"playground\.({LESSON})\.(page|question)"),  # a lesson's storyboard and its question
    ("app", r"playground\.app(\..*)?"),  # the Streamlit side: shell, store, widgets, player, fair share, jobs panel
    ("shipped", r"playground\.(registry|train)"),  # every lesson's shipped-model interface
    # declared page state, the lecture map's links and the run-sheet made of them
    ("settings", rf"playground\.({LESSON})\.settings|playground\.home\.(lecture_map|run_sheet)"),
    ("lessons", rf"playground\.({LESSON})(\..*)?"),  # a lesson's models, data and strings
    ("drawing", r"playground\.drawing(\..*)?"),  # numbers to pictures, knowing no lesson
    ("core", r"playground(\.core(\..*)?)?"),  # cells, training, jobs, settings' declarations, i18n's t()
)


def layer_of(module: str) -> int:
    for rank, (_, pattern) in enumerate(LAYERS):
        if re.fullmatch(pattern, module):
            return rank
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_import_circles():
    circles = []
    for module in MODULES:
        for imported in GRAPH.find_modules_directly_imported_by(module):
            if imported.startswith("playground") and GRAPH.find_shortest_chain(importer=imported, imported=module):
                circles.append((module, imported))
    assert not circles, circles


@pytest.mark.parametrize("module", MODULES)
def test_imports_point_down(module):
    upward = [m for m in GRAPH.find_modules_directly_imported_by(module)
              if m.startswith("playground") and layer_of(m) < layer_of(module)]
    assert not upward, f"{module} imports a higher layer: {upward}"


def test_only_the_app_layer_and_lesson_pages_import_streamlit():
    importers = {m for m in GRAPH.find_modules_that_directly_import("streamlit") if m.startswith("playground")}
    allowed = [m for m in importers if m.startswith("playground.app") or re.fullmatch(rf"playground\.({LESSON})\.page", m)]
    assert importers and sorted(importers) == sorted(allowed), sorted(set(importers) - set(allowed))


def test_a_lessons_models_import_no_page_and_no_other_lessons_question():
    for module in MODULES:
        if layer_of(module) != [name for name, _ in LAYERS].index("lessons"):
            continue
        pages = [m for m in GRAPH.find_modules_directly_imported_by(module) if re.fullmatch(LAYERS[0][1], m)]
        assert not pages, f"{module} imports a page: {pages}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_keeps_its_five_files_in_its_folder(lesson):
    folder = ROOT / "playground" / lesson
    for name in ("__init__.py", "page.py", "settings.py", "strings.py", "question.py"):
        assert (folder / name).is_file(), f"playground/{lesson}/{name}"


@pytest.mark.parametrize("spec", PAGES, ids=[spec.key for spec in PAGES])
def test_a_pages_file_only_runs_its_lessons_page(spec):
    """``pages/<name>.py`` stays for deep links (a fresh server resolves them by these files' names)."""
    tree = ast.parse((ROOT / spec.path).read_text())
    calls = [node for node in tree.body if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)]
    assert spec.key in LESSONS and len(tree.body) <= 3 and len(calls) == 1
    assert ast.unparse(calls[0]) == f"run_page({spec.key!r})"


def _functions():
    for path in sorted([*ROOT.glob("pages/*.py"), *ROOT.glob("playground/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield path.relative_to(ROOT).as_posix(), node


def test_no_function_is_over_60_lines():
    long = [f"{path}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path, node in _functions() if node.end_lineno - node.lineno + 1 > 60]
    assert not long, long


def test_bench_is_benchmarks_only():
    """Figures in ``bench/``; checks that pass or fail in ``conformance/`` and ``tests/``: nothing in
    bench runs pytest."""
    for path in (ROOT / "bench").rglob("*.py"):
        source = path.read_text()
        assert "pytest" not in source, f"{path.relative_to(ROOT)} runs or imports pytest"
    assert (ROOT / "conformance" / "state_sweep.py").is_file() and not (ROOT / "bench" / "state_sweep.py").exists()

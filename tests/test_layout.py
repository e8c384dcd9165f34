"""The house by lesson: each lesson's manifest, page, settings, strings, question and models in one
package (``playground/<lesson>/``), listed once in ``playground.lessons``, on four shared layers
(``app``, ``models``, ``drawing``, ``core``). Checked on the real import graph (grimp reads every
import statement, the ones inside functions too): no import circles, imports only point down, no
lesson imports another, only the app layer and a lesson's ``page.py`` talk to Streamlit; and, for
what an import statement does not show, the core's own code names nothing above it and runs
without Streamlit."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from playground.lessons import LESSONS, PAGES

ROOT = Path(__file__).resolve().parent.parent
GRAPH = grimp.build_graph("playground", include_external_packages=True, exclude_type_checking_imports=True)
MODULES = sorted(m for m in GRAPH.modules if m.startswith("playground"))
LESSON = "|".join(LESSONS)

# top to bottom; a module may import its own layer or any layer below it, never one above
LAYERS = (
    ("pages", rf"playground\.({LESSON})\.(page|question)"),  # a lesson's storyboard and its question
    ("app", r"playground\.app(\..*)?"),  # the Streamlit side: shell, store, widgets, player, fair share, jobs panel
    ("shipped", r"playground\.(registry|train)"),  # every lesson's shipped-model interface
    # declared page state, the lecture map's links, the run-sheets made of them and their printout
    # and a lesson's challenges, which read its settings (issue 53)
    ("settings", rf"playground\.({LESSON})\.(settings|challenges)|playground\.home\.(lecture_map|run_sheet|printout)"),
    ("house", r"playground|playground\.lessons"),  # the one tuple of lessons, read from their manifests
    ("lessons", rf"playground\.({LESSON})(\..*)?"),  # a lesson's manifest, models, data and strings
    ("models", r"playground\.models(\..*)?"),  # models two lessons read (the char-LMs, the sentiment classifiers)
    ("drawing", r"playground\.drawing(\..*)?"),  # numbers to pictures, knowing no lesson
    ("core", r"playground\.core(\..*)?"),  # cells, training, jobs, settings' declarations, i18n's t()
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


def _lesson_of(module: str) -> str | None:
    match = re.match(rf"playground\.({LESSON})(\.|$)", module)
    return match.group(1) if match else None


def test_no_lesson_imports_another():
    """What two lessons share lives a layer down (``playground.models``, ``core``, ``drawing``); the
    ones that read every lesson (Home's lecture map, the app) do so through the house."""
    crossing = [f"{module} -> {imported}" for module in MODULES if _lesson_of(module)
                for imported in GRAPH.find_modules_directly_imported_by(module)
                if _lesson_of(imported) not in (None, _lesson_of(module))]
    assert not crossing, crossing


def test_the_shared_layers_import_no_lesson():
    below = [m for m in MODULES if re.fullmatch(r"playground\.(app|models|drawing|core)(\..*)?", m)]
    reaching = [f"{module} -> {imported}" for module in below for imported in GRAPH.find_modules_directly_imported_by(module)
                if _lesson_of(imported)]
    assert not reaching, reaching


def _constants(path: Path):
    """Every string constant in a module but its docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


@pytest.mark.parametrize("layer", ["core", "drawing", "models"])
def test_the_lower_layers_name_nothing_above_them(layer):
    """An import by name (``importlib.import_module("playground.app.strings")``) is invisible to the
    import graph: no string in the lower layers' code names a module above them or Streamlit."""
    above = re.compile(rf"\bstreamlit\b|playground\.(app|lessons|registry|train|{LESSON})\b"
                       + ("|playground\\.models\\b" if layer != "models" else ""))
    named = [f"{path.relative_to(ROOT)}:{line} {value!r}" for path in sorted((ROOT / "playground" / layer).rglob("*.py"))
             for line, value in _constants(path) if above.search(value)]
    assert not named, named


def test_the_core_runs_without_streamlit_or_the_app():
    """Importing every core module, and looking up a string of the app's and of each lesson's through
    ``i18n.t``, loads neither Streamlit nor the app's code (the strings modules are plain data)."""
    core = [m for m in MODULES if layer_of(m) == len(LAYERS) - 1]
    script = ("import importlib, sys\n"
              f"for name in {core!r}: importlib.import_module(name)\n"
              "early = sorted(m for m in sys.modules if m.startswith('playground.')\n"
              "               and not m.startswith('playground.core'))\n"
              "from playground.core.i18n import t\n"
              "t('class.title', 'en'); t('page.charlm.title', 'zh')\n"
              "app = sorted(m for m in sys.modules if m.startswith('playground.app')\n"
              "             and m not in ('playground.app', 'playground.app.strings'))\n"
              "print(early, 'streamlit' in sys.modules, app)\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.split() == ["[]", "False", "[]"], result.stdout + result.stderr


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


def test_a_page_ends_early_with_halt_never_st_stop():
    """After ``st.stop()`` Streamlit drops every message of the run, the address bar's among them (the store writes
    it at the run's end): a page that ends early calls ``halt``, and only the app's entry point may stop."""
    stops = [f"{path.relative_to(ROOT).as_posix()}:{node.lineno}" for path in sorted(ROOT.glob("playground/**/*.py"))
             for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Call)
             and ast.unparse(node.func) == "st.stop"]
    assert not stops, stops


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


# --- every test can fail ----------------------------------------------------------------------------------
def _clauses(test: ast.expr):
    """An assert's test split at its top-level ``and``s."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        for value in test.values:
            yield from _clauses(value)
    else:
        yield test


def _fixed(clause: ast.expr, line: str) -> str | None:
    """Why ``clause`` holds whatever the code under test does, or None."""
    if isinstance(clause, ast.Constant):
        return "a constant" if clause.value else None
    if isinstance(clause, ast.Call) and ast.unparse(clause.func) == "isinstance" and len(clause.args) == 2 \
            and ast.unparse(clause.args[1]) == "object":
        return "everything is an object"
    if not isinstance(clause, ast.Compare):
        return None
    operands = [clause.left, *clause.comparators]
    for op, left, right in zip(clause.ops, operands[:-1], operands[1:], strict=True):
        if ast.dump(left) == ast.dump(right) and isinstance(op, ast.Eq | ast.Is | ast.LtE | ast.GtE):
            return "compares a value with itself"
        bound = isinstance(right, ast.Constant) and ((isinstance(op, ast.GtE) and right.value == 0)
                                                      or (isinstance(op, ast.Gt) and right.value == -1))
        if bound and isinstance(left, ast.Call) and ast.unparse(left.func) in ("len", "abs"):
            return "a length or an absolute value is never negative"
        if bound and len(operands) == 2 and "can fail:" not in line:
            return "a bare lower bound of 0 (what a clamp or a count gives anyway; say '# can fail: why' if it can)"
    return None


def test_no_assert_is_fixed_by_the_code_it_tests():
    """An assert that cannot fail tests nothing: a value compared with itself, a constant, a length that
    is never negative, a bare ``>= 0`` on a number the code clamps at 0 (issue 48 found one of each)."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        lines = path.read_text().splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.Assert):
                for clause in _clauses(node.test):
                    why = _fixed(clause, lines[node.lineno - 1])
                    if why:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(clause)}: {why}")
    assert not found, found

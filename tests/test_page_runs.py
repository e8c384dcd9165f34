"""A lesson's page runs as ``__main__`` at every rerun, from code compiled once per version of its file
(``playground.app.shell._run_as_main``): runpy compiled the page's source at every run where no bytecode is kept."""

import os
import sys

from playground.app import shell


def _page(tmp_path, body: str, name: str):
    package = tmp_path / name
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    page = package / "page.py"
    page.write_text(body)
    return page


def test_a_page_runs_as_main_in_a_fresh_namespace_each_time(tmp_path, monkeypatch):
    body = "import builtins\nbuiltins.SEEN.append((__name__, __package__, 'runs' in dir()))\nruns = 1\n"
    _page(tmp_path, body, "lesson_run_0")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr("builtins.SEEN", [], raising=False)
    import builtins

    shell._run_as_main("lesson_run_0.page")
    shell._run_as_main("lesson_run_0.page")
    assert builtins.SEEN == [("__main__", "lesson_run_0", False)] * 2  # nothing left from the run before
    sys.modules.pop("lesson_run_0", None)


def test_a_page_is_compiled_once_per_version_of_its_file(tmp_path, monkeypatch):
    page = _page(tmp_path, "x = 1\n", "lesson_run_1")
    monkeypatch.syspath_prepend(str(tmp_path))
    compiles = []
    real = shell._compiled.__wrapped__
    monkeypatch.setattr(shell, "_compiled", shell.functools.lru_cache(maxsize=8)(
        lambda path, mtime, size: compiles.append(path) or real(path, mtime, size)))
    for _ in range(3):
        shell._run_as_main("lesson_run_1.page")
    assert len(compiles) == 1
    page.write_text("x = 22\n")  # a developer edits the page: it is compiled again
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 1_000_000))
    shell._run_as_main("lesson_run_1.page")
    assert len(compiles) == 2
    sys.modules.pop("lesson_run_1", None)


def test_an_error_in_a_page_names_its_file(tmp_path, monkeypatch):
    page = _page(tmp_path, "\n\nraise ValueError('here')\n", "lesson_run_2")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        shell._run_as_main("lesson_run_2.page")
    except ValueError as exc:
        frame = exc.__traceback__
        while frame.tb_next:
            frame = frame.tb_next
        assert (frame.tb_frame.f_code.co_filename, frame.tb_lineno) == (str(page), 3)
    else:
        raise AssertionError("the page's error was lost")
    sys.modules.pop("lesson_run_2", None)

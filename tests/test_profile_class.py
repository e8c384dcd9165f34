"""bench/profile_class.py files py-spy's samples by section; the sorting itself, on stacks written here
(the profile of a real class is a bench run: python -m bench.profile_class)."""

from bench import profile_class as pc

SCRIPT = "ScriptRunner._run_script (/s/streamlit/runtime/scriptrunner/script_runner.py:700)"
PAGE = "render (/w/playground/seq2seq/page.py:40)"


def test_a_sample_is_filed_by_its_innermost_known_frame():
    assert pc.section_of([SCRIPT, PAGE, "Seq2Seq.read (/w/playground/seq2seq/model.py:142)"]).startswith("model work")
    assert pc.section_of([SCRIPT, PAGE, "LeanLSTM.read (/w/playground/charlm/engine.py:283)"]).startswith("model work")
    # the shared models (two folders deep) and the step loop that serves them
    assert pc.section_of([SCRIPT, PAGE, "lean_step (/w/playground/models/charlm/engine.py:190)"]).startswith("model")
    assert pc.section_of(["StepLoop._round (/w/playground/core/batching.py:150)"]).startswith("model work")
    # numpy under a Plotly figure is the figure's
    assert pc.section_of([SCRIPT, PAGE, "make (/p/plotly/basedatatypes.py:1)", "f (/p/numpy/core.py:2)"]) \
        == "Plotly figure building"
    assert pc.section_of([SCRIPT, PAGE]) == "pages and the app layer"
    assert pc.section_of(["ScriptRunner._on_script_finished (/s/streamlit/runtime/scriptrunner/script_runner.py:1055)"]) \
        == "garbage collection after each run"
    assert pc.section_of(["main (/x/y.py:1)"]) == "other"
    assert pc.page_of([SCRIPT, PAGE]) == "seq2seq" and pc.page_of([SCRIPT]) == "-"


def test_shares_leave_out_the_threads_that_wait(tmp_path):
    raw = tmp_path / "raw.txt"
    raw.write_text(f"{SCRIPT};{PAGE};Seq2Seq.read (/w/playground/seq2seq/model.py:142) 30\n"
                   f"{SCRIPT};{PAGE} 10\n"
                   f"{SCRIPT};Condition.wait (/l/threading.py:331) 60\n", encoding="utf-8")
    report = pc.tally(pc.read_raw(raw))
    assert report["samples"] == 40 and report["waiting_samples"] == 60
    assert report["sections"]["model work (lesson models and decoders, torch, numpy)"] == 0.75
    assert report["pages"] == {"seq2seq": 1.0}

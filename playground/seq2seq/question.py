"""The lesson's "predict first" question (issue 26): Seq2seq: greedy or beam on a held-out sentence.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

from collections.abc import Callable

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.core.formatting import escape_markdown
from playground.core.settings import Setting

# --- Seq2seq: greedy or beam on a held-out sentence -----------------------------------------------------------
# seeds/003 (讲义) line 148: 贪心解码……束搜索——同时向前探索多条候选路径，选整条序列总概率最高的那条.
# The sentence is from the translators' held-out split, one where beam search really changes the
# translation (issue 33: on the lecture's 我爱自然语言处理 both give the same sentence): greedy writes
# "it looks like a eggs." (attention) / "it looks like a cake." (classic), beam search of width 5
# "it looks like an egg." with both models, each time with a higher log p (tests/test_predict_first.py).
SEQ2SEQ_SENTENCE = "这看上去像个蛋。"


def seq2seq_answer(greedy, beam) -> str:
    if greedy.text == beam.text:
        return "b"
    return "a" if beam.log_prob > greedy.log_prob else "c"


@fragment
def ask(setting: Setting, translate: Callable, model_key: str) -> None:
    """``translate(model_key, text, strategy)``: the page's own (cached) translation."""

    predict_first(setting, text(), options("s2s"), lambda: _reveal(translate, model_key))


def _reveal(translate: Callable, model_key: str) -> Reveal:
    greedy, beam = translate(model_key, SEQ2SEQ_SENTENCE, "greedy"), translate(model_key, SEQ2SEQ_SENTENCE, "beam")
    result = tr("s2s.predict.result", model=tr(f"s2s.model.{model_key}"),
                greedy=escape_markdown(greedy.text or "∅"), greedy_logp=f"{greedy.log_prob:.3f}",
                beam=escape_markdown(beam.text or "∅"), beam_logp=f"{beam.log_prob:.3f}")
    return Reveal(frozenset({seq2seq_answer(greedy, beam)}), result, tr("s2s.predict.why"))


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("s2s.predict.q", sentence=SEQ2SEQ_SENTENCE)


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    from playground import seq2seq
    from playground.app.shared import shipped_model
    from playground.seq2seq.model import model_name

    attention = shipped_model(model_name(True), seq2seq)  # the page asks with the attention model
    return _reveal(lambda _key, text, strategy: attention.translate(text, strategy, 5, 1.0, 1.0, 0), "attention")


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("s2s")

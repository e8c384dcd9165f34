"""The seq2seq page's challenge (issue 53): a sentence for which beam search, at the lab's width and
length penalty, finds a translation at least 1 nat more probable than greedy decoding's. Checked by
the lab's own translator, as its "three strategies side by side" table compares them
(``Translator.compare``: greedy, and beam search at the lab's width and penalty)."""

from __future__ import annotations

from dataclasses import dataclass

from playground import seq2seq
from playground.core.challenges import Challenge, Getter, Loader, Verdict
from playground.core.errors import InputError
from playground.core.formatting import escape_markdown
from playground.seq2seq import settings as state
from playground.seq2seq.model import model_name

GAIN = 1.0  # nats: greedy's sentence at least e ≈ 2.7 times less probable than beam search's


@dataclass(frozen=True)
class Search:
    text: str
    model: str  # "attention" or "classic", as the lab's picker holds it
    width: int
    penalty: float


def search_in_lab(get: Getter) -> Search:
    """The lab's sentence, model, beam width and length penalty (the comparison reads the last two
    whatever the strategy picker says)."""
    return Search(str(get(state.TEXT) or ""), get(state.MODEL), get(state.BEAM), get(state.PENALTY))


def _fields(greedy, beam, width) -> dict[str, str]:
    return {"greedy": escape_markdown(greedy.text or "∅"), "beam": escape_markdown(beam.text or "∅"),
            "greedy_logp": f"{greedy.log_prob:.3f}", "beam_logp": f"{beam.log_prob:.3f}",
            "gain": f"{beam.log_prob - greedy.log_prob:.3f}", "width": str(width), "goal": f"{GAIN:.1f}"}


def _verdict(greedy, beam, width) -> Verdict:
    """What the comparison shows, against the goal: met, the same sentence, a better one but not by
    enough, or one the length penalty preferred despite a lower log p."""
    fields = _fields(greedy, beam, width)
    gain = beam.log_prob - greedy.log_prob
    if gain >= GAIN:
        return Verdict(True, "challenge.s2s.solved", fields)
    if beam.tokens == greedy.tokens:
        return Verdict(False, "challenge.s2s.same", fields)
    if gain < 0:
        return Verdict(False, "challenge.s2s.lower", fields)
    return Verdict(False, "challenge.s2s.short", fields)


def check_beam_beats_greedy(search: Search, load: Loader) -> Verdict:
    if not search.text.strip():
        return Verdict(False, "challenge.s2s.empty")
    model = search.model if search.model in state.MODEL.options else state.MODEL.default
    translator = load(model_name(model == "attention"), seq2seq)
    try:
        greedy = translator.translate(search.text, "greedy")
        beam = translator.translate(search.text, "beam", search.width, search.penalty)
    except InputError:  # a sentence (or setting) the lab refuses: it says why
        return Verdict(False, "challenge.s2s.unusable")
    return _verdict(greedy, beam, search.width)


# At the first position greedy takes "the" (0.316) over "it's" (0.256) and "this" (0.252); only a beam
# of 3 keeps "this", whose sentence is far surer. Width 2 finds "it's hard to ..." (+0.28 only).
_SENTENCE = "这个问题很难回答。"
BEAM = Challenge(
    "ch_s2s_beam", search_in_lab, check_beam_beats_greedy,
    solution=((state.TEXT, _SENTENCE), (state.MODEL, "attention"), (state.BEAM, 3), (state.PENALTY, 1.0)),
    near_miss=((state.TEXT, _SENTENCE), (state.MODEL, "attention"), (state.BEAM, 2), (state.PENALTY, 1.0)),
    anchor_of_lab="s2s-lab",
)

CHALLENGES = (BEAM,)

"""Decoding a trained ``Seq2Seq``: greedy, beam search (with its tree), sampling, and scoring.

Every search works on a batch of sentences at once (beam search: sentences x beams), so the test
split can be translated in CI. Whatever the strategy, the sequence's log-probability is the sum of
log p(word | source, previous words) at temperature 1, <eos> included, so strategies compare.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

import torch
from torch import Tensor

from playground.core.decoding import gnmt_penalty
from playground.seq2seq.model import BOS, EOS, Encoded, Seq2Seq, Vocab, make_batch, source_tokens

MAX_OUTPUT_TOKENS = 30  # decoding stops here (training targets have at most 20 tokens)



def _encode(model: Seq2Seq, src_vocab: Vocab, sources: list[str]) -> Encoded:
    """The sources read by the encoder. One sentence read by a shipped model (no training, no
    gradient) is kept for a while: a page decodes it greedily, with the beam, by sampling and then
    scores each answer, six encodings of the same sentence otherwise."""
    keep = len(sources) == 1 and not model.training and not torch.is_grad_enabled()
    if keep:
        with _ENCODED_LOCK:
            recent = _ENCODED.setdefault(model, OrderedDict())
            if sources[0] in recent:
                recent.move_to_end(sources[0])
                return recent[sources[0]]
    batch = make_batch([src_vocab.encode(source_tokens(s)) or [0] for s in sources])
    dev = next(model.parameters()).device
    batch = batch.to(dev)
    encoded = model.encode(batch.src, batch.src_lengths)
    if keep:
        with _ENCODED_LOCK:
            recent[sources[0]] = encoded
            while len(recent) > RECENT_ENCODINGS:
                recent.popitem(last=False)
    return encoded


RECENT_ENCODINGS = 16  # per model; a 40-character sentence's encoding is ~80 KB
_ENCODED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ENCODED_LOCK = threading.Lock()


@torch.no_grad()
def greedy_batch(model: Seq2Seq, src_vocab: Vocab, sources: list[str], max_len: int = MAX_OUTPUT_TOKENS,
                 batch: int = 256) -> list[list[int]]:
    """Greedy token ids (without <eos>) for each source."""
    was_training = model.training
    model.eval()
    out: list[list[int]] = [[] for _ in sources]
    for rows in _by_length(sources, batch):
        chunk = [sources[i] for i in rows]
        enc = _encode(model, src_vocab, chunk)
        hidden = enc.hidden
        prev = torch.full((len(chunk),), BOS, dtype=torch.long, device=hidden.device)
        tokens = torch.zeros((len(chunk), 0), dtype=torch.long, device=hidden.device)
        done = torch.zeros(len(chunk), dtype=torch.bool, device=hidden.device)
        for _ in range(max_len):
            logp, hidden, _ = model.step(prev, hidden, enc)
            prev = logp.argmax(-1)
            tokens = torch.cat([tokens, prev[:, None]], 1)
            done |= prev == EOS
            if bool(done.all()):
                break
        for i, row in zip(rows, tokens.tolist(), strict=True):
            out[i] = row[: row.index(EOS)] if EOS in row else row
    model.train(was_training)
    return out


def _by_length(sources: list[str], batch: int) -> list[list[int]]:
    """The sources' indices in batches of ``batch``, shortest sources first: a batch decodes until its longest
    sentence ends, so sentences of like length together cost less (beam 5 over 400 test sentences: 30% less)."""
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    return [order[start : start + batch] for start in range(0, len(order), batch)]


@dataclass
class Hypothesis:
    tokens: list[int]  # without <eos>
    log_prob: float  # including <eos> when finished
    finished: bool
    score: float  # log_prob / length penalty
    node: int | None = None  # its last node in the beam tree, when one was recorded


@dataclass
class TreeNode:
    id: int
    step: int  # output position (0 = first word)
    parent: int | None  # node id at the previous step (None under the root)
    token: int
    log_prob: float  # cumulative
    status: str  # "kept" | "finished" (<eos> taken) | "pruned"


@dataclass
class BeamResult:
    best: Hypothesis
    hypotheses: list[Hypothesis]  # finished first, best first
    nodes: list[TreeNode] = field(default_factory=list)
    greedy_won: bool = False  # the greedy hypothesis outscored every path the beam kept
    greedy: Hypothesis | None = None  # the width-1 search's answer (``keep_greedy``): greedy decoding's

    def path(self) -> list[int]:
        """Node ids from the first word to the winner's last node."""
        by_id = {n.id: n for n in self.nodes}
        out, node = [], self.best.node
        while node is not None:
            out.append(node)
            node = by_id[node].parent
        return out[::-1]


@torch.no_grad()
def beam_search(model: Seq2Seq, src_vocab: Vocab, sources: list[str], width: int = 5, length_penalty: float = 1.0,
                max_len: int = MAX_OUTPUT_TOKENS, batch: int = 64, record_tree: bool = False,
                keep_greedy: bool = True) -> list[BeamResult]:
    """Beam search over every source at once. Each step expands the live beams, keeps the ``width``
    best continuations and sets aside hypotheses that chose <eos> (see ``_settled`` for when a
    sentence is done). The answer maximises log p / ((5 + |Y|) / 6)^length_penalty.

    Pruning can drop the path greedy decoding would have taken, and a beam can then end less
    probable than greedy (measured at width 5: 27 of 4,914 test sentences for the attention model, 35 for the classic one).
    With ``keep_greedy`` the greedy hypothesis (a width-1 search) is a final candidate too, so the
    answer is never worse than greedy's by the search's own score; ``greedy_won`` says when it won."""
    was_training = model.training
    model.eval()
    results: list[BeamResult | None] = [None] * len(sources)
    for rows in _by_length(sources, batch):
        greedy_too = keep_greedy and width > 1
        found, *greedy_found = _beam_chunk(model, src_vocab, [sources[i] for i in rows],
                                           (width, 1) if greedy_too else (width,), length_penalty, max_len, record_tree)
        for result, greedy in zip(found, greedy_found[0], strict=True) if greedy_too else ():
            _keep_greedy(result, greedy)
        for i, result in zip(rows, found, strict=True):
            results[i] = result
    model.train(was_training)
    return results


def _keep_greedy(result: BeamResult, greedy: BeamResult) -> None:
    """Make the width-1 search's answer a final candidate of ``result`` (``beam_search``)."""
    result.greedy = greedy.best
    # the same words are the same hypothesis, whatever the rounding of the batches that scored them
    if greedy.best.tokens != result.best.tokens and greedy.best.score > result.best.score + 1e-6:
        candidate = Hypothesis(greedy.best.tokens, greedy.best.log_prob, greedy.best.finished, greedy.best.score)
        result.best, result.greedy_won = candidate, True
        result.hypotheses = sorted([*result.hypotheses, candidate], key=lambda h: (not h.finished, -h.score))


@torch.no_grad()
def search_and_sample(model: Seq2Seq, src_vocab: Vocab, source: str, width: int, length_penalty: float,
                      temperature: float, seed: int, max_len: int = MAX_OUTPUT_TOKENS) -> tuple[BeamResult, list[int]]:
    """What a page shows of a new sentence, decoded side by side: its beam search (tree recorded, greedy's
    answer kept) and one sample, each as it would be alone (``_side_by_side``)."""
    was_training = model.training
    model.eval()
    enc = _encode(model, src_vocab, [source])
    searches = [_beam_rounds(enc, 1, width, length_penalty, max_len, True),
                _sampling_rounds(enc, temperature, seed, max_len)]
    if width > 1:
        searches.append(_beam_rounds(enc, 1, 1, length_penalty, max_len, False))
    found, sampled, *greedy = _side_by_side(model, enc, searches)
    if greedy:
        _keep_greedy(found[0], greedy[0][0])
    model.train(was_training)
    return found[0], sampled


class _SentenceBeams:
    """One sentence's beam search state: the live hypotheses (token lists and tree node ids), the
    finished ones, and whether the search is over."""

    def __init__(self, k: int, alpha: float) -> None:
        self.k, self.alpha = k, alpha
        self.seqs: list[list[int]] = [[] for _ in range(k)]
        self.node_of: list[int | None] = [None] * k
        self.finished: list[Hypothesis] = []
        self.done = False

    def advance(self, t: int, candidates, vocab: int, nodes: list[TreeNode] | None):
        """Take the best of ``candidates`` ((score, flat index) pairs, best first): up to k live
        continuations, and every <eos> among the first k finishes a hypothesis. Returns the kept
        (parent beam, token, score) triples."""
        kept, new_seqs, new_nodes = [], [], []
        for j, (score, flat) in enumerate(candidates):
            if score == float("-inf"):
                break
            beam, token = divmod(flat, vocab)
            keep_eos = token == EOS and j < self.k
            keep_live = token != EOS and len(kept) < self.k
            node_id = None
            if nodes is not None:
                node_id = len(nodes)
                status = "finished" if keep_eos else ("kept" if keep_live else "pruned")
                nodes.append(TreeNode(node_id, t, self.node_of[beam], token, score, status))
            if keep_eos:
                self.finished.append(Hypothesis(list(self.seqs[beam]), score, True,
                                                score / gnmt_penalty(t + 1, self.alpha), node_id))
            elif keep_live:
                kept.append((beam, token, score))
                new_seqs.append(self.seqs[beam] + [token])
                new_nodes.append(node_id)
        self.seqs = new_seqs + [[] for _ in range(self.k - len(kept))]
        self.node_of = new_nodes + [None] * (self.k - len(kept))
        live_scores = torch.tensor([score for _, _, score in kept])
        if not kept or _settled(self.finished, live_scores, self.k, self.alpha):
            self.done = True
        return kept

    def result(self, live_scores: list[float], nodes: list[TreeNode]) -> BeamResult:
        hyps = list(self.finished)
        if not self.done or not hyps:  # ran out of length: the live beams compete too, unfinished
            for j in range(self.k):
                if live_scores[j] != float("-inf") and self.seqs[j]:
                    hyps.append(Hypothesis(self.seqs[j], live_scores[j], False,
                                           live_scores[j] / gnmt_penalty(len(self.seqs[j]), self.alpha),
                                           self.node_of[j]))
        hyps.sort(key=lambda h: (not h.finished, -h.score))
        return BeamResult(max(hyps, key=lambda h: h.score), hyps, nodes)


def _beam_chunk(model, src_vocab, chunk, widths, alpha, max_len, record_tree) -> list[list[BeamResult]]:
    """Beam searches of each width in ``widths`` over a chunk of sentences, side by side: one decoder
    step serves every search's rows (sentences x beams), so the decoder's weights are read once a step
    for all of them (a width-1 search, greedy's, costs almost nothing beside a width-5 one). Per width,
    its results (one per sentence); the first search alone records the tree."""
    enc = _encode(model, src_vocab, chunk)
    searches = [_beam_rounds(enc, len(chunk), k, alpha, max_len, record_tree and i == 0)
                for i, k in enumerate(widths)]
    return _side_by_side(model, enc, searches)


def _side_by_side(model: Seq2Seq, enc: Encoded, searches: list) -> list:
    """Drive searches of the same encoded sentences together. Each yields ``(prev, hidden, rows)``
    (its last tokens, its decoder states (1, n, D), the sentence each row reads) and is sent
    ``(logp, hidden)`` for its own rows; each leaves when it returns. Their return values, in order."""
    results: list = [None] * len(searches)
    wanted = {}
    for i, search in enumerate(searches):
        try:
            wanted[i] = next(search)
        except StopIteration as done:
            results[i] = done.value
    work = model.workspace(sum(len(want[0]) for want in wanted.values()))  # rows only fall as searches leave
    read, read_by = None, None
    while wanted:
        order = list(wanted)
        sizes = [len(wanted[i][0]) for i in order]
        prev = torch.cat([wanted[i][0] for i in order])
        hidden = torch.cat([wanted[i][1] for i in order], dim=1)
        if order != read_by:  # the sentence each row reads changes only when a search leaves
            read, read_by = enc.select(torch.cat([wanted[i][2] for i in order])), order
        logp, hidden, _ = model.step(prev, hidden, read, out=work)
        for i, lp, h in zip(order, logp.split(sizes), hidden.split(sizes, dim=1), strict=True):
            try:
                wanted[i] = searches[i].send((lp, h))
            except StopIteration as done:
                results[i] = done.value
                del wanted[i]
    return results


def _beam_rounds(enc: Encoded, b: int, k: int, alpha: float, max_len: int, record_tree: bool):
    """Beam search of width ``k`` over ``b`` encoded sentences, one decoder step per round (``_side_by_side``)."""
    dev = enc.hidden.device
    rows = torch.arange(b, device=dev).repeat_interleave(k)
    hidden = enc.hidden[:, rows]
    scores = torch.full((b, k), float("-inf"), device=dev)
    scores[:, 0] = 0.0  # all beams start identical: only one may expand
    sentences = [_SentenceBeams(k, alpha) for _ in range(b)]
    nodes: list[TreeNode] | None = [] if record_tree else None
    prev = torch.full((b * k,), BOS, dtype=torch.long, device=dev)
    cand = None  # every step's candidates' scores, written in place (see Seq2Seq.step's ``out``)
    for t in range(max_len):
        logp, hidden = yield prev, hidden, rows
        vocab = logp.shape[1]
        cand = torch.add(scores.reshape(-1, 1), logp, out=cand if cand is not None else torch.empty_like(logp))
        top_scores, top_index = cand.reshape(b, k * vocab).topk(min(2 * k, k * vocab), dim=1)
        top_scores, top_index = top_scores.tolist(), top_index.tolist()
        parents = torch.zeros((b, k), dtype=torch.long)
        new_tokens = torch.full((b, k), EOS, dtype=torch.long)
        new_scores = torch.full((b, k), float("-inf"))
        for i, sentence in enumerate(sentences):
            if sentence.done:
                continue
            kept = sentence.advance(t, zip(top_scores[i], top_index[i], strict=True), vocab, nodes)
            for live, (beam, token, score) in enumerate(kept):
                parents[i, live], new_tokens[i, live], new_scores[i, live] = beam, token, score
            if sentence.done:
                new_scores[i] = float("-inf")
        scores = new_scores.to(dev)
        if all(sentence.done for sentence in sentences):
            break
        hidden = hidden[:, (parents + torch.arange(b)[:, None] * k).reshape(-1).to(dev)]
        prev = new_tokens.reshape(-1).to(dev)
    return [sentence.result(scores[i].tolist(), nodes or []) for i, sentence in enumerate(sentences)]


def _settled(finished: list[Hypothesis], live_scores: Tensor, k: int, alpha: float) -> bool:
    """Whether a sentence's search can stop. Without a length penalty it is exact: log p only falls
    as words are added, so once the best finished hypothesis beats every live one nothing can
    overtake it. With a penalty (scores of longer outputs are divided by more) no such bound is
    cheap, and the search stops once ``k`` hypotheses have finished (GNMT's rule)."""
    if not finished:
        return False
    if alpha == 0.0:
        return max(h.log_prob for h in finished) >= float(live_scores.max())
    return len(finished) >= k


@torch.no_grad()
def sample(model: Seq2Seq, src_vocab: Vocab, source: str, temperature: float = 1.0, seed: int = 0,
           max_len: int = MAX_OUTPUT_TOKENS) -> list[int]:
    """Ancestral sampling from softmax(logits / temperature); ids without <eos>."""
    enc = _encode(model, src_vocab, [source])
    return _side_by_side(model, enc, [_sampling_rounds(enc, temperature, seed, max_len)])[0]


def _sampling_rounds(enc: Encoded, temperature: float, seed: int, max_len: int):
    """``sample`` of one encoded sentence, one decoder step per round (``_side_by_side``)."""
    generator = torch.Generator().manual_seed(seed)
    dev = enc.hidden.device
    rows, hidden = torch.zeros(1, dtype=torch.long, device=dev), enc.hidden
    prev = torch.full((1,), BOS, dtype=torch.long, device=dev)
    out: list[int] = []
    for _ in range(max_len):
        logp, hidden = yield prev, hidden, rows
        probs = torch.softmax(logp[0].cpu() / temperature, dim=-1)
        token = int(torch.multinomial(probs, 1, generator=generator))
        if token == EOS:
            break
        out.append(token)
        prev = torch.tensor([token], device=dev)
    return out


@dataclass
class Scored:
    log_probs: Tensor  # (T', V) log p at each output position, T' = len(tokens) (+1 with <eos>)
    chosen: list[float]  # log p of each chosen token (<eos> last when finished)
    attention: Tensor | None  # (T', S)
    summary: Tensor  # (A,) the encoder's final state(s)


@torch.no_grad()
def score_tokens(model: Seq2Seq, src_vocab: Vocab, source: str, tokens: list[int], finished: bool = True) -> Scored:
    """Teacher-force ``tokens`` through the decoder: the distribution and attention at every position."""
    model.eval()
    enc = _encode(model, src_vocab, [source])
    dev = enc.hidden.device
    inputs = torch.tensor([[BOS, *tokens]], device=dev)
    if not finished:
        inputs = inputs[:, :-1] if tokens else inputs
    dec_out, _ = model.decoder(model.tgt_embed(inputs), enc.hidden)
    logits, weights = model.read(dec_out, enc)
    log_probs = torch.log_softmax(logits[0].float(), dim=-1).cpu()
    targets = tokens + [EOS] if finished else tokens
    chosen = [float(log_probs[i, t]) for i, t in enumerate(targets)]
    return Scored(log_probs[: len(targets)], chosen, None if weights is None else weights[0, : len(targets)].cpu(),
                  enc.summary[0].cpu())

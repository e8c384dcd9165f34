"""Sequence to sequence, Chinese in and English out (seed 000, concept 4).

``model`` (vocabularies, the classic and the attention encoder-decoder, batches), ``decoding``
(greedy, beam search with its tree, sampling, teacher-forced scoring), ``translate`` (checked
input and explained output: what a page or a notebook calls), ``evaluation`` (BLEU, BLEU by
source length), ``recipes`` (training and the shipped files).
"""

from __future__ import annotations

from playground.core.checkpoints import ModelCard
from playground.core.errors import InputError
from playground.core.lesson import Lesson, place
from playground.seq2seq.evaluation import BOTTLENECK, load_bottleneck
from playground.seq2seq.model import model_name
from playground.seq2seq.translate import Translator, load_translator

SHIPPED: dict[str, str] = {
    model_name(True): "zh->en translator with attention (bidirectional encoder)",
    model_name(False): "zh->en translator without attention (final state only)",
    BOTTLENECK: "test BLEU by source length, both translators (run after them)",
}


def load(name: str | None = None, *, attention: bool = True, directory=None, device=None):
    """A shipped translator by name or by ``attention`` (a frozen ``Translator``), or, for
    ``seq2seq_bottleneck``, the measured BLEU by source length; raises CheckpointError."""
    if name is None:
        name = model_name(attention)
    if name == BOTTLENECK:
        return load_bottleneck(directory)
    if name not in SHIPPED:
        raise InputError("bad_choice", name=name)
    return load_translator(name == model_name(True), directory, device)


def build(name: str, out_dir, device) -> ModelCard:
    from playground.seq2seq import recipes  # training code loads only for the CLI

    if name == BOTTLENECK:
        return recipes.build_bottleneck(out_dir, device)
    return recipes.build_translator(name == model_name(True), out_dir, device)


__all__ = ["SHIPPED", "Translator", "build", "load", "load_translator"]

LESSON = Lesson(
    __name__,
    icon=":material/translate:",
    main_widget="s2s_text",
    main_value="他每天早上喝咖啡。",
    shipped={
        "seq2seq": "playground.seq2seq",
    },
    question_place="lab",
    places=(
        place("formula", "s2s-formula", "编码器、解码器与条件概率 P(y_t | y_<t, x)",
              "encoder, decoder and P(y_t | y_<t, x)",
              at=(("textbook", "figure-4-4", 1),)),
        place("seed", "s2s-seed", "“我爱自然语言处理”的真实译文",
              "我爱自然语言处理 as the models translate it",
              at=(("script", "bi-seq2seq", 4),)),
        place("lab", "s2s-lab", "翻译：贪心、束搜索与采样",
              "translation: greedy, beam search and sampling",
              at=(("textbook", "uses", 2),)),
        place("context", "s2s-context", "经典模型的语义向量 c：整句只有这一个向量",
              "the classic model's vector c: the whole sentence in one vector",
              at=(("textbook", "figure-4-4", 2),), s2s_model="classic"),
        place("attention", "s2s-attention", "注意力图：每写一个词读哪几个字",
              "the attention map: what each word reads",
              at=(("textbook", "reading", 1),), s2s_model="attention"),
        place("bottleneck", "s2s-bottleneck", "瓶颈实测：两个模型都随句长下降，注意力模型在每个长度都领先，长句上领先最多",
              "the bottleneck, measured: both models fall as sources grow; attention leads at every length, "
              "most on long ones",
              at=(("script", "bi-seq2seq", 5),)),
    ),
)

"""Sentiment read token by token (seed 000's worked example, then trained classifiers).

``walkthrough`` (the lecture's scalar RNN), ``challenge`` (the order-sensitive sentences),
``recipes`` (training and the shipped models); the classifiers themselves (tokenisers, vocabulary,
network, traces, influence) are ``playground.models.sentiment``, which the gate lab reads too.
Loading: ``load(lang="zh", cell="lstm")`` or ``load("sentiment_zh_lstm")``.
"""

from __future__ import annotations

from playground.core.checkpoints import ModelCard
from playground.core.lesson import Lesson, place
from playground.models.sentiment import CHOICE_OF, SHIPPED, Classifier, load


def build(name: str, out_dir, device) -> ModelCard:
    from playground.sentiment.recipes import build_model  # training code loads only for the CLI

    return build_model(*CHOICE_OF[name], out_dir, device)


__all__ = ["SHIPPED", "Classifier", "build", "load"]

LESSON = Lesson(
    __name__,
    icon=":material/sentiment_satisfied:",
    main_widget="senti_review",
    main_value="great food, but the service was far too slow",
    shipped={
        "sentiment": "playground.sentiment",
    },
    question_place="models",
    places=(
        place("walk", "senti-walk", "服务 / 慢 / 但 / 很好：h、p = 0.82790（讲解稿印作 0.82792）、损失（nat 与 bit）",
              "服务 / 慢 / 但 / 很好: h, p = 0.82790 (the script prints 0.82792), the loss in nat and bit",
              at=(("script", "walkthrough", 1), ("textbook", "forward", 1))),
        place("first", "senti-walk", "x = (1, 0)：h₁ = 0.76159、h₂ = 0.36340（手算例子一节末尾），在逐步表里现算",
              "x = (1, 0): h₁ = 0.76159, h₂ = 0.36340 (at the end of the worked example), worked out in the step table",
              at=(("script", "hidden", 1),), senti_walk_table="[[\"x₁\", 1.0], [\"x₂\", 0.0]]"),
        place("copies", "senti-walk-copies", "分身 W：每一步的分身各得一份梯度，相加即自动求导的结果",
              "copies of W: each step's copy gets its own gradient, and their sum is autograd's",
              at=(("notes", "5", 2),)),
        place("opening", "senti-model", "训练好的模型逐字读开场那句外卖评论",
              "trained models read the opening's delivery review token by token",
              at=(("script", "intro", 1),), senti_model_lang="zh",
              senti_review="配送不慢，饭也不是不好吃，就是下次不会再点了"),
        place("steps", "senti-model", "每一步的中间输出：读到每个字时的正面概率",
              "an output at every step: the positive probability after each token",
              at=(("notes", "6.4", 3),)),
        place("models", "senti-model", "情感分析：RNN、LSTM、GRU 逐个 token 阅读（中文按字，英文按词）",
              "sentiment: RNN, LSTM and GRU reading token by token",
              at=(("textbook", "uses", 3),)),
    ),
)

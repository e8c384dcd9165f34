"""Lesson "character-level language models" (lecture 7, sections 6-7): sampling strategies, the
stages of training and live training (``live``), its page, settings, strings and question.

The models are ``playground.models.charlm`` (the cells and Beyond lessons read them too); this
package is also their notebook face: ``charlm.load(corpus="shakespeare", cell="lstm")``.
"""

from playground.core.lesson import Lesson, place
from playground.models.charlm.model import CORPORA, KINDS, SHIPPED_CHOICES
from playground.models.charlm.shipped import SHIPPED, LanguageModel, Stage, build, load, name_of, training_stages

__all__ = ["CORPORA", "KINDS", "SHIPPED", "SHIPPED_CHOICES", "LanguageModel", "Stage", "build", "load", "name_of",
           "training_stages"]

LESSON = Lesson(
    __name__,
    icon=":material/edit_note:",
    main_widget="lm_prompt",
    main_value="JULIET:\n",
    shipped={
        "charlm": "playground.models.charlm",
    },
    job_slots=("charlm",),
    model_classes=(
        "playground.models.charlm.engine.FastSampler",
        "playground.models.charlm.shipped.LanguageModel",
    ),
    question_place="greedy",
    places=(
        place("intro", "lm-intro", "逐步分类：下一个字符就是标签；2.2 分对 4.1 分的例子",
              "classification at every step: the next character is the label; the 2.2 vs 4.1 example",
              at=(("notes", "6.1", 1),)),
        place("embedding", "lm-intro", "嵌入层：按编号取出一行，而不是独热向量",
              "the embedding: a row looked up by index, not a one-hot vector",
              at=(("notes", "6.2", 1),)),
        place("lab", "lm-lab", "自回归采样：采出一个字符，喂回去，再预测下一个",
              "sampling autoregressively: draw a character, feed it back, predict the next",
              at=(("script", "intro", 2), ("textbook", "uses", 1), ("notes", "6.1", 2))),
        place("greedy", "lm-lab", "贪心解码：同样的开头永远写出同样的文字",
              "greedy decoding: the same prompt always writes the same text",
              at=(("notes", "6.4", 2),), lm_strategy="greedy"),
        place("code", "lm-lab", "在 Python 源码上训练的模型写代码（讲义用的是 Linux 内核）",
              "a model trained on Python source writes code (the notes used the Linux kernel)",
              at=(("notes", "6.3", 2),), lm_model="charlm_python_lstm", lm_prompt="def "),
        # n: min(settings.LENGTH.default, settings.COMPARED), the characters the button writes
        place("compare", "lm-compare", "同一个开头：贪心、采样、束搜索",
              "one prompt: greedy, sampling, beam search",
              at=(("notes", "6.4", 1),), press="charlm.compare.run", press_fields={"n": 160}),
        place("stages", "lm-stages", "训练的几个阶段：乱码 → 像英语 → 剧本格式",
              "stages of training: gibberish → English-like → the play's layout",
              at=(("notes", "6.3", 1),), press="charlm.stages.run"),
    ),
)

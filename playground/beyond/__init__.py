"""Both directions and beyond: the bidirectional cloze (``cloze``) and the cost of length
(``scaling``). Each ships its own files."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/swap_horiz:",
    main_widget="beyond_cloze_text",
    main_value="我吃了一个__",
    shipped={
        "cloze": "playground.beyond.cloze",
        "bicloze": "playground.beyond.bicloze",
        "scaling": "playground.beyond.scaling",
    },
    model_classes=(
        "playground.models.charlm.shipped.LanguageModel",
        "playground.beyond.bicloze.BidirectionalReader",
    ),
    behind_question=("beyond-generate",),
    question_place="generate",
    places=(
        place("cloze", "beyond-cloze", "填空“我在__工作”：只看左边、只看右边、两边都看",
              "filling 我在__工作: the left side, the right side, both sides",
              at=(("script", "bi-seq2seq", 2),)),
        place("generate", "beyond-generate", "为什么双向模型不能用来生成",
              "why a bidirectional model cannot generate",
              at=(("script", "bi-seq2seq", 3), ("script", "myths", 2))),
        place("cost", "beyond-cost", "逐步计算 O(T) 与注意力 O(T²)；并行扫描",
              "sequential O(T) vs attention O(T²); the parallel scan",
              at=(("script", "next", 1), ("textbook", "transformer", 2), ("notes", "8", 2), ("notes", "12", 1))),
        place("kv", "beyond-kv", "RNN 的状态大小固定，KV 缓存随长度增长",
              "an RNN's state stays one size, a KV cache grows with the length",
              at=(("script", "next", 2), ("textbook", "reading", 2), ("notes", "8", 1), ("notes", "12", 2))),
        place("claims", "beyond-claims", "Transformer 取代 RNN 的三个原因，各在哪里实测",
              "the three reasons Transformers replaced RNNs, and where each is measured",
              at=(("textbook", "transformer", 1),)),
    ),
)

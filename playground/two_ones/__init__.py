"""Lesson "two 1s in a row": the lecture's hand-built RNN (``model``), its page, settings, strings
and predict-first question."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/exposure_plus_1:",
    main_widget="ones_bits",
    main_value="1 1 0 1 1",
    shipped={
        "two_ones": "playground.two_ones.model",
    },
    job_slots=("two_ones",),
    behind_question=("ones-weights", "ones-steps", "ones-truth"),
    question_place="steps",
    places=(
        place("weights", "ones-weights", "三个矩阵各管什么：W_xh 写入、W_hh 搬运、W_hy 判断",
              "what each matrix does: W_xh writes, W_hh moves, W_hy decides",
              at=(("notes", "4", 1),)),
        place("steps", "ones-steps", "输入 0,1,0,1,1,1 按时间逐步走一遍",
              "0,1,0,1,1,1 stepped through in time",
              at=(("textbook", "forward", 2), ("notes", "4", 2))),
        place("truth", "ones-truth", "四种情形逐一代入 ReLU(当前值 + 前一个值 − 1)",
              "the four cases in ReLU(current + previous − 1)",
              at=(("notes", "4", 3),)),
        place("train", "ones-train", "L = Σ L_t，由 BPTT 求梯度，从零训练",
              "L = Σ L_t, gradients by BPTT, trained from scratch",
              at=(("textbook", "bptt", 2), ("notes", "5", 3)), press="two.train.start"),
    ),
)

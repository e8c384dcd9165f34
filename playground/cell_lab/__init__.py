"""Lesson "inside LSTM and GRU cells" (the gate lab): the scalar LSTM, one vector step, the
conveyor belt and the shapes of stacked RNNs (``model``), its page, settings, strings and question."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/memory_alt:",
    main_widget="lab_text",
    main_value="我在苹果工作",
    behind_question=("lab-scalar",),
    question_place="scalar",
    places=(
        place("intro", "lab-intro", "传送带、三个门与“带三把锁的抽屉”",
              "the conveyor belt, three gates and the drawer with three locks",
              at=(("textbook", "gates", 1), ("textbook", "drawer", 1))),
        place("scalar", "lab-scalar", "c_t = 0.9×0.8 + 0.2×0.5 = 0.82，门取连续值",
              "c_t = 0.9×0.8 + 0.2×0.5 = 0.82, gates take any value in between",
              at=(("script", "gates", 1), ("textbook", "figure-4-3", 1), ("textbook", "sigmoid", 1))),
        place("lstm_step", "lab-step", "LSTM 完整走一步，每个等式代入数字",
              "one full LSTM step, every equation with numbers",
              at=(("textbook", "gates", 2), ("notes", "11", 1)), lab_cell="lstm"),
        place("gru_step", "lab-step", "GRU 完整走一步：更新门与重置门",
              "one full GRU step: update and reset gates",
              at=(("script", "gates", 2), ("textbook", "gru", 1), ("notes", "11", 5)), lab_cell="gru"),
        place("belt", "lab-belt", "沿时间看传送带：∂C_T/∂C_t 是遗忘门的连乘，与 ResNet 同一思想",
              "the belt over time: ∂C_T/∂C_t is a product of forget gates, the idea of ResNet",
              at=(("textbook", "shortcut", 1), ("notes", "11", 2))),
        place("belt_review", "lab-belt", "同一句评论交给训练好的 LSTM：细胞状态与遗忘门逐字变化",
              "the same review through a trained LSTM: its cell state and forget gate token by token",
              at=(("script", "walkthrough", 2),), lab_text="服务慢，但味道很好"),
        place("params", "lab-params", "参数量：LSTM 约为 RNN 的 4 倍，GRU 约 3 倍",
              "parameter counts: LSTM about 4x an RNN, GRU about 3x",
              at=(("script", "gates", 3), ("textbook", "table-4-2", 1))),
        place("bi", "lab-shapes", "双向拼接：两边各 3 个分量，拼成 6 个",
              "bidirectional: 3 + 3 components make 6",
              at=(("script", "bi-seq2seq", 1),), lab_bi_hidden="3"),
        place("grid", "lab-shapes", "多层 RNN 的网格：右上角的状态依赖整个左下方",
              "the stacked grid: the top-right state needs the whole grid below and left of it",
              at=(("notes", "9.3", 1),)),
    ),
)

"""Vanishing and exploding gradients: a^k, gradient norms under autograd, clipping and truncated
BPTT (``experiments``); how far each cell remembers (``memory_span``, shipped as results)."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/trending_down:",
    main_widget="grad_k",
    main_value=11,  # one step right of 10
    shipped={
        "memory_span": "playground.gradients.memory_span",
    },
    job_slots=("span",),
    behind_question=("grad-scalar",),
    question_place="half",
    places=(
        place("intro", "grad-intro", "BPTT：各步的“分身 W”梯度相加；接力跑的比方",
              "BPTT: the gradients of each step's copy of W are summed; the relay race",
              at=(("textbook", "bptt", 1), ("textbook", "relay", 1), ("notes", "5", 1))),
        place("half", "grad-scalar", "0.5¹⁰ = 0.00097656：梯度消失",
              "0.5¹⁰ = 0.00097656: vanishing",
              at=(("script", "bptt", 1), ("textbook", "figure-4-2", 1)), grad_a="0.5", grad_k="10"),
        place("one_and_half", "grad-scalar", "1.5¹⁰ = 57.665：梯度爆炸",
              "1.5¹⁰ = 57.665: exploding",
              at=(("script", "bptt", 2), ("textbook", "figure-4-2", 2)), grad_a="1.5", grad_k="10"),
        place("underflow", "grad-scalar", "0.5²⁰⁰⁰ 在浮点数里下溢成 0：何时下溢、何时溢出",
              "0.5²⁰⁰⁰ underflows to 0 in floating point: when each type underflows or overflows",
              at=(("textbook", "not-zero", 1),), grad_a="0.5", grad_k="2000"),
        place("lab", "grad-lab", "真实 RNN 的 ‖∂h_T/∂h_t‖：tanh′ 与 W_hh 的奇异值；前向状态并不为零",
              "a real RNN's ‖∂h_T/∂h_t‖: tanh′ and the singular values of W_hh; the forward state is not zero",
              at=(("script", "bptt", 3), ("textbook", "figure-4-2", 3), ("notes", "10", 1))),
        place("identity", "grad-lab", "去掉非线性，只剩 W_hh 的奇异值：尺度 0.9 时每步乘 0.9，按 0.9ᵏ 衰减",
              "no nonlinearity: only W_hh's singular values; at scale 0.9 each step multiplies by 0.9, a 0.9ᵏ decay",
              at=(("notes", "10", 2),), grad_act="identity", grad_scale="0.9"),
        place("highway", "grad-compare", "遗忘门偏置 3：沿细胞状态回传的梯度衰减得慢得多（少衰减好几个数量级）",
              "forget-gate bias 3: the gradient along the cell state decays far more slowly, by orders of magnitude",
              at=(("textbook", "shortcut", 2), ("notes", "11", 3)), grad_forget_bias="3.0"),
        place("not_a_cure", "grad-compare", "遗忘门偏置 −2：LSTM 的梯度同样会消失",
              "forget-gate bias −2: an LSTM's gradient vanishes too",
              at=(("script", "myths", 3), ("notes", "11", 4)), grad_forget_bias="-2.0"),
        place("clip", "grad-clip", "梯度裁剪：不裁剪几步就 NaN，裁剪后训练继续；它治不了消失",
              "clipping: NaN within steps without it, training goes on with it; it does not cure vanishing",
              at=(("script", "bptt", 4), ("textbook", "not-zero", 2), ("notes", "10", 3))),
        place("tbptt", "grad-tbptt", "截断 BPTT：状态跨块传、梯度不跨块，显存随 k 而不随 T",
              "truncated BPTT: the state crosses chunks, the gradient does not; memory follows k, not T",
              at=(("script", "bptt", 5), ("notes", "5.1", 1))),
        place("span", "grad-span", "记忆跨度实测：RNN、LSTM、GRU 各能记多远",
              "memory span, measured: how far back RNN, LSTM and GRU remember",
              at=(("textbook", "long-term", 1), ("textbook", "table-4-2", 2), ("notes", "8", 3))),
    ),
)

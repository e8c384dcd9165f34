"""The lecture map: the three lecture texts' parts in their own order, each with the places in the
app that show it (a page, scrolled to a section, with the settings that show it) or the reason
there is none.

Pure data and two small functions (no Streamlit): the Home page draws the map, the tests open
every link. A link is ``./<url_path>?lang=..&<settings>#<anchor>``; the anchor is the ``anchor=``
of a header on that page, the same in both languages. The settings are written as the page's URL
writes them (``Setting.as_url``), so a page opened by the link leaves its address alone and the
browser keeps the ``#anchor`` to scroll to (Streamlit rewrites the address without the fragment
when a page changes its query).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from playground.charlm import settings as charlm_state
from playground.core.formatting import escape_markdown
from playground.core.i18n import LANGUAGES, t
from playground.core.pages import PAGES, PageSpec
from playground.core.settings import SKIPPED

Text = tuple[str, str]  # (中文, English)


@dataclass(frozen=True)
class Demo:
    """One place in the app: page (catalog key), header anchor, settings in the link, and what it shows."""

    page: str
    anchor: str
    what: Text
    settings: tuple[tuple[str, str], ...] = ()
    press: str | None = None  # the i18n key of the button the demo needs pressed (it runs on request)


@dataclass(frozen=True)
class Part:
    """One part of a lecture text. ``heading``: ``title[0]`` is the text's own heading (a figure's
    or table's caption up to its colon); otherwise the title names a passage under the heading
    before it. ``level`` 1 is a section, 2 a part inside the section above. ``missing`` says why
    the part (or some of it) has no demo."""

    id: str
    title: Text
    heading: bool = True
    level: int = 1
    demos: tuple[Demo, ...] = ()
    missing: Text | None = None


@dataclass(frozen=True)
class Seed:
    key: str
    file: str  # in shared/seeds (the lecture texts)
    title: Text
    parts: tuple[Part, ...]


def page_spec(key: str) -> PageSpec:
    return next(spec for spec in PAGES if spec.key == key)


# sections a page keeps collapsed until its "predict first" question is answered (issue 33): a link to
# one opens the question as skipped, so that the section it names is open
BEHIND_QUESTION = {"home-order": "home_guess", "lab-scalar": "lab_guess", "ones-weights": "ones_guess",
                   "ones-steps": "ones_guess", "ones-truth": "ones_guess", "grad-scalar": "grad_guess",
                   "cells-rank": "cells_guess", "cells-view": "cells_guess", "beyond-generate": "beyond_guess",
                   "fc-exposure": "fc_guess", "fc-table": "fc_guess"}


def query(demo: Demo, lang: str) -> dict[str, str]:
    """The link's query: the language, then the demo's settings (and, for a section behind the page's
    question, the question skipped)."""
    skipped = {BEHIND_QUESTION[demo.anchor]: SKIPPED} if demo.anchor in BEHIND_QUESTION else {}
    return {"lang": lang, **dict(demo.settings), **skipped}


def link(demo: Demo, lang: str) -> str:
    """The relative URL that opens the demo: the default page is served at the app's root."""
    spec = page_spec(demo.page)
    path = "./" if spec.default else f"./{spec.url_path}"
    return f"{path}?{urlencode(query(demo, lang))}#{demo.anchor}"


# --- the places, each named once ------------------------------------------------------------------
def _d(page: str, anchor: str, zh: str, en: str, press: str | None = None, **settings: object) -> Demo:
    return Demo(page, anchor, (zh, en), tuple((key, str(value)) for key, value in settings.items()), press)


HOME_INTRO = _d("home", "home-intro", "首页开头：给网络装上记忆", "Home's opening: giving a network memory")
HOME_SEQ = _d("home", "home-seq", "序列数据的三个特点与表 4-1", "the three traits of sequence data and table 4-1")
HOME_FOLDED = _d("home", "home-forms", "折叠画法：带自环的单元", "the folded drawing: a cell with a loop",
                 home_view="folded")
HOME_UNROLLED = _d("home", "home-forms", "按时间展开：每一步输入一个、输出一个，共用同一组权重",
                   "unrolled in time: one input and one output per step, the same weights at every step",
                   home_form="many_to_many_aligned")
HOME_ONE_TO_MANY = _d("home", "home-forms", "一对多的展开图（图像标注的形式）",
                      "the one-to-many graph (the form of image captioning)", home_form="one_to_many")
HOME_MANY_TO_ONE = _d("home", "home-forms", "多对一：只用最终状态，或对各步状态池化",
                      "many-to-one: the last state only, or pooled over every step", home_form="many_to_one")
HOME_UNALIGNED = _d("home", "home-forms", "多对多（不对齐）：编码器读完，解码器再写",
                    "many-to-many, unaligned: the encoder reads it all, then the decoder writes",
                    home_form="many_to_many_unaligned")
HOME_ORDER = _d("home", "home-order", "狗咬人与人咬狗：平均向量相同，RNN 的状态不同",
                "狗咬人 and 人咬狗: the same mean vector, different RNN states")
HOME_WINDOW = _d("home", "home-window", "France 落在窗口之外：固定窗口看不见，参数还随窗口膨胀",
                 "France outside the window: a fixed window cannot see it, and its parameters grow with it",
                 home_gap=30)
HOME_MYTHS = _d("home", "home-myths", "易错点：隐藏状态是有损摘要，长度不是隐藏维度",
                "misconceptions: the state is a lossy summary, length is not width")

ONES_WEIGHTS = _d("two_ones", "ones-weights", "三个矩阵各管什么：W_xh 写入、W_hh 搬运、W_hy 判断",
                  "what each matrix does: W_xh writes, W_hh moves, W_hy decides")
ONES_STEPS = _d("two_ones", "ones-steps", "输入 0,1,0,1,1,1 按时间逐步走一遍", "0,1,0,1,1,1 stepped through in time")
ONES_TRUTH = _d("two_ones", "ones-truth", "四种情形逐一代入 ReLU(当前值 + 前一个值 − 1)",
                "the four cases in ReLU(current + previous − 1)")
ONES_TRAIN = _d("two_ones", "ones-train", "L = Σ L_t，由 BPTT 求梯度，从零训练",
                "L = Σ L_t, gradients by BPTT, trained from scratch", press="two.train.start")

LAB_INTRO = _d("cell_lab", "lab-intro", "传送带、三个门与“带三把锁的抽屉”",
               "the conveyor belt, three gates and the drawer with three locks")
LAB_SCALAR = _d("cell_lab", "lab-scalar", "c_t = 0.9×0.8 + 0.2×0.5 = 0.82，门取连续值",
                "c_t = 0.9×0.8 + 0.2×0.5 = 0.82, gates take any value in between")
LAB_LSTM_STEP = _d("cell_lab", "lab-step", "LSTM 完整走一步，每个等式代入数字",
                   "one full LSTM step, every equation with numbers",
                   lab_cell="lstm")
LAB_GRU_STEP = _d("cell_lab", "lab-step", "GRU 完整走一步：更新门与重置门", "one full GRU step: update and reset gates",
                  lab_cell="gru")
LAB_BELT = _d("cell_lab", "lab-belt", "沿时间看传送带：∂C_T/∂C_t 是遗忘门的连乘，与 ResNet 同一思想",
              "the belt over time: ∂C_T/∂C_t is a product of forget gates, the idea of ResNet")
LAB_BELT_REVIEW = _d("cell_lab", "lab-belt", "同一句评论交给训练好的 LSTM：细胞状态与遗忘门逐字变化",
                     "the same review through a trained LSTM: its cell state and forget gate token by token",
                     lab_text="服务慢，但味道很好")
LAB_PARAMS = _d("cell_lab", "lab-params", "参数量：LSTM 约为 RNN 的 4 倍，GRU 约 3 倍",
                "parameter counts: LSTM about 4x an RNN, GRU about 3x")
LAB_BI = _d("cell_lab", "lab-shapes", "双向拼接：两边各 3 个分量，拼成 6 个", "bidirectional: 3 + 3 components make 6",
            lab_bi_hidden=3)
LAB_GRID = _d("cell_lab", "lab-shapes", "多层 RNN 的网格：右上角的状态依赖整个左下方",
              "the stacked grid: the top-right state needs the whole grid below and left of it")

GRAD_INTRO = _d("gradients", "grad-intro", "BPTT：各步的“分身 W”梯度相加；接力跑的比方",
                "BPTT: the gradients of each step's copy of W are summed; the relay race")
GRAD_HALF = _d("gradients", "grad-scalar", "0.5¹⁰ = 0.00097656：梯度消失", "0.5¹⁰ = 0.00097656: vanishing",
               grad_a=0.5, grad_k=10)
GRAD_ONE_AND_HALF = _d("gradients", "grad-scalar", "1.5¹⁰ = 57.665：梯度爆炸", "1.5¹⁰ = 57.665: exploding",
                       grad_a=1.5, grad_k=10)
GRAD_UNDERFLOW = _d("gradients", "grad-scalar", "0.5²⁰⁰⁰ 在浮点数里下溢成 0：何时下溢、何时溢出",
                    "0.5²⁰⁰⁰ underflows to 0 in floating point: when each type underflows or overflows",
                    grad_a=0.5, grad_k=2000)
GRAD_LAB = _d("gradients", "grad-lab", "真实 RNN 的 ‖∂h_T/∂h_t‖：tanh′ 与 W_hh 的奇异值；前向状态并不为零",
              "a real RNN's ‖∂h_T/∂h_t‖: tanh′ and the singular values of W_hh; the forward state is not zero")
GRAD_IDENTITY = _d("gradients", "grad-lab", "去掉非线性，只剩 W_hh 的奇异值：尺度 0.9 时每步乘 0.9，按 0.9ᵏ 衰减",
                   "no nonlinearity: only W_hh's singular values; at scale 0.9 each step multiplies by 0.9, a 0.9ᵏ decay",
                   grad_act="identity", grad_scale=0.9)
GRAD_HIGHWAY = _d("gradients", "grad-compare", "遗忘门偏置 3：沿细胞状态回传的梯度衰减得慢得多（少衰减好几个数量级）",
                  "forget-gate bias 3: the gradient along the cell state decays far more slowly, by orders of magnitude",
                  grad_forget_bias=3.0)
GRAD_NOT_A_CURE = _d("gradients", "grad-compare", "遗忘门偏置 −2：LSTM 的梯度同样会消失",
                     "forget-gate bias −2: an LSTM's gradient vanishes too", grad_forget_bias=-2.0)
GRAD_CLIP = _d("gradients", "grad-clip", "梯度裁剪：不裁剪几步就 NaN，裁剪后训练继续；它治不了消失",
               "clipping: NaN within steps without it, training goes on with it; it does not cure vanishing")
GRAD_TBPTT = _d("gradients", "grad-tbptt", "截断 BPTT：状态跨块传、梯度不跨块，显存随 k 而不随 T",
                "truncated BPTT: the state crosses chunks, the gradient does not; memory follows k, not T")
GRAD_SPAN = _d("gradients", "grad-span", "记忆跨度实测：RNN、LSTM、GRU 各能记多远",
               "memory span, measured: how far back RNN, LSTM and GRU remember")

SENTI_WALK = _d("sentiment", "senti-walk", "服务 / 慢 / 但 / 很好：h、p = 0.82790（讲解稿印作 0.82792）、损失（nat 与 bit）",
                "服务 / 慢 / 但 / 很好: h, p = 0.82790 (the script prints 0.82792), the loss in nat and bit")
SENTI_FIRST = _d("sentiment", "senti-walk", "x = (1, 0)：h₁ = 0.76159、h₂ = 0.36340（手算例子一节末尾），在逐步表里现算",
                 "x = (1, 0): h₁ = 0.76159, h₂ = 0.36340 (at the end of the worked example), worked out in the step table",
                 senti_walk_table='[["x₁", 1.0], ["x₂", 0.0]]')
SENTI_COPIES = _d("sentiment", "senti-walk-copies", "分身 W：每一步的分身各得一份梯度，相加即自动求导的结果",
                  "copies of W: each step's copy gets its own gradient, and their sum is autograd's")
SENTI_OPENING = _d("sentiment", "senti-model", "训练好的模型逐字读开场那句外卖评论",
                   "trained models read the opening's delivery review token by token",
                   senti_model_lang="zh", senti_review="配送不慢，饭也不是不好吃，就是下次不会再点了")
SENTI_STEPS = _d("sentiment", "senti-model", "每一步的中间输出：读到每个字时的正面概率",
                 "an output at every step: the positive probability after each token")
SENTI_MODELS = _d("sentiment", "senti-model", "情感分析：RNN、LSTM、GRU 逐个 token 阅读（中文按字，英文按词）",
                  "sentiment: RNN, LSTM and GRU reading token by token")

S2S_FORMULA = _d("seq2seq", "s2s-formula", "编码器、解码器与条件概率 P(y_t | y_<t, x)",
                 "encoder, decoder and P(y_t | y_<t, x)")
S2S_SEED = _d("seq2seq", "s2s-seed", "“我爱自然语言处理”的真实译文", "我爱自然语言处理 as the models translate it")
S2S_LAB = _d("seq2seq", "s2s-lab", "翻译：贪心、束搜索与采样", "translation: greedy, beam search and sampling")
S2S_CONTEXT = _d("seq2seq", "s2s-context", "经典模型的语义向量 c：整句只有这一个向量",
                 "the classic model's vector c: the whole sentence in one vector", s2s_model="classic")
S2S_ATTENTION = _d("seq2seq", "s2s-attention", "注意力图：每写一个词读哪几个字", "the attention map: what each word reads",
                   s2s_model="attention")
S2S_BOTTLENECK = _d("seq2seq", "s2s-bottleneck",
                    "瓶颈实测：两个模型都随句长下降，注意力模型在每个长度都领先，长句上领先最多",
                    "the bottleneck, measured: both models fall as sources grow; attention leads at every length, "
                    "most on long ones")

LM_INTRO = _d("charlm", "lm-intro", "逐步分类：下一个字符就是标签；2.2 分对 4.1 分的例子",
              "classification at every step: the next character is the label; the 2.2 vs 4.1 example")
LM_EMBEDDING = _d("charlm", "lm-intro", "嵌入层：按编号取出一行，而不是独热向量",
                  "the embedding: a row looked up by index, not a one-hot vector")
LM_LAB = _d("charlm", "lm-lab", "自回归采样：采出一个字符，喂回去，再预测下一个",
            "sampling autoregressively: draw a character, feed it back, predict the next")
LM_GREEDY = _d("charlm", "lm-lab", "贪心解码：同样的开头永远写出同样的文字",
               "greedy decoding: the same prompt always writes the same text",
               lm_strategy="greedy")
LM_CODE = _d("charlm", "lm-lab", "在 Python 源码上训练的模型写代码（讲义用的是 Linux 内核）",
             "a model trained on Python source writes code (the notes used the Linux kernel)",
             lm_model="charlm_python_lstm", lm_prompt="def ")
LM_COMPARE = _d("charlm", "lm-compare", "同一个开头：贪心、采样、束搜索", "one prompt: greedy, sampling, beam search",
                press="charlm.compare.run")
LM_STAGES = _d("charlm", "lm-stages", "训练的几个阶段：乱码 → 像英语 → 剧本格式",
               "stages of training: gibberish → English-like → the play's layout", press="charlm.stages.run")

CELLS_QUOTE = _d("charlm_cells", "cells-view", "引号细胞：字符串里外", "a quote cell: inside a string or not",
                 cells_focus="in_string")
CELLS_LINE = _d("charlm_cells", "cells-view", "行长细胞：在一行中的位置", "a line-length cell: the position in the line",
                cells_focus="column")
CELLS_IF = _d("charlm_cells", "cells-view", "if 语句细胞：用正则 \\bif\\b.*（只标出 if 那一行，不含语句块）找最接近的细胞",
              "an if-statement cell: the closest one to the pattern \\bif\\b.* (it marks the if line only, not the block)",
              cells_regex=r"\bif\b.*", cells_focus="regex")
CELLS_COMMENT = _d("charlm_cells", "cells-view", "注释细胞", "a comment cell", cells_focus="in_comment")
CELLS_INDENT = _d("charlm_cells", "cells-view", "缩进深度细胞", "an indent-depth cell", cells_focus="indent")

BEYOND_CLOZE = _d("beyond", "beyond-cloze", "填空“我在__工作”：只看左边、只看右边、两边都看",
                  "filling 我在__工作: the left side, the right side, both sides")
BEYOND_GENERATE = _d("beyond", "beyond-generate", "为什么双向模型不能用来生成", "why a bidirectional model cannot generate")
BEYOND_COST = _d("beyond", "beyond-cost", "逐步计算 O(T) 与注意力 O(T²)；并行扫描",
                 "sequential O(T) vs attention O(T²); the parallel scan")
FC_INTRO = _d("forecast", "fc-intro", "表 4-1 的时间序列：逐时气温，轻量 RNN/GRU 做在线时序预测",
              "table 4-1's time series: hourly temperatures, light RNNs/GRUs for online forecasting")
FC_TABLE = _d("forecast", "fc-table", "时间序列预测：RNN、GRU、LSTM 对持续法、季节朴素法和线性自回归",
              "time-series forecasting: RNN, GRU and LSTM against persistence, seasonal naive and a linear model")
FC_EXPOSURE = _d("forecast", "fc-exposure", "多步预报：教师强制与自由运行，误差逐步累积",
                 "forecasting many steps: teacher forcing against free running, the error building up")
BEYOND_KV = _d("beyond", "beyond-kv", "RNN 的状态大小固定，KV 缓存随长度增长",
               "an RNN's state stays one size, a KV cache grows with the length")
BEYOND_CLAIMS = _d("beyond", "beyond-claims", "Transformer 取代 RNN 的三个原因，各在哪里实测",
                   "the three reasons Transformers replaced RNNs, and where each is measured")


# --- the three texts --------------------------------------------------------------------------------
SCRIPT = Seed("script", "000_655e3f0b1031d3f0.txt", ("讲解稿（第 07 章第 03 节）", "Lecture script (ch. 7 §3)"), (
    Part("intro", ("导语", "Opening"), demos=(SENTI_OPENING, LM_LAB),
         missing=("英文 “bank” 的两个词义没有演示：本应用的双向填空模型只读中文。",
                  "The two senses of English \"bank\" have no demo: the app's two-sided cloze model reads Chinese only.")),
    Part("route", ("复习昨日 & 今日路线", "Yesterday, and today's route"), demos=(HOME_ORDER,)),
    Part("hidden", ("核心概念一 · 隐藏状态：给序列一份滚动摘要", "Key idea 1 · The hidden state: a rolling summary"),
         demos=(SENTI_FIRST, HOME_UNROLLED, HOME_ORDER, HOME_MYTHS)),
    Part("bptt", ("核心概念二 · 时间反向传播：误差怎样穿过整句话", "Key idea 2 · Backpropagation through time"),
         demos=(GRAD_HALF, GRAD_ONE_AND_HALF, GRAD_LAB, GRAD_CLIP, GRAD_TBPTT)),
    Part("gates", ("核心概念三 · LSTM 与 GRU：用门控制保留和改写", "Key idea 3 · LSTM and GRU: gates that keep and rewrite"),
         demos=(LAB_SCALAR, LAB_GRU_STEP, LAB_PARAMS)),
    Part("bi-seq2seq", ("核心概念四 · 双向 RNN 与 seq2seq：从标注到翻译",
                        "Key idea 4 · Bidirectional RNNs and seq2seq: from tagging to translation"),
         demos=(LAB_BI, BEYOND_CLOZE, BEYOND_GENERATE, S2S_SEED, S2S_BOTTLENECK)),
    Part("walkthrough", ("一个走完全程的例子 · 读完一句评论再判断情感",
                         "One example all the way · Judging a review after reading it"),
         demos=(SENTI_WALK, LAB_BELT_REVIEW)),
    Part("myths", ("易错点回头看", "Misconceptions, once more"), demos=(HOME_MYTHS, BEYOND_GENERATE, GRAD_NOT_A_CURE)),
    Part("next", ("与下节的钩子", "Towards the next section"), demos=(BEYOND_COST, BEYOND_KV)),
))

TEXTBOOK = Seed("textbook", "001_66d55d1d53ad06c9.txt", ("教材第 4 章", "Textbook, chapter 4"), (
    Part("4", ("第4章 循环神经网络", "Chapter 4 Recurrent neural networks"), demos=(HOME_INTRO,)),
    Part("4.1", ("4.1 经典循环神经网络", "4.1 The classic recurrent neural network")),
    Part("table-4-1", ("表 4-1 常见序列数据", "Table 4-1 Common sequence data"), level=2, demos=(HOME_SEQ, FC_INTRO)),
    Part("window", ("为什么窗口不行", "Why a window fails"), level=2, demos=(HOME_WINDOW,)),
    Part("figure-4-1", ("图 4-1 循环神经网络的两种表示", "Figure 4-1 Two drawings of an RNN"), level=2,
         demos=(HOME_FOLDED, HOME_UNROLLED)),
    Part("forward", ("前向计算：两条公式与伪代码", "The forward pass: two formulas and pseudocode"), heading=False, level=2,
         demos=(SENTI_WALK, ONES_STEPS)),
    Part("bptt", ("随时间反向传播（BPTT）", "Backpropagation through time (BPTT)"), heading=False, level=2,
         demos=(GRAD_INTRO, ONES_TRAIN)),
    Part("figure-4-2", ("图 4-2 误差信号随时间步长回传时的两种命运",
                        "Figure 4-2 The two fates of an error signal sent back in time"),
         level=2, demos=(GRAD_HALF, GRAD_ONE_AND_HALF, GRAD_LAB)),
    Part("not-zero", ("梯度消失 ≠ 梯度为零", "Vanishing ≠ zero"), level=2, demos=(GRAD_UNDERFLOW, GRAD_CLIP)),
    Part("one-line", ("一句话理解 RNN", "RNNs in one sentence"), level=2,
         missing=("小结，没有单独的演示：它的每一点都在本节上面的链接里。",
                  "A summary, with no demo of its own: each of its points is linked above.")),
    Part("relay", ("类比：接力跑", "Analogy: a relay race"), level=2, demos=(GRAD_INTRO,)),
    Part("long-term", ("长期依赖：只记得住几步到十几步", "Long-term dependencies: a few steps to a dozen or so"),
         heading=False, level=2, demos=(GRAD_SPAN,)),
    Part("4.2", ("4.2 长短时记忆神经网络", "4.2 Long short-term memory")),
    Part("gates", ("传送带与三个门", "The conveyor belt and three gates"), heading=False, level=2,
         demos=(LAB_INTRO, LAB_LSTM_STEP)),
    Part("figure-4-3", ("图 4-3 LSTM 单元结构", "Figure 4-3 The LSTM cell"), level=2, demos=(LAB_SCALAR,)),
    Part("drawer", ("类比：带三把锁的抽屉", "Analogy: a drawer with three locks"), level=2, demos=(LAB_INTRO,)),
    Part("sigmoid", ("门为什么用 sigmoid", "Why gates use a sigmoid"), level=2, demos=(LAB_SCALAR,)),
    Part("shortcut", ("误差沿传送带回传：恒等捷径", "The error along the belt: an identity shortcut"), heading=False,
         level=2, demos=(LAB_BELT, GRAD_HIGHWAY)),
    Part("table-4-2", ("表 4-2 LSTM 与经典 RNN 对比", "Table 4-2 LSTM vs the classic RNN"), level=2,
         demos=(LAB_PARAMS, GRAD_SPAN)),
    Part("gru", ("GRU：更新门与重置门", "GRU: update and reset gates"), heading=False, level=2, demos=(LAB_GRU_STEP,)),
    Part("uses", ("LSTM 的典型应用", "What LSTMs were used for"), heading=False, level=2,
         demos=(LM_LAB, S2S_LAB, SENTI_MODELS, FC_TABLE, FC_EXPOSURE),
         missing=("语音识别与命名实体识别没有演示。",
                  "Speech recognition and named-entity recognition have no demo.")),
    Part("figure-4-4", ("图 4-4 Seq2Seq 编码器—解码器结构", "Figure 4-4 The seq2seq encoder-decoder"), level=2,
         demos=(S2S_FORMULA, S2S_CONTEXT, HOME_UNALIGNED)),
    Part("transformer", ("Transformer 为何取代了 RNN", "Why Transformers replaced RNNs"), heading=False, level=2,
         demos=(BEYOND_CLAIMS, BEYOND_COST)),
    Part("points", ("本章要点", "Key points of the chapter"),
         missing=("小结，没有单独的演示：各点见上。", "A summary, with no demo of its own: see the parts above.")),
    Part("reading", ("延伸阅读 · 与现代AI的联系", "Further reading · Links to modern AI"),
         demos=(S2S_ATTENTION, BEYOND_KV, FC_INTRO),
         missing=("大语言模型、MoE 路由与流式语音识别没有演示。",
                  "Large language models, MoE routing and streaming speech recognition have no demo.")),
))

NOTES = Seed("notes", "003_6df19f0fb6c73f4a.txt", ("讲义第 7 讲", "Lecture notes, lecture 7"), (
    Part("1", ("一、开场：上一讲的两个澄清与一个工具推荐", "1. Opening: two points from last time and a tool"),
         missing=("这一节讲的是上一讲的 Dropout、LayerNorm 与实验管理工具，不属于 RNN，本应用不演示。",
                  "About the previous lecture (Dropout, LayerNorm, an experiment tracker), not RNNs: no demo here.")),
    Part("2", ("二、从固定输入到序列建模：四种任务形式", "2. From fixed inputs to sequences: four forms"),
         demos=(HOME_ONE_TO_MANY, HOME_MANY_TO_ONE, HOME_UNALIGNED, HOME_UNROLLED)),
    Part("3", ("三、RNN 的基本思想：隐藏状态与随时间展开", "3. The RNN's idea: a hidden state, unrolled in time"),
         demos=(HOME_FOLDED, HOME_UNROLLED)),
    Part("4", ("四、Vanilla RNN 公式与一个手算到底的实例", "4. The vanilla RNN and an example worked by hand"),
         demos=(ONES_WEIGHTS, ONES_STEPS, ONES_TRUTH)),
    Part("5", ("五、随时间反向传播（BPTT）与截断技巧", "5. Backpropagation through time and truncation"),
         demos=(GRAD_INTRO, SENTI_COPIES, ONES_TRAIN, HOME_MANY_TO_ONE)),
    Part("5.1", ("5.1 显存危机与截断 BPTT", "5.1 Running out of memory, and truncated BPTT"), level=2, demos=(GRAD_TBPTT,)),
    Part("6", ("六、RNN 做语言模型：训练、采样与嵌入层", "6. An RNN as a language model: training, sampling, embeddings")),
    Part("6.1", ("6.1 训练：逐步分类问题", "6.1 Training: a classification at every step"), level=2,
         demos=(LM_INTRO, LM_LAB)),
    Part("6.2", ("6.2 嵌入层：为什么不用独热向量喂模型", "6.2 Embeddings: why not feed one-hot vectors"), level=2,
         demos=(LM_EMBEDDING,)),
    Part("6.3", ("6.3 从莎士比亚到 Linux 内核：生成的进化",
                 "6.3 From Shakespeare to the Linux kernel: how generation improves"),
         level=2, demos=(LM_STAGES, LM_CODE)),
    Part("6.4", ("6.4 三个课堂问答：标注、采样与中间输出", "6.4 Three questions: labels, sampling, outputs along the way"),
         level=2, demos=(LM_COMPARE, LM_GREEDY, SENTI_STEPS)),
    Part("7", ("七、窥视 RNN 的内心：可解释的隐藏细胞", "7. Inside an RNN: interpretable cells"),
         demos=(CELLS_QUOTE, CELLS_LINE, CELLS_IF, CELLS_COMMENT, CELLS_INDENT),
         missing=("Linux 内核（C 代码）上训练的模型：本应用的模型读的是 Python 标准库的源码。",
                  "A model trained on the Linux kernel (C): the app's models read the Python standard library's source.")),
    Part("8", ("八、RNN 的优点与缺点", "8. What RNNs do well and badly"), demos=(BEYOND_KV, BEYOND_COST, GRAD_SPAN)),
    Part("9", ("九、RNN 在计算机视觉中的应用", "9. RNNs in computer vision"),
         missing=("本应用没有图像模型，视觉任务都无从演示。",
                  "The app has no image model, so none of the vision tasks can be shown.")),
    Part("9.1", ("9.1 图像标注：CNN 与 RNN 的两级流水线", "9.1 Image captioning: a CNN, then an RNN"), level=2,
         demos=(HOME_ONE_TO_MANY,),
         missing=("上面只是这种形式的计算图：本应用没有视觉编码器和标注模型，也就看不到共现偏差造成的“幻觉”。",
                  "The link shows only the form's graph: the app has no image encoder or captioning model, so the "
                  "hallucinations that co-occurrence bias causes cannot be shown.")),
    Part("9.2", ("9.2 视觉问答的两种形式", "9.2 Two forms of visual question answering"), level=2,
         missing=("本应用没有视觉问答、视觉对话或导航模型。",
                  "The app has no visual question answering, dialogue or navigation model.")),
    Part("9.3", ("9.3 多层 RNN：时间与深度的网格", "9.3 Stacked RNNs: a grid of time and depth"), level=2,
         demos=(LAB_GRID,)),
    Part("10", ("十、命门：梯度的消失与爆炸", "10. The weak spot: vanishing and exploding gradients"),
         demos=(GRAD_LAB, GRAD_IDENTITY, GRAD_CLIP)),
    Part("11", ("十一、LSTM：四个门与一条信息高速公路", "11. LSTM: four gates and an information highway"),
         demos=(LAB_LSTM_STEP, LAB_BELT, GRAD_HIGHWAY, GRAD_NOT_A_CURE, LAB_GRU_STEP)),
    Part("12", ("十二、RNN 的当代回声：状态空间模型", "12. RNNs today: state-space models"), demos=(BEYOND_COST, BEYOND_KV),
         missing=("Mamba、RWKV 本身没有演示：这里实测的是它们依靠的并行扫描与固定大小的状态。",
                  "Mamba and RWKV themselves have no demo: what is measured here is the parallel scan and the "
                  "fixed-size state they rely on.")),
    Part("13", ("十三、本讲要点回顾", "13. Summary of the lecture"),
         missing=("小结，没有单独的演示：各点见上。", "A summary, with no demo of its own: see the parts above.")),
))

SEEDS: tuple[Seed, ...] = (SCRIPT, TEXTBOOK, NOTES)


def demos() -> list[Demo]:
    """Every distinct place the map links to, in the map's order."""
    seen: dict[Demo, None] = {}
    for seed in SEEDS:
        for part in seed.parts:
            seen.update(dict.fromkeys(part.demos))
    return list(seen)


# --- the map as Home draws it -------------------------------------------------------------------------
PRESS: Text = ("（打开后点“{button}”）", "(once open, press “{button}”)")
HEADER: Text = ("教学材料对照", "Lecture map")
INTRO: Text = (
    "三份教学材料——讲解稿、教材第 4 章、讲义第 7 讲——按各自原来的顺序逐节列出。每个链接在新标签页里打开"
    "演示这一节的页面，滚动到对应的小节，并带上演示它所需的设置；本应用没有演示的部分，写明了原因。",
    "The three lecture texts (the lecture script, chapter 4 of the textbook, lecture 7 of the notes), part by "
    "part in their own order. Each link opens, in a new tab, the page that shows the part, scrolled to its "
    "section and with the settings that show it; where the app has no demo, the map says why.",
)
NO_DEMO: Text = ("没有演示", "No demo")
NOT_HERE: Text = ("缺少的部分", "Missing")
PARTS: Text = ("{parts} 个部分，{shown} 个有演示", "{parts} parts, {shown} with a demo")


def say(text: Text, lang: str, **fields: object) -> str:
    """The text in ``lang`` (zh or en), its ``{fields}`` filled in."""
    chosen = text[LANGUAGES.index(lang)] if lang in LANGUAGES else text[1]
    return chosen.format(**fields) if fields else chosen


def counted(seed: Seed) -> list[Part]:
    """The parts that count: a section whose parts follow it (no demo, no reason) is their heading."""
    return [part for part in seed.parts if part.demos or part.missing is not None]


def seed_label(seed: Seed, lang: str) -> str:
    parts = counted(seed)
    shown = sum(1 for part in parts if part.demos)
    return f"{say(seed.title, lang)} · {say(PARTS, lang, parts=len(parts), shown=shown)}"


def button_label(key: str, lang: str) -> str:
    # (the decoders' button names the characters each writes: a map link leaves the length at its default)
    return t(key, lang, n=min(charlm_state.LENGTH.default, charlm_state.COMPARED))


def markdown(seed: Seed, lang: str) -> str:
    """One text's parts as a nested list: each part in bold, under it a link per demo ("page › what it
    shows") and the reason for what has none."""
    lines = []
    for part in seed.parts:
        indent = "  " * (part.level - 1)
        lines.append(f"{indent}- **{escape_markdown(say(part.title, lang))}**")
        for demo in part.demos:
            label = f"{t(f'page.{demo.page}.title', lang)} › {say(demo.what, lang)}"
            press = "" if demo.press is None else " " + say(PRESS, lang).format(button=button_label(demo.press, lang))
            lines.append(f"{indent}  - [{escape_markdown(label)}]({link(demo, lang)}){escape_markdown(press)}")
        if part.missing is not None:
            mark = say(NOT_HERE if part.demos else NO_DEMO, lang)
            lines.append(f"{indent}  - *{mark}*：{escape_markdown(say(part.missing, lang))}" if lang == "zh" else
                         f"{indent}  - *{mark}*: {escape_markdown(say(part.missing, lang))}")
    return "\n".join(lines)

"""UI strings of the LSTM and GRU gate lab, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.cell_lab.title": {"zh": "LSTM 与 GRU：门控实验室", "en": "LSTM and GRU: the gate lab"},
    "page.cell_lab.blurb": {
        "zh": "带数字的门、细胞状态“传送带”、沿 C 回传的梯度等于遗忘门之积、参数量对比、多层与双向的形状。",
        "en": "Gates with numbers, the cell-state conveyor belt, the gradient along C as a product of forget gates, parameter counts, stacked and bidirectional shapes.",
    },
    # --- LSTM and GRU cell lab ---------------------------------------------------------------
    "lab.title": {"zh": "LSTM 与 GRU：给记忆装上阀门", "en": "LSTM and GRU: valves on the memory"},
    "lab.intro": {
        "zh": (
            "普通 RNN 每一步都重写同一份摘要，像用橡皮擦反复修改便签，早期内容容易被覆盖。"
            "1997 年，Hochreiter 与 Schmidhuber 提出 LSTM（长短期记忆网络）：它多维护一条**细胞状态** $C_t$——一条几乎不经变换、横贯各时间步的传送带，"
            "再用三个取值在 0 到 1 之间的**门**决定：旧信息留多少（遗忘门）、新信息写多少（输入门）、当前读出多少（输出门）。"
            "不过，1997 年的原始 LSTM 只有输入门和输出门，遗忘门是 Gers、Schmidhuber 与 Cummins 在 2000 年才加上的；教材把三个门一并归到 1997 年，并不准确。今天通用的 LSTM，包括本页的，都是加了遗忘门的版本。"
            "2014 年，Cho 等人提出的 GRU（门控循环单元）更精简：把遗忘门和输入门合并成一个**更新门** $z_t$，再加一个**重置门** $r_t$ 控制旧记忆用多少，不再有单独的细胞状态。\n\n"
            "打个比方：LSTM 的记忆像一个**带三把锁的抽屉**。遗忘门决定把抽屉里不再有用的旧物扔掉（读到新话题时清空旧记忆）；输入门决定把眼前的新东西放进抽屉（记住“France”）；输出门决定把抽屉里的哪部分展示给外人看（当前时刻只透露当下需要的信息）。"
            "三把锁的开合程度不是人设定的，而是网络从数据里学出来的——它们只是带 sigmoid 的线性层，通过梯度下降自动找到最佳的“开关”位置。"
        ),
        "en": (
            "A plain RNN rewrites the same summary at every step, like a note erased and rewritten, so early content is easily lost. "
            "In 1997 Hochreiter and Schmidhuber proposed the LSTM (long short-term memory network), which also keeps a **cell state** $C_t$, a conveyor belt that runs through the time steps almost untransformed, "
            "and three **gates** with values between 0 and 1 decide how much old information to keep (forget gate), how much new to write (input gate) and how much to read out now (output gate). "
            "Strictly, the original 1997 LSTM had only the input and output gates; the forget gate was added by Gers, Schmidhuber and Cummins in 2000, so the textbook is not quite right to date all three gates to 1997. The LSTM in use today, this page's included, is the one with the forget gate. "
            "The GRU (gated recurrent unit), proposed by Cho et al. in 2014, is leaner: it merges the forget and input gates into one **update gate** $z_t$, adds a **reset gate** $r_t$ that sets how much of the old memory to use, and has no separate cell state.\n\n"
            "Picture an LSTM's memory as a **drawer with three locks**. The forget gate decides which old things in the drawer are no longer useful and throws them out (clearing the old memory when a new topic begins); the input gate decides which new things in front of it go into the drawer (remembering \"France\"); the output gate decides which part of the drawer to show to the outside (revealing at each moment only what is needed now). "
            "How far each lock opens is not set by a person but learned from data: each gate is just a linear layer with a sigmoid, and gradient descent finds where its switch should be."
        ),
    },
    "lab.scalar.header": {"zh": "讲解稿里的一维例子", "en": "The lecture script's one-dimensional example"},
    "lab.scalar.intro": {
        "zh": "门由 sigmoid 产生，$\\sigma(a)=1/(1+e^{-a})$，例如 $\\sigma(0)=0.5$；候选记忆由 $\\tanh$ 产生，$\\tanh(0)=0$；$\\odot$ 是逐元素乘法，例如 $(1,2)^\\top\\odot(3,4)^\\top=(3,8)^\\top$。讲解稿的一维例子：旧记忆 $c_{t-1}=0.8$，遗忘门 $f_t=0.9$，输入门 $i_t=0.2$，候选记忆 $\\widetilde c_t=0.5$：旧记忆贡献 0.72，新记忆贡献 0.10，合计 0.82。放到句子里：前面出现主语“孩子们”，网络可以让有关复数的信息在若干步内保持较大的保留比例（遗忘门接近 1），帮助后面选“他们”而不是“他”——这不是手写的规则，是训练数据让门学出来的。拖动滑块看每一项怎样变化。（记号：讲解稿的例子把细胞状态写成小写 $c_t$，本节照用；教材和本页其余各节写成大写 $C_t$，两者是同一个量。）",
        "en": "Gates come from the sigmoid, $\\sigma(a)=1/(1+e^{-a})$, e.g. $\\sigma(0)=0.5$; the candidate from $\\tanh$, $\\tanh(0)=0$; $\\odot$ multiplies element by element, e.g. $(1,2)^\\top\\odot(3,4)^\\top=(3,8)^\\top$. The lecture script's one-dimensional example: old memory $c_{t-1}=0.8$, forget gate $f_t=0.9$, input gate $i_t=0.2$, candidate $\\widetilde c_t=0.5$: the old memory contributes 0.72, the new 0.10, together 0.82. In a sentence: after the subject 孩子们 (\"the children\"), the network can keep the plural information with a large retention (a forget gate near 1) for several steps, which later helps choose 他们 (\"they\") over 他 (\"he\"): not a hand-written rule, but what the training data made the gate learn. Drag the sliders to see each term move. (Notation: the lecture script's example writes the cell state as a lower-case $c_t$, and so does this section; the textbook and the rest of this page write a capital $C_t$. They are the same quantity.)",
    },
    "lab.scalar.c_prev": {"zh": "旧记忆 cₜ₋₁", "en": "old memory cₜ₋₁"},
    "lab.scalar.f": {"zh": "遗忘门 fₜ", "en": "forget gate fₜ"},
    "lab.scalar.i": {"zh": "输入门 iₜ", "en": "input gate iₜ"},
    "lab.scalar.c_tilde": {"zh": "候选记忆 c̃ₜ", "en": "candidate c̃ₜ"},
    "lab.scalar.o": {"zh": "输出门 oₜ", "en": "output gate oₜ"},
    "lab.scalar.added": {
        "zh": "讲解稿的例子只算到 $c_t=0.82$。输出门 $o_t$（本页默认取 0.5）和代入数字的 $h_t=o_t\\tanh(c_t)$ 这一行是本页补充的：讲解稿的例子没有给 $o_t$ 的值，也没有算 $h_t$。",
        "en": "The lecture script's example stops at $c_t=0.82$. The output gate $o_t$ (0.5 by default on this page) and the worked line $h_t=o_t\\tanh(c_t)$ are this page's additions: the script's example gives no value of $o_t$ and does not compute $h_t$.",
    },
    "lab.scalar.soft": {
        "zh": "门是**软开关**，不是布尔开关：0.2、0.73 都是合法的门值。“0 表示关、1 表示开”只能当极端情形的直觉，sigmoid 的输出永远落在 0 和 1 之间。",
        "en": "Gates are **soft switches**, not booleans: 0.2 and 0.73 are perfectly good gate values. \"0 means closed, 1 means open\" is only the intuition for the extremes; a sigmoid's output always lies strictly between 0 and 1.",
    },
    "lab.scalar.extreme": {
        "zh": "你把门设成了恰好 {value}。sigmoid 只能无限接近 0 或 1，真实网络里的门几乎不会取到端点。",
        "en": "You set a gate to exactly {value}. A sigmoid only approaches 0 or 1; a real network's gates practically never sit at the ends.",
    },
    "lab.scalar.diagram": {"zh": "LSTM 单元与它的数值", "en": "The LSTM cell with its numbers"},
    "lab.step.header": {"zh": "向量版：完整走一步", "en": "With vectors: one full step"},
    "lab.step.intro": {
        "zh": "一个输入 3 维、隐藏 2 维的小单元。权重由随机种子决定，输入 $x_t$、$h_{t-1}$、$C_{t-1}$ 可以直接改。教材里的每一个等式都代入了这一步的数字。讲义第十一节说 LSTM 每一步“算出四个门控量”，把候选写入也算作一个门，这个说法不确切：门只有三个（遗忘门、输入门、输出门），都经过 sigmoid，取值在 0 到 1 之间，决定放行多少；候选记忆 $\\widetilde C_t$ 经过的是 tanh，取值在 −1 到 1 之间，它不控制别的量，而是要写进细胞的内容本身。四个量各有一套权重，所以参数是 4 套，门却是 3 个。",
        "en": "A small cell with 3 inputs and 2 hidden units. The weights come from a seed; the inputs $x_t$, $h_{t-1}$ and $C_{t-1}$ are yours to edit. Every equation of the textbook appears with this step's numbers. The lecture notes (section 11) say an LSTM computes \"four gating quantities\" at each step, counting the candidate as a gate; strictly there are three gates (forget, input, output), each a sigmoid between 0 and 1 that decides how much to let through, while the candidate memory $\\widetilde C_t$ comes from tanh, lies between −1 and 1 and controls nothing: it is the content to be written. Each of the four has its own weights, so there are 4 blocks of parameters but 3 gates.",
    },
    "lab.step.cell": {"zh": "单元类型", "en": "Cell"},
    "lab.cell.lstm": {"zh": "LSTM", "en": "LSTM"},
    "lab.cell.gru": {"zh": "GRU", "en": "GRU"},
    "lab.step.seed": {"zh": "权重的随机种子", "en": "Weight seed"},
    "lab.step.unit": {"zh": "图中显示第几个隐藏单元", "en": "Hidden unit shown in the diagram"},
    "lab.step.weights": {"zh": "这一步用到的权重矩阵（作用在 $[h_{t-1}, x_t]$ 上）", "en": "The weight matrices of this step (acting on $[h_{t-1}, x_t]$)"},
    "lab.step.gru_note": {
        "zh": "这里的 GRU 按教材的写法计算：$z_t$ 是候选状态所占的比例，重置门作用在 $W_h$ 之前（先算 $r_t\\odot h_{t-1}$，再乘权重）。PyTorch 的 `nn.GRU` 与它有两处不同。一处是 $z$：PyTorch 的 $z$ 是旧状态所占的比例，换成 $1-z$ 就和教材一致，这只是记法之差。另一处是重置门的位置：PyTorch 把它用在 $W_{hn}h$ 之后。重置门在前与在后是两个不同的函数，同一组权重算出的候选状态并不相同，无法互相换算。本页算的是教材的写法（重置门在前）。与 PyTorch 的计算结果核对过的只有两点：$z$ 的翻转，以及重置门在后的写法（本库另有按这种写法计算的选项）；本页这种写法，是按教材的公式逐项核对的。",
        "en": "The GRU here is computed the textbook's way: $z_t$ is the candidate's share and the reset gate acts before $W_h$ (first $r_t\\odot h_{t-1}$, then the weights). PyTorch's `nn.GRU` differs in two places. One is $z$: PyTorch's $z$ is the old state's share, and $1-z$ gives the textbook's, a difference of notation only. The other is where the reset gate acts: PyTorch applies it after $W_{hn}h$. Reset-before and reset-after are different functions: the same weights give different candidates, and neither can be converted into the other. This page computes the textbook's form (reset before). Only two things are checked against PyTorch's results: the flip of $z$, and the reset-after form (which the library can also compute); the textbook's form shown here is checked term by term against the textbook's formulas.",
    },
    "lab.belt.header": {"zh": "沿时间看传送带", "en": "The conveyor belt over time"},
    "lab.belt.intro": {
        "zh": "把一句话逐个 token 送进训练好的情感 LSTM，看细胞状态和遗忘门怎样随时间变化（图中是细胞状态变化最大的 4 个单元，标的是它们在模型里的编号）。调高遗忘门偏置，门更接近 1，传送带上的信息保留得更久。",
        "en": "Feed a sentence token by token into the trained sentiment LSTM and watch the cell state and the forget gates over time (the 4 units whose cell state moves most, labelled by their numbers in the model). Raise the forget-gate bias: the gates move towards 1 and the belt keeps its contents longer.",
    },
    "lab.belt.trained": {"zh": "使用随应用发布的{language}情感 LSTM（偏置的改动只作用于副本）。", "en": "Using the shipped {language} sentiment LSTM (the bias change applies to a copy)."},
    "lab.belt.seeded": {"zh": "训练好的情感模型不可用，这里用固定种子的随机 LSTM 和随机字向量。", "en": "The trained sentiment model is unavailable; this is a seeded random LSTM with random character vectors."},
    "lab.belt.text": {"zh": "句子", "en": "Sentence"},
    "lab.belt.bias": {"zh": "遗忘门偏置", "en": "Forget-gate bias"},
    "lab.belt.t": {"zh": "时间步 t", "en": "Time step t"},
    "lab.belt.frame": {"zh": "t = {t}（共 {n} 步），读入 “{token}”", "en": "t = {t} of {n}, reading “{token}”"},
    "lab.belt.play_note": {
        "zh": "按 ▶ 播放，在浏览器里沿着句子一步步看传送带：上面的滑块选起点（链接也记住它），下面的图和表跟着滑块。",
        "en": "Press ▶ Play to follow the belt along the sentence step by step in your browser: the slider above picks where it starts (and the link keeps it); the charts and the table below follow the slider.",
    },
    "lab.belt.cell_chart": {"zh": "细胞状态 C<sub>t</sub> 的各个分量", "en": "Components of the cell state C<sub>t</sub>"},
    "lab.belt.forget_chart": {"zh": "遗忘门 f<sub>t</sub> 的各个分量", "en": "Components of the forget gate f<sub>t</sub>"},
    "lab.belt.grad_chart": {"zh": "沿细胞状态回传的梯度 ∂C<sub>T</sub>/∂C<sub>t</sub>", "en": "Gradient along the cell state, ∂C<sub>T</sub>/∂C<sub>t</sub>"},
    "lab.belt.autograd": {"zh": "自动求导（只走 C 这条路）", "en": "autograd (cell path only)"},
    "lab.belt.product": {"zh": "遗忘门连乘 ∏ f<sub>k</sub>", "en": "product of forget gates ∏ f<sub>k</sub>"},
    "lab.belt.unit": {"zh": "单元", "en": "unit"},
    "lab.belt.units_joined": {"zh": "、", "en": ", "},  # between the numbers of the units drawn
    "lab.belt.char": {"zh": "读入的字", "en": "character read"},
    "lab.belt.match": {
        "zh": "两条曲线重合（最大差 {diff}）：沿传送带回传时，每一步只乘一个标量 $f_k$，$\\dfrac{{\\partial C_T}}{{\\partial C_t}}=\\prod_{{k=t+1}}^{{T}} f_k$，而不是整条链上的 Jacobian 连乘。遗忘门接近 1 时，误差几乎无损地流回很远的过去。",
        "en": "The two curves coincide (largest difference {diff}): going back along the belt, each step multiplies by a scalar $f_k$ only, $\\dfrac{{\\partial C_T}}{{\\partial C_t}}=\\prod_{{k=t+1}}^{{T}} f_k$, not by a full Jacobian. With forget gates near 1 the error flows back almost undamped.",
    },
    "lab.belt.resnet": {
        "zh": "这就是“恒等捷径”的早期形态：ResNet 的残差连接 $x_{l+1}=x_l+F(x_l)$ 让梯度**跨层**直达，LSTM 的传送带 $C_t=f_t\\odot C_{t-1}+\\cdots$ 让梯度**跨时间步**直达——一个跳过的是层，一个跳过的是时间步。",
        "en": "This is the identity shortcut in an early form: ResNet's residual connection $x_{l+1}=x_l+F(x_l)$ lets the gradient skip **layers**, the LSTM belt $C_t=f_t\\odot C_{t-1}+\\cdots$ lets it skip **time steps**: one skips layers, the other skips steps in time.",
    },
    "lab.params.header": {"zh": "参数量：LSTM 是 RNN 的 4 倍，GRU 是 3 倍", "en": "Parameter counts: an LSTM has 4 times as many as an RNN, a GRU 3 times"},
    "lab.params.intro": {
        "zh": "每个门，以及候选状态，都是一个“全连接层 + 激活”，各有一套 $W_x$、$W_h$ 和偏置。普通 RNN 只有候选状态这 1 套；GRU 有 3 套（更新门、重置门、候选状态）；LSTM 有 4 套（遗忘门、输入门、输出门、候选记忆）。下表按 PyTorch 的约定计数（每套有两个偏置向量 $b_{ih}$、$b_{hh}$），与 `torch.nn` 的模块逐一核对过。这正是教材表 4-2 里“参数数量”（经典 RNN 一组权重；LSTM 四组，约为 RNN 的 3~4 倍）和“计算开销”（RNN 小、训练快；LSTM 较大、训练较慢）两行的精确版本：每一步的乘加次数大体与参数量成正比。",
        "en": "Each gate, and the candidate state, is a \"fully connected layer + activation\" with its own $W_x$, $W_h$ and bias. A plain RNN has just the candidate, 1 block; a GRU 3 (update gate, reset gate, candidate); an LSTM 4 (forget, input and output gates, candidate memory). Counts follow PyTorch's convention (two bias vectors per block, $b_{ih}$ and $b_{hh}$) and are checked against `torch.nn` modules. This is the exact form of two rows of the textbook's table 4-2, parameters (one set of weights for the classic RNN; four for the LSTM, about 3 to 4 times as many) and cost (the RNN small and quick to train, the LSTM larger and slower): the multiply-adds of a step grow roughly in proportion to the parameter count.",
    },
    "lab.params.d": {"zh": "输入维度 d", "en": "Input size d"},
    "lab.params.m": {"zh": "隐藏维度 m", "en": "Hidden size m"},
    "lab.params.layers": {"zh": "层数", "en": "Layers"},
    "lab.params.bidirectional": {"zh": "双向", "en": "Bidirectional"},
    "lab.params.cell": {"zh": "单元", "en": "cell"},
    "lab.params.formula": {"zh": "每层每方向的公式", "en": "formula per layer and direction"},
    # stacked layers read the layer below: m inputs, or 2m when bidirectional (not d)
    "lab.params.formula.first": {"zh": "第 1 层：{formula}", "en": "layer 1: {formula}"},
    "lab.params.formula.upper": {"zh": "第 2 层起：{formula}", "en": "layers 2 and up: {formula}"},
    "lab.params.formula.join": {"zh": "；", "en": "; "},
    "lab.params.count": {"zh": "参数量", "en": "parameters"},
    "lab.params.ratio": {"zh": "相对 RNN", "en": "relative to the RNN"},
    "lab.shapes.header": {"zh": "形状：双向与多层", "en": "Shapes: bidirectional and stacked"},
    "lab.shapes.bi": {
        "zh": "双向 RNN 在每个位置有前向状态 $\\overrightarrow h_t$ 和后向状态 $\\overleftarrow h_t$，拼接成 $h_t=[\\overrightarrow h_t;\\overleftarrow h_t]$。",
        "en": "A bidirectional RNN has a forward state $\\overrightarrow h_t$ and a backward state $\\overleftarrow h_t$ at every position, concatenated as $h_t=[\\overrightarrow h_t;\\overleftarrow h_t]$.",
    },
    "lab.shapes.bi_hidden": {"zh": "每个方向的隐藏维度", "en": "Hidden size per direction"},
    "lab.shapes.bi_result": {
        "zh": "PyTorch 的双向 RNN 实测：前向 {m} 维 + 后向 {m} 维 → 输出每步 {out} 维。",
        "en": "Measured on PyTorch's bidirectional RNN: {m} forward + {m} backward → {out} numbers per step.",
    },
    "lab.shapes.grid": {
        "zh": "多层 RNN 是一张网格：每一层有自己的一组权重，在该层的所有时间步共享；每一层以它下面一层的隐藏状态为输入。选一个状态，高亮的是它依赖的全部状态——右上角的状态需要整个左下方的网格。",
        "en": "A stacked RNN is a grid: each layer has its own weights, shared across its time steps, and reads the hidden states of the layer below. Pick a state: the highlighted cells are everything it depends on. The top-right state needs the whole grid below and to its left.",
    },
    "lab.shapes.layers": {"zh": "层数", "en": "Layers"},
    "lab.shapes.steps": {"zh": "时间步数", "en": "Time steps"},
    "lab.shapes.pick_layer": {"zh": "选中的层", "en": "Selected layer"},
    "lab.shapes.pick_step": {"zh": "选中的时间步", "en": "Selected step"},
    "lab.shapes.layer": {"zh": "第 {n} 层", "en": "layer {n}"},
    "lab.shapes.cone": {
        "zh": "第 {layer} 层第 {step} 步的状态依赖 {count} 个状态（含自身），以及 {weights} 组权重：第 1 层到第 {layer} 层各一组，每组由该层的所有时间步共用。",
        "en": "The state at layer {layer}, step {step} depends on {count} states (itself included) and on {weights} sets of weights: one per layer from 1 to {layer}, each shared by every step of its layer.",
    },
    "lab.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "lab.myths.body": {
        "zh": (
            "- **LSTM 不是“永远不会忘”**：遗忘门长期小于 1，旧信息照样衰减；训练数据不足时，门也可能学不到正确的依赖。\n"
            "- **LSTM 没有彻底消除梯度问题**：门控只是提供了更顺畅的通路，序列长度、门值、初始化和优化过程仍可能造成衰减或不稳定。\n"
            "- **GRU 与 LSTM 谁更好，不能脱离数据、任务和调参断言**：GRU 参数通常更少、训练更快，短文本分类可能用 GRU 已足够；依赖更复杂时，可比较验证集结果再选。\n"
            "- **双向 RNN 不是把同一个 RNN 倒着再跑一遍**：两个方向通常各有独立参数，输出再拼接或组合。"
        ),
        "en": (
            "- **An LSTM does not \"never forget\"**: with forget gates below 1 for long, old information still decays; with too little data the gates may not learn the right dependencies.\n"
            "- **An LSTM does not abolish the gradient problem**: gating only offers a smoother path; length, gate values, initialisation and optimisation can still cause decay or instability.\n"
            "- **Whether a GRU or an LSTM is better depends on the data, the task and the tuning**: a GRU usually has fewer parameters and trains faster, and for classifying short texts a GRU may be enough; for more complex dependencies, compare validation results before choosing.\n"
            "- **A bidirectional RNN is not the same RNN run backwards again**: each direction usually has its own parameters, and the outputs are concatenated or combined."
        ),
    },
    "lab.how": {
        "zh": "**留出数据上的成绩**：这里的门控数值来自情感页训练好的{language} LSTM，在 {n_test} 条没有参与训练的测试评论上，它判对了 {test}。**一个已知的失败**：它给“{failure}”（一条{truth}评论）的正面概率是 {p}。这里画出的是它 {m} 个单元中在这句话上细胞状态起伏最大的 {shown} 个，图例用它们在模型里的编号（从 1 数起）：{units}；几个单元的门开开合合，说明不了整个模型为什么这样判。",
        "en": "**On data it never saw**: the gate values here come from the sentiment page's trained {language} LSTM, right on {test} of {n_test} test reviews it never trained on. **A known failure**: it gives \"{failure}\" (a {truth} review) a positive probability of {p}. Drawn here are the {shown} of its {m} units whose cell state moves most over this sentence, labelled by their numbers in the model (counted from 1): {units}; a few gates opening and closing do not explain why the whole model decides as it does.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "lab.predict.q": {
        "zh": "讲解稿的一维 LSTM：旧记忆 cₜ₋₁ = {c_prev}，遗忘门 fₜ = {f}，输入门 iₜ = {i}，候选记忆 c̃ₜ = {c_tilde}。新的细胞状态 cₜ 是多少？",
        "en": "The lecture script's one-dimensional LSTM: old memory cₜ₋₁ = {c_prev}, forget gate fₜ = {f}, input gate iₜ = {i}, candidate c̃ₜ = {c_tilde}. What is the new cell state cₜ?",
    },
    "lab.predict.a": {"zh": "0.72", "en": "0.72"},
    "lab.predict.b": {"zh": "0.82", "en": "0.82"},
    "lab.predict.c": {"zh": "0.072", "en": "0.072"},
    "lab.predict.d": {"zh": "0.1", "en": "0.1"},
    "lab.predict.result": {
        "zh": "本页的标量 LSTM 现场算出：cₜ = fₜ·cₜ₋₁ + iₜ·c̃ₜ = {kept} + {written} = **{c}**。",
        "en": "Worked out just now by the page's scalar LSTM: cₜ = fₜ·cₜ₋₁ + iₜ·c̃ₜ = {kept} + {written} = **{c}**.",
    },
    "lab.predict.why": {
        "zh": "细胞状态是**加**出来的：遗忘门决定旧记忆留下几成，输入门决定新内容写进几成，两部分相加。其余几个选项分别是只留旧记忆、四个数连乘、只写新内容。旧记忆只乘一个遗忘门、再加上新内容，不经过 tanh，也不乘权重矩阵，所以梯度沿这条“传送带”往回传时每步只乘一个 fₜ，遗忘门接近 1 时就不容易消失。",
        "en": "The cell state is **added up**: the forget gate decides how much of the old memory stays, the input gate how much of the new content is written, and the two parts are summed. The other answers keep only the old memory, multiply all four numbers, or write only the new content. The old memory is only multiplied by one forget gate and then added to, with no tanh and no weight matrix on the way, so the gradient flowing back along this conveyor belt is multiplied by just fₜ at each step and, with forget gates near 1, does not fade so easily.",
    },
    # the trained sentiment LSTM's language and labels
    "lab.label.1": {"zh": "正面", "en": "positive"},
    "lab.label.0": {"zh": "负面", "en": "negative"},
    "lab.lang.zh": {"zh": "中文", "en": "Chinese"},
    "lab.lang.en": {"zh": "英文", "en": "English"},
    # --- challenges (issue 53; cell_lab.challenges) -----------------------------------------------------
    "challenge.lab.unusable": {
        "zh": "页面上有的数值用不了（不是有限的数，或向量的长度不对），先把它们改成普通的数字。",
        "en": "Some of the page's values cannot be used (not finite numbers, or a vector of the wrong length): make them ordinary numbers first.",
    },
    "challenge.lab.held": {
        "zh": "50 步里，$c_t$ 始终在 $c_0$ = {c0} 的 1% 以内（$c_{{50}}$ = {c50}）。",
        "en": "Over all 50 steps $c_t$ stays within 1% of $c_0$ = {c0} ($c_{{50}}$ = {c50}).",
    },
    "challenge.lab.hold_left": {
        "zh": "第 {t} 步就越出了 1% 的范围：这一步 $c_t$ = {ct}，与 $c_0$ = {c0} 相差 {off}；到第 50 步，$c_{{50}}$ = {c50}。",
        "en": "At step {t} the cell leaves the 1% band: there $c_t$ = {ct}, {off} away from $c_0$ = {c0}; by step 50, $c_{{50}}$ = {c50}.",
    },
    "challenge.lab.hold_empty": {
        "zh": "旧记忆 $c_0$ = {c0} 太接近 0，它的 1% 几乎为零，谈不上“记住”什么。先把 $|c_0|$ 调到 0.1 或更大。",
        "en": "The old memory $c_0$ = {c0} is too close to 0: 1% of it is next to nothing, so there is nothing to hold. Set $|c_0|$ to 0.1 or more first.",
    },
    "challenge.ch_lab_hold.title": {"zh": "五十步不走样", "en": "Hold it for 50 steps"},
    "challenge.ch_lab_hold.task": {
        "zh": (
            r"用“讲解稿里的一维例子”一节的滑块设定旧记忆和各个门，然后设想同样的 $f_t$、$i_t$、$\widetilde c_t$ 连续作用 50 步："
            r"每一步都算 $c_t=f_tc_{t-1}+i_t\widetilde c_t$，上一步的结果就是下一步的旧记忆，起点 $c_0$ 是滑块上的旧记忆。"
            r"要求 $c_1,c_2,\dots,c_{50}$ 每一个与 $c_0$ 的差都不超过 $|c_0|$ 的 1%，并且 $|c_0|\ge0.1$（细胞里得真有东西可记）。"
            "按“检查”，页面会把这 50 步逐一算出来。"
        ),
        "en": (
            r"Set the old memory and the gates with the sliders of “The lecture script's one-dimensional example”, then let the same "
            r"$f_t$, $i_t$, $\widetilde c_t$ act for 50 steps in a row: each step computes $c_t=f_tc_{t-1}+i_t\widetilde c_t$, and its "
            r"result is the next step's old memory, starting from the old-memory slider $c_0$. Solved when every one of "
            r"$c_1,c_2,\dots,c_{50}$ is within 1% of $|c_0|$ of $c_0$, with $|c_0|\ge0.1$ (the cell must hold something). "
            "Check works out all 50 steps."
        ),
    },
    "challenge.ch_lab_hold.hint": {
        "zh": (
            r"每一步，细胞经遗忘门漏掉 $(1-f_t)c_{t-1}$，又经输入门写进 $i_t\widetilde c_t$；两者相等时，$c$ 就停在原处。"
            r"再想一想：$f_t=0.99$ 看上去几乎不忘，连乘 50 次之后还剩多少？"
        ),
        "en": (
            r"At every step the cell leaks $(1-f_t)c_{t-1}$ through the forget gate and takes in $i_t\widetilde c_t$ through the input "
            r"gate; when the two are equal, $c$ stays put. And ask yourself: $f_t=0.99$ looks like almost no forgetting, but how "
            "much is left after 50 such multiplications?"
        ),
    },
    "challenge.ch_lab_hold.solution": {
        "zh": (
            r"$c$ 保持不变的条件是 $c=fc+i\widetilde c$，即 $(1-f)c=i\widetilde c$：漏掉的恰好等于写进的。"
            r"保留讲解稿的 $c_0=0.8$、$f=0.9$、$\widetilde c=0.5$，只把输入门调到 $i=0.16$："
            r"每一步漏掉 $0.1\times0.8=0.08$，又写进 $0.16\times0.5=0.08$，$c_t$ 一直是 0.8。"
            r"（讲解稿原来的 $i=0.2$ 每步写进 0.1，$c$ 会一路涨向 $0.1/0.1=1$，第 1 步就到了 0.82。）"
            "\n\n"
            r"最直接的解是 $f=1$、$i=0$：原样保留，什么也不写。这正是 LSTM 能沿细胞状态把信息传得很远的原因。"
            r"$f=0.99$、$i=0$ 却不行：$0.99^{50}\approx0.605$，50 步后只剩六成左右，第 2 步就越出了 1% 的范围。"
        ),
        "en": (
            r"$c$ stays the same when $c=fc+i\widetilde c$, that is $(1-f)c=i\widetilde c$: what leaks out equals what is written in. "
            r"Keep the script's $c_0=0.8$, $f=0.9$ and $\widetilde c=0.5$ and only turn the input gate down to $i=0.16$: each step "
            r"leaks $0.1\times0.8=0.08$ and writes $0.16\times0.5=0.08$, so $c_t$ stays at 0.8. (The script's $i=0.2$ writes 0.1 a "
            r"step, and $c$ climbs towards $0.1/0.1=1$: already 0.82 after one step.)"
            "\n\n"
            r"The most direct answer is $f=1$, $i=0$: keep everything, write nothing. That is exactly why an LSTM can carry "
            r"information far along its cell state. But $f=0.99$, $i=0$ fails: $0.99^{50}\approx0.605$, about six tenths are left "
            "after 50 steps, and the band is left at step 2."
        ),
    },
    "challenge.lab.chose": {
        "zh": "种子 {seed} 的这一步：第 1 个单元的遗忘门 $f_t$ = {f1}，第 2 个单元的 $f_t$ = {f2}。一个几乎全忘，一个几乎全留。",
        "en": "This step with seed {seed}: unit 1's forget gate is $f_t$ = {f1} and unit 2's is $f_t$ = {f2}. One forgets almost everything, the other keeps almost everything.",
    },
    "challenge.lab.choose_not": {
        "zh": "种子 {seed} 的这一步：第 1 个单元的遗忘门 $f_t$ = {f1}（要求 ≤ 0.05），第 2 个单元的 $f_t$ = {f2}（要求 ≥ 0.95）。",
        "en": "This step with seed {seed}: unit 1's forget gate is $f_t$ = {f1} (wanted: at most 0.05) and unit 2's is $f_t$ = {f2} (wanted: at least 0.95).",
    },
    "challenge.lab.choose_gru": {
        "zh": "现在选的是 GRU，它没有单独的遗忘门。把单元类型换成 LSTM。",
        "en": "The cell chosen is the GRU, which has no forget gate of its own. Switch the cell to the LSTM.",
    },
    "challenge.ch_lab_choose.title": {"zh": "同一个输入：一个单元忘，一个单元记", "en": "One input: one unit forgets, the other keeps"},
    "challenge.ch_lab_choose.task": {
        "zh": (
            r"遗忘门 $f_t=\sigma(W_f[h_{t-1},x_t]+b_f)$ 是由这一步的输入算出来的，每个隐藏单元各有一行权重，"
            r"所以同一个输入可以让两个单元做出相反的决定。在“向量版：完整走一步”一节选 LSTM（权重种子任选，默认是 0），"
            r"修改 $x_t$（需要的话也可以改 $h_{t-1}$），使这一步**第 1 个单元的遗忘门 $f_t\le0.05$**（几乎全忘），"
            r"同时**第 2 个单元的 $f_t\ge0.95$**（几乎全留）。按“检查”，页面用当前的种子和向量算出这一步。"
        ),
        "en": (
            r"The forget gate $f_t=\sigma(W_f[h_{t-1},x_t]+b_f)$ is computed from this step's inputs, with a row of weights for each "
            r"hidden unit, so one input can make the two units decide opposite things. In “With vectors: one full step” choose the "
            r"LSTM (any weight seed; 0 by default) and edit $x_t$ (and $h_{t-1}$ if you like) so that in this step **unit 1's forget "
            r"gate is $f_t\le0.05$** (it forgets almost everything) while **unit 2's is $f_t\ge0.95$** (it keeps almost everything). "
            "Check computes the step with the seed and the vectors on the page."
        ),
    },
    "challenge.ch_lab_choose.hint": {
        "zh": (
            r"$\sigma(a)\le0.05$ 要求 $a\le-2.94$，$\sigma(a)\ge0.95$ 要求 $a\ge2.94$。打开“这一步用到的权重矩阵”，"
            r"看 $W_f$ 的后三列（它们乘的是 $x_t$）：找一个方向，让第 1 行的加权和变负、第 2 行的变正，再把 $x_t$ 沿这个方向放大。"
        ),
        "en": (
            r"$\sigma(a)\le0.05$ needs $a\le-2.94$ and $\sigma(a)\ge0.95$ needs $a\ge2.94$. Open “The weight matrices of this step” "
            r"and look at the last three columns of $W_f$ (they multiply $x_t$): find a direction that makes row 1's weighted sum "
            r"negative and row 2's positive, then scale $x_t$ up along it."
        ),
    },
    "challenge.ch_lab_choose.solution": {
        "zh": (
            r"种子 0 时，$W_f$ 乘 $x_t$ 的三列是 $(-0.014,\,0.187)^\top$、$(0.561,\,-0.214)^\top$、$(-0.063,\,-0.139)^\top$，"
            r"偏置 $b_f=(0.572,\,0.043)^\top$。第二列对两个单元的符号相反：$x_2$ 取负，第 1 个单元的预激活下降、第 2 个上升；"
            r"$x_1$ 取正，几乎只推高第 2 个单元。取 $x_t=(10,\,-10,\,0)$，$h_{t-1}$ 保持 $(0.1,\,-0.2)$，"
            r"预激活约为 $-5.2$ 和 $+3.9$，得 $f_t\approx(0.006,\,0.98)$。"
            "\n\n"
            r"方向对了，力度也要够：$x_t=(7,\,-7,\,0)$ 时预激活只有 $-3.5$ 和 $+2.7$，第 2 个单元的 $f_t$ 停在 0.937。"
            r"训练好的 LSTM 正是这样工作的：门的开合取决于当下读到的内容，同一个词可以让某些单元清空记忆、让另一些单元继续保留。"
        ),
        "en": (
            r"With seed 0 the columns of $W_f$ that multiply $x_t$ are $(-0.014,\,0.187)^\top$, $(0.561,\,-0.214)^\top$ and "
            r"$(-0.063,\,-0.139)^\top$, and $b_f=(0.572,\,0.043)^\top$. The second column has opposite signs for the two units: a "
            r"negative $x_2$ lowers unit 1's pre-activation and raises unit 2's, and a positive $x_1$ raises almost only unit 2's. "
            r"With $x_t=(10,\,-10,\,0)$ and $h_{t-1}$ left at $(0.1,\,-0.2)$ the pre-activations are about $-5.2$ and $+3.9$, "
            r"so $f_t\approx(0.006,\,0.98)$."
            "\n\n"
            r"The direction is not enough without the size: $x_t=(7,\,-7,\,0)$ gives only $-3.5$ and $+2.7$, and unit 2's $f_t$ "
            r"stops at 0.937. A trained LSTM works this way: its gates open and close with what it is reading, so one word can "
            "empty some units' memory while others keep theirs."
        ),
    },
}

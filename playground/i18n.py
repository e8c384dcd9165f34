"""Every UI string, in 中文 and English, in one place.

``t(key, lang, **fields)`` looks a string up and fills its ``{fields}``. Pages never hold
literal UI text. A test checks that every key has both languages with the same fields.
"""

from __future__ import annotations

LANGUAGES = ("zh", "en")
LANGUAGE_NAMES = {"zh": "中文", "en": "English"}

STRINGS: dict[str, dict[str, str]] = {
    # --- app shell -------------------------------------------------------------------------
    "app.title": {"zh": "RNN 实验场", "en": "RNN Playground"},
    "app.tagline": {
        "zh": "拖动滑块、输入文字，亲眼看循环神经网络怎样记忆、遗忘和生成。",
        "en": "Drag sliders and type text to see how recurrent networks remember, forget and generate.",
    },
    "sidebar.language": {"zh": "界面语言", "en": "Language"},
    "sidebar.device": {"zh": "计算设备：{name}", "en": "Device: {name}"},
    "sidebar.device_help": {
        "zh": "有 CUDA GPU 时模型在 GPU 上运行和训练，否则使用 CPU。",
        "en": "Models run and train on a CUDA GPU when one is present, otherwise on the CPU.",
    },
    "sidebar.share": {
        "zh": "本页的主要设置都写在网址里：复制地址栏即可把同一个实验发给别人。",
        "en": "This page's main settings live in the URL: copy the address bar to share the same experiment.",
    },
    # --- pages -----------------------------------------------------------------------------
    "page.home.title": {"zh": "序列与循环", "en": "Sequences and recurrence"},
    "page.home.blurb": {
        "zh": "什么是序列、序列建模的四种形式、按时间展开的计算图，以及“狗咬人”与“人咬狗”为什么需要循环。",
        "en": "What a sequence is, the four forms of sequence modelling, unrolled graphs, and why 狗咬人 vs 人咬狗 needs recurrence.",
    },
    "page.two_ones.title": {"zh": "手算 RNN：连续两个 1", "en": "Hand-built RNN: two 1s in a row"},
    "page.two_ones.blurb": {
        "zh": "讲义里唯一一个从头手算的 RNN：看三个矩阵各司其职，亲手改坏它，再看梯度下降把它重新学出来。",
        "en": "The lecture's one fully hand-computed RNN: see each matrix do its job, break it, and watch gradient descent learn it again.",
    },
    "page.cell_lab.title": {"zh": "LSTM 与 GRU：门控实验室", "en": "LSTM and GRU: the gate lab"},
    "page.cell_lab.blurb": {
        "zh": "带数字的门、细胞状态“传送带”、沿 c 回传的梯度等于遗忘门之积、参数量对比、多层与双向的形状。",
        "en": "Gates with numbers, the cell-state conveyor belt, the gradient along c as a product of forget gates, parameter counts, stacked and bidirectional shapes.",
    },
    "page.gradients.title": {"zh": "梯度消失与爆炸", "en": "Vanishing and exploding gradients"},
    "page.gradients.blurb": {
        "zh": "拖动滑块看误差信号沿时间连乘后怎样消失或爆炸：RNN、LSTM、GRU 的对比，梯度裁剪，截断 BPTT，以及各自能记多远。",
        "en": "Drag a slider and watch the error signal vanish or explode as it is multiplied back through time: RNN vs LSTM vs GRU, clipping, truncated BPTT, and how far each can remember.",
    },
    "page.sentiment.title": {"zh": "情感分析：逐词读一句话", "en": "Sentiment, read token by token"},
    "page.sentiment.blurb": {
        "zh": "讲解稿的一维手算例子（前向与反向），再看训练好的 RNN、LSTM、GRU 怎样一个字一个字地改变判断。",
        "en": "The lecture's scalar walk-through (forward and backward), then trained RNN, LSTM and GRU classifiers changing their minds token by token.",
    },
    # --- errors (library InputError codes) --------------------------------------------------
    "error.empty_text": {"zh": "输入为空，请至少输入一个字。", "en": "The input is empty: type at least one character."},
    "error.text_too_long": {
        "zh": "输入过长：共 {length} 个字，上限是 {limit} 个字。",
        "en": "The input is too long: {length} characters, the limit is {limit}.",
    },
    "error.unknown": {"zh": "无法处理这个输入：{detail}", "en": "This input cannot be used: {detail}"},
    "error.checkpoint": {
        "zh": "模型文件无法加载（{reason}）。可以运行 `python -m playground.train {name}` 重新训练。",
        "en": "The model could not be loaded ({reason}). Retrain it with `python -m playground.train {name}`.",
    },
    "error.bad_bit_char": {
        "zh": "第 {position} 个字符“{char}”不是 0 或 1。只能输入 0 和 1，中间可以用空格或逗号分隔。",
        "en": "Character {position}, \"{char}\", is not 0 or 1. Type only 0s and 1s, separated by spaces or commas if you like.",
    },
    "error.bad_bit_value": {"zh": "第 {position} 个值 {value} 不是 0 或 1。", "en": "Value {position}, {value}, is not 0 or 1."},
    "error.too_many_steps": {
        "zh": "序列太长：共 {length} 步，上限是 {limit} 步。",
        "en": "The sequence is too long: {length} steps, the limit is {limit}.",
    },
    "error.empty_bits": {"zh": "序列为空。", "en": "The sequence is empty."},
    "error.bad_weight_shape": {"zh": "权重 {name} 的形状应为 {expected}，实际是 {shape}。", "en": "Weight {name} should have shape {expected}, not {shape}."},
    "error.bad_weight_value": {
        "zh": "权重 {name} 里有空格子或不是有限数的值，请填入普通的数字。",
        "en": "Weight {name} has an empty cell or a value that is not a finite number; enter ordinary numbers.",
    },
    "error.bad_activation": {"zh": "未知的激活函数：{name}", "en": "Unknown activation: {name}"},
    "error.bad_output": {"zh": "未知的输出方式：{name}", "en": "Unknown output rule: {name}"},
    "error.bad_hidden": {"zh": "隐藏单元数 {value} 超出范围（{low} 到 {high}）。", "en": "Hidden size {value} is out of range ({low} to {high})."},
    "error.bad_lr": {"zh": "学习率必须是正的有限数，而不是 {value}。", "en": "The learning rate must be a positive finite number, not {value}."},
    "error.bad_size": {"zh": "尺寸超出范围：隐藏维度 {hidden}，长度 {length}。", "en": "Size out of range: hidden size {hidden}, length {length}."},
    "error.bad_number": {"zh": "{value} 不是有限的数。", "en": "{value} is not a finite number."},
    "error.bad_choice": {"zh": "未知的选项：{name}", "en": "Unknown option: {name}"},
    # --- background jobs -------------------------------------------------------------------
    "job.waiting": {
        "zh": "排队中：服务器上已有 {running} 个训练任务在运行（上限 {cap} 个），空出位置后自动开始。",
        "en": "Waiting: {running} training jobs are already running on this server (limit {cap}); yours starts when a slot frees.",
    },
    "job.running": {"zh": "训练中：第 {step}/{total} 步，损失 {loss:.4f}", "en": "Training: step {step}/{total}, loss {loss:.4f}"},
    "job.starting": {"zh": "正在启动……", "en": "Starting…"},
    "job.done": {"zh": "训练完成。", "en": "Training finished."},
    "retrain.button": {"zh": "在服务器上重新训练 {name}", "en": "Retrain {name} on this server"},
    "retrain.note": {
        "zh": "重新训练会从头开始、使用固定的随机种子，并把结果写回 `pretrained/`；用时见 README（字符级语言模型在 2 核 CPU 上要几十分钟）。其他页面照常可用。",
        "en": "Retraining starts from scratch with fixed seeds and writes the result back to `pretrained/`; the README says how long each model takes (the character LMs need tens of minutes on 2 CPU cores). Every other page keeps working meanwhile.",
    },
    "retrain.running": {"zh": "正在重新训练 {name}……完成后本页会自动刷新。", "en": "Retraining {name}... this page refreshes when it is done."},
    "retrain.done": {"zh": "{name} 已重新训练并写入 pretrained/。", "en": "{name} was retrained and written to pretrained/."},
    "retrain.reload": {"zh": "重新载入本页", "en": "Reload the page"},
    "job.stopped": {"zh": "训练已停止。", "en": "Training stopped."},
    "job.failed": {"zh": "训练出错：{error}", "en": "Training failed: {error}"},
    "job.stop": {"zh": "停止", "en": "Stop"},
    "job.loss_axis": {"zh": "损失", "en": "loss"},
    "job.step_axis": {"zh": "步数", "en": "step"},
    "job.accuracy_axis": {"zh": "准确率", "en": "accuracy"},
    # --- two consecutive 1s ----------------------------------------------------------------
    "two.title": {"zh": "手算一个 RNN：检测连续两个 1", "en": "A hand-built RNN that detects two 1s in a row"},
    "two.intro": {
        "zh": (
            "任务：输入一串 0/1，每读一个数就输出一个数：若上一个输入和这一个输入都是 1，就输出 1，否则输出 0。"
            "例如 0,1,0,1,1,1 → 0,0,0,0,1,1。要完成它，隐藏状态只需记住两样东西：**当前值**和**前一个值**。"
            "讲义把隐藏状态设成三维 $h=[\\text{当前值},\\text{前一个值},1]$，第三维的常数 1 留给输出做偏置。不用梯度下降，三个矩阵全部手工写出来。"
        ),
        "en": (
            "The task: read a 0/1 sequence and answer at every step: 1 when the previous and the current input are both 1, else 0. "
            "For example 0,1,0,1,1,1 → 0,0,0,0,1,1. The hidden state needs to remember just two things: the **current** value and the **previous** one. "
            "The lecture makes it three-dimensional, $h=[\\text{current},\\text{previous},1]$, the constant 1 serving as the output's bias, and writes all three matrices by hand, with no gradient descent."
        ),
    },
    "two.input.header": {"zh": "输入序列", "en": "The input sequence"},
    "two.input.bits": {"zh": "0/1 序列（可用空格或逗号分隔）", "en": "0/1 sequence (spaces or commas allowed)"},
    "two.input.length": {"zh": "随机序列长度", "en": "Random sequence length"},
    "two.input.random": {"zh": "随机生成", "en": "Random"},
    "two.input.empty": {
        "zh": "输入为空，下面使用讲义里的例子 0,1,0,1,1,1。",
        "en": "The input is empty, so the lecture's example 0,1,0,1,1,1 is used below.",
    },
    "two.weights.header": {"zh": "三个矩阵各管什么", "en": "What each matrix does"},
    "two.weights.construction": {"zh": "构造", "en": "Construction"},
    "two.construction.relu": {"zh": "讲义的 ReLU 构造", "en": "The lecture's ReLU construction"},
    "two.construction.tanh": {"zh": "tanh 构造", "en": "A tanh construction"},
    "two.weights.reading": {
        "zh": (
            "- $W_{xh}=[1,0,0]^\\top$：把输入写进“当前值”这一格，另外两格得 0。\n"
            "- $W_{hh}$ **第一行全为 0**：新的“当前值”完全不受旧状态影响，只听输入的。\n"
            "- $W_{hh}$ **第二行 $(1,0,0)$**：把上一步的“当前值”原样抄到“前一个值”——昨天的当前值变成今天的前一个值。\n"
            "- $W_{hh}$ **第三行 $(0,0,1)$**：让常数 1 一直保持为 1。\n"
            "- $W_{hy}=[1,1,-1]$：输出 $y_t=\\mathrm{ReLU}(\\text{当前值}+\\text{前一个值}-1)$，常数 1 那一维正好提供内积里的 $-1$ 偏置。"
        ),
        "en": (
            "- $W_{xh}=[1,0,0]^\\top$ writes the input into the \"current\" slot and zeros into the other two.\n"
            "- **Row 1 of $W_{hh}$ is all zeros**: the new \"current\" ignores the old state; only the input writes it.\n"
            "- **Row 2 of $W_{hh}$, $(1,0,0)$**, copies the old \"current\" into \"previous\": yesterday's current becomes today's previous.\n"
            "- **Row 3 of $W_{hh}$, $(0,0,1)$**, keeps the constant 1 at 1.\n"
            "- $W_{hy}=[1,1,-1]$ gives $y_t=\\mathrm{ReLU}(\\text{current}+\\text{previous}-1)$: the constant unit supplies the $-1$ bias of the inner product."
        ),
    },
    "two.weights.tanh_note": {
        "zh": "讲义说用 tanh 也能构造出等价模型。做法：把权重放大到 5 倍，使 tanh 饱和（$\\tanh 5\\approx0.99991$，常数维是 $h=\\tanh(5h)$ 接近 1 的稳定不动点）；输出改为阈值判断 $y_t=\\mathbf{1}[\\text{当前}+\\text{前一个}-1.5>0]$。",
        "en": "The lecture says tanh works too. Scale the weights by 5 so tanh saturates ($\\tanh 5\\approx0.99991$; the constant unit sits at the stable fixed point of $h=\\tanh(5h)$ near 1) and threshold the output: $y_t=\\mathbf{1}[\\text{current}+\\text{previous}-1.5>0]$.",
    },
    "two.weights.edit": {"zh": "动手修改权重", "en": "Edit the weights"},
    "two.weights.activation": {"zh": "隐藏层激活函数", "en": "Hidden activation"},
    "two.weights.output": {"zh": "输出规则", "en": "Output rule"},
    "two.output.relu": {"zh": "ReLU(W_hy h)", "en": "ReLU(W_hy h)"},
    "two.output.step": {"zh": "阈值 1[W_hy h > 0]", "en": "threshold 1[W_hy h > 0]"},
    "two.act.relu": {"zh": "ReLU", "en": "ReLU"},
    "two.act.tanh": {"zh": "tanh", "en": "tanh"},
    "two.act.identity": {"zh": "恒等（不加激活）", "en": "identity (none)"},
    "two.weights.reset": {"zh": "恢复原始权重", "en": "Reset the weights"},
    "two.weights.edited": {
        "zh": "你改动了权重：上面的逐行解读说的是原始构造，现在请看下表的数字。",
        "en": "You have changed the weights: the row-by-row reading above describes the original construction; read the numbers below instead.",
    },
    "two.table.header": {"zh": "逐步计算表", "en": "Step by step"},
    "two.col.t": {"zh": "t", "en": "t"},
    "two.col.x": {"zh": "x_t", "en": "x_t"},
    "two.col.wx": {"zh": "W_xh·x_t", "en": "W_xh·x_t"},
    "two.col.wh": {"zh": "W_hh·h_{t-1}", "en": "W_hh·h_{t-1}"},
    "two.col.z": {"zh": "预激活", "en": "pre-activation"},
    "two.col.h": {"zh": "h_t = [当前, 前一个, 1]", "en": "h_t = [current, previous, 1]"},
    "two.col.y": {"zh": "输出 y_t", "en": "output y_t"},
    "two.col.target": {"zh": "正确答案", "en": "target"},
    "two.col.mark": {"zh": "对错", "en": "right?"},
    "two.table.overflow": {
        "zh": "第 {steps} 步的数值溢出成了无穷大或 NaN（权重太极端），这些步记为答错。",
        "en": "At step(s) {steps} the numbers overflowed to infinity or NaN (the weights are too extreme); those steps count as wrong.",
    },
    "two.check.header": {"zh": "穷举检验", "en": "Exhaustive check"},
    "two.check.ok": {
        "zh": "全部正确：长度 1 到 10 的 {count:,} 个 0/1 串，每一步的输出都对。",
        "en": "Correct on all {count:,} strings: every 0/1 string of length 1 to 10, at every step.",
    },
    "two.check.fail": {
        "zh": "这组权重不对：最短的反例是 {example}（长度 {length}）。",
        "en": "These weights are wrong: the shortest counterexample is {example} (length {length}).",
    },
    "two.check.load": {"zh": "把反例放进输入框", "en": "Load it into the input"},
    "two.steps.header": {"zh": "按时间展开，逐步走一遍", "en": "Walk through the unrolled steps"},
    "two.steps.slider": {"zh": "时间步 t", "en": "Time step t"},
    "two.steps.caption": {
        "zh": "图中是第 t−1、t、t+1 步：下方箭头上是 $W_{xh}x_t$，左侧箭头上是 $W_{hh}h_{t-1}$，两者相加再过激活函数得到 $h_t$。",
        "en": "Steps t−1, t and t+1: the arrow from below carries $W_{xh}x_t$, the arrow from the left $W_{hh}h_{t-1}$; their sum through the activation is $h_t$.",
    },
    "two.steps.target": {"zh": "答案", "en": "target"},
    "two.truth.header": {"zh": "讲义对四种情形的验证", "en": "The lecture's check of the four cases"},
    "two.truth.previous": {"zh": "前一个值", "en": "previous"},
    "two.truth.current": {"zh": "当前值", "en": "current"},
    "two.truth.sum": {"zh": "W_hy·h（当前 + 前一个 − 1）", "en": "W_hy·h (current + previous − 1)"},
    "two.train.header": {"zh": "从零训练：梯度下降能重新发现这个构造吗？", "en": "Train from scratch: does gradient descent rediscover it?"},
    "two.train.intro": {
        "zh": "手算只是为了看清每个矩阵的角色；真实 RNN 的权重和别处一样，靠梯度下降学出来。这里用 PyTorch 训练一个真正的 RNN：随机 0/1 序列，每一步一个二元交叉熵损失，按时间求和 $L=\\sum_t L_t$（BPTT 的形式），训练在后台进行。",
        "en": "Building it by hand shows each matrix's role; real RNN weights are learned by gradient descent like any other. Here a real PyTorch RNN trains on random 0/1 sequences, one binary cross-entropy per step summed over time, $L=\\sum_t L_t$ (the BPTT form), in the background.",
    },
    "two.train.hidden": {"zh": "隐藏单元数", "en": "Hidden units"},
    "two.train.activation": {"zh": "激活函数", "en": "Activation"},
    "two.train.lr": {"zh": "学习率", "en": "Learning rate"},
    "two.train.steps": {"zh": "训练步数", "en": "Training steps"},
    "two.train.seed": {"zh": "随机种子", "en": "Seed"},
    "two.train.start": {"zh": "开始训练", "en": "Train"},
    "two.train.shipped": {
        "zh": "下面先展示随应用发布的模型（默认设置、固定种子训练）。用自己的设置训练后，这里换成你的模型。",
        "en": "Shown first is the model shipped with the app (default settings, fixed seed). Train with your own settings to replace it here.",
    },
    "two.train.diverged": {
        "zh": "损失变成了 NaN 或无穷大，训练提前停止：学习率可能太大。下面是停止时的模型。",
        "en": "The loss became NaN or infinite and training stopped early: the learning rate is probably too high. Below is the model as it was then.",
    },
    "two.train.yours": {"zh": "下面是你刚训练的模型。", "en": "Below is the model you just trained."},
    "two.train.string_accuracy": {"zh": "穷举准确率（整串全对）", "en": "Exhaustive accuracy (whole strings)"},
    "two.train.step_accuracy": {"zh": "穷举准确率（逐步）", "en": "Exhaustive accuracy (steps)"},
    "two.train.time": {"zh": "训练用时", "en": "Training time"},
    "two.train.learned": {"zh": "学到的权重（与手算的对照）", "en": "Learned weights (beside the hand-built ones)"},
    "two.train.hand": {"zh": "手算的权重", "en": "Hand-built weights"},
    "two.train.roles": {"zh": "每个隐藏单元在记什么", "en": "What each hidden unit tracks"},
    "two.train.unit": {"zh": "单元", "en": "unit"},
    "two.train.corr_current": {"zh": "与当前输入的相关系数", "en": "correlation with the current input"},
    "two.train.corr_previous": {"zh": "与前一个输入的相关系数", "en": "correlation with the previous input"},
    "two.train.roles_note": {
        "zh": "相关系数接近 ±1 的单元扮演了手算构造里“当前值”或“前一个值”的角色（符号可以相反）。学出来的网络不必和手算的一模一样：同一种功能常常分散在几个单元上，这正是“分布式表示”。",
        "en": "A unit whose correlation is near ±1 plays the hand-built \"current\" or \"previous\" role (the sign may flip). The learned network need not match the hand-built one: a role is often spread over several units, a distributed representation.",
    },
    "two.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "two.myths.body": {
        "zh": (
            "- **“这些权重是怎么来的？”** 与课程里所有权重一样，靠梯度下降学出来；手算只是为了看清每个矩阵在前向传播中的角色。\n"
            "- **$h_0=(0,0,1)$ 不是随便取的**：它相当于假设模型此前已经读过两个 0。实践中 $h_0$ 常取零向量或可学习的向量。\n"
            "- **把这个小网络当初始化去做别的任务**，在实践中不会好用：隐藏状态只有 3 维，实在太小。"
        ),
        "en": (
            "- **\"Where do these weights come from?\"** From gradient descent, like every weight in the course; building them by hand only shows each matrix's role in the forward pass.\n"
            "- **$h_0=(0,0,1)$ is not arbitrary**: it means \"as if two 0s had already been read\". In practice $h_0$ is zeros or a learned vector.\n"
            "- **Using this tiny network to initialise another task** would not work well in practice: a 3-dimensional hidden state is far too small."
        ),
    },
    # --- LSTM and GRU cell lab ---------------------------------------------------------------
    "lab.title": {"zh": "LSTM 与 GRU：给记忆装上阀门", "en": "LSTM and GRU: valves on the memory"},
    "lab.intro": {
        "zh": (
            "普通 RNN 每一步都重写同一份摘要，像用橡皮擦反复修改便签，早期内容容易被覆盖。"
            "LSTM 多维护一条**细胞状态** $C_t$——一条几乎不经变换、横贯各时间步的传送带，"
            "再用三个取值在 0 到 1 之间的**门**决定：旧信息留多少（遗忘门）、新信息写多少（输入门）、当前读出多少（输出门）。"
        ),
        "en": (
            "A plain RNN rewrites the same summary at every step, like a note erased and rewritten, so early content is easily lost. "
            "An LSTM also keeps a **cell state** $C_t$, a conveyor belt that runs through the time steps almost untransformed, "
            "and three **gates** with values between 0 and 1 decide how much old information to keep (forget gate), how much new to write (input gate) and how much to read out now (output gate)."
        ),
    },
    "lab.scalar.header": {"zh": "讲解稿里的一维例子", "en": "The lecture's one-dimensional example"},
    "lab.scalar.intro": {
        "zh": "旧记忆 $c_{t-1}=0.8$，遗忘门 $f_t=0.9$，输入门 $i_t=0.2$，候选记忆 $\\widetilde c_t=0.5$：旧记忆贡献 0.72，新记忆贡献 0.10，合计 0.82。拖动滑块看每一项怎样变化。",
        "en": "Old memory $c_{t-1}=0.8$, forget gate $f_t=0.9$, input gate $i_t=0.2$, candidate $\\widetilde c_t=0.5$: the old memory contributes 0.72, the new 0.10, together 0.82. Drag the sliders to see each term move.",
    },
    "lab.scalar.c_prev": {"zh": "旧记忆 c_{t-1}", "en": "old memory c_{t-1}"},
    "lab.scalar.f": {"zh": "遗忘门 f_t", "en": "forget gate f_t"},
    "lab.scalar.i": {"zh": "输入门 i_t", "en": "input gate i_t"},
    "lab.scalar.c_tilde": {"zh": "候选记忆 c̃_t", "en": "candidate c̃_t"},
    "lab.scalar.o": {"zh": "输出门 o_t", "en": "output gate o_t"},
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
        "zh": "一个输入 3 维、隐藏 2 维的小单元。权重由随机种子决定，输入 $x_t$、$h_{t-1}$、$C_{t-1}$ 可以直接改。教材里的每一个等式都代入了这一步的数字。",
        "en": "A small cell with 3 inputs and 2 hidden units. The weights come from a seed; the inputs $x_t$, $h_{t-1}$ and $C_{t-1}$ are yours to edit. Every equation of the textbook appears with this step's numbers.",
    },
    "lab.step.cell": {"zh": "单元类型", "en": "Cell"},
    "lab.cell.lstm": {"zh": "LSTM", "en": "LSTM"},
    "lab.cell.gru": {"zh": "GRU", "en": "GRU"},
    "lab.step.seed": {"zh": "权重的随机种子", "en": "Weight seed"},
    "lab.step.unit": {"zh": "图中显示第几个隐藏单元", "en": "Hidden unit shown in the diagram"},
    "lab.step.weights": {"zh": "这一步用到的权重矩阵（作用在 [h_{t-1}, x_t] 上）", "en": "The weight matrices of this step (acting on [h_{t-1}, x_t])"},
    "lab.step.gru_note": {
        "zh": "这里的 GRU 采用教材的写法：$z_t$ 是候选状态所占的比例，重置门作用在 $W_h$ 之前。PyTorch 的 `nn.GRU` 约定相反（它的 $z$ 是旧状态的比例，重置门作用在 $W_{hn}h$ 之后），本库在两种写法之间换算并与 PyTorch 逐位核对。",
        "en": "The GRU here follows the textbook: $z_t$ is the candidate's share and the reset gate acts before $W_h$. PyTorch's `nn.GRU` uses the opposite conventions (its $z$ is the old state's share, and the reset gate acts after $W_{hn}h$); the library converts between the two and checks itself against PyTorch.",
    },
    "lab.belt.header": {"zh": "沿时间看传送带", "en": "The conveyor belt over time"},
    "lab.belt.intro": {
        "zh": "把一句话逐个 token 送进训练好的情感 LSTM，看细胞状态和遗忘门怎样随时间变化（图中是变化最大的 4 个单元）。调高遗忘门偏置，门更接近 1，传送带上的信息保留得更久。",
        "en": "Feed a sentence token by token into the trained sentiment LSTM and watch the cell state and the forget gates over time (the 4 units whose cell state moves most). Raise the forget-gate bias: the gates move towards 1 and the belt keeps its contents longer.",
    },
    "lab.belt.trained": {"zh": "使用随应用发布的{language}情感 LSTM（偏置的改动只作用于副本）。", "en": "Using the shipped {language} sentiment LSTM (the bias change applies to a copy)."},
    "lab.belt.seeded": {"zh": "训练好的情感模型不可用，这里用固定种子的随机 LSTM 和随机字向量。", "en": "The trained sentiment model is unavailable; this is a seeded random LSTM with random character vectors."},
    "lab.belt.text": {"zh": "句子", "en": "Sentence"},
    "lab.belt.bias": {"zh": "遗忘门偏置", "en": "Forget-gate bias"},
    "lab.belt.t": {"zh": "时间步 t", "en": "Time step t"},
    "lab.belt.cell_chart": {"zh": "细胞状态 C_t 的各个分量", "en": "Components of the cell state C_t"},
    "lab.belt.forget_chart": {"zh": "遗忘门 f_t 的各个分量", "en": "Components of the forget gate f_t"},
    "lab.belt.grad_chart": {"zh": "沿细胞状态回传的梯度 ∂C_T/∂C_t", "en": "Gradient along the cell state, ∂C_T/∂C_t"},
    "lab.belt.autograd": {"zh": "自动求导（只走 C 这条路）", "en": "autograd (cell path only)"},
    "lab.belt.product": {"zh": "遗忘门连乘 ∏ f_k", "en": "product of forget gates ∏ f_k"},
    "lab.belt.unit": {"zh": "单元", "en": "unit"},
    "lab.belt.char": {"zh": "读入的字", "en": "character read"},
    "lab.belt.match": {
        "zh": "两条曲线重合（最大差 {diff}）：沿传送带回传时，每一步只乘一个标量 $f_k$，$\\dfrac{{\\partial C_T}}{{\\partial C_t}}=\\prod_{{k=t+1}}^{{T}} f_k$，而不是整条链上的 Jacobian 连乘。遗忘门接近 1 时，误差几乎无损地流回很远的过去。",
        "en": "The two curves coincide (largest difference {diff}): going back along the belt, each step multiplies by a scalar $f_k$ only, $\\dfrac{{\\partial C_T}}{{\\partial C_t}}=\\prod_{{k=t+1}}^{{T}} f_k$, not by a full Jacobian. With forget gates near 1 the error flows back almost undamped.",
    },
    "lab.belt.resnet": {
        "zh": "这就是“恒等捷径”的早期形态：ResNet 的残差连接 $x_{l+1}=x_l+F(x_l)$ 让梯度**跨层**直达，LSTM 的传送带 $C_t=f_t\\odot C_{t-1}+\\cdots$ 让梯度**跨时间步**直达——一个跳过的是层，一个跳过的是时间步。",
        "en": "This is the identity shortcut in an early form: ResNet's residual connection $x_{l+1}=x_l+F(x_l)$ lets the gradient skip **layers**, the LSTM belt $C_t=f_t\\odot C_{t-1}+\\cdots$ lets it skip **time steps**: one skips layers, the other skips steps in time.",
    },
    "lab.params.header": {"zh": "参数量：LSTM 约 4 倍，GRU 约 3 倍", "en": "Parameter counts: LSTM about 4x, GRU about 3x"},
    "lab.params.intro": {
        "zh": "每个门都是一个“全连接层 + 激活”，各有一套 $W_x$、$W_h$ 和偏置。普通 RNN 有 1 套，GRU 3 套，LSTM 4 套。下表按 PyTorch 的约定计数（每套有两个偏置向量 $b_{ih}$、$b_{hh}$），与 `torch.nn` 的模块逐一核对过。",
        "en": "Each gate is a \"fully connected layer + activation\" with its own $W_x$, $W_h$ and bias. A plain RNN has 1 such block, a GRU 3, an LSTM 4. Counts follow PyTorch's convention (two bias vectors per block, $b_{ih}$ and $b_{hh}$) and are checked against `torch.nn` modules.",
    },
    "lab.params.d": {"zh": "输入维度 d", "en": "Input size d"},
    "lab.params.m": {"zh": "隐藏维度 m", "en": "Hidden size m"},
    "lab.params.layers": {"zh": "层数", "en": "Layers"},
    "lab.params.bidirectional": {"zh": "双向", "en": "Bidirectional"},
    "lab.params.cell": {"zh": "单元", "en": "cell"},
    "lab.params.formula": {"zh": "每层每方向的公式", "en": "formula per layer and direction"},
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
        "zh": "多层 RNN 是一张网格：每一层有自己的一组权重，在该层的所有时间步共享；上一层的输入是下一层的隐藏状态。选一个状态，高亮的是它依赖的全部状态——右上角的状态需要整个左下方的网格。",
        "en": "A stacked RNN is a grid: each layer has its own weights, shared across its time steps, and reads the hidden states of the layer below. Pick a state: the highlighted cells are everything it depends on. The top-right state needs the whole grid below and to its left.",
    },
    "lab.shapes.layers": {"zh": "层数", "en": "Layers"},
    "lab.shapes.steps": {"zh": "时间步数", "en": "Time steps"},
    "lab.shapes.pick_layer": {"zh": "选中的层", "en": "Selected layer"},
    "lab.shapes.pick_step": {"zh": "选中的时间步", "en": "Selected step"},
    "lab.shapes.layer": {"zh": "第 {n} 层", "en": "layer {n}"},
    "lab.shapes.cone": {
        "zh": "第 {layer} 层第 {step} 步的状态依赖 {count} 个状态（含自身），共用 {weights} 组权重。",
        "en": "The state at layer {layer}, step {step} depends on {count} states (itself included), through {weights} sets of weights.",
    },
    "lab.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "lab.myths.body": {
        "zh": (
            "- **LSTM 不是“永远不会忘”**：遗忘门长期小于 1，旧信息照样衰减；训练数据不足时，门也可能学不到正确的依赖。\n"
            "- **LSTM 没有彻底消除梯度问题**：门控只是提供了更顺畅的通路，序列长度、门值、初始化和优化过程仍会造成衰减或不稳定。\n"
            "- **GRU 与 LSTM 谁更好，不能脱离数据断言**：GRU 参数少、训练快，短文本常常够用；依赖复杂时，比较验证集结果再选。\n"
            "- **双向 RNN 不是把同一个 RNN 倒着再跑一遍**：两个方向通常各有独立参数，输出再拼接或组合。"
        ),
        "en": (
            "- **An LSTM does not \"never forget\"**: with forget gates below 1 for long, old information still decays; with too little data the gates may not learn the right dependencies.\n"
            "- **An LSTM does not abolish the gradient problem**: gating only offers a smoother path; length, gate values, initialisation and optimisation can still cause decay or instability.\n"
            "- **Whether a GRU or an LSTM is better depends on the data**: a GRU has fewer parameters and trains faster, often enough for short texts; for complex dependencies compare validation results.\n"
            "- **A bidirectional RNN is not the same RNN run backwards again**: each direction usually has its own parameters, and the outputs are concatenated or combined."
        ),
    },
    # --- vanishing and exploding gradients --------------------------------------------------
    "grad.title": {"zh": "梯度消失与梯度爆炸", "en": "Vanishing and exploding gradients"},
    "grad.intro": {
        "zh": "把误差从第 $T$ 步传回第 $t$ 步，要连乘 $T-t$ 个局部 Jacobian $D_kW_{hh}$，其中 $D_k=\\operatorname{diag}(\\tanh'(z_k))$，各元素不超过 1。连乘的结果随距离指数式地变小（梯度消失）或变大（梯度爆炸）。",
        "en": "Carrying the error from step $T$ back to step $t$ multiplies $T-t$ local Jacobians $D_kW_{hh}$, with $D_k=\\operatorname{diag}(\\tanh'(z_k))$ and entries at most 1. The product shrinks (vanishing gradient) or grows (exploding gradient) exponentially with the distance.",
    },
    "grad.scalar.header": {"zh": "一维直觉：小数连乘", "en": "One number: repeated multiplication"},
    "grad.scalar.intro": {
        "zh": "假设每一步的局部导数都等于 $a$，跨 $k$ 步后影响因子是 $a^k$。讲解稿的两个例子：$0.5^{10}=0.0009765625\\approx0.00097656$（梯度消失），$1.5^{10}\\approx57.665$（梯度爆炸）。",
        "en": "If every step's local derivative is $a$, crossing $k$ steps gives a factor $a^k$. The lecture's two cases: $0.5^{10}=0.0009765625\\approx0.00097656$ (vanishing) and $1.5^{10}\\approx57.665$ (exploding).",
    },
    "grad.scalar.a": {"zh": "每步的因子 a", "en": "Factor per step a"},
    "grad.scalar.k": {"zh": "步数 k", "en": "Steps k"},
    "grad.scalar.value": {"zh": "a^k（float64）", "en": "a^k (float64)"},
    "grad.scalar.chart": {"zh": "a^k 随 k 的变化（对数坐标）", "en": "a^k against k (log scale)"},
    "grad.scalar.yours": {"zh": "你的 a", "en": "your a"},
    "grad.scalar.limits": {"zh": "在浮点数里逐步相乘，何时变成 0 或 inf", "en": "Multiplying step by step in floating point: when it becomes 0 or inf"},
    "grad.scalar.dtype": {"zh": "精度", "en": "precision"},
    "grad.scalar.underflow": {"zh": "下溢为 0 的步数", "en": "step where it underflows to 0"},
    "grad.scalar.overflow": {"zh": "上溢为 inf 的步数", "en": "step where it overflows to inf"},
    "grad.scalar.never": {"zh": "{k} 步内不会", "en": "not within {k} steps"},
    "grad.scalar.note": {
        "zh": "“消失”的梯度在数学上只是指数级地小，在浮点数里却会下溢成**恰好为 0**；“爆炸”的梯度先溢出成 inf，再与 0 或 inf 相遇变成 NaN，直接毁掉训练。",
        "en": "A \"vanishing\" gradient is only exponentially small in mathematics, but in floating point it underflows to **exactly 0**; an \"exploding\" one overflows to inf, and inf meeting 0 or inf becomes NaN, which wrecks training.",
    },
    "grad.lab.header": {"zh": "普通 RNN 实验（真实的自动求导）", "en": "Vanilla RNN lab (real autograd)"},
    "grad.lab.intro": {
        "zh": "下面的曲线不是公式算的：搭一个真的 RNN，前向跑 $T$ 步，再用反向传播求出每一步的 $\\lVert\\partial h_T/\\partial h_t\\rVert$。讲义指出两个原因：$\\tanh'\\le1$，以及 $W_{hh}$ 的奇异值。把激活函数换成“恒等”就只剩 $W_{hh}$ 一个原因。",
        "en": "These curves are not from a formula: a real RNN runs $T$ steps forward and backpropagation measures $\\lVert\\partial h_T/\\partial h_t\\rVert$ at every step. The lecture names two causes: $\\tanh'\\le1$ and the singular values of $W_{hh}$. Choose the identity activation to keep only the second.",
    },
    "grad.lab.hidden": {"zh": "隐藏维度 m", "en": "Hidden size m"},
    "grad.lab.length": {"zh": "序列长度 T", "en": "Length T"},
    "grad.lab.scale": {"zh": "W_hh 的尺度", "en": "Scale of W_hh"},
    "grad.lab.measure": {"zh": "尺度指的是", "en": "Scale means"},
    "grad.measure.singular": {"zh": "最大奇异值", "en": "largest singular value"},
    "grad.measure.spectral": {"zh": "谱半径", "en": "spectral radius"},
    "grad.lab.init": {"zh": "初始化", "en": "Initialisation"},
    "grad.init.orthogonal": {"zh": "正交", "en": "orthogonal"},
    "grad.init.gaussian": {"zh": "高斯", "en": "Gaussian"},
    "grad.init.identity": {"zh": "单位矩阵", "en": "identity matrix"},
    "grad.lab.activation": {"zh": "激活函数", "en": "Activation"},
    "grad.act.tanh": {"zh": "tanh", "en": "tanh"},
    "grad.act.relu": {"zh": "ReLU", "en": "ReLU"},
    "grad.act.identity": {"zh": "恒等", "en": "identity"},
    "grad.lab.input_scale": {"zh": "输入尺度", "en": "Input scale"},
    "grad.lab.seed": {"zh": "随机种子", "en": "Seed"},
    "grad.lab.dtype": {"zh": "浮点精度", "en": "Precision"},
    "grad.lab.norms": {"zh": "‖∂h_T/∂h_t‖ 随 t 的变化", "en": "‖∂h_T/∂h_t‖ against t"},
    "grad.lab.factors": {"zh": "每一步乘上的因子 ‖diag(f′(z_t)) W_hh‖₂", "en": "The factor each step multiplies by, ‖diag(f′(z_t)) W_hh‖₂"},
    "grad.lab.singular": {"zh": "W_hh 的奇异值", "en": "Singular values of W_hh"},
    "grad.lab.t": {"zh": "时间步 t", "en": "time step t"},
    "grad.lab.norm": {"zh": "范数", "en": "norm"},
    "grad.lab.forward": {
        "zh": "前向的最终状态 ‖h_T‖ = {norm}：前向状态并没有变成 0，消失的是损失对早期状态的敏感度。",
        "en": "Forward final state ‖h_T‖ = {norm}: the forward state has not gone to zero; what vanishes is the loss's sensitivity to early states.",
    },
    "grad.lab.nonfinite": {
        "zh": "有 {zeros} 步的梯度下溢成了 0，{bad} 步溢出成了 inf 或 NaN；对数坐标上画不出这些点。",
        "en": "At {zeros} steps the gradient underflowed to 0 and at {bad} it overflowed to inf or NaN; a log axis cannot show those points.",
    },
    "grad.compare.header": {"zh": "RNN、LSTM、GRU 同台对比", "en": "RNN vs LSTM vs GRU"},
    "grad.compare.intro": {
        "zh": "同样的输入、同样的递归矩阵尺度。调高 LSTM 的遗忘门偏置，遗忘门接近 1，沿细胞状态回传的梯度（各遗忘门之积）几乎不衰减——这就是“信息高速公路”。",
        "en": "Same inputs, same recurrent scale. Raise the LSTM's forget-gate bias: the forget gates approach 1 and the gradient along the cell state, the product of the forget gates, hardly decays. That is the \"information highway\".",
    },
    "grad.compare.bias": {"zh": "LSTM 遗忘门偏置", "en": "LSTM forget-gate bias"},
    "grad.compare.chart": {"zh": "‖∂h_T/∂h_t‖：三种单元", "en": "‖∂h_T/∂h_t‖ for the three cells"},
    "grad.compare.cell_path": {"zh": "LSTM 细胞状态通路 ‖∏ f_k‖", "en": "LSTM cell-state path ‖∏ f_k‖"},
    "grad.clip.header": {"zh": "梯度裁剪：给爆炸踩刹车", "en": "Gradient clipping: a brake for explosions"},
    "grad.clip.intro": {
        "zh": "一次真实的训练：线性化的 RNN（ReLU，$W_{hh}$ 尺度大于 1），序列长 40，用普通 SGD。不裁剪时梯度范数成千上万，几步之内损失变成 NaN；按范数裁剪把每步的更新限制住，训练得以继续。",
        "en": "A real training run: a ReLU RNN with $W_{hh}$ scaled above 1, sequences of 40 steps, plain SGD. Without clipping the gradient norm runs into the thousands and the loss is NaN within a few steps; clipping by norm bounds every update and training goes on.",
    },
    "grad.clip.threshold": {"zh": "裁剪阈值（梯度范数上限）", "en": "Clipping threshold (largest gradient norm)"},
    "grad.clip.scale": {"zh": "W_hh 的初始尺度", "en": "Initial scale of W_hh"},
    "grad.clip.none": {"zh": "不裁剪", "en": "no clipping"},
    "grad.clip.with": {"zh": "裁剪到 {value}", "en": "clipped at {value}"},
    "grad.clip.loss": {"zh": "训练损失", "en": "training loss"},
    "grad.clip.gradnorm": {"zh": "裁剪前的梯度范数", "en": "gradient norm before clipping"},
    "grad.clip.step": {"zh": "训练步", "en": "training step"},
    "grad.clip.nan_at": {"zh": "不裁剪：第 {step} 步损失变成 NaN/inf，训练终止。", "en": "Without clipping: the loss became NaN/inf at step {step} and training stopped."},
    "grad.clip.survived": {"zh": "不裁剪的这次没有发散（尺度不够大）：把 W_hh 的尺度调高试试。", "en": "This unclipped run did not diverge (the scale is not large enough): raise the scale of W_hh."},
    "grad.clip.ok": {"zh": "裁剪后：{steps} 步全部完成，最终损失 {loss}。", "en": "With clipping: all {steps} steps completed, final loss {loss}."},
    "grad.clip.bad": {"zh": "裁剪后仍然发散了（第 {step} 步）：阈值太大。", "en": "Even with clipping it diverged (step {step}): the threshold is too high."},
    "grad.clip.vanishing": {
        "zh": "**裁剪治不了梯度消失**：它只把过大的梯度按比例缩小，对已经很小的梯度没有任何作用。",
        "en": "**Clipping does not cure vanishing gradients**: it only scales down gradients that are too large and does nothing for ones that are already tiny.",
    },
    "grad.tbptt.header": {"zh": "截断 BPTT：只往回传 k 步", "en": "Truncated BPTT: back only k steps"},
    "grad.tbptt.intro": {
        "zh": "把长序列切成长度为 $k$ 的块：每块内前向、反向、更新；下一块的初始状态沿用上一块结束时的隐藏状态（信息继续向前传），但梯度不再跨块回传。代价是主动舍弃更远的梯度联系，换来的是显存与计算随 $k$ 而不是随 $T$ 增长。",
        "en": "Cut a long sequence into chunks of $k$ steps: forward, backward and update within each chunk; the next chunk starts from the state the previous one ended in (information still flows forward), but no gradient crosses a chunk border. You give up the longer gradient links and in return memory and compute grow with $k$, not with $T$.",
    },
    "grad.tbptt.window": {"zh": "截断窗口 k", "en": "Window k"},
    "grad.tbptt.strip": {"zh": "最后一步的损失把梯度送到了哪些时间步（log₁₀‖∂L_T/∂h_t‖）", "en": "Which steps the last step's loss sends gradient to (log₁₀‖∂L_T/∂h_t‖)"},
    "grad.tbptt.carried": {"zh": "跨块传递（不带梯度）的状态 ‖h‖：{values}", "en": "State carried across chunk borders (without gradient), ‖h‖: {values}"},
    "grad.tbptt.mode": {"zh": "方式", "en": "mode"},
    "grad.tbptt.full": {"zh": "完整 BPTT（T = {length}）", "en": "full BPTT (T = {length})"},
    "grad.tbptt.truncated": {"zh": "截断 BPTT（k = {window}）", "en": "truncated BPTT (k = {window})"},
    "grad.tbptt.time": {"zh": "一次训练的用时", "en": "time for one pass"},
    "grad.tbptt.memory": {"zh": "反向传播需要保存的激活", "en": "activations kept for backward"},
    "grad.tbptt.measured": {"zh": "以上数字是刚刚在这台机器上测的。", "en": "These figures were measured just now, on this machine."},
    "grad.span.header": {"zh": "记忆跨度：各自能记多远", "en": "Memory span: how far back each can remember"},
    "grad.span.intro": {
        "zh": "教材表 4-2 说：普通 RNN 一般只能记住几步到十几步，LSTM 可以记住数百步。这里做成实验：序列以 4 个信号符号之一开头，后面跟 L 个随机干扰符号，读到最后要说出开头是哪个符号（随机猜的准确率是 25%）。三种单元宽度相同、训练预算相同。",
        "en": "The textbook's table 4-2 says a plain RNN remembers a few to a dozen steps and an LSTM hundreds. Here it is an experiment: a sequence starts with one of 4 signal symbols, then L random distractors, and at the end the model must name the first symbol (guessing scores 25%). The three cells have the same width and the same training budget.",
    },
    "grad.span.chart": {"zh": "留出数据上的准确率 vs 距离 L（随应用发布的完整扫描）", "en": "Held-out accuracy vs distance L (the full sweep shipped with the app)"},
    "grad.span.distance": {"zh": "距离 L", "en": "distance L"},
    "grad.span.accuracy": {"zh": "准确率", "en": "accuracy"},
    "grad.span.chance": {"zh": "随机猜测", "en": "chance"},
    "grad.span.reading": {
        "zh": "在这个设置下，普通 RNN 最远记住了 {rnn} 步，LSTM {lstm} 步，GRU {gru} 步（准确率不低于 95% 的最大 L）。具体数字取决于宽度、训练步数和任务，但差距的方向与教材一致。",
        "en": "In this setting the plain RNN remembered up to {rnn} steps, the LSTM {lstm}, the GRU {gru} (the largest L with at least 95% accuracy). The exact figures depend on width, training budget and task, but the gap points the way the textbook says.",
    },
    "grad.span.live": {"zh": "自己跑一个点", "en": "Run one point yourself"},
    "grad.span.cell": {"zh": "单元", "en": "Cell"},
    "grad.span.live_distance": {"zh": "距离 L", "en": "Distance L"},
    "grad.span.run": {"zh": "训练并测试", "en": "Train and test"},
    "grad.span.result": {"zh": "{cell} 在 L = {distance} 时的留出准确率：{accuracy}", "en": "{cell} at L = {distance}: held-out accuracy {accuracy}"},
    "grad.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "grad.myths.body": {
        "zh": (
            "- **梯度消失不等于前向状态变成 0**：前向状态可以一直保持非零，消失的是损失对早期状态或参数的敏感度（见上面实验里的 ‖h_T‖）。\n"
            "- **调大学习率救不了梯度消失**：统一放大学习率会让短路径的更新过猛，却未必恢复长路径上的信息。\n"
            "- **梯度裁剪救不了梯度消失**：它只限制过大的梯度。\n"
            "- **LSTM 是缓解，不是保证**：门控提供了更顺畅的通路，但序列长度、门值、初始化和优化过程仍可能造成衰减（把遗忘门偏置调成负数看看）。"
        ),
        "en": (
            "- **A vanishing gradient does not mean the forward state is zero**: the state can stay well away from zero while the loss's sensitivity to early states or parameters vanishes (see ‖h_T‖ in the lab above).\n"
            "- **A larger learning rate does not fix it**: scaling every update makes the short paths overshoot without restoring the long ones.\n"
            "- **Clipping does not fix it**: clipping only limits gradients that are too large.\n"
            "- **An LSTM eases the problem, it does not guarantee anything**: gating offers a smoother path, but length, gate values, initialisation and optimisation can still make the signal decay (try a negative forget-gate bias)."
        ),
    },
    # --- sentiment -------------------------------------------------------------------------------
    "senti.title": {"zh": "情感分析：读到最后才知道", "en": "Sentiment: you only know at the end"},
    "senti.intro": {
        "zh": "“配送不慢，饭也不是不好吃，就是下次不会再点了。”只数“慢”“不好吃”，会把两个否定算成正面；只看“不会再点”，又会忽略前面的铺垫。决定语气的是**词出现的顺序**，以及读到句尾时还记得多少前文。",
        "en": "\"配送不慢，饭也不是不好吃，就是下次不会再点了\" (\"Delivery wasn't slow, the food wasn't bad either, I just won't order again\"). Counting \"slow\" and \"bad\" sees two negatives and calls it positive; looking only at \"won't order again\" ignores the build-up. What decides the tone is the **order** of the words and how much is remembered at the end.",
    },
    "senti.walk.header": {"zh": "讲解稿的手算例子", "en": "The lecture's worked example"},
    "senti.walk.intro": {
        "zh": "“服务慢，但味道很好”切成四个 token，用一个数表示每个 token 对正面情感的提示：$x=(0,-1,0.5,1)$（教学设定）。简化 RNN：$h_t=\\tanh(w_x x_t+w_h h_{t-1})$，$h_0=0$；正面概率 $p=\\sigma(w_y h_4)$；标签为正面时损失 $L=-\\ln p$（单位 nat）。",
        "en": "\"服务慢，但味道很好\" (service slow, but taste very good) as four tokens, each scored by one number hinting at positive sentiment: $x=(0,-1,0.5,1)$ (a teaching choice). The simplified RNN: $h_t=\\tanh(w_x x_t+w_h h_{t-1})$, $h_0=0$; the positive probability $p=\\sigma(w_y h_4)$; with a positive label the loss is $L=-\\ln p$ (in nats).",
    },
    "senti.walk.tokens": {"zh": "token 与它的分数 x_t（可增删、可修改）", "en": "Tokens and their scores x_t (add, remove, edit)"},
    "senti.walk.token": {"zh": "token", "en": "token"},
    "senti.walk.label": {"zh": "真实标签", "en": "True label"},
    "senti.label.1": {"zh": "正面", "en": "positive"},
    "senti.label.0": {"zh": "负面", "en": "negative"},
    "senti.walk.p": {"zh": "正面概率 p", "en": "positive probability p"},
    "senti.walk.loss_nat": {"zh": "损失（nat，自然对数）", "en": "loss (nats, natural log)"},
    "senti.walk.loss_bit": {"zh": "同一损失（bit，以 2 为底）", "en": "the same loss (bits, base 2)"},
    "senti.walk.units": {
        "zh": "nat 与 bit 是同一信息量的两种单位（1 nat ≈ 1.4427 bit），不能混写。",
        "en": "Nats and bits are two units of the same quantity (1 nat ≈ 1.4427 bits); never mix them.",
    },
    "senti.walk.h_chart": {"zh": "隐藏状态 h_t：先负后正，符合转折句的阅读过程", "en": "Hidden state h_t: negative first, then positive, as a \"but\" sentence reads"},
    "senti.walk.grad_chart": {"zh": "反向传播：误差从“很好”一路传回“服务”（∂L/∂h_t）", "en": "Backward: the error travels back from 很好 to 服务 (∂L/∂h_t)"},
    "senti.walk.col_h": {"zh": "h_t", "en": "h_t"},
    "senti.walk.col_grad": {"zh": "∂L/∂h_t", "en": "∂L/∂h_t"},
    "senti.walk.seed_note": {
        "zh": "核对讲解稿：稿中印的是 $h=(0,-0.76159,0.11865,0.78548)$、$p=0.82792$、$L=0.18880$ nat $=0.27239$ bit。按公式精确计算（本页）得 $h_3=\\tanh(0.5-0.5\\times0.76159)=0.11864$，$h_4=0.78540$，$p=0.82790$，$L=0.18886$ nat $=0.27247$ bit：稿中 $h_3$、$h_4$ 在第五位有效数字上有舍入误差，$L$ 也与它自己的 $p$ 不符（$-\\ln 0.82792=0.18884$）。结论不变：状态先负后正，模型以约 83% 的概率判为正面。",
        "en": "Checking the lecture script: it prints $h=(0,-0.76159,0.11865,0.78548)$, $p=0.82792$, $L=0.18880$ nats $=0.27239$ bits. Exact arithmetic (this page) gives $h_3=\\tanh(0.5-0.5\\times0.76159)=0.11864$, $h_4=0.78540$, $p=0.82790$, $L=0.18886$ nats $=0.27247$ bits: the script's $h_3$ and $h_4$ are off in the fifth significant figure, and its $L$ does not follow from its own $p$ ($-\\ln 0.82792=0.18884$). The lesson stands: the state goes negative, then positive, and the model says positive with about 83%.",
    },
    "senti.walk.first": {
        "zh": "同一讲的第一个例子：$h_0=0$，$W_{{xh}}=1$，$W_{{hh}}=0.5$，输入 $x_1=1$、$x_2=0$，得 $h_1=\\tanh(1)={h1}$，$h_2=\\tanh(0.5\\times{h1})={h2}$。第二步输入为零，状态仍不为零：第一步的信息流到了第二步。",
        "en": "The lecture's first example: $h_0=0$, $W_{{xh}}=1$, $W_{{hh}}=0.5$, inputs $x_1=1$, $x_2=0$ give $h_1=\\tanh(1)={h1}$ and $h_2=\\tanh(0.5\\times{h1})={h2}$. The second input is zero, yet the state is not: information from step 1 reached step 2.",
    },
    "senti.model.header": {"zh": "训练好的模型逐字阅读", "en": "Trained models reading token by token"},
    "senti.model.intro": {
        "zh": "每个模型从左往右读，用当前的隐藏状态 $h_t$ 分类（正是讲解稿的 $p=\\sigma(w_y h_T)$），所以每一步的概率正是模型对这段前缀的判断。中文模型按字读（同时看以该字结尾的二字组），英文模型按词读；另有一个不看顺序的“词袋”基线，它对目前读到的词向量取平均。",
        "en": "Each model reads left to right and classifies its current hidden state $h_t$ (the lecture's $p=\\sigma(w_y h_T)$), so the probability at every step is the model's verdict on that prefix. The Chinese models read characters (with the bigram ending at each), the English ones words; a bag-of-tokens baseline ignores order altogether and averages the token vectors read so far.",
    },
    "senti.model.lang": {"zh": "语言", "en": "Language"},
    "senti.model.kind": {"zh": "模型", "en": "Model"},
    "senti.kind.bag": {"zh": "词袋基线", "en": "bag of tokens"},
    "senti.kind.rnn": {"zh": "RNN", "en": "RNN"},
    "senti.kind.lstm": {"zh": "LSTM", "en": "LSTM"},
    "senti.kind.gru": {"zh": "GRU", "en": "GRU"},
    "senti.model.text": {"zh": "输入一句评论", "en": "Type a review"},
    "senti.model.empty": {"zh": "请输入一句评论，例如：配送不慢，饭也不是不好吃，就是下次不会再点了", "en": "Type a review, for example: not bad at all, I would watch it again"},
    "senti.model.truncated": {"zh": "文本超过 {limit} 个字符，只读前 {limit} 个。", "en": "The text is longer than {limit} characters; only the first {limit} are read."},
    "senti.model.other_lang": {"zh": "这段文字看起来是{other}，请切换到{other}模型。", "en": "This text looks like {other}; switch to the {other} model."},
    "senti.lang.zh": {"zh": "中文", "en": "Chinese"},
    "senti.lang.en": {"zh": "英文", "en": "English"},
    "senti.model.unknown": {"zh": "有 {count} 个 token 不在词表里，显示为 <unk>。", "en": "{count} tokens are not in the vocabulary and show as <unk>."},
    "senti.model.verdict": {"zh": "{model} 的判断：正面概率 {p}", "en": "{model}: positive probability {p}"},
    "senti.model.strip": {"zh": "读完每个前缀后的正面概率（红 = 负面，蓝 = 正面）", "en": "Positive probability after each prefix (red = negative, blue = positive)"},
    "senti.model.curves": {"zh": "三种单元的概率轨迹", "en": "Probability trajectories of the three cells"},
    "senti.model.show_all": {"zh": "同时显示三种单元", "en": "Show all three cells"},
    "senti.model.t": {"zh": "时间步", "en": "Time step"},
    "senti.model.step_numbers": {"zh": "第 {t} 步读入“{token}”：正面概率 {p}", "en": "Step {t} reads \"{token}\": positive probability {p}"},
    "senti.model.hidden": {"zh": "隐藏状态 h_t（红 −1 / 蓝 +1）", "en": "Hidden state h_t (red −1 / blue +1)"},
    "senti.model.gate": {"zh": "{gate}（token × 单元）", "en": "{gate} (tokens × units)"},
    "senti.gate.i": {"zh": "输入门 i", "en": "input gate i"},
    "senti.gate.f": {"zh": "遗忘门 f", "en": "forget gate f"},
    "senti.gate.o": {"zh": "输出门 o", "en": "output gate o"},
    "senti.gate.c": {"zh": "细胞状态 c", "en": "cell state c"},
    "senti.gate.z": {"zh": "更新门 z", "en": "update gate z"},
    "senti.gate.r": {"zh": "重置门 r", "en": "reset gate r"},
    "senti.model.unit": {"zh": "单元", "en": "unit"},
    "senti.why.header": {"zh": "为什么这样判断", "en": "Why this verdict"},
    "senti.why.delta": {"zh": "每个 token 带来的概率变化 Δp", "en": "Change in probability each token causes, Δp"},
    "senti.why.saliency": {"zh": "梯度 × 输入（对最终判断的贡献）", "en": "Gradient × input (contribution to the final verdict)"},
    "senti.why.counter": {"zh": "反事实：改一改这句话，两条轨迹叠在一起看", "en": "Counterfactual: edit the sentence and compare the two trajectories"},
    "senti.why.original": {"zh": "原句", "en": "original"},
    "senti.why.edited": {"zh": "改后", "en": "edited"},
    "senti.panel.header": {"zh": "模型一览", "en": "The models"},
    "senti.panel.intro": {
        "zh": "下表的准确率在留出的测试集上计算（按内容哈希固定划分），挑战集是本项目专门写的、由否定与转折决定标签的短句（每种语言 {n} 句）。",
        "en": "Accuracy on the held-out test split (fixed by content hash); the challenge set is short sentences written for this project in which negation or contrast decides the label ({n} per language).",
    },
    "senti.panel.model": {"zh": "模型", "en": "model"},
    "senti.panel.test": {"zh": "测试集准确率", "en": "test accuracy"},
    "senti.panel.challenge": {"zh": "挑战集准确率", "en": "challenge accuracy"},
    "senti.panel.params": {"zh": "参数量", "en": "parameters"},
    "senti.panel.confusion": {"zh": "混淆矩阵（测试集，{model}）", "en": "Confusion matrix (test split, {model})"},
    "senti.panel.true": {"zh": "真实", "en": "true"},
    "senti.panel.pred": {"zh": "预测", "en": "predicted"},
    "senti.panel.errors": {"zh": "判错的测试样本（{model}）", "en": "Misclassified test examples ({model})"},
    "senti.panel.load": {"zh": "放进上面的输入框", "en": "Load into the box above"},
    "senti.panel.no_data": {
        "zh": "本机没有测试语料的缓存，混淆矩阵与错例浏览不可用（应用本身只依赖随附的权重）。运行 `python -m playground.train sentiment` 会下载并缓存语料。",
        "en": "The test corpus is not cached on this machine, so the confusion matrix and the error browser are unavailable (the app itself needs only the shipped weights). `python -m playground.train sentiment` downloads and caches it.",
    },
    "senti.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "senti.myths.body": {
        "zh": (
            "- **隐藏状态等于模型输出吗？**不等于。隐藏状态是内部表示，输出还要经过线性层和 sigmoid/softmax，才成为分类概率。\n"
            "- **这个概率不是客观置信度**：手算例子里的 0.83 只是那组玩具参数下的输出；训练好的模型也会在不熟悉的说法上“自信地犯错”。\n"
            "- **词袋模型不看顺序**：“不是不好”和“不好，不是”在它眼里几乎一样，挑战集上的差距就来自这里。"
        ),
        "en": (
            "- **Is the hidden state the model's output?** No. It is an internal representation; the output still passes through a linear layer and a sigmoid/softmax to become a class probability.\n"
            "- **The probability is not an objective confidence**: the 0.83 of the worked example is just what those toy parameters give, and a trained model can be confidently wrong on phrasing it has not seen.\n"
            "- **A bag of tokens ignores order**: \"not bad, good\" and \"not good, bad\" look almost the same to it, which is where its gap on the challenge set comes from."
        ),
    },
    # --- home: intro -----------------------------------------------------------------------
    "home.title": {"zh": "序列与循环：给网络装上记忆", "en": "Sequences and recurrence: giving a network memory"},
    "home.intro": {
        "zh": (
            "前面学过的网络一次只看一个样本：一张图、一组特征，彼此独立。可语言、语音、股价都是**序列**，"
            "前后相继、环环相扣。循环神经网络（RNN）边读入新信息、边改写一份**隐藏状态** $h_t$，"
            "像边读边写摘要：$h_t=\\tanh(W_{xh}x_t+W_{hh}h_{t-1}+b_h)$，所有时刻共用同一组权重。"
        ),
        "en": (
            "The networks so far look at one sample at a time: an image, a feature vector, each on its own. "
            "Language, speech and stock prices are **sequences**, each element tied to the ones before it. "
            "A recurrent neural network (RNN) reads one element at a time and rewrites a **hidden state** $h_t$, "
            "like a running summary: $h_t=\\tanh(W_{xh}x_t+W_{hh}h_{t-1}+b_h)$, with the same weights at every step."
        ),
    },
    # --- home: sequence data ---------------------------------------------------------------
    "home.seq.header": {"zh": "什么是序列数据", "en": "What sequence data is"},
    "home.seq.traits": {
        "zh": "序列数据有三个特点：**顺序即语义**（“我打你”与“你打我”意思相反）、**长度可变**、**上下文相关**（元素的意义依赖前后文）。表 4-1 列出常见的序列数据。",
        "en": "Sequence data has three traits: **order carries meaning** (\"I hit you\" and \"you hit me\" are opposites), **length varies**, and **context matters** (an element's meaning depends on its neighbours). Table 4-1 lists common kinds.",
    },
    "home.seq.col.type": {"zh": "数据类型", "en": "Data type"},
    "home.seq.col.element": {"zh": "序列中的基本元素", "en": "Basic element"},
    "home.seq.col.tasks": {"zh": "典型任务", "en": "Typical tasks"},
    "home.seq.row.text": {"zh": "文本|词 / 字 / 子词|语言模型、机器翻译、情感分析", "en": "Text|word / character / subword|language modelling, machine translation, sentiment analysis"},
    "home.seq.row.speech": {"zh": "语音|每 10~20 ms 一帧的声学特征|语音识别、语音合成", "en": "Speech|an acoustic feature frame every 10-20 ms|speech recognition, speech synthesis"},
    "home.seq.row.series": {"zh": "时间序列|等间隔采样点|股价预测、气温预报、电力负荷预测", "en": "Time series|equally spaced samples|stock prices, weather forecasts, power-load forecasts"},
    "home.seq.row.video": {"zh": "视频|图像帧|动作识别、视频理解", "en": "Video|image frames|action recognition, video understanding"},
    "home.seq.row.bio": {"zh": "生物信号|采样点|心电图异常检测、脑电分析", "en": "Biosignals|samples|ECG anomaly detection, EEG analysis"},
    # --- home: four forms ------------------------------------------------------------------
    "home.forms.header": {"zh": "序列建模的四种形式", "en": "The four forms of sequence modelling"},
    "home.forms.intro": {
        "zh": "按输入序列与输出序列的长度关系，可以分成四种情形。选一种，看它按时间展开后的计算图：每个方框是同一个 RNN 单元，方框上标的是**同一组**权重。",
        "en": "By how the input and output lengths relate, there are four cases. Pick one and see its graph unrolled in time: every box is the same RNN cell, labelled with the **same** weights.",
    },
    "home.forms.pick": {"zh": "形式", "en": "Form"},
    "home.forms.view": {"zh": "画法", "en": "Drawing"},
    "home.forms.view.unrolled": {"zh": "按时间展开", "en": "Unrolled in time"},
    "home.forms.view.folded": {"zh": "折叠（带自环）", "en": "Folded (self-loop)"},
    "home.forms.folded_note": {
        "zh": "折叠画法与展开画法等价：自环表示“上一步的 $h$ 回到下一步的输入”。折叠图简洁，却看不清计算先后和梯度路径，所以讲训练时总是画展开图。",
        "en": "The folded and unrolled drawings are equivalent: the loop means \"the previous $h$ feeds the next step\". The folded one is compact but hides the order of computation and the gradient paths, which is why training is always explained on the unrolled graph.",
    },
    "home.form.one_to_one": {"zh": "一对一", "en": "One-to-one"},
    "home.form.one_to_many": {"zh": "一对多", "en": "One-to-many"},
    "home.form.many_to_one": {"zh": "多对一", "en": "Many-to-one"},
    "home.form.many_to_many_aligned": {"zh": "多对多（对齐）", "en": "Many-to-many (aligned)"},
    "home.form.many_to_many_unaligned": {"zh": "多对多（不对齐）", "en": "Many-to-many (unaligned)"},
    "home.form.one_to_one.desc": {
        "zh": "**一对一**：固定尺寸的输入到固定尺寸的输出，也就是图像分类。没有时间维度，不需要循环。",
        "en": "**One-to-one**: a fixed-size input to a fixed-size output, i.e. image classification. No time axis, no recurrence needed.",
    },
    "home.form.one_to_many.desc": {
        "zh": "**一对多**：输入一张图，输出一串长度可变的文字，例如图像标注。序列开始后没有新的输入，可以补零，或把上一步的输出喂回来。",
        "en": "**One-to-many**: one image in, a variable-length caption out (image captioning). After the first step there is no new input: feed zeros, or feed back the previous output.",
    },
    "home.form.many_to_one.desc": {
        "zh": "**多对一**：读完一整段序列，给出一个结果，例如视频分类、情感分析。这里是讲解稿的例子“服务 / 慢 / 但 / 很好”，读到最后一步才判为正面。",
        "en": "**Many-to-one**: read a whole sequence, give one answer (video classification, sentiment). Here the lecture's 服务 / 慢 / 但 / 很好 (service / slow / but / great), judged positive only at the last step.",
    },
    "home.form.many_to_many_aligned.desc": {
        "zh": "**多对多（对齐）**：每读一个输入就给一个输出，例如逐帧分类视频。这里是讲义手算的例子：检测“连续两个 1”，输入 0,1,0,1,1,1，输出 0,0,0,0,1,1。",
        "en": "**Many-to-many (aligned)**: one output per input, e.g. labelling every video frame. Here the lecture's hand-built example: detect two consecutive 1s, input 0,1,0,1,1,1, output 0,0,0,0,1,1.",
    },
    "home.form.many_to_many_unaligned.desc": {
        "zh": "**多对多（不对齐）**：输入输出长度不必相等，例如机器翻译。编码器读完“我爱自然语言处理”8 个字，解码器再逐词生成 I / love / natural / language / processing / `<eos>`。",
        "en": "**Many-to-many (unaligned)**: input and output lengths differ, as in translation. The encoder reads the 8 characters of 我爱自然语言处理, then the decoder writes I / love / natural / language / processing / `<eos>`.",
    },
    "home.forms.shared": {
        "zh": "共 {steps} 个时间步，却只有一组权重：参数量与序列长度无关，任意长度的序列都能处理。",
        "en": "{steps} time steps but a single set of weights: the parameter count does not depend on the length, so any length can be processed.",
    },
    "home.forms.encoder": {"zh": "编码器", "en": "encoder"},
    "home.forms.decoder": {"zh": "解码器", "en": "decoder"},
    # --- home: order matters ---------------------------------------------------------------
    "home.order.header": {"zh": "顺序很重要：狗咬人 ≠ 人咬狗", "en": "Order matters: 狗咬人 (dog bites man) ≠ 人咬狗 (man bites dog)"},
    "home.order.intro": {
        "zh": "把整句的字向量简单平均，“狗咬人”和“人咬狗”用的是同样三个字，平均结果完全相同；RNN 按顺序更新状态，两种次序一般会停在不同的最终状态。下面两句话都可以改。",
        "en": "Average a sentence's character vectors and 狗咬人 and 人咬狗, made of the same three characters, give exactly the same result; an RNN updates its state in order, so the two orders usually end in different final states. Edit either sentence.",
    },
    "home.order.a": {"zh": "句子 A", "en": "Sentence A"},
    "home.order.b": {"zh": "句子 B", "en": "Sentence B"},
    "home.order.mean_distance": {"zh": "平均字向量之间的距离", "en": "Distance between mean embeddings"},
    "home.order.rnn_distance": {"zh": "RNN 最终隐藏状态之间的距离", "en": "Distance between RNN final states"},
    "home.order.same_chars": {
        "zh": "两句用的是同一组字，只是次序不同：平均向量一模一样（距离恰为 0），只有循环网络分得出谁咬了谁。",
        "en": "Both sentences use the same characters in a different order: the averages are identical (distance exactly 0); only the recurrent network tells who bit whom.",
    },
    "home.order.identical": {
        "zh": "两句完全相同，两种方法的距离自然都是 0。改一下次序试试。",
        "en": "The two sentences are identical, so both distances are 0. Try changing the order.",
    },
    "home.order.diff_chars": {
        "zh": "两句用的字不同，所以平均向量也不同。想看顺序的作用，请让两句只在次序上不同。",
        "en": "The sentences use different characters, so their averages differ too. To isolate order, make them differ only in order.",
    },
    "home.order.note": {
        "zh": "这里的字向量和 RNN 权重都是随机的（固定种子），没有经过训练：区分顺序靠的是“逐步更新状态”这种计算结构本身，而不是学到的知识。图中是每读一个字后，隐藏状态 $h_t$ 的各个分量。",
        "en": "The character vectors and RNN weights here are random (fixed seed) and untrained: telling the orders apart comes from the structure of the computation, a state updated step by step, not from anything learned. The chart shows the components of $h_t$ after each character.",
    },
    "home.order.unit": {"zh": "分量", "en": "unit"},
    # --- home: fixed window ----------------------------------------------------------------
    "home.window.header": {"zh": "为什么固定窗口的 MLP 不够", "en": "Why a fixed-window MLP is not enough"},
    "home.window.intro": {
        "zh": "用多层感知机处理序列，最朴素的办法是只看最近 $N$ 个元素。完形填空“I grew up in France … I speak French.”里，省略号可能隔着几十个词：窗口太小，France 落在视野之外；窗口太大，参数随 $N$ 膨胀；而依赖的距离本来就不固定。",
        "en": "The plainest way to feed a sequence to an MLP is to look at the last $N$ elements. In the cloze \"I grew up in France … I speak French.\" the ellipsis may span dozens of words: a small window loses France, a large one makes the parameters grow with $N$, and the distance of a dependency is not fixed anyway.",
    },
    "home.window.gap": {"zh": "France 与 French 相隔的词数", "en": "Words between France and French"},
    "home.window.size": {"zh": "窗口大小 N（词）", "en": "Window size N (words)"},
    "home.window.dim": {"zh": "词向量维度 d 与隐藏宽度 m", "en": "Embedding size d and hidden width m"},
    "home.window.sees": {"zh": "窗口里看得到 France：可以预测 French。", "en": "France is inside the window: French can be predicted."},
    "home.window.blind": {"zh": "France 在窗口之外：MLP 无从得知该填 French。", "en": "France is outside the window: the MLP cannot know the answer is French."},
    "home.window.mlp_params": {"zh": "窗口 MLP 的参数", "en": "Window MLP parameters"},
    "home.window.rnn_params": {"zh": "RNN 的参数（与长度无关）", "en": "RNN parameters (any length)"},
    "home.window.chart_title": {"zh": "参数量：窗口 MLP 随 N 增长，RNN 不变", "en": "Parameters: the window MLP grows with N, the RNN does not"},
    "home.window.mlp": {"zh": "固定窗口 MLP", "en": "fixed-window MLP"},
    "home.window.rnn": {"zh": "RNN", "en": "RNN"},
    # --- home: misconceptions and map ------------------------------------------------------
    "home.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "home.myths.body": {
        "zh": (
            "- **隐藏状态不是原文存档**：它只有固定的 $m$ 个分量，是对历史的有损摘要，早期信息可能被覆盖。\n"
            "- **隐藏状态不等于输出**：输出还要经过 $W_{hy}$ 和 softmax，才成为词表概率或分类概率。\n"
            "- **序列长度不是隐藏维度**：句子从 10 个 token 变成 100 个，$m$ 并不会从 128 变成 1280，只是同一个单元多运行九十步。"
        ),
        "en": (
            "- **The hidden state is not an archive of the text**: it has a fixed $m$ components, a lossy summary in which early information can be overwritten.\n"
            "- **The hidden state is not the output**: the output still passes through $W_{hy}$ and a softmax to become word or class probabilities.\n"
            "- **Sequence length is not hidden size**: going from 10 tokens to 100 does not turn $m=128$ into 1280; the same cell just runs ninety more steps."
        ),
    },
    "home.pages.header": {"zh": "从这里出发", "en": "Where to go next"},
}

# Pages with many strings keep them in their own module; keys must not collide.
from playground.i18n_beyond import BEYOND_STRINGS  # noqa: E402
from playground.i18n_charlm import CHARLM_STRINGS  # noqa: E402
from playground.i18n_seq2seq import SEQ2SEQ_STRINGS  # noqa: E402

for _extra in (CHARLM_STRINGS, BEYOND_STRINGS, SEQ2SEQ_STRINGS):
    if set(_extra) & set(STRINGS):
        raise RuntimeError(f"i18n keys defined twice: {sorted(set(_extra) & set(STRINGS))}")
    STRINGS.update(_extra)


def t(key: str, lang: str, /, **fields: object) -> str:
    """The string ``key`` in ``lang`` (``zh`` or ``en``) with ``fields`` filled in."""
    entry = STRINGS[key]
    text = entry.get(lang) or entry["en"]
    return text.format(**fields) if fields else text


def language_from_locale(locale: str | None) -> str:
    """The default UI language for a browser locale such as ``zh-CN`` or ``en-US``."""
    if locale and locale.lower().startswith("zh"):
        return "zh"
    return "en"

"""UI strings of the two-consecutive-1s page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
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
    "two.input.limit": {"zh": "最多 {bits} 位", "en": "up to {bits} bits"},
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
    "two.table.decision": {
        "zh": "“对错”一栏按 $y_t\\ge 0.5$ 记作输出 1、否则记作 0，再与正确答案比较：改过的权重可能让 $y_t$ 等于 2 之类的值，它同样算作 1。",
        "en": "The \"right?\" column reads $y_t \\ge 0.5$ as an answer of 1 and anything below as 0, then compares with the target: edited weights can make $y_t$ 2 or more, which also counts as 1.",
    },
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
    "two.how": {
        "zh": "**留出数据上的成绩**：训练只用了长度 16 的随机串；在长度 1 到 10 的全部 {n} 个 0/1 串上，逐步判断全对的串占 {strings}，判对的步占 {steps}。**一个已知的不足**：它判得对，却不是照讲解稿的办法做的。讲解稿的手工网络用一个单元记“当前位”、另一个记“上一位”；学出来的网络里确实有单元紧跟当前位（最强的相关系数 {current}），却没有哪个单元干净地记着上一位（最强的也只有 {previous}，见上表）。准确率 100% 并不说明网络学到了我们设想的那种解法。",
        "en": "**On data it never saw**: it was trained on random strings of length 16 only; over all {n} 0/1 strings of length 1 to 10, {strings} of the strings are right at every step, and {steps} of the steps. **A known shortfall**: it is right, but not the lecture's way. The lecture's hand-built network keeps the current bit in one unit and the previous bit in another; the learned network does have a unit that follows the current bit (strongest correlation {current}), but no unit keeps the previous bit cleanly (the strongest is {previous}, table above). 100% accuracy does not mean the network found the solution we had in mind.",
    },
}

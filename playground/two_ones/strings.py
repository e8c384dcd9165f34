"""UI strings of the two-consecutive-1s page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.two_ones.title": {"zh": "手算 RNN：连续两个 1", "en": "Hand-built RNN: two 1s in a row"},
    "page.two_ones.blurb": {
        "zh": "讲义里唯一一个从头手算的 RNN：看三个矩阵各司其职，亲手改坏它，再看梯度下降从零学会同一个任务（学出的解法未必和手算的一样）。",
        "en": "The lecture notes' one fully hand-computed RNN: see each matrix do its job, break it, and watch gradient descent learn the same task from scratch (not necessarily the hand-built way).",
    },
    # --- two consecutive 1s ----------------------------------------------------------------
    "two.title": {"zh": "手算一个 RNN：检测连续两个 1", "en": "A hand-built RNN that detects two 1s in a row"},
    "two.intro": {
        "zh": (
            "任务：输入一串 0/1，每读一个数就输出一个数：若上一个输入和这一个输入都是 1，就输出 1，否则输出 0。"
            "例如 1,1,0,1,1 → 0,1,0,0,1。要完成它，隐藏状态只需记住两样东西：**当前值**和**前一个值**。"
            "讲义把隐藏状态设成三维 $h=[\\text{当前值},\\text{前一个值},1]$，第三维的常数 1 留给输出做偏置。不用梯度下降，三个矩阵全部手工写出来。"
        ),
        "en": (
            "The task: read a 0/1 sequence and answer at every step: 1 when the previous and the current input are both 1, else 0. "
            "For example 1,1,0,1,1 → 0,1,0,0,1. The hidden state needs to remember just two things: the **current** value and the **previous** one. "
            "The lecture notes make it three-dimensional, $h=[\\text{current},\\text{previous},1]$, the constant 1 serving as the output's bias, and set all three matrices by hand, with no gradient descent."
        ),
    },
    "two.input.header": {"zh": "输入序列", "en": "The input sequence"},
    "two.input.lecture": {
        "zh": "下面默认的输入就是讲义的例子 0,1,0,1,1,1，它的正确输出是 0,0,0,0,1,1：第五个数和第四个数凑成一对 1，第六个数又和第五个数凑成一对。",
        "en": "The default input below is the lecture notes' example 0,1,0,1,1,1, whose right output is 0,0,0,0,1,1: the fifth input pairs with the fourth, and the sixth with the fifth.",
    },
    "two.input.limit": {"zh": "最多 {bits} 位", "en": "up to {bits} bits"},
    "two.input.bits": {"zh": "0/1 序列（可用空格或逗号分隔）", "en": "0/1 sequence (spaces or commas allowed)"},
    "two.input.length": {"zh": "随机序列长度", "en": "Random sequence length"},
    "two.input.random": {"zh": "随机生成", "en": "Random"},
    "two.input.empty": {
        "zh": "输入为空，下面使用讲义里的例子 0,1,0,1,1,1。",
        "en": "The input is empty, so the lecture notes' example 0,1,0,1,1,1 is used below.",
    },
    "two.weights.header": {"zh": "三个矩阵各管什么", "en": "What each matrix does"},
    "two.weights.construction": {"zh": "构造", "en": "Construction"},
    "two.construction.relu": {"zh": "讲义的 ReLU 构造", "en": "The lecture notes' ReLU construction"},
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
    "two.weights.reading_tanh": {
        "zh": (
            "- $W_{xh}=[5,0,0]^\\top$：把输入放大 5 倍写进“当前值”一格。输入为 1 时 $\\tanh 5\\approx0.99991$，“当前值”几乎就是 1；输入为 0 时仍是 0。\n"
            "- $W_{hh}$ **第一行全为 0**：新的“当前值”只听输入的，与旧状态无关。\n"
            "- $W_{hh}$ **第二行 $(5,0,0)$**：把上一步的“当前值”放大 5 倍抄到“前一个值”，过 tanh 后仍约为 1 或 0。\n"
            "- $W_{hh}$ **第三行 $(0,0,5)$**：常数维每一步算一次 $h=\\tanh(5h)$，从 1 出发，停在这个方程接近 1 的不动点上（约 0.99991），不会衰减。\n"
            "- $W_{hy}=[1,1,-1.5]$：$W_{hy}h_t\\approx\\text{当前值}+\\text{前一个值}-1.5$，输出取阈值 $y_t=\\mathbf{1}[W_{hy}h_t>0]$。tanh 的值只是接近 1，所以偏置取 −1.5，让阈值落在“一个 1”（和约为 1）与“两个 1”（和约为 2）的正中间。"
        ),
        "en": (
            "- $W_{xh}=[5,0,0]^\\top$ writes 5 times the input into the \"current\" slot: for an input of 1, $\\tanh 5\\approx0.99991$, so \"current\" is all but 1; for 0 it stays 0.\n"
            "- **Row 1 of $W_{hh}$ is all zeros**: the new \"current\" ignores the old state; only the input writes it.\n"
            "- **Row 2 of $W_{hh}$, $(5,0,0)$**, copies 5 times the old \"current\" into \"previous\", again about 1 or 0 after tanh.\n"
            "- **Row 3 of $W_{hh}$, $(0,0,5)$**: the constant unit computes $h=\\tanh(5h)$ at every step; starting from 1 it stays at that equation's fixed point near 1 (about 0.99991) and never decays.\n"
            "- $W_{hy}=[1,1,-1.5]$ gives $W_{hy}h_t\\approx\\text{current}+\\text{previous}-1.5$, and the output is a threshold, $y_t=\\mathbf{1}[W_{hy}h_t>0]$. tanh only comes close to 1, so the bias is −1.5: the threshold sits halfway between \"one 1\" (a sum near 1) and \"two 1s\" (a sum near 2)."
        ),
    },
    "two.weights.tanh_note": {
        "zh": "讲义说用 tanh 也能构造出等价模型。做法：把权重放大到 5 倍，使 tanh 饱和（$\\tanh 5\\approx0.99991$，常数维是 $h=\\tanh(5h)$ 接近 1 的稳定不动点）；输出改为阈值判断 $y_t=\\mathbf{1}[\\text{当前值}+\\text{前一个值}-1.5>0]$。",
        "en": "The lecture notes say an equivalent model can be built with tanh too. Scale the weights by 5 so tanh saturates ($\\tanh 5\\approx0.99991$; the constant unit sits at the stable fixed point of $h=\\tanh(5h)$ near 1) and threshold the output: $y_t=\\mathbf{1}[\\text{current}+\\text{previous}-1.5>0]$.",
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
    "two.col.wh": {"zh": "W_hh·h_(t−1)", "en": "W_hh·h_(t−1)"},  # plain text, as x_t and h_t beside it (issue 33)
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
    "two.steps.frame": {"zh": "t = {t}（共 {n} 步）", "en": "t = {t} of {n}"},
    "two.truth.header": {"zh": "讲义对四种情形的验证", "en": "The lecture notes' check of the four cases"},
    "two.truth.previous": {"zh": "前一个值", "en": "previous"},
    "two.truth.current": {"zh": "当前值", "en": "current"},
    "two.truth.header_other": {"zh": "四种情形逐一代入", "en": "The four cases, one by one"},
    "two.truth.sum": {"zh": "W_hy·h（{terms}）", "en": "W_hy·h ({terms})"},
    "two.train.header": {"zh": "从零训练：梯度下降能重新发现这个构造吗？", "en": "Train from scratch: does gradient descent rediscover it?"},
    "two.train.intro": {
        "zh": "手算只是为了看清每个矩阵的角色；真实 RNN 的权重和别处一样，靠梯度下降学出来。这里用 PyTorch 训练一个真正的 RNN：随机 0/1 序列，每一步一个二元交叉熵损失，按时间求和 $L=\\sum_t L_t$，梯度由 BPTT 求出，训练在后台进行。",
        "en": "Building it by hand shows each matrix's role; real RNN weights are learned by gradient descent like any other. Here a real PyTorch RNN trains on random 0/1 sequences, one binary cross-entropy per step summed over time, $L=\\sum_t L_t$, its gradient taken by BPTT, in the background.",
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
        "en": "The loss became NaN or infinite and training stopped early: the learning rate may be too high. Below is the model as it was then.",
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
    "two.train.undefined": {
        "zh": "第 {units} 号单元在所有串的每一步上取值都一样：ReLU 单元一直输出 0（“死”了），或 tanh 单元卡在 ±1，或训练发散后成了 NaN。常数和输入谈不上相关，表中记为 —。学习率大时，一次过猛的更新就可能把单元推到这种状态；此后它几乎得不到梯度，再也回不来。",
        "en": "Unit(s) {units} take the same value at every step of every string: a ReLU unit stuck at 0 (a \"dead\" unit), a tanh unit pinned at ±1, or NaN after divergence. A constant has no correlation with anything, so the table shows —. A large learning rate can push a unit there in one overshooting update; with next to no gradient left, it never comes back.",
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
            "- **$h_0=(0,0,1)$ is not arbitrary**: it means \"as if two 0s had already been read\". In practice $h_0$ is usually zeros or a learned vector.\n"
            "- **Using this tiny network to initialise another task** would not work well in practice: a 3-dimensional hidden state is far too small."
        ),
    },
    "two.how": {
        "zh": "{whose}**穷举检验，不是留出测试**：这个模型只在长度 16 的随机串上训练过，但这 {train} 条训练串的开头，已经涵盖了长度不超过 10 的每一种 0/1 串。所以在长度 1 到 10 的全部 {n} 个串上（整串全对的占 {strings}，判对的步占 {steps}），它遇到的都是训练时见过的情形。**真正没见过的串**：{unseen_n} 条长度 {unseen_len} 的随机串，比任何一条训练串都长，训练时一条也没见过；整串全对的占 {unseen_strings}，判对的步占 {unseen_steps}。**一个已知的不足**：它判得对，却不是照讲义的办法做的。讲义的手工网络用一个单元记“当前位”、另一个记“上一位”；学出来的网络里确实有单元紧跟当前位（最强的相关系数 {current}），却没有哪个单元干净地记着上一位（最强的也只有 {previous}）。准确率 100% 并不说明网络学到了我们设想的那种解法。",
        "en": "{whose}**An exhaustive check, not a held-out test**: this model trained on random strings of length 16 only, but the openings of its {train} training strings already include every 0/1 string of length up to 10. So over all {n} strings of length 1 to 10 ({strings} of the strings right at every step, {steps} of the steps) it meets only cases it has seen in training. **Strings it never saw**: on {unseen_n} random strings of length {unseen_len}, longer than any training string, {unseen_strings} of the strings are right at every step and {unseen_steps} of the steps. **A known shortfall**: it is right, but not the lecture notes' way. Their hand-built network keeps the current bit in one unit and the previous bit in another; the learned network does have a unit that follows the current bit (strongest correlation {current}), but no unit keeps the previous bit cleanly (the strongest is {previous}). 100% accuracy does not mean the network found the solution we had in mind.",
    },
    "two.how.shipped": {
        "zh": "这里说的是随应用发布的模型，不是你刚训练的那个。",
        "en": "This note is about the model shipped with the app, not the one you just trained. ",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "two.predict.q": {
        "zh": "讲义里手工搭好的那个 ReLU 网络依次读入 0, 1, 0, 1, 1, 1。它在第几步输出 1？",
        "en": "The lecture notes' hand-built ReLU network reads 0, 1, 0, 1, 1, 1. At which steps does it output 1?",
    },
    "two.predict.a": {
        "zh": "只在第 5 步",
        "en": "Only at step 5",
    },
    "two.predict.b": {
        "zh": "第 5 步和第 6 步",
        "en": "At steps 5 and 6",
    },
    "two.predict.c": {
        "zh": "第 2、4、5、6 步：每读到一个 1 就输出 1",
        "en": "At steps 2, 4, 5 and 6: at every 1 it reads",
    },
    "two.predict.d": {
        "zh": "第 4、5、6 步",
        "en": "At steps 4, 5 and 6",
    },
    "two.predict.result": {
        "zh": "用讲义的权重现场算出：各步的输出 y 依次为 {ys}，为 1 的是第 {steps} 步。",
        "en": "Worked out just now with the lecture notes' weights: the outputs y are {ys}; the 1s are at step {steps}.",
    },
    "two.predict.why": {
        "zh": "隐藏状态只记两样东西：当前值和前一个值。每一步都重新检查这两格是否都是 1，所以第 5 步的 1 与第 4 步凑成一对，第 6 步的 1 又与第 5 步凑成一对——相邻的两对共用中间那个 1。",
        "en": "The hidden state keeps two things: the current input and the previous one. Every step checks afresh whether both are 1, so the 1 at step 5 pairs with step 4, and the 1 at step 6 pairs with step 5: neighbouring pairs share the 1 between them.",
    },
    # --- challenges (issue 53; two_ones.challenges) ---------------------------------------------------
    "challenge.ones.all_right": {
        "zh": "长度 1 到 10 的全部 {n} 个 0/1 串，每一步都答对了。",
        "en": "All {n} strings of length 1 to 10 are answered right at every step.",
    },
    "challenge.ones.wrong_on": {
        "zh": "在全部 {n} 个串里，最先答错的是 **{bits}**：把它填进上面的输入框，逐步看是哪一步出了错。",
        "en": "Of the {n} strings, the first it gets wrong is **{bits}**: type it into the input above and step through it to see where.",
    },
    "challenge.ch_ones_three.title": {"zh": "连续三个 1", "en": "Three 1s in a row"},
    "challenge.ch_ones_three.task": {
        "zh": (
            "网络的结构不变（三维隐藏状态，同样的递推公式），只改权重，让它在**连续出现三个 1** 时输出 1，其余时候输出 0。"
            "例如 1,1,1,1,0,1 → 0,0,1,1,0,0。在上面“权重”一节打开“编辑权重”，改好后按“检查”："
            "页面会把长度 1 到 10 的全部 2,046 个 0/1 串逐一跑一遍。"
        ),
        "en": (
            "Keep the network as it is (a three-dimensional hidden state, the same recurrence) and change only the weights, "
            "so that it outputs 1 when **three 1s in a row** have just been read, and 0 otherwise: 1,1,1,1,0,1 → 0,0,1,1,0,0. "
            "Turn on “Edit the weights” in the weights section above, then press Check: the page runs all 2,046 strings of length 1 to 10."
        ),
    },
    "challenge.ch_ones_three.hint": {
        "zh": (
            "只记“当前值”和“前一个值”已经不够了。换个思路：让第一个隐藏单元数一数“到现在为止连续读到了几个 1”——"
            "读到 1 就加一，读到 0 就被一个很大的负数压到零以下，由 ReLU 清零。输出只需在计数达到 3 时不小于 0.5。"
        ),
        "en": (
            "Remembering the current and the previous value is no longer enough. Let the first unit count the 1s read in a row instead: "
            "a 1 adds one, a 0 pushes it far below zero and ReLU clears it. The output then only has to reach 0.5 once the count is 3."
        ),
    },
    "challenge.ch_ones_three.solution": {
        "zh": (
            r"第一个单元做计数器：$c_t=\mathrm{ReLU}(c_{t-1}+20x_t-19)$。读到 1 时 $c_t=c_{t-1}+1$；读到 0 时 $c_t=\mathrm{ReLU}(c_{t-1}-19)=0$"
            "（长度不超过 10，计数不会超过 19）。第三个单元仍是常数 1，正好提供 $-19$ 的偏置。输出 $y_t=\\mathrm{ReLU}(c_t-2)$："
            "计数 2 以下为 0，计数 3 起至少为 1。\n\n"
            r"$W_{xh}=\begin{bmatrix}20\\0\\0\end{bmatrix}$，$W_{hh}=\begin{bmatrix}1&0&-19\\0&0&0\\0&0&1\end{bmatrix}$，"
            r"$W_{hy}=\begin{bmatrix}1&0&-2\end{bmatrix}$，$h_0=(0,0,1)$，激活函数与输出都用 ReLU。"
        ),
        "en": (
            r"The first unit is a counter: $c_t=\mathrm{ReLU}(c_{t-1}+20x_t-19)$. Reading a 1 gives $c_t=c_{t-1}+1$; reading a 0 gives "
            r"$c_t=\mathrm{ReLU}(c_{t-1}-19)=0$ (within 10 steps the count never reaches 19). The third unit is still the constant 1, "
            r"which supplies the $-19$. The output $y_t=\mathrm{ReLU}(c_t-2)$ is 0 up to a count of 2 and at least 1 from 3 on."
            "\n\n"
            r"$W_{xh}=\begin{bmatrix}20\\0\\0\end{bmatrix}$, $W_{hh}=\begin{bmatrix}1&0&-19\\0&0&0\\0&0&1\end{bmatrix}$, "
            r"$W_{hy}=\begin{bmatrix}1&0&-2\end{bmatrix}$, $h_0=(0,0,1)$, ReLU for both the activation and the output."
        ),
    },
    "challenge.ch_ones_odd.title": {"zh": "读到的 1 是奇数个吗", "en": "An odd number of 1s so far"},
    "challenge.ch_ones_odd.task": {
        "zh": (
            "还是只改权重：让网络每读一个数就回答“到目前为止读到的 1 是不是奇数个”，是则输出 1。"
            "例如 1,0,1,1 → 1,1,0,1。按“检查”验证全部 2,046 个串。"
        ),
        "en": (
            "Again change only the weights: at every step the network should answer whether it has read an odd number of 1s so far "
            "(1 if so): 1,0,1,1 → 1,1,0,1. Press Check to test all 2,046 strings."
        ),
    },
    "challenge.ch_ones_odd.hint": {
        "zh": (
            r"奇偶性的更新是 $p_t=|p_{t-1}-x_t|$，而绝对值可以拆成两个 ReLU 之和：$|a|=\mathrm{ReLU}(a)+\mathrm{ReLU}(-a)$。"
            "让前两个单元各存一半，它们的和就是 $p_t$。"
        ),
        "en": (
            r"Parity updates as $p_t=|p_{t-1}-x_t|$, and an absolute value is two ReLUs added: $|a|=\mathrm{ReLU}(a)+\mathrm{ReLU}(-a)$. "
            r"Keep one half in each of the first two units: their sum is $p_t$."
        ),
    },
    "challenge.ch_ones_odd.solution": {
        "zh": (
            r"取 $a_t=\mathrm{ReLU}(p_{t-1}-x_t)$，$b_t=\mathrm{ReLU}(x_t-p_{t-1})$，其中 $p_{t-1}=a_{t-1}+b_{t-1}$；"
            r"两者至多一个非零，$a_t+b_t=|p_{t-1}-x_t|=p_t$。输出 $y_t=\mathrm{ReLU}(a_t+b_t)$。"
            "\n\n"
            r"$W_{xh}=\begin{bmatrix}-1\\1\\0\end{bmatrix}$，$W_{hh}=\begin{bmatrix}1&1&0\\-1&-1&0\\0&0&1\end{bmatrix}$，"
            r"$W_{hy}=\begin{bmatrix}1&1&0\end{bmatrix}$，$h_0=(0,0,1)$，激活函数与输出都用 ReLU。"
            "换成 tanh 就不行了：tanh 不会把负值截成 0，两个单元一正一负，正好互相抵消。"
        ),
        "en": (
            r"Take $a_t=\mathrm{ReLU}(p_{t-1}-x_t)$ and $b_t=\mathrm{ReLU}(x_t-p_{t-1})$ with $p_{t-1}=a_{t-1}+b_{t-1}$: at most one "
            r"of them is non-zero, and $a_t+b_t=|p_{t-1}-x_t|=p_t$. The output is $y_t=\mathrm{ReLU}(a_t+b_t)$."
            "\n\n"
            r"$W_{xh}=\begin{bmatrix}-1\\1\\0\end{bmatrix}$, $W_{hh}=\begin{bmatrix}1&1&0\\-1&-1&0\\0&0&1\end{bmatrix}$, "
            r"$W_{hy}=\begin{bmatrix}1&1&0\end{bmatrix}$, $h_0=(0,0,1)$, ReLU for both the activation and the output. "
            "With tanh it fails: tanh keeps negative values, so the two units come out one positive and one negative and cancel."
        ),
    },
}

"""UI strings of the vanishing and exploding gradients page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.gradients.title": {"zh": "梯度消失与爆炸", "en": "Gradients: vanish, explode"},
    "page.gradients.blurb": {
        "zh": "拖动滑块看误差信号沿时间连乘后怎样消失或爆炸：RNN、LSTM、GRU 的对比，梯度裁剪，截断 BPTT，以及各自能记多远。",
        "en": "Drag a slider and watch the error signal vanish or explode as it is multiplied back through time: RNN vs LSTM vs GRU, clipping, truncated BPTT, and how far each can remember.",
    },
    # --- vanishing and exploding gradients --------------------------------------------------
    "grad.title": {"zh": "梯度消失与梯度爆炸", "en": "Vanishing and exploding gradients"},
    "grad.intro": {
        "zh": "训练时误差要从句尾沿计算链往回追，这叫**随时间反向传播**（BPTT）：可以假装每一步用的是各自独立的 $W$“分身”，按普通计算图分别求梯度，最后因为它们其实是同一个矩阵，把各步的梯度全部相加。为了看清这条链，先把公式写成等价的紧凑形式：把 $h_{t-1}$ 与 $x_t$ 纵向拼接，把 $W_{hh}$ 与 $W_{xh}$ 按块拼成一个大矩阵 $W=[\\,W_{hh}\\;\\;W_{xh}\\,]$，就得到 $h_t=\\tanh\\left(W\\cdot[h_{t-1};\\,x_t]\\right)$（偏置略去），与分开写的形式只是记法繁简之别，思想上完全等价。讲义在这里还说，这个大 $W$ 里“有大量零元素（分块对角排布）”，这是一处笔误：左右并排拼成的 $[\\,W_{hh}\\;\\;W_{xh}\\,]$ 里没有零块。$W_{hh}$ 只乘 $h_{t-1}$、$W_{xh}$ 只乘 $x_t$，是拼接的位置决定的，用不着补零。把误差从第 $T$ 步传回第 $t$ 步，要连乘 $T-t$ 个局部 Jacobian $D_kW_{hh}$，其中 $z_k=W_{hh}h_{k-1}+W_{xh}x_k$（加上偏置）是第 $k$ 步进入 tanh 之前的加权和，$D_k=\\operatorname{diag}(\\tanh'(z_k))$（本页的 $z$ 都指 tanh 的输入，与门控实验室里 GRU 的更新门 $z_t$ 不是一回事）；由于 $\\tanh'(z)=1-\\tanh^2(z)$，各元素不超过 1。连乘的结果往往随距离指数式地变小（梯度消失）或变大（梯度爆炸）。\n\n打个比方：把 RNN 想成一场**接力跑**。隐藏状态 $h_t$ 是接力棒，每一棒的选手（时间步）都从上一棒接过全部历史信息，再添上自己手里的新输入，继续向前传。棒传得越远，信息丢失得越多——这正是梯度消失的生活版本。",
        "en": "Training carries the error back along the chain of steps from the end of the sequence: **backpropagation through time** (BPTT). Pretend every step has its own copy of $W$, take each copy's gradient as in any computation graph, then, since the copies are one matrix, add the gradients of all steps. To see the chain clearly, first write the update in an equivalent compact form: stack $h_{t-1}$ on top of $x_t$ and put $W_{hh}$ and $W_{xh}$ side by side as blocks of one large matrix $W=[\\,W_{hh}\\;\\;W_{xh}\\,]$; then $h_t=\\tanh\\left(W\\cdot[h_{t-1};\\,x_t]\\right)$ (bias left out). The two forms differ only in notation; the idea is the same. The notes add here that this large $W$ has \"many zero entries (a block-diagonal layout)\"; that is a slip: $[\\,W_{hh}\\;\\;W_{xh}\\,]$, the two blocks side by side, has no zero block. $W_{hh}$ meets only $h_{t-1}$ and $W_{xh}$ only $x_t$ because of where the blocks sit; no zeros are needed. Carrying the error from step $T$ back to step $t$ multiplies $T-t$ local Jacobians $D_kW_{hh}$, where $z_k=W_{hh}h_{k-1}+W_{xh}x_k$ (plus a bias) is the weighted sum that enters tanh at step $k$ and $D_k=\\operatorname{diag}(\\tanh'(z_k))$ (on this page $z$ always means the input of tanh, not the GRU's update gate $z_t$ of the gate lab), whose entries are at most 1 because $\\tanh'(z)=1-\\tanh^2(z)$. The product tends to shrink (vanishing gradient) or grow (exploding gradient) exponentially with the distance.\n\nThink of an RNN as a **relay race**. The hidden state $h_t$ is the baton: each runner (time step) takes the whole history from the runner before, adds the new input in its own hand, and runs on. The further the baton travels, the more of the information is lost: vanishing gradients in everyday life.",
    },
    "grad.scalar.header": {"zh": "一维直觉：小数连乘", "en": "One number: repeated multiplication"},
    "grad.scalar.intro": {
        "zh": "假设每一步的局部导数都等于 $a$，跨 $k$ 步后影响因子是 $a^k$。讲解稿的两个例子：$0.5^{10}=0.0009765625\\approx0.00097656$（梯度消失），$1.5^{10}\\approx57.665$（梯度爆炸）。",
        "en": "If every step's local derivative is $a$, crossing $k$ steps gives a factor $a^k$. The lecture script's two cases: $0.5^{10}=0.0009765625\\approx0.00097656$ (vanishing) and $1.5^{10}\\approx57.665$ (exploding).",
    },
    "grad.scalar.a": {"zh": "每步的因子 a", "en": "Factor per step a"},
    "grad.scalar.k": {"zh": "步数 k", "en": "Steps k"},
    "grad.scalar.value": {"zh": "aᵏ（float64）", "en": "aᵏ (float64)"},
    "grad.scalar.chart": {"zh": "aᵏ 随 k 的变化（对数坐标）", "en": "aᵏ against k (log scale)"},
    "grad.scalar.yours": {"zh": "你的 a", "en": "your a"},
    "grad.scalar.limits": {"zh": "在浮点数里逐步相乘，何时变成 0 或 inf", "en": "Multiplying step by step in floating point: when it becomes 0 or inf"},
    "grad.scalar.dtype": {"zh": "精度", "en": "precision"},
    "grad.scalar.underflow": {"zh": "下溢为 0 的步数", "en": "step where it underflows to 0"},
    "grad.scalar.overflow": {"zh": "上溢为 inf 的步数", "en": "step where it overflows to inf"},
    "grad.scalar.never": {"zh": "{k} 步内不会", "en": "not within {k} steps"},
    "grad.scalar.note": {
        "zh": "“消失”的梯度在数学上只是指数级地小，在浮点数里却会下溢成**恰好为 0**；“爆炸”的梯度先溢出成 inf，再经过 inf×0、inf−inf 这类运算变成 NaN，直接毁掉训练。",
        "en": "A \"vanishing\" gradient is only exponentially small in mathematics, but in floating point it underflows to **exactly 0**; an \"exploding\" one overflows to inf, and operations such as inf × 0 or inf − inf turn it into NaN, which wrecks training.",
    },
    "grad.lab.header": {"zh": "普通 RNN 实验（真实的自动求导）", "en": "Vanilla RNN lab (real autograd)"},
    "grad.lab.intro": {
        "zh": "下面的曲线不是公式算的：搭一个真的 RNN，前向跑 $T$ 步，再用反向传播求出每一步的 $\\lVert\\partial h_T/\\partial h_t\\rVert$。讲义指出两个原因：$\\tanh'\\le1$，以及 $W_{hh}$ 的奇异值。把激活函数换成“恒等”就只剩 $W_{hh}$ 一个原因。",
        "en": "These curves are not from a formula: a real RNN runs $T$ steps forward and backpropagation measures $\\lVert\\partial h_T/\\partial h_t\\rVert$ at every step. The lecture notes name two causes: $\\tanh'\\le1$ and the singular values of $W_{hh}$. Choose the identity activation to keep only the second.",
    },
    "grad.lab.hidden": {"zh": "隐藏维度 m", "en": "Hidden size m"},
    "grad.lab.length": {"zh": "序列长度 T", "en": "Length T"},
    "grad.lab.size_help": {
        "zh": "m 最大 {m}、T 最大 {t}：实验要算出每一步 m×m 的雅可比矩阵，计算量随 m³·T 增长，取到上限时三种单元连同图表合计约 0.3 秒 CPU 时间。课堂上大家共用一台服务器，所以上限定在这里；要看的现象（梯度随距离指数衰减或爆炸）取决于 W_hh 的尺度，与 m 的大小无关。",
        "en": "m goes up to {m} and T to {t}: the lab works out every step's m×m Jacobian, a cost that grows as m³·T (about 0.3 CPU-seconds for the three cells and their charts at the maximum). The whole class shares one server, so the limit sits here; what the lab shows (gradients shrinking or exploding exponentially with distance) depends on the scale of W_hh, not on m.",
    },
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
    "grad.lab.factors_note": {
        "zh": "左图的因子是每一步的**上界**：$\\lVert D_kW_{hh}\\rVert_2$ 是这一步能把梯度放大的最大倍数，只有梯度恰好落在放大最多的那个方向上才取得到。各步上界的乘积因此也只是 $\\lVert\\partial h_T/\\partial h_t\\rVert$ 的上界，而且往往很松：每一步放大最多的方向各不相同，$W_{hh}$ 又把梯度转向别处，梯度不可能步步都对准；$D_k$ 里接近饱和的单元（$\\tanh'$ 远小于 1）每一步都在削减落到它们身上的那一部分。所以每步的上界即使都在 1 附近，上图实际的范数仍可能一路衰减下去。",
        "en": "The factor on the left is an **upper bound** per step: $\\lVert D_kW_{hh}\\rVert_2$ is the most this step can stretch the gradient, reached only when the gradient lies exactly along the most stretched direction. The product of the bounds is therefore only a bound on $\\lVert\\partial h_T/\\partial h_t\\rVert$, and often a loose one: each step's most stretched direction is a different one and $W_{hh}$ turns the gradient elsewhere, so it cannot stay aligned step after step, while the nearly saturated units in $D_k$ ($\\tanh'$ far below 1) cut down the part that falls on them at every step. So even with every step's bound near 1, the real norm in the chart above can keep shrinking.",
    },
    "grad.lab.singular": {"zh": "W_hh 的奇异值", "en": "Singular values of W_hh"},
    "grad.lab.t": {"zh": "时间步 t", "en": "time step t"},
    "grad.lab.norm": {"zh": "范数", "en": "norm"},
    "grad.play.frame": {"zh": "梯度已传回 t =", "en": "gradient back to t ="},
    "grad.play.note": {
        "zh": "按 ▶ 播放：梯度从最后一步 t = T−1 出发，一步步往回传，每往前一步曲线就多出一点（最多 64 帧，在浏览器里播放）。",
        "en": "Press ▶ Play: the gradient starts at the last step, t = T−1, and flows back one step at a time, the curve growing leftwards as it goes (at most 64 frames, played in your browser).",
    },
    "grad.lab.forward_zero": {
        "zh": "前向的最终状态 ‖h_T‖ = 0：这一次前向状态本身就是 0（输入尺度为 0 时，既没有输入也没有偏置，状态从零出发便一直是零），没法拿来说明“状态不为 0、梯度却消失”。把输入尺度调回非零再看。",
        "en": "Forward final state ‖h_T‖ = 0: this time the forward state really is zero (with input scale 0 there is neither input nor bias, so the state starts at zero and stays there), so this run cannot show a state that stays non-zero while the gradient vanishes. Set a non-zero input scale to see that.",
    },
    "grad.lab.forward": {
        "zh": "前向的最终状态 ‖h_T‖ = {norm}：前向状态并没有变成 0，消失的是损失对早期状态的敏感度。",
        "en": "Forward final state ‖h_T‖ = {norm}: the forward state has not gone to zero; what vanishes is the loss's sensitivity to early states.",
    },
    "grad.lab.nonfinite.zeros": {
        "zh": "{total} 个时间步中，有 {zeros} 个的梯度下溢成了恰好为 0；对数坐标上画不出这些点，曲线在那里断开。",
        "en": "At {zeros} of the {total} time steps the gradient underflowed to exactly 0; a log axis cannot show those points, so the curve breaks off there.",
    },
    "grad.lab.nonfinite.bad": {
        "zh": "{total} 个时间步中，有 {bad} 个的梯度上溢成了 inf 或 NaN；对数坐标上画不出这些点，曲线在那里断开。",
        "en": "At {bad} of the {total} time steps the gradient overflowed to inf or NaN; a log axis cannot show those points, so the curve breaks off there.",
    },
    "grad.lab.nonfinite.both": {
        "zh": "{total} 个时间步中，有 {zeros} 个的梯度下溢成了恰好为 0，{bad} 个上溢成了 inf 或 NaN；对数坐标上画不出这些点，曲线在那里断开。",
        "en": "At {zeros} of the {total} time steps the gradient underflowed to exactly 0 and at {bad} it overflowed to inf or NaN; a log axis cannot show those points, so the curve breaks off there.",
    },
    "grad.compare.header": {"zh": "RNN、LSTM、GRU 同台对比", "en": "RNN vs LSTM vs GRU"},
    "grad.compare.intro": {
        "zh": "同样的输入、同样的递归矩阵尺度。调高 LSTM 的遗忘门偏置，遗忘门接近 1，沿细胞状态回传的梯度（各遗忘门之积）就衰减得慢得多：传过同样多的步数，它比偏置为 0 时少衰减好几个数量级，但仍在衰减，并不是原样传回。这就是“信息高速公路”。",
        "en": "Same inputs, same recurrent scale. Raise the LSTM's forget-gate bias: the forget gates approach 1 and the gradient along the cell state, the product of the forget gates, decays far more slowly: over the same number of steps it loses orders of magnitude less than with bias 0, though it still decays. That is the \"information highway\".",
    },
    "grad.compare.bias": {"zh": "LSTM 遗忘门偏置", "en": "LSTM forget-gate bias"},
    "grad.compare.chart": {"zh": "‖∂h_T/∂h_t‖：三种单元", "en": "‖∂h_T/∂h_t‖ for the three cells"},
    "grad.compare.cell_path": {"zh": "LSTM 细胞状态通路 ‖∏ f_k‖", "en": "LSTM cell-state path ‖∏ f_k‖"},
    "grad.clip.header": {"zh": "梯度裁剪：给爆炸踩刹车", "en": "Gradient clipping: a brake for explosions"},
    "grad.clip.intro": {
        "zh": "一次真实的训练：ReLU RNN（$W_{hh}$ 尺度大于 1），序列长 40，用普通 SGD。不裁剪时梯度范数成千上万，几步之内损失变成 NaN；按范数裁剪把每步的更新限制住，训练得以继续。",
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
        "zh": "把长序列切成长度为 $k$ 的块：每块内前向、反向、更新；下一块的初始状态沿用上一块结束时的隐藏状态（信息继续向前传），但梯度不再跨块回传。代价是主动舍弃更远的梯度联系，换来的是显存和每次更新的计算量只随 $k$ 增长，与 $T$ 无关；不过走完整条序列仍要把 $T$ 步全部算一遍，总计算量还是 $O(T)$。下表实测：显存随 $k$ 变小，走完一遍的用时却相差不大。讲义 5.1 节在这里有一处笔误：它说块与块之间需要保存的“只有一个量：本块初始隐藏状态关于损失的梯度”。照它自己前面的描述，跨块传下去的是隐藏状态本身，梯度恰恰不跨块；本页也是这样做的，下面列出的“跨块传递（不带梯度）的状态”就是它。",
        "en": "Cut a long sequence into chunks of $k$ steps: forward, backward and update within each chunk; the next chunk starts from the state the previous one ended in (information still flows forward), but no gradient crosses a chunk border. You give up the longer gradient links and in return the memory, and the cost of one update, grow with $k$ and not with $T$; a pass over the whole sequence still computes all $T$ steps, $O(T)$ in total. The table below measures it: the memory shrinks with $k$, the time for a whole pass hardly changes. The lecture notes slip here (section 5.1): they say the one quantity kept between chunks is the gradient of the loss with respect to the chunk's initial hidden state. By their own description just before, what crosses into the next chunk is the hidden state itself, and the gradient is exactly what does not cross; this page does the same, and the \"state carried across chunk borders\" listed below is that state.",
    },
    "grad.tbptt.window": {"zh": "截断窗口 k", "en": "Window k"},
    "grad.tbptt.strip": {"zh": "最后一步的损失把梯度送到了哪些时间步（log₁₀‖∂L_T/∂h_t‖）", "en": "Which steps the last step's loss sends gradient to (log₁₀‖∂L_T/∂h_t‖)"},
    "grad.tbptt.carried": {"zh": "跨块传递（不带梯度）的状态 ‖h‖：{values}", "en": "State carried across chunk borders (without gradient), ‖h‖: {values}"},
    "grad.tbptt.mode": {"zh": "方式", "en": "mode"},
    "grad.tbptt.full": {"zh": "完整 BPTT（T = {length}）", "en": "full BPTT (T = {length})"},
    "grad.tbptt.truncated": {"zh": "截断 BPTT（k = {window}）", "en": "truncated BPTT (k = {window})"},
    "grad.tbptt.time": {"zh": "走完一遍的用时", "en": "time for one pass"},
    "grad.tbptt.memory": {"zh": "反向传播需要保存的激活", "en": "activations kept for backward"},
    "grad.tbptt.measured": {"zh": "以上数字是刚刚在这台机器上测的。", "en": "These figures were measured just now, on this machine."},
    "grad.span.header": {"zh": "记忆跨度：各自能记多远", "en": "Memory span: how far back each can remember"},
    "grad.span.intro": {
        "zh": "教材表 4-2 说：普通 RNN 一般只能记住几步到十几步，LSTM 可以记住数百步以上。这里做成实验：序列以 4 个信号符号之一开头，后面跟 L 个随机干扰符号，读到最后要说出开头是哪个符号（随机猜的准确率是 25%）。三种单元宽度相同、训练预算相同（每个点 1000 批、每批 64 条）。训练分两种：**混合距离**，每批的距离从 1 到 L 随机抽取；**固定距离**，每条训练序列的距离都正好是 L。每种单元的距离逐步加长，直到它明显失败（留出准确率低于 50%），更长的距离就不再测它。",
        "en": "The textbook's table 4-2 says a plain RNN usually remembers only a few to a dozen or so steps and an LSTM hundreds or more. Here it is an experiment: a sequence starts with one of 4 signal symbols, then L random distractors, and at the end the model must name the first symbol (guessing scores 25%). The three cells have the same width and the same training budget (1000 batches of 64 per point). They are trained two ways: **mixed distances**, each batch at a distance drawn from 1 to L, and **fixed distance**, every training sequence exactly L long. Each cell's distance grows until it clearly fails (held-out accuracy below 50%); longer distances are then not run for it.",
    },
    "grad.span.chart.mixed": {"zh": "训练距离 1 到 L：留出准确率", "en": "Trained on distances 1 to L: held-out accuracy"},
    "grad.span.chart.fixed": {"zh": "训练距离正好是 L：留出准确率", "en": "Trained at exactly L: held-out accuracy"},
    "grad.span.distance": {"zh": "距离 L", "en": "distance L"},
    "grad.span.accuracy": {"zh": "准确率", "en": "accuracy"},
    "grad.span.chance": {"zh": "随机猜测", "en": "chance"},
    "grad.span.cell_failed": {"zh": "{cell} 最远 {span} 步，在 L = {failed} 时失败",
                              "en": "{cell} up to {span} steps, failing at L = {failed}"},
    "grad.span.cell_held": {"zh": "{cell} 直到测试的最长距离 {ceiling} 步仍然记得（{ceiling} 是测试的上限，不是它的极限）",
                            "en": "{cell} still remembers at {ceiling}, the longest distance tested (a ceiling of the test, not a limit of the cell)"},
    "grad.span.join": {"zh": "；", "en": "; "},
    "grad.span.reading.mixed": {
        "zh": "**混合距离**（准确率不低于 95% 的最大 L）：{cells}。",
        "en": "**Mixed distances** (the largest L with at least 95% accuracy): {cells}.",
    },
    "grad.span.reading.fixed": {
        "zh": "**固定距离**：{cells}。",
        "en": "**Fixed distance**: {cells}.",
    },
    "grad.span.textbook": {
        "zh": "**和表 4-2 对照。** 混合距离下，普通 RNN 与 LSTM 的差距方向与教材一致：普通 RNN 先失败，LSTM 记得更远（GRU 在这里坚持得最久，但表 4-2 只比较普通 RNN 与 LSTM，没有 GRU，这个名次是本实验自己的结果，不是教材的结论）。但普通 RNN 记住的 {rnn} 步远多于“几步到十几步”，原因有三：这个任务只需记住一个符号，干扰符号和信号从不相像，状态里没有别的东西要同时保存；训练里混有短距离的样本，梯度不必穿过全部 L 步就能学会“记住开头”；宽度、训练量都是为这个任务挑的。固定距离下，三种单元都在 20 到 50 步之间失败，LSTM 甚至最早：每条训练序列都正好 L 长，梯度要穿过整整 L 步才学得到东西。普通 RNN 的梯度随距离指数衰减（见上面的梯度实验）；LSTM 的遗忘门在训练开始时约为 σ(0) = 0.5（PyTorch 默认的偏置在 0 附近），细胞通路上的梯度同样按 0.5 的 L 次方衰减，它还没学会把遗忘门开到接近 1，就已经收不到信号了。教材说 LSTM 能记住数百步，说的是遗忘门已经学会接近 1 的 LSTM；要走到那一步，需要先从较短的依赖里得到信号（像混合距离那样），或者把遗忘门的偏置初始化为 1 左右。教材的数字是语言任务里的经验值，这里的数字只属于这个玩具任务。",
        "en": "**Against table 4-2.** With mixed distances the gap between the plain RNN and the LSTM points the textbook's way: the plain RNN fails first and the LSTM remembers further (the GRU lasts longest here, but table 4-2 compares only the plain RNN and the LSTM and has no GRU: that ranking is this experiment's own result, not the textbook's). But the plain RNN's {rnn} steps are far more than \"a few to a dozen or so\", for three reasons: the task asks it to keep a single symbol, the distractors never look like a signal and nothing else has to be kept at the same time; training mixes in short distances, so the model learns to \"keep the first symbol\" without the gradient having to cross all L steps; and the width and budget were chosen for this task. With a fixed distance all three cells fail between 20 and 50 steps, the LSTM even first: every training sequence is exactly L long, so the gradient must cross all L steps before anything is learned. The plain RNN's gradient shrinks exponentially with distance (the gradient experiments above); the LSTM's forget gates start near σ(0) = 0.5 (PyTorch's default biases are near 0), so the gradient along its cell path also shrinks like 0.5 to the power L, and it gets no signal before it has learned to hold its forget gates near 1. The textbook's \"hundreds of steps\" is what an LSTM does once its forget gates have learned to stay near 1; getting there takes signal from shorter dependencies first (as with mixed distances) or forget-gate biases initialised near 1. The textbook's figures are rules of thumb from language tasks; the figures here belong to this toy task only.",
    },
    "grad.how": {
        "zh": "**测试数据上的成绩**：图中每个点都是在 {n} 条用另一个种子新生成的序列上测的准确率。距离短时，可能的序列屈指可数（L = 1 时只有 {few} 种），测试序列训练时必然都出现过，那里的成绩只说明学会了，不说明能推广；到 L = 10 已有 {many} 种，测试序列大多是训练时没见过的。**一个已知的失败**：固定距离训练时，LSTM 在 L = {lstm_fail} 就只剩 {lstm_acc} 的准确率（随机猜是 25%），可混合距离训练时它能记住 {lstm_mixed} 步：同一个单元，记得住，却学不会。",
        "en": "**On test data**: every point in the charts is the accuracy on {n} sequences freshly generated from another seed. At short distances there are only a few possible sequences ({few} at L = 1), so the test sequences all occur in training too and the score shows learning, not generalising; at L = 10 there are already {many}, and most test sequences are ones training never saw. **A known failure**: trained at a fixed distance, the LSTM is down to {lstm_acc} at L = {lstm_fail} (guessing scores 25%), yet trained with mixed distances it remembers {lstm_mixed} steps: the same cell can hold the signal but cannot learn to.",
    },
    "grad.span.live": {"zh": "自己跑一个点（混合距离训练）", "en": "Run one point yourself (mixed distances)"},
    "grad.span.cell": {"zh": "单元", "en": "Cell"},
    "grad.span.live_distance": {"zh": "距离 L", "en": "Distance L"},
    "grad.span.run": {"zh": "训练并测试", "en": "Train and test"},
    "grad.span.result": {
        "zh": "{cell} 在 L = {distance} 时的留出准确率：{accuracy}。这一点按混合距离训练（每批的距离从 1 到 L 随机抽取），测试时距离正好是 L，所以要和“混合距离训练”那张图对照。固定距离那张图里，每条训练序列都正好 L 长，同一个单元这样训练，可能在短得多的距离上就已失败；两张图的训练方式不同，结果并不矛盾。",
        "en": "{cell} at L = {distance}: held-out accuracy {accuracy}. This point is trained with mixed distances (each batch at a distance drawn from 1 to L) and tested at exactly L, so compare it with the mixed-distance chart. In the fixed-distance chart every training sequence is exactly L long, and the same cell trained that way may fail at a much shorter distance; the two charts train differently, so their results do not contradict each other.",
    },
    "grad.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "grad.myths.body": {
        "zh": (
            "- **梯度消失不等于前向状态变成 0**：前向状态可以一直保持非零，消失的是损失对早期状态或参数的敏感度（见上面实验里的 ‖h_T‖）。\n"
            "- **调大学习率救不了梯度消失**：梯度已经接近 0 时，统一放大学习率可能让短路径的更新过猛，却未必恢复长路径上的信息。\n"
            "- **梯度裁剪救不了梯度消失**：它只限制过大的梯度。\n"
            "- **LSTM 是缓解，不是保证**：门控提供了更顺畅的通路，但序列长度、门值、初始化和优化过程仍可能造成衰减（把遗忘门偏置调成负数看看）。"
        ),
        "en": (
            "- **A vanishing gradient does not mean the forward state is zero**: the state can stay well away from zero while the loss's sensitivity to early states or parameters vanishes (see ‖h_T‖ in the lab above).\n"
            "- **A larger learning rate does not fix it**: when the gradient is already near zero, scaling up every update can make the short paths overshoot, and it may still not restore the long ones.\n"
            "- **Clipping does not fix it**: clipping only limits gradients that are too large.\n"
            "- **An LSTM eases the problem, it does not guarantee anything**: gating offers a smoother path, but length, gate values, initialisation and optimisation can still make the signal decay (try a negative forget-gate bias)."
        ),
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "grad.predict.q": {
        "zh": "反向传播时，误差每往回走一步，就要乘上一个局部导数。假设每一步都乘以 {a}，往回走 {k} 步之后，还剩原来的多少？",
        "en": "Going back one step in backpropagation multiplies the error by a local derivative. If every step multiplies it by {a}, how much of it is left after {k} steps?",
    },
    "grad.predict.a": {
        "zh": "不到 0.0001：几乎什么都没剩",
        "en": "Less than 0.0001: almost nothing",
    },
    "grad.predict.b": {
        "zh": "0.0001 到 0.01 之间",
        "en": "Between 0.0001 and 0.01",
    },
    "grad.predict.c": {
        "zh": "0.01 到 1 之间：还剩不少",
        "en": "Between 0.01 and 1: quite a lot is left",
    },
    "grad.predict.d": {
        "zh": "不小于 1：没有衰减，甚至被放大",
        "en": "1 or more: not shrunk at all, if anything amplified",
    },
    "grad.predict.result": {
        "zh": "本页计算 aᵏ 的函数现场算出：{a} 的 {k} 次方 = **{value}**。",
        "en": "Worked out just now by the page's aᵏ function: {a} to the power {k} = **{value}**.",
    },
    "grad.predict.why": {
        "zh": "每步只丢一半，听起来不算多，可连乘是指数级的：往回走上十步，误差信号就所剩无几，离句尾远的词几乎学不到东西，这就是梯度消失。反过来，每步的因子大于 1 时会越乘越大，成为梯度爆炸。下面的滑块可以换别的因子和步数试试。",
        "en": "Losing half at each step does not sound like much, but repeated multiplication is exponential: ten steps back, little of the error signal is left, and words far from the end barely learn anything. That is the vanishing gradient. A factor above 1 grows with every step instead: the exploding gradient. Try other factors and step counts with the sliders below.",
    },
    # --- challenges (issue 53; gradients.challenges) ----------------------------------------------------
    "challenge.grad.unusable": {
        "zh": "实验的设置里有用不了的值（不是有限的数，或超出了范围），先把它改回正常的数。",
        "en": "One of the lab's settings cannot be used (not a finite number, or out of its range): set it back to an ordinary value first.",
    },
    "challenge.grad.too_short": {
        "zh": "序列长度 T 现在是 {length}：要从第 {least} 步传回第 0 步，T 至少得是 {least}。",
        "en": "The length T is {length}: to go back from step {least} to step 0, T must be at least {least}.",
    },
    "challenge.grad.overflowed": {
        "zh": "在 {length} 个时间步中，有 {count} 个的梯度上溢成了 inf 或 NaN（离 T 最近的一个在 t = {t}），远远超过了 10。",
        "en": "At {count} of the {length} time steps the gradient overflowed to inf or NaN (the one nearest T at t = {t}): far above 10.",
    },
    "challenge.grad.in_band": {
        "zh": "T = {length} 时，‖∂h_T/∂h_t‖ 最小为 {low}（t = {t_low}），最大为 {high}（t = {t_high}），全程都在 0.1 到 10 之间。",
        "en": "With T = {length}, ‖∂h_T/∂h_t‖ is at least {low} (t = {t_low}) and at most {high} (t = {t_high}): between 0.1 and 10 all the way.",
    },
    "challenge.grad.out_of_band": {
        "zh": "T = {length} 时，‖∂h_T/∂h_t‖ 最小为 {low}（t = {t_low}），最大为 {high}（t = {t_high}），没有全程落在 0.1 到 10 之间。",
        "en": "With T = {length}, ‖∂h_T/∂h_t‖ goes as low as {low} (t = {t_low}) and as high as {high} (t = {t_high}): not between 0.1 and 10 all the way.",
    },
    "challenge.ch_grad_band.title": {"zh": "一百步不消失也不爆炸", "en": "A hundred steps, neither vanishing nor exploding"},
    "challenge.ch_grad_band.task": {
        "zh": (
            "在“普通 RNN 实验”一节里改变激活函数和 $W_{hh}$ 的尺度（其余设置可以不动，序列长度 $T$ 不少于 100），"
            r"让上面那条曲线 $\lVert\partial h_T/\partial h_t\rVert$ 在每一个 $t=0,1,\dots,T-1$ 上都落在 0.1 到 10 之间："
            "梯度从最后一步一路传回第 0 步，既不消失，也不爆炸。按“检查”，页面会用实验本身的反向传播重新量一遍。"
        ),
        "en": (
            r"In the vanilla RNN lab, change the activation and the scale of $W_{hh}$ (leave the rest as it is if you like; the "
            r"length $T$ must be at least 100) so that the curve $\lVert\partial h_T/\partial h_t\rVert$ above lies between 0.1 "
            r"and 10 at every $t=0,1,\dots,T-1$: the gradient travels from the last step all the way back to step 0 without "
            "vanishing or exploding. Check measures it again with the lab's own backpropagation."
        ),
    },
    "challenge.ch_grad_band.hint": {
        "zh": (
            r"每往回一步，梯度乘上 $\operatorname{diag}(f'(z_k))\,W_{hh}$。要连乘 99 次还不变样，这个因子必须几乎不改变长度。"
            r"实验说明里点出了两个原因：$\tanh'\le1$，以及 $W_{hh}$ 的奇异值。先去掉其中一个，再看另一个该取多大。"
        ),
        "en": (
            r"Each step back multiplies the gradient by $\operatorname{diag}(f'(z_k))\,W_{hh}$. To survive 99 such products, that "
            r"factor must leave lengths almost unchanged. The page named two causes: $\tanh'\le1$, and the singular values of "
            r"$W_{hh}$. Remove one of them, then ask how large the other should be."
        ),
    },
    "challenge.ch_grad_band.solution": {
        "zh": (
            r"激活函数选“恒等”，$f'\equiv1$，只剩 $W_{hh}$ 一个原因；尺度取 1.0，正交初始化的 $W_{hh}$ 就是一个正交矩阵，"
            r"只转动梯度而不改变它的长度。于是 $\partial h_T/\partial h_t=W_{hh}^{T-t}$ 仍是正交矩阵，"
            r"它的范数（页面画的是 Frobenius 范数）恒为 $\sqrt m=\sqrt{32}\approx5.66$，每一步都一样。"
            "\n\n"
            r"尺度差一点都不行：取 0.95 时 $0.95^{99}\times5.66\approx0.035$（$t=0$ 处消失），"
            r"取 1.05 时 $t=0$ 处约为 744（爆炸）。ReLU 也能做到，不过窗口很窄：种子 0 下尺度 1.3 可以，1.25 会消失，1.35 会爆炸。"
            r"ReLU 把负值单元的导数置零，大约一半单元每一步都切掉一部分梯度，所以尺度要比 1 大一些来补回来。"
            r"还有一个有意思的解：保持 tanh 和尺度 1，把输入尺度调成 0。状态始终是 0，而 $\tanh'(0)=1$，tanh 就和恒等函数一样了。"
        ),
        "en": (
            r"Choose the identity activation: $f'\equiv1$, and only $W_{hh}$ is left. At scale 1.0 the orthogonally initialised "
            r"$W_{hh}$ is an orthogonal matrix, which turns the gradient without changing its length. So "
            r"$\partial h_T/\partial h_t=W_{hh}^{T-t}$ is orthogonal too, and its norm (the page draws the Frobenius norm) is "
            r"$\sqrt m=\sqrt{32}\approx5.66$ at every step."
            "\n\n"
            r"A little off is too much: at 0.95, $0.95^{99}\times5.66\approx0.035$ at $t=0$ (vanished); at 1.05 it is about 744 "
            r"(exploded). ReLU can do it too, in a narrow window: with seed 0, scale 1.3 passes, 1.25 vanishes and 1.35 explodes. "
            r"ReLU sets the derivative of the units below zero to 0, about half of them, cutting off part of the gradient at "
            r"every step, so the scale has to be somewhat above 1 to make up for it. One more answer worth seeing: keep tanh and "
            r"scale 1 and set the input scale to 0. The state then stays at 0, where $\tanh'(0)=1$, and tanh acts like the identity."
        ),
    },
}

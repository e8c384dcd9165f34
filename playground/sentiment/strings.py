"""UI strings of the sentiment page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.sentiment.title": {"zh": "情感分析：逐个 token 读一句话", "en": "Sentiment, read token by token"},
    "page.sentiment.blurb": {
        "zh": "讲解稿的一维手算例子（前向与反向），再看训练好的 RNN、LSTM、GRU 怎样边读边改变判断（中文模型一次读一个字，英文模型一次读一个词）。",
        "en": "The lecture script's scalar walk-through (forward and backward), then trained RNN, LSTM and GRU classifiers changing their minds token by token (a character at a time in Chinese, a word at a time in English).",
    },
    # --- sentiment -------------------------------------------------------------------------------
    "senti.title": {"zh": "情感分析：读到最后才知道", "en": "Sentiment: you only know at the end"},
    "senti.intro": {
        "zh": "“配送不慢，饭也不是不好吃，就是下次不会再点了。”如果只数“慢”“不好吃”这些词，模型可能看到两个否定，算成正面；如果只看“不会再点”，又可能忽略前面的铺垫。决定语气的是**词出现的顺序**，以及读到句尾时还记得多少前文。",
        "en": "\"配送不慢，饭也不是不好吃，就是下次不会再点了\" (\"Delivery wasn't slow, the food wasn't bad either, I just won't order again\"). A model that only counts words such as \"slow\" and \"bad\" may see two negatives and call it positive; one that looks only at \"won't order again\" may ignore the build-up. What decides the tone is the **order** of the words and how much is remembered at the end.",
    },
    "senti.walk.header": {"zh": "讲解稿的手算例子", "en": "The lecture script's worked example"},
    "senti.walk.intro": {
        "zh": "“服务慢，但味道很好”切成四个 token，用一个数表示每个 token 对正面情感的提示：$x=(0,-1,0.5,1)$（教学设定）。简化 RNN：$h_t=\\tanh(w_x x_t+w_h h_{t-1})$，$h_0=0$；正面概率 $p=\\sigma(w_y h_4)$；标签为正面时损失 $L=-\\ln p$（单位 nat）。讲解稿取 $w_x=1$、$w_h=0.5$、$w_y=2$，也就是下面滑块的默认值。",
        "en": "\"服务慢，但味道很好\" (service slow, but taste very good) as four tokens, each scored by one number hinting at positive sentiment: $x=(0,-1,0.5,1)$ (a teaching choice). The simplified RNN: $h_t=\\tanh(w_x x_t+w_h h_{t-1})$, $h_0=0$; the positive probability $p=\\sigma(w_y h_4)$; with a positive label the loss is $L=-\\ln p$ (in nats). The script takes $w_x=1$, $w_h=0.5$, $w_y=2$: the sliders' defaults below.",
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
    "senti.walk.frame_forward": {"zh": "前向：第 {t} 步读入“{token}”，算出 h_t", "en": "Forward: step {t} reads “{token}” and computes h_t"},
    "senti.walk.frame_backward": {"zh": "反向：误差传回第 {t} 步“{token}”，得到 ∂L/∂h_t", "en": "Backward: the error reaches step {t}, “{token}”: ∂L/∂h_t"},
    "senti.walk.frame_prefix": {"zh": "步骤", "en": "step"},
    "senti.walk.play_note": {
        "zh": "按“播放”看一遍：先从“服务”读到“很好”，h_t 先负后正，正是转折句的读法；再从“很好”把误差一步步传回“服务”，每往前一步都乘上 w_h·(1−h_t²)；讲解稿的 w_h = 0.5 让这个因子小于 1，所以越早的词梯度越小。播放在浏览器里进行，不占服务器。",
        "en": "Press Play: first the reading from 服务 to 很好, with h_t negative first and then positive, as a \"but\" sentence reads; then the error travels back from 很好 to 服务, multiplied by w_h·(1−h_t²) at each step; the script's w_h = 0.5 keeps that factor below 1, so the earlier a word, the smaller its gradient. It plays in your browser, not on the server.",
    },
    "senti.model.frame": {"zh": "第 {t} 步（共 {n} 步）读入“{token}”：正面概率 {p}", "en": "Step {t} of {n} reads \"{token}\": positive probability {p}"},
    "senti.walk.h_chart": {"zh": "隐藏状态 h_t：先负后正，符合转折句的阅读过程", "en": "Hidden state h_t: negative first, then positive, as a \"but\" sentence reads"},
    "senti.walk.grad_chart": {"zh": "反向传播：误差从“很好”一路传回“服务”（∂L/∂h_t）", "en": "Backward: the error travels back from 很好 to 服务 (∂L/∂h_t)"},
    "senti.walk.col_h": {"zh": "h_t", "en": "h_t"},
    "senti.walk.col_grad": {"zh": "∂L/∂h_t", "en": "∂L/∂h_t"},
    "senti.walk.seed_note": {
        "zh": "核对讲解稿：稿中印的是 $h=(0,-0.76159,0.11865,0.78548)$、$p=0.82792$、$L=0.18880$ nat $=0.27239$ bit。按公式精确计算（本页，五位有效数字）得 $h_3=\\tanh(0.5-0.5\\times0.76159)=0.11864$，$h_4=0.78540$，$p=0.82790$，$L=0.18886$ nat $=0.27247$ bit。稿中的 $h_3$ 在第五位有效数字上差 1，这不是舍入：按精确值算是 $0.1186415$，用稿中自己的 $-0.76159$ 算是 $0.1186436$，四舍五入都是 $0.11864$，所以是一处笔误；$h_4=0.78548$ 同样是算术笔误：即使用稿中自己的 $h_3$，也得 $\\tanh(1+0.5\\times0.11865)=\\tanh(1.059325)=0.78541$。稿中的 $L$ 与它自己的 $p$ 也不符（$-\\ln 0.82792=0.18884$），而 $0.27239$ bit 也不等于 $0.18880/\\ln 2=0.27238$。结论不变：状态先负后正，模型以约 83% 的概率判为正面。",
        "en": "Checking the lecture script: it prints $h=(0,-0.76159,0.11865,0.78548)$, $p=0.82792$, $L=0.18880$ nats $=0.27239$ bits. Exact arithmetic (this page, five significant figures) gives $h_3=\\tanh(0.5-0.5\\times0.76159)=0.11864$, $h_4=0.78540$, $p=0.82790$, $L=0.18886$ nats $=0.27247$ bits. The script's $h_3$ is one off in the fifth significant figure, and not by rounding: exactly it is $0.1186415$, from the script's own $-0.76159$ it is $0.1186436$, and both round to $0.11864$, so it is a slip; so is its $h_4=0.78548$: even from the script's own $h_3$, $\\tanh(1+0.5\\times0.11865)=\\tanh(1.059325)=0.78541$. Its $L$ does not follow from its own $p$ either ($-\\ln 0.82792=0.18884$), and $0.27239$ bits is not $0.18880/\\ln 2=0.27238$. The lesson stands: the state goes negative, then positive, and the model says positive with about 83%.",
    },
    "senti.walk.first": {
        "zh": "讲解稿“核心概念一”里的例子：$h_0=0$，$W_{{xh}}=1$，$W_{{hh}}=0.5$，输入 $x_1=1$、$x_2=0$，得 $h_1=\\tanh(1)={h1}$，$h_2=\\tanh(0.5\\times{h1})={h2}$。第二步输入为零，状态仍不为零：第一步的信息流到了第二步。",
        "en": "The example in the lecture script's key idea 1: $h_0=0$, $W_{{xh}}=1$, $W_{{hh}}=0.5$, inputs $x_1=1$, $x_2=0$ give $h_1=\\tanh(1)={h1}$ and $h_2=\\tanh(0.5\\times{h1})={h2}$. The second input is zero, yet the state is not: information from step 1 reached step 2.",
    },
    # --- the notes' 分身 W: the shared weights' gradient, step by step (issue 33) ----------------------
    "senti.walk.copies.header": {"zh": "分身 W：共享权重的梯度是各步梯度之和", "en": "Copies of W: a shared weight's gradient is the sum over the steps"},
    "senti.walk.copies.intro": {
        "zh": "前面那张表给出了损失对每个 $h_t$ 的梯度，训练真正需要的却是对权重的梯度。讲义第五节讲随时间反向传播（BPTT）时给了一个诀窍：$w_h$、$w_x$ 在每个时间步用的都是同一个数，不妨假装每一步各有一个自己的“分身”。每个分身只在自己那一步出现，按普通计算图就能单独求出它的梯度；而这些分身其实是同一个参数，所以真正的梯度是全部分身梯度之和。记 $a_t=w_x x_t+w_h h_{t-1}$，$\\delta_t=\\partial L/\\partial a_t=(\\partial L/\\partial h_t)(1-h_t^2)$，则第 $t$ 步的分身分别得到梯度 $\\delta_t h_{t-1}$ 与 $\\delta_t x_t$，逐步相加便是共享参数的梯度：",
        "en": "The table further up gives the loss's gradient for every $h_t$; training needs the gradient for the weights. The notes (§5, backpropagation through time) give a trick: $w_h$ and $w_x$ are the same numbers at every step, but pretend that each step has its own copy of them. Each copy appears at its own step only, so an ordinary computation graph gives its gradient; the copies are one parameter, so the true gradient is the sum of the copies' gradients. With $a_t=w_x x_t+w_h h_{t-1}$ and $\\delta_t=\\partial L/\\partial a_t=(\\partial L/\\partial h_t)(1-h_t^2)$, the copies at step $t$ get $\\delta_t h_{t-1}$ and $\\delta_t x_t$, and adding them step by step gives the shared weights' gradients:",
    },
    "senti.walk.copies.outer": {
        "zh": "一般的 RNN 中，第 $t$ 步分身的梯度是外积 $\\delta_t h_{t-1}^{\\top}$（或 $\\delta_t x_t^{\\top}$）；本例只有一个隐藏单元，$w_h$ 就是 $1\\times1$ 的 $W_{hh}$，外积退化为普通的乘积。",
        "en": "In a general RNN the copy's gradient at step $t$ is the outer product $\\delta_t h_{t-1}^{\\top}$ (or $\\delta_t x_t^{\\top}$); here there is one hidden unit, $w_h$ is a $1\\times1$ $W_{hh}$, and the outer product is a plain product.",
    },
    "senti.walk.copies.col_w_h": {"zh": "分身 w_h 的梯度", "en": "copy of w_h:"},
    "senti.walk.copies.col_w_x": {"zh": "分身 w_x 的梯度", "en": "copy of w_x:"},
    "senti.walk.copies.col_weight": {"zh": "参数", "en": "weight"},
    "senti.walk.copies.col_sum": {"zh": "各步分身梯度之和", "en": "sum over the copies"},
    "senti.walk.copies.col_autograd": {"zh": "自动求导（PyTorch）", "en": "autograd (PyTorch)"},
    "senti.walk.copies.col_gap": {"zh": "差的绝对值", "en": "absolute difference"},
    "senti.walk.copies.col_match": {"zh": "一致", "en": "matches"},
    "senti.walk.copies.note": {
        "zh": "“各步分身梯度之和”由上表两列逐步相加得到（float64 手算，不经自动求导）；“自动求导”一列是 PyTorch 对同一个损失调用 backward() 得到的梯度。两者之差在舍入误差以内（相对各项大小不超过 $10^{-12}$）时标 ✓。由于 $h_0=0$，第一步的 $w_h$ 分身梯度总是 0；$x_t=0$ 的那一步，$w_x$ 分身的梯度同样是 0。",
        "en": "\"Sum over the copies\" adds the two columns above step by step (float64, by hand, no autograd); \"autograd\" is PyTorch's gradient of the same loss from backward(). ✓ means the two differ by no more than rounding (at most $10^{-12}$ relative to the terms). Since $h_0=0$, the first step's copy of $w_h$ always gets 0, and a step with $x_t=0$ gives its copy of $w_x$ nothing either.",
    },
    "senti.model.header": {"zh": "训练好的模型逐字阅读", "en": "Trained models reading token by token"},
    "senti.model.intro": {
        "zh": "每个模型从左往右读，用当前的隐藏状态 $h_t$ 分类：$p=\\sigma(w_y^{\\top} h_t+b)$（讲解稿的 $p=\\sigma(w_y h_T)$ 加上一个偏置 $b$，训练得到），所以每一步的概率正是模型对这段前缀的判断。中文模型按字读（同时看以该字结尾的二字组），英文模型按词读（同时看该词的前四个和后三个字母，生僻词因此能借到同根词的意思）；另有一个不看顺序的“词袋”基线，它对目前读到的词向量取平均。",
        "en": "Each model reads left to right and classifies its current hidden state $h_t$: $p=\\sigma(w_y^{\\top} h_t+b)$ (the lecture script's $p=\\sigma(w_y h_T)$ plus a trained bias $b$), so the probability at every step is the model's verdict on that prefix. The Chinese models read characters (with the bigram ending at each), the English ones words (with each word's first four and last three letters, so a rare word borrows from its kin); a bag-of-tokens baseline ignores order altogether and averages the token vectors read so far.",
    },
    "senti.model.lang": {"zh": "语言", "en": "Language"},
    "senti.model.kind": {"zh": "模型", "en": "Model"},
    "senti.kind.bag": {"zh": "词袋基线", "en": "bag of tokens"},
    "senti.kind.rnn": {"zh": "RNN", "en": "RNN"},
    "senti.kind.lstm": {"zh": "LSTM", "en": "LSTM"},
    "senti.kind.gru": {"zh": "GRU", "en": "GRU"},
    "senti.model.text": {"zh": "输入一句评论", "en": "Type a review"},
    "senti.model.empty": {"zh": "请输入一句评论，例如：配送不慢，饭也不是不好吃，就是下次不会再点了", "en": "Type a review, for example: not bad at all, I would watch it again"},
    "senti.model.switch": {"zh": "改用{other}模型读这段文字", "en": "Read it with the {other} model"},
    "senti.lang.zh": {"zh": "中文", "en": "Chinese"},
    "senti.lang.en": {"zh": "英文", "en": "English"},
    "senti.model.unknown": {"zh": "有 {count} 个 token 不在词表里，模型把它们读作 <unk>：{tokens}", "en": "{count} tokens are not in the vocabulary; the model reads them as <unk>: {tokens}"},
    "senti.model.verdict_pos": {"zh": "{model} 判为**正面**：正面概率 {p}", "en": "{model} reads it as **positive**: positive probability {p}"},
    "senti.model.verdict_neg": {"zh": "{model} 判为**负面**：正面概率只有 {p}（负面概率 {q}）", "en": "{model} reads it as **negative**: positive probability only {p} (negative {q})"},
    "senti.model.strip": {"zh": "读完每个前缀后的正面概率（红 = 负面，蓝 = 正面）", "en": "Positive probability after each prefix (red = negative, blue = positive)"},
    "senti.model.curves": {"zh": "RNN、LSTM、GRU 与词袋模型的概率轨迹", "en": "Probability trajectories: RNN, LSTM, GRU and the bag of tokens"},
    "senti.model.curve": {"zh": "{model} 的概率轨迹", "en": "Probability trajectory of the {model}"},
    "senti.model.show_all": {"zh": "同时显示四个模型（三种循环单元与词袋）", "en": "Show all four models (the three cells and the bag)"},
    "senti.why.chart": {"zh": "原句与改后句子的正面概率，逐个位置对照", "en": "Positive probability of the original and the edited sentence, position by position"},
    "senti.model.t": {"zh": "时间步", "en": "Time step"},
    "senti.model.hidden": {"zh": "隐藏状态 h_t（红 −1 / 蓝 +1）", "en": "Hidden state h_t (red −1 / blue +1)"},
    "senti.model.gate": {"zh": "{gate}（token × 单元）", "en": "{gate} (tokens × units)"},
    "senti.gate.i": {"zh": "输入门 i", "en": "input gate i"},
    "senti.gate.f": {"zh": "遗忘门 f", "en": "forget gate f"},
    "senti.gate.o": {"zh": "输出门 o", "en": "output gate o"},
    "senti.gate.c": {"zh": "细胞状态 c", "en": "cell state c"},
    "senti.gate.z": {"zh": "更新门 z", "en": "update gate z"},
    "senti.gate.r": {"zh": "重置门 r", "en": "reset gate r"},
    "senti.model.view": {"zh": "热图显示", "en": "Heat map of"},
    "senti.model.hidden_short": {"zh": "隐藏状态 h", "en": "hidden state h"},
    "senti.model.unit": {"zh": "单元", "en": "unit"},
    "senti.why.header": {"zh": "为什么这样判断", "en": "Why this verdict"},
    "senti.why.delta": {"zh": "每个 token 带来的概率变化 Δp", "en": "Change in probability each token causes, Δp"},
    "senti.why.saliency": {"zh": "梯度 × 输入（对最终判断的贡献）", "en": "Gradient × input (contribution to the final verdict)"},
    "senti.why.counter": {"zh": "反事实：改一改这句话，两条轨迹叠在一起看", "en": "Counterfactual: edit the sentence and compare the two trajectories"},
    "senti.why.original": {"zh": "原句", "en": "original"},
    "senti.why.edited": {"zh": "改后", "en": "edited"},
    "senti.panel.header": {"zh": "模型一览", "en": "The models"},
    "senti.panel.intro": {
        "zh": "下表的准确率在留出的测试集上计算（按内容哈希固定划分）。挑战集是本项目专门写的短句，标签由否定、转折、“一点也不……”或双重否定决定，成对出现（同样的框架、相反的标签）。每种语言 {n} 句，在训练任何模型之前就分成两半：开发用的一半（{dev} 句，可以用来挑选设置）和留出的一半（{held} 句，挑选设置时从来不看），表里报告的是留出的一半。",
        "en": "Accuracy on the held-out test split (fixed by content hash). The challenge set is short sentences written for this project in which negation, contrast, \"not X at all\" or a double negative decides the label, in pairs (the same frame, opposite labels). There are {n} per language, split in two before any model was trained: a development half ({dev} sentences, which may guide choices) and a held-out half ({held}, never looked at when choosing anything); the table reports the held-out half.",
    },
    "senti.panel.model": {"zh": "模型", "en": "model"},
    "senti.panel.test": {"zh": "测试集准确率", "en": "test accuracy"},
    "senti.panel.challenge": {"zh": "挑战集准确率（留出一半）", "en": "challenge accuracy (held-out half)"},
    "senti.panel.challenge_dev": {"zh": "挑战集准确率（开发一半）", "en": "challenge accuracy (development half)"},
    "senti.panel.params": {"zh": "参数量", "en": "parameters"},
    "senti.panel.confusion": {"zh": "混淆矩阵（{model}，测试集 {n} 条）", "en": "Confusion matrix ({model}, {n} test reviews)"},
    "senti.panel.true": {"zh": "真实标签", "en": "true label"},
    "senti.panel.pred": {"zh": "预测", "en": "predicted"},
    "senti.panel.errors": {
        "zh": "判错的测试样本（{model}）：它最有把握却判错的 {n} 条",
        "en": "Misclassified test reviews ({model}): the {n} it was surest of",
    },
    "senti.panel.load": {"zh": "放进上面的输入框", "en": "Load into the box above"},
    "senti.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "senti.myths.body": {
        "zh": (
            "- **隐藏状态等于模型输出吗**？不等于。隐藏状态是内部表示，输出还要经过线性层和 sigmoid/softmax，才成为分类概率。\n"
            "- **这个概率不是客观置信度**：手算例子里的 0.83 只是那组玩具参数下的输出；训练好的模型也会在不熟悉的说法上“自信地犯错”。\n"
            "- **词袋模型不看顺序**：讲解稿里的“狗咬人”和“人咬狗”含有相同的词，在它眼里完全一样；挑战集上的差距就来自这里。"
        ),
        "en": (
            "- **Is the hidden state the model's output?** No. It is an internal representation; the output still passes through a linear layer and a sigmoid/softmax to become a class probability.\n"
            "- **The probability is not an objective confidence**: the 0.83 of the worked example is just what those toy parameters give, and a trained model can be confidently wrong on phrasing it has not seen.\n"
            "- **A bag of tokens ignores order**: the lecture script's 狗咬人 (\"dog bites man\") and 人咬狗 (\"man bites dog\") contain the same words and look exactly the same to it, which is where its gap on the challenge set comes from."
        ),
    },
    "senti.how": {
        "zh": "**留出数据上的成绩**：这个语言的 LSTM 在 {n_test} 条从未训练过的测试评论上判对 {test}；在挑战集留出的一半（{n_held} 句）上判对 {held}，不看顺序的词袋只有 {bag}。**一个已知的失败**：“{failure}”是一条{truth}评论，LSTM 却给出正面概率 {p}。模型在测试集上的准确率是平均数，它没读懂的句子不会因此消失；下面“判错的测试样本”里还有更多。",
        "en": "**On data it never saw**: this language's LSTM is right on {test} of {n_test} test reviews it never trained on, and on {held} of the challenge set's held-out half ({n_held} sentences), where the order-blind bag gets {bag}. **A known failure**: \"{failure}\" is a {truth} review, yet the LSTM gives it a positive probability of {p}. A test accuracy is an average: the sentences a model misreads do not go away; \"Misclassified test reviews\" below has more.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "senti.predict.q": {
        "zh": "词袋基线把句子里每个{unit}的向量取平均，再交给分类器。“{a}”和“{b}”用的是同一袋{unit}，只是顺序不同。词袋会怎么判？",
        "en": "The bag-of-tokens baseline averages the vectors of a sentence's {unit} and classifies the average. \"{a}\" and \"{b}\" hold the same {unit} in a different order. What does the bag say?",
    },
    "senti.predict.unit.zh": {
        "zh": "字",
        "en": "characters",
    },
    "senti.predict.unit.en": {
        "zh": "词",
        "en": "words",
    },
    "senti.predict.a": {
        "zh": "两句的正面概率完全相同",
        "en": "Exactly the same positive probability for both",
    },
    "senti.predict.b": {
        "zh": "前一句更正面",
        "en": "The first is more positive",
    },
    "senti.predict.c": {
        "zh": "后一句更正面",
        "en": "The second is more positive",
    },
    "senti.predict.result": {
        "zh": "{model}：“{a}”的正面概率为 {pa}，“{b}”为 {pb}（现场算出）。",
        "en": "{model}: P(positive) is {pa} for \"{a}\" and {pb} for \"{b}\" (worked out just now).",
    },
    "senti.predict.why": {
        "zh": "取平均时不管先后：同一袋字词平均出来是同一个向量，词袋只能给出同一个概率。讲解稿说过，只数“慢”“不好吃”这些词的模型可能读错语气；RNN、LSTM、GRU 按顺序读，两句读完停在不同的状态上，判断才可能不同。",
        "en": "An average ignores order: the same bag of tokens averages to the same vector, so the bag can only give the same probability. As the lecture script says, a model that only counts words such as \"slow\" and \"bad\" may misread the tone; an RNN, LSTM or GRU reads in order, ends the two sentences in different states, and so can judge them differently.",
    },
    # --- the challenge (issue 53; sentiment.challenges) ------------------------------------------------
    "senti.challenge.truth": {"zh": "你的评论本来的意思", "en": "What your review really says"},
    "senti.challenge.truth_note": {
        "zh": "下面的挑战以这里选的标签为准，判断上面输入框里那条评论哪个模型读对了。",
        "en": "The challenge below takes this label as the truth about the review in the box above.",
    },
    "challenge.ch_senti_short.title": {"zh": "词袋读错、LSTM 读对的短评", "en": "A short review the bag gets wrong"},
    "challenge.ch_senti_short.task": {
        "zh": (
            "在上面的输入框里写一条**不超过 12 个字符**的评论（首尾空格不算），让 LSTM 读对、词袋基线读错。"
            "对错以你的标签为准：在本框上方选好“你的评论本来的意思”。检查时用评论所属语言的 LSTM 和词袋各读一遍"
            "（中英文模型都能读时，用页面上选的模型语言），读完最后一个 token 时正面概率不低于 0.5 算判为正面，"
            "与上面的判断框一致。LSTM 的判断与你的标签相同、词袋的判断与之相反，即为完成。"
        ),
        "en": (
            "In the box above, write a review of **at most 12 characters** (spaces at either end do not count) that the LSTM reads right "
            "and the bag of tokens reads wrong. Right is your label: set “What your review really says” just above this box. "
            "The check reads the review with the LSTM and the bag of tokens of the review's language (the page's model language when "
            "either could read it); a verdict is positive when p(positive) after the last token is at least 0.5, as in the verdict above. "
            "Solved when the LSTM's verdict matches your label and the bag's does not."
        ),
    },
    "challenge.ch_senti_short.hint": {
        "zh": (
            "词袋把各个 token 的向量取平均，只知道出现了哪些字词，不知道先后。找一条整体意思与其中单个字词的倾向相反的评论："
            "比如一个很负面的字，前面有个字把它的意思翻了过来。在逐字曲线图上（“同时显示四个模型”打开时），看 LSTM 和词袋两条曲线在哪个字上分道扬镳。"
        ),
        "en": (
            "The bag of tokens averages its tokens' vectors: it knows which words occur, not in what order. Look for a review whose "
            "meaning goes against the lean of its words taken one by one: a strongly negative word, say, turned round by the word "
            "before it. On the chart of p after each token (with “Show all four models” on), watch where the LSTM's and the bag's curves part."
        ),
    },
    "challenge.ch_senti_short.solution": {
        "zh": (
            "“一点也不差”（5 个字），标签选“正面”：LSTM 读完的正面概率是 0.996，词袋只有 0.104。"
            "“不”和“差”单独出现时都把词袋往负面拉（词袋单读“不”得 0.010，单读“差”得 0.000），平均下来整句偏负面。"
            "LSTM 按顺序读：读到“不”时正面概率为 0.943，再读到“差”反而升到 0.996——前面的“不”已经改变了它的状态，"
            "“差”在这里的意思是“不差”。\n\n"
            "同一框架的“一点也不好”（标签“负面”）就不算：LSTM 读成 0.026，词袋也读成 0.462，两者都对，词袋并没有读错。"
            "英文里 not a bore（标签“正面”）也行：LSTM 0.991，词袋 0.004。"
        ),
        "en": (
            "一点也不差 (“not bad at all”, 5 characters), labelled positive: the LSTM ends at p(positive) = 0.996, the bag of tokens "
            "at 0.104. On their own, 不 (“not”) and 差 (“bad”) both pull the bag towards negative (read alone, 不 gives 0.010 and "
            "差 0.000), so the average leans negative. The LSTM reads in order: after 不 it stands at 0.943, and 差 then raises it to "
            "0.996; 不 has already changed its state, and 差 here means “not bad”.\n\n"
            "The same frame 一点也不好 (“not good at all”, labelled negative) does not count: the LSTM reads 0.026 and the bag 0.462, "
            "both right, so the bag is not wrong. In English, “not a bore” (labelled positive) works too: LSTM 0.991, bag 0.004."
        ),
    },
    "challenge.senti.empty": {"zh": "输入框是空的：先写一条评论。", "en": "The review box is empty: write a review first."},
    "challenge.senti.too_long": {
        "zh": "这条评论有 {n} 个字符，最多只能有 {limit} 个。",
        "en": "The review has {n} characters; at most {limit} count.",
    },
    "challenge.senti.unreadable": {
        "zh": "模型读不了这条评论（上面的实验区说明了原因），换一条再检查。",
        "en": "The models cannot read this review (the lab above says why): change it and check again.",
    },
    "challenge.senti.lstm_wrong.1": {
        "zh": "你的标签是“正面”，LSTM 却判为负面：正面概率 {lstm}（词袋：{bag}）。",
        "en": "Your label is positive, but the LSTM reads it as negative: p(positive) = {lstm} (the bag: {bag}).",
    },
    "challenge.senti.lstm_wrong.0": {
        "zh": "你的标签是“负面”，LSTM 却判为正面：正面概率 {lstm}（词袋：{bag}）。",
        "en": "Your label is negative, but the LSTM reads it as positive: p(positive) = {lstm} (the bag: {bag}).",
    },
    "challenge.senti.bag_right": {
        "zh": "LSTM 读对了（正面概率 {lstm}），可词袋也读对了（{bag}）。要找的是只有按顺序读才读得对的评论。",
        "en": "The LSTM reads it right (p(positive) = {lstm}), but so does the bag of tokens ({bag}). "
              "Look for a review that only reading in order gets right.",
    },
    "challenge.senti.solved": {
        "zh": "LSTM 的正面概率 {lstm}，与你的标签一致；词袋的 {bag} 落在另一边。",
        "en": "The LSTM's p(positive) is {lstm}, on your label's side; the bag's {bag} is on the other.",
    },
}

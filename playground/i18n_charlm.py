"""UI strings of the two character-LM pages (merged into ``playground.i18n.STRINGS``)."""

from __future__ import annotations

CHARLM_STRINGS: dict[str, dict[str, str]] = {
    "page.charlm.title": {"zh": "字符级语言模型", "en": "Character-level language model"},
    "page.charlm.blurb": {
        "zh": "莎士比亚与 Python 源码上训练的字符级 LSTM：贪心、温度采样、top-k、top-p 与束搜索，训练各阶段的样本，以及在浏览器里训练你自己的模型。",
        "en": "Character LSTMs trained on Shakespeare and on Python source: greedy, temperature, top-k, top-p and beam search, samples from each stage of training, and a model of your own trained in the browser.",
    },
    "page.charlm_cells.title": {"zh": "可解释的隐藏细胞", "en": "Interpretable cells"},
    "page.charlm_cells.blurb": {
        "zh": "把一个细胞的激活值涂在文本上（−1 红、+1 蓝），自动找出跟踪引号、注释、缩进、行位置和括号深度的细胞，再把某个细胞钳住，看生成的文本怎样改变。",
        "en": "Paint one cell's activation over a text (red −1, blue +1), find the cells that track quotes, comments, indentation, line position and bracket depth, then clamp a cell and see how the generated text changes.",
    },
    # --- char-LM page ---------------------------------------------------------------------------
    "charlm.title": {"zh": "字符级语言模型：一次预测一个字符", "en": "Character-level language model: one character at a time"},
    "charlm.intro": {
        "zh": "语言模型本质上是**按时间步的分类问题**：每读入一个字符，RNN 更新隐藏状态，输出层给出下一个字符在整个字符表上的分布 $p_t$，目标就是文本里真实的下一个字符。不需要任何人工标注——下一个字符本身就是标签。损失是正确字符的负对数概率：",
        "en": "A language model is **a classification problem at every time step**: after each character the RNN updates its hidden state and the output layer gives a distribution $p_t$ over the whole character set; the target is the real next character of the text. No labelling is needed: the next character is the label. The loss is the negative log-probability of the right character:",
    },
    "charlm.embedding": {
        "zh": "输入不用独热向量，而是先查**嵌入层**：一张可学习的矩阵（字符表大小 × 嵌入维度），按字符的编号取出一行。模型偏好分散的稠密向量，嵌入矩阵也和其他权重一起由梯度下降学出来。下面的模型都是“嵌入 64 维 → 两层 256 单元的循环层 → 输出层”。损失以 nat/字符 计（自然对数）；除以 $\\ln 2$ 就是 bit/字符。",
        "en": "The input is not a one-hot vector but a lookup in an **embedding layer**: a learnable matrix (characters × embedding size) from which the character's row is taken. Models prefer dense, spread-out vectors, and the embedding is learned by gradient descent with everything else. The models below are \"64-dimensional embedding → two recurrent layers of 256 units → output layer\". Losses are in nats per character (natural log); divide by $\\ln 2$ for bits per character.",
    },
    "charlm.models.header": {"zh": "已训练的模型与它们在未见文本上的损失", "en": "The trained models and their loss on unseen text"},
    "charlm.models.caption": {
        "zh": "测试集是训练时从未见过的整部剧本（《哈姆雷特》《暴风雨》《亨利四世》上篇）或整份源文件；验证集（另外三部剧）只用于挑选最好的一步。",
        "en": "The test set is whole plays never seen in training (Hamlet, The Tempest, Henry IV Part 1) or whole source files; the validation set (three other plays) only picks the best step.",
    },
    "charlm.col.model": {"zh": "模型", "en": "model"},
    "charlm.col.params": {"zh": "参数量", "en": "parameters"},
    "charlm.col.test_nats": {"zh": "测试损失 (nat/字符)", "en": "test loss (nats/char)"},
    "charlm.col.test_bits": {"zh": "测试 (bit/字符)", "en": "test (bits/char)"},
    "charlm.col.val_nats": {"zh": "验证损失 (nat/字符)", "en": "validation loss (nats/char)"},
    "charlm.col.seconds": {"zh": "训练用时 (秒)", "en": "training time (s)"},
    "charlm.model": {"zh": "模型", "en": "Model"},
    "charlm.model.shakespeare_lstm": {"zh": "莎士比亚 · LSTM", "en": "Shakespeare · LSTM"},
    "charlm.model.shakespeare_gru": {"zh": "莎士比亚 · GRU", "en": "Shakespeare · GRU"},
    "charlm.model.shakespeare_rnn": {"zh": "莎士比亚 · 普通 RNN", "en": "Shakespeare · vanilla RNN"},
    "charlm.model.python_lstm": {"zh": "Python 源码 · LSTM", "en": "Python source · LSTM"},
    "charlm.model.live": {"zh": "我训练的模型（#{id}）", "en": "My model (#{id})"},
    "charlm.lab.header": {"zh": "采样实验室", "en": "Sampling lab"},
    "charlm.lab.intro": {
        "zh": "生成是**自回归**的：采出一个字符，把它喂回去，再预测下一个。每一步都要决定“从分布里取哪个字符”——这就是解码策略。温度 $T$ 先把分数除以 $T$ 再做 softmax：$T<1$ 让分布更尖（更保守），$T>1$ 让分布更平（更大胆），$T\\to 0$ 就退化成贪心。",
        "en": "Generation is **autoregressive**: pick a character, feed it back in, predict the next. Each step must decide which character to take from the distribution: that is the decoding strategy. Temperature $T$ divides the scores by $T$ before the softmax: $T<1$ sharpens the distribution (safer), $T>1$ flattens it (bolder), and $T\\to 0$ becomes greedy.",
    },
    "charlm.lab.prompt": {"zh": "开头（提示）", "en": "Prompt"},
    "charlm.lab.prompt_help": {"zh": "模型先读完这段文字，再接着往下写。", "en": "The model reads this first, then carries on writing."},
    "charlm.lab.strategy": {"zh": "解码策略", "en": "Decoding strategy"},
    "charlm.strategy.greedy": {"zh": "贪心", "en": "greedy"},
    "charlm.strategy.sample": {"zh": "按温度采样", "en": "sample (temperature)"},
    "charlm.strategy.top_k": {"zh": "top-k 采样", "en": "top-k"},
    "charlm.strategy.top_p": {"zh": "top-p（核）采样", "en": "top-p (nucleus)"},
    "charlm.strategy.beam": {"zh": "束搜索", "en": "beam search"},
    "charlm.lab.length": {"zh": "生成长度（字符）", "en": "Length (characters)"},
    "charlm.lab.seed": {"zh": "随机种子", "en": "Random seed"},
    "charlm.lab.temperature": {"zh": "温度 T", "en": "Temperature T"},
    "charlm.lab.width": {"zh": "束宽", "en": "Beam width"},
    "charlm.lab.penalty": {"zh": "长度惩罚 α", "en": "Length penalty α"},
    "charlm.lab.penalty_help": {
        "zh": "遇到空行（一段台词或一个代码块结束）时假设完成。完成的假设按 对数概率 ÷ ((5+长度)/6)^α 排序；α=0 时短的总占便宜。",
        "en": "A hypothesis finishes at a blank line (the end of a speech or a block). Finished ones are ranked by log-probability ÷ ((5+length)/6)^α; with α=0 short ones always win.",
    },
    "charlm.lab.unknown": {
        "zh": "这些字符模型在训练中从未见过，会被当作“未知字符”读入：{chars}",
        "en": "The model never saw these characters in training; it reads them as \"unknown\": {chars}",
    },
    "charlm.lab.output": {"zh": "生成结果（提示 + 续写）", "en": "Output (prompt + continuation)"},
    "charlm.lab.logp": {"zh": "续写的对数概率 (nat)", "en": "log-probability of the continuation (nats)"},
    "charlm.lab.logp_per_char": {"zh": "平均每字符 (nat)", "en": "per character (nats)"},
    "charlm.lab.repetition": {"zh": "重复程度", "en": "repetition"},
    "charlm.lab.repetition_help": {
        "zh": "长度为 20 的子串中，在文本里出现不止一次的比例。贪心解码陷入循环时它会很高。",
        "en": "Share of the 20-character substrings that occur more than once. High when greedy decoding falls into a loop.",
    },
    "charlm.lab.position": {"zh": "查看第几个生成的字符", "en": "Inspect generated character number"},
    "charlm.lab.position_text": {
        "zh": "读到 {context} 之后，模型给出下一个字符的分布；实际选中的是 {char}（概率 {p}）。",
        "en": "After reading {context} the model gives this distribution for the next character; the one chosen was {char} (probability {p}).",
    },
    "charlm.lab.top10": {"zh": "最可能的 10 个下一字符（%）", "en": "The 10 most likely next characters (%)"},
    "charlm.compare.header": {"zh": "同一个开头，三种策略", "en": "One prompt, three strategies"},
    "charlm.compare.intro": {
        "zh": "贪心每步都取概率最大的字符，同样的输入永远得到同样的输出，而且常常绕进循环；采样按分布抽取，文字更有生气；束搜索同时保留多条路径，找整体概率更高的序列。对数概率都在模型本身（$T=1$）下计算，可以直接比较。",
        "en": "Greedy takes the most likely character every time: the same input always gives the same output, and it often loops. Sampling draws from the distribution and reads livelier. Beam search keeps several paths and finds sequences of higher total probability. All log-probabilities are measured under the model itself ($T=1$), so they compare directly.",
    },
    "charlm.compare.stats": {
        "zh": "对数概率 {logp} nat · 每字符 {per_char} · 重复 {rep}",
        "en": "log-prob {logp} nats · per char {per_char} · repetition {rep}",
    },
    "charlm.compare.caption": {
        "zh": "概率最高的文本不一定是最好的文本：高概率的续写往往平淡、重复。这就是实践中不总挑最大值的原因。",
        "en": "The most probable text is not the best text: high-probability continuations tend to be bland and repetitive. That is why practice does not always take the maximum.",
    },
    "charlm.stages.header": {"zh": "训练的几个阶段", "en": "Stages of training"},
    "charlm.stages.intro": {
        "zh": "同一个 LSTM 在训练前和训练过程中保存的快照，用同一个开头、同一个种子采样：先是乱码，然后出现像英语的单词，最后学会剧本的格式——说话人的名字、冒号、换行的诗句。括号里是验证集损失。",
        "en": "Snapshots of one LSTM saved before and during training, sampled with the same prompt and seed: first gibberish, then English-looking words, finally the play's format: speaker names, colons, verse broken into lines. The validation loss is shown with each.",
    },
    "charlm.stages.step": {"zh": "**第 {step} 步**（验证损失 {loss}）", "en": "**Step {step}** (validation loss {loss})"},
    "charlm.stages.step0": {"zh": "**训练前**（验证损失 {loss}）", "en": "**Before training** (validation loss {loss})"},
    "charlm.curve.train": {"zh": "训练损失（每 50 步平均）", "en": "training loss (mean of 50 steps)"},
    "charlm.curve.validation": {"zh": "验证损失", "en": "validation loss"},
    "charlm.curve.step": {"zh": "训练步数", "en": "training step"},
    "charlm.curve.loss": {"zh": "损失 (nat/字符)", "en": "loss (nats/char)"},
    "charlm.live.header": {"zh": "现场训练一个模型", "en": "Train one yourself"},
    "charlm.live.intro": {
        "zh": "选一份语料（或贴上/上传你自己的文本，UTF-8，不超过 1 MB），选择单元类型与大小，训练在后台进行：进度条、训练与验证损失曲线、每隔一段时间的采样，随时可以停止。训练完的模型出现在本页和“可解释的隐藏细胞”页的模型列表里（仅限本次会话），也可以下载。",
        "en": "Pick a corpus (or paste/upload your own text, UTF-8, at most 1 MB), a cell and its size; training runs in the background with a progress bar, training and validation loss, a sample every so often, and a Stop button. The finished model joins the model list of this page and of the Interpretable cells page (for this session only), and can be downloaded.",
    },
    "charlm.live.source": {"zh": "语料", "en": "Corpus"},
    "charlm.source.shakespeare": {"zh": "莎士比亚", "en": "Shakespeare"},
    "charlm.source.python": {"zh": "Python 标准库源码", "en": "Python standard library"},
    "charlm.source.paste": {"zh": "粘贴文本", "en": "Paste text"},
    "charlm.source.upload": {"zh": "上传文件", "en": "Upload a file"},
    "charlm.live.paste": {"zh": "你的文本（至少 1000 个字符）", "en": "Your text (at least 1000 characters)"},
    "charlm.live.upload": {"zh": "UTF-8 文本文件，不超过 1 MB", "en": "A UTF-8 text file, at most 1 MB"},
    "charlm.live.cell": {"zh": "单元", "en": "Cell"},
    "charlm.live.hidden": {"zh": "隐藏单元数", "en": "Hidden units"},
    "charlm.live.layers": {"zh": "层数", "en": "Layers"},
    "charlm.live.bptt": {"zh": "截断 BPTT 长度", "en": "Truncated BPTT length"},
    "charlm.live.lr": {"zh": "学习率", "en": "Learning rate"},
    "charlm.live.steps": {"zh": "训练步数", "en": "Steps"},
    "charlm.live.start": {"zh": "开始训练", "en": "Start training"},
    "charlm.live.no_data": {
        "zh": "莎士比亚语料需要从软件包仓库下载，这台服务器现在连不上。请改用 Python 源码，或粘贴你自己的文本。",
        "en": "The Shakespeare corpus is downloaded from the package registry, which this server cannot reach right now. Use the Python source, or paste your own text.",
    },
    "charlm.live.ready": {
        "zh": "模型 #{id} 已可使用：在上方的模型列表里选择它，或下载权重与模型卡。",
        "en": "Model #{id} is ready: pick it in the model list above, or download its weights and card.",
    },
    "charlm.live.download_weights": {"zh": "下载权重 (.safetensors)", "en": "Download weights (.safetensors)"},
    "charlm.live.download_card": {"zh": "下载模型卡 (.json)", "en": "Download model card (.json)"},
    "charlm.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "charlm.myths.body": {
        "zh": (
            "- **“每步取概率最大的就是最好的生成”**：贪心解码对同一输入永远给出同一输出，还容易陷入循环；实践中按分布采样或用束搜索。\n"
            "- **“束越宽，文字越好”**：束搜索找的是总概率高的序列，而高概率的文本往往平淡、重复；它更适合翻译这类有标准答案的任务。\n"
            "- **“语言模型需要人工标注”**：不需要。下一个字符就是标签，所以任何文本都能拿来训练。\n"
            "- **“模型生成得越长越好”**：字符级 RNN 的状态是有损摘要，越往后写越容易前后不一致——看看长样本里的人物和话题怎样漂移。"
        ),
        "en": (
            "- **\"Taking the most likely character each step gives the best text\"**: greedy decoding gives the same output for the same input and easily loops; practice samples from the distribution or uses beam search.\n"
            "- **\"A wider beam writes better\"**: beam search finds sequences of high total probability, and such text tends to be bland and repetitive; it suits tasks with a right answer, like translation.\n"
            "- **\"A language model needs labelled data\"**: it does not. The next character is the label, so any text will do.\n"
            "- **\"The longer it writes, the better\"**: a character RNN's state is a lossy summary, so long samples drift: watch characters and topics wander in a long sample."
        ),
    },
    "job.validation_axis": {"zh": "验证损失", "en": "validation loss"},
    "job.sample": {"zh": "第 {step} 步的采样：", "en": "Sample at step {step}:"},
    # --- cells page -----------------------------------------------------------------------------
    "cells.title": {"zh": "窥视 RNN 的内心：可解释的隐藏细胞", "en": "Inside the RNN: interpretable cells"},
    "cells.intro": {
        "zh": "把某个细胞在每个字符处的激活值画出来（$\\tanh$ 的取值在 $[-1,1]$，−1 涂红，+1 涂蓝），大多数细胞看不出规律，但总有一些会清楚地跟踪引号、注释、缩进或一行的长度——这些语义没有人教，是梯度下降自己学出来的。对 LSTM 默认看细胞状态 $\\tanh(c_t)$，也可以换成隐藏状态 $h_t$。",
        "en": "Plot one cell's activation at every character ($\\tanh$ lies in $[-1,1]$: −1 red, +1 blue). Most cells look random, but some clearly track quotes, comments, indentation or the length of a line, meanings nobody taught them: gradient descent found them. For an LSTM the default is the cell state $\\tanh(c_t)$; the hidden state $h_t$ is one click away.",
    },
    "cells.source": {"zh": "读哪段文本", "en": "Text to read"},
    "cells.source.python": {"zh": "Python 文件（测试集）", "en": "Python file (test split)"},
    "cells.source.shakespeare": {"zh": "莎士比亚（未见过的剧本）", "en": "Shakespeare (held-out plays)"},
    "cells.source.paste": {"zh": "粘贴文本", "en": "Paste text"},
    "cells.file": {"zh": "标准库文件", "en": "Standard-library file"},
    "cells.file_help": {"zh": "只列出训练时留作测试、模型从没读过的文件。", "en": "Only files held out for testing, which the model never read."},
    "cells.offset": {"zh": "从第几个字符开始（显示 2000 个）", "en": "Start at character (2000 are shown)"},
    "cells.no_data": {
        "zh": "莎士比亚语料需要从软件包仓库下载，这台服务器现在连不上。请改用 Python 文件或粘贴文本。",
        "en": "The Shakespeare corpus is downloaded from the package registry, which this server cannot reach right now. Use a Python file or paste text.",
    },
    "cells.paste": {"zh": "你的文本（不超过 6000 个字符）", "en": "Your text (at most 6000 characters)"},
    "cells.which": {"zh": "看哪种状态", "en": "Which state"},
    "cells.which.cell": {"zh": "细胞状态 tanh(c)", "en": "cell state tanh(c)"},
    "cells.which.hidden": {"zh": "隐藏状态 h", "en": "hidden state h"},
    "cells.rank.header": {"zh": "自动排名：哪些细胞在跟踪什么", "en": "Automatic ranking: which cells track what"},
    "cells.rank.intro": {
        "zh": "对每个特征（在字符串里、在注释里、缩进、在行内的位置、括号深度、行首），计算每一层每个单元的激活值与它的皮尔逊相关系数，列出绝对值最大的三个。你也可以用正则表达式定义自己的特征：匹配到的字符记为 1，其余为 0。",
        "en": "For each feature (inside a string, inside a comment, indentation, position in the line, bracket depth, line start) the Pearson correlation of every unit of every layer with it; the three largest in absolute value are listed. Define your own feature with a regular expression: matched characters count 1, the rest 0.",
    },
    "cells.regex": {"zh": "自定义特征（正则表达式）", "en": "Custom feature (regular expression)"},
    "cells.regex_help": {
        "zh": "Python 正则语法，多行模式（^ 和 $ 匹配每一行）；最长 200 个字符，匹配时间超过 0.5 秒会被中止。",
        "en": "Python regex syntax, multiline (^ and $ match at every line); at most 200 characters, and matching stops after 0.5 s.",
    },
    "cells.regex_found": {
        "zh": "正则匹配到 {matched} 个字符；与它最相关的是第 {layer} 层第 {unit} 个单元，r = {r}。",
        "en": "The pattern matches {matched} characters; the unit that follows it best is layer {layer}, unit {unit}, r = {r}.",
    },
    "cells.regex_none": {
        "zh": "正则匹配到 {matched} 个字符：特征在整段文本上没有变化，无法计算相关。",
        "en": "The pattern matches {matched} characters: the feature does not vary over this text, so no correlation can be computed.",
    },
    "cells.feature.in_string": {"zh": "在字符串（引号）里", "en": "inside a string (quotes)"},
    "cells.feature.in_comment": {"zh": "在注释里", "en": "inside a comment"},
    "cells.feature.indent": {"zh": "缩进深度", "en": "indentation depth"},
    "cells.feature.column": {"zh": "在行内的位置", "en": "position in the line"},
    "cells.feature.bracket_depth": {"zh": "括号深度", "en": "bracket depth"},
    "cells.feature.line_start": {"zh": "行首字符", "en": "first character of a line"},
    "cells.feature.regex": {"zh": "自定义正则特征", "en": "custom regex feature"},
    "cells.col.feature": {"zh": "特征", "en": "feature"},
    "cells.col.layer": {"zh": "层", "en": "layer"},
    "cells.col.unit": {"zh": "单元", "en": "unit"},
    "cells.col.r": {"zh": "相关系数 r", "en": "correlation r"},
    "cells.view.header": {"zh": "一个细胞在文本上的起伏", "en": "One cell across the text"},
    "cells.focus": {"zh": "显示哪个细胞", "en": "Cell to show"},
    "cells.focus.manual": {"zh": "自己指定", "en": "choose by hand"},
    "cells.view.caption": {
        "zh": "第 {layer} 层第 {unit} 个单元的{which}：每个字符的底色是读完它之后的值（−1 红，0 白，+1 蓝）。把鼠标停在字符上可以看到数值。",
        "en": "Layer {layer}, unit {unit}, {which}: each character's background is the value after reading it (−1 red, 0 white, +1 blue). Hover over a character for the number.",
    },
    "cells.view.feature": {"zh": "它与“{feature}”的相关系数 r = {r}。", "en": "Its correlation with \"{feature}\" is r = {r}."},
    "cells.clamp.header": {"zh": "干预：把一个细胞钳住", "en": "Intervention: clamp a cell"},
    "cells.clamp.intro": {
        "zh": "相关不等于因果。把上面选中的细胞在生成的每一步都固定为某个值（LSTM 钳的是细胞状态 $c$，其他单元钳隐藏状态 $h$），用同一个种子各生成一次，对比文本：如果它真的在“记着引号没关”，钳住它就该改变引号的开合。",
        "en": "Correlation is not causation. Hold the cell chosen above at a value at every step of generation (the cell state $c$ of an LSTM, the hidden state $h$ otherwise), generate twice with the same seed and compare: if it really remembers \"a quote is open\", clamping it should change how quotes open and close.",
    },
    "cells.clamp.value": {"zh": "钳住的值", "en": "Clamp value"},
    "cells.clamp.prompt": {"zh": "开头", "en": "Prompt"},
    "cells.clamp.free": {"zh": "不干预", "en": "Without the clamp"},
    "cells.clamp.held": {"zh": "第 {layer} 层第 {unit} 单元固定为 {value}", "en": "Layer {layer}, unit {unit} held at {value}"},
    "cells.clamp.same": {"zh": "两段文本完全相同：这个细胞对这段生成没有影响。", "en": "The two texts are identical: this cell made no difference here."},
    "cells.clamp.diverge": {"zh": "两段文本从第 {position} 个生成字符开始分叉。", "en": "The two texts part at generated character {position}."},
    "cells.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "cells.myths.body": {
        "zh": (
            "- **“每个细胞都有清楚的含义”**：大多数细胞看起来近乎随机，可解释的只是少数；含义常常分散在许多单元的组合里。\n"
            "- **“相关就说明它负责这件事”**：相关只是线索，钳住细胞做干预才能检验它是否真的影响输出。\n"
            "- **“这些含义是人设计的”**：手算例子里我们亲手给隐藏状态分配语义；这里没有任何人指定，模型为了预测下一个字符自己学出了它们。"
        ),
        "en": (
            "- **\"Every cell means something clear\"**: most cells look close to random and only a few are interpretable; meaning is often spread over combinations of units.\n"
            "- **\"Correlation shows the cell is responsible\"**: correlation is a clue; clamping the cell is how you test whether it changes the output.\n"
            "- **\"Someone designed these meanings\"**: in the hand-built example we assigned meanings to the hidden state ourselves; here nobody did: the model learned them in order to predict the next character."
        ),
    },
    # --- errors ---------------------------------------------------------------------------------
    "error.out_of_range": {"zh": "{name} 超出范围（{low} 到 {high}）。", "en": "{name} is out of range ({low} to {high})."},
    "error.text_too_short": {"zh": "文本太短：至少需要 {minimum} 个字符。", "en": "The text is too short: at least {minimum} characters are needed."},
    "error.file_too_large": {"zh": "文件太大：{size} 字节，上限是 {limit} 字节（1 MB）。", "en": "The file is too large: {size} bytes, the limit is {limit} (1 MB)."},
    "error.not_utf8": {"zh": "这不是 UTF-8 文本（第 {position} 个字节无法解码）。", "en": "This is not UTF-8 text (byte {position} cannot be decoded)."},
    "error.bad_regex": {"zh": "正则表达式有误：{detail}", "en": "The regular expression is invalid: {detail}"},
    "error.regex_timeout": {
        "zh": "这个正则表达式匹配超过了 {seconds} 秒，已中止；请换一个更简单的写法。",
        "en": "Matching this regular expression took longer than {seconds} s and was stopped; try a simpler pattern.",
    },
}

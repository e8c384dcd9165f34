"""UI strings of the character-level language model page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.charlm.title": {"zh": "字符级语言模型", "en": "Character-level language model"},
    "page.charlm.blurb": {
        "zh": "莎士比亚与 Python 源码上训练的字符级 LSTM：贪心、温度采样、top-k、top-p 与束搜索，训练各阶段的样本，以及在服务器上训练你自己的模型，训练的进度在页面上实时显示。",
        "en": "Character LSTMs trained on Shakespeare and on Python source: greedy, temperature, top-k, top-p and beam search, samples from each stage of training, and a model of your own, trained on the server while the page shows its progress.",
    },
    # --- char-LM page ---------------------------------------------------------------------------
    "charlm.title": {"zh": "字符级语言模型：一次预测一个字符", "en": "Character-level language model: one character at a time"},
    "charlm.intro": {
        "zh": "语言模型本质上是**按时间步的分类问题**：每读入一个字符，RNN 更新隐藏状态，输出层给出下一个字符在整个字符表上的分布 $p_t$，目标就是文本里真实的下一个字符。不需要任何人工标注——下一个字符本身就是标签。损失是正确字符的负对数概率：",
        "en": "A language model is **a classification problem at every time step**: after each character the RNN updates its hidden state and the output layer gives a distribution $p_t$ over the whole character set; the target is the real next character of the text. No labelling is needed: the next character is the label. The loss is the negative log-probability of the right character:",
    },
    "charlm.logits_example": {
        "zh": "讲义幻灯片上的例子：正确的下一个字符 e 只得到 2.2 分，低于另一个候选的 4.1 分，这一步预测错了，损失会重重地罚它。即使只和那个 4.1 的候选比，e 的概率也至多是 $e^{{2.2}}/(e^{{2.2}}+e^{{4.1}})={p}$，损失至少 $-\\ln {p}={loss}$ nat。",
        "en": "The slide example in the lecture notes: the right next character e scores only 2.2, below another candidate's 4.1, so this step predicts wrong and the loss punishes it hard. Even against that one 4.1 candidate alone, e's probability is at most $e^{{2.2}}/(e^{{2.2}}+e^{{4.1}})={p}$, a loss of at least $-\\ln {p}={loss}$ nats.",
    },
    "charlm.embedding": {
        "zh": "输入不用独热向量，而是先查**嵌入层**：一张可学习的矩阵（字符表大小 × 嵌入维度），按字符的编号取出一行。取出这一行，和拿这个字符的独热向量去乘嵌入矩阵，结果完全一样，只是省掉了大量乘 0 的运算。为什么这样更好？讲义转述的是老师的直觉，并非定论：模型普遍偏好分散的稠密向量，而不是“一个 1 带一堆 0”的稀疏表示；嵌入矩阵和其他权重一起由梯度下降学出来，输入的表示本身也成了学习的对象。下面的模型都是“嵌入 64 维 → 两层 256 单元的循环层 → 输出层”。损失以 nat/字符 计（自然对数）；除以 $\\ln 2$ 就是 bit/字符。",
        "en": "The input is not a one-hot vector but a lookup in an **embedding layer**: a learnable matrix (characters × embedding size) from which the character's row is taken. Taking that row gives exactly what multiplying the character's one-hot vector by the matrix gives, without the many multiplications by 0. Why is this better? The lecture notes report the teacher's intuition, not a proven fact: models tend to prefer dense, spread-out vectors to a single 1 among many 0s; and the embedding is learned by gradient descent with everything else, so the input representation itself is learned too. The models below are \"64-dimensional embedding → two recurrent layers of 256 units → output layer\". Losses are in nats per character (natural log); divide by $\\ln 2$ for bits per character.",
    },
    "charlm.models.header": {"zh": "已训练的模型与它们在未见文本上的损失", "en": "The trained models and their loss on unseen text"},
    "charlm.models.caption": {
        "zh": "测试集是训练时从未见过的整部剧本（《哈姆雷特》《暴风雨》《亨利四世》上篇）或整份源文件；验证集（另外三部剧，或另一批源文件）只用于挑选最好的一步。",
        "en": "The test set is whole plays never seen in training (Hamlet, The Tempest, Henry IV Part 1) or whole source files; the validation set (three other plays, or other source files) only picks the best step.",
    },
    "charlm.col.model": {"zh": "模型", "en": "model"},
    "charlm.col.params": {"zh": "参数量", "en": "parameters"},
    "charlm.col.test_nats": {"zh": "测试损失（nat/字符）", "en": "test loss (nats/char)"},
    "charlm.col.test_bits": {"zh": "测试（bit/字符）", "en": "test (bits/char)"},
    "charlm.col.val_nats": {"zh": "验证损失（nat/字符）", "en": "validation loss (nats/char)"},
    "charlm.col.seconds": {"zh": "训练用时（秒）", "en": "training time (s)"},
    "charlm.lab.header": {"zh": "采样实验室", "en": "Sampling lab"},
    "charlm.lab.intro": {
        "zh": "生成是**自回归**的：采出一个字符，把它喂回去，再预测下一个。每一步都要决定“从分布里取哪个字符”——这就是解码策略。温度 $\\tau$ 先把分数除以 $\\tau$ 再做 softmax：$\\tau<1$ 让分布更尖（更保守），$\\tau>1$ 让分布更平（更大胆），$\\tau\\to 0$ 就退化成贪心。采样不是总取最大的那个：若某一步的分布是 0.84、0.13……，就以 84%、13% 的概率抽到相应的字符。（用 $\\tau$ 而不用 $T$：$T$ 在各页都表示序列长度。）",
        "en": "Generation is **autoregressive**: pick a character, feed it back in, predict the next. Each step must decide which character to take from the distribution: that is the decoding strategy. Temperature $\\tau$ divides the scores by $\\tau$ before the softmax: $\\tau<1$ sharpens the distribution (safer), $\\tau>1$ flattens it (bolder), and $\\tau\\to 0$ becomes greedy. Sampling does not always take the largest: if a step's distribution is 0.84, 0.13, ..., the characters are drawn with probability 84%, 13%, ... (Written $\\tau$, not $T$: $T$ is the sequence length on every page.)",
    },
    "charlm.lab.prompt": {"zh": "开头（提示）", "en": "Prompt"},
    "charlm.lab.prompt_help": {
        "zh": "模型先读完这段文字，再接着往下写。开头最多 300 个字符、生成最多 400 个字符：全班共用一台服务器，上限就是按最费时的设置定的。在双核的测试机上、没有别人同时计算时，最费时的一种（束宽 10、写满 400 个字符）改一次设置用不到 0.5 秒 CPU 时间，其余设置更快；同时使用的人多时，你要等得更久。",
        "en": "The model reads this first, then carries on writing. Prompts take up to 300 characters and the output up to 400: the class shares one server, and the limits are set by the costliest settings. On a two-core test machine with nothing else running, the costliest (beam width 10, all 400 characters) takes under half a CPU-second per change and every other setting less; when many people use the server at once, you wait longer.",
    },
    "charlm.compare.run": {"zh": "用三种解码策略各写 {n} 个字符", "en": "Write {n} characters with each of the three decoders"},
    "charlm.stages.run": {"zh": "用每个训练阶段的模型各写一段", "en": "Let every training stage write a sample"},
    "charlm.lab.strategy": {"zh": "解码策略", "en": "Decoding strategy"},
    "charlm.strategy.greedy": {"zh": "贪心", "en": "greedy"},
    "charlm.strategy.sample": {"zh": "按温度采样", "en": "sample (temperature)"},
    "charlm.strategy.top_k": {"zh": "top-k 采样", "en": "top-k"},
    "charlm.strategy.top_p": {"zh": "top-p（核）采样", "en": "top-p (nucleus)"},
    "charlm.strategy.beam": {"zh": "束搜索", "en": "beam search"},
    "charlm.lab.length": {"zh": "生成长度（字符）", "en": "Length (characters)"},
    "charlm.lab.seed": {"zh": "随机种子", "en": "Random seed"},
    "charlm.lab.beam_stopped": {
        "zh": "束搜索只写了 {n} 个字符（长度上限 {length}）：最好的假设写出了一个空行，也就是一段台词或一个代码块的结尾，搜索就此结束。想看它写得更长，换一个提示词，或改用采样。",
        "en": "Beam search wrote only {n} characters (of up to {length}): its best hypothesis wrote a blank line, the end of a speech or a block of code, and the search ends there. For a longer text, change the prompt or sample instead.",
    },
    "charlm.lab.seed_note": {
        "zh": "随机种子 {seed} 固定的是每一步抽签用的那串随机数，不是文本本身：换一个提示词，模型在各步给出的分布往往差不多，同一串随机数就可能抽出相同的续写。想看不同的结果，换一个种子。",
        "en": "Seed {seed} fixes the random numbers each step draws with, not the text: after a different prompt the model's distributions are often much the same, so the same draws can give the same continuation. For a different result, change the seed.",
    },
    "charlm.lab.temperature": {"zh": "温度 τ", "en": "Temperature τ"},
    "charlm.lab.width": {"zh": "束宽", "en": "Beam width"},
    "charlm.lab.penalty": {"zh": "长度惩罚 α", "en": "Length penalty α"},
    "charlm.lab.penalty_help": {
        "zh": "遇到空行（一段台词或一个代码块结束）时假设完成。完成的假设按 对数概率 ÷ ((5+长度)/6)^α 排序；α=0 时只看对数概率，偏爱短的。",
        "en": "A hypothesis finishes at a blank line (the end of a speech or a block). Finished ones are ranked by log-probability ÷ ((5+length)/6)^α; α=0 looks at log-probability alone, which favours short ones.",
    },
    "charlm.lab.unknown": {
        "zh": "这些字符模型在训练中从未见过，会被当作“未知字符”读入：{chars}",
        "en": "The model never saw these characters in training; it reads them as \"unknown\": {chars}",
    },
    "charlm.lab.output": {"zh": "生成结果（提示 + 续写）", "en": "Output (prompt + continuation)"},
    "charlm.lab.logp": {"zh": "续写的对数概率（nat）", "en": "log-probability of the continuation (nats)"},
    "charlm.lab.logp_per_char": {"zh": "平均每字符（nat）", "en": "per character (nats)"},
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
    "charlm.lab.position_frame": {"zh": "第 {n} 个字符（共 {total} 个）：{char}", "en": "character {n} of {total}: {char}"},
    "charlm.lab.top10": {"zh": "最可能的 10 个下一字符（%）", "en": "The 10 most likely next characters (%)"},
    "charlm.compare.header": {"zh": "同一个开头，三种策略", "en": "One prompt, three strategies"},
    "charlm.compare.intro": {
        "zh": "贪心每步都取概率最大的字符，同样的输入永远得到同样的输出，而且常常绕进循环；采样按分布抽取，文字更有生气；束搜索同时保留多条路径，找整体概率更高的序列。对数概率都在模型本身（温度 $\\tau=1$）下计算，可以直接比较。",
        "en": "Greedy takes the most likely character every time: the same input always gives the same output, and it often loops. Sampling draws from the distribution and reads livelier. Beam search keeps several paths and finds sequences of higher total probability. All log-probabilities are measured under the model itself (temperature $\\tau=1$), so they compare directly.",
    },
    "charlm.compare.stats": {
        "zh": "对数概率 {logp} nat · 每字符 {per_char} · 重复 {rep}",
        "en": "log-prob {logp} nats · per char {per_char} · repetition {rep}",
    },
    "charlm.compare.caption": {
        "zh": "概率最高的文本不一定是最好的文本：高概率的续写往往平淡、重复。这就是实践中不总挑最大值的原因。",
        "en": "The most probable text is not necessarily the best text: high-probability continuations tend to be bland and repetitive. That is why practice does not always take the maximum.",
    },
    "charlm.stages.header": {"zh": "训练的几个阶段", "en": "Stages of training"},
    "charlm.stages.intro": {
        "zh": "同一个 LSTM 在训练前和训练过程中保存的快照，用同一个开头、同一个种子采样：先是乱码，然后出现像英语的单词，最后学会剧本的格式——说话人的名字、冒号、换行的诗句。括号里是验证集损失。讲义 6.3 节说模型学会了“十四行诗里说话人名字的排版格式”，这是一处笔误：十四行诗没有说话人，名字加冒号是剧本的格式。本页的莎士比亚模型读的正是剧本。",
        "en": "Snapshots of one LSTM saved before and during training, sampled with the same prompt and seed: first gibberish, then English-looking words, finally the play's format: speaker names, colons, verse broken into lines. The validation loss is shown with each. The lecture notes (section 6.3) say the model learns \"the layout of speaker names in the sonnets\"; that is a slip: sonnets have no speakers, and a name followed by a colon is how plays are laid out. The Shakespeare model here reads plays.",
    },
    "charlm.stages.step": {"zh": "**第 {step} 步**（验证损失 {loss}）", "en": "**Step {step}** (validation loss {loss})"},
    "charlm.stages.unreadable": {
        "zh": "训练各阶段的快照都是莎士比亚 LSTM 的，它读不懂这个开头（认识的字符不到一半），所以这里不给出它们的样本。换一个英文开头就能看到。",
        "en": "The snapshots are of the Shakespeare LSTM, which cannot read this prompt (it knows fewer than half of its characters), so they write nothing here. Try a prompt in English.",
    },
    "charlm.stages.frame": {"zh": "第 {step} 步（验证损失 {loss}）", "en": "Step {step} (validation loss {loss})"},
    "charlm.stages.frame0": {"zh": "训练前（验证损失 {loss}）", "en": "Before training (validation loss {loss})"},
    "charlm.stages.where": {"zh": "这个快照在验证损失曲线上的位置", "en": "Where this snapshot sits on the validation loss curve"},
    "charlm.stages.play_note": {
        "zh": "按 ▶ 播放，在浏览器里一个快照一个快照地看：同一个开头、同一个种子写出的样本，和它在损失曲线上的那一点。",
        "en": "Press ▶ Play to go through the snapshots in your browser: each one's sample from the same prompt and seed, and its point on the loss curve.",
    },
    "charlm.stages.step0": {"zh": "**训练前**（验证损失 {loss}）", "en": "**Before training** (validation loss {loss})"},
    "charlm.curve.train": {"zh": "训练损失（每 50 步平均）", "en": "training loss (mean of 50 steps)"},
    "charlm.curve.validation": {"zh": "验证损失", "en": "validation loss"},
    "charlm.curve.step": {"zh": "训练步数", "en": "training step"},
    "charlm.curve.loss": {"zh": "损失（nat/字符）", "en": "loss (nats/char)"},
    "charlm.live.header": {"zh": "现场训练一个模型", "en": "Train one yourself"},
    "charlm.live.intro": {
        "zh": "选一份语料（或贴上自己的文本，最多 20 万字；更长的请上传 UTF-8 文件，不超过 1 MB），选择单元类型与大小，训练在后台进行：进度条、训练与验证损失曲线、每隔一段时间的采样，随时可以停止。训练完的模型出现在本页和“可解释的隐藏细胞”页的模型列表里（仅限本次会话），也可以下载。",
        "en": "Pick a corpus (or paste your own text, up to 200,000 characters, or upload a longer one as a UTF-8 file of at most 1 MB), a cell and its size; training runs in the background with a progress bar, training and validation loss, a sample every so often, and a Stop button. The finished model joins the model list of this page and of the Interpretable cells page (for this session only), and can be downloaded.",
    },
    "charlm.live.source": {"zh": "语料", "en": "Corpus"},
    "charlm.source.paste": {"zh": "粘贴文本", "en": "Paste text"},
    "charlm.source.upload": {"zh": "上传文件", "en": "Upload a file"},
    "charlm.live.paste": {"zh": "你的文本", "en": "Your text"},
    "charlm.live.paste_limit": {"zh": "至少 {minimum} 个、最多 {limit} 个字符", "en": "at least {minimum} and up to {limit} characters"},
    "charlm.live.upload": {"zh": "UTF-8 文本文件，不超过 1 MB", "en": "A UTF-8 text file, at most 1 MB"},
    "charlm.live.cell": {"zh": "单元", "en": "Cell"},
    "charlm.live.hidden": {"zh": "隐藏单元数", "en": "Hidden units"},
    "charlm.live.layers": {"zh": "层数", "en": "Layers"},
    "charlm.live.bptt": {"zh": "截断 BPTT 长度", "en": "Truncated BPTT length"},
    "charlm.live.lr": {"zh": "学习率", "en": "Learning rate"},
    "charlm.live.steps": {"zh": "训练步数", "en": "Steps"},
    "charlm.live.start": {"zh": "开始训练", "en": "Start training"},
    "charlm.live.steps_help": {
        "zh": "步数的上限随模型的大小而变：模型越大，每一步越慢，上限就越低，这样最大的训练也能在约 {minutes} 分钟内完成，排在后面的同学不必久等。",
        "en": "The most steps you can choose depends on the model's size: the larger the model, the slower each step and the lower the limit, so that even the largest training finishes in about {minutes} minutes and nobody in line waits long.",
    },
    "charlm.live.estimate": {
        "zh": "预计用时：约 {duration}（按本服务器在没有其他训练时的实测速度估算）。每个训练最多运行 {limit} 分钟，到时会停下，已经学到的部分照样保留。",
        "en": "Estimated time: about {duration} (from this server's measured speed with no other training running). Any training stops after {limit} minutes and keeps what it has learned by then.",
    },
    "charlm.live.no_data": {
        "zh": "莎士比亚语料需要从软件包仓库下载，这台服务器现在连不上。请改用 Python 源码，或粘贴你自己的文本。",
        "en": "The Shakespeare corpus is downloaded from the package registry, which this server cannot reach right now. Use the Python source, or paste your own text.",
    },
    "charlm.live.ready": {
        "zh": "模型 #{id} 已可使用：在上方的模型列表里选择它，或下载权重与模型卡。",
        "en": "Model #{id} is ready: pick it in the model list above, or download its weights and card.",
    },
    "charlm.live.download_weights": {"zh": "下载权重（.safetensors）", "en": "Download weights (.safetensors)"},
    "charlm.live.download_card": {"zh": "下载模型卡（.json）", "en": "Download model card (.json)"},
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
    "charlm.how": {
        "zh": "**留出数据上的成绩**：莎士比亚 LSTM 在训练时从未见过的三部剧（《哈姆雷特》《暴风雨》《亨利四世》上篇）上是 {bits} bit/字符（{nats} nat/字符）；上面的表里有每个模型的数字。**一个已知的失败**：用贪心解码从 “ROMEO:” 续写 400 个字符，它写完第一行就掉进循环，同一行 “And the streets of the streets of the streets,” 一遍又一遍地重复。每一步都挑最可能的字符，得到的不一定是最可能的整段文字（找后者的是束搜索），更不一定是好文字；要让文字有生气、不绕圈子，靠的是采样和温度 τ。",
        "en": "**On data it never saw**: the Shakespeare LSTM scores {bits} bits per character ({nats} nats) on three plays it never trained on (Hamlet, The Tempest, Henry IV Part 1); the table above has every model's figure. **A known failure**: continue \"ROMEO:\" greedily for 400 characters and after its first line it falls into a loop, writing \"And the streets of the streets of the streets,\" again and again. Taking the most likely character at every step does not necessarily give the most likely passage (beam search looks for that), let alone a good one: lively text that does not loop is what sampling and the temperature τ are for.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "charlm.predict.q": {
        "zh": "按 softmax 分布采样时，温度 τ 越低，分布越尖。把温度一路调向 0，采样会变成什么？",
        "en": "Sampling from the softmax distribution, a lower temperature τ makes the distribution sharper. Turn the temperature all the way down towards 0: what does sampling become?",
    },
    "charlm.predict.a": {
        "zh": "每个字符等可能地随机挑",
        "en": "Every character equally likely",
    },
    "charlm.predict.b": {
        "zh": "贪心解码：每步都取概率最大的字符，换随机种子也写出同一段",
        "en": "Greedy decoding: the most probable character at every step, the same text whatever the seed",
    },
    "charlm.predict.c": {
        "zh": "仍然每次不同，只是更保守一些",
        "en": "Still different every time, only more careful",
    },
    "charlm.predict.result": {
        "zh": "{model}，现场续写。贪心解码：\n\n{greedy}\n\n温度 {t}、随机种子 {seeds} 的采样（这里列出第一个）：\n\n{sample}\n\n{same}",
        "en": "{model}, just now. Greedy decoding:\n\n{greedy}\n\nSampling at temperature {t} with seeds {seeds} (the first shown):\n\n{sample}\n\n{same}",
    },
    "charlm.predict.same": {
        "zh": "每个种子的采样都与贪心解码逐字相同。",
        "en": "Every seed's sample matches greedy decoding character for character.",
    },
    "charlm.predict.differ": {
        "zh": "这几个种子的采样与贪心解码并不完全相同。",
        "en": "The seeds' samples do not all match greedy decoding.",
    },
    "charlm.predict.why": {
        "zh": "温度把每个字符的对数概率除以 τ 再做 softmax：τ 越小，最大的那个概率越接近 1，其余越接近 0。τ 趋于 0 时，采样就退化成每步取 argmax 的贪心解码，同样的开头必然写出同样的内容——讲义指出，正因如此，实践中才按分布采样。",
        "en": "Temperature divides each character's log-probability by τ before the softmax: the smaller τ, the closer the largest probability gets to 1 and the rest to 0. As τ approaches 0, sampling becomes greedy decoding, the argmax at every step, and the same beginning always gives the same text. That is why, as the lecture notes say, one samples from the distribution in practice.",
    },
    # --- the challenge (issue 53) ----------------------------------------------------------------
    "challenge.ch_lm_lively.title": {"zh": "有新意，仍是真词", "en": "Lively, yet real words"},
    "challenge.ch_lm_lively.task": {
        "zh": (
            "选一个莎士比亚模型和“top-p（核）采样”，找一组温度 τ 和 p，让实验室写出的样本（至少 300 个字符，提示词和随机种子用页面上的）"
            "同时满足三条：\n\n"
            "1. **不重复**：没有哪段 20 个字符的片段出现两次，也就是页面上的“重复程度”为 0%；\n"
            "2. **有新意**：“平均每字符（nat）”不高于 −1.15（默认设置的样本约为 −1.08，模型读莎士比亚未见过的剧本约为 −1.43）；\n"
            "3. **仍是英语**：非词不超过全部词的 3%。\n\n"
            "“词”指一串连续的字母，中间可以夹撇号（如 o'er）；“非词”指模型训练所用的 32 部剧本里从没出现过的词，不分大小写。"
            "只统计结束在续写部分里的词，末尾可能被长度截断的那个词不算。"
        ),
        "en": (
            "Pick a Shakespeare model and the “top-p (nucleus)” strategy, and find a temperature τ and a p at which the lab's sample "
            "(at least 300 characters, with the page's prompt and seed) meets all three rules:\n\n"
            "1. **No repeats**: no 20-character stretch occurs twice, so the page's “repetition” reads 0%;\n"
            "2. **Lively**: “per character (nats)” is at most −1.15 (the default sample reads about −1.08; Shakespeare's own unseen plays "
            "read about −1.43 under the model);\n"
            "3. **Still English**: at most 3% of its words are non-words.\n\n"
            "A word is a run of letters, with apostrophes allowed inside (o'er); a non-word is one that occurs in none of the 32 plays "
            "the model learned from, case ignored. Only words that end in the continuation count, except one the length limit may have "
            "cut off at the very end."
        ),
    },
    "challenge.ch_lm_lively.hint": {
        "zh": (
            "温度和 p 朝两个方向用力。温度调高，分布被压平，样本更出人意料（平均每字符的对数概率下降），可那些概率很小、"
            "专门拼出怪词的字符也更容易被抽中。p 调低，则在抽签之前先把这条长尾整个砍掉。试着把温度推到远高于 1，同时降低 p，"
            "直到怪词不再出现。每个样本终究是一次抽签：设置接近时，多换几个种子试试。"
        ),
        "en": (
            "Temperature and p pull different ways. A higher temperature flattens the distribution, so the sample grows less "
            "predictable (its log p per character falls), but it also draws more of the rare characters that invented words are made "
            "of. A smaller p cuts that tail off before the draw. Try a temperature well above 1 while you lower p until the invented "
            "words stop. Each sample is still a draw: once your settings come close, try a few seeds."
        ),
    },
    "challenge.ch_lm_lively.solution": {
        "zh": (
            "τ = 1.9，p = 0.6（莎士比亚 · LSTM，提示词 ROMEO:，300 个字符，随机种子 1）：没有重复的片段，平均每字符 −1.180 nat，"
            "57 个词里只有一个非词（calmit，1.8%）。\n\n"
            "为什么可行：温度 1.9 把每个字符的对数概率都除以 1.9，分布平了许多。单靠这一点，大量不太可能的字符也会被抽到，"
            "怪词随之而来——即便在温度 1 下直接采样，大约每 15 个词就有一个是编出来的。p = 0.6 只保留压平之后累计占 60% 概率的那几个"
            "最可能的字符，通常是寥寥几个说得通的续写；高温又让它们之间的选择接近均等。结果是：在说得通的字符里做出人意料的选择。"
            "把 p 放宽到 0.65，长尾就回来了：种子 1 的 57 个词里有 3 个非词（5.3%）。\n\n"
            "这三条并不是每个种子都能满足：τ = 1.9、p = 0.6 时大约十个种子里有三个通过；温度 1 的直接采样，三十个种子里大约只有一个。"
        ),
        "en": (
            "τ = 1.9, p = 0.6 (Shakespeare · LSTM, prompt ROMEO:, 300 characters, seed 1): no repeated stretch, −1.180 nats per "
            "character, and one non-word among 57 words (calmit, 1.8%).\n\n"
            "Why it works: a temperature of 1.9 divides every character's log-probability by 1.9, which makes the distribution much "
            "flatter. On its own that lets in many unlikely characters, and with them invented words: even plain sampling at τ = 1 "
            "invents about one word in 15. p = 0.6 keeps only the likeliest characters that make up 60% of the flattened probability, "
            "usually a handful of plausible continuations, and the high temperature makes the choice among them nearly even: surprising "
            "choices among plausible characters. Widen the nucleus to 0.65 and the tail is back: seed 1 then writes 3 non-words in "
            "57 (5.3%).\n\n"
            "Not every seed meets all three rules: at τ = 1.9, p = 0.6 about three seeds in ten do; plain sampling at τ = 1 about "
            "one in thirty."
        ),
    },
    "challenge.ch_lm_lively.model": {
        "zh": "非词是按莎士比亚剧本的词来判定的：请在上方选一个莎士比亚模型（LSTM、GRU 或普通 RNN）。",
        "en": "Non-words are judged by the words of Shakespeare's plays: pick a Shakespeare model above (LSTM, GRU or vanilla RNN).",
    },
    "challenge.ch_lm_lively.strategy": {
        "zh": "这道题考的是 top-p：请把解码策略设为“top-p（核）采样”。",
        "en": "This one is about top-p: set the decoding strategy to “top-p (nucleus)”.",
    },
    "challenge.ch_lm_lively.short": {
        "zh": "样本至少要有 {least} 个字符：请把生成长度调到 {least} 或以上。",
        "en": "The sample needs at least {least} characters: set the length to {least} or more.",
    },
    "challenge.ch_lm_lively.unusable": {
        "zh": "实验室无法用这组设置采样，原因见上方实验室里的提示。",
        "en": "The lab cannot sample with these settings: the message in the lab above says why.",
    },
    "challenge.ch_lm_lively.repeats": {
        "zh": "样本在重复自己：有 {rep} 的 20 字符片段出现了不止一次（目标是 0%）。",
        "en": "The sample repeats itself: {rep} of its 20-character stretches occur more than once (the goal is 0%).",
    },
    "challenge.ch_lm_lively.invented": {
        "zh": "{words} 个词里有 {bad} 个非词，占 {share}（目标不超过 {goal_share}）：{list}。",
        "en": "{bad} of the {words} words are non-words, {share} (the goal is at most {goal_share}): {list}.",
    },
    "challenge.ch_lm_lively.safe": {
        "zh": "没有重复，非词也只占 {share}，可惜太稳妥了：平均每字符 {logp} nat（目标是不高于 {goal_logp}）。",
        "en": "No repeats and only {share} non-words, but the sample plays safe: {logp} nats per character (the goal is at most {goal_logp}).",
    },
    "challenge.ch_lm_lively.done": {
        "zh": "没有重复的 20 字符片段；{words} 个词里有 {bad} 个非词（{share}）；平均每字符 {logp} nat。",
        "en": "No 20-character stretch repeats; {bad} of the {words} words are non-words ({share}); {logp} nats per character.",
    },
    "challenge.ch_lm_lively.no_plays": {
        "zh": "服务器上还没有莎士比亚剧本的语料，暂时无法判断哪些是生造的词。语料正在后台下载，请稍后再按一次“检查”。",
        "en": "The Shakespeare plays have not reached this server yet, so invented words cannot be told apart. They are on their way: press Check again in a little while.",
    },
}

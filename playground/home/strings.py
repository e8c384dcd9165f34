"""UI strings of the Home page (sequences and recurrence), in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.home.title": {"zh": "序列与循环", "en": "Sequences and recurrence"},
    "page.home.blurb": {
        "zh": "什么是序列、序列建模的四种形式、按时间展开的计算图，以及为什么要靠循环才能分清“狗咬人”与“人咬狗”。",
        "en": "What a sequence is, the four forms of sequence modelling, unrolled graphs, and why it takes recurrence to tell 狗咬人 from 人咬狗.",
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
    "home.seq.series_link": {"zh": "到“气温预测”页试试 →", "en": "try it on the temperature page →"},
    "home.seq.row.series": {"zh": "时间序列|等间隔采样点|股价预测、气温预报、电力负荷预测", "en": "Time series|equally spaced samples|stock-price prediction, temperature forecasts, power-load forecasts"},
    "home.seq.row.video": {"zh": "视频|图像帧|动作识别、视频理解", "en": "Video|image frames|action recognition, video understanding"},
    "home.seq.row.bio": {"zh": "生物信号|采样点|心电图异常检测、脑电分析", "en": "Biosignals|samples|ECG anomaly detection, EEG analysis"},
    # --- home: four forms ------------------------------------------------------------------
    "home.forms.header": {"zh": "序列建模的四种形式", "en": "The four forms of sequence modelling"},
    "home.forms.intro": {
        "zh": "RNN 在每个时间步套用同一个递归公式 $h_t=f_W(h_{t-1},x_t)$：同一组参数 $W$、同一个激活函数在每一步重复使用（而不是每一步各用一组不同的 $W$，那样参数会随长度增长，也处理不了比训练时更长的序列）；输出另有一组参数，$y_t=W_{hy}h_t$。$W_{hy}$ 同时干两件事：其一是改变维度——隐藏状态的维度由设计者自由决定，输出维度由任务决定，两者可以不同，$W_{hy}$ 把隐藏维度映射到输出维度；其二是提供一次可学习的变换。所以 RNN 里有两组职能分明的参数：一组负责“如何从旧状态和新输入算出新状态”，另一组负责“如何把状态翻译成输出”。按输入序列与输出序列的长度关系，可以分成四种情形；其中多对多又按输出与输入是否逐一对齐，分为两种。选一种，看它按时间展开后的计算图：每个方框是同一个 RNN 单元，方框上标的是**同一组**权重。",
        "en": "An RNN applies one recurrence at every time step, $h_t=f_W(h_{t-1},x_t)$: the same parameters $W$ and the same activation are reused at each step (not a different $W$ per step, which would grow with the length and could not read a sequence longer than the ones it was trained on); the output has parameters of its own, $y_t=W_{hy}h_t$. $W_{hy}$ does two jobs: it changes the size (the designer chooses the size of the hidden state freely, the task fixes the size of the output, the two may differ, and $W_{hy}$ maps one to the other), and it is one more learned transformation. So an RNN has two sets of parameters with separate jobs: one computes the new state from the old state and the new input, the other translates the state into an output. By how the input and output lengths relate, there are four cases; many-to-many comes in two kinds, with each output aligned to an input or not. Pick one and see its graph unrolled in time: every box is the same RNN cell, labelled with the **same** weights.",
    },
    "home.forms.pick": {"zh": "形式", "en": "Form"},
    "home.forms.view": {"zh": "画法", "en": "Drawing"},
    "home.forms.view.unrolled": {"zh": "按时间展开", "en": "Unrolled in time"},
    "home.forms.view.folded": {"zh": "折叠（带自环）", "en": "Folded (self-loop)"},
    "home.forms.folded_note": {
        "zh": "折叠画法与展开画法等价：自环表示“上一步的 $h$ 回到下一步的输入”。折叠图简洁，却看不清运算的先后和梯度的计算路径，所以人们更常画展开图：每个输出依赖哪些量一目了然，沿计算图反向传播时也以它为底稿。",
        "en": "The folded and unrolled drawings are equivalent: the loop means \"the previous $h$ feeds the next step\". The folded one is compact but hides the order of computation and the paths of the gradient, which is why the unrolled graph is drawn more often: it shows what each output depends on, and it is the map backpropagation follows.",
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
        "zh": "**多对一**：读完一整段序列，给出一个结果，例如视频分类、情感分析。这里是讲解稿的例子“服务 / 慢 / 但 / 很好”：读完最后一个词才给出判断，判为正面。通常只用最终隐藏状态经输出层得出结果；像视频分类这种从头到尾都有线索的任务，更合理的做法是对每一步的隐藏状态做池化（平均或最大）再输出。",
        "en": "**Many-to-one**: read a whole sequence, give one answer (video classification, sentiment). Here the lecture script's 服务 / 慢 / 但 / 很好 (service / slow / but / great): the verdict, positive, comes only after the last word. Usually only the final state feeds the output; when every step carries evidence (a whole video), pooling the states of all steps (their mean or maximum) is the better read-out.",
    },
    "home.form.many_to_many_aligned.desc": {
        "zh": "**多对多（对齐）**：每读一个输入就给一个输出，例如逐帧分类视频。这里是讲义手算的例子：检测“连续两个 1”，输入 0,1,0,1,1,1，输出 0,0,0,0,1,1。",
        "en": "**Many-to-many (aligned)**: one output per input, e.g. labelling every video frame. Here the lecture notes' hand-built example: detect two consecutive 1s, input 0,1,0,1,1,1, output 0,0,0,0,1,1.",
    },
    "home.form.many_to_many_unaligned.desc": {
        "zh": "**多对多（不对齐）**：输入输出长度不必相等，例如机器翻译。编码器读完“我爱自然语言处理”8 个字，解码器再逐词生成 I / love / natural / language / processing / `<eos>`。",
        "en": "**Many-to-many (unaligned)**: input and output lengths need not be equal, as in translation. The encoder reads the 8 characters of 我爱自然语言处理, then the decoder writes I / love / natural / language / processing / `<eos>`.",
    },
    "home.forms.shared.one": {
        "zh": "共 {steps} 个时间步，却只有一组权重：参数量与序列长度无关，任意长度的序列都能处理。",
        "en": "{steps} time steps but a single set of weights: the parameter count does not depend on the length, so any length can be processed.",
    },
    "home.forms.shared.none": {
        "zh": "只有一步：没有时间轴，也就谈不上跨时间共享权重；这正是不需要循环网络的情形。",
        "en": "A single step: with no time axis there is nothing to share across time, which is exactly why this form needs no recurrent network.",
    },
    "home.forms.shared.two": {
        "zh": "两组权重：编码器的 {encoder} 步共用 $W_{{enc}}$，解码器的 {decoder} 步共用 $W_{{dec}}$。一个网络负责读，另一个负责写；每一组的参数量都与序列长度无关。",
        "en": "Two sets of weights: the encoder's {encoder} steps share $W_{{enc}}$ and the decoder's {decoder} steps share $W_{{dec}}$. One network reads, another writes; neither's parameter count depends on the length.",
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
        "zh": "两句用的是同一组字，只是次序不同：平均向量一模一样（距离恰为 0），只有循环网络把两种次序区分开来。",
        "en": "Both sentences use the same characters in a different order: the averages are identical (distance exactly 0); only the recurrent network tells the two orders apart.",
    },
    "home.order.identical": {
        "zh": "两句完全相同，两种方法的距离自然都是 0。改一下次序试试。",
        "en": "The two sentences are identical, so both distances are 0. Try changing the order.",
    },
    "home.order.same_mix": {
        "zh": "两句用的是同一组字，每个字所占的比例也相同，只是个数和次序不同：平均向量一模一样（距离为 0），只有循环网络把两句区分开来。",
        "en": "Both sentences use the same characters in the same proportions, only in different numbers and order: the averages are identical (distance 0); only the recurrent network tells the two apart.",
    },
    "home.order.same_set": {
        "zh": "两句用的是同一组字，但各字出现次数的比例不同，所以平均向量也不同。想单看次序的作用，请让两句只在次序上不同。",
        "en": "Both sentences use the same characters, but in different proportions, so their averages differ. To isolate order, make them differ only in order.",
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
        "zh": "用多层感知机处理序列，最朴素的办法是只看最近 $N$ 个元素。完形填空“I grew up in France … I speak French.”里，省略号可能隔着几十个词：窗口太小，France 落在视野之外；窗口太大，参数随 $N$ 膨胀；而依赖的距离本来就不固定。语言中的依赖常常“远在天边”：指代（“小明的妈妈说他生病了”中的“他”）、时态呼应、主题一致性，都可能跨越整段话。窗口长度是人拍脑袋定的，真实的依赖距离却由数据决定。",
        "en": "The plainest way to feed a sequence to an MLP is to look at the last $N$ elements. In the cloze \"I grew up in France … I speak French.\" the ellipsis may span dozens of words: a small window loses France, a large one makes the parameters grow with $N$, and the distance of a dependency is not fixed anyway. Dependencies in language often reach far back: a pronoun (in the Chinese sentence 小明的妈妈说他生病了, \"Xiaoming's mother said he was ill\", the \"he\", 他, refers back to Xiaoming), the agreement of tenses, the topic of a text: any of them can span a whole passage. A person picks the window length by guesswork; the real distance of a dependency is set by the data.",
    },
    "home.window.gap": {"zh": "France 与 French 相隔的词数", "en": "Words between France and French"},
    "home.window.size": {"zh": "窗口大小 N（词）", "en": "Window size N (words)"},
    "home.window.dim": {"zh": "词向量维度 d 与隐藏宽度 m", "en": "Embedding size d and hidden width m"},
    "home.window.sees": {
        "zh": "France 在 French 之前第 {back} 个词，窗口看最近 {window} 个词，看得到 France：可以预测 French。",
        "en": "France is {back} words before French and the window is N = {window} words: France is inside the window, so French can be predicted.",
    },
    "home.window.blind": {
        "zh": "France 在 French 之前第 {back} 个词，窗口只看最近 {window} 个词，France 在窗口之外：MLP 无从得知该填 French。",
        "en": "France is {back} words before French and the window is only N = {window} words: France is outside the window, so the MLP cannot know the answer is French.",
    },
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
            "- **隐藏状态不等于输出**：输出通常还要经过 $W_{hy}$ 和 softmax，才成为词表概率或分类概率。\n"
            "- **序列长度不是隐藏维度**：句子从 10 个 token 变成 100 个，$m$ 并不会从 128 变成 1280，只是同一个单元多运行九十步。"
        ),
        "en": (
            "- **The hidden state is not an archive of the text**: it has a fixed number of components, $m$, a lossy summary in which early information can be overwritten.\n"
            "- **The hidden state is not the output**: the output usually still passes through $W_{hy}$ and a softmax to become word or class probabilities.\n"
            "- **Sequence length is not hidden size**: going from 10 tokens to 100 does not turn $m=128$ into 1280; the same cell just runs ninety more steps."
        ),
    },
    # --- the run-sheet (issue 36) ---
    "home.sheet.header": {
        "zh": "照着讲：分步讲课单",
        "en": "Teach from it: the lecture run-sheet",
    },
    "home.sheet.intro": {
        "zh": "选一份教学材料（或现成的 90 分钟方案），用“上一步”“下一步”依次讲解。每一步列出：原文中对应这一步的句子；屏幕上演示什么（链接在本窗口打开相应页面，设置已预先填好；投影时，演示页顶部有“回到讲课单”）；讲完相关概念后请全班先作答的预测题；以及这一步从第几分钟讲到第几分钟。",
        "en": "Pick a lecture text (or the ready 90-minute lesson) and step through it in order with Previous and Next. Each step gives the sentences of the text that carry it, what to show on screen (the link opens the page in this window with its settings; while presenting, the demo has a way back to the run-sheet), the predict-first question the class answers once the step has taught its concept, and the minutes it runs.",
    },
    "home.sheet.pick": {"zh": "讲哪一份", "en": "Which lecture"},
    "home.sheet.step": {"zh": "第几步", "en": "Step"},
    "home.sheet.previous": {"zh": "上一步", "en": "Previous"},
    "home.sheet.next": {"zh": "下一步", "en": "Next"},
    "home.sheet.where": {"zh": "第 {n} 步，共 {total} 步 · 第 {start}–{end} 分钟（全程 {all} 分钟）",
                         "en": "Step {n} of {total} · minutes {start}–{end} of {all}"},
    "home.sheet.words": {"zh": "原文", "en": "The text says"},
    "home.sheet.show": {"zh": "屏幕上演示", "en": "Show on screen"},
    "home.sheet.also": {"zh": "还可以演示", "en": "Also to show"},
    "home.sheet.open": {"zh": "打开这个演示", "en": "Open this demo"},
    "home.sheet.open_also": {"zh": "打开", "en": "Open"},
    "home.sheet.cue": {"zh": "板书：", "en": "On the board:"},
    "home.sheet.say": {"zh": "这一步只讲不演示：", "en": "Say it; there is nothing to show:"},
    "home.sheet.ask": {
        "zh": "先请全班作答本页的预测题（经链接打开时，题目处于未作答状态）",
        "en": "Ask the class first (the page's predict-first question; the link opens it unanswered)",
    },
    "home.sheet.print": {"zh": "打印讲课单：{sheet}", "en": "Print the run-sheet: {sheet}"},
    "home.sheet.print_help": {
        "zh": "生成一个 HTML 文件，用浏览器打开后按 A4 纵向打印。内容包括每一步的时间、原文、演示内容及其链接的二维码，预测题的选项、答案和揭晓结果；若正在上课，还附有供学生加入课堂的链接和课堂码。",
        "en": "Makes an HTML file to open in a browser and print on A4 portrait: each step's minutes, the text's words, the demo with its link's QR code, the question with its options, answer and reveal; while you teach a class, the students' link and code too.",
    },
    "home.sheet.print.busy": {"zh": "正在生成讲课单（逐题计算答案）", "en": "Making the run-sheet (working out each answer)"},
    "home.sheet.print.save": {"zh": "保存可打印的讲课单", "en": "Save the printable run-sheet"},
    "home.sheet.print.title": {"zh": "RNN 实验场 · 讲课单", "en": "RNN Playground · lecture run-sheet"},
    "home.sheet.print.budget": {
        "zh": "全程 {total} 分钟：开场 {opening} 分钟（学生扫码加入课堂投票），页面切换共 {transitions} 分钟，机动时间 {slack} 分钟。",
        "en": "{total} minutes in all: {opening} to open (students join the class poll), {transitions} for moving between pages, {slack} in hand.",
    },
    "home.sheet.print.class": {"zh": "学生加入课堂：", "en": "Students join the class:"},
    "home.sheet.print.answer": {"zh": "答案：", "en": "Answer:"},
    "home.sheet.print.cue": {"zh": "板书：", "en": "On the board:"},
    "home.sheet.print.say": {"zh": "讲：", "en": "Say:"},
    "home.sheet.print.homework": {"zh": "课后挑战（这一部分讲完后布置）：", "en": "Homework challenges (set at the end of this part):"},
    "home.sheet.homework": {"zh": "课后挑战", "en": "Homework challenge"},
    "home.sheet.open_challenge": {"zh": "打开这个挑战", "en": "Open this challenge"},
    "home.sheet.print.press": {
        "zh": "打开后点击“{button}”",
        "en": "once open, press “{button}”",
    },
    "home.sheet.col.step": {
        "zh": "步骤 · 分钟",
        "en": "Step · minutes",
    },
    "home.sheet.col.words": {"zh": "原文", "en": "The text says"},
    "home.sheet.col.show": {"zh": "演示什么（扫码或点链接）", "en": "What to show (scan or follow)"},
    "home.sheet.col.ask": {"zh": "先问的预测题", "en": "Ask first"},
    "home.pages.header": {"zh": "从这里出发", "en": "Where to go next"},
    # --- predict first (issue 26) ------------------------------------------------------------
    "home.predict.q": {
        "zh": "把一句话里每个字的向量取平均，当作整句的表示。这样得到的“狗咬人”和“人咬狗”两个表示，相距多远？",
        "en": "Represent a sentence by the average of its character vectors. How far apart are the representations of 狗咬人 (dog bites man) and 人咬狗 (man bites dog)?",
    },
    "home.predict.a": {
        "zh": "恰好为 0：两者完全相同",
        "en": "Exactly 0: they are identical",
    },
    "home.predict.b": {
        "zh": "不为 0，但很小",
        "en": "Not 0, but small",
    },
    "home.predict.c": {
        "zh": "相距很远：意思相反，表示也差得远",
        "en": "Far apart: opposite meanings, very different vectors",
    },
    "home.predict.result": {
        "zh": "本页的小模型现场算出：两个平均向量之间的距离为 **{mean}**；按顺序读完两句后，RNN 两个最终状态之间的距离为 **{rnn}**。",
        "en": "Worked out just now by the page's small model: the distance between the two mean vectors is **{mean}**; after reading each sentence in order, the distance between the RNN's two final states is **{rnn}**.",
    },
    "home.predict.why": {
        "zh": "取平均不管先后：同样三个字，平均出来一模一样，模型根本分不清谁咬了谁。RNN 逐字更新状态，先读“狗”还是先读“人”，最后会停在不同的状态上——顺序本身就是语义。",
        "en": "An average ignores order: the same three characters give the same average, so the model cannot tell who bit whom. An RNN updates its state character by character, and reading 狗 first or 人 first ends in different states: the order is part of the meaning.",
    },
    # --- the challenges (issue 53) ---------------------------------------------------------------
    "challenge.ch_home_mix.title": {"zh": "字数不同，平均却一样", "en": "Different lengths, the same average"},
    "challenge.ch_home_mix.task": {
        "zh": (
            "在上面“顺序很重要”的实验里输入两个句子，要求它们**不是**同一组字换个次序（至少有一个字出现的次数不同），"
            "可“平均字向量之间的距离”仍然显示为 0，而“RNN 最终隐藏状态之间的距离”至少为 1。"
            "按“检查”，用的就是实验本身的比较。"
        ),
        "en": (
            "In the order lab above, type two sentences that are **not** the same characters rearranged (some character must occur "
            "a different number of times), yet the “distance between mean embeddings” reads 0 while the “distance between RNN final "
            "states” is at least 1. Check runs the lab's own comparison."
        ),
    },
    "challenge.ch_home_mix.hint": {
        "zh": (
            "平均字向量给每个字的权重是它在句子里**所占的比例**，而不是它出现的次数。什么样的改动能让每个字所占的比例都保持不变？"
            "如果 RNN 的距离也很小，再看看两句的结尾：刚读完同样几个字，RNN 对更早读过的内容已经记不太清了。"
        ),
        "en": (
            "The mean weights each character by its **share** of the sentence, not by how often it occurs. Which changes to a "
            "sentence leave every character's share as it was? If the RNN's distance comes out small too, look at how the two "
            "sentences end: an RNN that has just read the same characters has largely forgotten what came before."
        ),
    },
    "challenge.ch_home_mix.solution": {
        "zh": (
            "A = 狗咬人狗咬人，B = 人咬狗。A 里每个字都是 6 个里占 2 个，B 里都是 3 个里占 1 个，比例相同，平均字向量就是同一个向量"
            "（距离 0），尽管 A 的字数是 B 的两倍；RNN 按次序读，最终状态相距 4.94。\n\n"
            "把一句话重复一遍，比例不变：狗咬人 和 狗咬人狗咬人 的平均值同样一样，但两者的 RNN 状态只相距 0.647——两句都以“狗咬人”结尾，"
            "而这个 RNN 的循环矩阵谱范数是 0.9，更早读过的内容一步步淡去。若只多加一个狗（狗咬人狗），狗就占了 4 个里的 2 个，"
            "平均值随之分开（距离 0.638）。"
        ),
        "en": (
            "A = 狗咬人狗咬人, B = 人咬狗. Each character is 2 in 6 in A and 1 in 3 in B: the same shares, so the mean embeddings are "
            "the same vector (distance 0), though A is twice as long. The RNN reads in order, and its final states end 4.94 apart.\n\n"
            "Repeating a sentence keeps its shares: 狗咬人 and 狗咬人狗咬人 have the same mean too, but their RNN states end only "
            "0.647 apart: both end by reading 狗咬人, and this RNN's recurrent matrix has spectral norm 0.9, so what it read earlier "
            "fades step by step. Add a single 狗 instead (狗咬人狗) and 狗 is 2 in 4: the means part (distance 0.638)."
        ),
    },
    "challenge.ch_home_mix.unusable": {
        "zh": "实验读不了这两句，原因见上方实验里的提示。",
        "en": "The lab cannot read these sentences: the message in the lab above says why.",
    },
    "challenge.ch_home_mix.rearranged": {
        "zh": "这两句是同一组字、每个字出现的次数也相同（或者干脆是同一句）：换一对字数不同的句子。",
        "en": "These are the same characters, each as often (or the very same sentence): try two sentences of different lengths.",
    },
    "challenge.ch_home_mix.bag_tells": {
        "zh": "平均字向量之间的距离是 {mean}，不是 0：只看平均值就已经能把两句分开了。",
        "en": "The mean embeddings are {mean} apart, not 0: the average alone already tells the two apart.",
    },
    "challenge.ch_home_mix.rnn_close": {
        "zh": "平均值确实一样（距离 0），但 RNN 的最终状态只相距 {rnn}（目标至少 {least}）。",
        "en": "The means do coincide (distance 0), but the RNN's final states are only {rnn} apart (the goal is at least {least}).",
    },
    "challenge.ch_home_mix.done": {
        "zh": "平均字向量之间的距离为 0，RNN 的最终状态却相距 {rnn}。",
        "en": "The mean embeddings are 0 apart, and the RNN's final states {rnn} apart.",
    },
    "challenge.ch_home_window.title": {"zh": "刚好够用的窗口有多贵", "en": "The price of a window just wide enough"},
    "challenge.ch_home_window.task": {
        "zh": (
            "在上面“为什么固定窗口的 MLP 不够”的实验里，设定 France 与 French 之间隔几个词，再设窗口大小 N，"
            "让窗口**刚好**够用：看得到 France，而小一个词的窗口就看不到了。要找的是这样一个间隔：连这个最小的窗口，"
            "所需参数也至少是 RNN 的 10 倍（比较滑块下方的两个数字）。宽度任选。"
        ),
        "en": (
            "In the window lab above, set how many words lie between France and French, and the window N, so that the window is "
            "**just** wide enough: it sees France, and a window one word smaller would not. Find a gap at which even this smallest "
            "window needs at least 10 times the RNN's parameters (the two figures under the sliders). Any width will do."
        ),
    },
    "challenge.ch_home_window.hint": {
        "zh": (
            "看两个参数量怎样随宽度 m 增长：两者都按 $m^2$ 增长，所以宽度几乎不改变它们的比值，真正起作用的是窗口 N。"
            "另外数清楚：中间隔着几个词时，France 是往回数第几个词？"
        ),
        "en": (
            "See how the two counts grow with the width m: both grow as $m^2$, so the width hardly changes their ratio; the window N "
            "does. And count carefully: with a given number of words in between, how many words back is France?"
        ),
    },
    "challenge.ch_home_window.solution": {
        "zh": (
            "中间隔 20 个词，N = 21，宽度任选。France 在往回数第 21 个词（中间 20 个，再加上它自己），所以 21 是看得到它的最小窗口。"
            r"取 $d=m$，窗口 MLP 有 $21m^2+m$ 个参数，RNN 有 $2m^2+m$ 个，比值 $(21m+1)/(2m+1)$：$m=128$ 时为 "
            r"344,192 ÷ 32,896 ≈ 10.46；只要 $21m+1 \ge 20m+10$，即 $m\ge 9$，比值就不小于 10，页面上的每个宽度都满足。"
            "\n\n"
            r"隔 19 个词、N = 20 就差一点：比值 $(20m+1)/(2m+1)$ 在任何宽度下都小于 10（$m=128$ 时约 9.96）。"
            "道理在于：窗口要看多远，参数就跟着涨多少；RNN 的参数与距离无关。"
        ),
        "en": (
            "20 words between, N = 21, any width. France is 21 words back (the 20 between, then France itself), so 21 is the "
            r"smallest window that sees it. With $d=m$ the window MLP has $21m^2+m$ parameters and the RNN $2m^2+m$; their ratio "
            r"$(21m+1)/(2m+1)$ is 344,192 ÷ 32,896 ≈ 10.46 at $m=128$, and at least 10 whenever $21m+1 \ge 20m+10$, that is "
            r"$m\ge 9$: every width the page offers."
            "\n\n"
            r"With 19 between and N = 20 it falls just short: $(20m+1)/(2m+1)$ is under 10 at every width (9.96 at $m=128$). "
            "The point: a window's parameters grow with how far back it must see; an RNN's do not depend on the distance at all."
        ),
    },
    "challenge.ch_home_window.unusable": {
        "zh": "滑块里的数值无法使用，请重新拖动滑块。",
        "en": "The sliders hold values that cannot be used: move them again.",
    },
    "challenge.ch_home_window.blind": {
        "zh": "France 在往回数第 {back} 个词，N = {window} 的窗口看不到它。",
        "en": "France is {back} words back, and a window of N = {window} does not reach it.",
    },
    "challenge.ch_home_window.wider": {
        "zh": "N = {window} 看得到 France（往回数第 {back} 个词），但不是最小的：N = {back} 就够了。",
        "en": "N = {window} sees France ({back} words back) but is not the smallest: N = {back} would do.",
    },
    "challenge.ch_home_window.cheap": {
        "zh": "窗口刚好够用，但窗口 MLP 的 {mlp} 个参数只是 RNN 的 {rnn} 个的 {times} 倍（目标至少 {goal} 倍）。",
        "en": "The window is just wide enough, but the window MLP's {mlp} parameters are only {times} times the RNN's {rnn} (the goal is at least {goal}).",
    },
    "challenge.ch_home_window.done": {
        "zh": "N = {window} 是看得到 France（往回数第 {back} 个词）的最小窗口，它需要 {mlp} 个参数，是 RNN 的 {rnn} 个的 {times} 倍。",
        "en": "N = {window} is the smallest window that sees France ({back} words back), and it needs {mlp} parameters, {times} times the RNN's {rnn}.",
    },
}

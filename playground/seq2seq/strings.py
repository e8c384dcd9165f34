"""UI strings of the seq2seq translation page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.seq2seq.title": {"zh": "seq2seq 翻译", "en": "Seq2seq translation"},
    "page.seq2seq.blurb": {
        "zh": "输入一句中文，看真实训练的编码器—解码器逐词写出英文：贪心、束搜索与采样，束搜索树，注意力图，以及固定长度向量这个瓶颈的实测。",
        "en": "Type a Chinese sentence and watch a trained encoder-decoder write English word by word: greedy, beam search and sampling, the beam tree, the attention map, and the fixed-size-vector bottleneck, measured.",
    },
    "error.seq2seq_english": {
        "zh": "这里要输入中文句子；这句看起来是英文。本页的模型只会把中文翻成英文，试试“我爱自然语言处理”。",
        "en": "This box takes a Chinese sentence, and this looks like English. The models here translate Chinese into English only; try 我爱自然语言处理.",
    },
    "error.seq2seq_no_chinese": {
        "zh": "句子里没有汉字（只有标点、数字或符号），没有可翻译的内容。",
        "en": "There are no Chinese characters in this input (only punctuation, digits or symbols): nothing to translate.",
    },
    "s2s.title": {"zh": "seq2seq：从一句中文到一句英文", "en": "Seq2seq: from a Chinese sentence to an English one"},
    "s2s.intro": {
        "zh": "机器翻译的输入和输出长度不同：“我爱自然语言处理”是 8 个汉字，译文是 5 个英文词再加一个结束标记。于是需要两个网络分工：**编码器**读完源句，**解码器**以起始 token 开头，按条件概率一个词一个词地写译文，直到写出结束 token。本页的两个翻译模型都在 Tatoeba 的中英句对上真实训练而成。",
        "en": "In translation the input and the output have different lengths: 我爱自然语言处理 is 8 characters, its translation 5 English words plus an end marker. So two networks share the work: an **encoder** reads the source sentence, and a **decoder** starts from a start token and writes the translation word by word from a conditional probability, until it writes the end token. Both translators on this page were trained here on Tatoeba's Chinese-English sentence pairs.",
    },
    "s2s.formula.header": {"zh": "编码器、解码器与注意力", "en": "Encoder, decoder and attention"},
    "s2s.formula.decoder": {
        "zh": "解码器每一步给出下一个词的分布，整句译文的概率是各步条件概率之积（取对数便是求和），$T$ 是源句长度，$y_{<t}$ 是已经写出的词。训练时 $y_{<t}$ 用参考译文里的真实词，而不是模型自己刚写出的词，这叫**教师强制**（teacher forcing）；推理时只能喂回自己写出的词：",
        "en": "At each step the decoder gives a distribution over the next word; the probability of the whole translation is the product of these conditional probabilities (a sum of logs). $T$ is the source length and $y_{<t}$ the words written so far. In training $y_{<t}$ are the reference translation's words, not the ones the model just wrote: **teacher forcing**; at inference the model can only feed back its own:",
    },
    "s2s.formula.classic": {
        "zh": "**经典做法**（Cho 等，2014）：编码器把整句压进最终隐藏状态，即语义向量 $\\mathbf{c}=\\mathbf{h}_T$；解码器的初始状态由 $\\mathbf{c}$ 算出，之后每一步的输出层都读到同一个 $\\mathbf{c}$（与解码器状态拼接后预测下一个词），源句的其余部分再也看不到。Cho 等的原始模型还把 $\\mathbf{c}$ 送进解码器每一步的循环更新；本页的模型只在输出层读它，这是一处简化。无论源句是 3 个字还是 40 个字，$\\mathbf{c}$ 的维度都一样。（Sutskever 等 2014 年的模型只在开头用一次 $\\mathbf{c}$。）",
        "en": "**The classic model** (Cho et al., 2014): the encoder squeezes the sentence into its final hidden state, the context vector $\\mathbf{c}=\\mathbf{h}_T$; the decoder's first state is computed from it, and at every step the output layer reads the same $\\mathbf{c}$ (joined to the decoder state to predict the next word), but nothing else of the source. Cho et al. also feed $\\mathbf{c}$ into every recurrent update of the decoder; the model on this page reads it in the output layer only, a simplification. Whether the source has 3 characters or 40, $\\mathbf{c}$ has the same size. (Sutskever et al., 2014, use $\\mathbf{c}$ only once, at the start.)",
    },
    "s2s.formula.attention": {
        "zh": "**注意力**（Bahdanau 等 2015 提出；这里用 Luong 等 2015 的“general”打分）：编码器是双向的，每个源字都有一个状态 $\\bar{\\mathbf{h}}_s=[\\overrightarrow{\\mathbf{h}}_s;\\overleftarrow{\\mathbf{h}}_s]$。解码器每写一个词，都给所有源字打分、用 softmax 归一成权重，再按权重读取：",
        "en": "**Attention** (proposed by Bahdanau et al., 2015; here with the \"general\" score of Luong et al., 2015): the encoder is bidirectional, so every source character has a state $\\bar{\\mathbf{h}}_s=[\\overrightarrow{\\mathbf{h}}_s;\\overleftarrow{\\mathbf{h}}_s]$. For every word it writes, the decoder scores all source characters, turns the scores into weights with a softmax and reads their weighted sum:",
    },
    "s2s.formula.note": {
        "zh": "翻译可以用双向编码器：开始翻译之前，整句源文已经全部给出；逐词生成的任务则不行（见“双向与之后”一页）。经典模型的编码器只从左往右读（宽度加倍，所以 $\\mathbf{c}$ 与 $\\bar{\\mathbf{h}}_s$ 一样长），除此之外两个模型的结构相同：经典模型在每一步都把同一个 $\\mathbf{c}$ 当作 $\\mathbf{c}_t$。",
        "en": "Translation can use a bidirectional encoder: the whole source is given before translation starts (unlike generation; see the \"Both directions and beyond\" page). The classic model's encoder reads left to right only (twice as wide, so $\\mathbf{c}$ is as long as $\\bar{\\mathbf{h}}_s$); otherwise the two models are built the same: the classic one uses the same $\\mathbf{c}$ as $\\mathbf{c}_t$ at every step.",
    },
    "s2s.seed.header": {"zh": "讲解稿里的例子：我爱自然语言处理", "en": "The lecture script's example: 我爱自然语言处理"},
    "s2s.seed.lecture": {
        "zh": "讲解稿说解码器“可能依次生成 I / love / natural / language / processing / <eos>”。下面是两个模型对这句话真实给出的结果（束宽 5），没有任何特殊处理：",
        "en": "The lecture script says the decoder \"might produce I / love / natural / language / processing / <eos>\". Here is what the two models really produce for this sentence (beam width 5), with no special-casing:",
    },
    "s2s.seed.note": {
        "zh": "Tatoeba 的句子多是日常用语，很少出现“自然语言处理”这样的术语，模型只能拿见过的词拼凑意思：模型学到的，只是数据里有的东西。",
        "en": "Tatoeba is mostly everyday language; a term like 自然语言处理 (natural language processing) is rare in it, so the models make do with the words they saw. A model learns what its data holds.",
    },
    "s2s.model.attention": {"zh": "有注意力（双向编码器）", "en": "With attention (bidirectional encoder)"},
    "s2s.model.classic": {"zh": "经典（只看最终状态）", "en": "Classic (final state only)"},
    "s2s.lab.header": {"zh": "解码实验室", "en": "Decoding lab"},
    "s2s.lab.text": {"zh": "中文句子", "en": "A Chinese sentence"},
    "s2s.lab.text_help": {
        "zh": "最多 {limit} 个字；繁体字会自动转换成简体；模型没见过的字按 <unk> 处理。",
        "en": "Up to {limit} characters; Traditional characters are converted to Simplified; characters the model never saw are read as <unk>.",
    },
    "s2s.lab.examples": {
        "zh": "试试：他每天早上喝咖啡。 / 我不知道他为什么没来。 / 你能帮我把这个箱子搬到楼上吗？ / 我們明天去公園吧（繁体）",
        "en": "Try: 他每天早上喝咖啡。 / 我不知道他为什么没来。 / 你能帮我把这个箱子搬到楼上吗？ / 我們明天去公園吧 (Traditional)",
    },
    "s2s.lab.model": {"zh": "模型", "en": "Model"},
    "s2s.lab.strategy": {"zh": "解码策略", "en": "Decoding strategy"},
    "s2s.strategy.greedy": {"zh": "贪心", "en": "Greedy"},
    "s2s.strategy.beam": {"zh": "束搜索", "en": "Beam search"},
    "s2s.strategy.sample": {"zh": "采样", "en": "Sampling"},
    "s2s.lab.beam": {"zh": "束宽", "en": "Beam width"},
    "s2s.lab.penalty": {"zh": "长度惩罚 α", "en": "Length penalty α"},
    "s2s.lab.penalty_help": {
        "zh": "束搜索按 log p ÷ ((5+|y|)/6)^α 挑选结果（GNMT 的长度惩罚）。α = 0 只看总概率，偏爱短句；α 越大越宽容长句。",
        "en": "Beam search picks by log p ÷ ((5+|y|)/6)^α (GNMT's length penalty). α = 0 looks at total probability only, which favours short outputs; a larger α is kinder to long ones.",
    },
    "s2s.lab.temperature": {"zh": "温度", "en": "Temperature"},
    "s2s.lab.seed": {"zh": "随机种子", "en": "Random seed"},
    "s2s.lab.disabled": {
        "zh": "束宽和长度惩罚只对束搜索起作用，温度和随机种子只对采样起作用，贪心一个也不用；对所选策略不起作用的滑块是灰色的。下面的对比表和束搜索树用的是它们当前的值。",
        "en": "Beam width and length penalty apply to beam search only, temperature and seed to sampling only, and greedy uses none of them; the sliders the chosen strategy does not use are greyed out. The comparison and the beam tree below use their current values.",
    },
    "s2s.out.converted": {"zh": "繁体已转换为简体：{text}", "en": "Traditional characters converted to Simplified: {text}"},
    "s2s.out.unknown": {
        "zh": "模型没见过这些字，按 <unk>（未知）读入：{chars}。译文可能因此缺少相应的内容。",
        "en": "The model never saw these characters and reads them as <unk> (unknown): {chars}. The translation may miss what they meant.",
    },
    "s2s.out.logp": {"zh": "整句对数概率 log p = {logp}（{n} 个 token，含 <eos>）", "en": "Sequence log-probability log p = {logp} ({n} tokens, <eos> included)"},
    "s2s.out.unfinished": {
        "zh": "写到 {limit} 个 token 仍没有写出 <eos>，在上限处截断：这一句没有写完。",
        "en": "No <eos> after {limit} tokens: the output was cut at the limit and is not a finished sentence.",
    },
    "s2s.steps.header": {"zh": "每个位置的前 5 个候选", "en": "The top 5 candidates at every position"},
    "s2s.steps.caption": {
        "zh": "概率都按温度 1 计算，无论用哪种策略选词。<eos> 是结束标记：解码器也要学会“什么时候停”，它和普通词一样参与竞争。<unk> 代表训练集中出现不足两次的词（多是人名等罕见词），模型只能把它们当作同一个“未知词”。",
        "en": "Probabilities at temperature 1, whichever strategy chose the word. <eos> is the end marker: the decoder also learns when to stop, and <eos> competes like any other word. <unk> stands for every word seen fewer than twice in training (mostly rare names): the model can only write them as one \"unknown word\".",
    },
    "s2s.col.position": {"zh": "位置", "en": "Position"},
    "s2s.col.chosen": {"zh": "选中的词", "en": "Chosen"},
    "s2s.col.prob": {"zh": "概率", "en": "Probability"},
    "s2s.col.top": {"zh": "前 5 个候选", "en": "Top 5"},
    "s2s.compare.header": {"zh": "三种策略并排", "en": "Three strategies side by side"},
    "s2s.compare.caption": {
        "zh": "对数概率越大（越接近 0），整句在模型看来越可能。束搜索同时保留多条路径，总概率通常不低于贪心；采样按分布抽词，句子更多样，但往往更不可能。",
        "en": "The larger the log-probability (closer to 0), the more likely the model finds the whole sentence. Beam search keeps several paths and usually ends at least as likely as greedy; sampling draws words from the distribution: more varied, usually less likely.",
    },
    "s2s.col.strategy": {"zh": "策略", "en": "Strategy"},
    "s2s.col.translation": {"zh": "译文", "en": "Translation"},
    "s2s.tree.header": {"zh": "束搜索树", "en": "The beam tree"},
    "s2s.tree.intro": {
        "zh": "每一步，每条保留下来的路径都向所有词扩展一次，只留下累计对数概率最高的 {width} 条（蓝点）；写出 <eos> 的路径收进“已完成”（绿方块），落选的候选画成灰色叉。红线是最终胜出的那条。把鼠标停在点上可以看累计 log p。",
        "en": "At each step every kept path is extended by every word and only the {width} with the highest cumulative log-probability survive (blue dots); a path that writes <eos> is set aside as finished (green squares); grey crosses are candidates that were pruned. The red line is the winner. Hover a point for its cumulative log p.",
    },
    "s2s.tree.greedy_won": {
        "zh": "这一次，贪心解码走的那条路在某一步被束剪掉了，而它最后的得分比束里留下的每一条都高。束搜索只是近似搜索，并不保证找到概率最大的句子；本页的束搜索因此把贪心的结果也当作一个候选，保证不比贪心差（在测试集 4,914 句中，不加这一步的束宽 5 在有注意力的模型上有 27 句、经典模型上有 35 句不如贪心）。",
        "en": "This time the path greedy decoding takes was pruned from the beam at some step, and in the end it scores higher than every path the beam kept. Beam search is an approximate search and does not promise the most probable sentence; the beam search on this page therefore keeps the greedy result as one more candidate, so it is never worse than greedy (without that, width 5 did worse than greedy on 27 of the 4,914 test sentences with the attention model and on 35 with the classic one).",
    },
    "s2s.tree.kept": {"zh": "保留", "en": "kept"},
    "s2s.tree.finished": {"zh": "已完成（<eos>）", "en": "finished (<eos>)"},
    "s2s.tree.pruned": {"zh": "剪掉", "en": "pruned"},
    "s2s.tree.winner": {"zh": "胜出的路径", "en": "winner"},
    "s2s.tree.position": {"zh": "输出位置", "en": "Output position"},
    "s2s.tree.frame": {"zh": "长到输出位置", "en": "grown to output position"},
    "s2s.tree.play_note": {
        "zh": "按 ▶ 播放，在浏览器里看这棵树一个位置一个位置地长出来；红色的胜出路径要等搜索结束、最后一帧才画出来。",
        "en": "Press ▶ Play to watch the tree grow one output position at a time in your browser; the winner's red path appears only on the last frame, when the search is over.",
    },
    "s2s.attn.row": {"zh": "第 {i} 个输出词 “{word}” 读了哪些字", "en": "Output word {i}, “{word}”: what it reads"},
    "s2s.attn.weight": {"zh": "注意力权重", "en": "attention weight"},
    "s2s.attn.frame": {"zh": "输出词", "en": "output word"},
    "s2s.tree.hypotheses": {"zh": "已完成的候选译文", "en": "Finished hypotheses"},
    "s2s.col.score": {"zh": "长度惩罚后得分", "en": "Score after length penalty"},
    "s2s.col.best": {"zh": "胜出", "en": "Winner"},
    "s2s.attn.header": {"zh": "注意力图：每写一个词，看哪几个字", "en": "The attention map: which characters each word looks at"},
    "s2s.attn.caption": {
        "zh": "每一行是一个输出词，每一列是一个源字，每行的权重之和为 1。颜色越深，写这个词时读这个字越多。注意：权重说明模型“读了哪里”，不等于严格的词对齐。",
        "en": "One row per output word, one column per source character; every row sums to 1. The darker, the more the decoder read that character while writing that word. The weights show where the model read, which is not the same as a word alignment.",
    },
    "s2s.context.header": {"zh": "经典模型只有这一个向量", "en": "All the classic model has: one vector"},
    "s2s.context.caption": {
        "zh": "这是编码器最终状态里的 {size} 个数，解码器对源句的全部了解都在这里。本句有 {n} 个字；换成 3 个字或 40 个字的句子，它仍然是 {size} 个数。",
        "en": "These {size} numbers are the encoder's final state: everything the decoder knows about the source. This sentence has {n} characters; with 3 or 40 it would still be {size} numbers.",
    },
    "s2s.context.title": {"zh": "语义向量 c（{size} 维）", "en": "Context vector c ({size} numbers)"},
    "s2s.bottleneck.header": {"zh": "瓶颈，实测出来", "en": "The bottleneck, measured"},
    "s2s.bottleneck.intro": {
        "zh": "把测试集按源句长度分组，分别计算两个模型的 BLEU。讲解稿说：把整句压成一个固定大小向量，长句中的细节会丢失，这一瓶颈促成了注意力机制。下图是实测的结果，读的时候要注意：两个模型的分数都随句子变长而大幅下降，长句本来就更难译，光凭经典模型分数下降，证明不了瓶颈。证据在两条曲线的差距上：注意力模型解码时可以回头查看每个源字，它在每个长度组都领先经典模型，而且句子越长，领先的部分占经典模型分数的比例越大，在长句上差距最明显。",
        "en": "The test split grouped by source length, BLEU of each model per group. The lecture script says that squeezing a whole sentence into one fixed-size vector loses the details of long sentences, and that this bottleneck led to attention. Read the measured figure with care: both models score far lower as sentences grow, because long sentences are harder to translate anyway, so the classic model's fall alone proves no bottleneck. The evidence is the gap between the curves: the attention model, which can look back at every source character while decoding, leads the classic one in every length group, and the longer the sentences, the larger its lead as a share of the classic model's score; the gap is clearest on long sentences.",
    },
    "s2s.bottleneck.title": {"zh": "测试集 BLEU 随源句长度的变化", "en": "Test BLEU by source length"},
    "s2s.bottleneck.x": {"zh": "源句长度（字）", "en": "Source length (characters)"},
    "s2s.bottleneck.caption": {
        "zh": "各组句数：{counts}。BLEU 由 sacrebleu 计算（每句可有多个参考译文）。这些分数在训练模型后算好，随模型一起发布。",
        "en": "Sentences per group: {counts}. BLEU by sacrebleu (several references per sentence where Tatoeba has them). The scores were computed after training and are shipped with the models.",
    },
    "s2s.long.text": {"zh": "试一句长句，两个模型并排", "en": "Try a long sentence on both models"},
    "s2s.metrics.header": {"zh": "两个模型的成绩", "en": "How good the two models are"},
    "s2s.col.model": {"zh": "模型", "en": "Model"},
    "s2s.col.params": {"zh": "参数量", "en": "Parameters"},
    "s2s.col.bleu_greedy": {"zh": "测试 BLEU（贪心）", "en": "Test BLEU (greedy)"},
    "s2s.col.bleu_beam": {"zh": "测试 BLEU（束宽 5）", "en": "Test BLEU (beam 5)"},
    "s2s.col.minutes": {"zh": "训练时间（分钟）", "en": "Training time (min)"},
    "s2s.col.device": {"zh": "设备", "en": "Device"},
    "s2s.metrics.caption": {
        "zh": "数据：hsg {version} 包中的 Tatoeba 中英句对（sha256 已校验，繁体经 OpenCC 转为简体，英文小写并分词，去重，译文不超过 20 个 token），按中文句子的哈希划分，同一句中文不会同时出现在训练集和测试集。测试集 {sources} 句中文，共 {refs} 个参考译文。",
        "en": "Data: Tatoeba's Chinese-English pairs from the hsg {version} package (sha256 checked, Traditional converted to Simplified with OpenCC, English lower-cased and tokenised, deduplicated, at most 20 tokens), split by a hash of the Chinese sentence so that no Chinese sentence is on both sides. Test split: {sources} Chinese sentences with {refs} reference translations.",
    },
    "s2s.examples.header": {"zh": "测试集里的例子（现场翻译）", "en": "Examples from the test split (translated live)"},
    "s2s.col.source": {"zh": "中文", "en": "Chinese"},
    "s2s.col.references": {"zh": "参考译文", "en": "References"},
    "s2s.misc.header": {"zh": "易错点", "en": "Misconceptions"},
    "s2s.misc.body": {
        "zh": (
            "- **“经典 seq2seq 输入再长都能稳定翻译”**：不能。整句被压进一个固定大小的向量，长句的细节会丢失，这一瓶颈促成了注意力机制。上面按长度分组的曲线里，两个模型的分数都随句长下降，所以证据不在于经典模型下降，而在于差距：注意力模型在每个长度组都领先，长句上领先得最多。\n"
            "- **“输入和输出一样长”**：不必。8 个汉字可以译成 5 个词加 <eos>；何时停下也是解码器学出来的。\n"
            "- **“句子越长，语义向量越大”**：序列长度和隐藏维度不是一回事。经典模型的 $\\mathbf{c}$ 永远是同样多的数。\n"
            "- **“束搜索一定找到概率最大的译文”**：它只保留几条路径，是近似搜索；束宽 1 就是贪心。总概率更高也不保证译文更好，所以还要加长度惩罚、看 BLEU。\n"
            "- **“注意力权重就是词对齐”**：权重说明解码器读了哪里，常常和对齐相近，但不是定义上的对齐。"
        ),
        "en": (
            "- **\"Classic seq2seq translates input of any length equally well\"**: it does not. The whole sentence is squeezed into one fixed-size vector and long sentences lose details; this bottleneck is what led to attention. In the by-length curves above both models fall as sentences grow, so the evidence is not that the classic model falls but the gap: attention leads in every length group, and most on long sentences.\n"
            "- **\"Input and output have the same length\"**: they need not. 8 characters can become 5 words plus <eos>; when to stop is learned by the decoder too.\n"
            "- **\"A longer sentence gets a bigger context vector\"**: sequence length is not hidden size. The classic model's $\\mathbf{c}$ always has the same number of components.\n"
            "- **\"Beam search finds the most probable translation\"**: it keeps a few paths, an approximate search; width 1 is greedy. A higher total probability does not guarantee a better translation either, hence the length penalty and BLEU.\n"
            "- **\"Attention weights are the word alignment\"**: they show where the decoder read, often close to an alignment, but not one by definition."
        ),
    },
    "s2s.how": {
        "zh": "**留出数据上的成绩**：在 {sources} 个从未训练过的中文句子上（束宽 5），注意力模型的 BLEU 是 {attention}，经典模型是 {classic}。**一个已知的失败**：注意力模型把“这只鸟不能飞。”译成 “this bird can fly.”，丢掉了否定，意思正好相反；经典模型这句倒译对了（“this bird could not fly.”）。反过来，“她喜欢雨和雪。”经典模型译成 “she likes to snow and snow.”，漏了“雨”、重复了“雪”，注意力模型译得一字不差。语料级 BLEU 不是逐句打分再平均，而是把所有句子的 n 元组（n-gram）匹配数合在一起统计：一个否定词错了，只少匹配几个 n 元组，总分几乎不动，这句话的意思却全反了。",
        "en": "**On data it never saw**: on {sources} Chinese sentences it never trained on (beam 5), the attention model scores BLEU {attention}, the classic one {classic}. **A known failure**: the attention model turns 这只鸟不能飞。 (\"this bird cannot fly.\") into \"this bird can fly.\": the negation is lost and the meaning reversed; the classic model gets this one right (\"this bird could not fly.\"). The other way round, the classic model renders 她喜欢雨和雪。 as \"she likes to snow and snow.\", losing the rain and repeating the snow, where attention is word-perfect. Corpus BLEU is not an average of sentence scores: it pools the n-gram matches of all the sentences and scores the total, so one wrong negation loses a few matched n-grams, barely moves the score, and reverses the meaning of the sentence.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "s2s.predict.q": {
        "zh": "贪心解码每一步都挑当前概率最大的词。翻译测试集里的一句“{sentence}”（模型训练时没见过）时，束宽为 5 的束搜索会不会找到一句整体概率更高、与贪心不同的译文？",
        "en": "Greedy decoding takes the most probable word at every step. Translating {sentence} (\"this looks like an egg\", a test sentence the models never saw in training), will beam search with 5 beams find a different translation with a higher total probability?",
    },
    "s2s.predict.a": {
        "zh": "会：束搜索找到另一句，总的 log p 更高",
        "en": "Yes: beam search finds another sentence with a higher total log p",
    },
    "s2s.predict.b": {
        "zh": "不会：两者给出同一句译文",
        "en": "No: both give the same translation",
    },
    "s2s.predict.c": {
        "zh": "束搜索那一句的 log p 反而更低",
        "en": "Beam search's sentence even has a lower log p",
    },
    "s2s.predict.result": {
        "zh": "{model}，现场翻译：贪心解码得到“{greedy}”（log p = {greedy_logp}）；束搜索得到“{beam}”（log p = {beam_logp}）。",
        "en": "{model}, just now: greedy decoding gives \"{greedy}\" (log p = {greedy_logp}); beam search gives \"{beam}\" (log p = {beam_logp}).",
    },
    "s2s.predict.why": {
        "zh": "束搜索同时保留几条候选，能避开贪心“一步走错、步步被动”的陷阱，但它并不保证一定与贪心不同、一定更好：每一步的最优选择恰好连成整句的最优时，两者给出同一句。束搜索还会按长度调整得分，偶尔挑中 log p 略低却更完整的句子。下面的束搜索树画出了每一步保留和剪掉的候选。",
        "en": "Beam search keeps several candidates at once, which avoids greedy's trap of one poor step forcing the next, but it promises neither a different nor a better sentence: when the best choice at each step also makes the best whole sentence, both agree. Beam search also adjusts its scores for length, so it may pick a slightly less probable but more complete sentence. The beam tree below shows the candidates kept and pruned at each step.",
    },
    # --- the challenge (issue 53; seq2seq.challenges) --------------------------------------------------
    "challenge.ch_s2s_beam.title": {"zh": "束搜索胜过贪心", "en": "Beam search beats greedy"},
    "challenge.ch_s2s_beam.task": {
        "zh": (
            "在上面实验区的输入框里找一个中文句子，使束搜索（用实验区的束宽和长度惩罚）得到的译文，"
            "其 log p 比贪心解码的**至少高 1.0**（也就是贪心那句的概率至多是它的 1/e ≈ 37%）。"
            "两者的 log p 就是“三种策略并排”表里的数；模型用实验区选的那个，解码策略选哪个都不影响检查。"
        ),
        "en": (
            "Find a Chinese sentence for the lab's box above for which beam search, at the lab's beam width and length penalty, "
            "finds a translation whose log p is **at least 1.0 higher** than greedy decoding's (greedy's sentence then has at most "
            "1/e ≈ 37% of its probability). Both are the log p of the “Three strategies side by side” table; the model is the one "
            "picked in the lab, and the strategy picker does not matter."
        ),
    },
    "challenge.ch_s2s_beam.hint": {
        "zh": (
            "贪心在每个位置都押上当时概率最大的词，选了就改不回来。留意“每个位置的前 5 个候选”表：如果某个位置上几个词的概率"
            "不相上下（this、the、it's……），排第一的那个未必通向最好的整句。束搜索也只有在束够宽、把将来胜出的那条路留下时才有用。"
        ),
        "en": (
            "Greedy takes the most probable word at every position and never takes one back. Watch the table of the top 5 "
            "candidates at every position: where several words are nearly tied (this, the, it's ...), the first of them need "
            "not lead to the best sentence. And a beam only helps when it is wide enough to keep the path that wins in the end."
        ),
    },
    "challenge.ch_s2s_beam.solution": {
        "zh": (
            "句子“这个问题很难回答。”，有注意力的模型，束宽 3，长度惩罚 1.0。第一个位置上三个词几乎打平："
            "the 0.316、it's 0.256、this 0.252。贪心选 the，得到 “the question was difficult to answer.”，log p = −3.168。"
            "束宽 2 只多留下 it's，找到 “it's hard to answer the question.”（−2.888），只高 0.28。"
            "束宽 3 把 this 也留下了，而它后面的每个词都很有把握（question 0.982、is 0.784、difficult 0.799），"
            "得到 “this question is difficult to answer.”，log p = −2.008，比贪心高 1.16。束宽 3 以上结果相同。\n\n"
            "教训：贪心每一步都不差，整句却可能差；而束太窄时，最好的那条路在第一步就被剪掉了。"
        ),
        "en": (
            "The sentence 这个问题很难回答。 (“this question is hard to answer”), the attention model, beam width 3, length penalty "
            "1.0. At the first position three words are nearly tied: the 0.316, it's 0.256, this 0.252. Greedy takes “the” and "
            "ends with “the question was difficult to answer.”, log p = −3.168. Width 2 also keeps “it's” and finds “it's hard "
            "to answer the question.” (−2.888): only 0.28 higher. Width 3 keeps “this” as well, and every word after it is sure "
            "(question 0.982, is 0.784, difficult 0.799): “this question is difficult to answer.”, log p = −2.008, 1.16 higher "
            "than greedy. Any width from 3 up gives the same.\n\n"
            "The lesson: a sentence of steps that are each the best can still be a poor sentence, and a beam too narrow prunes "
            "the best path at its first step."
        ),
    },
    "challenge.s2s.empty": {"zh": "实验区的输入框是空的：先输入一个中文句子。", "en": "The lab's box is empty: type a Chinese sentence first."},
    "challenge.s2s.unusable": {
        "zh": "翻译器不接受这个输入（实验区里说明了原因），换一句再检查。",
        "en": "The translator refuses this input (the lab says why): change it and check again.",
    },
    "challenge.s2s.same": {
        "zh": "束搜索（束宽 {width}）给出的就是贪心那一句：“{greedy}”，log p = {greedy_logp}。",
        "en": "Beam search (width {width}) gives greedy's own translation: “{greedy}”, log p = {greedy_logp}.",
    },
    "challenge.s2s.short": {
        "zh": "束搜索（束宽 {width}）找到 “{beam}”，log p = {beam_logp}，贪心 “{greedy}” 是 {greedy_logp}：只高 {gain}，还不到 {goal}。",
        "en": "Beam search (width {width}) finds “{beam}”, log p = {beam_logp}, against greedy's “{greedy}”, {greedy_logp}: "
              "{gain} higher, short of {goal}.",
    },
    "challenge.s2s.lower": {
        "zh": "束搜索（束宽 {width}）选了 “{beam}”，它的 log p（{beam_logp}）反而低于贪心 “{greedy}” 的 {greedy_logp}："
              "束搜索按 log p 除以长度因子排序，长度惩罚让它偏向了更长的句子。",
        "en": "Beam search (width {width}) picks “{beam}”, whose log p ({beam_logp}) is lower than greedy's “{greedy}” "
              "({greedy_logp}): it ranks by log p divided by a length factor, and the length penalty favoured the longer sentence.",
    },
    "challenge.s2s.solved": {
        "zh": "贪心：“{greedy}”，log p = {greedy_logp}；束搜索（束宽 {width}）：“{beam}”，log p = {beam_logp}，高出 {gain}。",
        "en": "Greedy: “{greedy}”, log p = {greedy_logp}; beam search (width {width}): “{beam}”, log p = {beam_logp}, {gain} higher.",
    },
}

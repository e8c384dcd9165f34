"""UI strings of the interpretable cells page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.charlm_cells.title": {"zh": "可解释的隐藏细胞", "en": "Interpretable cells"},
    "page.charlm_cells.blurb": {
        "zh": "把一个细胞的激活值涂在文本上（−1 红、+1 蓝），按相关系数找出与引号、缩进、行内位置、括号深度等特征最相关的细胞（相关再高也不等于检测器），再把某个细胞钳住，看生成的文本怎样改变。",
        "en": "Paint one cell's activation over a text (red −1, blue +1), rank the cells by how closely they correlate with quotes, indentation, position in the line or bracket depth (however high, a correlation is not a detector), then clamp a cell and see how the generated text changes.",
    },
    # --- cells page -----------------------------------------------------------------------------
    "cells.title": {"zh": "窥视 RNN 的内心：可解释的隐藏细胞", "en": "Inside the RNN: interpretable cells"},
    "cells.intro": {
        "zh": "把某个细胞在每个字符处的激活值画出来（$\\tanh$ 的取值在 $[-1,1]$，−1 涂红，+1 涂蓝），大多数细胞看不出规律，但有一些与引号、注释、缩进或一行的长度明显相关——这些语义没有人教，是梯度下降自己学出来的。对 LSTM 默认看细胞状态 $\\tanh(c_t)$，也可以换成隐藏状态 $h_t$。",
        "en": "Plot one cell's activation at every character ($\\tanh$ lies in $[-1,1]$: −1 red, +1 blue). Most cells look random, but some correlate clearly with quotes, comments, indentation or the length of a line, meanings nobody taught them: gradient descent found them. For an LSTM the default is the cell state $\\tanh(c_t)$; the hidden state $h_t$ is one click away.",
    },
    "cells.source": {"zh": "读哪段文本", "en": "Text to read"},
    "cells.rank.strength": {
        "zh": "相关有多强，看表中实测的相关系数 $r$：$|r|=1$ 才是一一对应的开关，$|r|$ 到 0.5 左右已是明显的相关，0.2 以下几乎看不出关系。",
        "en": "How strongly, the measured correlation $r$ in the table says: only $|r|=1$ would be an on/off switch; an $|r|$ around 0.5 is already a clear correlation, and below 0.2 there is hardly any.",
    },
    "cells.source.python": {"zh": "Python 文件（测试集）", "en": "Python file (test split)"},
    "cells.source.shakespeare": {"zh": "莎士比亚（未见过的剧本）", "en": "Shakespeare (held-out plays)"},
    "cells.source.paste": {"zh": "粘贴文本", "en": "Paste text"},
    "cells.file": {"zh": "标准库文件", "en": "Standard-library file"},
    "cells.file_help": {"zh": "只列出训练时留作测试、模型从没读过的文件。", "en": "Only files held out for testing, which the model never read."},
    "cells.offset": {"zh": "从第几个字符开始（显示 {chars} 个）", "en": "Start at character ({chars} are shown)"},
    "cells.no_data": {
        "zh": "莎士比亚语料需要从软件包仓库下载，这台服务器现在连不上。请改用 Python 文件或粘贴文本。",
        "en": "The Shakespeare corpus is downloaded from the package registry, which this server cannot reach right now. Use a Python file or paste text.",
    },
    "cells.paste": {"zh": "你的文本", "en": "Your text"},
    "cells.clamp.run": {"zh": "生成两段：一段任第 {layer} 层第 {unit} 号单元自由变化，一段把它钉住", "en": "Write twice: once freely, once with layer {layer}, unit {unit} held"},
    "cells.paste_help": {
        "zh": "和从文件里取的片段一样长，最多 1500 个字符：模型要逐字读完，每读一次约 0.35 秒 CPU 时间，全班共用一台服务器，所以上限定在这里。",
        "en": "As long as a passage taken from a file, up to 1,500 characters: the model reads it one character at a time, about 0.35 CPU-seconds per reading, and the class shares one server, so the limit sits here.",
    },
    "cells.which": {"zh": "看哪种状态", "en": "Which state"},
    "cells.which.cell": {"zh": "细胞状态 tanh(c)", "en": "cell state tanh(c)"},
    "cells.which.hidden": {"zh": "隐藏状态 h", "en": "hidden state h"},
    "cells.rank.header": {"zh": "自动排名：哪些细胞在跟踪什么", "en": "Automatic ranking: which cells track what"},
    "cells.rank.intro": {
        "zh": "对每个特征（在字符串里、在注释里、缩进、在行内的位置、括号深度、行首），计算每一层每个单元的激活值与它的皮尔逊相关系数，列出绝对值最大的三个。你也可以用正则表达式定义自己的特征：匹配到的字符记为 1，其余为 0。讲义提到 Linux 源码上训练的模型里有一个“if 语句细胞”，激活值按是否处在 if 语句块内干净地分段；在这里输入 `\\bif\\b.*`（它只标出 if 所在的那一行，从 if 到行尾，不含下面缩进的语句块，只是“在 if 块里”的近似），看这个小模型里最接近的细胞有多接近。",
        "en": "For each feature (inside a string, inside a comment, indentation, position in the line, bracket depth, line start) the Pearson correlation of every unit of every layer with it; the three largest in absolute value are listed. Define your own feature with a regular expression: matched characters count 1, the rest 0. The lecture notes mention an \"if-statement cell\" in a model trained on the Linux source, whose activation splits cleanly by whether the character is inside an if block; type `\\bif\\b.*` (it marks only the if line itself, from if to the end of the line, not the indented block below: a stand-in for \"inside an if block\") here and see how close the nearest cell of this small model comes.",
    },
    "cells.regex": {"zh": "自定义特征（正则表达式）", "en": "Custom feature (regular expression)"},
    "cells.regex_help": {
        "zh": "Python 正则语法，多行模式（^ 和 $ 匹配每一行）；最长 200 个字符，匹配时间超过 0.5 秒会被中止。",
        "en": "Python regex syntax, multiline (^ and $ match at every line); at most 200 characters, and matching stops after 0.5 s.",
    },
    "cells.regex_found": {
        "zh": "正则匹配到 {matched}；与它最相关的是第 {layer} 层第 {unit} 号单元，r = {r}。",
        "en": "The pattern matches {matched}; the unit that follows it best is layer {layer}, unit {unit}, r = {r}.",
    },
    "cells.regex_none": {
        "zh": "正则匹配到 {matched}：特征在整段文本上没有变化，无法计算相关。",
        "en": "The pattern matches {matched}: the feature does not vary over this text, so no correlation can be computed.",
    },
    # the count of matched characters, singular and plural
    "cells.regex_chars.one": {"zh": "{n} 个字符", "en": "{n} character"},
    "cells.regex_chars.other": {"zh": "{n} 个字符", "en": "{n} characters"},
    "cells.rank.best": {"zh": "这段文本上每种特征最相关的细胞：{values}。", "en": "The best cell for each feature on this text: {values}."},
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
        "zh": "第 {layer} 层第 {unit} 号单元的{which}：每个字符的底色是读完它之后的值（−1 红，0 白，+1 蓝）。把鼠标停在字符上可以看到数值。",
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
    "cells.clamp.held": {"zh": "第 {layer} 层第 {unit} 号单元固定为 {value}", "en": "Layer {layer}, unit {unit} held at {value}"},
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
    "cells.layer_help": {
        "zh": "层和单元都从 1 开始数：第 1 层紧挨输入，最后一层的输出送往预测下一个字符的输出层。",
        "en": "Layers and units are counted from 1: layer 1 reads the input, and the last layer feeds the output layer that predicts the next character.",
    },
    "cells.how": {
        "zh": "**留出数据上的成绩**：这个 Python LSTM 在训练时没见过的 {files} 个标准库文件上是 {bits} bit/字符。**一个已知的失败**：相关系数高，不等于这个单元就是某种“检测器”。在这段文字上，与“在注释里”相关最强的是第 {layer} 层第 {unit} 号单元（r = {r}，即上面排名表里“在注释里”的第一行）。它在注释里取值的中位数是 {median}；可注释之外的 {outside} 个字符里，也有 {count} 个的取值比这个中位数还要偏向注释一侧：只看这个单元，它们都会被当成注释。换一段文字，排第一的“注释单元”也会换成另一个。",
        "en": "**On data it never saw**: this Python LSTM scores {bits} bits per character on {files} standard-library files it never trained on. **A known failure**: a high correlation does not make a cell a detector. On this passage the cell most correlated with \"inside a comment\" is layer {layer}, unit {unit} (r = {r}, the first comment row of the ranking above). Inside comments its median value is {median}, yet {count} of the {outside} characters outside comments lie at or beyond that median, on the comments' side: read off this cell alone, they would pass for comment. On another passage a different cell comes first for comments.",
    },
    "cells.how_no_comment": {
        "zh": "**留出数据上的成绩**：这个 Python LSTM 在训练时没见过的 {files} 个标准库文件上是 {bits} bit/字符。**一个已知的失败**：相关系数高，不等于这个单元就是某种“检测器”。这段文字里“在注释里”从头到尾没有变化（没有注释，或者整段都是注释），无从演示；换一段有注释的文字（例如默认的 base64.py 开头），这里会指出与“在注释里”相关最强的单元，并数出注释之外有多少字符会被它当成注释。",
        "en": "**On data it never saw**: this Python LSTM scores {bits} bits per character on {files} standard-library files it never trained on. **A known failure**: a high correlation does not make a cell a detector. In this passage \"inside a comment\" never changes (there is no comment, or it is all comment), so there is nothing to show it on; on a passage with comments (the default, the start of base64.py) this note names the cell most correlated with \"inside a comment\" and counts the characters outside comments that it would take for comment.",
    },
    # --- predict first (issue 26) ------------------------------------------------------------
    "cells.predict.q": {
        "zh": "训练时没有人告诉模型什么是字符串，它只学着预测下一个字符。上面选定的模型读这段代码时，会不会有某个细胞随引号的开合而变化：在字符串内取一种值，在字符串外取另一种值？",
        "en": "Nobody told the model what a string is; it only learnt to predict the next character. As the model chosen above reads this code, will one of its cells change with the quotes: one value inside a string, another outside?",
    },
    "cells.predict.a": {
        "zh": "会：有一个细胞明显随引号开合而变化（|r| ≥ 0.5，“是否在引号内”至少能解释其方差的四分之一）",
        "en": "Yes: one cell clearly follows the quotes (|r| ≥ 0.5: \"inside a string\" explains at least a quarter of its variation)",
    },
    "cells.predict.b": {
        "zh": "只有微弱的迹象（0.2 ≤ |r| < 0.5，可解释其方差的 4% 到 25%）",
        "en": "Only a faint trace (0.2 ≤ |r| < 0.5: between 4% and a quarter of its variation)",
    },
    "cells.predict.c": {
        "zh": "不会：没有细胞与引号明显相关（|r| < 0.2，可解释的方差不到 4%）",
        "en": "No: no cell goes with the quotes (|r| < 0.2: under 4% of its variation)",
    },
    "cells.predict.result": {
        "zh": "在这段文字上现场逐个计算 {n} 个细胞与“在引号里”的相关系数，最同步的是第 {layer} 层第 {unit} 号细胞：r = **{r}**。",
        "en": "Computed just now on this passage for all {n} cells: the one that follows \"inside a string\" best is layer {layer}, unit {unit}, with r = **{r}**.",
    },
    "cells.predict.no_string": {
        "zh": "在这段文字里，“在引号里”从头到尾没有变化：要么没有字符串，要么整段都在一个字符串里，无从比较。换一段再试。",
        "en": "In this passage \"inside a string\" never changes: either there is no string or the whole passage is inside one, so there is nothing to compare. Try another passage.",
    },
    "cells.predict.why": {
        "zh": "要写出合法的代码，模型得记住“还欠一个后引号”，于是往往有细胞自发学会这件事：引号一开就翻转，引号闭合才翻回。r 为负只说明方向相反，它一样在跟踪引号。大多数细胞则看不出明确含义；下面的排行榜列出了每个特征的最佳细胞。",
        "en": "To write valid code the model has to remember that a closing quote is still owed, and often some cell learns that by itself: it flips when a quote opens and flips back when it closes. A negative r only means the opposite sign; the cell tracks quotes all the same. Most cells have no clear meaning; the ranking below lists the best cell for each feature.",
    },
    # the clamp's seed, and characters the model never saw
    "cells.clamp.seed": {"zh": "随机种子", "en": "Random seed"},
    "cells.unknown": {
        "zh": "这些字符模型在训练中从未见过，会被当作“未知字符”读入：{chars}",
        "en": "The model never saw these characters in training; it reads them as \"unknown\": {chars}",
    },
    # --- the challenge (issue 53) ----------------------------------------------------------------
    "challenge.ch_cells_own.title": {"zh": "找一个你自己的特征", "en": "A feature of your own"},
    "challenge.ch_cells_own.task": {
        "zh": (
            "用 Python 源码模型读一份留出的源文件（或粘贴至少 500 个字符的代码），在“自定义特征（正则表达式）”里写一个正则，同时满足三条：\n\n"
            "1. **有细胞在跟踪它**：最相关的那个单元 |r| ≥ 0.6（输入框下方的说明会给出是哪一个）；\n"
            "2. **是你自己的特征**：它标出的位置与页面自带的六个特征（字符串、注释、缩进深度、行内位置、括号深度、行首字符）"
            "的相关系数都满足 |r| < 0.5；\n"
            "3. **要靠上下文**：被标出的字符里，至少一半在这段文本的别处也以未标出的身份出现过——也就是说，单看这个字符本身，"
            "判断不出它该不该被标出。只标空格、或者只标字母的正则，过不了这一条。\n\n"
            "检查按页面的方式读这段文本，细胞状态还是隐藏状态也照页面上的选择。"
        ),
        "en": (
            "With the Python model, read a held-out file (or paste at least 500 characters of code) and write a regular expression "
            "in “Custom feature” that meets all three rules:\n\n"
            "1. **A cell tracks it**: the best unit has |r| ≥ 0.6 (the caption under the box names it);\n"
            "2. **It is your own**: what it marks correlates with each of the page's six features (string, comment, indentation "
            "depth, position in the line, bracket depth, first character of a line) with |r| < 0.5;\n"
            "3. **It takes context**: at least half of the characters it marks also occur unmarked elsewhere in the passage, so "
            "the character alone does not tell whether it is marked. A pattern that marks every space, or every letter, fails this.\n\n"
            "The check reads the passage as the page does, with the page's choice of cell state or hidden state."
        ),
    },
    "challenge.ch_cells_own.hint": {
        "zh": (
            "找一样模型必须跨好几个字符记住的东西，就像引号细胞记着“还有一个引号没合上”：代码里还有什么是打开之后必须关上的？"
            "或者，写下某个词之后，一直到行尾都成立的？先看看排名表：如果某个自带特征排出的也是同一个细胞，"
            "你的正则多半只是把那个特征换了个说法。"
        ),
        "en": (
            "Look for something the model must remember across several characters, as the quote cell remembers that a quote is "
            "still open: what else in code is opened and must be closed, or holds to the end of the line once some word has been "
            "written? Check the ranking table first: if one of the built-in features ranks the same cell, your pattern is "
            "probably that feature said another way."
        ),
    },
    "challenge.ch_cells_own.solution": {
        "zh": (
            r"`(?<=\()[^()]*`，文本用页面默认的 base64.py、偏移 0，看细胞状态 tanh(c)：它标出圆括号里面的内容。"
            "第 2 层第 12 个细胞跟着它走，r = −0.884（负号只表示方向相反）。\n\n"
            "它为什么算“你自己的”：自带的“括号深度”把方括号和花括号也算在内，而这段文本一开头就是一长串放在方括号里的 __all__ 列表，"
            "所以两者的相关只有 0.34。它为什么要靠上下文：被标出的字符 98% 是字母、逗号、引号这类在括号外也常见的字符，"
            "细胞必须记住“有一个左圆括号还没合上”。\n\n"
            r"换成 `'[^']*'`（单引号字符串）就不行了：虽然也有细胞跟着它（r = −0.824），可它与自带的“在字符串（引号）里”"
            "相关 0.85，只是同一个特征。换一段文本，答案也可能变：如果那段代码里只有圆括号，圆括号里外就和括号深度几乎是一回事了。"
        ),
        "en": (
            r"`(?<=\()[^()]*` on the page's default passage (base64.py from offset 0), cell state tanh(c): it marks what stands "
            "inside round brackets. Cell 12 of layer 2 follows it with r = −0.884 (the sign only says it runs the other way).\n\n"
            "Why it is your own: the built-in bracket depth counts square and curly brackets too, and this passage opens with a "
            "long __all__ list in square brackets, so the two correlate only 0.34. Why it takes context: 98% of the marked "
            "characters are letters, commas and quotes, which occur outside brackets too; the cell has to remember that a "
            "“(” is still open.\n\n"
            r"`'[^']*'` (single-quoted strings) fails: a cell follows it too (r = −0.824), but it correlates 0.85 with the page's own "
            "“inside a string”: the same feature. Another passage may need another answer: in code whose only brackets are round, "
            "inside round brackets is all but bracket depth itself."
        ),
    },
    "challenge.ch_cells_own.model": {
        "zh": "这道题用 Python 源码模型：请在上方选“Python 源码 · LSTM”。",
        "en": "This one uses the Python model: pick “Python source · LSTM” above.",
    },
    "challenge.ch_cells_own.source": {
        "zh": "请选一份 Python 源文件作为文本，或者粘贴你自己的代码。",
        "en": "Choose a Python file as the text, or paste code of your own.",
    },
    "challenge.ch_cells_own.short": {
        "zh": "这段文本只有 {n} 个字符，至少要 {least} 个：太短的文本里，总会有某个单元碰巧对上你的正则。",
        "en": "The text has only {n} characters and needs at least {least}: in a short text some unit matches any pattern by chance.",
    },
    "challenge.ch_cells_own.empty": {
        "zh": "请先在“自定义特征（正则表达式）”里写一个正则。",
        "en": "Write a pattern in “Custom feature (regular expression)” first.",
    },
    "challenge.ch_cells_own.unusable": {
        "zh": "页面用不了这个正则或这段文本，原因见上方的提示。",
        "en": "The page cannot use this pattern or this text: the message above says why.",
    },
    "challenge.ch_cells_own.constant": {
        "zh": "你的正则标出了 {n} 个字符：要么一个都没有，要么标满了整段文本。这样的特征从不变化，没法算相关系数。",
        "en": "Your pattern marks {n} characters: none, or the whole text. A feature that never changes has no correlation.",
    },
    "challenge.ch_cells_own.weak": {
        "zh": "你的正则标出了 {n} 个字符，跟得最紧的是第 {layer} 层第 {unit} 个单元，r = {r}（目标 |r| ≥ {least}）。",
        "en": "Your pattern marks {n} characters; the unit that follows it best is unit {unit} of layer {layer}, r = {r} (the goal is |r| ≥ {least}).",
    },
    "challenge.ch_cells_own.by_character": {
        "zh": "第 {layer} 层第 {unit} 个单元跟着它（r = {r}），但被标出的字符里只有 {share} 在别处以未标出的身份出现过（目标至少一半）：单看字符本身就知道该不该标，用不着记忆。",
        "en": "Unit {unit} of layer {layer} follows it (r = {r}), but only {share} of the marked characters also occur unmarked (the goal is at least half): the character itself says whether it is marked, no memory needed.",
    },
    "challenge.ch_cells_own.done": {
        "zh": "第 {layer} 层第 {unit} 个单元跟踪你的特征，r = {r}；它与页面自带特征的相关至多 {r_built}；被标出的字符有 {share} 在别处也未被标出。",
        "en": "Unit {unit} of layer {layer} tracks your feature with r = {r}; it correlates at most {r_built} with the page's own features; {share} of the marked characters also occur unmarked.",
    },
}

# "It is the page's own <feature> again": one message per built-in feature, each naming it as the table does
_BUILT_IN = {
    "zh": "第 {layer} 层第 {unit} 个单元跟着它（r = {r}），可它与页面自带的“<feature>”相关 {r_built}（目标低于 0.5）：这只是同一个特征换了个写法。",
    "en": "Unit {unit} of layer {layer} follows it (r = {r}), but it correlates {r_built} with the page's own “<feature>” (the goal is below 0.5): the same feature, written another way.",
}
for _feature in ("in_string", "in_comment", "indent", "column", "bracket_depth", "line_start"):
    STRINGS[f"challenge.ch_cells_own.built_in.{_feature}"] = {
        lang: said.replace("<feature>", STRINGS[f"cells.feature.{_feature}"][lang]) for lang, said in _BUILT_IN.items()}

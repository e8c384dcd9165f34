"""The app shell's strings: title, sidebar, page names, errors, background jobs, retraining and the "predict first" box, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # --- app shell -------------------------------------------------------------------------
    "app.title": {"zh": "RNN 实验场", "en": "RNN Playground"},
    "app.tagline": {
        "zh": "拖动滑块、输入文字，亲眼看循环神经网络怎样记忆、遗忘和生成。",
        "en": "Drag sliders and type text to see how recurrent networks remember, forget and generate.",
    },
    "sidebar.language": {"zh": "界面语言", "en": "Language"},
    "sidebar.device": {"zh": "计算设备：{name}", "en": "Device: {name}"},
    "sidebar.device_help": {
        "zh": "有 CUDA GPU 时模型在 GPU 上运行和训练，否则使用 CPU。",
        "en": "Models run and train on a CUDA GPU when one is present, otherwise on the CPU.",
    },
    "state.reset": {"zh": "恢复本页默认设置", "en": "Reset this page to its defaults"},
    "state.clamped": {
        "zh": "链接中“{name}”的值 {value} 超出了允许范围，已改为最接近的允许值。",
        "en": "The link's value {value} for “{name}” was out of range and has been moved to the nearest allowed value.",
    },
    "state.ignored": {
        "zh": "链接中“{name}”的值 {value} 无法使用，已忽略，改用默认值。",
        "en": "The link's value {value} for “{name}” is not one this setting takes; it was ignored and the default is used.",
    },
    "state.unnamed": {"zh": "本页的一项设置", "en": "a setting of this page"},
    "state.labelled_limit": {"zh": "{label}（{limit}）", "en": "{label} ({limit})"},
    "state.chars": {"zh": "最多 {limit} 个字符", "en": "up to {limit} characters"},
    "state.cut": {
        "zh": "粘贴的文字有 {length} 个字符，超过了这个框的上限 {limit}，这里只保留前 {limit} 个字符。",
        "en": "The pasted text has {length} characters, more than this box's limit of {limit}: only the first {limit} are kept.",
    },
    "state.copy_link": {"zh": "复制本实验的链接", "en": "Copy a link to this experiment"},
    "state.copied": {"zh": "已复制", "en": "Copied"},
    "state.copy_by_hand": {"zh": "浏览器不允许自动复制：请选中上面的链接，按 Ctrl+C 复制。",
                           "en": "This browser does not allow copying here: select the link above and press Ctrl+C."},
    "class.title": {"zh": "课堂投票：全班的预测", "en": "Class poll: the class's predictions"},
    "class.title_running": {"zh": "课堂投票", "en": "Class poll"},
    "class.sidebar": {"zh": "老师：开一个课堂投票", "en": "Teachers: run a class poll"},
    "class.sidebar_help": {"zh": "同伴教学：学生用你的链接回答你选的“先猜一猜”题，先各自答、讨论后再答一次，由你公布答案。",
                           "en": "Peer instruction: students answer the predict-first question you choose from your link, alone, then again after arguing; you reveal the answer."},
    "class.intro": {
        "zh": "开一个课堂投票，按同伴教学的方式提问：你选一道题（任何一页的“先猜一猜”），学生先各自作答（第 1 轮）；"
              "你只看到有多少人答了，看不到分布；学生和邻座讨论后，你开启第 2 轮，大家再答一次；最后你公布答案，"
              "两轮的分布并排显示，正确选项有标记，还能看到多少人改了主意。公布之前，学生的页面不显示答案。"
              "你会得到课堂码、给学生的链接和它的二维码。不记名字，不存任何自由文字；课堂在你结束它或开始 12 小时后连同所有答案一起删除。",
        "en": "Start a class poll and ask in the way of peer instruction: you choose a question (any page's predict-first box), "
              "and every student answers alone (round 1); you see how many answered, not the split. The students argue with "
              "a neighbour, you open round 2 and everyone answers again; then you reveal the answer, with both rounds side by side, "
              "the right option marked and how many changed their mind. Until you reveal it, no student's page shows the answer. "
              "You get a class code, a link for the students and its QR code. No names and no free text are kept; the class and "
              "all its answers are deleted when you end it or 12 hours after it began.",
    },
    "class.start": {"zh": "开始课堂投票", "en": "Start a class poll"},
    "class.code_label": {"zh": "课堂码（学生扫码或打开下面的链接）", "en": "Class code (students scan it or open the link below)"},
    "class.qr": {"zh": "学生链接的二维码", "en": "QR code of the students' link"},
    "class.teacher_link_title": {"zh": "老师专用链接（保密）", "en": "Your teacher's link (keep it secret)"},
    "class.teacher_link": {
        "zh": "这个链接带着只有你有的口令，凭它才能提问、开启第 2 轮、公布或结束这个课堂：存成书签，但不要发给学生，也不要投到屏幕上。"
              "网址栏里不会出现这个口令。在开课的这个浏览器里刷新页面，控制台会自动恢复；换一台电脑时，用这个链接回到课堂。",
        "en": "This link carries a secret only you have: it is what lets you ask, open round 2, reveal or end this class. Bookmark it, "
              "but do not give it to students or show it on the projector. The address bar never shows the secret. A reload in "
              "the browser that started the class brings the console back by itself; on another computer, come back with this link.",
    },
    "class.pick": {"zh": "全班现在回答的题目", "en": "The question the class is on"},
    "class.pick_none": {"zh": "选一道题，学生页面顶部的横幅会跟着变", "en": "Choose a question: the students' banners follow"},
    "class.answered_rounds": {"zh": "第 1 轮 {one} 人作答 · 第 2 轮 {two} 人作答",
                              "en": "Round 1: {one} answered · Round 2: {two} answered"},
    "class.state.open": {"zh": "第 {round} 轮进行中：学生可以作答，也可以改答案。", "en": "Round {round} is open: students may answer and change their answer."},
    "class.state.revealed": {"zh": "答案已公布：两轮都已结束，不再计票。", "en": "Revealed: both rounds are closed and no more answers are counted."},
    "class.hidden": {"zh": "答案分布在公布之前不显示：先让学生讨论。", "en": "The split stays hidden until you reveal it: let the students argue first."},
    "class.round_two": {"zh": "结束第 1 轮，开启第 2 轮", "en": "Close round 1, open round 2"},
    "class.reveal": {"zh": "公布答案", "en": "Reveal the answer"},
    "class.clear": {"zh": "清空，重新提问", "en": "Clear and ask again"},
    "class.split.answer": {"zh": "选项", "en": "Answer"},
    "class.split.round": {"zh": "第 {round} 轮", "en": "Round {round}"},
    "class.changes": {"zh": "两轮都作答的 {both} 人中，有 {moved} 人改了主意", "en": "Of the {both} who answered both rounds, {moved} changed their mind"},
    "class.changes.none": {"zh": "还没有人两轮都作答。", "en": "Nobody has answered both rounds yet."},
    "class.others": {"zh": "其他题目的作答人数：", "en": "Answers to other questions: "},
    "class.end": {"zh": "结束课堂", "en": "End the class"},
    "class.end_sure": {"zh": "确定结束课堂吗？所有答案会被删除，学生的链接随之失效。",
                       "en": "End the class? Every answer is deleted and the students' link stops working."},
    "class.end_yes": {"zh": "结束并删除", "en": "End it and delete the answers"},
    "class.end_no": {"zh": "取消", "en": "Cancel"},
    "class.ended": {"zh": "课堂 {code} 已结束，所有答案已删除。", "en": "Class {code} has ended; every answer is deleted."},
    "class.over": {"zh": "这个课堂已经结束或过期。", "en": "This class has ended or expired."},
    "class.student": {
        "zh": "你已加入课堂 **{code}**：在各页的“先猜一猜”框里作答，答案会计入全班，但不记名字。",
        "en": "You are in class **{code}**: answer in each page's predict-first box; your answer is counted for the class, without your name.",
    },
    "class.not_teacher": {
        "zh": "如果你是老师：在开课的那个浏览器里，刷新就能回到控制台；在别的电脑上，请打开开课时给你的“老师专用链接”。",
        "en": "If you are the teacher: in the browser that started the class, a reload brings the console back; "
              "on another computer, open the teacher's link you were given when the class started.",
    },
    "class.mistyped": {
        "zh": "链接里的课堂码不对：课堂码是 8 个大写字母和数字。请核对老师给的链接或二维码。这次打开的页面不在任何课堂里，你的答案不会被计入。",
        "en": "The class code in this link is not a class code (those are 8 capital letters and digits). Check the link or QR code "
              "your teacher gave you. This page is not in any class, and your answers are not counted.",
    },
    "class.unknown": {
        "zh": "没有找到正在进行的课堂 **{code}**：它可能已经结束，或者课堂码有误。请向老师要新的链接。你的答案不会被计入。",
        "en": "There is no open class **{code}**: it may have ended, or the code is mistyped. Ask your teacher for the link. "
              "Your answers are not counted.",
    },
    "class.ask_this": {"zh": "让全班回答这道题（第 1 轮）", "en": "Ask the class this question (round 1)"},
    "class.asking_this": {"zh": "全班正在回答这道题；轮次和公布在课堂控制台上操作。",
                          "en": "The class is on this question; open round 2 and reveal it on the class console."},
    "class.refused_ok": {"zh": "知道了", "en": "OK"},
    "class.ended_banner": {"zh": "课堂 **{code}** 已经结束，之后的答案不再计入。", "en": "Class **{code}** has ended; answers are no longer counted."},
    "class.banner.student": {"zh": "你在课堂 **{code}** 里", "en": "You are in class **{code}**"},
    "class.banner.teacher": {"zh": "你是课堂 **{code}** 的老师：你的答案不计入", "en": "You teach class **{code}**: your own answers are not counted"},
    "class.banner.waiting": {"zh": "老师还没有选题。", "en": "The teacher has not chosen a question yet."},
    "class.banner.asking": {"zh": "老师正在问：**{page}** 的“先猜一猜”", "en": "The teacher is asking: **{page}**, Predict first"},
    "class.banner.open": {"zh": "打开这道题", "en": "Open the question"},
    "class.status.open": {"zh": "第 {round} 轮：自己想，选一个答案。", "en": "Round {round}: think alone and pick an answer."},
    "class.status.counted": {"zh": "你的答案已计入（第 {round} 轮）。这一轮结束前还可以改。",
                             "en": "Your answer is counted (round {round}). You may change it until the round closes."},
    "class.place_full": {"zh": "你的答案没有计入：这个课堂最多接受同一网络地址的 {n} 位同学作答，这一名额已经用完。请告诉老师，老师可以在控制台调高这个上限。",
                         "en": "Your answer was not counted: this class takes answers from at most {n} people on one network address, and that many have answered. Tell your teacher, who can raise the limit on the console."},
    "class.too_many": {"zh": "现在不能再开新课堂：这台电脑或这个网络已经开了太多课堂。请先结束不用的课堂，或者过一段时间再试。",
                       "en": "No new class now: this browser or this network has started too many. End a class you no longer need, or try again later."},
    "data.pending": {"zh": "这一部分的数据还没有下载到服务器上，现在正在后台下载，通常不到一分钟。稍后点下面的按钮再看一次。",
                     "en": "This section's data is not on the server yet. It is being downloaded in the background, usually in under a minute. Press the button below to look again."},
    "data.look_again": {"zh": "再看一次", "en": "Look again"},
    "class.settings": {"zh": "课堂设置", "en": "Class settings"},
    "class.voters_per_place": {"zh": "同一网络地址最多可作答的人数", "en": "Answers allowed from one network address"},
    "class.voters_per_place_help": {"zh": "全班经同一个校园网出口上网时，请调到不少于全班人数。这个上限防止一台电脑冒充许多同学刷票。",
                                    "en": "If the whole class shares one school network, set it to at least the class size. The limit keeps one computer from voting as many students."},
    "class.status.again": {"zh": "第 2 轮：和邻座讨论后再答一次，可以改，也可以坚持原来的答案。",
                           "en": "Round 2: after talking it over with a neighbour, answer again: change your answer or keep it."},
    "class.status.revealed": {"zh": "老师已公布答案。", "en": "The teacher has revealed the answer."},
    "class.status.teacher": {"zh": "第 {round} 轮进行中。", "en": "Round {round} is open."},
    "class.keep": {"zh": "坚持原来的答案：{answer}", "en": "Keep my answer: {answer}"},
    "class.note.teacher": {"zh": "你是老师，你的答案不计入；在控制台公布答案后，这里才显示结果。",
                           "en": "You are the teacher: your answer is not counted. The result shows here once you reveal it on the console."},
    "class.note.wait": {"zh": "答案和它背后的内容，等老师公布后才显示。", "en": "The answer, and what the question holds back, show once your teacher reveals it."},
    "present.start": {"zh": "投影模式", "en": "Present on a projector"},
    "present.start_help": {
        "zh": "收起侧边栏、放大字号，适合 1024 像素宽的投影；还可以隐藏本页的某些控件，只留下要讲的部分。",
        "en": "Hides the sidebar and enlarges the type for a 1024 px projector; you can also hide some of this "
              "page's controls and keep only what you are explaining.",
    },
    "present.menu": {"zh": "投影设置", "en": "Presentation"},
    "present.back": {"zh": "← 回到讲课单的这一步", "en": "← Back to this step of the run-sheet"},
    "present.hide": {"zh": "投影时隐藏这些控件", "en": "Hide these controls while presenting"},
    "present.hide_help": {
        "zh": "隐藏的控件记在链接里（hide=…），把这个链接存下来，下次打开时它们仍然隐藏。",
        "en": "Hidden controls are kept in the link (hide=...): save the link and they are hidden again when you open it.",
    },
    "present.none": {"zh": "不隐藏任何控件", "en": "No control hidden"},
    "present.student": {
        "zh": "学生用的链接：同一个实验，不带投影设置",
        "en": "The students' link: the same experiment, without the presentation settings",
    },
    "present.leave": {"zh": "退出投影模式", "en": "Leave presentation mode"},
    "sidebar.share": {
        "zh": "本页的每项设置都写在网址里：把下面的链接发给别人，打开就是同一个实验。",
        "en": "Every setting of this page is in the address: send the link below and it opens the same experiment.",
    },
    # --- pages -----------------------------------------------------------------------------
    # a path no page has (issue 33: Streamlit's own "Page not found" is English only)
    "notfound.title": {"zh": "找不到这个页面", "en": "Page not found"},
    "notfound.body": {
        "zh": "本站没有“/{path}”这个页面，可能是链接打错了，或者页面已经改名。请从下面选择要去的页面，也可以使用侧边栏。",
        "en": "This site has no page at “/{path}”: the link may be mistyped, or the page renamed. Choose a page below, or use the sidebar.",
    },
    # --- errors (library InputError codes) --------------------------------------------------
    "error.empty_text": {"zh": "输入为空，请至少输入一个字。", "en": "The input is empty: type at least one character."},
    "error.text_too_long": {
        "zh": "输入过长：共 {length} 个字，上限是 {limit} 个字。",
        "en": "The input is too long: {length} characters, the limit is {limit}.",
    },
    "error.unknown": {"zh": "无法处理这个输入。", "en": "This input cannot be used."},
    "error.checkpoint": {
        "zh": "模型 {name} 的文件无法加载（{reason}）。可以用下面的按钮在服务器上重新训练；部署这个应用的老师也可以照 docs/models.md 中“重新训练随附模型”一节来做。",
        "en": "The files of model {name} could not be loaded ({reason}). The button below retrains it on the server; whoever hosts the app can also follow “Retrain the shipped models” in docs/models.md.",
    },
    "error.bad_bit_char": {
        "zh": "第 {position} 个字符“{char}”不是 0 或 1。只能输入 0 和 1，中间可以用空格或逗号分隔。",
        "en": "Character {position}, \"{char}\", is not 0 or 1. Type only 0s and 1s, separated by spaces or commas if you like.",
    },
    "error.bad_bit_value": {"zh": "第 {position} 个值 {value} 不是 0 或 1。", "en": "Value {position}, {value}, is not 0 or 1."},
    "error.too_many_steps": {
        "zh": "序列太长：共 {length} 步，上限是 {limit} 步。",
        "en": "The sequence is too long: {length} steps, the limit is {limit}.",
    },
    "error.empty_bits": {"zh": "序列为空。", "en": "The sequence is empty."},
    "error.bad_weight_shape": {"zh": "权重 {name} 的形状应为 {expected}，实际是 {shape}。", "en": "Weight {name} should have shape {expected}, not {shape}."},
    "error.bad_weight_value": {
        "zh": "权重 {name} 里有空格子或不是有限数的值，请填入普通的数字。",
        "en": "Weight {name} has an empty cell or a value that is not a finite number; enter ordinary numbers.",
    },
    "error.bad_activation": {"zh": "未知的激活函数：{name}", "en": "Unknown activation: {name}"},
    "error.bad_output": {"zh": "未知的输出方式：{name}", "en": "Unknown output rule: {name}"},
    "error.bad_hidden": {"zh": "隐藏单元数 {value} 超出范围（{low} 到 {high}）。", "en": "Hidden size {value} is out of range ({low} to {high})."},
    "error.bad_lr": {"zh": "学习率必须是正的有限数，而不是 {value}。", "en": "The learning rate must be a positive finite number, not {value}."},
    "error.bad_size": {"zh": "尺寸超出范围：隐藏维度 {hidden}，长度 {length}。", "en": "Size out of range: hidden size {hidden}, length {length}."},
    "error.bad_number": {"zh": "{value} 不是有限的数。", "en": "{value} is not a finite number."},
    "error.bad_choice": {"zh": "未知的选项：{name}", "en": "Unknown option: {name}"},
    # a model refuses text it cannot read (playground.core.coverage): no verdict without evidence
    "error.other_language": {
        "zh": "这段文字主要是{other}，而这个模型只在{lang}文本上训练过。它或许认得其中一些字符，却没有学过这些字符合起来是什么意思，给出的任何结果都没有依据，因此这里不给出结果。",
        "en": "This text is mostly {other}, and this model was trained on {lang} text only. It may know some of the characters, but it never learned what they mean together: any answer would rest on nothing, so it gives none here.",
    },
    "lang.zh": {"zh": "中文", "en": "Chinese"},
    "lang.en": {"zh": "英文", "en": "English"},
    "error.unreadable_none": {
        "zh": "这段文字的 {total} 个 token（字或词）没有一个在模型的词表里，只能全部读作 <unk>。模型在这里没有任何学过的东西可以依据，因此不给出结果。它不认识的有：{unknown}",
        "en": "None of these {total} tokens (characters or words) is in the model's vocabulary: it would read them all as <unk>. With nothing to go on, it gives no answer here. Unknown to it: {unknown}",
    },
    "error.unreadable_few": {
        "zh": "这段文字共有 {total} 个 token（字或词），模型只认识其中 {known} 个，不到一半，其余只能读作 <unk>。依据太少，因此这里不给出结果。它不认识的有：{unknown}",
        "en": "The model knows only {known} of these {total} tokens (characters or words), fewer than half; the rest would be read as <unk>. That is too little to go on, so it gives no answer here. Unknown to it: {unknown}",
    },
    # --- background jobs -------------------------------------------------------------------
    "job.waiting": {
        "zh": "排队中：服务器上已有 {running} 个训练任务在运行（上限 {cap} 个），空出位置后自动开始。",
        "en": "Waiting: {running} training jobs are already running on this server (limit {cap}); yours starts when a slot frees.",
    },
    "job.running": {"zh": "训练中：第 {step}/{total} 步，损失 {loss:.4f}", "en": "Training: step {step}/{total}, loss {loss:.4f}"},
    # the progress bar of a job that has ended (issue 33: it said "training: step 2000/2000" ever after)
    "job.progress_done": {"zh": "已训练完：第 {step}/{total} 步，损失 {loss:.4f}", "en": "Finished: step {step}/{total}, loss {loss:.4f}"},
    "job.progress_stopped": {"zh": "已停止：停在第 {step}/{total} 步，损失 {loss:.4f}", "en": "Stopped at step {step}/{total}, loss {loss:.4f}"},
    "job.pace": {"zh": "每秒 {rate} 步，还需约 {left}。", "en": "{rate} steps/s, about {left} to go."},
    "job.pace_cut": {
        "zh": "每秒 {rate} 步。照这个速度，{minutes} 分钟的时限会在第 {step} 步左右（约 {left} 后）先到，训练到那里就停，学到的部分照样保留。",
        "en": "{rate} steps/s. At this pace the {minutes}-minute limit comes first, at about step {step} (in about {left}): training stops there and keeps what it learned.",
    },
    # a place in line (issue 28): first come, first served; the tiny jobs have a lane of their own
    "job.queued": {
        "zh": "正在排队：你排在第 {place} 位。服务器同时只训练 {cap} 个这样的模型，按提交的先后轮流进行；轮到你时会自动开始，不必刷新页面。",
        "en": "Waiting in line: you are {place}. This server trains {cap} model(s) of this size at a time, in the order they were asked for; yours starts by itself when its turn comes, no need to reload.",
    },
    "job.queued_tiny": {
        "zh": "正在排队：你排在第 {place} 位。这类小训练只要几秒钟，有自己的通道（同时 {cap} 个），不会排在大模型的训练后面。",
        "en": "Waiting in line: you are {place}. Small trainings like this take seconds and have a lane of their own ({cap} at a time), so they never wait behind a large model's training.",
    },
    "job.line_full": {
        "zh": "从你所在的网络发起的训练已有 {count} 个在运行或排队，暂时不能再加入。请过一两分钟再试。",
        "en": "{count} trainings from your network are already running or waiting, so no more can join the line just now. Try again in a minute or two.",
    },
    "job.busy_running": {
        "zh": "你已经有一个训练任务（{where}）正在运行。每位访问者同一时间只能训练一个模型，这样每个人都能轮到。请先停止它，或等它结束后再开始新的训练。",
        "en": "You already have a training job running ({where}). Each visitor trains one model at a time, so that everyone gets a turn: stop it, or wait until it finishes.",
    },
    "job.busy_waiting": {
        "zh": "你已经有一个训练任务（{where}）在排队。每位访问者同一时间只能训练一个模型，这样每个人都能轮到。请先停止它，或等它结束后再开始新的训练。",
        "en": "You already have a training job waiting in line ({where}). Each visitor trains one model at a time, so that everyone gets a turn: stop it, or wait until it finishes.",
    },
    # the visitor's own job, started in this tab: named as theirs (issue 33: "you already have a job" right after the click)
    "job.yours_running": {
        "zh": "你的训练任务（{where}）正在运行。每位访问者同一时间只能训练一个模型：请等它结束，或先停止它，再开始新的训练。",
        "en": "Your training job ({where}) is running. Each visitor trains one model at a time: wait until it finishes, or stop it, to start another.",
    },
    "job.yours_waiting": {
        "zh": "你的训练任务（{where}）正在排队。每位访问者同一时间只能训练一个模型：请等它结束，或先停止它，再开始新的训练。",
        "en": "Your training job ({where}) is waiting in line. Each visitor trains one model at a time: wait until it finishes, or stop it, to start another.",
    },
    "job.where_other_tab": {"zh": "{page}，在另一个标签页中", "en": "{page}, in another tab"},
    "job.duration_s": {"zh": "{s} 秒", "en": "{s} s"},
    "job.duration_min": {"zh": "{m} 分 {s} 秒", "en": "{m} min {s} s"},
    "job.starting": {"zh": "正在启动……", "en": "Starting…"},
    "job.done": {"zh": "训练完成。", "en": "Training finished."},
    "retrain.button": {"zh": "在服务器上重新训练 {name}", "en": "Retrain {name} on this server"},
    "retrain.note": {
        "zh": "重新训练会从头开始、使用固定的随机种子，并把结果写回 `pretrained/`；用时见 docs/models.md（字符级语言模型在 2 核 CPU 上要几十分钟）。其他页面照常可用。",
        "en": "Retraining starts from scratch with fixed seeds and writes the result back to `pretrained/`; docs/models.md says how long each model takes (the character LMs need tens of minutes on 2 CPU cores). Every other page keeps working meanwhile.",
    },
    "retrain.running": {"zh": "正在重新训练 {name}……完成后本页会自动刷新。", "en": "Retraining {name}… this page refreshes when it is done."},
    "retrain.done": {"zh": "{name} 已重新训练并写入 pretrained/。", "en": "{name} was retrained and written to pretrained/."},
    "retrain.reload": {"zh": "重新载入本页", "en": "Reload the page"},
    "how.title": {"zh": "我们怎么知道：它在没见过的数据上表现如何、在哪里会错", "en": "How we know: how it does on data it never saw, and where it fails"},
    "model.loading": {"zh": "正在载入 {name}（每台服务器只载入一次）……", "en": "Loading {name} (once per server)…"},
    "fair.wait": {
        "zh": "稍等 {seconds} 秒：全班共用一台服务器，你刚才连续做了不少计算，先让其他同学的请求得到处理。",
        "en": "Your turn in {seconds} s: the class shares one server, and after a run of heavy computing the others go first for a moment.",
    },
    "fair.inputs_changed": {
        "zh": "上面的设置改了：点按钮，按新的设置重新计算。",
        "en": "The settings above have changed: press the button to run this again with them.",
    },
    # the step-through player (playground.app.player): it runs in the browser, frame by frame
    "player.group": {"zh": "逐帧播放", "en": "Play frame by frame"},
    "player.window": {
        "zh": "播放器只载入了第 {first}–{last} 帧（共 {total} 帧）；要播放其他位置，请拖动上面的滑块。",
        "en": "The player holds frames {first}–{last} of {total}; move the slider above to play other positions.",
    },
    "player.play": {"zh": "播放", "en": "Play"},
    "player.pause": {"zh": "暂停", "en": "Pause"},
    "player.back": {"zh": "上一帧", "en": "Previous frame"},
    "player.next": {"zh": "下一帧", "en": "Next frame"},
    "player.speed": {"zh": "速度", "en": "Speed"},
    "player.scrub": {"zh": "拖动选帧", "en": "Drag to pick a frame"},
    "busy.gradients": {"zh": "正在计算梯度曲线……", "en": "Computing the gradient curves…"},
    "busy.review": {"zh": "正在逐词读这条评论……", "en": "Reading the review token by token…"},
    "busy.translate": {"zh": "正在翻译……", "en": "Translating…"},
    "busy.passage": {"zh": "正在逐字读这段文本……", "en": "Reading the text character by character…"},
    "busy.cloze": {"zh": "正在为每个候选词打分……", "en": "Scoring every candidate…"},
    "data.loading": {
        "zh": "正在读取语料“{name}”（第一次使用时要从软件包仓库下载，最多约一分钟）……",
        "en": "Reading the {name} corpus (the first time, it is fetched from the package registry: up to a minute)…",
    },
    "job.stopped": {"zh": "训练已停止。", "en": "Training stopped."},
    "job.out_of_time": {
        "zh": "训练已满 {minutes} 分钟，按服务器的规定停了下来，学到的部分照样可以用。需要更久的训练请在自己的电脑上运行。",
        "en": "Training reached its {minutes}-minute limit on this shared server and was stopped; what it learned so far is kept. Train longer on your own machine.",
    },
    "job.failed": {"zh": "训练出错：{error}", "en": "Training failed: {error}"},
    "job.stop": {"zh": "停止", "en": "Stop"},
    "job.some_page": {"zh": "另一个页面", "en": "another page"},
    "job.loss_axis": {"zh": "损失", "en": "loss"},
    "job.step_axis": {"zh": "步数", "en": "step"},
    "job.accuracy_axis": {"zh": "准确率", "en": "accuracy"},
    "job.validation_axis": {"zh": "验证损失", "en": "validation loss"},
    "job.sample": {"zh": "第 {step} 步的采样：", "en": "Sample at step {step}:"},
    # --- errors ---------------------------------------------------------------------------------
    "error.out_of_range": {"zh": "{name} 超出范围（{low} 到 {high}）。", "en": "{name} is out of range ({low} to {high})."},
    "error.text_too_short": {"zh": "文本太短：至少需要 {minimum} 个字符。", "en": "The text is too short: at least {minimum} characters are needed."},
    "error.file_too_large": {"zh": "文件太大：{size} 字节，上限是 {limit} 字节（1 MB）。", "en": "The file is too large: {size} bytes, the limit is {limit} (1 MB)."},
    "error.not_utf8": {"zh": "这不是 UTF-8 文本（第 {position} 个字节无法解码）。", "en": "This is not UTF-8 text (byte {position} cannot be decoded)."},
    "error.bad_regex": {"zh": "正则表达式有误：{reason}{where}。", "en": "The regular expression is invalid: {reason}{where}."},
    # the kinds of mistake in a regular expression (playground.models.charlm.interpret.REGEX_MISTAKES)
    "regex.at": {"zh": "（第 {position} 个字符处）", "en": " (at character {position})"},
    "regex.at_end": {"zh": "（在表达式末尾）", "en": " (at the end of the pattern)"},
    "regex.missing_paren": {"zh": "有一个左括号 `(` 没有与之配对的右括号 `)`", "en": "an opening `(` is never closed by a `)`"},
    "regex.unbalanced_paren": {"zh": "多了一个右括号 `)`，它前面没有可与之配对的 `(`", "en": "a `)` has no `(` before it to close"},
    "regex.unterminated_set": {"zh": "字符集以 `[` 开始，却没有用 `]` 结束", "en": "a character set opened with `[` is never closed by `]`"},
    "regex.nothing_to_repeat": {
        "zh": "重复符号（`*`、`+`、`?` 或花括号里的次数）前面没有可以重复的内容",
        "en": "a repeat (`*`, `+`, `?` or a count in braces) has nothing before it to repeat",
    },
    "regex.multiple_repeat": {
        "zh": "两个重复符号连在了一起；要重复一段已经带有重复的内容，请先用括号把它括起来",
        "en": "two repeats in a row; to repeat something that already repeats, put it in parentheses first",
    },
    "regex.bad_escape": {"zh": "反斜杠 `\\` 后面的字符不构成可识别的转义", "en": "the character after a backslash `\\` makes no escape this syntax knows"},
    "regex.bad_reference": {"zh": "引用了一个不存在（或尚未结束）的分组", "en": "it refers to a group that does not exist (or is not closed yet)"},
    "regex.bad_group_name": {"zh": "分组的名字写得不对（命名分组写作 `(?P<名字>…)`）", "en": "a group name is badly written (a named group is written `(?P<name>…)`)"},
    "regex.repeat_order": {"zh": "计数重复的最少次数大于最多次数", "en": "a counted repeat's minimum is larger than its maximum"},
    "regex.repeat_too_big": {"zh": "计数重复的次数太大", "en": "a repeat count is too large"},
    "regex.bad_range": {"zh": "字符范围的起点排在终点之后（例如把 a-z 写反了）", "en": "a character range runs backwards (its start comes after its end)"},
    "regex.unknown_extension": {"zh": "`(?` 后面的写法无法识别", "en": "what follows `(?` is not a construct this syntax knows"},
    "regex.unknown_name": {"zh": "字符属性或字符的名称无法识别", "en": "a character property or character name is unknown"},
    "regex.missing_brace": {"zh": "左花括号没有与之配对的右花括号", "en": "an opening brace is never closed"},
    "regex.too_large": {
        "zh": "计数重复展开后太长（超过 {limit} 个字符）",
        "en": "its counted repeats are too large (over {limit} characters once written out)",
    },
    "regex.recursion": {"zh": "表达式调用了自身或某个分组（如 `(?R)`、`(?1)`），这里不支持递归", "en": "it calls itself or a group (such as `(?R)` or `(?1)`), and recursion is not supported here"},
    "regex.other": {"zh": "这个写法无法编译", "en": "the pattern cannot be compiled"},
    "error.regex_timeout": {
        "zh": "这个正则表达式匹配超过了 {seconds} 秒，已中止；请换一个更简单的写法。",
        "en": "Matching this regular expression took longer than {seconds} s and was stopped; try a simpler pattern.",
    },
    # the "predict first" box every page opens its lab with
    "predict.heading": {"zh": "先猜一猜", "en": "Predict first"},
    "predict.your_answer": {"zh": "你的答案", "en": "Your answer"},
    "predict.pick": {
        "zh": "先选一个答案，再看本页的模型现场算出的结果。",
        "en": "Pick an answer first; then the page's own model works out the result in front of you.",
    },
    "predict.right": {"zh": "猜对了！", "en": "Right!"},
    "predict.wrong": {"zh": "这次没猜中。正确答案——{answer}", "en": "Not this time. The right answer — {answer}"},
    "predict.or": {"zh": "；或者——", "en": "; or — "},
    "predict.again": {"zh": "重新作答", "en": "Ask again"},
    "predict.skip": {"zh": "不猜了，直接看答案", "en": "Skip the guess and show the answer"},
    "predict.answer": {"zh": "答案——{answer}", "en": "The answer — {answer}"},
    "predict.hidden": {
        "zh": "这一部分会泄露上面问题的答案，先作答再看（也可以现在就展开）",
        "en": "This part gives away the answer to the question above: answer first (or open it now)",
    },
    # --- challenges (issue 53; app.challenge) ------------------------------------------------------------
    "challenge.label": {"zh": "挑战", "en": "Challenge"},
    "challenge.check": {"zh": "检查", "en": "Check"},
    "challenge.done": {"zh": "完成了！", "en": "Solved!"},
    "challenge.not_yet": {"zh": "还差一点。", "en": "Not yet."},
    "challenge.hint": {"zh": "提示：", "en": "Hint:"},
    "challenge.show_solution": {"zh": "看参考解法", "en": "Show the worked solution"},
    "challenge.solution": {"zh": "参考解法", "en": "A worked solution"},
    "challenge.use": {"zh": "把这组取值填进页面", "en": "Put these values into the page"},
    "challenge.use_help": {
        "zh": "页面上的控件会换成参考解法的取值，再按“检查”就能验证。",
        "en": "The page's controls take the solution's values; press Check to see it pass.",
    },
    "challenge.solved_before": {"zh": "你在这次访问中已经完成过这个挑战。", "en": "You solved this challenge earlier in this visit."},
    "challenge.busy": {
        "zh": "你的另一次检查还在运行（也许在别的标签页里）：等它结束再按一次。",
        "en": "Another check of yours is still running (perhaps in another tab): press again once it has finished.",
    },
    "challenge.home.header": {"zh": "你完成的挑战", "en": "Challenges you solved"},
    "challenge.home.count": {
        "zh": "全站共有 {total} 个挑战，每一课至少一个，就在各页的实验下方。这次访问你已完成 {solved} 个（只记在你自己的会话里，服务器不保存）。",
        "en": "There are {total} challenges, at least one on every lesson's page below its lab. You have solved {solved} in this visit (kept in your session only; the server stores nothing).",
    },
    "class.challenge": {"zh": "挑战 · {title}", "en": "Challenge · {title}"},
    "class.banner.challenge": {"zh": "老师布置了挑战：**{page}** 的“{title}”", "en": "The teacher set a challenge: **{page}**, “{title}”"},
    "class.banner.open_challenge": {"zh": "打开这个挑战", "en": "Open this challenge"},
    "class.status.solved": {"zh": "你已完成，已计入全班人数", "en": "You solved it: counted for the class"},
    "class.status.solve": {"zh": "在那一页按“检查”，完成后会计入全班人数", "en": "Press Check on that page: a solve is counted for the class"},
    "class.status.solution_shown": {"zh": "老师已展示参考解法", "en": "The teacher has shown the worked solution"},
    "class.solvers": {"zh": "已完成 {n} 人", "en": "{n} solved"},
    "class.show_solution": {"zh": "在投影上展示参考解法", "en": "Show the worked solution on the projector"},
    "class.hide_solution": {"zh": "收起参考解法", "en": "Hide the worked solution"},
    "class.solvers_hidden": {
        "zh": "学生按“检查”通过后就计入人数（匿名）。展示参考解法后不再计数。",
        "en": "A student counts once their Check passes (anonymously). Once the solution is shown, solves are no longer counted.",
    },
    # --- the char-LM model picker (app.lm_picker), shared by the char-LM and cells pages ----------------
    "charlm.model": {"zh": "模型", "en": "Model"},
    "charlm.model.shakespeare_lstm": {"zh": "莎士比亚 · LSTM", "en": "Shakespeare · LSTM"},
    "charlm.model.shakespeare_gru": {"zh": "莎士比亚 · GRU", "en": "Shakespeare · GRU"},
    "charlm.model.shakespeare_rnn": {"zh": "莎士比亚 · 普通 RNN", "en": "Shakespeare · vanilla RNN"},
    "charlm.model.python_lstm": {"zh": "Python 源码 · LSTM", "en": "Python source · LSTM"},
    "charlm.model.live": {"zh": "我训练的模型（#{id}）", "en": "My model (#{id})"},
    "charlm.model.replaced": {
        "zh": "你训练的模型 #{old} 已不在列表里：新开始的训练 #{new} 取代了它。每位访问者只保留一个现场训练的模型，以免服务器内存被占满。",
        "en": "Your model #{old} is no longer in the list: the training you started next, #{new}, replaced it. Each visitor keeps one live model, so that the server's memory stays bounded.",
    },
    "charlm.live.replaces": {
        "zh": "开始新的训练会取代你的模型 #{id}：每位访问者只保留一个现场训练的模型，以免服务器内存被占满。想留下它，请先在下方下载。",
        "en": "Starting a new training replaces your model #{id}: each visitor keeps one live model, so that the server's memory stays bounded. To keep it, download it below first.",
    },
    "charlm.source.shakespeare": {"zh": "莎士比亚", "en": "Shakespeare"},
    "charlm.source.python": {"zh": "Python 标准库源码", "en": "Python standard library"},
}

"""UI strings of the temperature-forecasting page, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the page's name in the app's navigation and its line on Home, then its own errors
    "page.forecast.title": {"zh": "数值序列：气温预测", "en": "Forecasting temperatures"},
    "page.forecast.blurb": {
        "zh": "表 4-1 里的时间序列：用 RNN、GRU、LSTM 预测下一小时的气温，与三种基线比误差，再看“喂真值”（教师强制）和“喂自己的预测”（自由运行）差在哪里。",
        "en": "Table 4-1's time series: RNN, GRU and LSTM forecast the next hour's temperature against three baselines, then teacher forcing (fed the truth) against free running (fed its own forecasts).",
    },
    "fc.title": {"zh": "数值序列：气温预测", "en": "Numbers in, numbers out: forecasting temperatures"},
    "fc.intro": {
        "zh": "前面几页读的都是文字。教材表 4-1 里还有第三类序列：**时间序列**，它的元素是“等间隔采样点”，典型任务是“股价预测、气温预报、电力负荷预测”。这一页的序列是一座城市每小时的气温：每一步读进来的不再是一个字，而是一个数。模型还是同一个循环单元，边读边更新隐藏状态 $h_t$，读完一段过去，再说出下一个小时的气温。教材在结尾也提到，在“在线时序预测”这类低延迟、低资源的场景里，轻量的 RNN/GRU 至今仍在服役。",
        "en": "Every page so far reads words. Table 4-1 of the textbook names a third kind of sequence: the **time series**, whose elements are \"equally spaced samples\", with tasks such as \"stock-price prediction, temperature forecasts, power-load forecasts\". Here the sequence is a city's temperature hour by hour: each step reads a number, not a character. The model is the same recurrent cell, updating its hidden state $h_t$ as it reads; after a stretch of the past it says the next hour's temperature. The textbook's closing section notes that light RNNs and GRUs still serve in low-latency, low-resource settings such as \"online time-series prediction\".",
    },
    "fc.city": {"zh": "城市", "en": "City"},
    "fc.city.seattle": {"zh": "西雅图", "en": "Seattle"},
    "fc.city.sf": {"zh": "旧金山", "en": "San Francisco"},
    "fc.no_data": {
        "zh": "气温数据（PyPI 上的 vega-datasets 0.9.0）这次没能下载下来，这一页暂时没有数据可读。服务器能连上 PyPI 后刷新即可；部署应用的老师可以照 docs/deploying.md 预先下载数据。",
        "en": "The temperature data (vega-datasets 0.9.0 from PyPI) could not be downloaded, so this page has nothing to read for now. Reload once the server can reach PyPI; whoever hosts the app can fetch the data ahead of time as docs/deploying.md says.",
    },
    # --- the data
    "fc.data.header": {"zh": "数据：一年 8,760 个小时", "en": "The data: a year of 8,760 hours"},
    "fc.data.train": {"zh": "训练（1–8 月）", "en": "train (Jan–Aug)"},
    "fc.data.validation": {"zh": "验证（9–10 月）", "en": "validation (Sep–Oct)"},
    "fc.data.test": {"zh": "测试（11–12 月）", "en": "test (Nov–Dec)"},
    "fc.data.chart": {
        "zh": "{city}逐时气候常年值（NOAA，按 2010 年日历排列；每点为当日 24 小时的平均值）",
        "en": "{city}: NOAA hourly climate normals on 2010's calendar (each day's mean of 24 hours)",
    },
    "fc.data.note": {
        "zh": "数据是美国国家海洋和大气管理局（NOAA）的逐时**气候常年值**：许多年同一小时气温的平均，而不是 2010 年某一天真实的天气，所以曲线非常平滑，一天的形状和前一天几乎一样。全年 {hours} 个小时按月份切开，绝不打乱：1–8 月的 {train} 个小时用来训练，9–10 月的 {validation} 个小时用来挑选训练中最好的那一步，11–12 月的 {test} 个小时只用来测试。打乱了再切，测试的每个小时在训练集里都有紧挨着的邻居，误差会好看得不真实。文件记录的是当地钟表时间，夏令时开始那天钟表跳过了一个小时（{filled}），这一小时取前后两小时的平均补上。",
        "en": "These are NOAA's hourly **climate normals**: each hour is the average of many years' same hour, not one real day of 2010's weather, so the curve is very smooth and a day looks almost like the day before. The year's {hours} hours are cut by month, never shuffled: the {train} hours of January–August train, the {validation} hours of September–October pick the best step of the training, and the {test} hours of November–December only test. Shuffled before cutting, every test hour would have its next-door neighbours in training and the error would look better than it is. The file is in local clock time; on the day daylight saving began the clock skipped an hour ({filled}), filled here with the mean of the hours either side.",
    },
    # --- the model
    "fc.model.header": {
        "zh": "模型：读入一段历史，预测下一小时的气温",
        "en": "The model: read a stretch of the past, forecast the next hour",
    },
    "fc.model.intro": {
        "zh": "每个小时，网络读进四个数：标准化后的气温；比昨天同一小时暖和了多少（$v_t-v_{t-24}$，叫作**季节差分**）；以及钟点，用正弦和余弦把 0–23 点放到一个圆上，这样 23 点和 0 点是邻居。循环单元照常更新 $h_t$。读到最后一小时，输出层说出的不是气温本身，而是“下一小时会比昨天同一时刻暖和多少”，再加上昨天那一刻的气温，就是预报。输出 0 就等于照搬昨天（下文的“季节朴素法”），网络要学的是在这之上怎样修正。$\\mu,\\sigma,s$ 都只用训练月份算出。",
        "en": "Every hour the network reads four numbers: the standardised temperature; how much warmer it is than the same hour yesterday ($v_t-v_{t-24}$, the **seasonal difference**); and the clock, as the sine and cosine of the hour, which put 0–23 o'clock on a circle so that 23:00 and 00:00 are neighbours. The recurrent cell updates $h_t$ as always. After the last hour read, the output layer says not the temperature itself but \"how much warmer than the same hour yesterday the next hour will be\"; add yesterday's value at that hour and you have the forecast. An output of 0 copies yesterday (the \"seasonal naive\" baseline below); what the network learns is the correction. $\\mu,\\sigma,s$ come from the training months only.",
    },
    "fc.model.forms": {
        "zh": "用首页“四种形式”的话说：读一段窗口、只报下一小时，是**多对一**；要报接下来 $k$ 个小时，网络就把每一步的输出当作下一步的输入接着往下算，每读一步报一步，是**多对多**，和字符语言模型逐字生成是同一个做法。接着往下算时，下一步的输入可以有两种来源：\n\n- **教师强制**（teacher forcing）：喂那一小时的真实气温。训练时就是这样喂的，因为真值都在手里。\n- **自由运行**（free running）：喂网络自己刚报出的值。真正预报未来时只能这样，因为真值还没发生。",
        "en": "In the Home page's four forms: reading a window and saying only the next hour is **many-to-one**; to say the next $k$ hours, the network runs on, each step's output becoming the next step's input, one forecast per step read: **many-to-many**, the same way the character LM writes text. When it runs on, the next input can come from two places:\n\n- **Teacher forcing**: the true temperature of that hour. Training feeds it this way, since the truth is at hand.\n- **Free running**: the value the network has just forecast. A real forecast of the future can only do this, since the truth has not happened yet.",
    },
    # --- the lab
    "fc.lab.header": {"zh": "实验：预报与实况", "en": "Lab: the forecast against the truth"},
    "fc.lab.intro": {
        "zh": "选一个测试周（11 月 1 日起的第几周）、网络读多少小时、往后报多少小时，以及用哪种单元。预报从所选那一周第一天的 0 点开始；网络事先没见过 11–12 月的任何一个小时。按 ▶ 播放，两条预报一小时一小时地长出来。",
        "en": "Pick a test week (counted from 1 November), how many hours the network reads, how many hours ahead it forecasts, and the cell. The forecast starts at midnight on the first day of that week; the network has never seen any hour of November or December. Press ▶ Play to watch both forecasts grow hour by hour.",
    },
    "fc.lab.week": {"zh": "测试周", "en": "Test week"},
    "fc.lab.week_label": {"zh": "第 {week} 周：{first} 至 {last}", "en": "Week {week}: {first} to {last}"},
    "fc.lab.cell": {"zh": "单元", "en": "Cell"},
    "fc.lab.mine": {"zh": "我训练的", "en": "mine"},
    "fc.lab.window": {"zh": "输入窗口（读多少小时）", "en": "Input window (hours read)"},
    "fc.lab.window_help": {
        "zh": "网络在开始预报之前读的小时数。每读一小时，还要用到它 24 小时前的值来算季节差分，所以实际用到的历史比窗口多一天。",
        "en": "The hours the network reads before its first forecast. Each hour read also needs the hour 24 hours before it for the seasonal difference, so the history used is one day longer than the window.",
    },
    "fc.lab.horizon": {
        "zh": "预报时长（往后报多少小时）",
        "en": "Horizon (hours ahead)",
    },
    "fc.lab.band": {"zh": "误差带：自由运行在测试月份上的平均误差", "en": "error band: free running's mean error on the test months"},
    "fc.lab.truth": {"zh": "实况", "en": "truth"},
    "fc.lab.now": {"zh": "现在", "en": "now"},
    "fc.lab.forced": {
        "zh": "教师强制（喂真值）：每个点都只是提前 1 小时的预报",
        "en": "teacher forcing (fed the truth): a one-hour forecast at every hour",
    },
    "fc.lab.free": {
        "zh": "自由运行：喂自己刚预报的值",
        "en": "free running: fed its own forecasts",
    },
    "fc.lab.chart": {"zh": "{when} 0 点起的预报（°C）", "en": "Forecast from 00:00 on {when} (°C)"},
    "fc.lab.hours": {"zh": "相对“现在”的小时数（负数是读过的过去）", "en": "hours from now (negative: the past read)"},
    "fc.lab.frame": {"zh": "往后第 {k} 小时", "en": "{k} h ahead"},
    "fc.lab.frame_prefix": {"zh": "已报到", "en": "forecast to"},
    "fc.lab.this_week": {
        "zh": "本次预报在 {hours} 小时内的平均绝对误差：喂真值 {forced} °C，自由运行 {free} °C。单次预报说明不了太多问题，下方曲线给出的是整个测试月份的平均。",
        "en": "This forecast's mean absolute error over {hours} hours: fed the truth {forced} °C, free running {free} °C. One forecast says little; the curves below average the whole test months.",
    },
    "fc.lab.misses": {
        "zh": "本次预报逐小时的误差（预报值减实况，°C）",
        "en": "This forecast's error each hour (forecast minus truth, °C)",
    },
    "fc.lab.miss_axis": {
        "zh": "误差（°C）",
        "en": "error (°C)",
    },
    "fc.play.note": {
        "zh": "误差带画在自由运行的预报周围，宽度是这种单元、这个窗口在测试月份上往后第 1、2、3……小时的平均误差，所以越往后越宽。播放在你的浏览器里进行，不占服务器。",
        "en": "The band sits around the free-running forecast; its width at 1, 2, 3 … hours ahead is this cell's mean error at that lead over the test months with this window, so it widens as it goes. Playing runs in your browser and costs the server nothing.",
    },
    "busy.forecast": {"zh": "正在预报……", "en": "Forecasting…"},
    # --- teacher forcing against free running
    "fc.exposure.header": {
        "zh": "教师强制与自由运行：误差如何随预报时长增长",
        "en": "Teacher forcing against free running: how the error grows with the lead time",
    },
    "fc.exposure.intro": {
        "zh": "同一个网络、同一个窗口，在测试月份里每隔 6 小时起报一次，把往后第 1、2、3……小时的绝对误差分别平均，得到下面的曲线（纵轴为对数刻度）。注意，两条网络曲线衡量的不是同一件事：教师强制在报第 k 小时之前，已经读到了此前 k−1 小时的实况，所以它的每个点都只是**提前 1 小时**的预报，相当于误差的下限；真正提前 k 小时预报的是自由运行。能与自由运行公平比较的，是同样只读到起报时刻为止的方法：自由运行的线性自回归、照搬昨天的季节朴素法和持续法。第 1 小时两种喂法的结果完全相同，差别从第 2 小时开始出现。",
        "en": "One network, one window, a forecast started every 6 hours of the test months; the absolute errors at 1, 2, 3 … hours ahead are averaged into the curves below (log scale). The two network curves do not measure the same thing: fed the truth, the network has read the true hours up to k−1 before hour k, so each of its points is a **one-hour** forecast, the floor of the error; the forecast that really looks k hours ahead is free running. What compares with it like for like are the methods that also stop reading at the start: the linear autoregression running free, the seasonal naive copy of yesterday, and persistence. Both ways of feeding agree at the first hour and part from the second.",
    },
    "fc.exposure.chart": {"zh": "往后第 k 小时的平均绝对误差（测试月份）", "en": "Mean absolute error k hours ahead (test months)"},
    "fc.exposure.x": {"zh": "往后第 k 小时", "en": "hours ahead k"},
    "fc.exposure.reading": {
        "zh": "自由运行的误差从第 1 小时的 {first} °C 增至第 {hours} 小时的 {last} °C，是第 1 小时的 {ratio} 倍；线性自回归同样自由运行，误差从 {lin_first} °C 增至 {lin_last} °C（{lin_ratio} 倍）。喂真值时，1 小时预报的平均误差为 {forced} °C。",
        "en": "Free running's error grows from {first} °C at the first hour to {last} °C at hour {hours}, {ratio} times as much; the linear autoregression, also running free, grows from {lin_first} °C to {lin_last} °C ({lin_ratio} times). The one-hour forecasts fed the truth average {forced} °C.",
    },
    "fc.exposure.behind": {
        "zh": "从第 {k} 小时起，自由运行的网络（{free} °C）已不如照搬昨天的季节朴素法（{seasonal} °C）。",
        "en": "From hour {k} on, the network running free ({free} °C) does worse than copying yesterday (seasonal naive, {seasonal} °C).",
    },
    "fc.exposure.ahead": {
        "zh": "在这 {hours} 小时内，自由运行的网络始终优于照搬昨天的季节朴素法（后者在第 {hours} 小时为 {seasonal} °C）。",
        "en": "Within these {hours} hours the network running free stays better than copying yesterday (seasonal naive: {seasonal} °C at hour {hours}).",
    },
    "fc.exposure.why": {
        "zh": "误差为什么随预报时长增长？原因有两个，而这张图并没有把二者区分开。其一，预报得越远本来就越难：线性模型同样只在真值上拟合、从没见过自己的预报，它的误差也在增长。其二是**暴露偏差**（exposure bias）：网络训练时的输入全是真值，从没见过自己的误差；自由运行时，第一步的小误差成了第二步的输入，网络便处在训练中从未遇到、略有偏差的状态，误差于是逐步累积。要单独衡量暴露偏差，得另训一个网络（例如训练时就部分喂它自己的预报，即“计划采样”（scheduled sampling）），再让两个网络都自由运行来比较；本页没有做这个实验。seq2seq 页的解码器面对的是同一个问题：训练时喂真实的上一个词，翻译时只能喂自己生成的词。",
        "en": "Why does the error grow with the lead time? For two reasons, which this chart does not separate. First, the further ahead, the harder any forecast: the linear model, fitted on the truth and never shown its own forecasts either, grows too. Second, **exposure bias**: the network trained on true inputs only and never met its own errors; running free, the first step's small error becomes the second step's input, the network finds itself in a slightly-off state it never practised, and the error piles up. Measuring exposure bias alone takes a second network (trained, say, partly on its own forecasts: scheduled sampling) and both run free side by side; this page does not run that experiment. The seq2seq page's decoder meets the same problem: trained on the true previous word, it translates fed its own.",
    },
    "fc.method.forced": {
        "zh": "网络 · 教师强制（每点均为提前 1 小时的预报）",
        "en": "network · teacher forcing (each point a one-hour forecast)",
    },
    "fc.method.free": {
        "zh": "网络 · 自由运行",
        "en": "network · free running",
    },
    "fc.method.persistence": {"zh": "持续法（下一小时 = 这一小时）", "en": "persistence (next hour = this hour)"},
    "fc.method.seasonal": {"zh": "季节朴素法（= 昨天同一小时）", "en": "seasonal naive (= same hour yesterday)"},
    "fc.method.linear": {"zh": "线性自回归（前 48 小时，最小二乘）", "en": "linear autoregression (last 48 hours, least squares)"},
    "fc.method.rnn": {"zh": "RNN（随附模型）", "en": "RNN (shipped)"},
    "fc.method.gru": {"zh": "GRU（随附模型）", "en": "GRU (shipped)"},
    "fc.method.lstm": {"zh": "LSTM（随附模型）", "en": "LSTM (shipped)"},
    # --- the baselines
    "fc.table.header": {"zh": "和三种基线比：下一小时的误差", "en": "Against three baselines: the next hour"},
    "fc.table.intro": {
        "zh": "一个模型好不好，要先问它比最简单的办法好多少。下表是测试月份里每一个小时、往后 1 小时的平均绝对误差（°C），所有数字都是打开本页时用数据和随附模型现场算出来的。线性自回归只用训练月份拟合。",
        "en": "Whether a model is any good starts with how much it beats the simplest methods. The table is the mean absolute error (°C) one hour ahead over every hour of the test months, every number worked out from the data and the shipped models as this page opened. The linear model is fitted on the training months only.",
    },
    "fc.table.method": {"zh": "方法", "en": "method"},
    "fc.table.mae": {"zh": "平均绝对误差（°C）", "en": "mean absolute error (°C)"},
    "fc.table.reading": {
        "zh": "最好的网络（{net}）误差为 {mae} °C，约为季节朴素法（{seasonal} °C）的 1/{times}，也远低于持续法（{persistence} °C）。",
        "en": "The best network, {net}, errs by {mae} °C, about 1/{times} of seasonal naive ({seasonal} °C) and far below persistence ({persistence} °C).",
    },
    "fc.table.linear_ahead": {
        "zh": "不过需要如实指出：线性自回归的误差为 {linear} °C，比最好的网络（{net}）还低 {low}%，比最差的网络低 {high}%。原因在于数据：这是多年平均得到的常年值，“昨天的形状加上今天的偏移”几乎就是全部规律，而这恰好是线性关系；剩下的误差主要来自数据舍入到 0.1 °F（约 ±0.03 °C）造成的噪声，无从预测。循环网络真正占优势的场合，是规律本身非线性、需要长程记忆的序列，例如文本。",
        "en": "But honestly: the linear autoregression errs by {linear} °C, {low}% less than the best network ({net}) and {high}% less than the worst. The reason is the data: these are normals averaged over many years, so \"yesterday's shape plus today's offset\" is nearly the whole pattern, and that is a linear relation; what is left is mostly the rounding of the data to 0.1 °F (about ±0.03 °C), which nobody can forecast. Recurrent networks earn their keep where the pattern is nonlinear and needs a long memory, as in text.",
    },
    "fc.table.linear_behind": {
        "zh": "线性自回归的误差为 {linear} °C，比最好的网络（{net}）高 {low}%。",
        "en": "The linear autoregression errs by {linear} °C, {low}% more than the best network ({net}).",
    },
    "fc.how": {
        "zh": "三种单元（RNN、GRU、LSTM，各 {hidden} 个隐藏单元、一层）在两座城市 1–8 月的数据上一起训练，每 50 步在 9–10 月上验证一次，保留验证误差最小那一步的权重；共训练 {steps} 步，{net} 用时 {seconds} 秒（CPU）。{net} 在 11–12 月、往后 1 小时的误差：西雅图 {seattle} °C，旧金山 {sf} °C（这是训练时写进模型卡的数字；本页上方的表格是现场重算的）。测试里有一项会从数据重新算出持续法和季节朴素法的误差，检查随附模型确实都比它们好。\n\n**它会在哪里错**：这是平滑的常年值，真实某一天的天气（一场冷锋、一次降雨）要乱得多，这里学到的误差并不能代表真实天气预报；网络只见过 1–8 月，冬季的日较差更小，它在 11–12 月仍然做得不错，是因为它预测的是“比昨天暖和多少”，而不是气温本身；自由运行超过一天之后，它读到的“昨天”也是自己的预报，误差会更快地增长。",
        "en": "Three cells (RNN, GRU, LSTM, each one layer of {hidden} hidden units) train together on both cities' January–August, validated on September–October every 50 steps, keeping the weights of the step with the lowest validation error; {steps} steps in all, {seconds} s for the {net} on a CPU. The {net}'s error one hour ahead in November–December: Seattle {seattle} °C, San Francisco {sf} °C (the figures written into the model card at training time; the table above is worked out afresh). A test recomputes persistence and seasonal naive from the data and checks that every shipped model beats them.\n\n**Where it fails**: these are smooth normals; a real day's weather (a cold front, a shower) is far less regular, so these errors say nothing about a real weather forecast. The network only saw January–August, and winter days swing less; it still does well in November–December because it forecasts \"how much warmer than yesterday\", not the temperature itself. Running free for more than a day, the \"yesterday\" it reads is its own forecast too, and the error grows faster.",
    },
    # --- live training
    "fc.live.header": {"zh": "自己训练一个", "en": "Train one yourself"},
    "fc.live.intro": {
        "zh": "在当前城市 1–8 月的数据上训练一个小模型（{hidden} 个隐藏单元、{steps} 步，CPU 上几秒钟），看损失曲线一路下降。训练好后，上面实验里的“单元”会多出“我训练的”，可以拿它和随附模型比一比。你的模型只在这个浏览器会话里，链接里不带。",
        "en": "Train a small model ({hidden} hidden units, {steps} steps, a few seconds on a CPU) on this city's January–August and watch the loss fall. Once it is done, the lab's cell picker above offers \"mine\" to set against the shipped models. Your model lives in this browser session only; links do not carry it.",
    },
    "fc.live.cell": {"zh": "单元", "en": "Cell"},
    "fc.live.start": {"zh": "在{city}的数据上训练", "en": "Train on {city}"},
    "fc.live.done": {
        "zh": "训练完成：{cell}，{city}，用时 {seconds} 秒；11–12 月往后 1 小时的误差 {mae} °C。到上面的实验里选“我训练的”试试。",
        "en": "Done: {cell} on {city} in {seconds} s; its error one hour ahead in November–December is {mae} °C. Pick \"mine\" in the lab above to try it.",
    },
    # --- misconceptions
    "fc.myths.header": {"zh": "易错点", "en": "Misconceptions"},
    "fc.myths.body": {
        "zh": "- **“下一步预测得准，往后就都准。”** 不对。下一步的误差是每一步都喂真值时测出来的；真正预报未来时只能喂自己的输出，误差会随预报时长增长（见上面的曲线）。评价一个预报模型，要在实际使用的预报步数上衡量。\n- **“深度网络一定比简单方法好。”** 不一定。在本页的数据上，线性自回归提前 1 小时的误差比每个随附网络都小（见上表）；照搬昨天的季节朴素法也只比网络差十分之一度左右。先算基线，再谈模型。\n- **“打乱数据再切分训练集和测试集，更公平。”** 对时间序列恰恰相反：测试的小时在训练集里会有紧挨着的邻居，模型等于偷看了答案。要按时间先后切分。\n- **“循环网络能记住任意长的过去。”** 据教材表 4-2，经典 RNN 一般只能记住几步到十几步。这里网络需要的历史信息主要在 24 小时之前，所以把季节差分（“比昨天这个时候暖和多少”）直接作为输入，而不是指望它自己把昨天的信息传过 24 步；去掉这个输入、让同样的网络自己去记，在开发阶段的测试中，这些网络连照搬昨天都不如（docs/models.md）。",
        "en": "- **\"Accurate one step ahead means accurate further ahead.\"** No. The next-step error is measured with the truth fed in at every step; forecasting the future, the model can only be fed its own outputs, and the error grows with the lead time (the curves above). Judge a forecaster at the number of steps you will use it for.\n- **\"A deep network always beats simple methods.\"** Not always. On this data the linear autoregression errs less one hour ahead than every network (the table above), and copying yesterday (seasonal naive) is only about a tenth of a degree behind. Work out the baselines first, then the model.\n- **\"Shuffle, then split into training and test sets: that is fairer.\"** For a time series it is the opposite: a test hour would have its next-door neighbours in training, and the model would have seen the answer. Split by time.\n- **\"A recurrent network remembers any length of past.\"** Table 4-2 of the textbook says a classic RNN remembers a few steps to a dozen or so. The past this network needs is mostly 24 hours back, so the seasonal difference (\"how much warmer than this time yesterday\") is handed to it as an input instead of trusting it to carry yesterday across 24 steps; without that input, left to remember by themselves, the same networks did worse than copying yesterday in the tests made while building them (docs/models.md).",
    },
    # --- predict first
    "fc.predict.q": {
        "zh": "网络连续往后预报 {hours} 小时，每一步都把自己刚报出的值作为下一步的输入（自由运行）。它的误差会怎样变化？",
        "en": "The network forecasts {hours} hours ahead, fed its own forecast at every step (free running). What happens to its error?",
    },
    "fc.predict.a": {"zh": "基本不变：每一步都是同一个网络、同样的精度", "en": "It stays about flat: every step is the same network with the same skill"},
    "fc.predict.b": {"zh": "越来越大：错误会一步步累积", "en": "It grows: mistakes build up step by step"},
    "fc.predict.c": {"zh": "越来越小：读得越多，网络越有把握", "en": "It shrinks: the more it has read, the surer it gets"},
    "fc.predict.result": {
        "zh": "用随附的 GRU 在西雅图测试月份上现场计算：自由运行的平均误差从第 1 小时的 {first} °C 增至第 {hours} 小时的 {last} °C，是第 1 小时的 {ratio} 倍；同一个网络若每步都喂真值，第 {hours} 小时的误差只有 {forced} °C，但那其实只是提前 1 小时的预报。",
        "en": "Worked out just now with the shipped GRU on Seattle's test months: free running's mean error grows from {first} °C at the first hour to {last} °C at hour {hours}, {ratio} times as much; fed the truth at every step, the same network errs by only {forced} °C at hour {hours}, but that is a one-hour forecast.",
    },
    "fc.predict.why": {
        "zh": "越往后越难预报，任何方法都如此（同样自由运行的线性模型，误差也在增长）；对网络来说还多一个原因：它训练时只见过真实输入，自由运行时每一步的小误差都会成为下一步的输入，把网络带入训练中从未遇到的状态，这就是**暴露偏差**。可以在下面的实验中更换单元、窗口和预报时长再观察。",
        "en": "Forecasting further ahead is harder for any method (the linear model running free grows too); the network has one more reason: it trained on true inputs only, and running free, each step's small error becomes the next step's input and takes it somewhere it never practised, which is called exposure bias. The lab below lets you change the cell, the window and the horizon.",
    },
    # --- challenges (issue 53; forecast.challenges) -----------------------------------------------------
    "challenge.fc.shipped_only": {
        "zh": "检查用的是随附的模型：把单元换成 RNN、GRU 或 LSTM（你自己训练的模型只存在于这次访问里，检查读不到它）。",
        "en": "The check uses the shipped models: choose RNN, GRU or LSTM as the cell (a model you trained lives only in this visit, where the check cannot reach it).",
    },
    "challenge.fc.unusable": {
        "zh": "城市、窗口或预报时长里有用不了的值，先把它们改回实验允许的范围。",
        "en": "The city, the window or the horizon holds a value the lab cannot use: set it back within the lab's range first.",
    },
    "challenge.fc.settings": {
        "zh": "现在是读 {window} 小时、往后报 {horizon} 小时；题目要求预报时长正好 48 小时，窗口不超过 12 小时。",
        "en": "The lab now reads {window} hours and forecasts {horizon} hours ahead; the task asks for a horizon of exactly 48 hours and a window of at most 12.",
    },
    "challenge.fc.no_data": {
        "zh": "气温数据还没下载到服务器上，现在没法检查。等页面上方的数据图出现后再按一次“检查”。",
        "en": "The temperatures have not reached the server yet, so there is nothing to check against. Press Check again once the page's data chart has appeared.",
    },
    "challenge.fc.ahead": {
        "zh": "{cell} 读 {window} 小时后自由运行，48 个小时里误差没有一个小时超过季节朴素法；第 48 小时为 {free} °C，季节朴素法为 {seasonal} °C。",
        "en": "The {cell}, running free after reading {window} hours, errs no more than seasonal naive at any of the 48 hours; at hour 48 it is {free} °C against {seasonal} °C.",
    },
    "challenge.fc.behind": {
        "zh": "{cell} 读 {window} 小时后自由运行，在第 {k} 小时误差首次超过季节朴素法：{free} °C 对 {seasonal} °C。",
        "en": "The {cell}, running free after reading {window} hours, first errs more than seasonal naive at hour {k}: {free} °C against {seasonal} °C.",
    },
    "challenge.ch_fc_two_days.title": {"zh": "只读半天，报两天", "en": "Read half a day, forecast two"},
    "challenge.ch_fc_two_days.task": {
        "zh": (
            "在实验里把预报时长设为 48 小时（两整天），输入窗口不超过 12 小时（网络只读半天），"
            "让“教师强制与自由运行”图中“网络 · 自由运行”那条曲线在第 1 到第 48 小时的每一个小时都不高于“季节朴素法”："
            "在测试月份上，网络拿自己的预报接着往下报，每个小时的平均绝对误差都不比照搬昨天大。"
            "单元和城市可以任选（用随附的模型）。按“检查”，页面会用实验本身的算法重新算这两条曲线。"
        ),
        "en": (
            "In the lab, set the horizon to 48 hours (two whole days) and the window to at most 12 hours (the network reads half "
            "a day), so that in the chart of teacher forcing against free running the “network · free running” curve is never "
            "above the “seasonal naive” one at any hour from 1 to 48: over the test months, the network feeding on its own "
            "forecasts errs, on average, no more than copying yesterday at every hour ahead. Any cell and city (the shipped "
            "models). Check works out both curves again with the lab's own code."
        ),
    },
    "challenge.ch_fc_two_days.hint": {
        "zh": (
            "窗口是网络预报前的“热身”：读得越少，开始预报时的隐藏状态越粗糙，自由运行时这份误差还会一小时一小时地累积下去。"
            "只有 12 小时可读，就要看哪种单元用半天的输入就能进入状态：三种单元都试一试，看两条曲线在第几小时交叉。"
        ),
        "en": (
            "The window is the network's warm-up: the less it reads, the rougher its hidden state when the forecast begins, and "
            "running free it builds on that error hour after hour. With only 12 hours to read, the question is which cell settles "
            "in half a day: try all three and watch where the two curves cross."
        ),
    },
    "challenge.ch_fc_two_days.solution": {
        "zh": (
            "西雅图，窗口 12 小时，预报 48 小时，单元选 LSTM：自由运行的误差 48 个小时里一直低于季节朴素法，"
            "第 48 小时是 0.171 °C 对 0.182 °C；两者最接近的是第 14 小时，只差约 0.004 °C。"
            "曲线下方的解读也随之变成“在这 48 小时内，自由运行的网络始终优于照搬昨天的季节朴素法”。"
            "\n\n"
            "同样的设置换成 GRU，从第 24 小时起就落后了；GRU 要读满 24 小时才能撑过两天。RNN 读多少小时都撑不过第 20 小时左右。"
            "这个结果没法从结构图上推出来：它取决于训练好的模型在短窗口下能把状态调到多好，以及自由运行时误差累积得多快，只能靠测量。"
        ),
        "en": (
            "Seattle, a window of 12 hours, a horizon of 48, and the LSTM: running free it errs less than seasonal naive at all 48 "
            "hours, 0.171 °C against 0.182 °C at hour 48; the two come closest at hour 14, about 0.004 °C apart. The reading under "
            "the chart now says that within these 48 hours the network running free stays better than copying yesterday."
            "\n\n"
            "The same settings with the GRU fall behind from hour 24 on; the GRU needs to read 24 hours to last two days. The RNN "
            "does not get past about hour 20 whatever it reads. None of this follows from the cells' diagrams: it depends on how "
            "well each trained model settles its state from a short window and how fast its errors pile up running free, which "
            "only a measurement tells."
        ),
    },
}

"""The lecture map: the three lecture texts' parts in their own order, each with the places in the
app that show it (a page, scrolled to a section, with the settings that show it) or the reason
there is none.

Pure data and two small functions (no Streamlit): the Home page draws the map, the tests open
every link. A link is ``./<url_path>?lang=..&<settings>#<anchor>``; the anchor is the ``anchor=``
of a header on that page, the same in both languages. The settings are written as the page's URL
writes them (``Setting.as_url``), so a page opened by the link leaves its address alone and the
browser keeps the ``#anchor`` to scroll to (Streamlit rewrites the address without the fragment
when a page changes its query).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from urllib.parse import urlencode

from playground.core.formatting import escape_markdown
from playground.core.i18n import LANGUAGES, t
from playground.core.lesson import Lesson, Place, Text
from playground.core.settings import SKIPPED
from playground.lessons import behind_question, lesson, module, places

Demo = Place  # what the map calls a place in the app


@dataclass(frozen=True)
class Part:
    """One part of a lecture text. ``heading``: ``title[0]`` is the text's own heading (a figure's
    or table's caption up to its colon); otherwise the title names a passage under the heading
    before it. ``level`` 1 is a section, 2 a part inside the section above. ``missing`` says why
    the part (or some of it) has no demo."""

    id: str
    title: Text
    heading: bool = True
    level: int = 1
    demos: tuple[Demo, ...] = ()
    missing: Text | None = None


@dataclass(frozen=True)
class Seed:
    key: str
    file: str  # in shared/seeds (the lecture texts)
    title: Text
    parts: tuple[Part, ...]


def page_spec(key: str) -> Lesson:
    return lesson(key)


def place(page: str, name: str) -> Place:
    """The place ``name`` of lesson ``page`` (its manifest's ``places``)."""
    return lesson(page).place(name)


def elsewhere(text: str, part: str, page: str) -> list[Place]:
    """The places that show part ``part`` of lecture text ``text`` on pages other than ``page``."""
    seed = next(seed for seed in SEEDS if seed.key == text)
    return [found for found in next(p for p in seed.parts if p.id == part).demos if found.page != page]


@cache
def behind_question_keys() -> dict[str, str]:
    """Each anchor of a section its page keeps collapsed until the page's "predict first" question is
    answered (issue 33; the lessons' manifests name them) -> the question's setting key: a link to such
    a section opens the question as skipped, so that the section it names is open."""
    return {anchor: module(owner, "settings").GUESS.key for anchor, owner in behind_question().items()}


def query(demo: Demo, lang: str) -> dict[str, str]:
    """The link's query: the language, then the demo's settings (and, for a section behind the page's
    question, the question skipped)."""
    behind = behind_question_keys()
    skipped = {behind[demo.anchor]: SKIPPED} if demo.anchor in behind else {}
    return {"lang": lang, **dict(demo.settings), **skipped}


def link(demo: Demo, lang: str) -> str:
    """The relative URL that opens the demo: the default page is served at the app's root."""
    spec = page_spec(demo.page)
    path = "./" if spec.default else f"./{spec.url_path}"
    return f"{path}?{urlencode(query(demo, lang))}#{demo.anchor}"


# --- the three texts --------------------------------------------------------------------------------
SCRIPT = Seed("script", "000_655e3f0b1031d3f0.txt", ("讲解稿（第 07 章第 03 节）", "Lecture script (ch. 7 §3)"), (
    Part("intro", ("导语", "Opening"),
         missing=("英文 “bank” 的两个词义没有演示：本应用的双向填空模型只读中文。",
                  "The two senses of English \"bank\" have no demo: the app's two-sided cloze model reads Chinese only.")),
    Part("route", ("复习昨日 & 今日路线", "Yesterday, and today's route")),
    Part("hidden", ("核心概念一 · 隐藏状态：给序列一份滚动摘要", "Key idea 1 · The hidden state: a rolling summary")),
    Part("bptt", ("核心概念二 · 时间反向传播：误差怎样穿过整句话", "Key idea 2 · Backpropagation through time")),
    Part("gates", ("核心概念三 · LSTM 与 GRU：用门控制保留和改写",
                   "Key idea 3 · LSTM and GRU: gates that keep and rewrite")),
    Part("bi-seq2seq", ("核心概念四 · 双向 RNN 与 seq2seq：从标注到翻译",
                        "Key idea 4 · Bidirectional RNNs and seq2seq: from tagging to translation")),
    Part("walkthrough", ("一个走完全程的例子 · 读完一句评论再判断情感",
                         "One example all the way · Judging a review after reading it")),
    Part("myths", ("易错点回头看", "Misconceptions, once more")),
    Part("next", ("与下节的钩子", "Towards the next section")),
))

TEXTBOOK = Seed("textbook", "001_66d55d1d53ad06c9.txt", ("教材第 4 章", "Textbook, chapter 4"), (
    Part("4", ("第4章 循环神经网络", "Chapter 4 Recurrent neural networks")),
    Part("4.1", ("4.1 经典循环神经网络", "4.1 The classic recurrent neural network")),
    Part("table-4-1", ("表 4-1 常见序列数据", "Table 4-1 Common sequence data"), level=2),
    Part("window", ("为什么窗口不行", "Why a window fails"), level=2),
    Part("figure-4-1", ("图 4-1 循环神经网络的两种表示", "Figure 4-1 Two drawings of an RNN"), level=2),
    Part("forward", ("前向计算：两条公式与伪代码", "The forward pass: two formulas and pseudocode"), heading=False, level=2),
    Part("bptt", ("随时间反向传播（BPTT）", "Backpropagation through time (BPTT)"), heading=False, level=2),
    Part("figure-4-2", ("图 4-2 误差信号随时间步长回传时的两种命运",
                        "Figure 4-2 The two fates of an error signal sent back in time"),
         level=2),
    Part("not-zero", ("梯度消失 ≠ 梯度为零", "Vanishing ≠ zero"), level=2),
    Part("one-line", ("一句话理解 RNN", "RNNs in one sentence"), level=2,
         missing=("小结，没有单独的演示：它的每一点都在本节上面的链接里。",
                  "A summary, with no demo of its own: each of its points is linked above.")),
    Part("relay", ("类比：接力跑", "Analogy: a relay race"), level=2),
    Part("long-term", ("长期依赖：只记得住几步到十几步", "Long-term dependencies: a few steps to a dozen or so"),
         heading=False, level=2),
    Part("4.2", ("4.2 长短时记忆神经网络", "4.2 Long short-term memory")),
    Part("gates", ("传送带与三个门", "The conveyor belt and three gates"), heading=False, level=2),
    Part("figure-4-3", ("图 4-3 LSTM 单元结构", "Figure 4-3 The LSTM cell"), level=2),
    Part("drawer", ("类比：带三把锁的抽屉", "Analogy: a drawer with three locks"), level=2),
    Part("sigmoid", ("门为什么用 sigmoid", "Why gates use a sigmoid"), level=2),
    Part("shortcut", ("误差沿传送带回传：恒等捷径", "The error along the belt: an identity shortcut"), heading=False,
         level=2),
    Part("table-4-2", ("表 4-2 LSTM 与经典 RNN 对比", "Table 4-2 LSTM vs the classic RNN"), level=2),
    Part("gru", ("GRU：更新门与重置门", "GRU: update and reset gates"), heading=False, level=2),
    Part("uses", ("LSTM 的典型应用", "What LSTMs were used for"), heading=False, level=2,
         missing=("语音识别与命名实体识别没有演示。",
                  "Speech recognition and named-entity recognition have no demo.")),
    Part("figure-4-4", ("图 4-4 Seq2Seq 编码器—解码器结构", "Figure 4-4 The seq2seq encoder-decoder"), level=2),
    Part("transformer", ("Transformer 为何取代了 RNN", "Why Transformers replaced RNNs"), heading=False, level=2),
    Part("points", ("本章要点", "Key points of the chapter"),
         missing=("小结，没有单独的演示：各点见上。", "A summary, with no demo of its own: see the parts above.")),
    Part("reading", ("延伸阅读 · 与现代AI的联系", "Further reading · Links to modern AI"),
         missing=("大语言模型、MoE 路由与流式语音识别没有演示。",
                  "Large language models, MoE routing and streaming speech recognition have no demo.")),
))

NOTES = Seed("notes", "003_6df19f0fb6c73f4a.txt", ("讲义第 7 讲", "Lecture notes, lecture 7"), (
    Part("1", ("一、开场：上一讲的两个澄清与一个工具推荐", "1. Opening: two points from last time and a tool"),
         missing=("这一节讲的是上一讲的 Dropout、LayerNorm 与实验管理工具，不属于 RNN，本应用不演示。",
                  "About the previous lecture (Dropout, LayerNorm, an experiment tracker), not RNNs: no demo here.")),
    Part("2", ("二、从固定输入到序列建模：四种任务形式", "2. From fixed inputs to sequences: four forms")),
    Part("3", ("三、RNN 的基本思想：隐藏状态与随时间展开", "3. The RNN's idea: a hidden state, unrolled in time")),
    Part("4", ("四、Vanilla RNN 公式与一个手算到底的实例", "4. The vanilla RNN and an example worked by hand")),
    Part("5", ("五、随时间反向传播（BPTT）与截断技巧", "5. Backpropagation through time and truncation")),
    Part("5.1", ("5.1 显存危机与截断 BPTT", "5.1 Running out of memory, and truncated BPTT"), level=2),
    Part("6", ("六、RNN 做语言模型：训练、采样与嵌入层", "6. An RNN as a language model: training, sampling, embeddings")),
    Part("6.1", ("6.1 训练：逐步分类问题", "6.1 Training: a classification at every step"), level=2),
    Part("6.2", ("6.2 嵌入层：为什么不用独热向量喂模型", "6.2 Embeddings: why not feed one-hot vectors"), level=2),
    Part("6.3", ("6.3 从莎士比亚到 Linux 内核：生成的进化",
                 "6.3 From Shakespeare to the Linux kernel: how generation improves"),
         level=2),
    Part("6.4", ("6.4 三个课堂问答：标注、采样与中间输出", "6.4 Three questions: labels, sampling, outputs along the way"),
         level=2),
    Part("7", ("七、窥视 RNN 的内心：可解释的隐藏细胞", "7. Inside an RNN: interpretable cells"),
         missing=("Linux 内核（C 代码）上训练的模型：本应用的模型读的是 Python 标准库的源码。",
                  "A model trained on the Linux kernel (C): the app's models read the Python standard library's source.")),
    Part("8", ("八、RNN 的优点与缺点", "8. What RNNs do well and badly")),
    Part("9", ("九、RNN 在计算机视觉中的应用", "9. RNNs in computer vision"),
         missing=("本应用没有图像模型，视觉任务都无从演示。",
                  "The app has no image model, so none of the vision tasks can be shown.")),
    Part("9.1", ("9.1 图像标注：CNN 与 RNN 的两级流水线", "9.1 Image captioning: a CNN, then an RNN"), level=2,
         missing=("上面只是这种形式的计算图：本应用没有视觉编码器和标注模型，也就看不到共现偏差造成的“幻觉”。",
                  "The link shows only the form's graph: the app has no image encoder or captioning model, so the "
                  "hallucinations that co-occurrence bias causes cannot be shown.")),
    Part("9.2", ("9.2 视觉问答的两种形式", "9.2 Two forms of visual question answering"), level=2,
         missing=("本应用没有视觉问答、视觉对话或导航模型。",
                  "The app has no visual question answering, dialogue or navigation model.")),
    Part("9.3", ("9.3 多层 RNN：时间与深度的网格", "9.3 Stacked RNNs: a grid of time and depth"), level=2),
    Part("10", ("十、命门：梯度的消失与爆炸", "10. The weak spot: vanishing and exploding gradients")),
    Part("11", ("十一、LSTM：四个门与一条信息高速公路", "11. LSTM: four gates and an information highway")),
    Part("12", ("十二、RNN 的当代回声：状态空间模型", "12. RNNs today: state-space models"),
         missing=("Mamba、RWKV 本身没有演示：这里实测的是它们依靠的并行扫描与固定大小的状态。",
                  "Mamba and RWKV themselves have no demo: what is measured here is the parallel scan and the "
                  "fixed-size state they rely on.")),
    Part("13", ("十三、本讲要点回顾", "13. Summary of the lecture"),
         missing=("小结，没有单独的演示：各点见上。", "A summary, with no demo of its own: see the parts above.")),
))



def _with_places(seed: Seed) -> Seed:
    """The text with, in each part, the places the lessons say show it (``Place.at``), in the order
    they give (ties: the house's order of lessons)."""
    shown: dict[str, list[tuple[int, int, Place]]] = {}
    for index, found in enumerate(places()):
        for text, part, order in found.at:
            if text == seed.key:
                shown.setdefault(part, []).append((order, index, found))
    unknown = set(shown) - {part.id for part in seed.parts}
    if unknown:
        raise ValueError(f"places name parts {sorted(unknown)} that the {seed.key} text does not have")
    return replace(seed, parts=tuple(replace(part, demos=tuple(found for *_, found in sorted(shown.get(part.id, []))))
                                     for part in seed.parts))


SEEDS: tuple[Seed, ...] = tuple(_with_places(seed) for seed in (SCRIPT, TEXTBOOK, NOTES))
SCRIPT, TEXTBOOK, NOTES = SEEDS


def demos() -> list[Demo]:
    """Every distinct place the map links to, in the map's order."""
    seen: dict[Demo, None] = {}
    for seed in SEEDS:
        for part in seed.parts:
            seen.update(dict.fromkeys(part.demos))
    return list(seen)


# --- the map as Home draws it -------------------------------------------------------------------------
PRESS: Text = ("（打开后点“{button}”）", "(once open, press “{button}”)")
HEADER: Text = ("教学材料对照", "Lecture map")
INTRO: Text = (
    "三份教学材料——讲解稿、教材第 4 章、讲义第 7 讲——按各自原来的顺序逐节列出。每个链接在新标签页里打开"
    "演示这一节的页面，滚动到对应的小节，并带上演示它所需的设置；本应用没有演示的部分，写明了原因。",
    "The three lecture texts (the lecture script, chapter 4 of the textbook, lecture 7 of the notes), part by "
    "part in their own order. Each link opens, in a new tab, the page that shows the part, scrolled to its "
    "section and with the settings that show it; where the app has no demo, the map says why.",
)
NO_DEMO: Text = ("没有演示", "No demo")
NOT_HERE: Text = ("缺少的部分", "Missing")
PARTS: Text = ("{parts} 个部分，{shown} 个有演示", "{parts} parts, {shown} with a demo")


def say(text: Text, lang: str, **fields: object) -> str:
    """The text in ``lang`` (zh or en), its ``{fields}`` filled in."""
    chosen = text[LANGUAGES.index(lang)] if lang in LANGUAGES else text[1]
    return chosen.format(**fields) if fields else chosen


def counted(seed: Seed) -> list[Part]:
    """The parts that count: a section whose parts follow it (no demo, no reason) is their heading."""
    return [part for part in seed.parts if part.demos or part.missing is not None]


def seed_label(seed: Seed, lang: str) -> str:
    parts = counted(seed)
    shown = sum(1 for part in parts if part.demos)
    return f"{say(seed.title, lang)} · {say(PARTS, lang, parts=len(parts), shown=shown)}"


def button_label(demo: Demo, lang: str) -> str:
    """The label of the button the demo needs pressed, with its fields as a link leaves them."""
    return t(demo.press, lang, **dict(demo.press_fields))


def markdown(seed: Seed, lang: str) -> str:
    """One text's parts as a nested list: each part in bold, under it a link per demo ("page › what it
    shows") and the reason for what has none."""
    lines = []
    for part in seed.parts:
        indent = "  " * (part.level - 1)
        lines.append(f"{indent}- **{escape_markdown(say(part.title, lang))}**")
        for demo in part.demos:
            label = f"{t(lesson(demo.page).title_key, lang)} › {say(demo.what, lang)}"
            press = "" if demo.press is None else " " + say(PRESS, lang).format(button=button_label(demo, lang))
            lines.append(f"{indent}  - [{escape_markdown(label)}]({link(demo, lang)}){escape_markdown(press)}")
        if part.missing is not None:
            mark = say(NOT_HERE if part.demos else NO_DEMO, lang)
            lines.append(f"{indent}  - *{mark}*：{escape_markdown(say(part.missing, lang))}" if lang == "zh" else
                         f"{indent}  - *{mark}*: {escape_markdown(say(part.missing, lang))}")
    return "\n".join(lines)

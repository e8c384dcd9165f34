"""The lecture map (issue 26, point 3): the three lecture texts' parts in their own order, each with
links to the places that show it, or the reason there is none; every link opens its page with no
exception, with the link's settings accepted as they are, and lands on an anchor that page has."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from helpers import open_page

from playground import lessons
from playground.home import lecture_map
from playground.home.lecture_map import SEEDS
from playground.lessons import PAGES

ROOT = Path(__file__).resolve().parent.parent
SEED_DIRS = [ROOT / "shared" / "seeds", ROOT.parent / "shared" / "seeds"]

# The headings of the three texts, in their order, as the files have them (checked against the files
# below wherever they are on the machine): the script's sections (their lines end in ¶, the spoken
# length in brackets dropped), the textbook's chapter, sections, boxed notes, tables and figures
# (a figure's caption up to its colon), the notes' numbered sections.
HEADINGS = {
    "script": ["导语", "复习昨日 & 今日路线", "核心概念一 · 隐藏状态：给序列一份滚动摘要",
               "核心概念二 · 时间反向传播：误差怎样穿过整句话", "核心概念三 · LSTM 与 GRU：用门控制保留和改写",
               "核心概念四 · 双向 RNN 与 seq2seq：从标注到翻译", "一个走完全程的例子 · 读完一句评论再判断情感",
               "易错点回头看", "与下节的钩子"],
    "textbook": ["第4章 循环神经网络", "4.1 经典循环神经网络", "表 4-1 常见序列数据", "为什么窗口不行",
                 "图 4-1 循环神经网络的两种表示", "图 4-2 误差信号随时间步长回传时的两种命运", "梯度消失 ≠ 梯度为零",
                 "一句话理解 RNN", "类比：接力跑", "4.2 长短时记忆神经网络", "图 4-3 LSTM 单元结构", "类比：带三把锁的抽屉",
                 "门为什么用 sigmoid", "表 4-2 LSTM 与经典 RNN 对比", "图 4-4 Seq2Seq 编码器—解码器结构", "本章要点",
                 "延伸阅读 · 与现代AI的联系"],
    "notes": ["一、开场：上一讲的两个澄清与一个工具推荐", "二、从固定输入到序列建模：四种任务形式",
              "三、RNN 的基本思想：隐藏状态与随时间展开", "四、Vanilla RNN 公式与一个手算到底的实例",
              "五、随时间反向传播（BPTT）与截断技巧", "5.1 显存危机与截断 BPTT", "六、RNN 做语言模型：训练、采样与嵌入层",
              "6.1 训练：逐步分类问题", "6.2 嵌入层：为什么不用独热向量喂模型", "6.3 从莎士比亚到 Linux 内核：生成的进化",
              "6.4 三个课堂问答：标注、采样与中间输出", "七、窥视 RNN 的内心：可解释的隐藏细胞", "八、RNN 的优点与缺点",
              "九、RNN 在计算机视觉中的应用", "9.1 图像标注：CNN 与 RNN 的两级流水线", "9.2 视觉问答的两种形式",
              "9.3 多层 RNN：时间与深度的网格", "十、命门：梯度的消失与爆炸", "十一、LSTM：四个门与一条信息高速公路",
              "十二、RNN 的当代回声：状态空间模型", "十三、本讲要点回顾"],
}


def _headings_in(key: str, text: str) -> list[str]:
    lines = [line.strip() for line in text.splitlines()]
    if key == "script":  # a section line ends in ¶; the first and last lines are the script's title
        found = [line[:-1].strip() for line in lines if line.endswith("¶") and not line.startswith("讲解稿")]
        return [re.sub(r"（约[^）]*）$", "", line).strip() for line in found]
    if key == "textbook":
        found = []
        for line in lines:
            if re.match(r"^(第\d+章 |4\.\d+ |表 4-\d+ |图 4-\d+ )", line):
                found.append(line.split("：")[0] if line.startswith("图") else line)
            elif (line and len(line) <= 24 and not line.endswith("：") and not line.startswith(("-", "|", "#", "\\"))
                  and not re.search(r"[=…。|\\#]", line)):  # a boxed note's title: short, no formula, no sentence
                found.append(line)
        return found
    return [line for line in lines if re.match(r"^([一二三四五六七八九十]+、|\d+\.\d+ )", line)]


@pytest.mark.parametrize("seed", SEEDS, ids=[s.key for s in SEEDS])
def test_the_headings_are_the_files_headings(seed):
    folder = next((d for d in SEED_DIRS if (d / seed.file).is_file()), None)
    if folder is None:
        pytest.skip("the lecture texts are not on this machine")
    assert _headings_in(seed.key, (folder / seed.file).read_text(encoding="utf-8")) == HEADINGS[seed.key]


@pytest.mark.parametrize("seed", SEEDS, ids=[s.key for s in SEEDS])
def test_every_heading_is_a_part_in_the_texts_order(seed):
    listed = [part.title[0] for part in seed.parts if part.heading]
    assert listed == HEADINGS[seed.key]
    assert len({part.id for part in seed.parts}) == len(seed.parts), "part ids are unique within a text"


@pytest.mark.parametrize("seed", SEEDS, ids=[s.key for s in SEEDS])
def test_every_part_has_a_demo_or_says_why_not(seed):
    for i, part in enumerate(seed.parts):
        assert part.title[0] and part.title[1] and part.level in (1, 2)
        if not part.demos and part.missing is None:  # a section whose parts follow it
            assert part.level == 1 and i + 1 < len(seed.parts) and seed.parts[i + 1].level == 2, part.id
        assert seed.parts[0].level == 1
        for text in (part.title, *(d.what for d in part.demos), *([part.missing] if part.missing else [])):
            assert re.search(r"[\u4e00-\u9fff]", text[0]) and re.search(r"[A-Za-z]{3}", text[1]), text


def test_the_vision_applications_say_they_have_no_demo():
    notes = {part.id: part for part in lecture_map.NOTES.parts}
    assert not notes["9.2"].demos and notes["9.2"].missing and notes["9"].missing and notes["9.1"].missing
    assert notes["1"].missing and not notes["1"].demos  # the previous lecture's Dropout and LayerNorm


def test_a_link_is_the_page_its_settings_and_the_anchor():
    demo = lecture_map.place("gradients", "one_and_half")
    # the section sits behind the page's question (issue 33): the link opens it skipped
    assert lecture_map.link(demo, "zh") == "./gradients?lang=zh&grad_a=1.5&grad_k=10&grad_guess=skip#grad-scalar"
    assert lecture_map.link(lecture_map.place("home", "folded"), "en") == "./?lang=en&home_view=folded#home-forms"
    code = urlsplit(lecture_map.link(lecture_map.place("charlm", "code"), "en"))
    assert dict(parse_qsl(code.query)) == {"lang": "en", "lm_model": "charlm_python_lstm", "lm_prompt": "def "}


def _state_of(page: str):
    return lessons.module(page, "settings").STATE


def test_every_linked_setting_is_declared_and_valid():
    for demo in lecture_map.demos():
        state = _state_of(demo.page)
        for key, raw in demo.settings:
            parsed = state[key].parse(raw)
            assert parsed.status == "ok" and state[key].as_url(parsed.value) == raw, (demo, key)


# one run per page and settings (and language): every anchor linked with those settings is checked in it
GROUPS: dict[tuple, list[str]] = {}
for _demo in lecture_map.demos():
    GROUPS.setdefault((_demo.page, _demo.settings), []).append(_demo.anchor)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("group", list(GROUPS), ids=[f"{p}-{'-'.join(v for _, v in s) or 'default'}" for p, s in GROUPS])
def test_every_link_opens_its_page_with_its_settings_and_lands_on_its_anchor(group, lang):
    page, settings = group
    demo = lecture_map.Demo("link", GROUPS[group][0], ("", ""), settings=settings, page=page)
    spec = lecture_map.page_spec(page)
    at = open_page(spec.path, locale="zh-CN" if lang == "en" else "en-US", link=lecture_map.query(demo, lang))
    assert not at.exception, [e.value for e in at.exception]
    anchors = {h.anchor for h in (*at.title, *at.header, *at.subheader)}
    assert set(GROUPS[group]) <= anchors, sorted(a for a in anchors if a)
    # the link's language wins over the browser's (the locale above is the other language)
    title = at.title[0].value
    assert bool(re.search(r"[\u4e00-\u9fff]", title)) == (lang == "zh"), title
    # every setting kept as the link wrote it, and the address left alone (the browser keeps the #anchor)
    store, state = at.session_state["_page_store"], _state_of(page)
    for key, raw in settings:
        assert key in store and state[key].as_url(store[key]) == raw, (key, store.get(key))
    assert dict(at.query_params) == lecture_map.query(demo, lang)


def test_the_map_covers_every_page_but_none_it_does_not_have():
    linked = {demo.page for demo in lecture_map.demos()}
    assert linked <= {spec.key for spec in PAGES}
    assert linked == {spec.key for spec in PAGES}, "every page shows some part of the lecture texts"


@pytest.mark.parametrize("locale,lang", [("zh-CN", "zh"), ("en-US", "en")])
def test_home_shows_the_map(locale, lang):
    at = open_page(locale=locale)
    assert not at.exception, [e.value for e in at.exception]
    header = next(h for h in at.header if h.anchor == "lecture-map")
    assert header.value == lecture_map.say(lecture_map.HEADER, lang)
    labels = [e.label for e in at.expander]
    for seed in SEEDS:
        assert lecture_map.seed_label(seed, lang) in labels
    text = "\n".join(m.value for m in at.markdown)
    for seed in SEEDS:
        assert lecture_map.markdown(seed, lang) in text
    assert "(./gradients?lang=" + lang + "&grad_a=1.5&grad_k=10&grad_guess=skip#grad-scalar)" in text


def _anchors(node) -> set[str]:
    """The anchors of the headings under ``node`` of an AppTest tree."""
    found = set()
    for child in getattr(node, "children", {}).values():
        proto = getattr(child, "proto", None)
        if getattr(child, "type", None) in ("header", "subheader", "title") and getattr(proto, "anchor", ""):
            found.add(proto.anchor)
        found |= _anchors(child)
    return found


def _behind_question(at, label: str) -> set[str]:
    """The sections a page keeps collapsed until its question is answered: the anchors inside each
    collapsed part, and that of a heading right above it (the section it is the body of)."""
    behind, previous = set(), None
    for child in at.main.children.values():
        kind = getattr(child, "type", None)
        if kind == "expander" and getattr(child, "label", None) == label:
            behind |= _anchors(child)
            if getattr(previous, "type", None) in ("header", "subheader") and previous.proto.anchor:
                behind.add(previous.proto.anchor)
        previous = child
    return behind


@pytest.mark.parametrize("spec", [s for s in PAGES if s.key in {"home", "cell_lab", "two_ones", "gradients",
                                                                 "charlm_cells", "beyond", "forecast"}], ids=lambda s: s.key)
def test_the_sections_behind_a_question_are_the_ones_the_map_opens_skipped(spec):
    """Issue 33: a page keeps what answers its question collapsed until it is answered; the map's links
    to a section in there open the question skipped, and no other link does."""
    from playground.core.i18n import t

    at = open_page(spec.path)
    assert not at.exception
    behind = _behind_question(at, t("predict.hidden", "en"))
    assert behind, f"{spec.key}: nothing behind its question"
    guess = f"{_state_of(spec.key).prefix}_guess"
    mapped = {anchor for anchor, key in lecture_map.behind_question_keys().items() if key == guess}
    linked = {d.anchor for seed in SEEDS for part in seed.parts for d in part.demos if d.page == spec.key}
    assert behind & linked == mapped & linked and mapped <= behind, (spec.key, behind, linked, mapped)
    answered = open_page(spec.path, link={guess: "skip"})
    assert not _behind_question(answered, t("predict.hidden", "en"))

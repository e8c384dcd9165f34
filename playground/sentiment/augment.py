"""Order-sensitive training sentences made from templates: the constructions the reviews rarely
spell out (negation, "not X at all", double negatives, contrast where the later clause decides).

A review corpus has few "不难吃" or "not bad at all", so a model trained on it alone learns that
"bad" means negative and never learns what "not" does to it. These templates write each
construction with many words of known polarity, both ways round, so that the same words appear
with both labels and only the order and the function words tell them apart. They are used for
training only (never for validation, test or the challenge set), and the words are chosen here,
by hand: a short list of common evaluative words in each language.
"""

from __future__ import annotations

import random

from playground.sentiment.challenge import SETS as CHALLENGE

ZH_SUBJECTS = ("菜", "味道", "服务", "质量", "这本书", "房间", "手机", "衣服", "酒店", "效果", "环境", "包装",
               "东西", "电影", "屏幕", "价格", "快递", "态度", "做工", "声音")
ZH_GOOD = ("好", "好吃", "不错", "满意", "干净", "方便", "好用", "便宜", "舒服", "热情", "快", "划算", "精致",
           "好看", "有意思", "实惠", "安静", "新鲜", "值", "喜欢", "棒", "出色", "周到", "清楚")
ZH_BAD = ("差", "难吃", "糟糕", "失望", "脏", "麻烦", "难用", "贵", "难受", "冷淡", "慢", "坑", "粗糙", "难看",
          "无聊", "吵", "讨厌", "烂", "差劲", "敷衍", "模糊", "旧", "卡")
ZH_DEGREE = ("", "很", "太", "特别", "非常", "挺", "真")
ZH_LATER_GOOD = ("下次还会再来", "还会再买", "推荐大家买", "值得一试", "总体很满意", "会回购的")
ZH_LATER_BAD = ("下次不会再来了", "不会再买了", "不推荐", "不值得一试", "总体很失望", "不会回购了")

EN_SUBJECTS = ("the film", "the movie", "the acting", "the plot", "the story", "the script", "the cast",
               "the ending", "the music", "the dialogue", "the direction", "the humour", "the lead", "it")
EN_GOOD = ("good", "great", "wonderful", "brilliant", "funny", "moving", "charming", "clever", "gripping",
           "beautiful", "fresh", "smart", "enjoyable", "delightful", "superb", "fantastic", "touching",
           "engaging", "fun", "excellent", "memorable", "lovely", "powerful", "entertaining")
EN_BAD = ("bad", "boring", "dull", "awful", "terrible", "tedious", "stupid", "weak", "flat", "lame", "silly",
          "predictable", "bland", "clumsy", "lifeless", "messy", "pointless", "forgettable", "poor", "painful",
          "annoying", "tiresome", "empty", "horrible")
EN_DEGREE = ("", "very ", "really ", "so ", "quite ", "truly ")
# verbs: (base, past, -ing)
EN_GOOD_VERBS = (("enjoy", "enjoyed", "enjoying"), ("love", "loved", "loving"), ("like", "liked", "liking"),
                 ("admire", "admired", "admiring"), ("adore", "adored", "adoring"))
EN_BAD_VERBS = (("hate", "hated", "hating"), ("dislike", "disliked", "disliking"), ("regret", "regretted", "regretting"),
                ("resent", "resented", "resenting"), ("loathe", "loathed", "loathing"))
EN_FEELINGS_BAD = ("disappointed", "bored", "annoyed", "let down")
EN_FEELINGS_GOOD = ("delighted", "moved", "entertained", "impressed")
EN_LATER_GOOD = ("I would watch it again", "I recommend it", "I loved it", "worth every minute",
                 "I'd see it twice", "I enjoyed it")
EN_LATER_BAD = ("I would never watch it again", "I don't recommend it", "I hated it", "a waste of time",
                "I walked out", "I regret seeing it")


def _zh(rng: random.Random) -> tuple[str, int]:
    s, s2 = rng.sample(ZH_SUBJECTS, 2)
    g, b = rng.choice(ZH_GOOD), rng.choice(ZH_BAD)
    d = rng.choice(ZH_DEGREE)
    positive = rng.random() < 0.5
    word, other = (b, g) if positive else (g, b)  # the word that gets negated has the other polarity
    pattern = rng.randrange(10)
    if pattern == 0:
        return f"{s}不{word}", int(positive)
    if pattern == 1:
        return f"{s}一点也不{word}" + rng.choice(("", f"，{d}{other}")), int(positive)
    if pattern == 2:
        return f"{s}不是不{other}", int(positive)  # double negative: 不是不好 = 好
    if pattern == 3:
        return f"{s}没有那么{word}", int(positive)
    if pattern == 4:
        first, last = (b, g) if positive else (g, b)
        return f"虽然{s}{d}{first}，但是{s2}{rng.choice(ZH_DEGREE)}{last}", int(positive)
    if pattern == 5:
        first, last = (b, g) if positive else (g, b)
        return f"{s}{d}{first}，{rng.choice(('但', '不过', '可是'))}{s2}{last}", int(positive)
    if pattern == 6:
        first = b if positive else g
        return f"{s}{d}{first}，{rng.choice(('就是', '不过', '但是'))}" + rng.choice(
            ZH_LATER_GOOD if positive else ZH_LATER_BAD), int(positive)
    if pattern == 7:
        first, last = (b, g) if positive else (g, b)
        return f"本来以为{s}会{first}，结果{rng.choice(ZH_DEGREE)}{last}", int(positive)
    if pattern == 8:
        return f"{s}不{word}，{d}{other}", int(positive)
    return f"没想到{s}这么{other}", int(positive)


def _en(rng: random.Random) -> tuple[str, int]:
    s, s2 = rng.sample(EN_SUBJECTS, 2)
    g, b = rng.choice(EN_GOOD), rng.choice(EN_BAD)
    d = rng.choice(EN_DEGREE)
    positive = rng.random() < 0.5
    word, other = (b, g) if positive else (g, b)
    be = "are" if s.endswith("s") and s != "it" else "is"
    pattern = rng.randrange(14)  # 11-13: verbs and feelings
    if pattern == 0:
        return f"{s} {be} not {word}", int(positive)
    if pattern == 1:
        later = rng.choice(EN_LATER_GOOD if positive else EN_LATER_BAD)
        return f"not {word} at all" + rng.choice(("", f", {later}")), int(positive)
    if pattern == 2:
        return f"{s} {be} never {word}", int(positive)
    if pattern == 3:
        return f"I can't say {s} {be} {word}", int(positive)
    if pattern == 4:
        first, last = (b, g) if positive else (g, b)
        return f"{s} {be} {d}{first}, but {s2} {'are' if s2.endswith('s') and s2 != 'it' else 'is'} {last}", int(positive)
    if pattern == 5:
        first, last = (b, g) if positive else (g, b)
        return f"I expected it to be {first}, but it was {d}{last}", int(positive)
    if pattern == 6:
        first = b if positive else g
        return f"{d}{first} at times, but {rng.choice(EN_LATER_GOOD if positive else EN_LATER_BAD)}", int(positive)
    if pattern == 7:
        return f"there is nothing {word} about {s}", int(positive)
    if pattern == 8:
        return f"{s} {be} far from {word}", int(positive)
    if pattern == 9:
        return f"{s} {be} not {word}; {s} {be} {d}{other}", int(positive)
    if pattern == 10:
        return f"I wouldn't call {s} {word}", int(positive)
    return _en_verbs(rng, positive, word, other, s)


def _en_verbs(rng: random.Random, positive: bool, word: str, other: str, s: str) -> tuple[str, int]:
    """Constructions built on verbs and feelings ("I didn't hate it", "no one will be bored")."""
    good, bad = rng.choice(EN_GOOD_VERBS), rng.choice(EN_BAD_VERBS)
    verb, other_verb = (bad, good) if positive else (good, bad)  # the negated verb has the other polarity
    feeling = rng.choice(EN_FEELINGS_BAD if positive else EN_FEELINGS_GOOD)
    pattern = rng.randrange(10)
    if pattern == 0:
        return f"I didn't {verb[0]} it" + rng.choice(("", f"; I {other_verb[1]} it")), int(positive)
    if pattern == 1:
        return f"I can't say I {verb[1]} " + rng.choice(("it", "a single minute", "any of it")), int(positive)
    if pattern == 2:
        first, last = (bad, good) if positive else (good, bad)
        return f"I was ready to {first[0]} it, and I ended up {last[2]} it", int(positive)
    if pattern == 3:
        return f"no one will be {feeling}", int(positive)
    if pattern == 4:
        return f"{s} is anything but {word}", int(positive)
    if pattern == 5:
        return f"hardly {word}" + rng.choice(("", f", {s} is {other}")), int(positive)
    if pattern == 6:
        return f"there is not a single {word} moment", int(positive)
    if pattern == 7:
        first, last = (word, other)
        return f"it was {first} at first, but then it was {last}", int(positive)
    if pattern == 8:
        comparison = "feared" if positive else "hoped"
        return f"it wasn't as {word} as I {comparison}", int(positive)
    return f"I didn't expect to {other_verb[0]} it this much", int(positive)


def sentences(lang: str, n: int, seed: int = 0) -> list[tuple[str, int]]:
    """``n`` distinct template sentences with their labels (1 positive), balanced by construction;
    never a sentence of the challenge set (a template can write "not bad at all" too)."""
    rng = random.Random(seed)
    make = _zh if lang == "zh" else _en
    banned = {text for text, _ in CHALLENGE[lang]}
    out: dict[str, int] = {}
    for _ in range(n * 20):
        if len(out) >= n:
            break
        text, label = make(rng)
        if text not in banned:
            out.setdefault(text, label)
    return list(out.items())

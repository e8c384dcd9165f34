"""Order-sensitive challenge sentences, written for this project.

In each, negation ("不", "没", "not", "never"), contrast ("但", "虽然…但是", "but", "yet"), "not X at
all", a double negative or the order of clauses decides the label. They come in pairs (positive
first) with the same frame and the opposite label, mostly the same words: a bag-of-tokens model
sees a pair as nearly one sentence. Label 1 = positive.

Two halves, fixed before any model of this round was trained:

- ``dev``: the 21 pairs per language that earlier rounds looked at (``SEEN_*``: choices were made
  with them) and the new pairs not held out. Recipes may use it for choices.
- ``held_out``: 32 pairs per language drawn from the new pairs (``NEW_*``, written this round) by
  the sha256 of the pair's positive sentence. No recipe, setting or seed is chosen with it; the
  shipped models' cards report it and the tests check it.
"""

from __future__ import annotations

import hashlib

SEEN_ZH: tuple[tuple[str, int], ...] = (
    ("一点也不差", 1), ("一点也不好", 0),
    ("没有让我失望", 1), ("太让我失望了", 0),
    ("不是不好，是非常好", 1), ("不是很好，有点失望", 0),
    ("价格不贵，质量也不错", 1), ("价格不便宜，质量也不好", 0),
    ("送货不慢，包装也不破", 1), ("送货很慢，包装也破了", 0),
    ("本来以为会很差，结果出乎意料地好", 1), ("本来以为会很好，结果很失望", 0),
    ("开始有点担心，用了以后很满意", 1), ("开始挺满意，用了两天就坏了", 0),
    ("虽然贵了点，但是物有所值", 1), ("虽然便宜，但是质量太差", 0),
    ("虽然包装简陋，但是书的内容很好", 1), ("虽然包装漂亮，但是内容空洞", 0),
    ("房间不大，但是很干净，服务也热情", 1), ("房间很大，但是又脏又吵", 0),
    ("别人说不好，我觉得挺好的", 1), ("别人说好，我觉得很一般", 0),
    ("没想到这么好用", 1), ("没想到这么难用", 0),
    ("不难用，反而很方便", 1), ("不方便，反而很麻烦", 0),
    ("刚收到时不太喜欢，看完后爱不释手", 1), ("刚收到时很喜欢，没几天就不想用了", 0),
    ("服务慢，但味道很好", 1), ("味道很好，但服务太慢了", 0),
    ("不得不说，这本书真的值得一读", 1), ("不推荐购买", 0),
    ("不会后悔买了它", 1), ("再也不会买了", 0),
    ("并不像差评说的那么糟糕，挺好的", 1), ("完全不像广告说的那样好", 0),
    ("从来没有买过这么满意的东西", 1), ("不值这个价钱", 0),
    ("没有一点不满意的地方", 1), ("配送不慢，饭也不是不好吃，就是下次不会再点了", 0),
    ("质量好得没话说", 1), ("服务态度好，可惜菜太难吃", 0),
)

SEEN_EN: tuple[tuple[str, int], ...] = (
    ("not bad at all", 1), ("not good at all", 0),
    ("I didn't expect much, but it was wonderful", 1), ("I expected a lot, but it was dull", 0),
    ("it is not a boring film", 1), ("it is a boring film", 0),
    ("never dull, always surprising", 1), ("always dull, never surprising", 0),
    ("the first half drags, but the ending is brilliant", 1), ("the first half is brilliant, but the ending drags", 0),
    ("despite a weak start, it turns into a moving story", 1),
    ("despite a strong start, it turns into a tedious mess", 0),
    ("I can't say I disliked a single minute", 1), ("I can't say I enjoyed a single minute", 0),
    ("not perfect, but very enjoyable", 1), ("pretty to look at, but empty", 0),
    ("critics hated it, but I loved every scene", 1), ("critics loved it, but I hated every scene", 0),
    ("there is nothing I would change", 1), ("there is nothing I would keep", 0),
    ("it never fails to make me laugh", 1), ("it never manages to make me laugh", 0),
    ("the plot is simple, yet the acting is superb", 1), ("the acting is fine, yet the plot is a mess", 0),
    ("hardly a flaw in the whole film", 1), ("hardly worth the ticket", 0),
    ("I was ready to hate it, and I ended up loving it", 1), ("I was ready to love it, and I ended up hating it", 0),
    ("not the disaster everyone predicted; it is charming", 1),
    ("not the masterpiece everyone predicted; it is tiresome", 0),
    ("no one will be disappointed", 1), ("everyone will be disappointed", 0),
    ("you won't regret watching it", 1), ("you will regret watching it", 0),
    ("far from mediocre", 1), ("far from great", 0),
    ("it is anything but boring", 1), ("it is anything but fun", 0),
    ("the trailer looked awful, but the movie is great", 1), ("the trailer looked great, but the movie is awful", 0),
    ("without a doubt the best film this year", 1), ("I wanted to like it, but I couldn't", 0),
)


NEW_ZH: tuple[tuple[str, int], ...] = (
    ("菜一点都不难吃，反而很香", 1), ("菜一点都不好吃，反而很腻", 0),
    ("不是不喜欢，是太喜欢了", 1), ("不是太喜欢，有点后悔", 0),
    ("说不上差，其实挺好", 1), ("说不上好，其实挺差", 0),
    ("虽然等了很久，但是味道真的很好", 1), ("虽然味道很好，但是等了太久，不会再来了", 0),
    ("快递很慢，不过东西非常好", 1), ("东西不错，不过快递慢得让人受不了", 0),
    ("没有想象中那么差", 1), ("没有想象中那么好", 0),
    ("一点也不贵，很划算", 1), ("一点也不便宜，不划算", 0),
    ("不会让你失望的", 1), ("会让你失望的", 0),
    ("从来没吃过这么好吃的", 1), ("从来没吃过这么难吃的", 0),
    ("不能说不好", 1), ("不能说好", 0),
    ("并不难用", 1), ("并不好用", 0),
    ("不差，真的不差", 1), ("不好，真的不好", 0),
    ("服务员态度不冷淡，很热情", 1), ("服务员态度不热情，很冷淡", 0),
    ("手机用起来不卡，速度很快", 1), ("手机用起来很卡，速度不快", 0),
    ("屏幕不小，看着很舒服", 1), ("屏幕太小，看着不舒服", 0),
    ("外面不吵，睡得很好", 1), ("外面太吵，睡得不好", 0),
    ("这次没有出问题，很放心", 1), ("这次又出问题了，很不放心", 0),
    ("以前觉得一般，现在越用越喜欢", 1), ("以前觉得很好，现在越用越失望", 0),
    ("价格有点高，可是质量确实好", 1), ("质量还行，可是价格实在太高", 0),
    ("包装普通，里面的东西却很精致", 1), ("包装精致，里面的东西却很普通", 0),
    ("这本书不枯燥，很有意思", 1), ("这本书没意思，很枯燥", 0),
    ("没有什么可挑剔的", 1), ("没有什么值得推荐的", 0),
    ("绝对不后悔", 1), ("买了真后悔", 0),
    ("不觉得贵，值这个价", 1), ("觉得太贵，不值这个价", 0),
    ("难得这么满意", 1), ("难得这么失望", 0),
    ("不但便宜，而且好用", 1), ("不但贵，而且难用", 0),
    ("谁说不好吃？我觉得很好吃", 1), ("谁说好吃？我觉得很难吃", 0),
    ("效果不是一般的好", 1), ("效果不是一般的差", 0),
    ("客服解决问题不拖拉，很及时", 1), ("客服解决问题很拖拉，不及时", 0),
    ("虽然位置偏了点，但是环境安静，早餐也好", 1), ("虽然位置好，但是环境吵，早餐也差", 0),
    ("第一次用就不失望", 1), ("第一次用就很失望", 0),
    ("不再担心质量问题了", 1), ("又要担心质量问题了", 0),
    ("别犹豫了，值得买", 1), ("别犹豫了，别买", 0),
    ("不至于像别人说的那么难看", 1), ("不至于像别人说的那么好看", 0),
    ("不贵也不难吃，挺满意", 1), ("不便宜也不好吃，挺失望", 0),
    ("除了送得慢，其他都很好", 1), ("除了包装好，其他都很差", 0),
    ("本以为不会喜欢，没想到很喜欢", 1), ("本以为会喜欢，没想到很讨厌", 0),
    ("没有一处让人不舒服", 1), ("没有一处让人舒服", 0),
    ("不得不承认，做得很好", 1), ("不得不承认，做得很差", 0),
    ("下次还会再来", 1), ("下次不会再来", 0),
    ("挺好，就是有点小贵", 1), ("挺便宜，就是太难吃了", 0),
    ("看着一般，吃起来却很好吃", 1), ("看着很好，吃起来却很一般", 0),
)

NEW_EN: tuple[tuple[str, int], ...] = (
    ("not boring at all", 1), ("not funny at all", 0),
    ("the acting is not bad, it is actually great", 1), ("the acting is not great, it is actually bad", 0),
    ("I didn't hate it; I loved it", 1), ("I didn't love it; I hated it", 0),
    ("it wasn't as bad as I feared", 1), ("it wasn't as good as I hoped", 0),
    ("never boring for a second", 1), ("never funny for a second", 0),
    ("the story is slow, but worth the wait", 1), ("the story is fast, but not worth the wait", 0),
    ("the cast is unknown, but the performances are superb", 1),
    ("the cast is famous, but the performances are weak", 0),
    ("there is not a single dull moment", 1), ("there is not a single funny moment", 0),
    ("I would not call it bad", 1), ("I would not call it good", 0),
    ("it is not without charm", 1), ("it is without charm", 0),
    ("no, it is not a bad film", 1), ("no, it is not a good film", 0),
    ("the ending is not predictable at all", 1), ("the ending is predictable in every way", 0),
    ("it is silly, but in the best possible way", 1), ("it is clever, but in the most tiresome way", 0),
    ("a slow start, then a wonderful ride", 1), ("a wonderful start, then a slow slog", 0),
    ("I can't think of anything I disliked", 1), ("I can't think of anything I liked", 0),
    ("nobody could find this dull", 1), ("nobody could find this exciting", 0),
    ("less a disappointment than a delight", 1), ("less a delight than a disappointment", 0),
    ("not once did I check my watch", 1), ("I checked my watch again and again", 0),
    ("the jokes never fall flat", 1), ("the jokes always fall flat", 0),
    ("I had low hopes, and it exceeded them", 1), ("I had high hopes, and it crushed them", 0),
    ("the music is loud, but the film is beautiful", 1), ("the film is beautiful, but the music ruins it", 0),
    ("it is long, yet never tedious", 1), ("it is short, yet still tedious", 0),
    ("don't miss it", 1), ("don't watch it", 0),
    ("I wouldn't miss it for anything", 1), ("I wouldn't watch it for anything", 0),
    ("it is not the worst film of the year; it is one of the best", 1),
    ("it is not the best film of the year; it is one of the worst", 0),
    ("the critics were wrong: it is great", 1), ("the critics were wrong: it is awful", 0),
    ("no, I did not regret it", 1), ("yes, I did regret it", 0),
    ("it lacks nothing", 1), ("it lacks everything", 0),
    ("it never loses its grip", 1), ("it never finds its grip", 0),
    ("not a waste of time", 1), ("a waste of time", 0),
    ("not bad, not bad at all", 1), ("not good, not good at all", 0),
    ("the script is not weak, it is sharp", 1), ("the script is not sharp, it is weak", 0),
    ("I was bored at first, but then I was hooked", 1), ("I was hooked at first, but then I was bored", 0),
    ("although it is cheap, it looks wonderful", 1), ("although it is expensive, it looks cheap", 0),
    ("it doesn't disappoint", 1), ("it doesn't deliver", 0),
    ("it is impossible to dislike", 1), ("it is impossible to enjoy", 0),
    ("far better than I expected", 1), ("far worse than I expected", 0),
    ("I laughed, I cried, I would watch it again", 1), ("I yawned, I sighed, I would never watch it again", 0),
    ("not a bad word to say about it", 1), ("not a good word to say about it", 0),
    ("it is not unwatchable; it is actually fun", 1), ("it is not unwatchable, but it is not fun", 0),
    ("strange at first, wonderful in the end", 1), ("wonderful at first, strange and empty in the end", 0),
    ("I didn't expect to like it this much", 1), ("I didn't expect to dislike it this much", 0),
)

HELD_OUT_PAIRS = 32


def pairs(items: tuple[tuple[str, int], ...]) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    return [(items[i], items[i + 1]) for i in range(0, len(items), 2)]


def _flat(chosen) -> tuple[tuple[str, int], ...]:
    return tuple(item for pair in chosen for item in pair)


def _halves(seen, new) -> dict[str, tuple[tuple[str, int], ...]]:
    ranked = sorted(pairs(new), key=lambda pair: hashlib.sha256(pair[0][0].encode("utf-8")).hexdigest())
    return {"held_out": _flat(ranked[:HELD_OUT_PAIRS]), "dev": tuple(seen) + _flat(ranked[HELD_OUT_PAIRS:])}


HALVES: dict[str, dict[str, tuple[tuple[str, int], ...]]] = {
    "zh": _halves(SEEN_ZH, NEW_ZH), "en": _halves(SEEN_EN, NEW_EN)}
SETS = {lang: halves["dev"] + halves["held_out"] for lang, halves in HALVES.items()}  # the whole set


def challenge_accuracy(predict, lang: str, half: str = "held_out") -> float:
    """Share of one half of the challenge set (``held_out``, ``dev`` or ``all``) that
    ``predict(text) -> p_positive`` gets right."""
    items = SETS[lang] if half == "all" else HALVES[lang][half]
    return sum((predict(text) >= 0.5) == bool(label) for text, label in items) / len(items)

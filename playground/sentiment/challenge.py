"""Order-sensitive challenge sentences, written for this project.

In each, negation ("不", "没", "not", "never"), contrast ("但", "虽然…但是", "but", "yet") or the
order of clauses decides the label; many come in pairs with the same words in another order or
polarity. A bag-of-tokens model sees the pairs as nearly the same sentence. Label 1 = positive.
"""

from __future__ import annotations

ZH: tuple[tuple[str, int], ...] = (
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

EN: tuple[tuple[str, int], ...] = (
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

SETS = {"zh": ZH, "en": EN}


def challenge_accuracy(predict, lang: str) -> float:
    """Share of the challenge set that ``predict(text) -> p_positive`` gets right."""
    items = SETS[lang]
    return sum((predict(text) >= 0.5) == bool(label) for text, label in items) / len(items)

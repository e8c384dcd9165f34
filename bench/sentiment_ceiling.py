"""How far a strong linear model gets on the sentiment corpora: a ceiling check for the
recurrent classifiers' accuracy targets (issue 18). Not part of ``python -m bench``, nor of CI.

    pip install scikit-learn==1.9.1 jieba==0.42.1   # research only: the app never imports them
    python -m bench.sentiment_ceiling zh            # or en

For each feature set it fits logistic regression on the train split (tf-idf, sublinear counts),
picks C on the validation split, and prints validation and test accuracy. It also fits NB-SVM
(logistic regression on binary n-grams scaled by their naive-Bayes log-count ratio) and prints
40 of its test errors, drawn with a fixed seed, for reading by hand: is the label right?
"""

from __future__ import annotations

import random
import sys

import numpy as np
from scipy.sparse import diags, hstack
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from playground.core.datasets.reviews import by_split, load_en, load_zh

C_GRID = (0.1, 0.3, 1, 3, 10, 30)


def _matrix(vectorizers, items, fit: bool = False):
    texts = [e.text for e in items]
    return hstack([v.fit_transform(texts) if fit else v.transform(texts) for v in vectorizers]).tocsr()


def best_logistic(make_vectorizers, splits, scale=None):
    """(validation, test, C, model, vectorizers) of the C with the best validation accuracy."""
    train, val, test = splits
    vectorizers = make_vectorizers()
    x_train = _matrix(vectorizers, train, fit=True)
    y_train = np.array([e.label for e in train])
    if scale == "nb":  # NB-SVM: weight each n-gram by log(p(n-gram | positive) / p(n-gram | negative))
        pos, neg = 1 + x_train[y_train == 1].sum(0), 1 + x_train[y_train == 0].sum(0)
        scale = diags(np.asarray(np.log((pos / pos.sum()) / (neg / neg.sum())))[0])
    prepare = (lambda m: m @ scale) if scale is not None else (lambda m: m)
    x_val, x_test = prepare(_matrix(vectorizers, val)), prepare(_matrix(vectorizers, test))
    best = None
    for c in C_GRID:
        model = LogisticRegression(C=c, max_iter=3000).fit(prepare(x_train), y_train)
        score_val = model.score(x_val, [e.label for e in val])
        if best is None or score_val > best[0]:
            best = (score_val, model.score(x_test, [e.label for e in test]), c, model, x_test)
    return best


def feature_sets(lang: str) -> dict:
    if lang == "zh":
        import jieba

        jieba.setLogLevel(60)
        chars = lambda binary: (CountVectorizer(analyzer="char", ngram_range=(1, 3), binary=True) if binary else
                                TfidfVectorizer(analyzer="char", ngram_range=(1, 3), sublinear_tf=True))
        words = lambda binary: (CountVectorizer if binary else TfidfVectorizer)(
            tokenizer=lambda s: list(jieba.cut(s)), lowercase=False, ngram_range=(1, 2), token_pattern=None,
            **({"binary": True} if binary else {"sublinear_tf": True}))
        return {"characters 1-3": lambda b: [chars(b)], "jieba words 1-2": lambda b: [words(b)],
                "characters 1-3 + jieba words 1-2": lambda b: [chars(b), words(b)]}
    words = lambda binary, n: (CountVectorizer(ngram_range=(1, n), binary=True) if binary else
                               TfidfVectorizer(ngram_range=(1, n), sublinear_tf=True))
    pieces = lambda binary: (CountVectorizer(analyzer="char_wb", ngram_range=(2, 5), binary=True) if binary else
                             TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True))
    return {"words 1-2": lambda b: [words(b, 2)], "words 1-3 + letters 2-5": lambda b: [words(b, 3), pieces(b)]}


def main(lang: str) -> None:
    examples = (load_zh if lang == "zh" else load_en)()[0]
    splits = tuple(by_split(examples, s) for s in ("train", "validation", "test"))
    print(lang, "train / validation / test:", *map(len, splits))
    sets = feature_sets(lang)
    for name, make in sets.items():
        val, test, c, _, _ = best_logistic(lambda make=make: make(False), splits)
        print(f"logistic, {name}: validation {val:.3f}, test {test:.3f} (C={c})", flush=True)
    richest = list(sets.values())[-1]
    val, test, c, model, x_test = best_logistic(lambda: richest(True), splits, scale="nb")
    print(f"NB-SVM, {list(sets)[-1]}: validation {val:.3f}, test {test:.3f} (C={c})")
    wrong = [e for e, p in zip(splits[2], model.predict(x_test), strict=True) if p != e.label]
    random.Random(0).shuffle(wrong)
    print(f"{len(wrong)} test errors; 40 of them (label, text):")
    for e in wrong[:40]:
        print(e.label, e.text[:100])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "zh")

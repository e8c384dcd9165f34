"""UI strings of the "predict first" box every page opens its lab with, in 中文 and English."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
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
}

"""Lesson "interpretable cells": which units of the shipped character LMs track quotes, line
position or indentation (``interpret``), its page, settings, strings and question."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/visibility:",
    main_widget="cells_regex",
    main_value=r"\bif\b.*",
    model_classes=(
        "playground.models.charlm.engine.FastSampler",
        "playground.models.charlm.shipped.LanguageModel",
    ),
    behind_question=("cells-rank", "cells-view"),
    question_place="quote",
    places=(
        place("quote", "cells-view", "引号细胞：字符串里外",
              "a quote cell: inside a string or not",
              at=(("notes", "7", 1),), cells_focus="in_string"),
        place("line", "cells-view", "行长细胞：在一行中的位置",
              "a line-length cell: the position in the line",
              at=(("notes", "7", 2),), cells_focus="column"),
        place("if", "cells-view", r"if 语句细胞：用正则 \bif\b.*（只标出 if 那一行，不含语句块）找最接近的细胞",
              r"an if-statement cell: the closest one to the pattern \bif\b.* (it marks the if line only, not the block)",
              at=(("notes", "7", 3),), cells_regex=r"\bif\b.*", cells_focus="regex"),
        place("comment", "cells-view", "注释细胞",
              "a comment cell",
              at=(("notes", "7", 4),), cells_focus="in_comment"),
        place("indent", "cells-view", "缩进深度细胞",
              "an indent-depth cell",
              at=(("notes", "7", 5),), cells_focus="indent"),
    ),
)

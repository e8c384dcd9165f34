"""Lesson "two 1s in a row": the lecture's hand-built RNN (``model``), its page, settings, strings
and predict-first question."""

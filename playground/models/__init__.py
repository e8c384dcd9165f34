"""Models that more than one lesson reads, one layer below the lessons (no lesson imports another):
the character-level language models (``charlm``: the char-LM lesson samples them, the cells lesson
reads their units, Beyond's cloze builds on them; the model picker in the app serves both char-LM
pages) and the sentiment classifiers (``sentiment``: the sentiment lesson reads reviews with them,
the gate lab watches the shipped LSTM's gates)."""

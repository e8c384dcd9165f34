"""Lesson "inside LSTM and GRU cells" (the gate lab): the scalar LSTM, one vector step, the
conveyor belt and the shapes of stacked RNNs (``model``), its page, settings, strings and question."""

"""The core: what every lesson builds on, with no Streamlit and no lesson in it. Recurrent cells
(``cells``), training loops and checkpoints, background jobs and the fair share of the CPU, the
corpora (``datasets``), the declared page settings (``settings``), the decoding checks
(``decoding``), errors and number formatting, and ``i18n.t``."""

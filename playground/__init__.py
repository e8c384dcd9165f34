"""RNN Playground library: the math and models behind the pages.

Importable and testable without a Streamlit server; only ``playground.ui`` imports streamlit.
"""

from playground.device import device, device_label
from playground.errors import InputError

__all__ = ["device", "device_label", "InputError"]

"""RNN Playground library: the math and models behind the pages.

Importable and testable without a Streamlit server; only ``playground.app`` imports streamlit.
"""

from playground.core.device import device, device_label
from playground.core.errors import InputError

__all__ = ["device", "device_label", "InputError"]

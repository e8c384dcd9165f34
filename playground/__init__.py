"""RNN Playground library: the math and models behind the pages.

Importable and testable without a Streamlit server; only ``playground.app`` and the lessons' pages
import streamlit. The lessons are listed once, in ``playground.lessons`` (the house); this root tells
the core where their strings are, so that ``playground.core`` never names a layer above it.
"""

from playground.core import i18n
from playground.core.device import device, device_label
from playground.core.errors import InputError


def _string_modules() -> tuple[str, ...]:
    from playground import lessons  # on first use: the house imports every lesson's manifest

    return lessons.string_modules()


i18n.use_strings(_string_modules)

__all__ = ["device", "device_label", "InputError"]

"""Shared test helpers."""

import base64
import datetime
import math
import os
import re

import numpy as np
from streamlit.testing.v1 import AppTest

APP = "../streamlit_app.py"
TIMEOUT = 120  # a cold import of torch and plotly takes seconds on these machines
# the fuzzing's rotation (tests/test_fuzz.py): a new seed each day unless one is given, printed in the header
FUZZ_SEED = int(os.environ.get("FUZZ_SEED") or datetime.date.today().strftime("%Y%m%d"))
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))


def open_page(path: str | None = None, locale: str = "en-US", link: dict[str, str] | None = None) -> AppTest:
    """The app opened on the page file ``path`` (else its default page) with a browser locale and the
    query ``link`` of a shared URL, as a deep link opens it: the page reads its link on its first run."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.context = {"locale": locale}
    for key, value in (link or {}).items():
        at.query_params[key] = value
    return at.switch_page(path).run() if path else at.run()


def _clear_session_jobs():
    from playground.app.background import session_jobs

    session_jobs.clear()


def fresh_session() -> None:
    """AppTest runs every test in one session ("test session id"): forget its jobs (and live models)."""
    AppTest.from_function(_clear_session_jobs, default_timeout=30).run()


def drawings(at: AppTest) -> dict[str, "Drawing"]:
    """The SVG charts and diagrams on the page (``playground.drawing`` through ``app.show_svg``), by title."""
    import xml.etree.ElementTree as ET

    found = {}
    for element in at.markdown:
        if element.value.startswith('<div class="rnn-diagram"'):
            root = ET.fromstring(element.value)
            svg = next(iter(root))
            found[svg.get("aria-label")] = Drawing(svg)
    return found


class Drawing:
    """A chart from ``svg.sentence_chart_svg``: its x labels, its series and its tick labels."""

    def __init__(self, svg) -> None:
        self.svg = svg

    def _texts(self, where) -> list[str]:
        return ["".join(t.itertext()) for t in where]

    @property
    def x_labels(self) -> list[str]:
        return self._texts(e for e in self.svg.iter() if e.get("class") == "tick-x")

    @property
    def series(self) -> list[str]:
        return [e.get("data-series") for e in self.svg.iter() if e.get("data-series") is not None]

    @property
    def texts(self) -> list[str]:
        return self._texts(e for e in self.svg.iter() if e.tag.endswith("}text"))


def player(at: AppTest, key: str) -> tuple[list[str], list[str], int]:
    """The in-browser player drawn with ``key`` (``ui.player``): its frames, their labels and the frame it opens on."""
    import hashlib
    import json
    import re

    element = "rnn-player-" + hashlib.sha1(key.encode()).hexdigest()[:10]
    body = next(str(h.proto.body) for h in at.get("html") if f'id="{element}"' in str(h.proto.body))
    frames = json.loads(re.search(r"const frames = (\[.*?\]);\n", body).group(1))
    labels = json.loads(re.search(r"const labels = (\[.*?\]);\n", body).group(1))
    if 'kind = "template"' in body:  # one frame and each frame's values: the frames as the browser fills them in
        fills = json.loads(re.search(r"const fills = (\[.*?\]);\n", body).group(1))
        frames = [filled_frame(frames[0], values) for values in fills]
    return frames, labels, int(re.search(r"let at = (\d+),", body).group(1))


_MARKED = re.compile(r'<\w+[^>]* data-fill="([^"]*)"[^>]*>')


def filled_frame(template: str, values: list[str]) -> str:
    """A template player's frame (``playground.app.player.template_player``) as its script fills it in: each
    data-fill name of each marked element, in order, set as an attribute or (name "text") as its text."""
    import html

    values, out, at = iter(values), [], 0
    for mark in _MARKED.finditer(template):
        tag, text = mark.group(0), None
        for name in mark.group(1).split(","):
            value = next(values)
            if name == "text":
                text = value
            else:
                tag = re.sub(f' {name}="[^"]*"', f' {name}="{html.escape(value)}"', tag, count=1)
        out.append(template[at:mark.start()] + tag)
        at = mark.end()
        if text is not None:  # the element's text runs to the next tag
            out.append(html.escape(text))
            at = template.index("<", at)
    assert next(values, None) is None, "more values than marks"
    return "".join(out) + template[at:]


def sent_values(sent) -> list:
    """A chart's array as Streamlit sends it: numbers travel as packed binary ({"dtype", "bdata"}), NaN (a
    gap in a line) as None; a plain list as it is."""
    if isinstance(sent, dict):
        sent = np.frombuffer(base64.b64decode(sent["bdata"]), dtype=sent["dtype"]).tolist()
    return [None if isinstance(v, float) and math.isnan(v) else v for v in sent]

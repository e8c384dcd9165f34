"""The lesson's "predict first" question (issue 26): Home: 狗咬人 / 人咬狗.

The reveal calls the lesson's own function or shipped model there and then; nothing is a stored
answer. Its strings are the lesson's ``<prefix>.predict.*``, its answer the page's declared ``GUESS`` setting."""


from __future__ import annotations

from playground.app.fair import fragment
from playground.app.language import tr
from playground.app.predict import Reveal, options, predict_first
from playground.app.shared import shared_results
from playground.core.settings import Setting
from playground.home import order

# --- Home: 狗咬人 / 人咬狗 ------------------------------------------------------------------------------------
# seeds/000 (讲解稿) line 17: “狗咬人”和“人咬狗”词频几乎相同，事件角色却完全相反.
ORDER_PAIR = ("狗咬人", "人咬狗")


@shared_results(max_entries=4)
def order_distances(a: str, b: str) -> tuple[float, float]:
    """(distance between the mean character vectors, distance between the RNN's final states)."""
    result = order.compare_orders(a, b)
    return result.mean_distance, result.rnn_distance


def _home_reveal() -> Reveal:
    mean, rnn = order_distances(*ORDER_PAIR)
    correct = "a" if mean == 0 else "b" if mean < 1 else "c"
    return Reveal(frozenset({correct}), tr("home.predict.result", mean=f"{mean:.6g}", rnn=f"{rnn:.6g}"),
                  tr("home.predict.why"))


@fragment
def ask(setting: Setting) -> None:
    predict_first(setting, text(), options("home"), _home_reveal)


def text() -> str:
    """The question as the page asks it (the run-sheet quotes it)."""
    return tr("home.predict.q")


def reveal() -> Reveal:
    """The answer on the page as it opens, computed as its reveal is (the class console, the printed run-sheet)."""
    return _home_reveal()


def right() -> frozenset[str]:
    """The right answer(s) on the page as it opens (the class console marks them)."""
    return reveal().correct


def choices() -> dict[str, str]:
    """The answers the page offers, ``{code: text}``."""
    return options("home")

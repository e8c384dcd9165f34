"""Charts as inline SVG: a value per token over a sentence (lines or bars), heatmaps, bars and a
point on training curves. Pure functions of their arguments.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from playground.core.formatting import escape_markdown as escape
from playground.core.formatting import step_label
from playground.drawing.base import (
    _SUB,
    CELL,
    DECODER,
    INK,
    INPUT,
    OUTPUT,
    _plain,
    _rich,
    _sup,
    _svg,
    _text_px,
    lecture_color,
)


def heatmap_svg(rows: Sequence[Sequence[float]], column_labels: Sequence[str], title: str, row_label: str) -> str:
    """A units x steps grid of values in [-1, 1] (red -1, blue +1), with the value in each cell's tooltip."""
    cell_w, cell_h, left, top = 44, 14, 44, 28
    body = [f'<text x="{left}" y="16" font-size="14" font-weight="bold" fill="{INK}">{escape(title)}</text>']
    for i, row in enumerate(rows):
        y = top + i * cell_h
        # rows (units) are counted from 1, as on every page
        body.append(f'<text x="{left - 6}" y="{y + 11}" text-anchor="end" font-size="10" fill="#777">{i + 1}</text>')
        for j, value in enumerate(row):
            body.append(f'<rect x="{left + j * cell_w}" y="{y}" width="{cell_w - 1}" height="{cell_h - 1}" '
                        f'fill="{lecture_color(float(value))}"><title>{escape(column_labels[j])} · '
                        f"{escape(row_label)} {i + 1}: {float(value):+.4f}</title></rect>")
    bottom = top + len(rows) * cell_h
    for j, label in enumerate(column_labels):
        body.append(f'<text x="{left + j * cell_w + cell_w / 2}" y="{bottom + 16}" text-anchor="middle" font-size="12" '
                    f'fill="{INK}">{escape(label)}</text>')
    body.append(f'<text x="16" y="{top + len(rows) * cell_h / 2}" font-size="11" fill="#777" '
                f'transform="rotate(-90 16 {top + len(rows) * cell_h / 2})" text-anchor="middle">{escape(row_label)}</text>')
    width = left + max(len(column_labels), 1) * cell_w + 10
    return _svg(width, bottom + 26, body, title)


_BARS_LEFT, _BARS_WIDTH = 150, 520  # where the bars start and how long a full one is
# what a player (``playground.app.player.template_player``) sets in a marked bar: its label's text, the
# bar's length and colour, and where its value stands and what it says (``bar_values``, in this order)
_BAR_MARKS = (' data-fill="text"', ' data-fill="width,fill"', ' data-fill="x,text"')


def _bar(label: str, value: float, color: str, scale_max: float, value_format: str) -> tuple[str, str, str, str, str]:
    """One bar's parts: its label, its length, its colour, its value's x and its value as written."""
    length = max(1.0, _BARS_WIDTH * min(value / scale_max, 1.0)) if scale_max > 0 else 1.0
    return label, f"{length:.1f}", color, f"{_BARS_LEFT + length + 6:.1f}", format(value, value_format)


def bars_svg(bars: Sequence[tuple[str, float, str]], scale_max: float, title: str, value_format: str = ",.0f",
             marked: bool = False) -> str:
    """Horizontal bars (label, value, colour) on a fixed scale, so a bar visibly grows or shrinks
    as a slider moves; each bar carries its value. ``marked``: the parts that change from one set of bars
    to another carry data-fill marks, for a player to set with ``bar_values``."""
    left, bar_h, gap, top = _BARS_LEFT, 26, 12, 30
    marks = _BAR_MARKS if marked else ("", "", "")
    body = [f'<text x="0" y="18" font-size="14" font-weight="bold" fill="{INK}">{escape(title)}</text>']
    for k, bar in enumerate(bars):
        label, length, color, value_x, value = _bar(*bar, scale_max, value_format)
        y = top + k * (bar_h + gap)
        body.append(f'<text x="{left - 8}" y="{y + 18}" text-anchor="end" font-size="13" fill="{INK}"{marks[0]}>'
                    f"{escape(label)}</text>")
        body.append(f'<rect x="{left}" y="{y}" width="{length}" height="{bar_h}" rx="3" fill="{color}" '
                    f'fill-opacity="0.8"{marks[1]}/>')
        body.append(f'<text x="{value_x}" y="{y + 18}" font-size="13" fill="{INK}"{marks[2]}>{value}</text>')
    return _svg(left + _BARS_WIDTH + 110, top + len(bars) * (bar_h + gap), body, title)


def bar_values(bars: Sequence[tuple[str, float, str]], scale_max: float, value_format: str = ",.0f") -> list[str]:
    """What a player sets in ``bars_svg(..., marked=True)`` (as many bars) to show ``bars``: plain text and
    attribute values, in the order of its marks."""
    return [part for bar in bars for part in _bar(*bar, scale_max, value_format)]


def curve_point_svg(curves: dict[str, tuple[Sequence[float], Sequence[float]]], point: tuple[float, float],
                    title: str, x_title: str, y_title: str) -> str:
    """A few lines (name: (x, y)) on one small chart, with ``point`` marked by a ring and its value:
    where one frame of a step-through sits on the whole curve (every frame draws the same lines)."""
    left, top, width, height = 56, 50, 440, 150
    xs = [float(x) for xy in curves.values() for x in xy[0]] + [float(point[0])]
    ys = [float(y) for xy in curves.values() for y in xy[1] if math.isfinite(float(y))] + [float(point[1])]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = min(ys), max(ys) if max(ys) > min(ys) else min(ys) + 1

    def px(x: float, y: float) -> tuple[float, float]:
        return left + width * (x - x0) / (x1 - x0), top + height * (1 - (y - y0) / (y1 - y0))

    colours = (CELL, DECODER, INPUT)
    body = [f'<text x="0" y="16" font-size="13" font-weight="bold" fill="{INK}">{escape(title)}</text>',
            f'<line x1="{left}" y1="{top + height}" x2="{left + width}" y2="{top + height}" stroke="#999"/>',
            f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + height}" stroke="#999"/>']
    for value in (y0, y1):
        _, y = px(x0, value)
        body.append(f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{value:.2f}</text>')
    for value in (x0, x1):
        x, _ = px(value, y0)
        body.append(f'<text x="{x:.1f}" y="{top + height + 15}" text-anchor="middle" font-size="11" fill="#555">'
                    f'{value:,.0f}</text>')
    body.append(f'<text x="{left + width / 2}" y="{top + height + 30}" text-anchor="middle" font-size="11" '
                f'fill="#555">{escape(x_title)}</text>')
    body.append(f'<text x="{left - 44}" y="{top - 14}" font-size="11" fill="#555">{escape(y_title)}</text>')
    for k, (name, (cx, cy)) in enumerate(curves.items()):
        line = " ".join("{:.1f},{:.1f}".format(*px(float(a), float(b))) for a, b in zip(cx, cy, strict=True)
                        if math.isfinite(float(b)))
        colour = colours[k % len(colours)]
        body.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.6"/>')
        body.append(f'<text x="{left + width + 6}" y="{top + 12 + 14 * k}" font-size="11" fill="{colour}">'
                    f'{escape(name)}</text>')
    x, y = px(float(point[0]), float(point[1]))
    body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="{OUTPUT}" stroke-width="3"/>'
                f'<text x="{x + 11:.1f}" y="{y + 4:.1f}" font-size="12" font-weight="bold" fill="{OUTPUT}">'
                f'{float(point[1]):.2f}</text>')
    return _svg(left + width + 150, top + height + 38, body, title)


# --- charts over a sentence, drawn as SVG -------------------------------------------------------------
# Lines (or bars) over the tokens of a sentence: what the gate lab and the classifier redraw on every
# new sentence. Plotly drew each in ~30 ms of the browser's time (more when it grew a margin and drew
# again); an SVG drawing costs a few milliseconds, and each point still tells its value on hover.
SERIES_COLOURS = ("#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2", "#9D755D", "#EECA3B")


PLOT_H = 200


COLUMN_MIN_PX = 20  # a label turned upright is a line of 12 px text wide (~17 px in a CJK font)


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    return [first + k * step for k in range(int(math.ceil((high - first) / step - 1e-9)) + 1)]


def _tick_text(value: float, step: float) -> str:
    decimals = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    text = f"{value:.{decimals}f}"
    return "0" if float(text) == 0 else text.replace("-", "−")


def _decade(exponent: int) -> str:
    return "10" + ("⁻" if exponent < 0 else "") + _sup(abs(exponent))


@dataclass(frozen=True)
class _Scale:
    """A value axis: its ticks (value, text) and the values at the plot's bottom and top."""

    ticks: list[tuple[float, str]]
    bottom: float
    top: float
    log: bool

    def fraction(self, v: float) -> float:
        value = math.log10(v) if self.log else v
        return (value - self.bottom) / (self.top - self.bottom)


def _value_scale(usable: list[float], bars: bool, log_y: bool) -> _Scale:
    """Round ticks over the values (bars always include 0), or powers of ten with ``log_y``."""
    if log_y:
        low = math.floor(math.log10(min(usable))) if usable else -1
        high = math.ceil(math.log10(max(usable))) if usable else 0
        high = max(high, low + 1)
        ticks = [(float(e), _decade(e)) for e in range(low, high + 1, max(1, math.ceil((high - low) / 8)))]
        return _Scale(ticks, float(low), float(high), True)
    low, high = min(usable + [0.0] if bars else usable or [0.0]), max(usable + [0.0] if bars else usable or [1.0])
    steps = _nice_ticks(low, high)
    step = steps[1] - steps[0] if len(steps) > 1 else 1.0
    return _Scale([(v, _tick_text(v, step)) for v in steps], steps[0], steps[-1] if steps[-1] > steps[0] else steps[0] + 1,
                  False)


@dataclass(frozen=True)
class _TokenPlot:
    """Where a sentence chart's plot sits: one column per token from ``left``, ``PLOT_H`` high from ``top``."""

    left: float
    top: float
    column: float
    count: int
    scale: _Scale

    def x(self, i: int) -> float:
        return self.left + self.column * (i + 0.5)

    def y(self, v: float) -> float:
        return self.top + PLOT_H * (1 - self.scale.fraction(v))

    @property
    def width(self) -> float:
        return self.column * self.count


def _legend_rows(names: list[str], left: float, width: float) -> list[tuple[str, float, int]]:
    """(name, x, row) of each legend entry under the axis, wrapped to the drawing's width."""
    rows, x, row = [], left, 0
    for name in names:
        item = 26 + _text_px(_SUB.sub(r"\1", name), 12) + 14
        if x + item > width and x > left:
            x, row = left, row + 1
        rows.append((name, x, row))
        x += item
    return rows


def _value_axis(plot: _TokenPlot, y_title: str) -> list[str]:
    body = []
    for value, text in plot.scale.ticks:
        y = plot.top + PLOT_H * (1 - (value - plot.scale.bottom) / (plot.scale.top - plot.scale.bottom))
        body.append(f'<line x1="{plot.left}" y1="{y:.1f}" x2="{plot.left + plot.width:.1f}" y2="{y:.1f}" stroke="#e6e6e6"/>'
                    f'<text x="{plot.left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{text}</text>')
    if y_title:
        middle = plot.top + PLOT_H / 2
        body.append(f'<text x="14" y="{middle:.1f}" font-size="12" fill="#555" text-anchor="middle" '
                    f'transform="rotate(-90 14 {middle:.1f})">{escape(y_title)}</text>')
    return body


def _token_axis(plot: _TokenPlot, names: list[str], turned: bool, highlight: int | None) -> list[str]:
    """The tokens under the plot (``names``: escaped already)."""
    bottom = plot.top + PLOT_H
    body = [f'<line x1="{plot.left}" y1="{bottom}" x2="{plot.left + plot.width:.1f}" y2="{bottom}" stroke="#999"/>']
    for i, name in enumerate(names):
        x, y = plot.x(i), bottom + 14
        body.append(f'<text class="tick-x" x="{x:.1f}" y="{y:.1f}" font-size="12" fill="{INK}" '
                    + (f'text-anchor="end" transform="rotate(-90 {x + 4:.1f} {y - 6:.1f})">' if turned
                       else 'text-anchor="middle">') + f"{name}</text>")
    if highlight is not None and 0 <= highlight < len(names):
        x = plot.x(highlight)
        body.append(f'<line x1="{x:.1f}" y1="{plot.top}" x2="{x:.1f}" y2="{bottom}" stroke="#777" '
                    'stroke-dasharray="2 3" stroke-width="1.5"/>')
    return body


def _bar_series(plot: _TokenPlot, names: list[str], vs: list[float]) -> list[str]:
    zero = plot.y(0.0) if not plot.scale.log else plot.top + PLOT_H
    body = []
    for i, v in enumerate(vs):
        if not math.isfinite(v):
            continue
        y = plot.y(v)
        fill = CELL if v >= 0 else OUTPUT
        body.append(f'<rect x="{plot.x(i) - plot.column * 0.35:.1f}" y="{min(y, zero):.1f}" width="{plot.column * 0.7:.1f}" '
                    f'height="{max(abs(zero - y), 0.5):.1f}" fill="{fill}" fill-opacity="0.85">'
                    f'<title>{names[i]}: {v:.4g}</title></rect>')
    return body


def _line_series(plot: _TokenPlot, names: list[str], series_name: str, vs: list[float], colour: str,
                 dashed: bool) -> list[str]:
    runs, run = [], []
    for i, v in enumerate(vs):  # a gap where a value cannot be drawn
        if math.isfinite(v) and (v > 0 or not plot.scale.log):
            run.append((plot.x(i), plot.y(v), i, v))
        elif run:
            runs.append(run)
            run = []
    runs += [run] if run else []
    dash = ' stroke-dasharray="6 4"' if dashed else ""
    body, series = [], _plain(series_name)
    for run in runs:
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in run)
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        body += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"><title>{series} · '
                 f'{names[i]}: {v:.4g}</title></circle>' for x, y, i, v in run]
    return body


def _legend(rows: list[tuple[str, float, int]], order: list[str], legend_top: float, dashed: Sequence[str]) -> list[str]:
    body = []
    for name, x, row in rows:
        k = order.index(name)
        colour, y = SERIES_COLOURS[k % len(SERIES_COLOURS)], legend_top + 20 * row
        dash = ' stroke-dasharray="6 4"' if name in dashed else ""
        body.append(f'<line x1="{x:.1f}" y1="{y + 6:.1f}" x2="{x + 20:.1f}" y2="{y + 6:.1f}" stroke="{colour}" '
                    f'stroke-width="2"{dash}/><text x="{x + 26:.1f}" y="{y + 10:.1f}" font-size="12" fill="{INK}">'
                    f"{_rich(name)}</text>")
    return body


def sentence_chart_svg(labels: Sequence[str], series: dict[str, Sequence[float]], title: str, y_title: str = "",
                       bars: bool = False, highlight: int | None = None, log_y: bool = False,
                       dashed: Sequence[str] = (), fit_px: float = 560) -> str:
    """One value per token for each series: lines with a dot per token (a dashed line for the names in
    ``dashed``), or, with ``bars``, bars up or down from 0 for the one series. x: the tokens as
    "t · token"; y: linear with round ticks, or with ``log_y`` powers of ten (what is not positive is left
    out). ``highlight``: a dotted line through that token (0-based). A value that is not finite is a gap.
    Each point's tooltip gives its series, token and value. Wider than the column for a long sentence:
    it then scrolls sideways. ``fit_px``: the width it aims at (a half-width column: ~300)."""
    names = [step_label(i + 1, label) for i, label in enumerate(labels)]
    widest = max((_text_px(s, 12) for s in names), default=0.0)
    values = {k: [float(v) for v in vs] for k, vs in series.items()}
    scale = _value_scale([v for vs in values.values() for v in vs if math.isfinite(v) and (v > 0 or not log_y)],
                         bars, log_y)
    left = 12 + max(_text_px(text, 11) for _, text in scale.ticks) + 8 + (20 if y_title else 0)
    n = max(len(names), 1)
    # as wide as ``fit_px`` allows, never narrower than COLUMN_MIN_PX a token nor wider than its label
    plot = _TokenPlot(left, 34, max(COLUMN_MIN_PX, min(widest + 8, 64.0, (fit_px - left - 24) / n)), n, scale)
    turned = widest + 4 > plot.column  # labels turned upright when they would not fit side by side
    label_room = (widest + 18) if turned else 20
    legend = [] if bars else list(values)
    width = max(left + plot.width + 24, _text_px(_SUB.sub(r"\1", title), 14) + 10, min(320.0, fit_px))
    rows = _legend_rows(legend, left, width)
    height = plot.top + PLOT_H + label_room + (max((r for _, _, r in rows), default=-1) + 1) * 20 + 8
    names = [escape(name) for name in names]  # once for the axis and every point's tooltip
    body = [f'<text x="2" y="18" font-size="14" font-weight="bold" fill="{INK}">{_rich(title)}</text>',
            *_value_axis(plot, y_title), *_token_axis(plot, names, turned, highlight)]
    for k, (series_name, vs) in enumerate(values.items()):
        body.append(f'<g data-series="{_plain(series_name)}">')
        body += (_bar_series(plot, names, vs) if bars else
                 _line_series(plot, names, series_name, vs, SERIES_COLOURS[k % len(SERIES_COLOURS)], series_name in dashed))
        body.append("</g>")
    body += _legend(rows, legend, plot.top + PLOT_H + label_room + 6, dashed)
    return _svg(width, height, body, _SUB.sub(r"\1", title))

"""The SVG line chart of the html exports (the evening's scores by hand, the season's running
totals): a line per player, its name and last value at its end, moved apart where they would
overprint and never cut; tick labels on both axes, each an exact figure. Positions on the
page are floats; the amounts written on it stay exact. Pure."""

from __future__ import annotations

import html
import math
import unicodedata
from decimal import Decimal

from ..amounts import format_amount
from ..cells import cell_width, cut_to_width
from ..i18n import _

FONT = 11
"""The labels' font size (px)."""
LINE = FONT + 2
"""Two labels' baselines at least this far apart (px): one line of text each."""
LABEL_CELLS = 24
"""A line's end label shows at most this many columns of the name (a name is 1–24
characters); a longer one ends with "…", and the key below the chart says it whole."""

_LINE_STYLES = ["", "6 3", "2 3", "10 3 2 3", "1 5", "8 2 1 2"]
_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"]
_NARROW = set("iljtfrI.,;:!|'()[] ")
_WIDE = set("MWmw@%…")
_STEPS: list[Decimal] = [Decimal(1) / 4, Decimal(1) / 2] + [
    Decimal(m) * 10 ** k for k in range(12) for m in (1, 2, 5)]


def text_width(text: str) -> float:
    """A generous estimate of ``text``'s width in px at ``FONT`` in a sans-serif face (no font
    is measured here): wide letters and capitals count more, East Asian ones a whole em."""
    em = 0.0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        if cell_width(ch) == 2:
            em += 1.05
        elif ch in _NARROW:
            em += 0.35
        elif ch in _WIDE or ch in "¼½¾":
            em += 0.95
        elif ch.isupper():
            em += 0.75
        else:
            em += 0.6
    return em * FONT


def tick_step(span: Decimal, most: int, whole: bool = False) -> Decimal:
    """The smallest step of ¼, ½ (not with ``whole``), 1, 2, 5, 10, 20, 50, … that cuts
    ``span`` into at most ``most`` parts: the figures at its multiples are exact and short."""
    steps = _STEPS[2:] if whole else _STEPS
    return next((s for s in steps if float(span) / float(s) <= most), steps[-1])


def y_ticks(low: Decimal, high: Decimal, room: float) -> list[Decimal]:
    """The figures the y axis writes, top first: both ends and the multiples of a step between
    them that stand at least a line from each other (``room``: the axis's height in px);
    whole figures where every end is whole."""
    whole = low == low.to_integral_value() and high == high.to_integral_value()
    step = tick_step(high - low, 5, whole)
    per_unit = room / float(high - low)
    ticks = [high, low]
    k = (math.floor(low / step) + 1) * step
    while k < high:
        if all(abs(float(k - t)) * per_unit >= LINE for t in ticks):
            ticks.append(k)
        k += step
    return sorted(ticks, reverse=True)


def x_ticks(last: int) -> list[int]:
    """The steps the x axis numbers: every one up to 12, else every 2nd, 5th, 10th, … (at most
    12 numbers besides the last, which is always numbered)."""
    step = int(tick_step(Decimal(last), 12, whole=True))
    ticks = list(range(0, last + 1, step))
    if ticks[-1] != last:
        if last - ticks[-1] < step / 2:
            ticks.pop()
        ticks.append(last)
    return ticks


def place_labels(wanted: list[float], lo: float, hi: float) -> list[float | None]:
    """Baselines for labels that want ``wanted`` (in any order): each as near its line's end
    as it can be, every two at least ``LINE`` apart, all within ``lo``..``hi``; where not all
    fit, a label is left out (``None``) rather than drawn over another (the key names
    everyone)."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    room = int((hi - lo) // LINE) + 1
    if len(order) > room:  # keep every n-th label from the top, as many as fit
        order = [order[round(j * (len(order) - 1) / (room - 1))] for j in range(room)] \
            if room > 1 else order[:1]
    placed: dict[int, float] = {}
    floor = lo
    for i in order:  # down: each below the one above it
        placed[i] = max(wanted[i], floor)
        floor = placed[i] + LINE
    ceiling = hi
    for i in reversed(order):  # up: none below the bottom
        placed[i] = min(placed[i], ceiling)
        ceiling = placed[i] - LINE
    return [placed.get(i) for i in range(len(wanted))]


def svg_chart(series: dict[str, list[Decimal]], width: int = 640, height: int = 280, *,
              label: str | None = None, axis: str | None = None, legend: bool = False) -> str:
    """An inline SVG line chart of every player's score by hand (``score_series``), or of any
    series of points (``label`` names the chart, ``axis`` the steps; by default hands). Lines
    differ by dash pattern and carry the player's name (at most ``LABEL_CELLS`` columns of it)
    and last value at their end, so colour is never the only clue; the chart is made wider
    rather than cut a label, and labels that would overprint are moved a line apart, or left
    out where they cannot be. With ``legend``, a key below the chart gives each line's
    pattern, the whole name and the last value as well. The y axis writes its ends and a few
    exact figures between them, the x axis the steps' numbers."""
    values = [v for vs in series.values() for v in vs]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    hands = max(len(vs) for vs in series.values()) - 1
    key_rows = len(series) if legend else 0
    key_h = 8 + 18 * key_rows if key_rows else 0
    top, bottom = 16, 40 + key_h
    height += 12 + key_h
    plot_h = height - top - bottom
    ticks = y_ticks(low, high, plot_h)
    left = max(48, 10 + round(max(text_width(format_amount(t)) for t in ticks)))
    plot_w = width - 48 - 120

    def x(i: int) -> float:
        return left + (plot_w * i / hands if hands else 0)

    top_value, span = float(high), float(high - low)

    def y(v: Decimal) -> float:
        return top + plot_h * (top_value - float(v)) / span

    ends = [(f"{cut_to_width(p, LABEL_CELLS)} {format_amount(vs[-1])}", x(len(vs) - 1) + 6,
             y(vs[-1]) + 4) for p, vs in series.items()]
    spots = place_labels([e[2] for e in ends], top + 4, top + plot_h + 4)
    keys = [f"{p}: {format_amount(vs[-1])}" for p, vs in series.items()] if key_rows else []
    width = max([width, left + plot_w + 8] + [round(ex + text_width(t)) + 4 for t, ex, _y in ends]
                + [left + 44 + round(text_width(k)) + 4 for k in keys])
    label = html.escape(_("score by hand") if label is None else label, quote=True)
    axis = html.escape(_("hand (0 to {last})").format(last=hands) if axis is None else axis)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}">',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#888"/>',
             f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
             f'stroke="#888"/>']
    for t in ticks:
        parts.append(f'<line x1="{left - 3}" y1="{y(t):.1f}" x2="{left}" y2="{y(t):.1f}" '
                     f'stroke="#888"/><text x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end" '
                     f'font-size="{FONT}">{html.escape(format_amount(t))}</text>')
    for j in x_ticks(hands):
        parts.append(f'<line x1="{x(j):.1f}" y1="{top + plot_h}" x2="{x(j):.1f}" '
                     f'y2="{top + plot_h + 3}" stroke="#888"/><text x="{x(j):.1f}" '
                     f'y="{top + plot_h + 15}" text-anchor="middle" font-size="{FONT}">{j}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 32}" '
                 f'text-anchor="middle" font-size="{FONT}">{axis}</text>')
    if low < 0 < high:
        parts.append(f'<line x1="{left}" y1="{y(Decimal(0)):.1f}" x2="{left + plot_w}" '
                     f'y2="{y(Decimal(0)):.1f}" stroke="#ccc"/>')
    xs = [f"{x(j):.1f}," for j in range(hands + 1)]
    for i, (player, vs) in enumerate(series.items()):
        points = " ".join([f"{xj}{y(v):.1f}" for xj, v in zip(xs, vs, strict=False)])
        colour, dash = _COLOURS[i % len(_COLOURS)], _LINE_STYLES[i % len(_LINE_STYLES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
                     f'points="{points}"><title>{html.escape(player)}</title></polyline>')
        text, ex, _wanted = ends[i]
        spot = spots[i]
        if spot is not None:
            parts.append(f'<text x="{ex:.1f}" y="{spot:.1f}" font-size="{FONT}">'
                         f'{html.escape(text)}</text>')
        if key_rows:
            row_y = top + plot_h + 52 + 18 * i
            parts.append(f'<line x1="{left}" y1="{row_y - 4}" x2="{left + 36}" y2="{row_y - 4}" '
                         f'stroke="{colour}" stroke-width="2"{dash_attr}/>')
            parts.append(f'<text x="{left + 44}" y="{row_y}" font-size="{FONT}">'
                         f'{html.escape(keys[i])}</text>')
    parts.append("</svg>")
    return "\n".join(parts)

"""Standings and ledgers in every output format, a module each, pure (each format is a function
of the data): ``source`` what every export is made from, the contract's documents and what the
human exports share; ``data`` csv and json; ``pages`` md and html (``svgchart``, the html's
chart, also the season's); ``bean`` beancount; ``night`` the evening to share. Here: every
format by name (``FORMATS``, ``export --format``) and an export in pieces (``export_pieces``);
a format's module is imported when the format is asked for, not before (``export --format
csv`` imports neither the pages nor beancount), and importing one module of the package
imports none of the other formats' modules. The terminal's table is
``presentation.render_text``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .source import ExportSource

NAMES = ("csv", "json", "md", "html", "beancount")


def _export_function(fmt: str) -> Callable[..., str]:
    """The function that writes format ``fmt``, from its module (imported now)."""
    if fmt == "csv":
        from .data import export_csv
        return export_csv
    if fmt == "json":
        from .data import export_json
        return export_json
    if fmt == "md":
        from .pages import export_md
        return export_md
    if fmt == "html":
        from .pages import export_html
        return export_html
    if fmt == "beancount":
        from .bean import export_beancount
        return export_beancount
    raise KeyError(fmt)


class _Formats(Mapping[str, Callable[..., str]]):
    """Each format's function (``source, **options -> text``) by the format's name."""

    def __getitem__(self, fmt: str) -> Callable[..., str]:
        return _export_function(fmt)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)


FORMATS: Mapping[str, Callable[..., str]] = _Formats()


def export_pieces(fmt: str, source: ExportSource, **options: Any) -> Iterable[str]:
    """``FORMATS[fmt](source, **options)`` in pieces, whose concatenation is that text: for a
    caller that writes the text out (``export``), the long formats never make it whole. An
    export of 10,000 hands is 10 to 16 MiB of text; made whole, beside its pieces, it raised
    the peak memory of ``export`` json to 1.36x and html to 1.20x ``json.load`` of the
    session file (tests/benchmarks, "peak memory")."""
    if fmt == "json":
        from .data import json_pieces
        return json_pieces(source)
    if fmt == "html":
        from .pages import html_lines
        lines = html_lines(source)  # made here: in the language in use now
        return (line + "\n" for line in lines)
    return [FORMATS[fmt](source, **options)]

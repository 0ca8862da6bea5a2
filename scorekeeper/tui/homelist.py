"""The home screen's list of evenings: what each line says, column by column, how wide each
column is on a screen of a given width, and each cell as drawn. The players and who leads are
never cut: where a line has no room for them they fold onto more lines of their row (whole
names packed to a line, a name wider than the column folded between its words), and the
players of a line that would take too many lines are counted instead (the panel under the
list names them). The figures come from the core (``SessionSummary``): nothing is worked out
here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from rich.text import Text

from ..amounts import format_amount
from ..cells import cell_width, fold_name, widest_piece
from ..i18n import _, ngettext
from ..rules import RULESETS
from ..store import Listing

# The columns of the list, in order (a column nobody has a value in is left out: no session
# named, no name column). Each fits its widest entry on one line; when the screen is too narrow
# for all of them, the start loses its time of day, then who leads takes its room (each leader
# whole on a line), the name and the players give way, the widest first, down to
# ``PLAYERS_AT_LEAST``, then the name down to ``NARROWEST`` (cut with an ellipsis), then the
# players (folded onto lines, or counted), then who leads (each leader folded).
COLUMNS = ("id", "name", "game", "started", "hands", "status", "players", "leading")
FLEXIBLE = ("name", "players")
NARROWEST = 4
PLAYERS_AT_LEAST = 16  # the name and the players give way to here before the rest does
DATE = len("2026-11-28")  # the start without its time of day
GAP = 1  # columns between two columns of the list
MARGIN = 1 + 2  # the list's left padding, and its scrollbar (kept free: the list never jumps)
SHARE = 6  # a line's players take at most a sixth of the screen's rows (4 at 24, 6 at 40)


def fit_columns(width: int, natural: dict[str, int], one_leader: int = 0,
                players_least: int = NARROWEST, leaders_least: int = NARROWEST
                ) -> dict[str, int]:
    """The width of each column of the list (``natural``: each column's widest entry on one
    line, its heading included; a column left out is not in it) on a screen ``width`` columns
    wide: every column as wide as it needs when they all fit; else the start keeps only its
    date (``DATE`` wide: its cells are cut so), what leads is as wide as its widest leader
    whole with the score (``one_leader``; 0: as ``natural``), the name and the players shrink,
    the wider first, down to ``PLAYERS_AT_LEAST``, then the name down to ``NARROWEST``, then
    the players down to ``players_least`` (the narrowest that still says them: their count),
    then what leads down to ``leaders_least`` (its widest word). (A list still wider than the
    screen scrolls sideways.)"""
    room = list_room(width, len(natural))
    widths = dict(natural)
    if sum(widths.values()) <= room:
        return widths
    if "started" in widths:
        widths["started"] = min(widths["started"], DATE)
    if "leading" in widths and one_leader:
        widths["leading"] = min(natural["leading"], one_leader)

    def shrink(wanted: tuple[str, ...], narrowest: int) -> None:
        columns = tuple(c for c in wanted if c in widths)
        while columns and sum(widths.values()) > room:
            widest = max(columns, key=lambda c: widths[c])
            if widths[widest] <= narrowest:
                return
            widths[widest] -= 1

    shrink(FLEXIBLE, PLAYERS_AT_LEAST)
    shrink(("name",), NARROWEST)
    shrink(("players",), players_least)  # who leads keeps its room: the players fold first
    shrink(("leading",), leaders_least)
    return widths


def list_room(width: int, columns: int) -> int:
    """The columns that ``columns`` columns of the list have for their cells on a screen
    ``width`` columns wide (the gaps between them, the padding and the scrollbar taken)."""
    return width - MARGIN - GAP * columns


def fits(width: int, widths: dict[str, int]) -> bool:
    """Whether columns of ``widths`` fit a screen ``width`` columns wide (no sideways scroll:
    the last column, who leads, is not cut at the screen's edge)."""
    return sum(widths.values()) <= list_room(width, len(widths))


def cut(text: str, width: int) -> Text:
    """``text`` literally (never markup), cut to ``width`` cells with an ellipsis."""
    shown = Text(text, no_wrap=True)
    if cell_width(text) > width:
        shown.truncate(width, overflow="ellipsis")
    return shown


def name_items(names: Sequence[str]) -> list[str]:
    """``names`` as they are listed: a comma after each but the last."""
    return [f"{name}," for name in names[:-1]] + list(names[-1:])


def fold_words(name: str, width: int) -> list[str]:
    """``name`` in lines of ``width`` columns, broken between its words where each word fits
    a line ("Maximilian" over "Oberhuber-Kai,", not "Maximilian Oberhuber-" over "Kai,"),
    else also after a hyphen (``cells.fold_name``)."""
    words = name.split(" ")
    if any(cell_width(word) > width for word in words):
        return fold_name(name, width)
    lines = [words[0]]
    for word in words[1:]:
        if cell_width(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def fold_names(names: Sequence[str], width: int, tail: str = "") -> list[str]:
    """``names`` after one another, a comma after each but the last, in lines of ``width``
    columns: as many whole names to a line as fit; a name wider than a line on lines of its
    own (without its comma where that alone does not fit), folded between words or after a
    hyphen (``fold_words``), never inside a word;
    ``tail`` (the score, " (-1)") after the last name where it fits, else whole on a line of
    its own."""
    lines: list[str] = []
    open_line = False  # whether the last line takes another name after it
    for name, item in zip(names, name_items(names), strict=True):
        if cell_width(item) > width:
            # A name that fits a line but for its comma stands alone, the line's end parting
            # it from the next ("Bartholomew Fitzgerald J" in 24 columns, not "J," under it).
            lines += [name] if cell_width(name) <= width else fold_words(item, width)
            open_line = False
        elif open_line and cell_width(f"{lines[-1]} {item}") <= width:
            lines[-1] += f" {item}"
        else:
            lines.append(item)
            open_line = True
    if tail and lines and cell_width(lines[-1] + tail) <= width:
        lines[-1] += tail
    elif tail:
        lines.append(tail.strip())
    return lines


@lru_cache(maxsize=4096)
def folded(names: str, width: int, tail: str) -> tuple[str, ...]:
    """``fold_names`` of ``names`` given one to a line, kept: the list is fitted again for
    every width tried and every resize."""
    return tuple(fold_names(names.split("\n"), width, tail))


def in_two_lines(words: str) -> str:
    """``words`` folded between two of its words onto two lines, as narrow as two lines allow
    (an evening's "goes on in 0a1b2c3d" in a narrow status column)."""
    parts = words.split(" ")
    if len(parts) < 2:
        return words
    at = min(range(1, len(parts)), key=lambda i: max(cell_width(" ".join(parts[:i])),
                                                     cell_width(" ".join(parts[i:]))))
    return " ".join(parts[:at]) + "\n" + " ".join(parts[at:])


def in_lines(words: str, count: int) -> str:
    """``words`` folded between its words onto at most ``count`` lines, as narrow as that
    allows (``in_two_lines`` for two): "goes on in 0a1b2c3d (damaged)" on three lines where
    two leave the list wider than the screen."""
    if count <= 2:
        return in_two_lines(words) if count == 2 else words
    parts = words.split(" ")
    for width in range(max(cell_width(part) for part in parts), cell_width(words) + 1):
        lines = [parts[0]]
        for part in parts[1:]:
            if cell_width(f"{lines[-1]} {part}") <= width:
                lines[-1] += f" {part}"
            else:
                lines.append(part)
        if len(lines) <= count:
            return "\n".join(lines)
    return words


def players_count(row: dict[str, str]) -> str:
    """The players of a line counted ("6 players"), where their names take too many lines."""
    count = len(row["names"].split("\n"))
    return ngettext("{count} player", "{count} players", count).format(count=count)


def row_cells(line: Listing) -> dict[str, str]:
    """What a line of the listing shows, column by column, with what its cells are drawn
    from: ``names`` and ``leaders`` (one to a line), the leaders' ``score`` ("" when none)
    and ``went_on`` ("1" when the status says where the evening went on)."""
    s = line.summary
    if s is None:
        return {"id": line.file.removesuffix(".json"), "name": _("DAMAGED"), "game": "",
                "started": "", "hands": "", "status": _("damaged"),
                "players": line.problem or "", "leading": "", "score": "", "leaders": "",
                "names": "", "went_on": ""}
    leaders, score = ", ".join(s.leaders), ""
    if s.scores and s.leaders:
        score = f" ({format_amount(s.scores[s.leaders[0]])})"
    if not s.hands:
        leaders, score = "–", ""  # nobody leads before the first hand
    # An evening that went on in the next is closed, finished or not (D21): it says where.
    # (Its own history says so, whatever the next evening's file: ``listing._went_on``.)
    went_on = ((_("goes on in {id} (damaged)") if line.next_damaged else _("goes on in {id}"))
               .format(id=s.continued_by) if s.continued_by else "")
    status = (_("differs (y)") if line.conflict else  # on two laptops: sync says
              _("archived") if s.archived else went_on or (
                  _("finished") if s.finished else _("running")))
    game = RULESETS[s.game].title if s.game in RULESETS else s.game
    return {"id": s.id, "name": s.name or "", "game": game,
            "started": s.started[:16].replace("T", " "), "hands": str(s.hands),
            "status": status, "players": ", ".join(s.players),
            "leading": leaders + score, "score": score,
            "leaders": "\n".join(s.leaders) if s.hands else "",
            "names": "\n".join(s.players),
            "went_on": "1" if went_on and status == went_on else ""}


def leaders_whole(rows: list[dict[str, str]]) -> int:
    """The narrowest that what leads can be with each leader whole on a line, the last with
    the score: every line's leaders."""
    return max([cell_width(item + (row["score"] if n == len(items) - 1 else ""))
                for row in rows if row["leaders"]
                for items in [name_items(row["leaders"].split("\n"))]
                for n, item in enumerate(items)], default=0)


def leaders_least(rows: list[dict[str, str]]) -> int:
    """The narrowest that what leads can be folded to: its widest word, or the score."""
    return max([widest_piece(item) for row in rows if row["leaders"]
                for item in name_items(row["leaders"].split("\n"))]
               + [cell_width(row["score"].strip()) for row in rows], default=0)


def players_least(rows: list[dict[str, str]]) -> int:
    """The narrowest the players' column can be: wide enough to count any line's players."""
    return max([NARROWEST] + [cell_width(players_count(row)) for row in rows if row["names"]])


def players_lines(names: str, width: int, room: int) -> tuple[str, ...] | None:
    """The players (``names``, one to a line) folded into ``width`` columns, or ``None`` where
    they would take more than ``room`` lines or a word of theirs is wider (counted then)."""
    said = folded(names, width, "")
    if len(said) > room or any(cell_width(text) > width for text in said):
        return None
    return said


def cell_lines(row: dict[str, str], columns: list[str], widths: dict[str, int],
               most_lines: int) -> dict[str, list[str]]:
    """The lines of each cell of a line of the list in columns of ``widths``: who leads
    folded onto as many rows as it needs; the players folded onto at most ``most_lines`` rows
    or as many as who leads takes, else counted; any other cell as it is (cut to its column
    when drawn)."""
    lines = {column: row[column].split("\n") for column in columns}
    if row["leaders"] and "leading" in widths:
        lines["leading"] = list(folded(row["leaders"], widths["leading"], row["score"]))
    if row["names"] and "players" in widths:
        room = max(most_lines, len(lines.get("leading", [])), len(lines["status"]))
        said = players_lines(row["names"], widths["players"], room)
        lines["players"] = list(said) if said else [players_count(row)]
    return lines


def balanced(rows: list[dict[str, str]], columns: list[str], widths: dict[str, int],
             most_lines: int) -> dict[str, int]:
    """``widths`` with the room of the players and of who leads shared between them: who
    leads on as few lines as it can be (each leader whole on a line, the score beside the
    last, where the room allows), and of the ways to do that the one where the list takes
    the fewest rows (more evenings in view; the wider leading column where it makes no
    difference)."""
    if "players" not in widths or "leading" not in widths:
        return widths
    both = widths["players"] + widths["leading"]
    narrowest = max(leaders_least(rows), 1)
    # Lines alike in what folds take the same rows: each kind once, counted (a season of
    # evenings of the same players and leaders is a few kinds).
    kinds = Counter((row["leaders"], row["score"], row["names"], row["status"].count("\n"))
                    for row in rows)

    def rows_taken(leading: int) -> tuple[int, int, int]:
        players = both - leading
        led_rows = total = 0
        for (leaders, score, names, status), count in kinds.items():
            led = len(folded(leaders, leading, score)) if leaders else 1
            said = players_lines(names, players, max(most_lines, led, status + 1))
            led_rows += count * led
            total += count * max(led, len(said) if said else 1, status + 1)
        return led_rows, total, -leading

    tried = range(widths["leading"], min(narrowest, widths["leading"]) - 1, -1)
    best = min(tried, key=rows_taken)
    return widths | {"players": both - best, "leading": best}


def drawn_cells(row: dict[str, str], columns: list[str], widths: dict[str, int],
                most_lines: int) -> tuple[list[Text], int]:
    """A line of the list as drawn in columns of ``widths`` (``cell_lines``), and the rows it
    takes."""
    lines = cell_lines(row, columns, widths, most_lines)
    cells = []
    for column in columns:
        width = widths[column]
        if column == "hands":
            cells.append(Text(row[column].rjust(width)))  # a number: to the right
        elif column == "status":
            cells.append(Text(row[column], no_wrap=True))  # its lines as they are
        else:
            cells.append(Text("\n").join(cut(text, width) for text in lines[column]))
    return cells, max(len(cell) for cell in lines.values())

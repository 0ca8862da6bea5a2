"""A settle-up in words: chips, points or money as people say them, each payment (``Cleo pays
Ben 1.43 EUR``), the terms it was made at, and the whole settle-up as the command line and the
table app show it (how results are worked out, every party's table row, the cents rule, who
pays whom). The share and the md/html exports say its payments this way too. Pure."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from .amounts import format_amount, format_decimal, money_text
from .cells import cell_width, cut_to_width, name_pieces
from .cells import text_table as _table
from .documents import pot_label
from .i18n import _, decimal_separator, ngettext
from .rules import Ruleset

# The settle-up's arithmetic (five dataclasses compiled at import) is imported where it is
# used: its types are only named here, and its words for the cents rule read where they are
# said.
if TYPE_CHECKING:
    from .settleup import Payment, SettleUp


def _count(amount: Decimal) -> int:
    """The count that picks a plural form for an amount: one for exactly one (``1 chip``), and
    any fraction or other number takes the plural (``1¼ chips``, ``0 chips``)."""
    return 1 if abs(amount) == 1 else 2


def in_units(amount: Decimal, unit: str, *, signed: bool = False) -> str:
    """Chips or points as people say them: ``45 chips``, ``1 chip``, ``14¼ chips`` (with
    ``signed``, a gain with its ``+``: ``+1 chip``)."""
    if unit == "point":
        words = ngettext("{amount} point", "{amount} points", _count(amount))
    else:
        words = ngettext("{amount} chip", "{amount} chips", _count(amount))
    return words.format(amount=format_amount(amount, signed=signed))


def settled_amount(settled: SettleUp, amount: Decimal) -> str:
    """An amount of a settle-up: money when it has a value, else chips or points."""
    if settled.currency is None:
        return in_units(amount, settled.unit)
    return money_text(amount, settled.currency)


def payment_line(settled: SettleUp, payment: Payment,
                 name: Callable[[str], str] = str, in_sentence: bool = False) -> str:
    """One payment in words: ``Cleo pays Ben 1.43 EUR``, ``Anna pays 4.50 EUR into the pot``,
    ``The pot pays Ben 0.70 EUR``; each player's name passed through ``name`` (an export's
    escaping). A line begins with a capital ("der Pott zahlt …" began the settle-up's line
    in German: trial 31); ``in_sentence``: said inside a sentence ("…; the pot pays …")."""
    amount = settled_amount(settled, payment.amount)
    source, target = payment.source, payment.target
    if not isinstance(target, str):  # the pot: the only account a settle-up has
        return _("{payer} pays {amount} into the pot").format(payer=name(str(source)),
                                                             amount=amount)
    if not isinstance(source, str):
        words = (_("the pot pays {payee} {amount}") if in_sentence
                 else _("The pot pays {payee} {amount}"))
        return words.format(payee=name(target), amount=amount)
    return _("{payer} pays {payee} {amount}").format(payer=name(source), payee=name(target),
                                                    amount=amount)


def settle_terms_words(settled: SettleUp) -> str:
    """At what a settle-up was made: ``at 0.10 EUR a chip``, ``in chips``."""
    if settled.value is None:
        return _("in points") if settled.unit == "point" else _("in chips")
    words = (_("at {value} {currency} a point") if settled.unit == "point"
             else _("at {value} {currency} a chip"))
    return words.format(value=value_words(settled.value), currency=settled.currency)


def value_words(value: Decimal) -> str:
    """What a chip or point is worth, as money is written: to the cent at least (``0.10``,
    not ``0.1``: trial 32; ``0.005`` as it is)."""
    cents = value.quantize(Decimal("0.01"))
    if cents != value:
        return format_decimal(value)
    return f"{cents:f}".replace(".", decimal_separator())


def settle_up_lines(settled: SettleUp, ruleset: Ruleset, players: tuple[str, ...],
                    width: int | None = 88, table_width: int | None = None) -> list[str]:
    """A settle-up as the command line and the table app show it: how results are worked out,
    the value, every party's standing, result and money (exact, and as paid, with the cents
    rule and what it moved), then who pays whom. Paragraphs are wrapped at ``width``; with
    ``table_width`` the table's names are cut to fit it (a table line that wraps is not read
    as a table any more; the names are whole in who pays whom, below it)."""
    def paragraph(text: str) -> list[str]:
        return textwrap.wrap(text, width) if width else [text]

    points = settled.unit == "point"
    value, currency = settled.value, settled.currency
    lines = paragraph(_("Results: {words}.").format(words=settled.words))
    if value is None or currency is None:
        lines += paragraph(
            _("No value given: results and transfers in points (give a value per point and a "
              "currency for money).") if points else
            _("No value given: results and transfers in chips (give a value per chip and a "
              "currency for money)."))
    else:
        lines.append((_("Value: {value} {currency} a point.") if points
                      else _("Value: {value} {currency} a chip.")).format(
                          value=value_words(value), currency=currency))
    lines.append("")
    headers = ["", ruleset.score_words(),
               _("result (points)") if points else _("result (chips)")]
    if value is not None:
        headers += [_("exactly"), _("money"), _("cents rule")]
    rows = []
    for share in settled.shares:
        name = share.party if isinstance(share.party, str) else pot_label(players)
        row = [name, format_amount(share.score), format_amount(share.result, signed=True)]
        if share.exact is not None and share.money is not None and currency is not None:
            moved = share.money - share.exact
            shift = (_("up {amount}") if moved > 0 else _("down {amount}")).format(
                amount=format_decimal(abs(moved)))
            row += [format_decimal(share.exact), money_text(share.money, currency),
                    shift if moved else ""]
        rows.append(row)
    lines += settle_table(headers, rows, table_width, currency)
    if value is not None:
        lines.append("")
        from .settleup import rounding_words  # see the imports at the top

        lines += paragraph(rounding_words(settled))
        up = [s.party if isinstance(s.party, str) else pot_label(players)
              for s in settled.cents_up()]
        if not up:  # the remainders add up to the cents missing: none means none rounded
            lines += paragraph(_("Here every amount is in whole cents: nothing was rounded."))
        else:
            lines += paragraph(ngettext(
                "Here {count} cent was missing after rounding down: it goes to {parties}.",
                "Here {count} cents were missing after rounding down: one each to {parties}.",
                len(up)).format(count=len(up), parties=", ".join(up)))
    lines.append("")
    if settled.transfers:
        lines.append(ngettext("Who pays whom ({count} transfer):",
                              "Who pays whom ({count} transfers):",
                              len(settled.transfers)).format(count=len(settled.transfers)))
        lines += [f"  {payment_line(settled, p)}" for p in settled.transfers]
    else:
        lines.append(_("Nobody pays anybody: everyone is even."))
    return lines


def settle_table(headers: list[str], rows: list[list[str]],
                 table_width: int | None, currency: str | None = None) -> list[str]:
    """The settle-up's table; with ``table_width``, a label wider than its figures goes on
    two lines where the names would be cut else (they get the room it frees), then the
    money's ``currency`` goes into its label, once, and names still too long fold onto the
    lines under their row's figures, indented (a table line that wraps is not read as a
    table; a name cut, "Eleonore Weißenbach-Lu…", named nobody for sure)."""
    right = {1, 2, 3, 4}
    if table_width is None:
        return _table(headers, rows, right=right)

    def figures(*labels: list[str]) -> int:
        return sum(max(cell_width(row[i]) for row in [*labels, *rows]) + 2
                   for i in range(1, len(headers)))

    names = max(cell_width(row[0]) for row in rows)
    if table_width - figures(headers) >= names:
        return _table(headers, rows, right=right)
    top, bottom = (list(half) for half in zip(*map(halves, headers), strict=True))
    if currency is not None and len(headers) > 4 and table_width - figures(top, bottom) < names:
        top[4], bottom[4] = headers[4], f"({currency})"
        rows = [[*row[:4], row[4].removesuffix(f" {currency}"), *row[5:]] for row in rows]
    room = max(table_width - figures(top, bottom), 6)
    rows = [line for row in rows for line in folded_row(row, room)]
    lines = _table(top, [bottom, *rows], right=right)
    return [lines[0], lines[2], lines[1], *lines[3:]]  # both lines of labels over the rule


def folded_row(row: list[str], room: int) -> list[list[str]]:
    """A row of the settle-up's table whose name is folded to ``room`` columns between its
    words (after a hyphen too, where a word is wider than its line): the figures on its first
    line, the rest of the name under it, indented by two ("Eleonore" over "  Weißenbach-Lutz";
    in 16 columns "  Weißenbach-" over "  Lutz": trial 32 saw "  Weißenbach-Lu…"); only a
    piece wider than its line is cut."""
    if cell_width(row[0]) <= room:
        return [row]
    lines = _folded(row[0], room, [(" ", word) for word in row[0].split()])
    if any(cell_width(line) > room - 2 for line in lines[1:]):
        lines = _folded(row[0], room, name_pieces(row[0]))
    first, *more = lines
    return [[cut_to_width(first, room), *row[1:]],
            *([cut_to_width(f"  {piece}", room)] + [""] * (len(row) - 1) for piece in more)]


def _folded(name: str, room: int, pieces: list[tuple[str, str]]) -> list[str]:
    """``pieces`` (each with what joins it to the one before) in lines of ``room`` columns,
    the lines after the first narrower by their indent."""
    lines = [""]
    for glue, piece in pieces:
        width = room if len(lines) == 1 else room - 2
        if lines[-1] and cell_width(lines[-1] + glue + piece) > width:
            lines.append(piece)
        else:
            lines[-1] += (glue if lines[-1] else "") + piece
    return lines


def halves(label: str) -> tuple[str, str]:
    """A label on two lines, split at the space nearest its middle (``("", label)`` when it
    is one word)."""
    spaces = [i for i, char in enumerate(label) if char == " "]
    if not spaces:
        return "", label
    cut = min(spaces, key=lambda i: max(cell_width(label[:i]), cell_width(label[i + 1:])))
    return label[:cut], label[cut + 1:]

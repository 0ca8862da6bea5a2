"""A hand's record as the table reports it, checked (``HandRecord``), and the model every
checked record builds on (``Frozen``, ``Exact``): how a script or a file writes its fields, a
written record as a key, a pydantic problem in words, and the one rule for amending a hand."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Strict, ValidationError, field_validator

from ..cards import Card
from ..errors import validation_problem
from ..i18n import _

# An exact amount: a Decimal, never a float (strict: a float is refused, not converted).
Exact = Annotated[Decimal, Strict()]


class Frozen(BaseModel):
    """A model of checked data: immutable, and no field that is not declared."""

    # Built when first used (defer_build): a command builds only the models it uses, not the
    # twenty the package defines (about 16 ms less to start `show`: tests/benchmarks).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)



class HandRecord(Frozen):
    """What the table reports about one hand. Which fields apply depends on the game."""

    tricks: tuple[str, ...] = ()
    indicator: tuple[Card, ...] | None = None
    entered: tuple[str, ...] | None = None
    cards: tuple[tuple[Card, ...], ...] | None = None
    led_by: tuple[str, ...] | None = None
    note: str | None = None

    @field_validator("indicator", mode="before")
    @classmethod
    def _read_cards(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, (list, tuple)):
            return tuple(Card.parse(v) if isinstance(v, str) else v for v in value)
        return value

    @field_validator("cards", mode="before")
    @classmethod
    def _read_tricks_of_cards(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(cls._read_cards(trick) for trick in value)
        return value

    @field_validator("note")
    @classmethod
    def _storable_note(cls, value: str | None) -> str | None:
        """A note is free text, but it must be text: a lone surrogate (which a JSON script can
        spell as an escape) is not a character and cannot be written to the session file."""
        if value is not None:
            for ch in value:
                if "\ud800" <= ch <= "\udfff":
                    raise ValueError(_("contains U+{code}, which is not a character").format(
                        code=f"{ord(ch):04X}"))
        return value


# How a script or a session file writes each field of a hand's record: a list of names, a
# card or a list of cards, a list of tricks each a list of cards, or text.
RECORD_SHAPES: dict[str, str] = {"tricks": "names", "indicator": "cards", "entered": "names",
                                 "cards": "tricks", "led_by": "names", "note": "text"}


def record_key(raw: dict[Any, Any]) -> tuple[Any, ...] | None:
    """A record as written (a script's hand, a file's stored record), as a key: its keys with
    their text, lists of text and lists of lists of text (the shapes of ``RECORD_SHAPES``),
    lists as tuples; ``None`` for a record holding anything else. A long evening repeats the
    same few hands: a reader checks each distinct one with ``HandRecord`` once, and a record
    written exactly as one checked before (the same keys, the same text) is that record
    (immutable). A record that fails is never kept, so it fails where it stands. The replay
    and audit rows of tests/benchmarks/test_whole_commands.py measure what this saves."""
    key: list[tuple[Any, Any]] = []
    for name, value in raw.items():
        if type(value) is str:
            key.append((name, value))
        elif type(value) is list:
            items: list[str | tuple[str, ...]] = []
            for item in value:
                if type(item) is str:
                    items.append(item)
                elif type(item) is list and all(type(text) is str for text in item):
                    items.append(tuple(item))
                else:
                    return None
            key.append((name, tuple(items)))
        else:
            return None
    return tuple(key)



def describe_validation_error(error: ValidationError, prefix: str = "") -> tuple[str, str]:
    """The first problem pydantic found, as (field, message) in plain words, in the language
    in use (``errors.validation_problem``)."""
    first = error.errors()[0]
    loc = [str(p) for p in first.get("loc", ())]
    field = ".".join([prefix] + loc if prefix else loc) or prefix or "value"
    return field, validation_problem(first)


AMENDABLE_FIELDS = ("tricks", "indicator", "entered", "cards", "led_by", "note")


def amended_record(old: HandRecord, changes: dict[str, Any]) -> HandRecord:
    """``old`` with the fields in ``changes`` replaced: the one rule for amending a hand.

    Fields not given are kept. Cards given without winners decide the winners; winners given
    without cards replace the old cards (and who led each trick). Checked like any record."""
    fields = {name: getattr(old, name) for name in AMENDABLE_FIELDS} | changes
    if changes.get("cards") is not None and "tricks" not in changes:
        fields["tricks"] = ()
    if changes.get("tricks") and "cards" not in changes:
        fields["cards"] = fields["led_by"] = None
    return HandRecord(**fields)

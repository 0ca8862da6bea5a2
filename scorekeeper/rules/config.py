"""A session's settings (``SessionConfig``): the game's options, the players in their seats
(their names checked, and told apart when they look alike), and what a continued evening
opens with (``Opening``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import SerializeAsAny

from ..errors import ConfigError, RecordError
from ..i18n import _
from .record import Exact, Frozen

MAX_NAME_LENGTH = 24


class GameOptions(Frozen):
    """A game's session options. Each game subclasses this with its own keys and defaults."""



OptionsT = TypeVar("OptionsT", bound="GameOptions")


def options_as(config: SessionConfig, model: type[OptionsT]) -> OptionsT:
    """The session's options as the game's own model (``make_config`` builds them so)."""
    options = config.options
    if not isinstance(options, model):
        raise TypeError(f"a {config.game} session holds {type(options).__name__} options")
    return options


class Opening(Frozen):
    """What a session opens with when it continues an earlier evening (D21): the pot that
    evening left (``None``: the game has no pot) and, where the scores carry too (a Letzter
    Stich match that goes on), every player's score (``None``: each starts as the game starts
    them)."""

    pot: Exact | None = None
    scores: dict[str, Exact] | None = None


class SessionConfig(Frozen):
    """A session's fixed settings. Build it with ``make_config``, which checks everything.
    ``opening`` is what a continued session opens with (its history's opening entry says so;
    the settings a file writes never hold it)."""

    game: str
    players: tuple[str, ...]
    first_dealer: str
    options: SerializeAsAny[GameOptions]
    opening: Opening | None = None

    def seat_of(self, name: str) -> int:
        return self.players.index(name)

    def left_of(self, name: str) -> str:
        return self.players[(self.seat_of(name) + 1) % len(self.players)]

    def right_of(self, name: str) -> str:
        return self.players[(self.seat_of(name) - 1) % len(self.players)]

    def clockwise_from(self, name: str) -> tuple[str, ...]:
        """Every player, starting with ``name`` and going clockwise."""
        i = self.seat_of(name)
        return self.players[i:] + self.players[:i]

    def resolve(self, name: Any, field: str) -> str:
        """The seated player called ``name`` (ignoring case and surrounding spaces)."""
        if not isinstance(name, str):
            raise RecordError(field, _("{name} is not a player's name").format(name=repr(name)))
        if name in self.players:
            return name
        key = name.strip().casefold()
        for player in self.players:
            if player.casefold() == key:
                return player
        # A typo at the table ("Anan") is named with the player meant; else who plays.
        folded = {player.casefold(): player for player in self.players}
        import difflib  # only for a name nobody has: not at the start of every command

        close = difflib.get_close_matches(key, folded, n=1, cutoff=0.6)
        if close:
            raise RecordError(field, _("'{name}' is not playing in this session; did you mean "
                                       "{player}?").format(name=name, player=folded[close[0]]))
        raise RecordError(field, _("'{name}' is not playing in this session (the players: "
                                   "{players})").format(name=name,
                                                        players=", ".join(self.players)))


def check_name(raw: Any, field: str) -> str:
    """A player's name as the contract allows: 1–24 characters after trimming, nothing invisible."""
    if not isinstance(raw, str):
        raise ConfigError(field, _("{value} is not a name (names are text)").format(
            value=repr(raw)))
    name = raw.strip()
    if not name:
        raise ConfigError(field, _("a name cannot be empty"))
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ConfigError(field, _("{name} contains an invisible or control character "
                                       "(U+{code})").format(name=repr(name),
                                                            code=f"{ord(ch):04X}"))
    if len(name) > MAX_NAME_LENGTH:
        raise ConfigError(field, _("'{name}' is longer than {limit} characters").format(
            name=name, limit=MAX_NAME_LENGTH))
    return name


# Letters of other alphabets drawn like Latin ones: a name written with them looks like
# another name at the table ("Аnna" with a Cyrillic А is not "Anna" to a computer).
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁɡАВЕКМНОРСТХІЈЅαβεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdgABEKMHOPCTXIJSabeiknoptuxABEZHIKMNOPTYX")


def name_look(name: str) -> str:
    """What a name looks like, whatever its Unicode form, case or alphabet: ``Zoé`` written
    with é or with e and a combining accent, ``Anna`` and ``Аnna`` (Cyrillic А) look alike."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded.translate(_LOOK_ALIKES).casefold()


def look_alike_problem(names: Iterable[str]) -> str | None:
    """Two names of one table that would be read as one (``name_look``) but are written
    differently: said in words (a new session refuses them), else ``None``."""
    seen: dict[str, str] = {}
    for name in names:
        other = seen.setdefault(name_look(name), name)
        if other != name and other.casefold() != name.casefold():
            return _("'{name}' and '{other}' look the same but are written with other letters "
                     "(another alphabet or accent form): give names the table can tell "
                     "apart").format(name=name, other=other)
    return None

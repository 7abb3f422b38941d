"""Card sets for every game: the JSON envelope of formats.md, read and checked.

The envelope (``game``, ``set``, ``factions``, ``cards``) is the same for every game;
each card is read by its game's ``parse_card`` (engine.registry). Every problem is
collected with its key path, so a designer sees them all at once, and a
:class:`CardSetError` is raised when there is any.

Two conventions keep this generic: when the set declares ``factions`` (or the game
has default ``factions``), each card's raw ``factions`` list must use only those;
and a game's card dataclass with a ``set_code`` field gets the set's code.
"""

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.catalog import Catalog
from engine.files import read_json
from engine.names import normalize_name
from engine.problems import CardSetError, Problem
from engine.registry import GameRules, game_keys, get_game


@dataclass(frozen=True, slots=True)
class CardSet:
    """One loaded card set: its game, code, name, year, factions and cards."""

    game: str
    code: str
    name: str
    year: int | None
    factions: tuple[str, ...]
    cards: tuple[Any, ...]


def rules_of(game: object, where: str, problems: list[Problem]) -> GameRules | None:
    """Return the plug-in of a ``game`` key, or None after appending why it has none."""
    if not isinstance(game, str) or game not in game_keys():
        known = ", ".join(game_keys())
        problems.append(Problem(where, f"unknown game {game!r} (known: {known})"))
        return None
    try:
        return get_game(game)
    except ImportError:
        problems.append(Problem(where, f"the game {game!r} is not installed in this engine"))
        return None


def _read_envelope(data: dict[str, Any], problems: list[Problem]) -> tuple[str, str, int | None]:
    """Return (code, name, year) of the ``set`` object, appending its problems."""
    info = data.get("set")
    if not isinstance(info, dict):
        problems.append(Problem("set", "must be an object with a code"))
        return "", "", None
    code = info.get("code")
    if not isinstance(code, str) or not code.strip():
        problems.append(Problem("set.code", "must be a non-empty string"))
        code = ""
    name = info.get("name", code)
    if not isinstance(name, str):
        problems.append(Problem("set.name", "must be a string"))
        name = code
    year = info.get("year")
    if year is not None and (not isinstance(year, int) or isinstance(year, bool) or year < 0):
        problems.append(Problem("set.year", "must be an integer ≥ 0"))
        year = None
    return code.strip(), name, year


def _read_factions(data: dict[str, Any], rules: GameRules | None, problems: list[Problem]) -> tuple[str, ...]:
    """Return the set's declared factions, else the game's defaults (may be empty)."""
    if "factions" not in data:
        return tuple(getattr(rules, "factions", ()))
    raw = data["factions"]
    if not isinstance(raw, list):
        problems.append(Problem("factions", "must be a list of faction names"))
        return ()
    factions: list[str] = []
    for i, faction in enumerate(raw):
        if not isinstance(faction, str) or not faction.strip():
            problems.append(Problem(f"factions[{i}]", "must be a non-empty string"))
        elif faction in factions:
            problems.append(Problem(f"factions[{i}]", f"duplicate faction {faction!r}"))
        else:
            factions.append(faction)
    return tuple(factions)


def _check_faction_membership(raw: Any, where: str, factions: Sequence[str], problems: list[Problem]) -> None:
    if not factions or not isinstance(raw, dict) or not isinstance(raw.get("factions"), list):
        return
    for i, faction in enumerate(raw["factions"]):
        if isinstance(faction, str) and faction.strip() and faction.strip() not in factions:
            message = f"unknown faction {faction!r} (the set declares {', '.join(factions)})"
            problems.append(Problem(f"{where}.factions[{i}]", message))


def _check_duplicates(cards: Sequence[tuple[int, Any]], problems: list[Problem]) -> None:
    """Append a problem for every name or alias that another card of the set also uses."""
    owner: dict[str, tuple[int, str]] = {}  # normalized name -> (card index, key path)
    for index, card in cards:
        aliases = tuple(getattr(card, "aliases", ()))
        for place, name in ((".name", card.name), *((f".aliases[{k}]", a) for k, a in enumerate(aliases))):
            key = normalize_name(name)
            first = owner.setdefault(key, (index, f"cards[{index}]{place}"))
            if first[0] != index:
                problems.append(
                    Problem(f"cards[{index}]{place}", f"duplicate name {name!r} (also {first[1]})")
                )


def parse_card_set(data: Any, *, source: str = "") -> CardSet:
    """Return the :class:`CardSet` of a decoded JSON document.

    Raises :class:`CardSetError` (with ``source`` as the file name) listing every
    problem found: envelope fields, each card's fields by key path, unknown factions,
    duplicate names or aliases within the set.
    """
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise CardSetError(Problem("", "a card set must be a JSON object"), source=source)
    rules = rules_of(data.get("game"), "game", problems) if "game" in data else None
    if "game" not in data:
        problems.append(Problem("game", "missing"))
    code, name, year = _read_envelope(data, problems)
    factions = _read_factions(data, rules, problems)
    raw_cards = data.get("cards")
    parsed: list[tuple[int, Any]] = []
    if not isinstance(raw_cards, list) or not raw_cards:
        problems.append(Problem("cards", "must be a non-empty list of card objects"))
    elif rules is not None:
        for i, raw in enumerate(raw_cards):
            where = f"cards[{i}]"
            if not isinstance(raw, dict):
                problems.append(Problem(where, "must be a JSON object"))
                continue
            card = rules.parse_card(raw, where, problems)
            _check_faction_membership(raw, where, factions, problems)
            if card is not None:
                parsed.append((i, card))
    _check_duplicates(parsed, problems)
    if problems or rules is None:
        raise CardSetError(problems, source=source)
    cards = tuple(_with_set_code(card, code) for _, card in parsed)
    return CardSet(game=rules.key, code=code, name=name, year=year, factions=factions, cards=cards)


def _with_set_code(card: Any, code: str) -> Any:
    """Return the card with the set's code, when it is a dataclass with an empty ``set_code``."""
    current = getattr(card, "set_code", None)
    if current == "" and dataclasses.is_dataclass(card) and not isinstance(card, type):
        return dataclasses.replace(card, set_code=code)
    return card


def load_card_set(path: str | Path) -> CardSet:
    """Return the card set read from a JSON file.

    Raises :class:`CardSetError` with a one-line message when the file cannot be read,
    is not UTF-8 JSON, or holds any problem (see :func:`parse_card_set`).
    """
    return parse_card_set(read_json(path, error=CardSetError), source=str(path))


def merge_card_sets(sets: Sequence[CardSet], sources: Sequence[str] = ()) -> tuple[GameRules, Catalog[Any]]:
    """Return the game and one catalog of several sets of that game (earlier sets first).

    Raises :class:`CardSetError` when no set is given, when the sets belong to
    different games, or when a set code is given twice. A name found in two sets is a
    reprint (R1.1): the earlier set's card is kept.
    """
    if not sets:
        raise CardSetError(Problem("", "no card set given"))
    names = list(sources) + [s.code for s in sets[len(sources) :]]
    first = sets[0]
    seen: dict[str, str] = {}
    for card_set, source in zip(sets, names, strict=True):
        if card_set.game != first.game:
            message = f"the set is for {card_set.game!r} but {names[0]} is for {first.game!r}"
            raise CardSetError(Problem("game", message), source=source)
        if card_set.code in seen:
            raise CardSetError(Problem("set.code", f"set {card_set.code!r} given twice"), source=source)
        seen[card_set.code] = source
    catalog: Catalog[Any] = Catalog(card for card_set in sets for card in card_set.cards)
    return get_game(first.game), catalog


def load_catalog(paths: Iterable[str | Path]) -> tuple[GameRules, Catalog[Any]]:
    """Return the game and the merged catalog of the card-set files at ``paths``.

    Raises :class:`CardSetError` for the first file that cannot be loaded, or when
    the files are for different games (see :func:`merge_card_sets`).
    """
    sources = [str(path) for path in paths]
    return merge_card_sets([load_card_set(path) for path in sources], sources)

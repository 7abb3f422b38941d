# mypyc: compiled by build_engine.py
"""Replay and a player's copy of a match log (R10.1, R3.5); ``record.py`` writes the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import RULES_VERSION
from engine.catalog import Catalog
from engine.decklist import Decklist, parse_decklist
from engine.games.respons.match.board import FIELD, GRAVEYARD, HERO, LOCATION, ORDER_UP, SPACE, STACK
from engine.games.respons.match.core import Match, new_match
from engine.games.respons.match.insts import Inst
from engine.play import IllegalAction
from engine.problems import InputError, Problem

GAME = "respons"


_PARSED_DECKS: dict[str, Decklist] = {}
_PARSED_DECKS_MAX = 256


_STR = frozenset({str})
_STR_INT = frozenset({str, int})


def _deck_key(raw: dict[str, Any]) -> Any:
    """Return an exact, hashable cache key of a decklist's JSON object.

    Equal keys mean equal JSON values, types included (``1``, ``1.0`` and ``true`` differ):
    strings, lists of strings and objects of string to integer are frozen as tuples;
    anything else falls back to ``repr()``, which is exact but slower.
    """
    parts: list[Any] = []
    for name, value in raw.items():
        kind = type(value)
        if type(name) is not str:
            return repr(raw)
        if kind is str or kind is int:
            parts.append((name, kind, value))
        # issuperset(iterable): every element's type checked in C, no set built.
        elif kind is list and _STR.issuperset(map(type, value)):
            parts.append((name, list, tuple(value)))
        elif (
            kind is dict
            and _STR.issuperset(map(type, value))
            and _STR_INT.issuperset(map(type, value.values()))
        ):
            parts.append((name, dict, tuple(value.items())))
        else:
            return repr(raw)
    return tuple(parts)


def _parse_deck(raw: dict[str, Any]) -> Decklist:
    """Return the decklist of a log's JSON object (cached: a tournament's logs repeat decks).

    Raises :class:`~engine.problems.DeckParseError` like :func:`parse_decklist`.
    """
    key = _deck_key(raw)
    deck = _PARSED_DECKS.get(key)
    if deck is None:
        deck = parse_decklist(raw, game=GAME)
        if len(_PARSED_DECKS) >= _PARSED_DECKS_MAX:
            _PARSED_DECKS.clear()
        _PARSED_DECKS[key] = deck
    return deck


class ReplayError(Exception):
    """An illegal action in a log: its ``index``, ``seat``, the :class:`IllegalAction`, and
    ``match``, the state reached just before it."""

    def __init__(self, index: int, seat: int, error: IllegalAction, match: Match) -> None:
        self.index = index
        self.seat = seat
        self.error = error
        self.match = match
        super().__init__(f"actions[{index}] (seat {seat}): {error.rule}: {error.message}")


def read_setup(log: Any, *, source: str = "") -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """Return (the keyword arguments of ``new_match`` but the catalog, the (seat, action) list).

    Raises :class:`InputError` naming the key path of the first malformed part: not an
    object, another game or rules version, a bad seed/shuffle/first_initiative, players
    that are not two decklists, actions that are not objects with a seat and a type.
    """

    def bad(where: str, message: str) -> InputError:
        return InputError(Problem(where, message), source=source)

    if not isinstance(log, dict):
        raise bad("", "a match log must be a JSON object")
    if log.get("redacted"):
        raise bad(
            "redacted", "a player's redacted copy (no seed, the opponent's deck unknown) cannot be replayed"
        )
    if log.get("game") != GAME:
        raise bad("game", f"expected {GAME!r}, found {log.get('game')!r}")
    if str(log.get("rules_version")) != RULES_VERSION:
        raise bad("rules_version", f"this engine plays rules version {RULES_VERSION!r}")
    seed = log.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("seed", "must be an integer")
    shuffle = log.get("shuffle", True)
    if not isinstance(shuffle, bool):
        raise bad("shuffle", "must be true or false")
    first = log.get("first_initiative")
    if first is not None and (first not in (0, 1) or isinstance(first, bool)):
        raise bad("first_initiative", "must be 0, 1 or null")
    players = log.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise bad("players", "must be a list of two players")
    decks: list[Decklist] = []
    names: list[str] = []
    for seat, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("deck"), dict):
            raise bad(f"players[{seat}]", 'must be an object with a "deck" decklist object')
        name = player.get("name", ("A", "B")[seat])
        names.append(str(name))
        try:
            decks.append(_parse_deck(player["deck"]))
        except InputError as error:
            raise bad(f"players[{seat}].deck", error.one_line()) from None
    raw_actions = log.get("actions", [])
    if not isinstance(raw_actions, list):
        raise bad("actions", "must be a list of actions")
    actions: list[tuple[int, dict[str, Any]]] = []
    for raw in raw_actions:
        if type(raw) is dict:  # the usual shape, checked at once (_checked_actions says what is wrong)
            actor = raw.get("seat")
            if type(actor) is int and (actor == 0 or actor == 1) and type(raw.get("type")) is str:
                actions.append((actor, raw))
                continue
        actions = _checked_actions(raw_actions, bad)
        break
    setup = {
        "decks": (decks[0], decks[1]),
        "seed": seed,
        "shuffle": shuffle,
        "first_initiative": first,
        "names": (names[0], names[1]),
    }
    return setup, actions


def _checked_actions(
    raw_actions: list[Any], bad: Callable[[str, str], InputError]
) -> list[tuple[int, dict[str, Any]]]:
    """Return the (seat, action) list of a log's actions; raise ``bad(where, why)`` at the first
    that is not an object with a "seat" 0 or 1 and a string "type"."""
    actions: list[tuple[int, dict[str, Any]]] = []
    for index, raw in enumerate(raw_actions):
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise bad(f"actions[{index}]", 'must be an object with a "seat" and a "type"')
        actor = raw.get("seat")
        if actor not in (0, 1) or isinstance(actor, bool):
            raise bad(f"actions[{index}].seat", "must be 0 or 1")
        # The "seat" key stays in: apply() reads only the keys of the action's type.
        actions.append((int(actor), raw))
    return actions


def replay(log: Any, catalog: Catalog[Any], *, source: str = "", upto: int | None = None) -> Match:
    """Return the match rebuilt by applying every action of ``log`` (or the first ``upto``).

    Raises :class:`InputError` for a malformed log or deck, and :class:`ReplayError`
    (carrying the state reached) at the first illegal action.
    """
    setup, actions = read_setup(log, source=source)
    try:
        match = new_match(catalog, **setup)
    except InputError as error:
        raise InputError(error.problems, source=source) from None
    # The events of the replayed actions are dropped: build none (the state is the same).
    match.recording = False
    # read_setup checked every action's seat and shape: apply the rest of apply()'s checks only.
    apply = match._apply_checked
    try:
        for index, (seat, action) in enumerate(actions[:upto] if upto is not None else actions):
            try:
                apply(seat, action)
            except IllegalAction as error:
                raise ReplayError(index, seat, error, match) from None
    finally:
        match.recording = True
    return match


# Where a card is in plain sight of both players (R3.5): a face-down trap on the field is not.
_OPEN_ZONES = frozenset({LOCATION, GRAVEYARD, SPACE, ORDER_UP, STACK, HERO})
REDACTED_WHY = (
    "a player's copy while the event's decklists are not public: no seed, and of the opponent "
    "only the hero and the cards revealed in play; not replayable (the judges have the full log)"
)


def _in_sight(inst: Inst) -> bool:
    zone = inst.zone
    return zone in _OPEN_ZONES or (zone == FIELD and inst.face_up)


def redacted_log(log: Any, catalog: Catalog[Any], seat: int, *, source: str = "") -> dict[str, Any]:
    """Return ``seat``'s copy of a match log that hides what that player never saw (R3.5).

    It keeps the player's own deck and actions; it drops the seed and the shuffle flag
    (R10.1: with a decklist the seed gives that deck's order); of the opponent it keeps the
    hero, the orders revealed (by position, ``null`` for the others) and the main deck
    cards seen in play (``players[i].revealed``, with ``deck`` null), and the opponent's
    actions name no card the player never saw: a mulligan gives its ``count``, a trap
    played face down and never revealed has ``"card": null``. ``"redacted"`` says what and
    why; :func:`read_setup` refuses such a copy. Raises like :func:`replay`.
    """
    setup, actions = read_setup(log, source=source)
    try:
        match = new_match(catalog, **setup)
    except InputError as error:
        raise InputError(error.problems, source=source) from None
    match.recording = False
    other = 1 - seat
    side = match.seats[other]
    theirs = [inst for inst in match.insts if inst.owner == other]
    seen = {inst.id for inst in theirs if _in_sight(inst)}
    played: dict[int, int] = {}  # index of an opponent's play -> the id of the card played
    for index, (actor, action) in enumerate(actions):
        hand = {inst.id for inst in side.hand} if actor == other and action["type"] == "play" else set()
        try:
            match._apply_checked(actor, action)
        except IllegalAction as error:
            raise ReplayError(index, actor, error, match) from None
        if hand:
            gone = hand - {inst.id for inst in side.hand}
            for ident in gone:
                played[index] = ident
                if match.insts[ident].kind != "trap":
                    seen.add(ident)  # the play event named it (R7.2): whatever became of it
        seen.update(inst.id for inst in theirs if _in_sight(inst))
        seen.update(inst.id for inst in side.orders[: side.next_order])  # revealed left to right (R7.5)
    orders = {inst.id for inst in side.orders}
    revealed_main: dict[str, int] = {}
    for inst in theirs:
        if inst.id in seen and inst.id not in orders and inst is not side.hero:
            revealed_main[inst.name] = revealed_main.get(inst.name, 0) + 1
    shown: list[dict[str, Any]] = []
    for index, (actor, action) in enumerate(actions):
        entry = dict(action)
        if actor == other and entry["type"] == "mulligan":
            entry = {"seat": actor, "type": "mulligan", "count": len(entry.get("cards") or [])}
        elif index in played and played[index] not in seen:
            entry = {**entry, "card": None, "face_down": True}
        shown.append(entry)
    players = [dict(player) for player in log["players"]]
    players[other] = {
        "name": players[other].get("name", ""),
        "deck": None,
        "revealed": {
            "hero": side.hero.name,
            "orders": [inst.name if inst.id in seen else None for inst in side.orders],
            "main": dict(sorted(revealed_main.items())),
        },
    }
    return {
        "game": log["game"],
        "rules_version": log["rules_version"],
        "redacted": {"seat": seat, "why": REDACTED_WHY},
        "seed": None,
        "shuffle": None,
        "first_initiative": log.get("first_initiative"),
        "cards": list(log.get("cards") or []),
        "players": players,
        "actions": shown,
    }

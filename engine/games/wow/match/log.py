"""Match logs (formats.md) and replay: the action log is the truth (STYLE.md 4, W16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine import RULES_VERSION
from engine.catalog import Catalog
from engine.decklist import Decklist, decklist_to_json, parse_decklist
from engine.games.wow.match.state import TURN_LIMIT, IllegalAction
from engine.problems import InputError, Problem

if TYPE_CHECKING:
    from engine.games.wow.match.core import Match

GAME = "wow"


def match_log(match: Match, card_set_codes: Sequence[str]) -> dict[str, Any]:
    """Return the formats.md match log of ``match``: setup, both decks and every action."""
    return {
        "game": GAME,
        "rules_version": RULES_VERSION,
        "seed": match.seed,
        "shuffle": match.shuffle,
        "first": match.first_option,
        "turn_limit": match.turn_limit,
        "cards": list(card_set_codes),
        "players": [{"name": match.names[s], "deck": decklist_to_json(match.decks[s])} for s in (0, 1)],
        "actions": [dict(action) for action in match.actions],
    }


class ReplayError(Exception):
    """An illegal action in a log: its ``index``, ``seat``, the refusal (``error``) and
    ``match``, the state reached just before it."""

    def __init__(self, index: int, seat: int, error: IllegalAction, match: Match) -> None:
        self.index = index
        self.seat = seat
        self.error = error
        self.match = match
        super().__init__(f"actions[{index}] (seat {seat}): {error.rule}: {error.message}")


def read_setup(log: Any, *, source: str = "") -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """Return (``new_match``'s keyword arguments but the catalog, the (seat, action) list).

    Raises :class:`InputError` naming the first malformed part of the log.
    """

    def bad(where: str, message: str) -> InputError:
        return InputError(Problem(where, message), source=source)

    if not isinstance(log, dict):
        raise bad("", "a match log must be a JSON object")
    if log.get("redacted"):
        raise bad("redacted", "a player's redacted copy cannot be replayed")
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
    first = log.get("first")
    if first is not None and (first not in (0, 1) or isinstance(first, bool)):
        raise bad("first", "must be 0, 1 or null")
    turn_limit = log.get("turn_limit", TURN_LIMIT)
    if not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1:
        raise bad("turn_limit", "must be a whole number ≥ 1")
    players = log.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise bad("players", "must be a list of two players")
    decks: list[Decklist] = []
    names: list[str] = []
    for seat, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("deck"), dict):
            raise bad(f"players[{seat}]", 'must be an object with a "deck" decklist object')
        names.append(str(player.get("name", ("A", "B")[seat])))
        try:
            decks.append(parse_decklist(player["deck"], game=GAME))
        except InputError as error:
            raise bad(f"players[{seat}].deck", error.one_line()) from None
    raw_actions = log.get("actions", [])
    if not isinstance(raw_actions, list):
        raise bad("actions", "must be a list of actions")
    actions: list[tuple[int, dict[str, Any]]] = []
    for index, raw in enumerate(raw_actions):
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise bad(f"actions[{index}]", 'must be an object with a "seat" and a "type"')
        actor = raw.get("seat")
        if actor not in (0, 1) or isinstance(actor, bool):
            raise bad(f"actions[{index}].seat", "must be 0 or 1")
        actions.append((int(actor), raw))
    setup = {"decks": (decks[0], decks[1]), "seed": seed, "shuffle": shuffle, "first": first,
             "names": (names[0], names[1]), "turn_limit": turn_limit}  # fmt: skip
    return setup, actions


def replay(log: Any, catalog: Catalog[Any], *, source: str = "", upto: int | None = None) -> Match:
    """Return the match rebuilt from ``log`` (its first ``upto`` actions).

    Raises :class:`InputError` for a malformed log and :class:`ReplayError` at the first
    illegal action.
    """
    from engine.games.wow.match.core import new_match

    setup, actions = read_setup(log, source=source)
    try:
        match = new_match(catalog, **setup)
    except InputError as error:
        raise InputError(error.problems, source=source) from None
    match.recording = False
    try:
        for index, (seat, action) in enumerate(actions[:upto] if upto is not None else actions):
            try:
                match.apply_checked(seat, action)
            except IllegalAction as error:
                raise ReplayError(index, seat, error, match) from None
    finally:
        match.recording = True
    return match


REDACTED_WHY = (
    "a player's copy: no seed, and of the opponent only the hero and the cards seen in play; "
    "not replayable (the judges have the full log)"
)


def redacted_log(log: Any, catalog: Catalog[Any], seat: int, *, source: str = "") -> dict[str, Any]:
    """Return ``seat``'s copy of a match log (W4): no seed; the opponent's deck replaced by the
    cards the player saw (``revealed``). Actions name cards by instance id only, so they stay."""
    match = replay(log, catalog, source=source)
    other = 1 - seat
    revealed: dict[str, int] = {}
    for inst in match.insts:
        if inst.owner == other and inst.known & (1 << seat) and inst is not match.seats[other].hero:
            revealed[inst.name] = revealed.get(inst.name, 0) + 1
    players = [dict(player) for player in log["players"]]
    players[other] = {
        "name": players[other].get("name", ""),
        "deck": None,
        "revealed": {"hero": match.seats[other].hero.name, "main": dict(sorted(revealed.items()))},
    }
    return {
        "game": log["game"],
        "rules_version": log["rules_version"],
        "redacted": {"seat": seat, "why": REDACTED_WHY},
        "seed": None,
        "shuffle": None,
        "first": log.get("first"),
        "turn_limit": log.get("turn_limit", TURN_LIMIT),
        "cards": list(log.get("cards") or []),
        "players": players,
        "actions": [dict(action) for action in log.get("actions", [])],
    }

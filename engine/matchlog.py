"""Match logs (formats.md) and replay, for the games whose logs share one envelope.

The action log is the truth: (rules version, card sets, decks, seed, actions)
rebuilds every state. Your War, Chronomagia, WoW TCG and Force of Will write and read the
same envelope; a game's ``match/log.py`` is one :class:`LogFormat` naming what differs
(its key, its package, whether it has a turn cap, what its players' copies reveal).
RESPONSE keeps its own module, compiled with the rest of its engine.

Nothing here knows a game's rules: a match is anything with ``seed``, ``shuffle``,
``first_option``, ``names``, ``decks``, ``actions`` (and ``turn_limit`` when the game has a
cap), and an ``apply_checked(seat, action)`` that raises the game's refusal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import RULES_VERSION
from engine.actions import is_int
from engine.catalog import Catalog
from engine.decklist import Decklist, decklist_to_json, parse_decklist
from engine.playable import require_playable
from engine.problems import InputError, Problem


class ReplayError(Exception):
    """An illegal action in a log: its ``index``, ``seat``, the game's refusal (``error``, with
    ``rule`` and ``message``) and ``match``, the state reached just before it."""

    def __init__(self, index: int, seat: int, error: Any, match: Any) -> None:
        self.index = index
        self.seat = seat
        self.error = error
        self.match = match
        super().__init__(f"actions[{index}] (seat {seat}): {error.rule}: {error.message}")


@dataclass(frozen=True)
class LogFormat:
    """One game's match logs.

    ``package``: the game's package (``new_match`` is in ``<package>.match.core``);
    ``refusal``: its refusal exception; ``turn_limit``: the cap's default, or None when the
    game has no turn cap (the log then carries none); ``auto_pass``: whether the game passes
    for a seat that can do nothing else (a log without the field was played without: False);
    ``revealed(match, seat)``: what the
    other seat's deck becomes in ``seat``'s copy (the cards that seat saw); ``why``: the
    copy's explanation.
    """

    game: str
    rules_version: str
    package: str
    refusal: type[Exception]
    turn_limit: int | None
    revealed: Callable[[Any, int, list[tuple[int, dict[str, Any]]]], dict[str, Any]]
    why: str
    auto_pass: bool = False

    def functions(
        self,
    ) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
        """Return (match_log, read_setup, replay, redacted_log): a game's log module's functions."""
        return self.match_log, self.read_setup, self.replay, self.redacted_log

    def match_log(self, match: Any, card_set_codes: Sequence[str]) -> dict[str, Any]:
        """Return the formats.md match log of ``match``: setup, both decks and every action."""
        log: dict[str, Any] = {
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": match.seed,
            "shuffle": match.shuffle,
            "first": match.first_option,
        }
        if self.turn_limit is not None:
            log["turn_limit"] = match.turn_limit
        if self.auto_pass:
            log["auto_pass"] = match.auto_pass
        log["cards"] = list(card_set_codes)
        log["players"] = [{"name": match.names[s], "deck": decklist_to_json(match.decks[s])} for s in (0, 1)]
        log["actions"] = [dict(action) for action in match.actions]
        return log

    def read_setup(
        self, log: Any, *, source: str = ""
    ) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
        """Return (``new_match``'s keyword arguments but the catalog, the (seat, action) list,
        each action without its ``seat``).

        Raises :class:`InputError` naming the first malformed part of the log.
        """

        def bad(where: str, message: str) -> InputError:
            return InputError(Problem(where, message), source=source)

        if not isinstance(log, dict):
            raise bad("", "a match log must be a JSON object")
        if log.get("redacted"):
            raise bad("redacted", "a player's redacted copy (no seed) cannot be replayed")
        if log.get("game") != self.game:
            raise bad("game", f"expected {self.game!r}, found {log.get('game')!r}")
        if str(log.get("rules_version")) != self.rules_version:
            raise bad("rules_version", f"this engine plays rules version {self.rules_version!r}")
        seed = log.get("seed")
        if not is_int(seed):
            raise bad("seed", "must be an integer")
        shuffle = log.get("shuffle", True)
        if not isinstance(shuffle, bool):
            raise bad("shuffle", "must be true or false")
        first = log.get("first")
        if first is not None and (not is_int(first) or first not in (0, 1)):
            raise bad("first", "must be 0, 1 or null")
        setup: dict[str, Any] = {"seed": seed, "shuffle": shuffle, "first": first}
        if self.turn_limit is not None:
            turn_limit = log.get("turn_limit", self.turn_limit)
            if not is_int(turn_limit) or turn_limit < 1:
                raise bad("turn_limit", "must be a whole number ≥ 1")
            setup["turn_limit"] = turn_limit
        if self.auto_pass:
            auto_pass = log.get("auto_pass", False)  # logs from before the option: no auto passes
            if not isinstance(auto_pass, bool):
                raise bad("auto_pass", "must be true or false")
            setup["auto_pass"] = auto_pass
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
                decks.append(parse_decklist(player["deck"], game=self.game))
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
            if not is_int(actor) or actor not in (0, 1):
                raise bad(f"actions[{index}].seat", "must be 0 or 1")
            action = dict(raw)
            del action["seat"]
            actions.append((actor, action))
        setup["decks"] = (decks[0], decks[1])
        setup["names"] = (names[0], names[1])
        return setup, actions

    def replay(self, log: Any, catalog: Catalog[Any], *, source: str = "", upto: int | None = None) -> Any:
        """Return the match rebuilt from ``log`` (its first ``upto`` actions).

        Raises :class:`InputError` for a malformed log and :class:`ReplayError` at the first
        illegal action.
        """
        return self._replay(log, catalog, source, upto)[0]

    def _replay(
        self, log: Any, catalog: Catalog[Any], source: str, upto: int | None
    ) -> tuple[Any, list[tuple[int, dict[str, Any]]]]:
        new_match = importlib.import_module(f"{self.package}.match.core").new_match
        setup, actions = self.read_setup(log, source=source)
        try:
            require_playable(catalog, setup["decks"])  # engine/playable.py
            match = new_match(catalog, **setup)
        except InputError as error:
            raise InputError(error.problems, source=source) from None
        # A match that can skip its events (``recording``) does while it replays: nobody reads them.
        quiet = hasattr(match, "recording")
        if quiet:
            match.recording = False
        try:
            for index, (seat, action) in enumerate(actions[:upto] if upto is not None else actions):
                try:
                    match.apply_checked(seat, action)
                except self.refusal as error:
                    raise ReplayError(index, seat, error, match) from None
        finally:
            if quiet:
                match.recording = True
        return match, actions

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int, *, source: str = "") -> dict[str, Any]:
        """Return ``seat``'s copy of a match log: no seed, the opponent's deck replaced by the
        cards the player saw (``revealed``). Actions name cards by what was public when they
        were taken, so they stay. Raises like :meth:`replay`."""
        match, actions = self._replay(log, catalog, source, None)
        other = 1 - seat
        players = [dict(player) for player in log["players"]]
        players[other] = {
            "name": players[other].get("name", ""),
            "deck": None,
            "revealed": self.revealed(match, seat, actions),
        }
        copy: dict[str, Any] = {
            "game": self.game,
            "rules_version": log["rules_version"],
            "redacted": {"seat": seat, "why": self.why},
            "seed": None,
            "shuffle": None,
            "first": log.get("first"),
        }
        if self.turn_limit is not None:
            copy["turn_limit"] = log.get("turn_limit", self.turn_limit)
        if self.auto_pass:
            copy["auto_pass"] = log.get("auto_pass", False)
        copy["cards"] = list(log.get("cards") or [])
        copy["players"] = players
        copy["actions"] = [dict(action) for action in log.get("actions", [])]
        return copy


def identity_format(
    game: str,
    refusal: type[Exception],
    *,
    identity: str,
    seen: Callable[[Any, int], bool],
    turn_limit: int,
    rules_version: str = RULES_VERSION,
    auto_pass: bool = False,
) -> LogFormat:
    """Return the log format of a game whose players have an identity card in play from the
    start (a hero, a ruler) and a turn cap: a player's copy reveals that card and the
    opponent's cards for which ``seen(instance, seat)`` holds (see :func:`seen_in_play`)."""
    return LogFormat(
        game=game,
        rules_version=rules_version,
        package=f"engine.games.{game}",
        refusal=refusal,
        turn_limit=turn_limit,
        revealed=seen_in_play(identity, seen),
        auto_pass=auto_pass,
        why=(
            f"a player's copy: no seed, and of the opponent only the {identity} and the cards seen "
            "in play; not replayable (the judges have the full log)"
        ),
    )


def seen_in_play(identity: str, seen: Callable[[Any, int], bool]) -> Callable[..., dict[str, Any]]:
    """Return a ``revealed`` for games with an identity card in play from the start (a hero, a
    ruler): ``{identity: its name, "main": {name: copies}}`` of the other seat's cards for
    which ``seen(instance, seat)`` holds, the identity card aside."""

    def revealed(match: Any, seat: int, _actions: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        other = 1 - seat
        own = getattr(match.seats[other], identity)
        counts: dict[str, int] = {}
        for inst in match.insts:
            if inst.owner == other and inst is not own and seen(inst, seat):
                counts[inst.name] = counts.get(inst.name, 0) + 1
        return {identity: own.name, "main": dict(sorted(counts.items()))}

    return revealed

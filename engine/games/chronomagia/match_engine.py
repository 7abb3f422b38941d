"""Chronomagia's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

A thin adapter over :mod:`engine.games.chronomagia.match` and :mod:`.bots`; the match
modules are imported when first used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import ActionProblem, action_problem
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.match import MatchBot, MatchEngine
from engine.problems import InputError, Problem, Violation

if TYPE_CHECKING:
    from engine.games.chronomagia.match.core import Match

# new_match's options: seat names, listed order instead of a shuffle (C16.1), the first
# player (C5.2: the previous game's loser chooses), the turn cap (C15.3).
OPTIONS: tuple[str, ...] = ("names", "shuffle", "first", "turn_limit")


class ChronomagiaMatchEngine:
    """The Chronomagia match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "chronomagia"
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        from engine.games.chronomagia.match.state import REFUSAL_CODES

        return REFUSAL_CODES

    @property
    def illegal_action(self) -> type[Exception]:
        from engine.games.chronomagia.match.state import IllegalAction

        return IllegalAction

    @property
    def replay_error(self) -> type[Exception]:
        from engine.games.chronomagia.match.log import ReplayError

        return ReplayError

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (C5); raises :class:`InputError` for a bad option or deck."""
        from engine.games.chronomagia.match.core import new_match
        from engine.games.chronomagia.match.state import TURN_LIMIT

        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise InputError(Problem(f"options.{unknown[0]}", f"unknown option; expected one of {OPTIONS}"))
        if len(decks) != 2:
            raise InputError(Problem("decks", "a Chronomagia match is played by two decks"))
        names = options.get("names", ("A", "B"))
        if not (
            isinstance(names, list | tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)
        ):
            raise InputError(Problem("options.names", "must be two names"))
        shuffle = options.get("shuffle", True)
        if not isinstance(shuffle, bool):
            raise InputError(Problem("options.shuffle", "must be true or false"))
        first = options.get("first")
        if first is not None and (first not in (0, 1) or isinstance(first, bool)):
            raise InputError(Problem("options.first", "must be 0, 1 or null"))
        turn_limit = options.get("turn_limit", TURN_LIMIT)
        if not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1:
            raise InputError(Problem("options.turn_limit", "must be a whole number ≥ 1"))
        return new_match(
            catalog,
            (decks[0], decks[1]),
            seed=seed,
            shuffle=shuffle,
            first=first,
            names=(names[0], names[1]),
            turn_limit=turn_limit,
        )

    def replay(self, log: Any, catalog: Catalog[Any], *, upto: int | None = None) -> Match:
        from engine.games.chronomagia.match.log import replay

        return replay(log, catalog, upto=upto)

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s downloadable copy of ``log`` (C4): no seed, no hidden opponent card."""
        from engine.games.chronomagia.match.log import redacted_log

        return redacted_log(log, catalog, seat)

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Sideboarding between games: the seed has none (C2.1 [decision]: the hero deck is a
        zone of play, not a sideboard), so any change is refused."""
        if dict(before.zones) == dict(after.zones):
            return []
        return [
            Violation(
                "no_sideboarding",
                None,
                "Chronomagia has no sideboarding between games (C2.1)",
                {"rule": "C2.1"},
            )
        ]

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[Match]:
        from engine.games.chronomagia.bots import make_bot

        return make_bot(name, seed)

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with ``raw``'s shape as a Chronomagia action, or None."""
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: Match) -> list[str]:
        from engine.games.chronomagia.match.invariants import check_invariants

        return check_invariants(state)

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a random legal deck (C2) for each hero of ``catalog``."""
        from engine.games.chronomagia.deck import validate_deck

        rng = random.Random(seed)
        cards = sorted((c for c in catalog if not c.is_hero and not c.token), key=lambda c: c.name)
        out = []
        for hero in sorted((c for c in catalog if c.is_hero), key=lambda c: c.name):
            main: dict[str, int] = {}
            pool = list(cards)
            rng.shuffle(pool)
            for card in pool:
                if sum(main.values()) >= 32:
                    break
                main[card.name] = 1 if card.is_mythic else 2
            side = {c.name: 1 for c in pool if c.name not in main and not c.is_mythic}
            side = dict(list(side.items())[:8])
            deck = Decklist(game="chronomagia", zones={"hero": hero.name, "main": main, "side": side})
            if not validate_deck(deck, catalog):
                out.append(deck)
        return out


if TYPE_CHECKING:
    _CHECKED: MatchEngine[Match] = ChronomagiaMatchEngine(action_types=())

"""Your War's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

A thin adapter over :mod:`engine.games.yourwar.match` and :mod:`engine.games.yourwar.bots`,
imported when first used so that importing the ruleset does not load the engine.
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
    from engine.games.yourwar.match.core import Match

# new_match's options (Y4.2, Y11.1): seat names, listed order instead of a shuffle, the first seat.
OPTIONS: tuple[str, ...] = ("names", "shuffle", "first")


class YourWarMatchEngine:
    """The Your War match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "yourwar"
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        from engine.games.yourwar.match.state import REFUSAL_CODES

        return REFUSAL_CODES

    @property
    def illegal_action(self) -> type[Exception]:
        from engine.games.yourwar.match.state import IllegalAction

        return IllegalAction

    @property
    def replay_error(self) -> type[Exception]:
        """What :meth:`replay` raises at an illegal action (``index``, ``seat``, ``error``, ``match``)."""
        from engine.games.yourwar.match.log import ReplayError

        return ReplayError

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (Y4); ``options``: ``names`` (two strings), ``shuffle`` (false:
        the listed order), ``first`` (0, 1 or None: the seed decides, Y4.2)."""
        from engine.games.yourwar.match.core import new_match

        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise InputError(Problem(f"options.{unknown[0]}", f"unknown option; expected one of {OPTIONS}"))
        if len(decks) != 2:
            raise InputError(Problem("decks", "a Your War match is played by two decks"))
        names = options.get("names", ("A", "B"))
        if not (
            isinstance(names, list | tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)
        ):
            raise InputError(Problem("options.names", "must be two names"))
        shuffle = options.get("shuffle", True)
        if not isinstance(shuffle, bool):
            raise InputError(Problem("options.shuffle", "must be true or false"))
        first = options.get("first")
        if first is not None and (type(first) is not int or first not in (0, 1)):
            raise InputError(Problem("options.first", "must be 0, 1 or null"))
        return new_match(catalog, decks, seed=seed, shuffle=shuffle, first=first, names=(names[0], names[1]))

    def replay(self, log: Any, catalog: Catalog[Any], *, upto: int | None = None) -> Match:
        from engine.games.yourwar.match.log import replay

        return replay(log, catalog, upto=upto)

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return the log as ``seat``'s player may download it (Y3.3): no seed, no hidden card."""
        from engine.games.yourwar.match.log import redacted_log

        return redacted_log(log, catalog, seat)

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Return why ``after`` is not a legal sideboarding of ``before`` (empty when it is).

        Y2.4: the seed has one deck and no side deck, so without an event's ``side_max`` any
        change is refused; with one, cards move between ``main`` and ``side`` only, and the
        new deck must be legal.
        """
        from engine.games.yourwar.deck import option_side, validate_deck

        if before.zones == after.zones:
            return []
        if option_side(options) == 0:
            return [
                Violation(
                    "no_sideboarding",
                    None,
                    "Y2.4: Your War has no side deck; the deck cannot change between games",
                )
            ]

        def total(deck: Decklist) -> dict[str, int]:
            out: dict[str, int] = {}
            for zone in ("main", "side"):
                counts = deck.zones.get(zone)
                for name, count in counts.items() if isinstance(counts, dict) else ():
                    out[name] = out.get(name, 0) + count
            return out

        if total(before) != total(after):
            return [
                Violation(
                    "not_a_swap",
                    None,
                    "Y2.4: sideboarding moves cards between the deck and the side deck only",
                )
            ]
        return validate_deck(after, catalog, options=options)

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[Match]:
        from engine.games.yourwar.bots import make_bot

        return make_bot(name, seed)

    def action_problem(self, raw: Any) -> ActionProblem | None:
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: Match) -> list[str]:
        from engine.games.yourwar.match.invariants import check_invariants

        return check_invariants(state)

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a legal deck per country of ``catalog`` (its bases, units and the rest)."""
        from engine.games.yourwar.deck import validate_deck

        rng = random.Random(seed)
        out: list[Decklist] = []
        bases = {card.country: card for card in catalog if card.type == "base"}
        for country, base in sorted(bases.items(), key=lambda kv: str(kv[0])):
            pool = [c for c in catalog if c.type != "base" and c.country in (country, None)]
            pool = [c for c in pool if c.type != "unit" or c.attack is not None]
            if len(pool) < 8:
                continue
            rng.shuffle(pool)
            main = {base.name: 22}
            for card in pool[:10]:
                main[card.name] = 4 if card.cost <= 3 else 3
            deck = Decklist(game="yourwar", zones={"main": main})
            if not validate_deck(deck, catalog):
                out.append(deck)
        return out


if TYPE_CHECKING:
    _CHECKED: MatchEngine[Match] = YourWarMatchEngine(action_types=())

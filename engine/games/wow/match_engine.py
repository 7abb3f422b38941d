"""WoW TCG's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

A thin adapter over :mod:`engine.games.wow.match` and :mod:`.bots`; the match
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
    from engine.games.wow.match.core import Match

# new_match's options: seat names, listed order instead of a shuffle (W16.2), the first
# player (W5.1), the turn cap (W15.1).
OPTIONS: tuple[str, ...] = ("names", "shuffle", "first", "turn_limit")


class WowMatchEngine:
    """The WoW TCG match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "wow"
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        from engine.games.wow.match.state import REFUSAL_CODES

        return REFUSAL_CODES

    @property
    def illegal_action(self) -> type[Exception]:
        from engine.games.wow.match.state import IllegalAction

        return IllegalAction

    @property
    def replay_error(self) -> type[Exception]:
        from engine.games.wow.match.log import ReplayError

        return ReplayError

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (W5); raises :class:`InputError` for a bad option or deck."""
        from engine.games.wow.match.core import new_match
        from engine.games.wow.match.state import TURN_LIMIT

        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise InputError(Problem(f"options.{unknown[0]}", f"unknown option; expected one of {OPTIONS}"))
        if len(decks) != 2:
            raise InputError(Problem("decks", "a WoW TCG match is played by two decks"))
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
        from engine.games.wow.match.log import replay

        return replay(log, catalog, upto=upto)

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s downloadable copy of ``log`` (W4): no seed, no hidden opponent card."""
        from engine.games.wow.match.log import redacted_log

        return redacted_log(log, catalog, seat)

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Sideboarding between games (W2.5): one-for-one swaps between main deck and
        sideboard, the main deck keeping its size and the hero unchanged; the result must still
        be a legal deck (W2)."""
        from engine.games.wow.deck import validate_deck

        problems: list[Violation] = []
        if before.zones.get("hero") != after.zones.get("hero"):
            problems.append(Violation("hero_changed", None, "the hero cannot change between games (W2.5)",
                                      {"rule": "W2.5"}))  # fmt: skip
        totals: dict[str, int] = {}
        for deck, sign in ((before, -1), (after, 1)):
            for zone in ("main", "side"):
                for name, count in _counts(deck, zone).items():
                    totals[name] = totals.get(name, 0) + sign * int(count)
        if any(totals.values()):
            problems.append(Violation("not_a_swap", None, "only cards of the deck and sideboard swap (W2.5)",
                                      {"rule": "W2.5"}))  # fmt: skip
        main_size = [sum(_counts(d, "main").values()) for d in (before, after)]
        if main_size[0] != main_size[1]:
            message = "swaps are one-for-one: the main deck keeps its size (W2.5)"
            problems.append(Violation("not_a_swap", None, message, {"rule": "W2.5"}))
        return problems or validate_deck(after, catalog, options=options)

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[Match]:
        from engine.games.wow.bots import make_bot

        return make_bot(name, seed)

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with ``raw``'s shape as a WoW TCG action, or None."""
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: Match) -> list[str]:
        from engine.games.wow.match.invariants import check_invariants

        return check_invariants(state)

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a random legal deck (W2) for each hero of ``catalog``: the cards the hero may
        take, four of each (unlimited ones fill up to 60)."""
        from engine.games.wow.deck import _unshared_kinds, validate_deck

        rng = random.Random(seed)
        cards = sorted((c for c in catalog if not c.is_hero), key=lambda c: c.name)
        out = []
        for hero in sorted((c for c in catalog if c.is_hero), key=lambda c: c.name):
            pool = [
                c for c in cards
                if not _unshared_kinds(c, hero)
                and (c.hero_required_talent is None or c.hero_required_talent in hero.traits.talents)
            ]  # fmt: skip
            rng.shuffle(pool)
            main: dict[str, int] = {}
            for card in pool[:15]:
                main[card.name] = 4
            filler = [c for c in pool if c.is_unlimited]
            if filler and sum(main.values()) < 60:
                main[filler[0].name] = main.get(filler[0].name, 0) + 60 - sum(main.values())
            deck = Decklist(game="wow", zones={"hero": hero.name, "main": main})
            if not validate_deck(deck, catalog):
                out.append(deck)
        return out


def _counts(deck: Decklist, zone: str) -> dict[str, int]:
    counts = deck.zones.get(zone)
    return counts if isinstance(counts, dict) else {}


if TYPE_CHECKING:
    _CHECKED: MatchEngine[Match] = WowMatchEngine(action_types=())

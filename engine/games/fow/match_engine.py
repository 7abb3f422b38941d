"""Force of Will's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

A thin adapter over :mod:`engine.games.fow.match` and :mod:`.bots`; the match
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
    from engine.games.fow.match.core import Match

# new_match's options: seat names, listed order instead of a shuffle (F14.1), the first
# player (F5.2; None: the seed decides), the turn cap (F13.1).
OPTIONS: tuple[str, ...] = ("names", "shuffle", "first", "turn_limit")


class FowMatchEngine:
    """The Force of Will match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "fow"
    bot_names: tuple[str, ...] = ("random", "heuristic")

    def __init__(self, *, action_types: tuple[str, ...]) -> None:
        self.action_types = action_types

    @property
    def refusal_codes(self) -> tuple[str, ...]:
        from engine.games.fow.match.state import REFUSAL_CODES

        return REFUSAL_CODES

    @property
    def illegal_action(self) -> type[Exception]:
        from engine.games.fow.match.state import IllegalAction

        return IllegalAction

    @property
    def replay_error(self) -> type[Exception]:
        from engine.games.fow.match.log import ReplayError

        return ReplayError

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (F5); raises :class:`InputError` for a bad option or deck."""
        from engine.games.fow.match.core import new_match
        from engine.games.fow.match.state import TURN_LIMIT

        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise InputError(Problem(f"options.{unknown[0]}", f"unknown option; expected one of {OPTIONS}"))
        if len(decks) != 2:
            raise InputError(Problem("decks", "a Force of Will match is played by two decks"))
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
        from engine.games.fow.match.log import replay

        return replay(log, catalog, upto=upto)

    def redacted_log(self, log: Any, catalog: Catalog[Any], seat: int) -> dict[str, Any]:
        """Return ``seat``'s downloadable copy of ``log`` (F4): no seed, no hidden opponent card."""
        from engine.games.fow.match.log import redacted_log

        return redacted_log(log, catalog, seat)

    def swap_problems(
        self,
        before: Decklist,
        after: Decklist,
        catalog: Catalog[Any],
        *,
        options: Mapping[str, Any] | None = None,
    ) -> list[Violation]:
        """Sideboarding between games (F2.4, published CR 403): the new deck must be legal and
        hold the same cards over main + stones + side + ruler (a swap, not new cards)."""
        from engine.games.fow.deck import validate_deck

        problems = validate_deck(after, catalog, options=options)

        def pool(deck: Decklist) -> dict[str, int]:
            out: dict[str, int] = {}
            ruler = deck.zones.get("ruler")
            if isinstance(ruler, str):
                out[ruler] = 1
            for zone in ("main", "stones", "side"):
                counts = deck.zones.get(zone) or {}
                if isinstance(counts, dict):
                    for name, count in counts.items():
                        out[name] = out.get(name, 0) + int(count)
            return out

        if pool(before) != pool(after):
            problems.append(
                Violation(
                    "bad_swap",
                    None,
                    "sideboarding swaps cards with the side deck; it adds or drops none (F2.4)",
                    {"rule": "F2.4"},
                )
            )
        return problems

    def make_bot(self, name: str, seed: int = 0) -> MatchBot[Match]:
        from engine.games.fow.bots import make_bot

        return make_bot(name, seed)

    def action_problem(self, raw: Any) -> ActionProblem | None:
        """Return what is wrong with ``raw``'s shape as a Force of Will action, or None."""
        return action_problem(raw, types=self.action_types)

    def invariants(self, state: Match) -> list[str]:
        from engine.games.fow.match.invariants import check_invariants

        return check_invariants(state)

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a random legal deck (F2) for each ruler of ``catalog``: 40 main cards of its
        attributes (and void ones), 10–12 stones producing them."""
        from engine.games.fow.deck import validate_deck

        rng = random.Random(seed)
        cards = sorted(catalog, key=lambda c: c.name)
        out = []
        for ruler in (c for c in cards if c.is_ruler):
            colours = set(ruler.attributes)
            pool = [c for c in cards if not c.is_ruler and not c.is_stone and set(c.attributes) <= colours]
            stones = [c for c in cards if c.is_stone and set(c.produces) & colours]
            if len(pool) < 10 or not stones:
                continue
            rng.shuffle(pool)
            main: dict[str, int] = {}
            for card in pool * 4:
                if sum(main.values()) >= 40:
                    break
                main[card.name] = min(4, main.get(card.name, 0) + 1)
            basics = [c for c in stones if c.basic] or stones
            stone_deck = {basics[k % len(basics)].name: 0 for k in range(len(basics))}
            for k in range(12):
                name = basics[k % len(basics)].name
                stone_deck[name] += 1
            deck = Decklist(
                game="fow", zones={"ruler": ruler.name, "main": main, "stones": stone_deck, "side": {}}
            )
            if not validate_deck(deck, catalog):
                out.append(deck)
        return out


if TYPE_CHECKING:
    _CHECKED: MatchEngine[Match] = FowMatchEngine(action_types=())

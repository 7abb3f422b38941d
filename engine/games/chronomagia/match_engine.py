"""Chronomagia's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

The protocol comes from :class:`engine.adapter.PackagedMatchEngine` over this package's
modules; what is Chronomagia's own is here: how it sideboards and the decks the test kit plays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.adapter import PackagedMatchEngine
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.problems import Violation

if TYPE_CHECKING:
    from engine.games.chronomagia.match.core import Match
    from engine.match import MatchEngine


class ChronomagiaMatchEngine(PackagedMatchEngine["Match"]):
    """The Chronomagia match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "chronomagia"
    title = "Chronomagia"
    package = "engine.games.chronomagia"
    # new_match's options: seat names, listed order instead of a shuffle (C16.1), the first
    # player (C5.2: the previous game's loser chooses), the turn cap (C15.3).
    options = ("names", "shuffle", "first", "turn_limit")

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

"""Your War's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

The protocol comes from :class:`engine.adapter.PackagedMatchEngine` over this package's
modules; what is Your War's own is here: how it sideboards and the decks the test kit plays.
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
    from engine.games.yourwar.match.core import Match
    from engine.match import MatchEngine


class YourWarMatchEngine(PackagedMatchEngine["Match"]):
    """The Your War match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "yourwar"
    title = "Your War"
    package = "engine.games.yourwar"
    # new_match's options (Y4.2, Y11.1): seat names, listed order instead of a shuffle, the first seat.
    options = ("names", "shuffle", "first", "turn_limit")  # turn_limit: Y10.1, an event setting

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

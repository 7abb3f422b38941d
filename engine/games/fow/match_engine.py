"""Force of Will's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

The protocol comes from :class:`engine.adapter.PackagedMatchEngine` over this package's
modules; what is Force of Will's own is here: how it sideboards and the decks the test kit plays.
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
    from engine.games.fow.match.core import Match
    from engine.match import MatchEngine


class FowMatchEngine(PackagedMatchEngine["Match"]):
    """The Force of Will match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "fow"
    title = "Force of Will"
    package = "engine.games.fow"
    # new_match's options: seat names, listed order instead of a shuffle (F14.1), the first
    # player (F5.2; None: the seed decides), the turn cap (F13.1).
    options = ("names", "shuffle", "first", "turn_limit")

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

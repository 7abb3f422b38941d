"""WoW TCG's match engine as the registry hands it out (:class:`engine.match.MatchEngine`).

The protocol comes from :class:`engine.adapter.PackagedMatchEngine` over this package's
modules; what is WoW TCG's own is here: how it sideboards and the decks the test kit plays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.adapter import PackagedMatchEngine, zone_counts
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.problems import InputError, Problem, Violation

if TYPE_CHECKING:
    from engine.games.wow.match.core import Match
    from engine.match import MatchEngine


class WowMatchEngine(PackagedMatchEngine["Match"]):
    """The WoW TCG match engine (satisfies ``engine.match.MatchEngine[Match]``)."""

    game = "wow"
    title = "WoW TCG"
    package = "engine.games.wow"
    # new_match's options: seat names, listed order instead of a shuffle (W16.2), the first
    # player (W5.1), the turn cap (W15.1).
    options = ("names", "shuffle", "first", "turn_limit", "auto_pass")

    def new_match(
        self,
        catalog: Catalog[Any],
        decks: Sequence[Decklist],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> Match:
        """Return a new match (:meth:`PackagedMatchEngine.new_match`); ``options`` may also say
        ``auto_pass`` (W10.4 [decision], default true: a seat that can only pass passes by
        itself). Raises :class:`InputError` for a bad option or deck."""
        rest = dict(options or {})
        auto_pass = rest.pop("auto_pass", True)
        if not isinstance(auto_pass, bool):
            raise InputError(Problem("options.auto_pass", "must be true or false (W10.4)"))
        match = super().new_match(catalog, decks, seed=seed, options=rest)
        match.auto_pass = auto_pass  # read from the first action on: the mulligans ask both seats
        return match

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
                for name, count in zone_counts(deck, zone).items():
                    totals[name] = totals.get(name, 0) + sign * int(count)
        if any(totals.values()):
            problems.append(Violation("not_a_swap", None, "only cards of the deck and sideboard swap (W2.5)",
                                      {"rule": "W2.5"}))  # fmt: skip
        main_size = [sum(zone_counts(d, "main").values()) for d in (before, after)]
        if main_size[0] != main_size[1]:
            message = "swaps are one-for-one: the main deck keeps its size (W2.5)"
            problems.append(Violation("not_a_swap", None, message, {"rule": "W2.5"}))
        return problems or validate_deck(after, catalog, options=options)

    def sample_decks(self, catalog: Catalog[Any], *, seed: int) -> list[Decklist]:
        """Return a random legal deck (W2) for each hero of ``catalog``: the cards the hero may
        take, four of each (unlimited ones fill up to 60)."""
        from engine.games.wow.deck import _unshared_kinds, validate_deck

        rng = random.Random(seed)
        cards = sorted((c for c in catalog if not c.is_hero and not c.token), key=lambda c: c.name)  # W3.3
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


if TYPE_CHECKING:
    _CHECKED: MatchEngine[Match] = WowMatchEngine(action_types=())

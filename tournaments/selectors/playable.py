"""Which cards of an online event's decks its game's match engine cannot play: a card set imported
for paper events may lack the fields the engine needs (engine/playable.py). Asked through the
registry, so nothing here knows a game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.decklist import Decklist, parse_decklist
from engine.problems import InputError
from engine.registry import get_game
from tournaments.models import Event, Registration, Round
from tournaments.selectors.cards import catalog_for


@dataclass(frozen=True)
class UnplayableCard:
    """A card of a player's deck that lacks a field the game's match engine needs."""

    player: str  # the player's username
    card: str
    field: str


def decks_unplayable(*, game: str, decks: Iterable[tuple[str, Any]]) -> list[UnplayableCard]:
    """Return every card of ``decks`` ((username, decklist JSON) pairs, iterable more than once)
    that ``game``'s match engine cannot play, with the field it lacks; empty for a game without one.

    The engine is asked once about every deck, read lazily: it looks at none of them when its card
    sets give every card the fields it needs (most of them; engine/playable.py), so an event of
    8,192 players is not parsed deck by deck only to find nothing. Only then is each deck asked
    about alone, to name its player."""
    engine = get_game(game).match_engine
    if engine is None:
        return []
    _rules, catalog = catalog_for(game=game)
    if not engine.playable_problems(catalog, (deck for _player, deck in _parsed(decks, game))):
        return []
    found: list[UnplayableCard] = []
    for player, deck in _parsed(decks, game):
        for violation in engine.playable_problems(catalog, [deck]):
            found.append(
                UnplayableCard(player, str(violation.params["card"]), str(violation.params["field"]))
            )
    return found


def _parsed(decks: Iterable[tuple[str, Any]], game: str) -> Iterator[tuple[str, Decklist]]:
    for player, raw in decks:
        try:
            yield player, parse_decklist(raw, game=game)
        except InputError:
            continue  # a stored deck was read at submission; an empty one (limited) has no cards


def event_unplayable(*, event: Event) -> list[UnplayableCard]:
    """Return the cards of the event's registered decks (active players) its engine cannot play."""
    registrations = event.registrations.filter(status=Registration.Status.ACTIVE, dropped=False)
    # A query, read only if the engine asks for the decks (a query set can be read twice).
    decks = registrations.order_by("pk").values_list("player__username", "deck")
    return decks_unplayable(game=event.game, decks=decks)


def round_unplayable(*, round_: Round) -> list[UnplayableCard]:
    """Return the cards of the decks of the round's paired players its engine cannot play."""
    decks: list[tuple[str, Any]] = []
    for match in round_.matches.filter(player_b__isnull=False).select_related(
        "player_a__player", "player_b__player"
    ):
        for registration in (match.player_a, match.player_b):
            if registration is not None:
                decks.append((registration.player.get_username(), registration.deck))
    return decks_unplayable(game=round_.event.game, decks=decks)

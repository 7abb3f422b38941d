"""Reading cards: the engine catalog of a game, and card search for the browser."""

import threading
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet

from engine.cardset import merge_card_sets, parse_card_set
from engine.catalog import Catalog
from engine.names import normalize_name
from engine.registry import GameRules, get_game
from tournaments.models import Card, CardSet

_cache_lock = threading.Lock()
_catalogs: dict[str, tuple[tuple[Any, ...], GameRules, Catalog[Any]]] = {}


def catalog_for(*, game: str) -> tuple[GameRules, Catalog[Any]]:
    """Return the game's rules and the catalog of every imported set of that game.

    Rebuilt from the stored card JSON only when an import changed the sets (cheap
    version check), so deck validation stays a pure in-memory call. Raises KeyError
    for an unknown game.
    """
    rules = get_game(game)
    sets = CardSet.objects.filter(game=game)
    version = _card_sets_version(game)
    with _cache_lock:
        cached = _catalogs.get(game)
        if cached and cached[0] == version:
            return cached[1], cached[2]
    loaded = [
        parse_card_set(
            {**card_set.envelope, "cards": [c.raw for c in card_set.cards.order_by("number", "id")]}
        )
        for card_set in sets.order_by("id")
    ]
    catalog: Catalog[Any] = merge_card_sets(loaded)[1] if loaded else Catalog([])
    with _cache_lock:
        _catalogs[game] = (version, rules, catalog)
    return rules, catalog


def _card_sets_version(game: str) -> tuple[Any, ...]:
    """What changes whenever the game's sets do: how many sets and cards, the latest import.

    One plain statement: a worker checks it on every engine state it rebuilds, and the ORM's
    aggregate over the join cost ten times the query itself.
    """
    sql = (
        f"SELECT COUNT(DISTINCT s.id), MAX(s.imported_at), COUNT(c.id) FROM {CardSet._meta.db_table} s "
        f"LEFT JOIN {Card._meta.db_table} c ON c.card_set_id = s.id WHERE s.game = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game])
        return tuple(cursor.fetchone() or ())


def cards_search(
    *,
    game: str | None = None,
    q: str = "",
    faction: str = "",
    card_type: str = "",
    cost: int | None = None,
) -> QuerySet[Card]:
    """Return cards matching a name (in any language: name or alias), faction, type, cost."""
    cards = Card.objects.select_related("card_set").order_by("game", "cost", "name")
    if game:
        cards = cards.filter(game=game)
    if q.strip():
        cards = cards.filter(search_key__contains=normalize_name(q))
    if faction:
        cards = cards.filter(factions_key__contains=f"|{faction}|")
    if card_type:
        cards = cards.filter(type=card_type)
    if cost is not None:
        cards = cards.filter(Q(cost=cost) if cost < 7 else Q(cost__gte=cost))
    return cards


def card_factions(*, game: str) -> list[str]:
    """Return the factions the imported sets of a game declare, in declaration order."""
    names: list[str] = []
    for envelope in CardSet.objects.filter(game=game).values_list("envelope", flat=True):
        for faction in envelope.get("factions", []) or []:
            if faction not in names:
                names.append(faction)
    return names

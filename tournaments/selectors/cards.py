"""Reading cards: the engine catalog of a game, and card search for the browser."""

import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet

from engine.cardset import merge_card_sets, parse_card_set
from engine.catalog import Catalog
from engine.languages import name_in
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


# --- cards in the reader's language ---------------------------------------------------


def card_words(*, raw: dict[str, Any], language: str) -> tuple[str, list[str], str]:
    """Return a card's name in ``language``, its other spellings (the other languages' names and
    its aliases, each once) and its rules text in ``language``, from its card-set JSON.

    A set without ``names``/``texts`` (engine.languages) shows its canonical name and text.
    """
    names: dict[str, Any] = raw["names"] if isinstance(raw.get("names"), dict) else {}
    texts: dict[str, Any] = raw["texts"] if isinstance(raw.get("texts"), dict) else {}
    canonical = str(raw.get("name", ""))
    shown = str(names.get(language) or canonical)
    others: list[str] = []
    for other in (canonical, *names.values(), *(raw.get("aliases") or [])):
        seen = {normalize_name(shown), *map(normalize_name, others)}
        if isinstance(other, str) and normalize_name(other) not in seen:
            others.append(other)
    text = texts.get(language) or raw.get("text") or ""
    return shown, others, str(text)


def cards_in_language(cards: Iterable[Card], *, language: str) -> list[Card]:
    """Return the cards with ``shown_name``, ``other_names`` and ``shown_text`` set for ``language``."""
    out = list(cards)
    for card in out:
        card.shown_name, card.other_names, card.shown_text = card_words(raw=card.raw, language=language)
    return out


def card_names_shown(*, game: str, language: str) -> dict[str, str]:
    """Return the name to show in ``language`` of every imported card of ``game``, by canonical name."""
    shown: dict[str, str] = {}
    for name, names in Card.objects.filter(game=game).values_list("name", "raw__names"):
        found = names.get(language) if isinstance(names, dict) else None
        shown[name] = found if isinstance(found, str) and found else name
    return shown


def card_namer(*, game: str | None, language: str) -> Callable[[str], str]:
    """Return a function giving the name to show in ``language`` of a card named in any spelling
    (engine/names.py); a name that is no card of ``game`` (or of no known game) is given back as it is."""
    try:
        _rules, catalog = catalog_for(game=str(game))
    except KeyError:
        return lambda name: name

    def shown(name: str) -> str:
        card = catalog.get(name) if isinstance(name, str) else None
        return name_in(card, language) if card is not None else name

    return shown

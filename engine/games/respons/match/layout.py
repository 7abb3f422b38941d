# mypyc: compiled by build_engine.py
"""A decklist laid out for a match: the hero, the orders and the main deck as cards (R2, R5.1).

The engine plays any deck it can lay out; full deck legality (R2) is the validator's job
(``deck.py``).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Card
from engine.games.respons.match.insts import InstProto, inst_proto
from engine.problems import InputError, Problem


def _resolve_deck(
    catalog: Catalog[Any], deck: Decklist, seat: int
) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    """Return (hero, orders, main deck in listed order) of a decklist.

    Raises :class:`InputError` for an unknown card, a missing hero, a hero that is not a
    Hero, or a Hero among the orders or the main deck. Full deck legality (R2) is the
    validator's job (``deck.py``); the engine plays any deck it can lay out. Cached per
    catalog and deck contents (a tournament replays the same decks many times).
    """
    key = ("respons.match.deck", deck.one("hero"), deck.ordered("orders"), tuple(deck.counts("main").items()))
    return catalog.derived(key, lambda _: _resolve(catalog, deck, f"players[{seat}].deck"))


def _resolve(
    catalog: Catalog[Any], deck: Decklist, where: str
) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    problems: list[Problem] = []

    def get(name: str, place: str) -> Card | None:
        card = catalog.get(name)
        if card is None:
            problems.append(Problem(f"{where}.{place}", f"unknown card {name!r}"))
        return card

    hero_name = deck.one("hero")
    hero = get(hero_name, "hero") if hero_name else None
    if hero_name is None:
        problems.append(Problem(f"{where}.hero", "missing (R2.1)"))
    elif hero is not None and not hero.is_hero:
        problems.append(Problem(f"{where}.hero", f"{hero.name!r} is not a Hero (R2.1)"))
    orders: list[Card] = []
    for i, name in enumerate(deck.ordered("orders")):
        card = get(name, f"orders[{i}]")
        if card is not None and card.is_hero:
            problems.append(Problem(f"{where}.orders[{i}]", f"{card.name!r} is a Hero (R2.4)"))
        elif card is not None:
            orders.append(card)
    main: list[Card] = []
    for name, copies in deck.counts("main").items():
        card = get(name, f"main[{name!r}]")
        if card is not None and card.is_hero:
            problems.append(Problem(f"{where}.main[{name!r}]", f"{card.name!r} is a Hero (R2.3)"))
        elif card is not None:
            main.extend([card] * copies)
    if problems or hero is None:
        raise InputError(problems or [Problem(f"{where}.hero", "missing (R2.1)")])
    return hero, tuple(orders), tuple(main)


def triggers_by_name(catalog: Catalog[Any]) -> dict[str, frozenset[str]]:
    """Return each card's trigger words by name (built once per catalog)."""
    return {card.name: frozenset(ability.trigger for ability in card.abilities) for card in catalog}


# A laid-out deck: the hero, then the InstProto of each order and main deck card.
Layout = tuple[Card, tuple[InstProto, ...], tuple[InstProto, ...]]


def layout(catalog: Catalog[Any], deck: Decklist, seat: int) -> Layout:
    """Return :func:`_resolve_deck` with each card's trigger set (copies share theirs); cached
    per catalog and deck contents like it."""
    key = (
        "respons.match.layout",
        deck.one("hero"),
        deck.ordered("orders"),
        tuple(deck.counts("main").items()),
    )
    return catalog.derived(key, lambda _: _lay_out(catalog, deck, seat))


def _lay_out(catalog: Catalog[Any], deck: Decklist, seat: int) -> Layout:
    hero, orders, main = _resolve_deck(catalog, deck, seat)
    get = catalog.derived("respons.match.triggers", triggers_by_name).get
    # Copies of one card share one proto (and its trigger set).
    protos = {card.name: inst_proto(card, get(card.name)) for card in (*orders, *main)}
    return hero, tuple(protos[card.name] for card in orders), tuple(protos[card.name] for card in main)

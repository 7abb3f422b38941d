"""Small builders of RESPONSE cards, catalogs and decks for tests (no files, no database).

Named ``respons_builders`` (not ``builders``) because test folders are not packages:
a second ``builders.py`` elsewhere under tests/ would shadow this one.
"""

from collections.abc import Iterable, Mapping, Sequence

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Ability, Card

ORDER, TECH, CHAOS = "order", "technology", "chaos"


def card(
    name: str,
    type: str = "unit",
    factions: Iterable[str] = (ORDER,),
    *,
    cost: int = 1,
    strength: int = 2,
    order: bool = False,
    legendary: bool = False,
    aliases: Sequence[str] = (),
    abilities: Sequence[Ability] = (),
    influence: int = 0,
    durability: int = 0,
) -> Card:
    """Return a card; ``order``/``legendary`` set the supertypes (R1.2)."""
    supertypes = frozenset({"order"} if order else set()) | frozenset({"legendary"} if legendary else set())
    return Card(
        name=name,
        type=type,
        factions=frozenset(factions),
        cost=cost,
        supertypes=supertypes,
        aliases=tuple(aliases),
        abilities=tuple(abilities),
        strength=strength if type == "unit" else 0,
        influence=influence if type == "hero" else 0,
        durability=durability if type == "location" else 0,
    )


def hero(name: str, factions: Iterable[str] = (ORDER,), *, influence: int = 5) -> Card:
    """Return a hero card (R1.4: it has influence)."""
    return card(name, "hero", factions, cost=0, influence=influence)


def order(
    name: str, factions: Iterable[str] = (ORDER,), *, type: str = "spell", legendary: bool = False
) -> Card:
    """Return a card with the Order supertype."""
    return card(name, type, factions, order=True, legendary=legendary)


def catalog(*cards: Card) -> Catalog[Card]:
    return Catalog(cards)


def deck(
    hero: str | None = "Order Hero",
    orders: Sequence[str] = (),
    main: Mapping[str, int] | None = None,
    side: Mapping[str, int] | None = None,
) -> Decklist:
    """Return an unresolved decklist with the four RESPONSE zones."""
    zones = {"hero": hero, "orders": tuple(orders), "main": dict(main or {}), "side": dict(side or {})}
    return Decklist(game="respons", zones=zones)


# A small world with every faction combination the rules talk about.
HEROES = {
    "Order Hero": (ORDER,),
    "Tech Hero": (TECH,),
    "Chaos Hero": (CHAOS,),
    "Order Tech Hero": (ORDER, TECH),
    "Order Chaos Hero": (ORDER, CHAOS),
}
ORDER_UNITS = tuple(f"Order Unit {i}" for i in range(1, 16))  # 15 × 2 = a 30-card main deck
ORDERS = tuple(f"Order Order {i}" for i in range(1, 6))
SIDE_CARDS = tuple(f"Order Spare {i}" for i in range(1, 7))


def world() -> Catalog[Card]:
    """Return the test catalog: five heroes, Order cards enough for a legal deck, and odd ones.

    Odd ones: «Order Tech Unit» (Order+Technology), «Order Chaos Unit», «Tech Unit»,
    «Chaos Unit», «Legend» (legendary Order unit), «Order Tech Order» (an Order card
    of Order+Technology), «Side Order» (an Order card), «Iron Sentinel» (alias «Железный
    страж»), «Ёж» (a name with ё).
    """
    cards = [hero(name, factions) for name, factions in HEROES.items()]
    cards += [card(name) for name in ORDER_UNITS]
    cards += [order(name) for name in ORDERS]
    cards += [card(name) for name in SIDE_CARDS]
    cards += [
        card("Order Tech Unit", factions=(ORDER, TECH)),
        card("Order Chaos Unit", factions=(ORDER, CHAOS)),
        card("Tech Unit", factions=(TECH,)),
        card("Chaos Unit", factions=(CHAOS,)),
        card("Legend", legendary=True),
        order("Order Tech Order", (ORDER, TECH)),
        order("Side Order"),
        order("Legendary Order", legendary=True),
        card("Iron Sentinel", aliases=("Железный страж",)),
        card("Ёж"),
    ]
    return catalog(*cards)


def legal_deck(*, hero: str = "Order Hero", side: Mapping[str, int] | None = None) -> Decklist:
    """Return a legal deck of :func:`world` for an Order-including hero: 5 orders, 30 main cards."""
    return deck(hero=hero, orders=ORDERS, main={name: 2 for name in ORDER_UNITS}, side=side)


def with_main(base: Decklist, changes: Mapping[str, int]) -> Decklist:
    """Return ``base`` with main-deck counts changed (a count of 0 removes the card)."""
    main = dict(base.counts("main"))
    for name, count in changes.items():
        if count:
            main[name] = count
        else:
            main.pop(name, None)
    return Decklist(game=base.game, zones={**base.zones, "main": main})


def replace_zone(base: Decklist, key: str, value: object) -> Decklist:
    """Return ``base`` with one zone replaced."""
    return Decklist(game=base.game, zones={**base.zones, key: value})  # type: ignore[dict-item]

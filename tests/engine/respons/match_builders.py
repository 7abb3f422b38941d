"""Small builders for match-engine tests: cards, decks and scripted games (shuffle: false).

The standard table: each seat has the hero "Tester" (influence 5), five order units
"Order 1".."Order 5" (strength 2), and a main deck of "Soldier" (strength 2, cost 1)
unless a test lists its own. Cards are built directly (no card-set file needed).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Ability, Card
from engine.games.respons.match import Match, new_match
from engine.games.respons.match.board import cell_index
from engine.games.respons.match.scenario import build

FACTIONS = frozenset({"order"})


def ability(trigger: str, effect: str, target: str, amount: int = 0, cost: int = 0) -> Ability:
    """Return one vocabulary ability."""
    return Ability(trigger=trigger, effect=effect, target=target, amount=amount, cost=cost)


def card(
    name: str, kind: str, *, cost: int = 1, order: bool = False, legendary: bool = False, **fields: Any
) -> Card:
    """Return a card of type ``kind`` (strength/influence/durability/abilities in ``fields``)."""
    supertypes = frozenset({"order"} if order else set()) | frozenset({"legendary"} if legendary else set())
    abilities = tuple(fields.pop("abilities", ()))
    return Card(
        name=name,
        type=kind,
        factions=FACTIONS,
        cost=cost,
        supertypes=supertypes,
        abilities=abilities,
        **fields,
    )


def unit(
    name: str, strength: int, *, cost: int = 1, abilities: Iterable[Ability] = (), order: bool = False
) -> Card:
    return card(name, "unit", cost=cost, strength=strength, abilities=abilities, order=order)


def spell(name: str, *, cost: int = 1, abilities: Iterable[Ability] = (), order: bool = False) -> Card:
    return card(name, "spell", cost=cost, abilities=abilities, order=order)


def trap(name: str, *, cost: int = 1, abilities: Iterable[Ability] = (), order: bool = False) -> Card:
    return card(name, "trap", cost=cost, abilities=abilities, order=order)


def enhancement(name: str, *, cost: int = 1, abilities: Iterable[Ability] = ()) -> Card:
    return card(name, "enhancement", cost=cost, abilities=abilities)


def location(
    name: str, durability: int, *, cost: int = 1, abilities: Iterable[Ability] = (), order: bool = False
) -> Card:
    return card(name, "location", cost=cost, durability=durability, abilities=abilities, order=order)


def hero(name: str = "Tester", influence: int = 5, *, abilities: Iterable[Ability] = ()) -> Card:
    return card(name, "hero", cost=0, influence=influence, abilities=abilities)


TESTER = hero()
SOLDIER = unit("Soldier", 2)
ORDERS = tuple(unit(f"Order {i}", 2, cost=0, order=True) for i in range(1, 6))


def catalog(*cards: Card) -> Catalog[Card]:
    """Return a catalog of the standard table's cards plus ``cards`` (later ones win)."""
    by_name: dict[str, Card] = {c.name: c for c in (TESTER, SOLDIER, *ORDERS)}
    for one in cards:
        by_name[one.name] = one
    return Catalog(by_name.values())


def deck(
    main: Sequence[str] | dict[str, int] = ("Soldier",) * 30,
    *,
    hero_name: str = "Tester",
    orders: Sequence[str] = tuple(o.name for o in ORDERS),
) -> Decklist:
    """Return a decklist; ``main`` as a list is drawn in that order (copies of a name must be adjacent)."""
    counts: dict[str, int] = {}
    if isinstance(main, dict):
        counts = dict(main)
    else:
        for name in main:
            counts[name] = counts.get(name, 0) + 1
    return Decklist(
        game="respons", zones={"hero": hero_name, "orders": tuple(orders), "main": counts, "side": {}}
    )


def scripted(
    cards: Iterable[Card] = (),
    main0: Sequence[str] | dict[str, int] = ("Soldier",) * 30,
    main1: Sequence[str] | dict[str, int] = ("Soldier",) * 30,
    *,
    initiative: int = 0,
    keep: bool = True,
    orders0: Sequence[str] | None = None,
    orders1: Sequence[str] | None = None,
    seed: int = 1,
) -> Match:
    """Return a shuffle:false match with ``initiative`` fixed, both seats kept (unless ``keep`` is False)."""
    default_orders = tuple(o.name for o in ORDERS)
    decks = (
        deck(main0, orders=default_orders if orders0 is None else orders0),
        deck(main1, orders=default_orders if orders1 is None else orders1),
    )
    match = new_match(catalog(*cards), decks, seed=seed, shuffle=False, first_initiative=initiative)
    if keep:
        match.apply(initiative, {"type": "keep"})
        match.apply(1 - initiative, {"type": "keep"})
    return match


def at(line: int, row: int) -> dict[str, int]:
    """Return a cell of your own side: ``{"line": L, "row": R}``."""
    return {"line": line, "row": row}


def target(seat: int, line: int, row: int) -> dict[str, int]:
    """Return a target cell: ``{"seat": s, "line": L, "row": R}``."""
    return {"seat": seat, "line": line, "row": row}


def play(
    match: Match, seat: int, name: str, line: int | None = None, row: int | None = None, **extra: Any
) -> list[Any]:
    """Play ``name`` for ``seat`` (to ``line``/``row`` when given) and return the events."""
    action: dict[str, Any] = {"type": "play", "card": name, **extra}
    if line is not None and row is not None:
        action["cell"] = at(line, row)
    return match.apply(seat, action)


def pass_(match: Match, seat: int) -> list[Any]:
    return match.apply(seat, {"type": "pass"})


def pass_both(match: Match) -> list[Any]:
    """Both seats pass, whoever must act first: ends the actions phase (R6.3 a)."""
    decision = match.decision()
    assert decision is not None and decision.kind == "act", decision
    events = pass_(match, decision.seat)
    return events + pass_(match, 1 - decision.seat)


def unit_at(match: Match, seat: int, line: int, row: int) -> Any:
    """Return the card instance in a cell (or None)."""
    return match.cells[cell_index(seat, line, row)]


def events_of(events: Iterable[Any], kind: str) -> list[dict[str, Any]]:
    """Return the judge dicts of the events of one type."""
    return [e.judge_dict() for e in events if e.type == kind]


def put(match: Match, seat: int, name: str, cells: Iterable[tuple[int, int]]) -> None:
    """Set up a position: move copies of ``name`` from ``seat``'s deck (else hand) to ``cells``.

    As if played on earlier turns (traps face down); only for arranging a board quickly.
    """
    for line, row in cells:
        side = match.seats[seat]
        pile = side.deck if any(i.name == name for i in side.deck) else side.hand
        inst = next(i for i in reversed(pile) if i.name == name)
        pile.remove(inst)
        match.place(inst, cell_index(seat, line, row), face_up=inst.kind != "trap")


@functools.lru_cache(maxsize=1)
def starter() -> tuple[Catalog[Card], tuple[Decklist, ...]]:
    """Return the starter set's catalog and its shipped decklists (loaded once)."""
    from engine.games.respons.starter import load_core_catalog, starter_decks

    return load_core_catalog(), tuple(starter_decks().values())


def random_game(seed: int, *, check: Callable[[Match], None] | None = None, bots: str = "random") -> Match:
    """Return a finished random-bot game of the starter set: shipped decks picked by ``seed``."""
    import random

    from engine.games.respons.bots import make_bot, play_game

    cards, decks = starter()
    rng = random.Random(seed)
    pair = (rng.choice(decks), rng.choice(decks))
    players = (make_bot(bots, seed), make_bot(bots, seed + 1))
    return play_game(cards, pair, players, seed=seed, check=check)


ORDER_ROW = [o.name for o in ORDERS]


def seat_spec(**fields: Any) -> dict[str, Any]:
    """Return a seat of a position (match/scenario.py): the hero Tester and the five orders
    "Order 1".."Order 5", with ``fields`` added or replaced (``hand``, ``field``, ``deck`` …)."""
    return {"hero": "Tester", "orders": list(ORDER_ROW), **fields}


def position(
    cards: Iterable[Card] = (),
    *,
    seat0: dict[str, Any] | None = None,
    seat1: dict[str, Any] | None = None,
    **top: Any,
) -> Match:
    """Return a match built from a position (match/scenario.py) of the standard table's cards
    plus ``cards``: ``seat0``/``seat1`` are each seat's fields (:func:`seat_spec`), ``top`` the
    spec's own keys (``phase`` defaults to ``actions``, ``initiative`` to 0)."""
    spec = {"phase": "actions", **top, "seats": [seat_spec(**(seat0 or {})), seat_spec(**(seat1 or {}))]}
    return build(catalog(*cards), spec)


def on_field(name: str, line: int, row: int, **state: Any) -> dict[str, Any]:
    """Return a field entry of a position: ``name`` in (line, row), with ``delta``, ``used``,
    ``face_down`` …"""
    return {"card": name, "line": line, "row": row, **state}

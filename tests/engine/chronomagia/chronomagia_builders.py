"""Builders for Chronomagia rule tests: cards from dicts, fixed decks, a board set by hand.

The standard table: each seat has the hero "Tester" (base 2 concentration) and a main deck
of 40 "Filler" (a cost-1 thoughtform with 1 attack in every epoch); ``shuffle: false`` and
seat 0 first, so seat 0's first main phase comes after two ``keep`` actions.
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.chronomagia.cards import Card, parse_card
from engine.games.chronomagia.match import Match, new_match
from engine.games.chronomagia.match.state import FIELD, HAND, HERO_DECK, Inst
from engine.problems import Problem


def row(
    resources: dict[str, int] | None = None, *abilities: dict[str, Any], keywords: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Return one epoch row (``resources`` None: a spell there)."""
    return {"resources": resources, "abilities": list(abilities), "keywords": list(keywords)}


def ab(when: str, effect: str, amount: int = 0, **extra: Any) -> dict[str, Any]:
    return {"when": when, "effect": effect, "amount": amount, **extra}


def same(one: dict[str, Any]) -> list[dict[str, Any]]:
    """The same row in all three epochs."""
    return [one, one, one]


HERO: dict[str, Any] = {
    "name": "Tester",
    "type": "hero",
    "rarity": "rare",
    "base": {"concentration": 2},
    "meditation": row({"defense": 3}, ab("summon", "gain_life", 1)),
    "hero_abilities": [
        {"tokens": 1, "effect": "gain_life", "amount": 1},
        {"tokens": -2, "effect": "damage", "amount": 5},
        {"tokens": 1, "effect": "unsummon", "amount": 0},
    ],
}
FILLER: dict[str, Any] = {
    "name": "Filler",
    "type": "thoughtform",
    "rarity": "common",
    "cost": 1,
    "rows": same(row({"attack": 1})),
}


def make_card(raw: dict[str, Any]) -> Card:
    raw = {"rarity": "common", **raw}
    problems: list[Problem] = []
    card = parse_card(raw, "card", problems)
    assert card is not None and not problems, problems
    return card


def catalog(*cards: dict[str, Any]) -> Catalog[Card]:
    return Catalog([make_card(HERO), make_card(FILLER), *(make_card(c) for c in cards)])


def deck(main: dict[str, int] | None = None, side: dict[str, int] | None = None) -> Decklist:
    return Decklist(
        game="chronomagia", zones={"hero": "Tester", "main": main or {"Filler": 40}, "side": side or {}}
    )


def table(
    *cards: dict[str, Any], first: int = 0, side: dict[str, int] | None = None, **options: Any
) -> Match:
    """Return a match of the standard table, both hands kept, at seat ``first``'s main phase."""
    match = new_match(
        catalog(*cards), (deck(side=side), deck(side=side)), seed=1, shuffle=False, first=first, **options
    )
    match.apply(first, {"type": "keep"})
    match.apply(1 - first, {"type": "keep"})
    assert match.decision() is not None and match.decision().kind == "main"  # type: ignore[union-attr]
    return match


def give(match: Match, seat: int, name: str) -> Inst:
    """Put a new copy of ``name`` into ``seat``'s hand."""
    inst = match._new_inst(match.catalog.get(name), seat, HAND)
    inst.known = 1 << seat
    match.mint(inst)  # C4.4: in its owner's sight, with an id
    match.seats[seat].hand.append(inst)
    return inst


def place(match: Match, seat: int, name: str, *, new: bool = False) -> Inst:
    """Put a new copy of ``name`` onto ``seat``'s battlefield (past summoning sickness unless ``new``)."""
    inst = match._new_inst(match.catalog.get(name), seat, -1)
    match.to_field(inst, seat)
    inst.entered = match.turn if new else match.turn - 1
    return inst


def shadow(match: Match, seat: int, name: str) -> Inst:
    inst = give(match, seat, name)
    match.seats[seat].hand.remove(inst)
    inst.zone = FIELD
    inst.face_down = True
    match.mint(inst)  # C4.4: a face-down card is a new object
    match.seats[seat].field.append(inst)
    return inst


def hero_card(match: Match, seat: int, name: str) -> Inst:
    inst = match._new_inst(match.catalog.get(name), seat, HERO_DECK)
    inst.known = 1 << seat
    match.mint(inst)
    match.seats[seat].hero_deck.append(inst)
    return inst


def act(match: Match, seat: int, type_: str, **fields: Any) -> list[Any]:
    return match.apply(seat, {"type": type_, **fields})


def end_turn(match: Match, *, meditation: bool = False) -> None:
    """Pass through the rest of the active seat's turn (main, attack) to the next decision of
    the other seat's turn; answer its meditation with pass unless ``meditation``."""
    seat = match.active
    while match.active == seat and not match.is_over:
        decision = match.decision()
        assert decision is not None
        if decision.kind in ("main", "attack", "meditation"):
            act(match, decision.seat, "pass")
        elif decision.kind == "flip":
            act(match, decision.seat, "stay")
        else:
            raise AssertionError(decision.as_dict())
    decision = match.decision()
    if decision is not None and decision.kind == "meditation" and not meditation:
        act(match, decision.seat, "pass")


def position(
    *cards: dict[str, Any], seats: tuple[dict[str, Any], dict[str, Any]] = ({}, {}), **spec: Any
) -> Match:
    """Return the position ``spec`` describes (match/scenario.py) over the standard table's cards
    and ``cards``; each seat's hero is "Tester" unless it says otherwise."""
    from engine.games.chronomagia.match.scenario import build

    full = {**spec, "seats": [{"hero": "Tester", **seat} for seat in seats]}
    return build(catalog(*cards), full)


def events_of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    """Return the judges' form of the events of type ``kind``."""
    return [event.judge_dict() for event in events if event.public["type"] == kind]


def on_field(match: Match, seat: int, name: str) -> Inst:
    """Return ``seat``'s first card named ``name`` on the battlefield."""
    return next(inst for inst in match.seats[seat].field if inst.name == name)


def refusal(match: Match, seat: int, action: dict[str, Any]) -> Any:
    """Return the IllegalAction ``action`` is refused with (it must be)."""
    from engine.games.chronomagia.match import IllegalAction

    try:
        match.apply(seat, action)
    except IllegalAction as refused:
        return refused
    raise AssertionError(f"{action} was applied")


def in_given_order(match: Match) -> None:
    """Answer every pending ``order`` decision (C6.7) with the first trigger offered."""
    while (decision := match.decision()) is not None and decision.kind == "order":
        match.apply(decision.seat, {"type": "order", "trigger": 0})

"""WoW TCG match helpers for rules tests: unshuffled matches with seat 0 first, cards put
where a test needs them, passing until something happens."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from engine.cardset import load_catalog
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.wow.cards import Card
from engine.games.wow.match import IllegalAction, Match
from engine.games.wow.match import new_match as engine_new_match
from engine.games.wow.match.state import ALLIES, HAND, HERO_ROW, RESOURCE, Inst
from engine.registry import bundled_card_sets, get_game


def new_match(*args: Any, **options: Any) -> Match:
    """A match where every pass is the player's own action (W10.4 without the [decision] of
    passing by itself), so that a test can step through each window."""
    options.setdefault("auto_pass", False)
    return engine_new_match(*args, **options)


@cache
def catalog() -> Catalog[Card]:
    return load_catalog(bundled_card_sets("wow"))[1]


def deck(hero: str, filler: str = "Warband Recruit", count: int = 40) -> Decklist:
    return Decklist(game="wow", zones={"hero": hero, "main": {filler: count}})


def start(
    hero0: str = "Grotha Ashmane", hero1: str = "Mirel Duskwhisper", *, count: int = 40, **options: Any
) -> Match:
    """Return a match past both mulligans: seat 0's first action phase, seat 0 holding priority;
    ``options`` go to ``new_match``."""
    match = new_match(catalog(), (deck(hero0, count=count), deck(hero1, count=count)), seed=1,
                      shuffle=False, first=0, **options)  # fmt: skip
    act(match, 0, {"type": "keep"})
    act(match, 1, {"type": "keep"})
    pass_until(match, lambda: match.phase == "action")
    return match


def give(match: Match, seat: int, name: str, zone: int = HAND, *, entered: int = -1) -> Inst:
    """Put a new card ``name`` of ``seat`` into ``zone`` (hand, allies, hero row, resources)."""
    card = catalog().get(name)
    assert isinstance(card, Card), name
    inst = Inst(card, seat, zone)
    match.insts.append(inst)
    match.mint(inst)  # W4.4: a card in sight has an id from the match's counter
    side = match.seats[seat]
    row = {HAND: side.hand, ALLIES: side.allies, HERO_ROW: side.hero_row, RESOURCE: side.resources}[zone]
    row.append(inst)
    inst.known = 3 if zone != HAND else 1 << seat
    inst.face_up = zone != RESOURCE
    inst.entered = entered
    return inst


def resources(match: Match, seat: int, count: int) -> None:
    for _ in range(count):
        give(match, seat, "Warband Recruit", RESOURCE)


def act(match: Match, seat: int, action: dict[str, Any]) -> None:
    match.apply(seat, action, seq=match.seq)


def settle(match: Match) -> None:
    """Pass until the chain is empty (both players pass each item through, W10.4)."""
    while len(match.chain) and match.pending is not None and match.pending.kind == "priority":
        act(match, match.pending.seat, {"type": "pass"})


def resolve_top(match: Match) -> None:
    """Both players pass once: the top item of the chain resolves (W10.4)."""
    assert match.pending is not None
    first = match.pending.seat
    act(match, first, {"type": "pass"})
    act(match, 1 - first, {"type": "pass"})


def pass_until(match: Match, done: Callable[[], bool], limit: int = 60) -> None:
    """Pass (discarding the first card when asked, W6.4) until ``done()``."""
    for _ in range(limit):
        if done():
            return
        pending = match.pending
        assert pending is not None
        if pending.kind == "discard":
            act(match, pending.seat, {"type": "discard", "card": match.seats[pending.seat].hand[0].id})
        else:
            act(match, pending.seat, {"type": "pass"})
    raise AssertionError("never got there")


def refused(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        match.apply(seat, action)
    return error.value


def wow_match(hero0: str = "Grotha Ashmane", hero1: str = "Mirel Duskwhisper") -> Match:
    """Return an unshuffled match in seat 0's first action phase, seat 0 holding priority."""
    return start(hero0, hero1)


def put(match: Match, seat: int, name: str, zone: int = HAND) -> Inst:
    """Put a new card ``name`` of ``seat`` into ``zone`` (hand, allies, hero row, resources)."""
    return give(match, seat, name, zone)


def position(spec: dict[str, Any]) -> Match:
    """Return the match of a position (match/scenario.py, README "Positions for rules tests");
    every pass is a player's action unless the spec says ``auto_pass``."""
    builder = get_game("wow").match_engine.scenario
    assert builder is not None
    return builder.build(catalog(), {"auto_pass": False, **spec})


def both_pass(match: Match) -> None:
    """The holder passes, then the other player: the top item resolves or the window closes."""
    for _ in range(2):
        assert match.pending is not None and match.pending.kind == "priority", match.pending
        act(match, match.pending.seat, {"type": "pass"})


def ids(match: Match, seat: int, row: str) -> list[int]:
    """Return the ids of a seat's cards in ``row`` (``allies``, ``hero_row``, ``resources``, ``hand``)."""
    return [inst.id for inst in getattr(match.seats[seat], row)]

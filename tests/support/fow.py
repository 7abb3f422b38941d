"""Force of Will positions for the rules tests (tests/engine/fow/test_rules_*.py): the bundled
card set, a position built from a spec (engine/games/fow/match/scenario.py) and small readers."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.cardset import load_catalog
from engine.catalog import Catalog
from engine.games.fow.match import IllegalAction, Match
from engine.games.fow.match.scenario import build
from engine.registry import bundled_card_sets

AURELIA = "Aurelia, Warden of the Dawnspire"
MORVANE = "Morvane, the Ashen Regent"
ILSA = "Ilsa of the Seven Tides"
SOLENNE = "Solenne, Voice of the Choir"
DECK = ["Hollow Automaton"] * 6  # something to draw


@cache
def catalog() -> Catalog[Any]:
    _rules, found = load_catalog(bundled_card_sets("fow"))
    return found


def seat(ruler: str = AURELIA, **zones: Any) -> dict[str, Any]:
    """A seat of a spec: its ruler, a deck to draw from, and ``zones`` (any seat key)."""
    return {"ruler": ruler, "deck": list(DECK), **zones}


def position(*seats: dict[str, Any], **top: Any) -> Match:
    """The match of a spec: seat 0's main phase, its priority, unless ``top`` says otherwise."""
    spec = {"phase": "main", "turn": 2, "active": 0, "seats": [*seats, seat()][:2], **top}
    return build(catalog(), copy.deepcopy(spec))


def card(match: Match, seat: int, name: str, *, zone: str = "field") -> Any:
    """The first card named ``name`` in ``seat``'s ``zone`` (field, hand, graveyard, removed)."""
    return next(inst for inst in getattr(match.seats[seat], zone) if inst.name == name)


def act(match: Match, seat: int, **action: Any) -> list[Any]:
    """Apply ``action`` for ``seat`` at the current decision."""
    return match.apply(seat, action, seq=match.seq)


def refusal(match: Match, seat: int, **action: Any) -> IllegalAction:
    """The refusal of ``action``; fails if it is applied."""
    try:
        match.apply(seat, action, seq=match.seq)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} was applied")


def pass_until(match: Match, done: Any, limit: int = 50) -> None:
    """Every seat asked passes (a priority or a block) until ``done(match)``."""
    for _ in range(limit):
        if done(match):
            return
        decision = match.decision()
        assert decision is not None and decision.kind in ("priority", "block"), decision
        act(match, decision.seat, type="pass")
    raise AssertionError("it never happened")


def decision_kind(match: Match) -> tuple[str, int]:
    decision = match.decision()
    assert decision is not None
    return decision.kind, decision.seat

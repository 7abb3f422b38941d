"""Builders for Your War rule tests: positions set up directly (match/scenario.py) over the
bundled sample set, whose cards are named here by their English alias (a name the set accepts).
"""

from __future__ import annotations

import json
from typing import Any

from engine.cardset import load_card_set, parse_card_set
from engine.catalog import Catalog
from engine.games.yourwar import SAMPLE_SET
from engine.games.yourwar.cards import Card
from engine.games.yourwar.match.core import Match
from engine.games.yourwar.match.scenario import build
from engine.games.yourwar.match.state import IllegalAction, Inst

CATALOG: Catalog[Card] = Catalog(load_card_set(SAMPLE_SET).cards)
USA, USSR, UK, GERMANY = (
    "Military Base (USA)", "Military Base (USSR)", "Military Base (UK)", "Military Base (Germany)",
)  # fmt: skip


def position(*, seats: tuple[dict[str, Any], dict[str, Any]] = ({}, {}), **spec: Any) -> Match:
    """Return the position ``spec`` describes (match/scenario.py) over the sample set."""
    return build(CATALOG, {**spec, "seats": [dict(seat) for seat in seats]})


def name(alias: str) -> str:
    """Return the canonical (Russian) name of the card an action names."""
    card = CATALOG.get(alias)
    assert card is not None, alias
    return card.name


def act(match: Match, seat: int, type_: str, **fields: Any) -> list[Any]:
    """Apply an action; a ``card`` given by its English alias is named as the hand names it."""
    if isinstance(fields.get("card"), str):
        fields["card"] = name(fields["card"])
    return match.apply(seat, {"type": type_, **fields})


def refusal(match: Match, seat: int, type_: str, **fields: Any) -> IllegalAction:
    """Return the IllegalAction the action is refused with; the state must not change."""
    before = json.dumps(match.judge_view())
    try:
        act(match, seat, type_, **fields)
    except IllegalAction as refused:
        assert json.dumps(match.judge_view()) == before
        return refused
    raise AssertionError(f"{type_} {fields} was applied")


def unit(match: Match, seat: int, alias: str, nth: int = 0) -> Inst:
    """Return ``seat``'s ``nth`` unit named ``alias`` on the field."""
    return [i for i in match.seats[seat].field if i.name == name(alias)][nth]


def events_of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    """Return the judges' form of the events of type ``kind``."""
    return [event.judge_dict() for event in events if event.public["type"] == kind]


def load(cards: list[dict[str, Any]]) -> Any:
    """Return the card set of ``cards`` (raises CardSetError naming every problem)."""
    return parse_card_set({"game": "yourwar", "set": {"code": "T", "name": "t"}, "cards": cards})

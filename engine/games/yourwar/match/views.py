"""What a Your War match shows (Y3.3): each seat's, a spectator's and the judges' views, the
names hidden from a seat, and an action in words.
"""

from __future__ import annotations

from typing import Any

from engine.games.yourwar.match.board import Board
from engine.games.yourwar.match.state import Inst


def describe_action(action: dict[str, Any]) -> str:
    """Return a readable sentence for ``action`` without a match (cards by id stay ids)."""
    kind = action.get("type")
    words = {
        "keep": "keep the hand",
        "redeal": "redeal",
        "end": "end the phase",
        "proceed": "go on to damage",
    }
    if kind in words:
        return words[str(kind)]
    details = ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("type", "seat"))
    return f"{kind} {details}".strip()


def described(match: Board, action: dict[str, Any]) -> str:
    """Return a readable English sentence for ``action``, naming the cards of ``match`` it names."""
    kind = action.get("type")

    def card_of(ident: Any) -> str:
        return match.by_id[ident].name if type(ident) is int and ident in match.by_id else "?"

    if kind in ("build", "play", "discard"):
        text = f"{kind} {action.get('card')}"
        target = action.get("target")
        if isinstance(target, dict):
            text += f" targeting player {target.get('seat')}"
        elif target is not None:
            text += f" targeting {card_of(target)}"
        return text
    if kind == "use":
        return f"use {card_of(action.get('card'))}" + (
            f" targeting {card_of(action['target'])}" if type(action.get("target")) is int else ""
        )
    if kind == "attack":
        return f"put {card_of(action.get('unit'))} into the attack zone"
    if kind == "guard":
        return f"{card_of(action.get('unit'))} guards {card_of(action.get('colonel'))}"
    if kind == "block":
        pairs = action.get("blocks") or []
        return (
            "no blocks"
            if not pairs
            else "block: " + ", ".join(f"{card_of(b)} blocks {card_of(a)}" for b, a in pairs)
        )
    if kind == "assign":
        return "split damage: " + ", ".join(f"{n} to {card_of(b)}" for _, b, n in action.get("split") or [])
    return {
        "keep": "keep the hand",
        "redeal": "redeal",
        "end": "end the phase",
        "proceed": "go on to damage",
        "concede": "concede",
    }.get(str(kind), str(kind))


def _unit(match: Board, inst: Inst) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": inst.id,
        "card": inst.name,
        "attack": match.attack_of(inst),
        "defense": match.defense_of(inst),
        "damage": inst.damage,
        "used": inst.used,
    }
    if inst.sick:
        out["sick"] = True
    if inst.attacking:
        out["attacking"] = True
    if inst.blocking is not None:
        out["blocking"] = inst.blocking
    if inst.guarding is not None:
        out["guarding"] = inst.guarding
    return out


def _side(match: Board, seat: int, *, hand: bool, deck: bool) -> dict[str, Any]:
    side = match.seats[seat]
    out: dict[str, Any] = {
        "name": match.names[seat],
        "health": side.health,
        "hand_size": len(side.hand),
        "deck_size": len(side.deck),
        "redeals": side.redeals,
        "builds_left": side.builds if match.active == seat else 0,
        "field": [_unit(match, i) for i in side.field],
        "support": [{"id": i.id, "card": i.name, "icon_used": i.icon_used} for i in side.support],
        "bases": [
            {"id": i.id, "card": i.name, "country": i.card.country, "used": i.used} for i in side.bases
        ],
        "destroyed": [{"id": i.id, "card": i.name} for i in side.destroyed],
    }
    if hand:
        out["hand"] = [i.name for i in side.hand]
    if deck:
        out["deck"] = [i.name for i in reversed(side.deck)]
    return out


def _view(match: Board, hands: tuple[bool, bool], decks: bool) -> dict[str, Any]:
    pending = match.decision()
    return {
        "game": "yourwar",
        "turn": match.turn,
        "active": match.active,
        "first": match.first,
        "phase": match.phase if match.result is None else "over",
        "decision": pending.as_dict() if pending else None,
        "blocks": [[b, a] for a, bs in match.blocks.items() for b in bs],
        "result": match.result.as_dict() if match.result else None,
        "seats": [_side(match, s, hand=hands[s], deck=decks) for s in (0, 1)],
    }


def observation(match: Board, seat: int) -> dict[str, Any]:
    """Return what ``seat`` may see (Y3.3): its own hand, never the opponent's or a deck."""
    view = _view(match, (seat == 0, seat == 1), False)
    view["seat"] = seat
    return view


def spectator_view(match: Board) -> dict[str, Any]:
    return _view(match, (False, False), False)


def judge_view(match: Board) -> dict[str, Any]:
    view = _view(match, (True, True), True)
    view["seed"] = match.seed
    return view


def hidden_from(match: Board, seat: int) -> frozenset[str]:
    """Names in the opponent's hand and either deck that ``seat`` sees nowhere (Y3.3)."""
    other = match.seats[1 - seat]
    hidden = {i.name for i in (*other.hand, *other.deck)}
    seen = {i.name for s in match.seats for z in (s.field, s.support, s.bases, s.destroyed) for i in z}
    seen.update(i.name for i in match.seats[seat].hand)
    return frozenset(hidden - seen)

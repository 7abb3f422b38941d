# mypyc: compiled by build_engine.py
"""Performing a validated action (the rules then run on in ``Match.run``), and the words of
an action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import is_int
from engine.games.fow.match.checks import TARGET_KEYS, choosing_item, chosen_of, paid
from engine.games.fow.match.state import CHASE, DECK, Decision

if TYPE_CHECKING:
    from engine.games.fow.match.chase import Chase as Match


def perform(match: Match, pending: Decision, seat: int, action: dict[str, Any]) -> None:
    """Carry out a validated action (the rules then run on in ``Match.run``)."""
    kind = action["type"]
    side = match.seats[seat]
    if pending.kind == "mulligan":
        match.mulligans_left.pop(0)
        if kind == "mulligan":  # F5.2: shuffle the chosen cards into the deck, draw as many
            chosen = [match.by_id[i] for i in action["cards"]]
            for inst in chosen:
                side.hand.remove(inst)
                inst.zone = DECK
                inst.known = 0
                match.forget(inst)  # F4.5: back in the deck, no id
            side.deck.extend(chosen)
            if match.shuffle:
                match.rng.shuffle(side.deck)
            match.emit({"type": "mulligan", "seat": seat, "count": len(chosen)})
            match.draw(seat, len(chosen))
        else:
            match.emit({"type": "keep", "seat": seat})
        return
    if pending.kind == "discard":
        inst = match.by_id[action["card"]]
        side.hand.remove(inst)
        match.to_graveyard(inst)
        match.emit({"type": "discard", "seat": seat, "id": inst.id, "card": inst.name})
        return
    if pending.kind == "block":
        match.block(match.by_id[action["card"]] if kind == "block" else None)
        return
    if pending.kind == "order":  # F8.5: the pick goes on the chase next
        match.chain.order_trigger(seat, action["item"])
        match.emit({"type": "order", "seat": seat, "item": action["item"]})
        return
    if pending.kind == "target":  # F8.5: the trigger's target, chosen as it goes on
        item = choosing_item(match, pending)
        del item.payload["choose"]
        item.payload.update(chosen_of(action))
        match.emit({"type": "target", "seat": seat, "item": item.id, **chosen_of(action)})
        return
    chain = match.chain
    if kind == "pass":
        if match.recording:
            match.emit({"type": "pass", "seat": seat})
        match.pass_priority(seat)
        return
    if kind == "play":
        inst = match.by_id[action["card"]]
        match.pay(seat, paid(match, seat, action, inst.card.will_cost))
        side.hand.remove(inst)
        inst.zone = CHASE
        inst.known = 3
        match.mint(inst)  # F4.5: out of the hand into everyone's sight: a new object
        payload = {"kind": "card", "card": inst.id, **chosen_of(action)}
        item = chain.put(seat, payload)
        match.emit(
            {
                "type": "play",
                "seat": seat,
                "id": inst.id,
                "card": inst.name,
                "item": item.id,
                **chosen_of(action),
            }
        )
        return
    if kind == "activate":
        inst = match.by_id[action["card"]]
        ability = match.abilities(inst)[action["ability"]]
        match.pay(seat, paid(match, seat, action, ability.will))
        if ability.rest:
            inst.rested = True
        payload = {
            "kind": "ability",
            "source": inst.id,
            "ability": action["ability"],
            "j": inst.j,
            **chosen_of(action),
        }
        item = chain.put(seat, payload)
        match.emit(
            {
                "type": "activate",
                "seat": seat,
                "id": inst.id,
                "card": inst.name,
                "ability": action["ability"],
                "item": item.id,
                **chosen_of(action),
            }
        )
        return
    if kind == "call":  # F7.2: no chase
        side.ruler.rested = True
        side.called = True
        match.call_stone(seat)
        chain.acted(seat)
        return
    if kind == "judgment":  # F7.3: on the chase
        ruler = side.ruler
        match.pay(seat, paid(match, seat, action, ruler.card.judgment or ()))
        side.judged_turn = True  # F7.3: once a turn; only a destroyed J-ruler ends it for good (F7.4)
        item = chain.put(seat, {"kind": "judgment", "card": ruler.id})
        match.emit({"type": "judgment", "seat": seat, "id": ruler.id, "card": ruler.name, "item": item.id})
        return
    if kind == "will":  # F8.2: no chase; the seat keeps priority
        match.produce_will(seat, match.by_id[action["card"]], action["attribute"])
        chain.acted(seat)
        return
    if kind == "attack":
        target = action.get("target")
        match.declare_attack(match.by_id[action["card"]], target if is_int(target) else None)
        return
    raise AssertionError(kind)


def describe_action(action: dict[str, Any]) -> str:
    """Return a readable English sentence for an action."""
    kind = action.get("type")
    card = action.get("card")
    target = next((f" at {key} {action[key]}" for key in TARGET_KEYS if key in action), "")
    sentences = {
        "keep": "keep the opening hand",
        "mulligan": f"shuffle back {len(action.get('cards') or [])} card(s) and draw as many",
        "pass": "pass priority",
        "play": f"play card #{card}{target}",
        "activate": f"activate ability {action.get('ability')} of card #{card}{target}",
        "call": "rest the ruler to call a magic stone",
        "judgment": "perform Judgment",
        "attack": f"attack with card #{card}{target}",
        "will": f"rest magic stone #{card} for {action.get('attribute')} will",
        "order": f"put trigger {action.get('item')} on the chase next",
        "target": f"choose the trigger's target{target}",
        "block": f"block with card #{card}",
        "discard": f"discard card #{card}",
        "concede": "concede the game",
        "timeout": "run out of time",
        "no_show": "not show up",
        "penalty_loss": "take a game loss (penalty)",
    }
    return sentences.get(str(kind), f"{kind}")

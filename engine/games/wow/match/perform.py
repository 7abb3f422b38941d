# mypyc: compiled by build_engine.py
"""Doing a legal action of a WoW TCG match (W5–W13): what each action changes, and the searches
and bear form it may finish.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.match.state import (
    BOTH,
    CHAIN,
    DECK,
    HAND,
    Inst,
)

if TYPE_CHECKING:
    from engine.games.wow.match.flow import Flow as Match


def perform(match: Match, seat: int, action: dict[str, Any]) -> bool:
    """Carry out a legal action (``apply`` checked it against :func:`legal_actions`); return
    False when it only handed priority on (a pass that resolved nothing: no state to check)."""
    kind = action["type"]
    chain = match.chain
    side = match.seats[seat]
    if kind in ("keep", "mulligan"):
        if kind == "mulligan":  # W5.4: the whole hand back, shuffle, a new seven
            for inst in side.hand:
                inst.zone = DECK
                inst.known = 0
                match.forget(inst)  # W4.4: back in the deck, no id
            side.deck.extend(side.hand)
            side.hand.clear()
            match.rng.shuffle(side.deck)
            match.emit({"type": "mulligan", "seat": seat})
            match.draw(seat, 7)
        match.mulligan_order.pop(0)
        if not match.mulligan_order:
            match.start_turn()
        return True
    if kind == "pass":
        match.emit({"type": "pass", "seat": seat, **({"auto": True} if action.get("auto") else {})})
        step = chain.pass_priority(seat)
        if step.kind in ("priority", "order"):
            return False  # W10.4: priority moved on (its triggers first, W9.4), nothing else changed
        if step.kind == "resolve" and step.item is not None:
            before = match.phase
            match.resolve(step.item)
            chain.resolved()
            if match.phase != before:  # an attack began: its window opens (W11.3, W11.8)
                # W9.4: attacks/attacked triggers wait for it (those being ordered too)
                ordering = chain.ordering.waiting if chain.ordering is not None else []
                waiting = [*chain.items, *chain.pending, *ordering]
                chain.clear()
                chain.pending = waiting
                chain.open_window(match.active)
        elif step.kind == "closed":
            match.window_closed()
        return True
    if kind == "play":
        inst = match.by_id[action["card"]]
        card = inst.card
        match.pay(seat, card.cost or 0, named=action.get("pay"))
        side.hand.remove(inst)
        inst.zone = CHAIN
        inst.known = BOTH
        match.mint(inst)  # W4.4: out of the hand into everyone's sight: a new object
        item = {"item": action["item"]} if "item" in action else {}  # W8.8: a chain item targeted
        match.emit(
            {
                "type": "play",
                "seat": seat,
                "id": inst.id,
                "card": inst.name,
                "target": action.get("target"),
                **item,
            }
        )
        if card.type == "ability" and "feral" not in card.keywords:
            break_form(match, seat)  # W13.5: goes on above the ability
        chain.put(seat, {"kind": "card", "card": inst.id, "target": action.get("target"), **item})
    elif kind == "resource":  # W7.1: on the chain, face down unless a quest shown face up
        inst = match.by_id[action["card"]]
        side.hand.remove(inst)
        side.placed = True
        inst.zone = CHAIN
        inst.face_up = bool(action.get("face_up"))
        # W4.3, W4.4 [decision]: a new object, face down known to its owner alone (whoever
        # knew the card in the hand), face up to everyone
        inst.known = BOTH if inst.face_up else 1 << seat
        match.mint(inst)
        match.emit(
            {"type": "resource", "seat": seat, "id": inst.id, "face_up": inst.face_up,
             **({"card": inst.name} if inst.face_up else {})},
            None if inst.face_up else {"card": inst.name},
            seat,
        )  # fmt: skip
        chain.put(seat, {"kind": "resource", "card": inst.id})
    elif kind == "power":
        inst = match.by_id[action["card"]]
        back = inst.flipped  # W1.7: the side whose power this is
        ability = inst.abilities[action["ability"]]
        match.pay(seat, ability.cost, named=action.get("pay"))
        if ability.exhaust:
            inst.exhausted = True
        item = {"item": action["item"]} if "item" in action else {}  # W8.8: a chain item targeted
        if ability.flip:  # W1.7: flipping the hero is part of the cost; it stays flipped
            inst.flipped = True
            match.emit({"type": "flip", "seat": seat, "id": inst.id, "card": inst.name})
        match.emit(
            {
                "type": "power",
                "seat": seat,
                "id": inst.id,
                "card": inst.name,
                "target": action.get("target"),
                **item,
            }
        )
        side_read = {"back": True} if back else {}  # W1.7: the resolution reads the same side
        chain.put(seat, {"kind": "power", "card": inst.id, "ability": action["ability"],
                         "target": action.get("target"), **item, **side_read})  # fmt: skip
    elif kind == "complete":  # W8.7: pay, turn face down now, the reward on the chain
        inst = match.by_id[action["card"]]
        quest = inst.card.quest
        assert quest is not None
        match.pay(seat, quest.cost, last=inst, named=action.get("pay"))
        inst.face_up = False
        match.emit({"type": "complete", "seat": seat, "id": inst.id, "card": inst.name})
        chain.put(seat, {"kind": "quest", "card": inst.id})
    elif kind == "attack":  # W11.1: the proposal goes on the chain
        match.emit(
            {"type": "propose", "seat": seat, "attacker": action["attacker"], "defender": action["defender"]}
        )
        chain.put(seat, {"kind": "attack", "attacker": action["attacker"], "defender": action["defender"]})
    elif kind == "strike":  # W11.5: no chain; +weapon ATK to the hero for this combat
        weapon = match.by_id[action["weapon"]]
        combat = match.combat
        assert combat is not None
        match.pay(seat, weapon.card.strike_cost or 0, named=action.get("pay"))
        weapon.exhausted = True
        combat["struck"][seat] = weapon.id
        combat["bonus"][seat] += weapon.card.atk or 0
        if seat == match.minted[combat["attacker"]].owner and "long_range" in weapon.card.keywords:
            combat["long_range"] = True  # W18 Long-Range: the attacking hero takes none back
        match.emit({"type": "strike", "seat": seat, "weapon": weapon.id, "card": weapon.name})
        break_form(match, seat)
        chain.acted(seat)
    elif kind in ("protect", "no_protect"):  # W11.4
        combat = match.combat
        assert combat is not None
        if kind == "protect":
            protector = match.by_id[action["card"]]
            protector.exhausted = True
            combat["defender"] = protector.id
            match.emit({"type": "protect", "seat": seat, "id": protector.id, "card": protector.name})
        match.phase = "defend"
        chain.open_window(match.active)
    elif kind == "order":  # W9.4
        chain.order_trigger(seat, action["item"])
        return False
    elif kind == "target":  # W9.4: chosen as the trigger goes on the chain
        chosen = next(i for i in chain if i.id == action["item"])
        chosen.payload["target"] = action["target"]
        match.emit({"type": "target", "seat": seat, "item": chosen.id, "target": action["target"],
                    "target_card": match.by_id[action["target"]].name})  # fmt: skip
        return False
    elif kind == "armor":  # W12.5
        match.use_armor(list(action["cards"]), before_shields=bool(action.get("before_shields")))
    elif kind == "keep_cards":  # W13.4
        match.keep_cards(list(action["cards"]))
    elif kind == "discard" and match.choices:  # W18 discard: the affected player chooses
        match.to_graveyard(match.by_id[action["card"]])
        choice = match.choices[0]
        choice["count"] -= 1
        if choice["count"] <= 0 or not side.hand:
            match.choices.pop(0)
    elif kind == "search":  # W18 search: the found card is revealed, to hand; the deck shuffled
        match.choices.pop(0)
        finish_search(match, seat, match.by_id[action["card"]] if "card" in action else None)
    elif kind == "discard":  # W6.4
        inst = match.by_id[action["card"]]
        match.to_graveyard(inst)
        if len(side.hand) <= match.max_hand(seat):  # W6.4
            match.phase = "end"
            match.end_step()
    return True


def finish_search(match: Match, seat: int, found: Inst | None) -> None:
    """W18 search: ``found`` (or nothing) from ``seat``'s deck to hand, revealed to both
    (W4.2); then the deck is shuffled (W16.1) and nobody knows its order (W4.1)."""
    side = match.seats[seat]
    if found is not None:
        side.deck.remove(found)
        found.zone = HAND
        found.known = BOTH  # W4.2, W4.4 [decision]: a new object in the hand, shown to both as it goes
        match.mint(found)
        side.hand.append(found)
    match.emit({"type": "search", "seat": seat, "id": found.id if found else None,
                "card": found.name if found else None})  # fmt: skip
    match.rng.shuffle(side.deck)
    for inst in side.deck:
        inst.known = 0
        match.forget(inst)  # W4.4: the ids the search gave the deck name nothing any more
    match.emit({"type": "shuffle", "seat": seat, "deck": len(side.deck)})


def break_form(match: Match, seat: int) -> None:
    """W13.5: playing a non-Feral ability or striking triggers the end of bear form."""
    if any("bear_form" in i.card.keywords for i in match.seats[seat].hero_row):
        match.chain.trigger(seat, {"kind": "break_form"})

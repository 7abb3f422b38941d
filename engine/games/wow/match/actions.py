# mypyc: compiled by build_engine.py
"""The actions of a WoW TCG match: what a seat may do now, doing it, and why not (W5–W11).

Action shapes (README.md, "Action shapes")::

    {"type": "keep"} | {"type": "mulligan"}                       W5.4
    {"type": "pass"}                                              W10.4
    {"type": "resource", "card": id} (+ "face_up": true, quests)  W7.1, W8.7
    {"type": "play", "card": id} (+ "target": id)                 W8
    {"type": "power", "card": id, "ability": i} (+ "target": id)  W9
    {"type": "complete", "card": id}                              W8.7
    {"type": "attack", "attacker": id, "defender": id}            W11.1
    {"type": "strike", "weapon": id}                              W11.5
    {"type": "protect", "card": id} | {"type": "no_protect"}      W11.4
    {"type": "discard", "card": id}                               W6.4, W18 discard
    {"type": "search", "card": id} | {"type": "search"}           W18 search (W4.1)
    {"type": "armor", "cards": [id, ...]} (+ "before_shields": true)  W12.5
    {"type": "keep_cards", "cards": [id, ...]}                    W13.4

A paying action (play, power, complete, strike) may name its resources: "pay": [id, ...]
(W7.5); it is checked apart (:func:`check_payment`), after the rest matched a legal action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.cards import Ability, Card, Filter
from engine.games.wow.match.state import (
    ALLIES,
    BOTH,
    CHAIN,
    DECK,
    HAND,
    HERO_ROW,
    RESOURCE,
    IllegalAction,
    Inst,
)

if TYPE_CHECKING:
    from engine.games.wow.match.core import Match


# --- what a seat may do --------------------------------------------------------------------


def legal_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    """Return every action ``seat`` may apply now; a concession whenever the game goes on."""
    if match.result is not None:
        return []
    out: list[dict[str, Any]] = []
    pending = match.pending
    if pending is not None and pending.seat == seat:
        kind = pending.kind
        if kind == "mulligan":
            out += [{"type": "keep"}, {"type": "mulligan"}]
        elif kind == "protect":
            out += [{"type": "protect", "card": i.id} for i in match.protectors()]
            out.append({"type": "no_protect"})
        elif kind == "discard":
            out += [{"type": "discard", "card": i.id} for i in match.seats[seat].hand]
        elif kind == "search":  # W18: the searcher alone sees the matching cards of its deck
            out += [{"type": "search", "card": i.id} for i in search_matches(match, seat)]
            out.append({"type": "search"})  # [decision] finding nothing is allowed
        elif kind == "armor":  # W12.5: any set of ready armor, none included
            armors = [a.id for a in match.ready_armor(seat)]
            shielded = pending.info.get("shield", 0) > 0  # the order matters only with shields
            for mask in range(1 << len(armors)):
                cards = [a for bit, a in enumerate(armors) if mask >> bit & 1]
                out.append({"type": "armor", "cards": cards})
                if cards and shielded:  # W12.5 [decision]: the armor before the shields
                    out.append({"type": "armor", "cards": cards, "before_shields": True})
        elif kind == "keep":  # W13.4: which card(s) of the violation to keep
            out += [{"type": "keep_cards", "cards": kept} for kept in match.keep_queue[0]["options"]]
        elif kind == "order":  # W9.4: which of its different triggers goes on the chain next
            out += [{"type": "order", "item": t.id} for t in match.chain.trigger_options()]
        elif kind == "target":  # W9.4: the target of a trigger as it goes on the chain
            item = match.untargeted()
            assert item is not None
            base = {"type": "target", "item": item.id}
            out += with_targets(match, seat, base, match.trigger_ability(item.payload))
        elif kind == "priority":
            out += priority_actions(match, seat)
            out.append({"type": "pass"})
    out.append({"type": "concede"})
    return out


def may_play_now(match: Match, seat: int, card: Card) -> bool:
    """W8.2: an Instant whenever you hold priority; others in your action phase, empty chain."""
    if card.is_instant:
        return True
    return main_timing(match, seat)


def main_timing(match: Match, seat: int) -> bool:
    """W6.3, W8.2: the turn player, in the action phase, with an empty chain, out of combat."""
    return match.phase == "action" and seat == match.active and len(match.chain) == 0


def hero_can_use(match: Match, seat: int, card: Card) -> bool:
    """W8.4: equipment only if the hero's class is among the card's class icons (or none)."""
    if not card.is_equipment or not card.traits.classes:
        return True
    return bool(set(card.traits.classes) & set(match.seats[seat].hero.card.traits.classes))


def search_matches(match: Match, seat: int) -> list[Inst]:
    """Return the cards of ``seat``'s deck the pending search may find (W18 ``search``)."""
    wanted = match.choices[0]["filter"] if match.choices and match.choices[0]["kind"] == "search" else None
    if wanted is None:
        return []
    found = Filter(wanted.get("type"), wanted.get("tag"))
    # W4.4: by the ids given for the search, in the order of the names (never the deck's order)
    return sorted((i for i in match.seats[seat].deck if found.matches(i.card)), key=lambda i: i.id)


def with_targets(
    match: Match, seat: int, base: dict[str, Any], ability: Ability | None, word: str | None = None
) -> list[dict[str, Any]]:
    """Return ``base`` once per legal target of ``ability`` (or of the target ``word``; W8.1:
    none, not playable); a chain item is named by its chain id (``item``, W8.8)."""
    word = word or (ability.target if ability is not None else None)
    if word is None:
        return [base]
    if word == "chain_item":
        return [{**base, "item": ident} for ident in match.chain_targets()]
    return [{**base, "target": inst.id} for inst in match.targets(seat, word)]


def cheapest(catalog: Any) -> tuple[int | None, int | None]:
    """Return the lowest cost of a card of ``catalog`` a hand may play: (any card's, an
    Instant's), None when there is none (W10.4: what anyone may know a hand could hold)."""
    costs = [
        (c.cost, c.is_instant) for c in catalog if c.type not in ("quest", "hero") and c.cost is not None
    ]
    every = [cost for cost, _ in costs]
    instant = [cost for cost, fast in costs if fast]
    return (min(every) if every else None, min(instant) if instant else None)


def hand_may_play(match: Match, seat: int) -> bool:
    """W10.4 [decision]: whether ``seat``'s hand might hold something it could do now, as anyone
    may know it: a card in hand, and either a resource to place (W7.1) or a card of the game
    (the catalog) that the timing allows (W8.2) at a cost its ready resources pay. It reads
    neither the hand's cards nor anything else hidden."""
    side = match.seats[seat]
    if not side.hand:
        return False
    timing = main_timing(match, seat)
    if timing and not side.placed:
        return True
    every, instant = match.catalog.derived("wow.match.cheapest", cheapest)
    least = every if timing else instant
    return least is not None and least <= match.ready_resources(seat)


def priority_actions(match: Match, seat: int, *, hand: bool = True) -> list[dict[str, Any]]:
    """Return what the holder of priority may do besides passing (W6.3, W8, W9, W11); ``hand``
    False: none of the hand's cards (what anyone may know of, W10.4)."""
    side = match.seats[seat]
    out: list[dict[str, Any]] = []
    ready = match.ready_resources(seat)
    timing = main_timing(match, seat)
    for inst in side.hand if hand else ():
        card = inst.card
        if (
            card.type != "quest"
            and card.cost is not None
            and card.cost <= ready
            and (timing or card.is_instant)  # W8.2
        ):
            if hero_can_use(match, seat, card):
                out += with_targets(match, seat, {"type": "play", "card": inst.id}, None, card.play_target)
        if timing and not side.placed:  # W7.1
            out.append({"type": "resource", "card": inst.id})
            if card.type == "quest":
                out.append({"type": "resource", "card": inst.id, "face_up": True})
    for inst in (side.hero, *side.allies, *side.hero_row, *side.attached):  # Seat.in_play
        abilities = inst.card.back if inst.flipped else inst.card.abilities  # W1.7: the side shown
        if not abilities:
            continue
        for index, ability in enumerate(abilities):
            if ability.when == "power" and power_ok(match, seat, inst, ability, ready):
                base = {"type": "power", "card": inst.id, "ability": index}
                out += with_targets(match, seat, base, ability)
    for inst in side.resources:  # W8.7: a face-up quest; it may pay for itself
        quest = inst.card.quest
        if inst.face_up and quest is not None and quest.cost <= ready:
            out.append({"type": "complete", "card": inst.id})
    if timing:  # W11.1
        attackers = [a for a in (side.hero, *side.allies) if match.can_attack(a)]
        defenders = match.defenders(seat) if attackers else []
        for attacker in attackers:
            out += [{"type": "attack", "attacker": attacker.id, "defender": d.id} for d in defenders]
    if match.phase == "defend" and match.combat is not None:  # W11.5, W11.8
        out += strikes(match, seat, ready)
    return out


def power_ok(match: Match, seat: int, inst: Inst, ability: Ability, ready: int) -> bool:
    """W9.1–W9.2: the cost can be paid; an exhaust power needs the card ready, and an ally
    under your control since your turn began."""
    if ability.cost > ready or not match.works(seat, ability):  # W1.4
        return False
    if ability.exhaust:
        if inst.exhausted:
            return False
        if inst.zone == ALLIES and inst.entered >= match.turn:
            return False
    return True


def strikes(match: Match, seat: int, ready: int) -> list[dict[str, Any]]:
    """W11.5: the controller of a hero in this combat may strike with a ready weapon; one
    weapon per combat, which may strike again once it is readied (seed L113)."""
    combat = match.combat
    assert combat is not None
    hero = match.seats[seat].hero
    if hero.id not in (combat["attacker"], combat["defender"]):
        return []
    if hero.id in combat.get("out", ()):  # W18 remove_from_combat
        return []
    struck = combat["struck"][seat]
    return [
        {"type": "strike", "weapon": w.id}
        for w in match.seats[seat].hero_row
        if w.card.type == "weapon"
        and not w.exhausted
        and (w.card.strike_cost or 0) <= ready
        and struck in (None, w.id)
    ]


# --- doing it ------------------------------------------------------------------------------


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


# --- naming the resources (W7.5) ----------------------------------------------------------


def cost_of(match: Match, action: dict[str, Any]) -> int | None:
    """Return the resources a legal action costs (W7.2), or None when it pays nothing."""
    kind = action["type"]
    if kind in ("play", "power", "complete"):
        inst = match.by_id[action["card"]]
        if kind == "play":
            return inst.card.cost or 0
        if kind == "power":
            return inst.abilities[action["ability"]].cost
        return inst.card.quest.cost if inst.card.quest is not None else 0
    if kind == "strike":
        return match.by_id[action["weapon"]].card.strike_cost or 0
    return None


def check_payment(match: Match, seat: int, action: dict[str, Any], pay: Any) -> list[int]:
    """W7.5: return the resources ``pay`` names for a legal ``action``, or raise the refusal:
    exactly the cost's number of distinct ready resources of ``seat`` (a quest being completed
    may pay for itself)."""
    cost = cost_of(match, action)
    if cost is None:
        raise IllegalAction("W7.5", f"{action['type']!r} has no cost to pay", code="bad_payment",
                            params={"cost": 0, "named": f"{pay}"[:40]})  # fmt: skip
    if not isinstance(pay, list) or any(not isinstance(i, int) or isinstance(i, bool) for i in pay):
        raise IllegalAction("W7.5", '"pay" lists resource ids', code="bad_payment",
                            params={"cost": cost, "named": f"{pay}"[:40]})  # fmt: skip
    if len(set(pay)) != len(pay) or len(pay) != cost:
        raise IllegalAction("W7.5", f"name {cost} distinct ready resources", code="bad_payment",
                            params={"cost": cost, "named": len(pay)})  # fmt: skip
    for ident in pay:
        inst = match.by_id.get(ident)
        if inst is None or inst not in match.seats[seat].resources or inst.exhausted:
            raise IllegalAction("W7.5", f"{ident} is not a ready resource of yours", code="bad_payment",
                                params={"cost": cost, "named": len(pay), "card": ident})  # fmt: skip
    return list(pay)


# --- why not -------------------------------------------------------------------------------


def refuse(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    """Return the refusal for an action :func:`legal_actions` does not list, naming the rule."""
    kind = action["type"]
    pending = match.pending
    assert pending is not None
    side = match.seats[seat]
    expected = {
        "mulligan": ("keep", "mulligan"),
        "protect": ("protect", "no_protect"),
        "discard": ("discard",),
        "search": ("search",),
        "keep": ("keep_cards",),
        "order": ("order",),
        "target": ("target",),
    }
    if pending.kind in expected and kind not in expected[pending.kind]:
        return IllegalAction(pending.rule, f"answer the {pending.kind} decision first", code="not_legal_now",
                             params={"decision": pending.kind})  # fmt: skip
    card_id = action.get("card", action.get("weapon", action.get("attacker")))
    inst = match.by_id.get(card_id) if isinstance(card_id, int) else None
    if kind == "search" and pending.kind == "search":
        return IllegalAction("W18", "choose a card of your deck that matches the search, or none",
                             code="not_searchable", params={"card": f"{card_id}"[:40]})  # fmt: skip
    if kind in ("play", "resource", "discard") and (inst is None or inst not in side.hand):
        return IllegalAction("W8.1", "that card is not in your hand", code="not_in_hand",
                             params={"card": f"{card_id}"[:40]})  # fmt: skip
    if kind == "resource":
        if side.placed:
            return IllegalAction("W7.1", "one resource per turn", code="resource_placed")
        if not main_timing(match, seat):
            return IllegalAction("W7.1", "resources are placed in your action phase with an empty chain",
                                 code="needs_empty_chain")  # fmt: skip
    if kind == "play" and inst is not None:
        card = inst.card
        if not card.is_instant and not main_timing(match, seat):
            return IllegalAction("W8.2", f"«{card.name}» is not Instant: your action phase, empty chain",
                                 code="not_instant", params={"card": card.name})  # fmt: skip
        if (card.cost or 0) > match.ready_resources(seat):
            return IllegalAction("W7.2", f"«{card.name}» costs {card.cost}", code="cannot_pay",
                                 params={"card": card.name, "cost": card.cost or 0})  # fmt: skip
        if not hero_can_use(match, seat, card):
            return IllegalAction("W8.4", f"your hero cannot use «{card.name}»", code="not_usable_by_hero",
                                 params={"card": card.name})  # fmt: skip
        return IllegalAction("W8.1", "not a legal target", code="illegal_target")
    if kind == "attack" and inst is not None:
        if not main_timing(match, seat):
            return IllegalAction(
                "W11.1", "attack in your action phase with an empty chain", code="needs_empty_chain"
            )
        if inst.exhausted:
            return IllegalAction(
                "W11.1", f"«{inst.name}» is not ready", code="not_ready", params={"card": inst.name}
            )
        if inst.zone == ALLIES and inst.entered >= match.turn:
            return IllegalAction("W11.1", f"«{inst.name}» came into play this turn", code="just_arrived",
                                 params={"card": inst.name})  # fmt: skip
        defender = action.get("defender")
        if isinstance(defender, int) and defender in match.by_id:
            if match.has_keyword(match.by_id[defender], "elusive"):
                return IllegalAction(
                    "W11.1", "an Elusive character cannot be chosen as defender", code="elusive"
                )
        return IllegalAction("W11.1", "not a legal attack", code="illegal_target")
    if kind == "strike":
        struck = match.combat["struck"][seat] if match.combat is not None else None
        if struck is not None and struck != action.get("weapon"):
            return IllegalAction("W11.5", "one weapon per combat", code="weapon_used")
        if inst is not None and inst.exhausted:
            return IllegalAction(
                "W11.5", f"«{inst.name}» is not ready", code="not_ready", params={"card": inst.name}
            )
        return IllegalAction(
            "W11.8", "strike in the defend window with your hero in combat", code="not_legal_now"
        )
    if kind == "protect":
        return IllegalAction("W11.4", "not a ready Protector", code="not_a_protector")
    if kind == "armor":
        return IllegalAction("W12.5", "choose among your ready armor, each once (an order only with shields)",
                             code="not_ready_armor")  # fmt: skip
    if kind == "keep_cards" and pending.kind == "keep":
        group = match.keep_queue[0]
        return IllegalAction(group["rule"], "keep one of the allowed sets of these cards (W13.4)",
                             code="not_kept", params={"rule": group["rule"]})  # fmt: skip
    if kind == "power" and inst is not None and inst.zone in (ALLIES, HERO_ROW):
        if inst.exhausted:
            return IllegalAction(
                "W9.2", f"«{inst.name}» is not ready", code="not_ready", params={"card": inst.name}
            )
        return IllegalAction("W9.2", "that power cannot be used now", code="cannot_pay")
    if kind == "complete" and (inst is None or inst.zone != RESOURCE):
        return IllegalAction("W8.7", "not a face-up quest among your resources", code="not_legal_now")
    if pending.kind == "mulligan":
        return IllegalAction("W5.4", "keep or mulligan", code="keep_hand")
    return IllegalAction("W10.4", f"{kind!r} is not a legal action now", code="not_legal_now",
                         params={"action": f"{kind}"[:40]})  # fmt: skip


# --- words ---------------------------------------------------------------------------------


def describe_action(match: Match, action: dict[str, Any]) -> str:
    """Return a readable English sentence for ``action``."""

    def name(key: str) -> str:
        ident = action.get(key)
        if isinstance(ident, int) and ident in match.minted:
            inst = match.minted[ident]
            if inst.zone == RESOURCE and not inst.face_up:
                return "a face-down resource"
            return f"«{inst.name}»"
        return "?"

    def name_of(ident: Any) -> str:
        known = isinstance(ident, int) and ident in match.minted
        return f"«{match.minted[ident].name}»" if known else "?"

    kind = action.get("type")
    target = f" targeting {name('target')}" if "target" in action else ""
    words = {
        "keep": "keeps the opening hand",
        "mulligan": "shuffles the hand back and draws seven (mulligan)",
        "pass": "passes priority",
        "resource": "places a quest face up as a resource" if action.get("face_up") else "places a resource",
        "play": f"plays {name('card')}{target}",
        "power": f"uses a power of {name('card')}{target}",
        "complete": f"completes the quest {name('card')}",
        "attack": f"proposes an attack: {name('attacker')} attacks {name('defender')}",
        "strike": f"strikes with {name('weapon')}",
        "protect": f"protects with {name('card')}",
        "no_protect": "does not protect",
        "discard": f"discards {name('card')}",
        "search": f"finds {name('card')} in the deck" if "card" in action else "finds nothing in the deck",
        "armor": ("uses armor" + (" before the shields" if action.get("before_shields") else ""))
        if action.get("cards")
        else "uses no armor",
        "keep_cards": f"keeps {', '.join(name_of(i) for i in action.get('cards') or [])} (W13.4)",
        "order": "puts a trigger on the chain next (W9.4)",
        "target": f"targets {name('target')} with a trigger (W9.4)",
        "concede": "concedes",
        "timeout": "ran out of time",
        "no_show": "did not come",
        "penalty_loss": "gets a game loss (penalty)",
    }
    return words.get(str(kind), f"{kind}")


__all__ = ["HAND", "describe_action", "legal_actions", "perform", "refuse"]

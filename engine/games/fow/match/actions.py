"""What a seat may send (README.md, "Action shapes"): the legal lists, the whole validation of
an action before anything changes, and performing it.

Every refusal quotes its rule (F x.y), a stable code (``state.REFUSAL_CODES``) and params.
The legal lists are built from candidates that pass :func:`problem`, so the two never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.games.fow.cards import ATTRIBUTES, Ability
from engine.games.fow.match.effects import target_legal, target_options
from engine.games.fow.match.state import CHASE, DECK, FIELD, RULER_ZONE, Decision, IllegalAction, Inst
from engine.games.fow.match.will import Cost, can_pay_from, named_payment

if TYPE_CHECKING:
    from engine.games.fow.match.core import Match

ANSWERS: dict[str, tuple[str, ...]] = {
    "mulligan": ("keep", "mulligan"),
    "priority": ("pass", "play", "activate", "call", "judgment", "attack", "will"),
    "block": ("block", "pass"),
    "discard": ("discard",),
    "order": ("order",),
    "target": ("target",),
}
TARGET_KEYS = ("target", "player", "item")
# an action as logged, in order (``pay``: the stones named to pay, F7.6; ``attribute``: a will
# ability's, F7.1)
LOGGED_KEYS = ("type", "cards", "card", "ability", *TARGET_KEYS, "pay", "attribute")


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _inst(match: Match, value: Any) -> Inst | None:
    return match.by_id.get(value) if _int(value) else None  # F4.5: the cards in sight


def _chosen(action: dict[str, Any]) -> dict[str, Any]:
    return {key: action[key] for key in TARGET_KEYS if key in action}


def _needs(card_abilities: tuple[Ability, ...]) -> Ability | None:
    return next((a for a in card_abilities if a.chosen), None)


# --- checking ----------------------------------------------------------------------------------


def _check_target(
    match: Match, seat: int, source: Inst | None, ability: Ability | None, action: dict[str, Any]
) -> None:
    chosen = _chosen(action)
    if ability is None:
        return
    if not chosen:
        raise IllegalAction("F11", "choose a target", code="target_missing")
    if not target_legal(match, seat, source, ability, chosen):
        raise IllegalAction(
            "F11",
            "not a legal target",
            code="illegal_target",
            params={"target": str(next(iter(chosen.values())))[:40]},
        )


def _play_ability(inst: Inst) -> Ability | None:
    """The chosen-target ability a card asks for when played: a chant's, or an equip's."""
    if inst.card.equip is not None:
        return Ability("play", "pump", "ally_resonator")
    if inst.card.type == "chant":
        return _needs(inst.card.abilities)
    return None


def _choosing_item(match: Match, pending: Decision) -> Any:
    """The chase item of a ``target`` decision (F8.5)."""
    return next((item for item in match.chain.items if item.id == pending.info.get("item")), None)


def named_stones(match: Match, seat: int, raw: Any) -> list[tuple[Inst, str | None]]:
    """Return the stones an action's ``pay`` names (F7.6): a list of stone ids or
    ``{"card": id, "will": attribute}``, each a recovered magic stone of ``seat``, once; raise
    :class:`IllegalAction` (``bad_payment``) otherwise."""
    if not isinstance(raw, list):
        raise IllegalAction("F7.6", "pay names your recovered magic stones", code="bad_payment")
    out: list[tuple[Inst, str | None]] = []
    for entry in raw:
        ident, chosen = (entry.get("card"), entry.get("will")) if isinstance(entry, dict) else (entry, None)
        stone = _inst(match, ident)
        if (
            stone is None
            or stone.zone != FIELD
            or stone.owner != seat
            or not stone.card.is_stone
            or stone.rested
            or any(stone is other for other, _ in out)
            or (isinstance(entry, dict) and set(entry) - {"card", "will"})
        ):
            raise IllegalAction(
                "F7.6",
                "pay names each of your recovered magic stones once",
                code="bad_payment",
                params={"card": str(ident)[:40]},
            )
        if chosen is not None and chosen not in stone.card.produces:
            raise IllegalAction(
                "F7.1",
                f"«{stone.name}» does not produce {chosen!r} will",
                code="bad_payment",
                params={"card": stone.name},
            )
        out.append((stone, chosen))
    return out


def _check_payment(match: Match, seat: int, action: dict[str, Any], cost: Cost, name: str, code: str) -> None:
    """F7.1, F7.6: the action's ``pay`` (or the default payment) pays ``cost``."""
    if "pay" in action:
        named = named_stones(match, seat, action["pay"])
        if named_payment(named, cost, match.seats[seat].will) is None:
            raise IllegalAction(
                "F7.6",
                f"those stones (with your will pool) do not pay exactly for «{name}»",
                code="bad_payment",
                params={"card": name},
            )
    elif not match.can_pay(seat, cost):
        raise IllegalAction(
            "F7.1",
            f"not enough will for «{name}»",
            code=code,
            params={"card": name, "cost": sum(n for _, n in cost)},
        )


def paid(
    match: Match, seat: int, action: dict[str, Any], cost: Cost
) -> tuple[dict[str, int], list[Inst]] | None:
    """Return what pays ``cost`` for a validated action: (the will taken from the pool, the
    stones rested): the stones it names (F7.6), else the default payment."""
    if "pay" in action:
        named = named_stones(match, seat, action["pay"])
        taken = named_payment(named, cost, match.seats[seat].will)
        return (taken or {}), [stone for stone, _ in named]
    return match.payment(seat, cost)


def problem(match: Match, pending: Decision, seat: int, action: dict[str, Any]) -> IllegalAction | None:
    """Return why ``action`` is not legal for ``pending`` now, or None."""
    kind = action.get("type")
    if kind not in ANSWERS.get(pending.kind, ()):
        return IllegalAction(
            pending.rule,
            f"{kind!r} does not answer the {pending.kind} decision",
            code="not_a_choice",
            params={"decision": pending.kind, "type": str(kind)[:40]},
        )
    side = match.seats[seat]
    try:
        if kind == "mulligan":
            cards = action.get("cards")
            if not isinstance(cards, list) or not cards or len(cards) != len(set(map(repr, cards))):
                raise IllegalAction(
                    "F5.2", "name the hand cards to shuffle back, each once", code="mulligan_cards"
                )
            for ident in cards:
                inst = _inst(match, ident)
                if inst is None or inst not in side.hand:
                    raise IllegalAction(
                        "F5.2",
                        "that card is not in your hand",
                        code="mulligan_not_in_hand",
                        params={"card": str(ident)[:40]},
                    )
        elif kind == "order":  # F8.5
            if action.get("item") not in [item.id for item in match.chain.trigger_options()]:
                raise IllegalAction(
                    "F8.5",
                    "put one of your waiting triggers on the chase",
                    code="not_a_trigger",
                    params={"item": str(action.get("item"))[:40]},
                )
        elif kind == "target":  # F8.5
            item = _choosing_item(match, pending)
            chosen = _chosen(action)
            if item is None or len(chosen) != 1 or chosen not in match.trigger_targets(item):
                raise IllegalAction(
                    "F8.5",
                    "not a legal target",
                    code="illegal_target",
                    params={"target": str(next(iter(chosen.values()), None))[:40]},
                )
        elif kind == "discard":
            inst = _inst(match, action.get("card"))
            if inst is None or inst not in side.hand:
                raise IllegalAction("F6.4", "discard a card of your hand", code="not_a_discard")
        elif kind == "block":
            ident = action.get("card")
            if not _int(ident) or ident not in match.block_options():
                raise IllegalAction(
                    "F9.2",
                    "block with a recovered resonator or J-ruler of yours (a [Flying] "
                    "attacker: a [Flying] one), not the attacked card",
                    code="cannot_block",
                    params={"card": str(ident)[:40]},
                )
        elif kind == "play":
            inst = _inst(match, action.get("card"))
            if inst is None or inst not in side.hand or inst.card.is_stone or inst.card.is_ruler:
                raise IllegalAction(
                    "F10.1",
                    "play a card from your hand",
                    code="not_in_hand",
                    params={"card": str(action.get("card"))[:40]},
                )
            if not inst.card.quickcast and not match.main_timing(seat):
                raise IllegalAction(
                    "F6.3",
                    "only at main timing: your main phase, no battle, an empty chase "
                    "([Quickcast] cards: whenever you have priority, F8.2)",
                    code="not_main_timing",
                )
            _check_payment(match, seat, action, inst.card.will_cost, inst.name, "too_expensive")
            _check_target(match, seat, inst, _play_ability(inst), action)
        elif kind == "activate":
            inst = _inst(match, action.get("card"))
            if inst is None or inst.zone != FIELD or inst.owner != seat:
                raise IllegalAction("F8.2", "activate a card you control", code="no_action")
            index = action.get("ability")
            abilities = match.abilities(inst)
            if (
                not isinstance(index, int)
                or isinstance(index, bool)
                or not 0 <= index < len(abilities)
                or abilities[index].when != "activate"
            ):
                raise IllegalAction(
                    "F8.2",
                    f"«{inst.name}» has no such activated ability",
                    code="no_action",
                    params={"card": inst.name},
                )
            ability = abilities[index]
            if ability.rest:
                if inst.rested:
                    raise IllegalAction(
                        "F11", f"«{inst.name}» is rested", code="rested", params={"card": inst.name}
                    )
                if match.is_fighter(inst) and match.sick(inst):
                    raise IllegalAction(
                        "F9.1",
                        f"«{inst.name}» came onto the field this turn",
                        code="summoning_sick",
                        params={"card": inst.name},
                    )
            _check_payment(match, seat, action, ability.will, inst.name, "action_too_expensive")
            _check_target(match, seat, inst, ability if ability.chosen else None, action)
        elif kind in ("call", "judgment"):
            if not match.main_timing(seat):
                raise IllegalAction("F6.3", "only at main timing", code="not_main_timing")
            ruler = side.ruler
            if kind == "call":
                if side.called or side.judged_turn:
                    raise IllegalAction(
                        "F7.2", "one call a turn, and none after a Judgment", code="action_used"
                    )
                if ruler.rested:
                    raise IllegalAction(
                        "F7.2", "your ruler is rested", code="rested", params={"card": ruler.name}
                    )
                # F7.2: with an empty stone deck the ruler still rests and nothing is called
            else:
                if side.judgment_lost:
                    raise IllegalAction(
                        "F7.4", "a destroyed J-ruler does no Judgment again this game", code="action_used"
                    )
                if ruler.zone != RULER_ZONE or side.judged_turn:
                    raise IllegalAction(
                        "F7.3", "one Judgment a turn, by the ruler in its zone", code="action_used"
                    )
                if ruler.rested:
                    raise IllegalAction(
                        "F7.3", "your ruler is rested", code="rested", params={"card": ruler.name}
                    )
                _check_payment(match, seat, action, ruler.card.judgment or (), ruler.name, "too_expensive")
        elif kind == "will":
            stone = _inst(match, action.get("card"))
            attribute = action.get("attribute")
            if stone is None or stone.zone != FIELD or stone.owner != seat or not stone.card.is_stone:
                raise IllegalAction(
                    "F7.1",
                    "rest a magic stone of yours for will",
                    code="no_action",
                    params={"card": str(action.get("card"))[:40]},
                )
            if stone.rested:
                raise IllegalAction(
                    "F7.1", f"«{stone.name}» is rested", code="rested", params={"card": stone.name}
                )
            if attribute not in stone.card.produces:
                raise IllegalAction(
                    "F7.1",
                    f"«{stone.name}» produces {', '.join(stone.card.produces)} will",
                    code="bad_payment",
                    params={"card": stone.name},
                )
        elif kind == "attack":
            if not match.main_timing(seat):
                raise IllegalAction("F9.1", "attacks are declared at main timing", code="not_main_timing")
            inst = _inst(match, action.get("card"))
            if inst is None or inst.zone != FIELD or inst.owner != seat or not match.can_attack(inst):
                raise IllegalAction(
                    "F9.1",
                    "attack with a recovered resonator or J-ruler of yours that did not "
                    "come onto the field this turn",
                    code="cannot_attack",
                    params={"card": str(action.get("card"))[:40]},
                )
            target = action.get("target")
            if "player" in action:
                if action["player"] != 1 - seat or "target" in action:
                    raise IllegalAction(
                        "F9.1",
                        "attack the opponent or a rested card",
                        code="illegal_target",
                        params={"target": str(action["player"])[:40]},
                    )
            elif not _int(target) or target not in match.attack_targets(inst):
                raise IllegalAction(
                    "F9.1",
                    "attack the opponent or a rested resonator or J-ruler of theirs",
                    code="illegal_target",
                    params={"target": str(target)[:40]},
                )
    except IllegalAction as error:
        return error
    return None


def validate(match: Match, pending: Decision, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Return the action as logged (its known keys only), or raise :class:`IllegalAction`."""
    error = problem(match, pending, seat, action)
    if error is not None:
        raise error
    logged: dict[str, Any] = {"seat": seat}
    for key in LOGGED_KEYS:
        if key in action:
            logged[key] = action[key]
    return logged


# --- listing -----------------------------------------------------------------------------------


def legal_actions(match: Match, pending: Decision) -> list[dict[str, Any]]:
    """Return the answers to ``pending`` (each appliable as is)."""
    seat = pending.seat
    side = match.seats[seat]
    kind = pending.kind
    if kind == "mulligan":
        hand = [inst.id for inst in side.hand]
        out: list[dict[str, Any]] = [{"type": "keep"}]
        out += [{"type": "mulligan", "cards": [ident]} for ident in hand]
        if len(hand) > 1:
            out.append({"type": "mulligan", "cards": hand})
        return out
    if kind == "discard":
        return [{"type": "discard", "card": inst.id} for inst in side.hand]
    if kind == "order":
        return [{"type": "order", "item": item.id} for item in match.chain.trigger_options()]
    if kind == "target":
        item = _choosing_item(match, pending)
        return [{"type": "target", **chosen} for chosen in match.trigger_targets(item)] if item else []
    if kind == "block":
        return [{"type": "block", "card": ident} for ident in match.block_options()] + [{"type": "pass"}]
    return list(priority_actions(match, pending))


def _can_pay(match: Match, seat: int, payable: dict[Any, Any], cost: tuple[tuple[str, int], ...]) -> bool:
    """Whether ``seat`` can pay ``cost`` (F7.1); ``payable`` keeps the ready stones (under
    ``None``) and the answers of one listing."""
    known = payable.get(cost)
    if known is None:
        ready = payable.get(None)
        if ready is None:
            ready = payable[None] = match.ready_stones(seat, ordered=False)
        known = payable[cost] = can_pay_from(ready, cost, match.seats[seat].will)
    return bool(known)


def playable_costs(catalog: Any) -> tuple[tuple[Cost, ...], tuple[Cost, ...]]:
    """Return the distinct will costs of the cards of ``catalog`` a hand may play: (any card's,
    [Quickcast] cards'), the free ones first (F8.3: what anyone may know a hand could hold)."""
    every: set[Cost] = set()
    fast: set[Cost] = set()
    for card in catalog:
        if card.type not in ("magic_stone", "ruler"):
            every.add(card.will_cost)
            if card.fast:
                fast.add(card.will_cost)
    return tuple(sorted(every, key=len)), tuple(sorted(fast, key=len))


def hand_may_play(match: Match, seat: int) -> bool:
    """F8.3 [decision]: whether ``seat``'s hand might hold a card it could play now, as anyone
    may know it: a card in hand, and a card of the game (the catalog) that the timing allows
    (out of main timing [Quickcast] only, F6.3, F8.2) and its ready stones could pay. It reads
    neither the hand's cards nor anything else hidden."""
    side = match.seats[seat]
    if not side.hand:
        return False
    every, fast = match.catalog.derived("fow.match.playable_costs", playable_costs)
    costs = every if match.main_timing(seat) else fast
    if not costs:
        return False
    if not costs[0]:
        return True  # a free card
    ready = match.ready_stones(seat, ordered=False)
    pool = side.will
    return any(can_pay_from(ready, cost, pool) for cost in costs)


def priority_actions(match: Match, pending: Decision, *, hand: bool = True) -> Iterator[dict[str, Any]]:
    """Yield the legal answers to a priority decision, ``pass`` last (lazily: the automatic
    pass of ``Match.only_pass`` stops at the first other one); ``hand`` False: none of the
    hand's cards (what the public may know of, F8.3) and no will ability (will that nothing
    could spend changes nothing, F8.3 [decision]).

    Cheap necessary conditions (timing, [Rest], will) skip a candidate before its targets
    are listed; an activated ability, a call and a Judgment still pass :func:`problem`
    before they are yielded (issue #22: this runs before every priority)."""
    seat = pending.seat
    side = match.seats[seat]
    main = match.main_timing(seat)
    # Will is the same for every candidate of one listing: the ready stones are listed once
    # and each distinct cost is tried once (``_can_pay``).
    payable: dict[Any, Any] = {}

    # Out of main timing only [Quickcast] cards may be played (F6.3, F8.2): most listings
    # are of that kind and most hands have none.
    for inst in (side.hand if main else [i for i in side.hand if i.card.fast]) if hand else ():
        card = inst.card
        if card.type == "magic_stone" or card.type == "ruler":
            continue
        if card.will_cost and not _can_pay(match, seat, payable, card.will_cost):
            continue
        ability = _play_ability(inst)
        options = target_options(match, seat, inst, ability) if ability is not None else [{}]
        for chosen in options:  # in hand, timing and will checked above; targets listed legal
            yield {"type": "play", "card": inst.id, **chosen}
    for inst in [i for i in side.field if i.j or i.card.activated]:
        card = inst.card
        activated = card.j_activated if inst.j else card.activated
        abilities = card.j_abilities if inst.j else card.abilities
        for index in activated:
            ability = abilities[index]
            if ability.rest and (inst.rested or (match.is_fighter(inst) and match.sick(inst))):
                continue  # F11, F9.1
            if ability.will and not _can_pay(match, seat, payable, ability.will):  # F7.1
                continue
            for chosen in target_options(match, seat, inst, ability):
                action = {"type": "activate", "card": inst.id, "ability": index, **chosen}
                if problem(match, pending, seat, action) is None:
                    yield action
    if main:
        ruler = side.ruler
        if not (side.called or side.judged_turn or ruler.rested):  # F7.2
            if problem(match, pending, seat, {"type": "call"}) is None:
                yield {"type": "call"}
        if not (side.judgment_lost or side.judged_turn or ruler.rested) and ruler.zone == RULER_ZONE:  # F7.3
            if problem(match, pending, seat, {"type": "judgment"}) is None:
                yield {"type": "judgment"}
        for inst in side.field:
            if match.is_fighter(inst) and match.can_attack(inst):
                for target in match.attack_targets(inst):
                    yield {
                        "type": "attack",
                        "card": inst.id,
                        **({"player": 1 - seat} if target is None else {"target": target}),
                    }
    if hand:  # F8.2: will abilities, at instant speed
        for stone in side.field:
            if stone.card.type == "magic_stone" and not stone.rested:
                for attribute in ATTRIBUTES:
                    if attribute in stone.card.produces:
                        yield {"type": "will", "card": stone.id, "attribute": attribute}
    yield {"type": "pass"}


# --- performing --------------------------------------------------------------------------------


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
        item = _choosing_item(match, pending)
        del item.payload["choose"]
        item.payload.update(_chosen(action))
        match.emit({"type": "target", "seat": seat, "item": item.id, **_chosen(action)})
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
        payload = {"kind": "card", "card": inst.id, **_chosen(action)}
        item = chain.put(seat, payload)
        match.emit(
            {
                "type": "play",
                "seat": seat,
                "id": inst.id,
                "card": inst.name,
                "item": item.id,
                **_chosen(action),
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
            **_chosen(action),
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
                **_chosen(action),
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
        match.declare_attack(match.by_id[action["card"]], target if _int(target) else None)
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


__all__ = ["ANSWERS", "describe_action", "legal_actions", "perform", "problem", "random", "validate"]

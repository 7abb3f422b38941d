"""What a seat may send (README.md, "Action shapes"): the legal lists, the whole validation of
an action before anything changes, and performing it.

Every refusal quotes its rule (C x.y), a stable code (``state.REFUSAL_CODES``) and params.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.effects import MASS, options, resolve
from engine.games.chronomagia.match.state import (
    BOTH,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    Decision,
    IllegalAction,
    Inst,
    Work,
)

if TYPE_CHECKING:
    from engine.games.chronomagia.match.core import Match

MAIN_KINDS = ("concentration", "life", "armor")  # C7.2, C7.4, C7.9
TIME_KINDS = ("time", "time_past", "time_future")  # C7.3
ANSWERS: dict[str, tuple[str, ...]] = {
    "redraw": ("keep", "redraw"),
    "meditation": ("meditate", "pass"),
    "main": ("play", "shadow", "collect", "collect_time", "hero", "activate", "sacrifice", "pass"),
    "attack": ("attack", "pass"),
    "choose": ("choose",),
    "flip": ("flip", "stay"),
    "order": ("order",),
}


# --- listing ---------------------------------------------------------------------------------


def legal_actions(match: Match, pending: Decision) -> list[dict[str, Any]]:
    """Return the answers to ``pending`` (each appliable as is; structured ones validate more)."""
    seat = pending.seat
    side = match.seats[seat]
    kind = pending.kind
    if kind == "redraw":
        hand = [inst.id for inst in side.hand]
        out: list[dict[str, Any]] = [{"type": "keep"}]
        out += [{"type": "redraw", "cards": [ident]} for ident in hand]
        if len(hand) > 1:
            out.append({"type": "redraw", "cards": hand})
        return out
    if kind == "meditation":
        # C4.4: in the order of the ids (of the names), never of the shuffled hero deck
        offered = sorted(inst.id for inst in side.hero_deck)
        return [{"type": "pass"}] + [{"type": "meditate", "card": ident} for ident in offered]
    if kind == "order":  # C6.7: which of the chooser's triggers goes next
        return [{"type": "order", "trigger": index} for index in range(len(match.ordering[0].options()))]
    if kind == "choose":
        work = match.queue[0]
        return [{"type": "choose", **choice} for choice in options(match, work)]
    if kind == "flip":  # C10.4 [decision]: only a shadow whose event happened may flip
        return [{"type": "flip"}, {"type": "stay"}] if match.queue[0].may_flip else [{"type": "stay"}]
    if kind == "attack":
        total = pending.info["attack"] + pending.info["damage"]
        out = [{"type": "attack", "opponent": total, "terrain": 0}]
        terrain = match.controlled(1 - seat, "terrain")
        if terrain is not None:
            out += [
                {"type": "attack", "opponent": total - m, "terrain": m}
                for m in range(1, min(total, terrain.lives) + 1)
            ]
        return [*out, {"type": "pass"}]
    return _main_actions(match, seat)


def _main_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    side = match.seats[seat]
    out: list[dict[str, Any]] = []
    append = out.append
    epoch = match.epoch
    index = epoch - 1
    turn = match.turn
    # One pass over the seat's permanents (this runs for every main-phase decision): the terrain
    # and phenomenon it controls (C10.2, C10.3), its static discounts (C13, as Match.static
    # reads them), and its tap and fury abilities (C11.1, C12.1), listed last.
    terrain = phenomenon = False
    discount = 0
    abilities: list[dict[str, Any]] = []
    for inst in side.field:
        if inst.face_down:
            continue
        card = inst.card
        card_type = card.kind
        if card_type == "terrain":
            terrain = True
        elif card_type == "phenomenon":
            phenomenon = True
        row = card.rows[(inst.own_epoch or epoch) - 1]
        if row is None or not row.abilities:
            continue
        if row.discount:
            discount += row.discount
        if row.taps and not inst.tapped and not (inst.entered == turn and not row.haste):
            abilities.append({"type": "activate", "card": inst.id})
        if row.fury and card.type == "thoughtform":
            abilities.append({"type": "sacrifice", "card": inst.id})
    if not side.meditated:  # C6.3
        pool = len(side.pool) + discount  # C13: costs N less
        for inst in side.hand:  # the checks of _play_problem (C1.4, C10.1–C10.4), inlined for speed
            card = inst.card
            if card.rows[index] is None:
                continue
            card_type = card.kind
            if card_type == "shadow":
                append({"type": "shadow", "card": inst.id})
            elif (
                (card.cost or 0) <= pool
                and not (terrain and card_type == "terrain")
                and not (phenomenon and card_type == "phenomenon")
            ):
                append({"type": "play", "card": inst.id})
        if not side.hero_used:  # C10.5
            tokens = side.tokens
            for number, hero_ability in enumerate(side.hero.card.hero_abilities):
                if hero_ability.tokens > 0 or tokens >= -hero_ability.tokens:
                    append({"type": "hero", "ability": number})
    amounts = match.amounts(seat)
    if amounts:
        collected = side.collected
        for kind in MAIN_KINDS:  # C7.1
            if kind not in collected and amounts.get(kind, 0) > 0:
                append({"type": "collect", "kind": kind})
        for kind in TIME_KINDS:  # C7.3
            amount = amounts.get(kind, 0)
            if kind in collected or amount <= 0:
                continue
            low = 0 if kind == "time_future" else -amount
            high = 0 if kind == "time_past" else amount
            out += [{"type": "collect_time", "kind": kind, "move": m} for m in range(low, high + 1) if m]
            target = match.controlled(1 - seat, "phenomenon")
            if target is not None:
                append(
                    {
                        "type": "collect_time",
                        "kind": kind,
                        "move": 0,
                        "target": target.id,
                        "erode": min(amount, target.lives),
                    }
                )
    out += abilities
    append({"type": "pass"})
    return out


# --- checks ----------------------------------------------------------------------------------


def _refuse(rule: str, message: str, code: str, **params: str | int) -> IllegalAction:
    return IllegalAction(rule, message, code=code, params=dict(params))


def _play_problem(match: Match, seat: int, inst: Inst) -> IllegalAction | None:
    """Why ``inst`` (in the hand) cannot be played now (C10), or None."""
    side = match.seats[seat]
    card = inst.card
    if side.meditated:
        return _refuse("C6.3", "after meditating you cannot play cards this turn", "meditated")
    row = card.row(match.epoch)
    if row is None:
        return _refuse(
            "C1.4",
            f"«{card.name}» does not exist in epoch {match.epoch}",
            "absent_in_epoch",
            card=card.name,
            epoch=match.epoch,
        )
    if card.kind == "shadow":
        return None  # C10.4: free
    cost = match.cost_of(seat, card)  # C10.1, C13 discount
    if cost > len(side.pool):
        return _refuse(
            "C10.1",
            f"«{card.name}» costs {cost} concentration; you have {len(side.pool)}",
            "no_concentration",
            card=card.name,
            cost=cost,
            have=len(side.pool),
        )
    if card.kind == "terrain" and match.controlled(seat, "terrain") is not None:
        return _refuse("C10.2", "you control a terrain already", "terrain_taken")
    if card.kind == "phenomenon" and match.controlled(seat, "phenomenon") is not None:
        return _refuse("C10.3", "you control a phenomenon already", "phenomenon_taken")
    return None


def _activate_problem(match: Match, seat: int, inst: Inst) -> IllegalAction | None:
    if inst.face_down:
        return _refuse("C12.1", "a face-down shadow has no ability to use", "no_action")
    row = match.row(inst)
    if row is None or not any(a.when == "tap" for a in row.abilities):
        return _refuse("C12.1", f"«{inst.name}» has no «Поворот» ability now", "no_action", card=inst.name)
    if inst.tapped:
        return _refuse("C12.1", f"«{inst.name}» is tapped", "action_used", card=inst.name)
    if match.sick(inst):
        return _refuse(
            "C12.1", f"«{inst.name}» entered this turn (summoning sickness)", "summoning_sick", card=inst.name
        )
    return None


def _sacrifice_problem(match: Match, seat: int, inst: Inst) -> IllegalAction | None:
    row = match.row(inst)
    if not match.is_creature(inst) or row is None or not any(a.when == "fury" for a in row.abilities):
        return _refuse("C11.1", f"«{inst.name}» has no «Ярость» now", "no_action", card=inst.name)
    return None


def _own(match: Match, seat: int, action: dict[str, Any], zone_list: list[Inst], where: str) -> Inst:
    ident = action.get("card")
    # C4.4: the cards in sight by id (one lookup), then is it in that zone.
    if type(ident) is not int or ident not in match.by_id or match.by_id[ident] not in zone_list:
        raise _refuse(
            "C10.1",
            f"no card {str(ident)[:40]} in your {where}",
            "not_in_hand",
            card=str(ident)[:40],
            where=where,
        )
    return match.by_id[ident]


def validate(match: Match, pending: Decision, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Return the action as the log stores it, or raise :class:`IllegalAction` (changing nothing)."""
    kind = action["type"]
    allowed = ANSWERS[pending.kind]
    if kind not in allowed:
        raise _refuse(
            pending.rule,
            f"{kind[:40]!r} does not answer a {pending.kind} decision; expected one of {', '.join(allowed)}",
            "not_a_choice",
            got=kind[:40],
            decision=pending.kind,
        )
    side = match.seats[seat]
    logged: dict[str, Any] = {"seat": seat, "type": kind}
    if kind == "flip" and not match.queue[0].may_flip:
        raise _refuse("C10.4", "this shadow's event has not happened: it stays face down", "not_its_event")
    if kind == "redraw":
        cards = action.get("cards")
        if not isinstance(cards, list) or not cards or len(cards) > len(side.hand):
            raise _refuse("C5.3", "a redraw names one or more cards of your hand", "mulligan_cards")
        ids = {inst.id for inst in side.hand}
        if any(type(c) is not int or c not in ids for c in cards) or len(set(cards)) != len(cards):
            raise _refuse("C5.3", "a redraw names cards of your hand, each once", "mulligan_not_in_hand")
        logged["cards"] = list(cards)
    elif kind == "meditate":
        if not match.can_meditate(seat):
            raise _refuse("C6.3", "you cannot meditate now", "cannot_meditate")
        ident = action.get("card")
        if type(ident) is not int or ident not in match.by_id or match.by_id[ident] not in side.hero_deck:
            raise _refuse("C6.3", "meditation takes a card of your hero deck", "not_in_hero_deck")
        logged["card"] = ident
    elif kind in ("play", "shadow"):
        inst = _own(match, seat, action, side.hand, "hand")
        if (kind == "shadow") != (inst.card.kind == "shadow"):
            raise _refuse(
                "C10.4",
                "shadows are placed face down with 'shadow'; other cards are played with 'play'",
                "not_a_shadow",
                card=inst.name,
            )
        problem = _play_problem(match, seat, inst)
        if problem is not None:
            raise problem
        logged["card"] = inst.id
    elif kind == "collect":
        what = action.get("kind")
        if what not in MAIN_KINDS:
            raise _refuse(
                "C7.1",
                f"collect one of {', '.join(MAIN_KINDS)} (time: collect_time; attack: the attack step)",
                "nothing_to_collect",
                kind=str(what)[:40],
            )
        _check_collect(match, seat, what)
        logged["kind"] = what
    elif kind == "collect_time":
        logged.update(_check_time(match, seat, action))
    elif kind == "hero":
        index = action.get("ability")
        abilities = side.hero.card.hero_abilities
        if type(index) is not int or not 0 <= index < len(abilities):
            raise _refuse("C10.5", "name one of your hero's abilities (0, 1, 2)", "no_action")
        if side.meditated:
            raise _refuse("C6.3", "after meditating you cannot use hero abilities this turn", "meditated")
        if side.hero_used:
            raise _refuse("C10.5", "one hero ability per turn", "action_used")
        tokens = abilities[index].tokens
        if tokens < 0 and side.tokens < -tokens:
            raise _refuse(
                "C10.5",
                f"the ability needs {-tokens} tokens; the hero has {side.tokens}",
                "not_enough_tokens",
                need=-tokens,
                have=side.tokens,
            )
        logged["ability"] = index
    elif kind in ("activate", "sacrifice"):
        inst = _own(match, seat, action, side.field, "battlefield")
        problem = (_activate_problem if kind == "activate" else _sacrifice_problem)(match, seat, inst)
        if problem is not None:
            raise problem
        logged["card"] = inst.id
    elif kind == "attack":
        total = pending.info["attack"] + pending.info["damage"]
        opponent, terrain = action.get("opponent"), action.get("terrain", 0)
        if (
            type(opponent) is not int
            or type(terrain) is not int
            or opponent < 0
            or terrain < 0
            or opponent + terrain != total
        ):
            raise _refuse(
                "C9.3",
                f"assign all {total} (attack past the defense, plus damage) to the opponent and the terrain",
                "bad_assignment",
                total=total,
            )
        target = match.controlled(1 - seat, "terrain")
        if terrain and (target is None or terrain > target.lives):
            raise _refuse(
                "C10.2",
                "at most the lives of the opponent's terrain may go to it",
                "bad_assignment",
                total=total,
            )
        logged.update(opponent=opponent, terrain=terrain)
    elif kind == "choose":
        logged.update(_check_choice(match, seat, action))
    elif kind == "order":
        index = action.get("trigger")
        count = len(match.ordering[0].options())
        if type(index) is not int or not 0 <= index < count:
            raise _refuse(
                "C6.7", f"name one of your {count} triggers (0 to {count - 1})", "not_a_choice",
                got=str(index)[:40], decision="order",
            )  # fmt: skip
        logged["trigger"] = index
    return logged


def _check_collect(match: Match, seat: int, kind: str) -> int:
    if kind in match.seats[seat].collected:
        raise _refuse("C7.1", f"you collected {kind} this turn already", "already_collected", kind=kind)
    amount = match.amount(seat, kind)
    if amount <= 0:
        raise _refuse("C7.1", f"your cards give no {kind} now", "nothing_to_collect", kind=kind)
    return amount


def _check_time(match: Match, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """C7.3 [decision]: one collection, one move of |move| ≤ the amount, the rest may erode one
    opponent phenomenon; directional kinds move their way only."""
    kind = action.get("kind")
    if kind not in TIME_KINDS:
        raise _refuse(
            "C7.3",
            f"collect_time takes one of {', '.join(TIME_KINDS)}",
            "nothing_to_collect",
            kind=str(kind)[:40],
        )
    amount = _check_collect(match, seat, kind)
    move, erode = action.get("move", 0), action.get("erode", 0)
    if type(move) is not int or type(erode) is not int or erode < 0 or abs(move) + erode > amount:
        raise _refuse(
            "C7.3", f"move and erode within the {amount} time collected", "bad_time_spend", amount=amount
        )
    if (kind == "time_past" and move > 0) or (kind == "time_future" and move < 0):
        raise _refuse("C7.3", f"{kind} moves time one way only", "bad_time_spend", amount=amount)
    logged: dict[str, Any] = {"kind": kind, "move": move}
    if erode:
        target = match.controlled(1 - seat, "phenomenon")
        if target is None or action.get("target") != target.id:
            raise _refuse("C10.3", "erode names the opponent's phenomenon", "illegal_target")
        logged.update(target=target.id, erode=erode)
    elif "target" in action:
        raise _refuse("C7.3", "a target needs an erode amount", "bad_time_spend", amount=amount)
    return logged


def _check_choice(match: Match, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    work = match.queue[0]
    effect = work.ability.effect
    offered = options(match, work)
    if effect in MASS:
        targets = action.get("targets")
        if not isinstance(targets, list):
            raise _refuse("C13", "a mass effect takes a list of targets", "targets_not_a_list")
        allowed = {entry["targets"][0] for entry in offered if len(entry["targets"]) == 1}
        if any(type(t) is not int or t not in allowed for t in targets) or len(set(targets)) != len(targets):
            raise _refuse("C13", "each target must be a creature within the total", "illegal_target")
        total = sum(match.by_id[t].card.spirit_value for t in targets)
        if total > work.ability.amount:
            raise _refuse(
                "C13",
                f"the targets' spirits total {total}, more than {work.ability.amount}",
                "target_count",
                total=total,
                limit=work.ability.amount,
            )
        return {"targets": list(targets)}
    shape = {key: action.get(key) for key in offered[0]} if offered else {}
    if any(key not in action for key in shape):
        raise _refuse("C13", f"the choice needs {', '.join(shape)}", "target_missing")
    if shape not in offered or any(
        type(v) is not type(o) for v, o in zip(shape.values(), offered[0].values(), strict=True)
    ):
        raise _refuse("C13", "not a legal target for this effect", "illegal_target", effect=effect)
    return shape


# --- performing ------------------------------------------------------------------------------


def perform(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """Carry out a validated action (the rules then run on, ``Match.run``)."""
    kind = logged["type"]
    side = match.seats[seat]
    if kind == "keep":
        match.redraws_left.pop(0)
        match.emit({"type": "keep", "seat": seat})
    elif kind == "redraw":  # C5.3
        aside = [match.by_id[i] for i in logged["cards"]]
        for inst in aside:
            side.hand.remove(inst)
            inst.zone = DECK
            inst.known = 0
            match.forget(inst)  # C4.4: back in the deck, no id
        match.draw(seat, len(aside))
        side.deck.extend(aside)
        if match.shuffle:
            match.rng.shuffle(side.deck)
        match.redraws_left.pop(0)
        match.emit(
            {"type": "redraw", "seat": seat, "count": len(aside)},
            {"cards": [inst.name for inst in aside]},
            seat,
        )
    elif kind == "meditate":  # C6.3
        inst = match.by_id[logged["card"]]
        match.spend(seat, 1)
        side.hero_deck.remove(inst)
        inst.zone = HAND
        side.hand.append(inst)
        side.meditated = side.meditating = True
        match.emit({"type": "meditate", "seat": seat}, {"card": inst.name, "id": inst.id}, seat)
        meditation = side.hero.card.meditation
        if meditation is not None:
            for ability in meditation.abilities:
                match.queue.append(Work("effect", seat, side.hero, ability, meditation))
        match.step = "main"
    elif kind == "pass":
        match.step = {"meditation": "main", "main": "attack", "attack": "attack"}[pending.kind]
        if pending.kind == "attack":
            match.strike(0, 0, collected=False)  # C7.7, C9.4: no attack, no self-damage
    elif kind == "play":
        _play(match, seat, match.by_id[logged["card"]])
    elif kind == "shadow":  # C10.4
        inst = match.by_id[logged["card"]]
        side.hand.remove(inst)
        side.field.append(inst)
        inst.zone = FIELD
        inst.face_down = True
        inst.known = 1 << seat  # C4.2: its owner's alone
        match.mint(inst)  # C4.4: a back the opponent sees: a new object
        inst.entered = match.turn
        side.played += 1
        match.emit({"type": "shadow", "seat": seat, "id": inst.id}, {"card": inst.name}, seat)
    elif kind == "collect":
        _collect(match, seat, logged["kind"])
    elif kind == "collect_time":
        what = logged["kind"]
        side.collected.add(what)
        match.emit({"type": "collect", "seat": seat, "kind": what, "amount": match.amount(seat, what)})
        if logged.get("erode"):
            target = match.by_id[logged["target"]]
            target.lives -= logged["erode"]
            match.emit({"type": "eroded", "id": target.id, "card": target.name, "left": max(0, target.lives)})
            if target.lives <= 0:
                match.leave(target, GRAVEYARD)
        if logged["move"]:
            match.move_time(seat, logged["move"])
    elif kind == "hero":  # C10.5
        hero_ability = side.hero.card.hero_abilities[logged["ability"]]
        side.tokens += hero_ability.tokens
        side.hero_used = True
        match.emit({"type": "hero", "seat": seat, "ability": logged["ability"], "tokens": side.tokens})
        match.queue.append(Work("effect", seat, side.hero, hero_ability.ability, None))
    elif kind == "activate":  # C12.1
        inst = match.by_id[logged["card"]]
        inst.tapped = True
        row = match.row(inst)
        match.emit({"type": "activate", "seat": seat, "id": inst.id, "card": inst.name})
        for ability in row.abilities if row is not None else ():
            if ability.when == "tap":
                match.queue.append(Work("effect", seat, inst, ability, row))
    elif kind == "sacrifice":  # C11.1
        inst = match.by_id[logged["card"]]
        match.emit({"type": "sacrifice", "seat": seat, "id": inst.id, "card": inst.name})
        match.leave(inst, GRAVEYARD, dies=True)
    elif kind == "attack":
        match.strike(logged["opponent"], logged["terrain"], collected=True)
    elif kind == "choose":
        work = match.queue.pop(0)
        resolve(match, work, logged)
    elif kind == "order":  # C6.7: the pick goes next (engine/chain.py's TriggerOrder)
        batch = match.ordering[0]
        picked = batch.options()[logged["trigger"]]
        batch.pick(seat, picked)
        match.emit({"type": "ordered", "seat": seat, "effect": picked.ability.effect,
                    "source": picked.source.id if picked.source is not None else None})  # fmt: skip
    elif kind in ("flip", "stay"):
        work = match.queue.pop(0)
        shadow = work.source
        assert shadow is not None
        if kind == "stay":
            match.emit({"type": "stay", "seat": seat, "id": shadow.id})
            return
        shadow.face_down = False
        shadow.known = BOTH
        match.emit({"type": "flip", "seat": seat, "id": shadow.id, "card": shadow.name})
        row = shadow.card.row(match.epoch)
        follow = [
            Work("effect", seat, shadow, a, row) for a in (row.abilities if row else ()) if a.when == "summon"
        ]
        match.queue[0:0] = [*follow, Work("bury", seat, shadow)]


def _collect(match: Match, seat: int, kind: str) -> None:
    side = match.seats[seat]
    amount = match.amount(seat, kind)
    side.collected.add(kind)
    match.emit({"type": "collect", "seat": seat, "kind": kind, "amount": amount})
    if kind == "concentration":
        match.gain_concentration(seat, amount)
    elif kind == "life":
        side.life += amount
    elif kind == "armor":
        side.armor += amount


def _play(match: Match, seat: int, inst: Inst) -> None:
    """C10.1–C10.3: pay, then a permanent enters or a spell happens; the opponent's shadows
    that wait for a play are offered a flip."""
    side = match.seats[seat]
    card = inst.card
    match.spend(seat, match.cost_of(seat, card))
    side.played += 1
    row = card.row(match.epoch)
    assert row is not None
    if card.kind == "thoughtform" and row.resources is None:
        side.hand.remove(inst)
        inst.zone = GRAVEYARD
        inst.known = BOTH
        match.mint(inst)  # C4.4: out of the hand into everyone's sight
        side.graveyard.append(inst)
        match.emit({"type": "spell", "seat": seat, "id": inst.id, "card": inst.name})
        for ability in row.abilities:
            if ability.when == "spell":
                match.queue.append(Work("effect", seat, inst, ability, row))
    else:
        match.enter(inst, seat)
    match.offer_flips(("opponent_plays",), 1 - seat)


# --- words -----------------------------------------------------------------------------------


def describe_action(action: dict[str, Any]) -> str:
    """Return a readable English sentence for ``action`` (cards by instance id: no name leaks)."""
    kind = action.get("type")

    def card() -> str:
        ident = action.get("card")
        return f"card #{ident}" if type(ident) is int else "a card"

    if kind == "keep":
        return "keep the opening hand"
    if kind == "redraw":
        return f"redraw {len(action.get('cards') or [])} card(s)"
    if kind == "meditate":
        return "meditate and take a card of the hero deck"
    if kind == "play":
        return f"play {card()}"
    if kind == "shadow":
        return f"place {card()} face down as a shadow"
    if kind == "collect":
        return f"collect {action.get('kind')}"
    if kind == "collect_time":
        text = f"collect {action.get('kind')}"
        if action.get("move"):
            text += f", move time {action['move']:+d}"
        if action.get("erode"):
            text += f", erode {action['erode']} from phenomenon #{action.get('target')}"
        return text
    if kind == "hero":
        return f"use hero ability {action.get('ability')}"
    if kind == "activate":
        return f"tap {card()}"
    if kind == "sacrifice":
        return f"sacrifice {card()}"
    if kind == "attack":
        return f"attack: {action.get('opponent')} to the opponent, {action.get('terrain', 0)} to the terrain"
    if kind == "choose":
        if "targets" in action:
            return f"choose targets {action['targets']}"
        text = f"choose #{action.get('target')}"
        if "epoch" in action:
            text += f" (to epoch {action['epoch']})"
        if action.get("return"):
            text += " and return it"
        return text
    if kind == "flip":
        return "flip the shadow"
    if kind == "order":
        return f"put trigger {action.get('trigger')} next"
    if kind == "stay":
        return "leave the shadow face down"
    if kind == "pass":
        return "go on to the next step"
    return str(kind)

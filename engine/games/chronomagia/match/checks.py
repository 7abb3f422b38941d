"""The whole validation of an action before anything changes (README.md, "Action shapes"):
every refusal quotes its rule (C x.y), a stable code (``state.REFUSAL_CODES``) and params.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.effects import MASS, options
from engine.games.chronomagia.match.legal import MAIN_KINDS, TIME_KINDS
from engine.games.chronomagia.match.state import Decision, IllegalAction, Inst

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match

ANSWERS: dict[str, tuple[str, ...]] = {
    "redraw": ("keep", "redraw"),
    "meditation": ("meditate", "pass"),
    "main": ("play", "shadow", "collect", "collect_time", "hero", "activate", "sacrifice", "pass"),
    "attack": ("attack", "pass"),
    "choose": ("choose",),
    "flip": ("flip", "stay"),
    "order": ("order",),
}

# The answers that name nothing: once they answer the decision, there is nothing to check.
BARE = frozenset(("keep", "pass", "stay"))


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
    logged: dict[str, Any] = {"seat": seat, "type": kind}
    if kind in BARE:
        return logged
    side = match.seats[seat]
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

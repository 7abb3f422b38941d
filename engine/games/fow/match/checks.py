# mypyc: compiled by build_engine.py
"""Checking what a seat sends (README.md, "Action shapes"): the whole validation of an action
before anything changes. Every refusal quotes its rule (F x.y), a stable code
(``state.REFUSAL_CODES``) and params.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.fow.cards import Ability
from engine.games.fow.match.effects import target_legal
from engine.games.fow.match.state import FIELD, RULER_ZONE, Decision, IllegalAction, Inst
from engine.games.fow.match.will import Cost, named_payment

if TYPE_CHECKING:
    from engine.games.fow.match.chase import Chase as Match

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


def chosen_of(action: dict[str, Any]) -> dict[str, Any]:
    return {key: action[key] for key in TARGET_KEYS if key in action}


def _needs(card_abilities: tuple[Ability, ...]) -> Ability | None:
    return next((a for a in card_abilities if a.chosen), None)


# --- checking ----------------------------------------------------------------------------------


def _check_target(
    match: Match, seat: int, source: Inst | None, ability: Ability | None, action: dict[str, Any]
) -> None:
    chosen = chosen_of(action)
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


def play_ability(inst: Inst) -> Ability | None:
    """The chosen-target ability a card asks for when played: a chant's, or an equip's."""
    if inst.card.equip is not None:
        return Ability("play", "pump", "ally_resonator")
    if inst.card.type == "chant":
        return _needs(inst.card.abilities)
    return None


def choosing_item(match: Match, pending: Decision) -> Any:
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
            item = choosing_item(match, pending)
            chosen = chosen_of(action)
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
            _check_target(match, seat, inst, play_ability(inst), action)
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

# mypyc: compiled by build_engine.py
"""Why an action of a WoW TCG match is refused (W5–W13), and the resources a paying action
names (W7.5): every refusal quotes its rule, a stable code (``state.REFUSAL_CODES``) and params.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.match.legal import hero_can_use, main_timing
from engine.games.wow.match.state import (
    ALLIES,
    HERO_ROW,
    RESOURCE,
    IllegalAction,
)

if TYPE_CHECKING:
    from engine.games.wow.match.flow import Flow as Match


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

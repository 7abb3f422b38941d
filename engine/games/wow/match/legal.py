# mypyc: compiled by build_engine.py
"""What a seat of a WoW TCG match may do now (W5–W11): the legal actions of the pending
decision, the priority actions and strikes, and whether a hand might hold a card to play (so
that a seat passes by itself only when that tells nothing, W10.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.cards import Ability, Card, Filter
from engine.games.wow.match.state import (
    ALLIES,
    Inst,
)

if TYPE_CHECKING:
    from engine.games.wow.match.flow import Flow as Match


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

# mypyc: compiled by build_engine.py
"""The ability vocabulary's effect words (W18): one registered handler per word, and the
target words they act on.

A new effect word is a name in :data:`engine.games.wow.vocabulary.EFFECTS` (so the loader accepts
it), one handler here registered with :func:`handler`, and its test. A handler registered
``each=True`` (the default) is called once per target still in play; one registered
``each=False`` acts for the player (``draw``) and gets the chosen target, if any, as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.games.wow.cards import CHOSEN_TARGETS, Card, Effect
from engine.games.wow.match.state import BOTH, HAND, REMOVED, Inst, Seat, atk_amount, counters_on, reset

if TYPE_CHECKING:
    from engine.games.wow.match.damage import Damage as Match

# (match, acting seat, source card or None, the effect word, one target or the chosen one)
Handler = Callable[["Match", int, "Inst | None", Effect, "Inst | None"], None]
HANDLERS: dict[str, Handler] = {}


def handler(do: str, *, each: bool = True) -> Callable[[Handler], Handler]:
    """Register the handler of effect word ``do``; return it unchanged. With ``each`` the
    registered wrapper calls it once for every target of the effect still in play."""

    def register(fn: Handler) -> Handler:
        if not each:
            HANDLERS[do] = fn
            return fn

        def per_target(
            match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None
        ) -> None:
            for inst in affected(match, seat, source, effect, chosen):
                if match.in_play(inst):  # W8.8: what left play is not affected
                    fn(match, seat, source, effect, inst)

        HANDLERS[do] = per_target
        return fn

    return register


def run_effects(
    match: Match, seat: int, source: Inst | None, effects: tuple[Effect, ...], chosen: Inst | None
) -> None:
    """Carry out ``effects`` in order for ``seat`` (W18); ``chosen`` is the chosen target, if any."""
    for effect in effects:
        HANDLERS[effect.do](match, seat, source, effect, chosen)


# --- target words (W8.1, W18) ----------------------------------------------------------------


def characters(side: Seat) -> list[Inst]:
    """Return a side's characters in play: hero, allies, totems (W12.8: attackable as allies)."""
    return [side.hero, *side.allies, *(i for i in side.hero_row if i.card.is_totem)]


def chosen_targets(match: Match, seat: int, word: str) -> list[Inst]:
    """Return the legal chosen targets of a target word for ``seat`` (W8.1)."""
    mine, theirs = match.seats[seat], match.seats[1 - seat]
    if word == "any_character":
        return characters(mine) + characters(theirs)
    if word == "enemy_character":
        return characters(theirs)
    if word == "friendly_character":
        return characters(mine)
    if word == "enemy_ally":
        return allies_and_totems(theirs)
    if word == "friendly_ally":
        return allies_and_totems(mine)
    return []


def allies_and_totems(side: Seat) -> list[Inst]:
    """W18 totem [decision]: a chosen ally target may be a totem (targetable as an ally), on
    either side alike; the words for every ally (``all_enemy_allies``, ``friendly_allies``)
    choose nothing and take allies only, as a totem is no ally (W1.3)."""
    return [*side.allies, *(i for i in side.hero_row if i.card.is_totem)]


def fixed_targets(match: Match, seat: int, word: str, source: Inst | None) -> list[Inst]:
    """Return what a fixed target word names (W18)."""
    if word == "your_hero":
        return [match.seats[seat].hero]
    if word == "enemy_hero":
        return [match.seats[1 - seat].hero]
    if word == "all_enemy_allies":
        return list(match.seats[1 - seat].allies)
    if word == "friendly_allies":
        return list(match.seats[seat].allies)
    if word == "self" and source is not None:
        return [source]
    if word == "attached" and source is not None and source.host is not None:
        return [match.minted[source.host]]  # W8.3: the card it lies on
    return []


def affected(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> list[Inst]:
    """Return the cards an effect acts on: the chosen one for a chosen word, else the fixed ones."""
    if effect.target in CHOSEN_TARGETS:
        return [chosen] if chosen is not None else []
    return fixed_targets(match, seat, effect.target, source)


# --- the handlers -----------------------------------------------------------------------------


@handler("damage")
def damage(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.1: deal N damage, preventable (shields W12.3, armor W12.5), of the effect's damage
    type or else its card's (W1.5); with ``source`` ``your_hero`` the hero deals it (W13.6: a
    stealthed hero's damage to an enemy ends its stealth)."""
    assert inst is not None
    dealer = match.seats[seat].hero if effect.source == "your_hero" else source
    dtype = effect.damage_type or (source.card.damage_type if source is not None else None)
    match.deal(dealer, inst, effect.amount, dtype=dtype)


@handler("put_damage")
def put_damage(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.2: put N damage counters: not dealt, so nothing prevents them."""
    assert inst is not None
    inst.damage += effect.amount
    match.emit({"type": "damage", "target": inst.id, "card": inst.name, "amount": effect.amount, "put": True})


@handler("heal")
def heal(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.7: remove up to N damage counters, never more than there are."""
    assert inst is not None
    healed = min(effect.amount, inst.damage)
    inst.damage -= healed
    match.emit({"type": "heal", "target": inst.id, "card": inst.name, "amount": healed})


@handler("prevent")
def prevent(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.3: a shield that prevents the next N damage this turn."""
    assert inst is not None
    inst.shield += effect.amount
    match.emit({"type": "shield", "target": inst.id, "card": inst.name, "amount": effect.amount})


@handler("atk")
def atk(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """+N ATK until the end of the turn (W6.6); W12.8: a totem gains none. With ``per_counter``
    (W3.2 [decision]): N for each counter of that kind on the card gaining it, counted as the
    effect resolves."""
    assert inst is not None
    if inst.card.is_totem:
        return
    amount = atk_amount(effect, inst)
    if effect.until == "combat":  # [decision] outside a combat it would end at once: nothing
        if match.combat is None:
            return
        inst.combat_atk += amount
        match.combat.setdefault("boosted", []).append(inst.id)
    else:
        inst.atk_bonus += amount
    until = {"until": "combat"} if effect.until == "combat" else {}
    match.emit({"type": "atk", "target": inst.id, "card": inst.name, "amount": amount, **until})


@handler("counters")
def counters(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W3.2: put N counters of the effect's kind on a card in play (public, W4.2)."""
    assert inst is not None and effect.kind is not None
    kind = effect.kind
    total = inst.counters.get(kind, 0) + effect.amount
    inst.counters[kind] = total
    match.emit({"type": "counters", "target": inst.id, "card": inst.name, "kind": kind,
                "amount": effect.amount, "total": total})  # fmt: skip


@handler("remove_counters")
def remove_counters(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W3.2: remove up to N counters of the effect's kind, never more than there are (like
    healing, W12.7); an amount of 0 removed is still told (event ``counters``, ``amount`` ≤ 0)."""
    assert inst is not None and effect.kind is not None
    kind = effect.kind
    had = inst.counters.get(kind, 0)
    removed = min(effect.amount, had)
    if had - removed:
        inst.counters[kind] = had - removed
    elif had:
        del inst.counters[kind]  # none left: the map holds no zeros (views omit it when empty)
    match.emit({"type": "counters", "target": inst.id, "card": inst.name, "kind": kind,
                "amount": -removed, "total": had - removed})  # fmt: skip


@handler("ready")
def ready(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Ready the target (W7.6)."""
    assert inst is not None
    inst.exhausted = False
    match.emit({"type": "ready", "target": inst.id, "card": inst.name})


@handler("exhaust")
def exhaust(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Exhaust the target (W7.6): it keeps its text and can still be attacked."""
    assert inst is not None
    inst.exhausted = True
    match.emit({"type": "exhaust", "target": inst.id, "card": inst.name})


@handler("destroy")
def destroy(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Destroy the target: to its owner's graveyard (W12.6). A hero is not destroyed by text."""
    assert inst is not None
    if not inst.card.is_hero:
        match.to_graveyard(inst)


@handler("draw", each=False)
def draw(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """The controller draws N (W14.2: from an empty deck, they are marked)."""
    match.draw(seat, effect.amount)


def player(seat: int, effect: Effect) -> int:
    """Return the player a player effect acts on: ``you`` or the ``opponent`` (W18)."""
    return 1 - seat if effect.target == "opponent" else seat


@handler("discard", each=False)
def discard(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W18 discard: the affected player discards N of their choice (the ``discard`` decision
    of W6.4, asked once the item has resolved); fewer if the hand holds fewer."""
    who = player(seat, effect)
    count = min(max(effect.amount, 1), len(match.seats[who].hand))
    if count:
        match.choices.append({"kind": "discard", "seat": who, "count": count})


@handler("search", each=False)
def search(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W18 search: the searcher looks through their deck for a card matching the filter (a
    ``search`` decision whose cards only they see, W4.1). W4.4 [decision]: the searcher is
    asked even when nothing matches (finding nothing is allowed), so that being asked tells
    the opponent nothing of the deck; the deck's cards get ids for it, in the order of their
    names and as many as the deck holds (which everyone knows), so that no id tells a place."""
    assert effect.filter is not None
    wanted = effect.filter
    match.emit({"type": "searching", "seat": seat, "filter": {"type": wanted.type, "tag": wanted.tag}})
    for inst in sorted(match.seats[seat].deck, key=lambda i: i.name):
        match.mint(inst)
        if wanted.matches(inst.card):
            inst.known |= 1 << seat  # the searcher sees them (and only they), until the shuffle
    match.choices.append({"kind": "search", "seat": seat, "filter": {"type": wanted.type, "tag": wanted.tag}})


@handler("reveal", each=False)
def reveal(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W18 reveal: the top N cards of the affected player's deck (``zone`` deck, the default)
    or their whole hand (``zone`` hand) become known to both players and to spectators; the
    cards stay where they are, in order."""
    who = player(seat, effect)
    side = match.seats[who]
    hand = effect.zone == "hand"
    cards = list(side.hand) if hand else side.deck[: max(effect.amount, 1)]
    for inst in cards:
        inst.known = BOTH
    # W4.4 [decision]: by name only (a hand in the order of the names, the deck's top in its
    # order): a hand's ids and order are its owner's alone, a deck's cards have none.
    shown = sorted(i.name for i in cards) if hand else [i.name for i in cards]
    match.emit({"type": "reveal", "seat": who, "zone": effect.zone or "deck",
                "cards": [{"card": name} for name in shown]})  # fmt: skip


@handler("return_to_hand")
def return_to_hand(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W18: a card in play back to its owner's hand (W3.5), public as it goes; its attachments
    go to the graveyard (W3.4); a token ceases to exist (W13.7). A hero stays."""
    assert inst is not None
    if inst.card.is_hero:
        return
    match.emit({"type": "return_to_hand", "seat": inst.owner, "id": inst.id, "card": inst.name})
    if match.leave_play(inst):
        return
    reset(inst)
    inst.zone = HAND
    inst.known = BOTH  # W4.4 [decision]: a new object in the hand; both saw it go there
    match.mint(inst)
    match.seats[inst.owner].hand.append(inst)


@handler("remove_from_game")
def remove_from_game(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W18: a card in play to its owner's removed zone, face up (W4.2); attachments to the
    graveyard (W3.4); a token ceases to exist (W13.7). A hero stays."""
    assert inst is not None
    if inst.card.is_hero:
        return
    if match.leave_play(inst):
        return
    reset(inst)
    inst.zone = REMOVED
    inst.known = BOTH
    match.seats[inst.owner].removed.append(inst)
    match.emit({"type": "removed", "seat": inst.owner, "id": inst.id, "card": inst.name})


@handler("remove_from_combat")
def remove_from_combat(
    match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None
) -> None:
    """W18: a character in the combat leaves it: no combat damage to or from it (W11.6);
    it stays in play as it was (a removed hero strikes no more, W11.5)."""
    assert inst is not None
    combat = match.combat
    if combat is None or inst.id not in (combat["attacker"], combat["defender"]):
        return
    combat.setdefault("out", []).append(inst.id)
    match.emit({"type": "remove_from_combat", "target": inst.id, "card": inst.name})


@handler("interrupt", each=False)
def interrupt(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W18 interrupt, W8.8: the chosen chain item leaves the chain with no effect; a card goes
    to its owner's graveyard."""
    if match.target_item is None:
        return
    item = match.chain.remove(match.target_item)
    if item is None:
        return
    payload = item.payload
    countered = match.minted[payload["card"]] if "card" in payload else None
    match.emit({"type": "interrupt", "item": item.id, "id": countered.id if countered else None,
                "card": countered.name if countered else None, "rule": "W8.8"})  # fmt: skip
    if countered is not None and payload["kind"] == "card":
        match.to_graveyard(countered)


@handler("damage_bonus", each=False)
def damage_bonus(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W12.4: a static word, read by ``Match.damage_bonus`` as damage is dealt; the loader
    keeps it to static abilities, which are never carried out."""
    raise AssertionError("damage_bonus is static")


@handler("hand_size", each=False)
def hand_size(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W6.4: a static word, read by ``Match.max_hand`` at the end step; the loader keeps it to
    static abilities, which are never carried out."""
    raise AssertionError("hand_size is static")


@handler("take_control")
def take_control(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W3.5: the chosen ally comes to ``seat``'s ally row under its control (its owner stays:
    it goes to its owner's hand or graveyard as it leaves play); it came under its new
    controller's control this turn (W9.2, W11.1). A totem is no ally: it stays."""
    assert inst is not None
    if inst.card.type != "ally" or match.controller(inst) == seat:
        return
    match.seats[match.controller(inst)].allies.remove(inst)
    inst.controller = seat
    inst.entered = match.turn
    match.seats[seat].allies.append(inst)
    match.emit({"type": "control", "seat": seat, "id": inst.id, "card": inst.name})


@handler("token", each=False)
def token(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """W3.3: put N ally tokens of the token card ``card`` into play under your control."""
    card = match.catalog.get(effect.card) if effect.card else None
    if not isinstance(card, Card) or not card.token:
        return
    for _ in range(max(effect.amount, 1)):
        match.make_token(seat, card)


__all__ = [
    "HANDLERS",
    "Handler",
    "affected",
    "atk_amount",
    "chosen_targets",
    "counters_on",
    "fixed_targets",
    "handler",
    "reset",
    "run_effects",
]

"""Carrying out a validated action (the rules then run on, ``Match.run``), and an action in
words (README.md, "Action shapes").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.effects import resolve
from engine.games.chronomagia.match.state import BOTH, DECK, FIELD, GRAVEYARD, HAND, Decision, Inst, Work

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match


# The step a pass goes on to, by the decision it answers (C6.3, C6.4, C9.3).
AFTER_PASS = {"meditation": "main", "main": "attack", "attack": "attack"}


def _keep(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C5.3: the opening hand is kept."""
    match.redraws_left.pop(0)
    match.emit({"type": "keep", "seat": seat})


def _redraw(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C5.3: the named cards go back, as many are drawn, the deck is shuffled."""
    side = match.seats[seat]
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


def _meditate(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C6.3: one concentration spent, the hero-deck card to the hand, the meditation row."""
    side = match.seats[seat]
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


def _pass(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """The next step (C6.4); passing the attack collects nothing and loses nothing (C7.7, C9.4)."""
    match.step = AFTER_PASS[pending.kind]
    if pending.kind == "attack":
        match.strike(0, 0, collected=False)  # C7.7, C9.4: no attack, no self-damage


def _play(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C10.1–C10.3: a card played from the hand."""
    _play_card(match, seat, match.by_id[logged["card"]])


def _shadow(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C10.4: a shadow placed face down."""
    side = match.seats[seat]
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


def _collect(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C7.1: a resource collected."""
    _collect_kind(match, seat, logged["kind"])


def _collect_time(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C7.3: time collected: moved, and the rest may erode a phenomenon (C10.3)."""
    side = match.seats[seat]
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


def _hero(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C10.5: a hero ability used."""
    side = match.seats[seat]
    hero_ability = side.hero.card.hero_abilities[logged["ability"]]
    side.tokens += hero_ability.tokens
    side.hero_used = True
    match.emit({"type": "hero", "seat": seat, "ability": logged["ability"], "tokens": side.tokens})
    match.queue.append(Work("effect", seat, side.hero, hero_ability.ability, None))


def _activate(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C12.1: a permanent tapped for its «Поворот» abilities."""
    inst = match.by_id[logged["card"]]
    inst.tapped = True
    row = match.row(inst)
    match.emit({"type": "activate", "seat": seat, "id": inst.id, "card": inst.name})
    for ability in row.abilities if row is not None else ():
        if ability.when == "tap":
            match.queue.append(Work("effect", seat, inst, ability, row))


def _sacrifice(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C11.1: a creature sacrificed for its «Ярость»."""
    inst = match.by_id[logged["card"]]
    match.emit({"type": "sacrifice", "seat": seat, "id": inst.id, "card": inst.name})
    match.leave(inst, GRAVEYARD, dies=True)


def _attack(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C9.3: the attack assigned to the opponent and the terrain."""
    match.strike(logged["opponent"], logged["terrain"], collected=True)


def _choose(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C13: the pending effect resolved with the choice."""
    work = match.queue.pop(0)
    resolve(match, work, logged)


def _order(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C6.7: the pick goes next (engine/chain.py's TriggerOrder)."""
    batch = match.ordering[0]
    picked = batch.options()[logged["trigger"]]
    batch.pick(seat, picked)
    match.emit({"type": "ordered", "seat": seat, "effect": picked.ability.effect,
                "source": picked.source.id if picked.source is not None else None})  # fmt: skip


def _flip_or_stay(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """C10.4: the shadow flips (its summon abilities, then it goes) or stays face down."""
    kind = logged["type"]
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


Perform = Callable[["Match", Decision, int, dict[str, Any]], None]

# What each action does, by its type (README.md, "Action shapes").
PERFORM: dict[str, Perform] = {
    "keep": _keep,
    "redraw": _redraw,
    "meditate": _meditate,
    "pass": _pass,
    "play": _play,
    "shadow": _shadow,
    "collect": _collect,
    "collect_time": _collect_time,
    "hero": _hero,
    "activate": _activate,
    "sacrifice": _sacrifice,
    "attack": _attack,
    "choose": _choose,
    "order": _order,
    "flip": _flip_or_stay,
    "stay": _flip_or_stay,
}


def perform(match: Match, pending: Decision, seat: int, logged: dict[str, Any]) -> None:
    """Carry out a validated action (the rules then run on, ``Match.run``)."""
    PERFORM[logged["type"]](match, pending, seat, logged)


def _collect_kind(match: Match, seat: int, kind: str) -> None:
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


def _play_card(match: Match, seat: int, inst: Inst) -> None:
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

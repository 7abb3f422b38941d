"""RULES.md F8 (the chase and priority) and F11 (the ability vocabulary), on built positions."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.fow.bots import make_bot
from engine.games.fow.cards import EFFECTS, WHENS, parse_card
from engine.games.fow.match.effects import HANDLERS
from engine.games.fow.match.state import FIELD, GRAVEYARD, REMOVED
from engine.problems import Problem
from tests.support.fow import (
    AURELIA,
    ILSA,
    MORVANE,
    act,
    card,
    catalog,
    decision_kind,
    pass_until,
    position,
    seat,
)


def test_f8_1_the_last_item_on_the_chase_resolves_first() -> None:
    match = position(
        seat(
            MORVANE,
            field=["Ember Shard", "Ember Shard", "Lantern Acolyte"],
            hand=["Flare Bolt", "Flare Bolt"],
        ),
        seat(ILSA, field=["Coral Leviathan"]),
    )
    leviathan = card(match, 1, "Coral Leviathan").id
    first, second = (inst.id for inst in match.seats[0].hand)  # the hand's ids
    act(match, 0, type="play", card=first, target=leviathan)
    act(match, 0, type="play", card=second, target=leviathan)
    on_chase = [item.payload["card"] for item in match.chain.items]  # new ids on the chase (F4.5)
    events = [ev.public for ev in act(match, 0, type="pass")]  # seat 1 can do nothing: it passes
    assert [e["id"] for e in events if e["type"] == "resolves"] == on_chase[1:]
    assert [item.payload["card"] for item in match.chain.items] == on_chase[:1]


def test_f8_2_a_quickcast_card_and_a_will_ability_in_the_opponents_turn() -> None:
    match = position(
        seat(AURELIA, field=["Lantern Acolyte"]),
        seat(ILSA, field=["Dawnlit Shard"], hand=["Sanctuary Hymn"]),
    )
    act(match, 0, type="pass")
    assert decision_kind(match) == ("priority", 1)
    act(match, 1, type="will", card=card(match, 1, "Dawnlit Shard").id, attribute="light")
    act(match, 1, type="play", card=card(match, 1, "Sanctuary Hymn", zone="hand").id)
    pass_until(match, lambda m: not m.chain.items)
    assert match.seats[1].life == 4500


def test_f8_3_a_seat_with_nothing_it_could_do_passes_by_itself() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"]))
    act(match, 0, type="pass")  # seat 1 has nothing: the main phase ends, then the end phase's window
    assert match.phase == "end" and decision_kind(match) == ("priority", 0)


def test_f8_4_a_window_follows_the_draw_before_recovery() -> None:
    match = position(
        seat(
            AURELIA,
            field=[{"card": "Dawnlit Shard"}, {"card": "Dawnlit Shard", "rested": True}],
            hand=["Sanctuary Hymn"],
        ),
        phase="start",
        turn=3,
    )
    assert match.phase == "draw" and decision_kind(match) == ("priority", 0)
    legal = match.legal_actions(0)
    assert {"type": "play", "card": card(match, 0, "Sanctuary Hymn", zone="hand").id} in legal
    assert {"type": "call"} not in legal  # not main timing (F6.3)
    assert [inst.rested for inst in match.seats[0].field] == [False, True]  # recovery comes after
    act(match, 0, type="pass")
    assert match.phase == "main" and not any(inst.rested for inst in match.seats[0].field)


def test_f8_5_a_seat_orders_its_simultaneous_triggers() -> None:
    match = position(
        seat(AURELIA, field=["Dawn Chorister", "Tidewatch Oracle", "Lantern Acolyte"]), phase="start", turn=3
    )
    assert decision_kind(match) == ("order", 0)
    options = [action["item"] for action in match.legal_actions(0) if action["type"] == "order"]
    assert len(options) == 2
    oracle = next(
        i
        for i in match.chain.trigger_options()
        if i.payload["source"] == card(match, 0, "Tidewatch Oracle").id
    )
    act(match, 0, type="order", item=oracle.id)  # on first: it resolves last
    assert [item.payload["source"] for item in match.chain.items] == [
        card(match, 0, "Tidewatch Oracle").id,
        card(match, 0, "Dawn Chorister").id,
    ]
    assert decision_kind(match) == ("priority", 0)


def test_f8_5_the_same_trigger_of_two_copies_needs_no_choice() -> None:
    match = position(
        seat(AURELIA, field=["Dawn Chorister", "Dawn Chorister", "Lantern Acolyte"]), phase="start", turn=3
    )
    assert decision_kind(match) == ("priority", 0) and len(match.chain.items) == 2


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_f8_5_the_bots_order_their_triggers_too(bot: str) -> None:
    match = position(
        seat(AURELIA, field=["Dawn Chorister", "Tidewatch Oracle", "Lantern Acolyte"]), phase="start", turn=3
    )
    action = make_bot(bot, 1).act(match, 0)
    assert action["type"] == "order"
    act(match, 0, **action)
    assert len(match.chain.items) == 2


def test_f8_5_a_trigger_that_chooses_a_target_asks_its_controller() -> None:
    match = position(
        seat(AURELIA, field=["Gale Shard", "Ember Shard", "Ember Shard"], hand=["Stormcaller Hawk"]),
        seat(ILSA, field=["Coral Leviathan", "Tidecaller Mystic"]),
    )
    act(match, 0, type="play", card=card(match, 0, "Stormcaller Hawk", zone="hand").id)
    assert decision_kind(match) == ("target", 0)
    mystic = card(match, 1, "Tidecaller Mystic").id
    assert {"type": "target", "target": mystic} in match.legal_actions(0)
    assert {"type": "target", "target": card(match, 0, "Stormcaller Hawk").id} not in match.legal_actions(0)
    act(match, 0, type="target", target=mystic)
    pass_until(match, lambda m: not m.chain.items)
    assert card(match, 1, "Tidecaller Mystic").damage == 200


def test_f8_5_a_trigger_with_no_legal_target_is_dropped() -> None:
    match = position(
        seat(
            AURELIA,
            field=["Gale Shard", "Ember Shard", "Ember Shard", "Lantern Acolyte"],
            hand=["Stormcaller Hawk"],
        )
    )
    act(match, 0, type="play", card=card(match, 0, "Stormcaller Hawk", zone="hand").id)
    events = [e.public for e in act(match, 0, type="pass")]  # seat 1 passes: the Hawk enters
    assert any(e["type"] == "trigger_dropped" for e in events)
    assert not match.chain.items and decision_kind(match) == ("priority", 0)


# --- F11: the vocabulary, one handler per word ------------------------------------------------


def test_f11_every_effect_word_has_one_handler_and_every_word_is_used_by_a_shipped_card() -> None:
    assert set(HANDLERS) == set(EFFECTS)
    used_whens = {a.when for c in catalog() for a in (*c.abilities, *c.j_abilities)}
    used_effects = {a.effect for c in catalog() for a in (*c.abilities, *c.j_abilities)}
    assert used_whens == set(WHENS) and used_effects == set(EFFECTS)
    assert any(a.chosen for c in catalog() for a in c.abilities if a.when not in ("play", "activate"))


def test_f11_leave_triggers_when_the_card_leaves_the_field_any_way() -> None:
    match = position(
        seat(AURELIA, field=["Lantern Acolyte"]),
        seat(ILSA, field=["Ashen Remnant", "Tidal Shard", "Tidal Shard"], hand=["Shatter the Sigil"]),
    )
    act(match, 0, type="pass")
    remnant = card(match, 1, "Ashen Remnant").id
    act(match, 1, type="play", card=card(match, 1, "Shatter the Sigil", zone="hand").id, target=remnant)
    hand_before = len(match.seats[1].hand)
    pass_until(match, lambda m: not m.chain.items)
    names = [inst.name for inst in match.seats[1].hand]
    assert "Ashen Remnant" in names and len(names) == hand_before + 2  # back, and a card drawn


def test_f11_block_triggers_when_the_card_blocks() -> None:
    match = position(
        seat(AURELIA, field=["Dawnspire Lancer"]),
        seat(ILSA, field=["Bastion Warden"]),
    )
    act(match, 0, type="attack", card=card(match, 0, "Dawnspire Lancer").id, player=1)
    pass_until(match, lambda m: decision_kind(m)[0] == "block")
    act(match, 1, type="block", card=card(match, 1, "Bastion Warden").id)
    pass_until(match, lambda m: m.battle is None)
    warden = card(match, 1, "Bastion Warden")
    assert warden.def_mod == 400 and warden.zone == FIELD


def test_f11_turn_end_triggers_as_the_end_phase_begins() -> None:
    match = position(seat(MORVANE, field=["Emberwatch Sentinel", "Lantern Acolyte"]))
    pass_until(match, lambda m: m.phase == "end")
    assert match.seats[1].life == 4000 and [item.controller for item in match.chain.items] == [0]
    pass_until(match, lambda m: not m.chain.items)
    assert match.seats[1].life == 3800


def test_f11_remove_puts_the_card_in_the_public_removed_zone() -> None:
    match = position(
        seat(
            AURELIA,
            field=["Dawnlit Shard", "Dawnlit Shard", "Ember Shard", "Ember Shard"],
            hand=["Banishing Dawn"],
        ),
        seat(ILSA, field=["Grave Lantern Wraith"]),
    )
    wraith = card(match, 1, "Grave Lantern Wraith").id
    act(match, 0, type="play", card=card(match, 0, "Banishing Dawn", zone="hand").id, target=wraith)
    removed = match.seats[1].removed
    assert [inst.name for inst in removed] == ["Grave Lantern Wraith"] and removed[0].zone == REMOVED
    assert match.seats[0].life == 4000  # not destroyed: its «destroyed» ability did not trigger
    assert "Grave Lantern Wraith" in match.observation(0)["seats"][1]["removed"]
    assert match.seats[0].graveyard[0].zone == GRAVEYARD


BAD_ABILITIES: list[tuple[dict[str, Any], str, str]] = [
    ({"when": "leave", "effect": "remove", "target": "you"}, "abilities[0].target", "remove cannot take"),
    ({"when": "block", "effect": "pump", "target": "self"}, "abilities[0].atk", "pump needs"),
    ({"when": "turn_start", "effect": "draw"}, "abilities[0].amount", "draw needs an amount"),
    (
        {"when": "turn_end", "effect": "damage", "target": "opponent", "amount": 1, "rest": True},
        "abilities[0].rest",
        "cost",
    ),
    (
        {"when": "enter", "effect": "damage", "target": "nobody", "amount": 1},
        "abilities[0].target",
        "must be one of",
    ),
    ({"when": "at_dawn", "effect": "draw", "amount": 1}, "abilities[0].when", ""),
]


@pytest.mark.parametrize(("ability", "where", "words"), BAD_ABILITIES)
def test_f11_a_bad_ability_is_a_load_error_naming_the_card_and_field(
    ability: dict[str, Any], where: str, words: str
) -> None:
    raw = {
        "name": "Test Wisp",
        "type": "resonator",
        "cost": 1,
        "atk": 100,
        "def": 100,
        "abilities": [ability],
    }
    problems: list[Problem] = []
    assert parse_card(raw, "cards[7]", problems) is None
    assert any(p.where == f"cards[7].{where}" and words in p.message for p in problems), problems

"""One test per registered ability handler (C13, ``match/effects.py``)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from chronomagia_builders import ab, act, give, place, row, same, shadow, table

from engine.cardset import load_catalog
from engine.games.chronomagia import SAMPLE_SET
from engine.games.chronomagia.cards import EFFECTS, parse_card
from engine.games.chronomagia.match.effects import HANDLERS
from engine.games.chronomagia.match.scenario import build
from engine.games.chronomagia.match.state import FIELD, GRAVEYARD, HAND, VOID
from engine.problems import Problem

TESTED = set()
POOL = ["Костровой Дикарь", "Костровой Дикарь"]


def shipped(**spec):
    """A position over the shipped set (data/hrn1.json) and "Filler"; both heroes Varvara."""
    _rules, cards = load_catalog([SAMPLE_SET])
    seats = spec.pop("seats")
    return build(cards, {**spec, "seats": [{"hero": "Варвара Пепельная Коса", **seat} for seat in seats]})


def spell(effect: str, amount: int = 0, **extra) -> dict:
    return {
        "name": f"Spell {effect} {amount}",
        "type": "thoughtform",
        "cost": 0,
        "rows": same(row(None, ab("spell", effect, amount, **extra))),
    }


def creature(name: str, cost: int = 1, **resources: int) -> dict:
    return {"name": name, "type": "thoughtform", "cost": cost, "rows": same(row(resources or {"attack": 1}))}


def cast(effect: str, amount: int = 0, *others: dict, **extra):
    TESTED.add(effect)
    card = spell(effect, amount, **extra)
    match = table(card, creature("Small", 1), creature("Large", 4), *others)
    return match, lambda: act(match, 0, "play", card=give(match, 0, card["name"]).id)


def test_c13_damage() -> None:
    match, play = cast("damage", 3)
    match.seats[1].armor = 1
    play()
    assert match.seats[1].life == 28


def test_c13_gain_life() -> None:
    match, play = cast("gain_life", 4)
    play()
    assert match.seats[0].life == 34


def test_c13_concentration() -> None:
    match, play = cast("concentration", 2)
    play()
    assert len(match.seats[0].pool) == 4


def test_c13_draw() -> None:
    match, play = cast("draw", 2)
    hand = len(match.seats[0].hand)
    play()
    assert len(match.seats[0].hand) == hand + 2


def test_c13_armor() -> None:
    match, play = cast("armor", 2)
    play()
    assert match.seats[0].armor == 2


def test_c13_hero_token() -> None:
    match, play = cast("hero_token", 2)
    play()
    assert match.seats[0].tokens == 2


def test_c13_move_time() -> None:
    match, play = cast("move_time", 3)
    play()
    assert match.century == 4


def test_c13_time_forward() -> None:
    match, play = cast("time_forward", 2)
    play()
    assert match.century == 3


def test_c13_time_back() -> None:
    match, play = cast("time_back", 2)
    match.century = 10
    play()
    assert match.century == 8


def test_c13_token() -> None:
    wolf = {
        "name": "Wolf",
        "type": "thoughtform",
        "cost": 0,
        "token": True,
        "spirit": 1,
        "rows": same(row({"attack": 1})),
    }
    match, play = cast("token", 1, wolf, card="Wolf")
    play()
    tokens = [inst for inst in match.seats[0].field if inst.name == "Wolf"]
    assert len(tokens) == 1
    match.leave(tokens[0], HAND)
    assert tokens[0].zone == VOID  # C11.4: a token vanishes leaving play


def test_c13_unsummon_within_its_cost() -> None:
    match, play = cast("unsummon", 2)
    small, large = place(match, 1, "Small"), place(match, 1, "Large")
    play()
    assert match.legal_actions(0)[:-1] == [{"type": "choose", "target": small.id}]
    with pytest.raises(Exception, match="not a legal target"):
        act(match, 0, "choose", target=large.id)
    act(match, 0, "choose", target=small.id)
    assert small.zone == GRAVEYARD and large.zone == 2


def test_c13_return() -> None:
    match, play = cast("return", 0)
    large = place(match, 1, "Large")
    play()
    seen_as = large.id
    act(match, 0, "choose", target=large.id)
    assert large.zone == HAND and large in match.seats[1].hand
    # C4.4 [decision]: in the hand it is a new object, a new id; the opponent's view has a count
    assert large.id != seen_as and seen_as not in match.by_id and match.by_id[large.id] is large
    assert match.observation(0)["seats"][1]["hand"] == len(match.seats[1].hand)
    assert "Large" not in json.dumps(match.observation(0)["seats"][1]["hand"])


def test_c13_trap_holds_until_the_trappers_next_turn() -> None:
    from chronomagia_builders import end_turn

    match, play = cast("trap", 3)
    large, small = place(match, 1, "Large"), place(match, 1, "Small")
    play()
    act(match, 0, "choose", target=small.id)
    assert small.tapped and small.trapped_by == 0
    end_turn(match)  # seat 1's turn: the trapped creature stays tapped
    assert small.tapped and match.amount(1, "attack") == 1 and not large.tapped
    end_turn(match)  # seat 0's turn frees it; it untaps at seat 1's next untap
    assert small.trapped_by is None and small.tapped


def test_c13_mass_unsummon_takes_any_set_within_the_total() -> None:
    match, play = cast("mass_unsummon", 5)
    a, b, c = place(match, 1, "Small"), place(match, 1, "Small"), place(match, 1, "Large")
    play()
    with pytest.raises(Exception, match="more than 5"):
        act(match, 0, "choose", targets=[a.id, b.id, c.id])
    act(match, 0, "choose", targets=[a.id, c.id])
    assert (a.zone, b.zone, c.zone) == (GRAVEYARD, 2, GRAVEYARD)


def test_c13_mass_return() -> None:
    match, play = cast("mass_return", 2)
    a, b = place(match, 1, "Small"), place(match, 1, "Small")
    play()
    act(match, 0, "choose", targets=[a.id, b.id])
    assert a.zone == HAND and b.zone == HAND


def test_c13_time_shift_to_an_adjacent_epoch_only() -> None:
    match, play = cast("time_shift")
    large = place(match, 1, "Large")
    play()
    assert {"type": "choose", "target": large.id, "epoch": 2} in match.legal_actions(0)
    with pytest.raises(Exception, match="not a legal target"):
        act(match, 0, "choose", target=large.id, epoch=3)
    act(match, 0, "choose", target=large.id, epoch=2)
    assert large.own_epoch == 2 and match.epoch_for(large) == 2


def test_c13_intuition_shows_a_shadow_and_may_return_it() -> None:
    hidden = {
        "name": "Hidden",
        "type": "shadow",
        "cost": 0,
        "shadow_event": "attacked",
        "rows": same(row({})),
    }
    match, play = cast("intuition", 0, hidden)
    target = shadow(match, 1, "Hidden")
    assert "Hidden" in match.hidden_from(0)
    play()
    events = act(match, 0, "choose", target=target.id, **{"return": True})
    assert [e.for_seat(0)["card"] for e in events if e.public["type"] == "looked"] == ["Hidden"]
    # C4.4 [decision]: back in the hand it is a new object, known to its owner and to the one who
    # looked at it and sent it there; no view names it (a hand is a count to the opponent)
    assert target.zone == HAND and target.known == 3 and "Hidden" not in match.hidden_from(0)
    assert "Hidden" not in json.dumps(match.observation(0), ensure_ascii=False)


def test_c13_boost_adds_to_the_other_creatures() -> None:
    TESTED.add("boost")
    banner = {
        "name": "Banner",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"attack": 1}, ab("static", "boost", 1, resource="attack"))),
    }
    match = table(banner, creature("Small"))
    place(match, 0, "Banner")
    place(match, 0, "Small")
    place(match, 0, "Small")
    assert match.amount(0, "attack") == 3 + 2


def test_c13_shield_lowers_each_damage_effect_to_its_controller() -> None:
    TESTED.add("shield")
    match = shipped(
        step="main", turn=3, century=16,
        seats=(
            {"hand": ["Костровой Дикарь"], "pool": ["Костровой Дикарь"]},
            {"field": ["Щитоносец Эгиды", "Щитоносец Эгиды"]},
        ),
    )  # fmt: skip
    act(match, 0, "play", card=match.seats[0].hand[0].id)  # epoch 2: a spell, 1 damage
    assert match.seats[1].life == 30  # two shields of 1: nothing gets through


def test_c13_shield_works_in_the_epochs_whose_row_has_it_only() -> None:
    match = shipped(step="main", turn=3, seats=({"hand": []}, {"field": ["Щитоносец Эгиды"]}))
    assert match.static(1, "shield") == 0  # epoch 1: no static there
    match = shipped(step="main", turn=3, century=26, seats=({}, {"field": ["Щитоносец Эгиды"]}))
    assert match.static(1, "shield") == 1


def test_c13_discount_lowers_the_cost_of_its_controllers_cards() -> None:
    TESTED.add("discount")
    match = shipped(
        step="main", turn=3, century=26,
        seats=({"field": ["Мастер Гильдии"], "pool": POOL, "hand": ["Щитоносец Эгиды"]}, {}),
    )  # fmt: skip
    card = match.seats[0].hand[0]
    assert {"type": "play", "card": card.id} in match.legal_actions(0)
    act(match, 0, "play", card=card.id)  # costs 3 − 1
    assert len(match.seats[0].pool) == 0 and card.zone == FIELD
    assert match.cost_of(1, card.card) == 3  # the opponent's cards are not cheaper


def test_c13_damage_terrain_removes_lives_from_the_opponents_terrain() -> None:
    TESTED.add("damage_terrain")
    match = shipped(
        step="main", turn=3,
        seats=({"hand": ["Осадный Таран"], "pool": POOL}, {"field": ["Ледниковая Долина"]}),
    )  # fmt: skip
    terrain = match.seats[1].field[0]
    act(match, 0, "play", card=match.seats[0].hand[0].id)
    assert terrain.lives == terrain.card.lives - 2


def test_c13_damage_terrain_without_a_terrain_does_nothing() -> None:
    match = shipped(
        step="main",
        turn=3,
        seats=({"hand": ["Осадный Таран"], "pool": POOL}, {}),
    )
    events = act(match, 0, "play", card=match.seats[0].hand[0].id)
    assert [e.public["effect"] for e in events if e.public["type"] == "fizzles"] == ["damage_terrain"]


def test_c13_static_effects_are_static_only_and_need_an_amount() -> None:
    problems: list[Problem] = []
    bad = {"when": "summon", "effect": "shield", "amount": 1}
    parse_card(
        {"name": "X", "type": "thoughtform", "rarity": "common", "rows": same(row({}, bad))},
        "cards[3]",
        problems,
    )
    parse_card(
        {
            "name": "Y",
            "type": "thoughtform",
            "rarity": "common",
            "rows": same(row({}, ab("static", "discount", 0))),
        },
        "cards[4]",
        problems,
    )
    wheres = {str(problem.where) for problem in problems}
    assert "cards[3].rows[0].abilities[0].effect" in wheres
    assert "cards[4].rows[0].abilities[0].amount" in wheres


def effects_exercised() -> set[str]:
    """Return the effect words this module's tests cast (``cast("damage", …)``) or mark
    (``TESTED.add("boost")``), read from its source: the check holds whichever process ran
    which test (the suite is split over processes, pytest-xdist)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(Path(__file__).read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
            continue
        func = node.func
        casts = isinstance(func, ast.Name) and func.id == "cast"
        marks = isinstance(func, ast.Attribute) and func.attr == "add"
        marks = marks and getattr(getattr(func, "value", None), "id", "") == "TESTED"
        if (casts or marks) and isinstance(node.args[0].value, str):
            found.add(node.args[0].value)
    return found


def test_every_effect_word_has_a_handler_and_a_test() -> None:
    assert set(HANDLERS) == set(EFFECTS)
    exercised = effects_exercised()
    assert exercised == set(EFFECTS), set(EFFECTS) - exercised

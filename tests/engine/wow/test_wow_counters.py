"""WoW TCG counters of other kinds (W3.2): a card's counters are a map kind → n, damage being one
kind. The effect words ``counters`` and ``remove_counters``, the ``per_counter`` reader of
``atk``, the loader's checks, counters leaving with the card, what both seats see, and replay.
Tests named by rule; the helpers are the rules tests' (matches unshuffled, seat 0 first)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.decklist import Decklist
from engine.games.wow.bots import make_bot
from engine.games.wow.cards import Effect, parse_card
from engine.games.wow.match import Match, new_match, replay
from engine.games.wow.match.state import ALLIES, HERO_ROW, Inst
from engine.problems import Problem
from tests.support.wow import act, catalog, give, pass_until, resolve_top, resources, settle, start


def play(match: Match, seat: int, inst: Inst, **extra: Any) -> None:
    act(match, seat, {"type": "play", "card": inst.id, **extra})


def put(kind: str, amount: int, target: str = "enemy_ally") -> Effect:
    return Effect("counters", amount, target, kind=kind)


def take(kind: str, amount: int, target: str = "enemy_ally") -> Effect:
    return Effect("remove_counters", amount, target, kind=kind)


# --- the effect words ------------------------------------------------------------------------


def test_w3_2_counters_puts_counters_of_a_kind_apart_from_damage() -> None:
    match = start()
    ally = give(match, 1, "Warband Recruit", ALLIES)
    match.run_effects(0, None, (put("charge", 2), put("rage", 1), put("charge", 1)), ally.id)
    assert ally.counters == {"charge": 3, "rage": 1}
    assert ally.damage == 0, "W3.2: do not confuse the kinds: these are no damage"
    shown = [e.public for e in match.events if e.public["type"] == "counters"]
    assert shown[-1] == {"type": "counters", "target": ally.id, "card": "Warband Recruit",
                         "kind": "charge", "amount": 1, "total": 3}  # fmt: skip


def test_w3_2_remove_counters_removes_up_to_n_and_never_below_zero() -> None:
    match = start()
    ally = give(match, 1, "Warband Recruit", ALLIES)
    match.run_effects(0, None, (put("rage", 3), put("charge", 1)), ally.id)
    match.run_effects(0, None, (take("rage", 2),), ally.id)
    assert ally.counters == {"rage": 1, "charge": 1}
    match.run_effects(0, None, (take("rage", 5),), ally.id)
    assert ally.counters == {"charge": 1}, "only what there is; no zero left in the map"
    match.run_effects(0, None, (take("rage", 1),), ally.id)
    assert ally.counters == {"charge": 1}
    last = match.events[-1].public
    assert (last["amount"], last["total"]) == (0, 0), "nothing to remove is still told"


def test_w3_2_soothing_words_removes_rage_from_a_chosen_character_and_draws() -> None:
    match = start()
    resources(match, 0, 1)
    ally = give(match, 1, "Warband Recruit", ALLIES)
    ally.counters["rage"] = 4
    words = give(match, 0, "Soothing Words")
    hand = len(match.seats[0].hand)
    play(match, 0, words, target=ally.id)
    resolve_top(match)
    assert ally.counters == {"rage": 1} and len(match.seats[0].hand) == hand


# --- counters leave with the card (W3.2, seed L150) --------------------------------------------


@pytest.mark.parametrize("word", ["destroy", "return_to_hand", "remove_from_game"])
def test_w3_2_counters_go_away_when_the_card_leaves_play(word: str) -> None:
    match = start()
    ally = give(match, 1, "Warband Recruit", ALLIES)
    match.run_effects(0, None, (put("charge", 2),), ally.id)
    match.run_effects(0, None, (Effect(word, 0, "enemy_ally"),), ally.id)
    assert not match.in_play(ally) and ally.counters == {}


def test_w3_2_a_tokens_counters_go_with_it() -> None:
    match = start()
    resources(match, 0, 3)
    play(match, 0, give(match, 0, "Call the Pack"))
    resolve_top(match)
    wolf = next(i for i in match.seats[0].allies if i.card.token)
    match.run_effects(1, None, (put("charge", 1), Effect("destroy", 0, "enemy_ally")), wolf.id)
    assert wolf.counters == {}


def test_w3_2_a_hero_keeps_its_counters() -> None:
    match = start()
    hero = match.seats[1].hero
    match.run_effects(0, None, (put("charge", 2, "enemy_hero"),), None)
    assert hero.counters == {"charge": 2}
    pass_until(match, lambda: match.turn == 2)  # W6.6: this turn's effects expire, counters do not
    assert hero.counters == {"charge": 2}


# --- the reader: per_counter on atk (W3.2 [decision]) -------------------------------------------


def test_w3_2_per_counter_atk_counts_the_counters_on_the_card_gaining_it() -> None:
    match = start()
    resources(match, 0, 1)
    ally = give(match, 0, "Warband Recruit", ALLIES)
    ally.counters["rage"] = 1
    frenzy = give(match, 0, "Blood Frenzy")
    before = match.atk_of(ally)
    play(match, 0, frenzy, target=ally.id)
    resolve_top(match)
    assert ally.counters == {"rage": 3}
    assert match.atk_of(ally) == before + 3, "counted as it resolves: 1 + the 2 just put"
    match.run_effects(1, None, (take("rage", 3),), ally.id)
    assert match.atk_of(ally) == before + 3, "the bonus was fixed as it resolved (until end of turn)"


def test_w3_2_a_static_per_counter_atk_follows_the_counters_as_they_change() -> None:
    match = start()
    berserker = give(match, 0, "Ragefire Berserker", ALLIES)
    assert match.atk_of(berserker) == 1
    match.run_effects(1, None, (Effect("damage", 1, "enemy_ally"),), berserker.id)
    act(match, 0, {"type": "pass"})  # W9.4: its damaged trigger goes on the chain
    settle(match)
    assert berserker.counters == {"rage": 1} and match.atk_of(berserker) == 2
    match.run_effects(1, None, (take("rage", 1),), berserker.id)
    assert match.atk_of(berserker) == 1
    match.run_effects(1, None, (Effect("put_damage", 1, "enemy_ally"),), berserker.id)
    assert berserker.counters == {}, "W12.2: put damage is not dealt: no trigger"


def test_w3_2_per_counter_damage_counts_damage_counters() -> None:
    match = start()
    ally = give(match, 0, "Tusked Outrider", ALLIES)
    ally.damage = 2
    match.run_effects(0, None, (Effect("atk", 1, "friendly_ally", per_counter="damage"),), ally.id)
    assert ally.atk_bonus == 2


# --- what both seats see (W4.2) ---------------------------------------------------------------------


def test_w3_2_both_seats_and_spectators_see_counters_and_none_is_shown_empty() -> None:
    match = start()
    ally = give(match, 1, "Warband Recruit", ALLIES)
    totem = give(match, 0, "Searing Totem", HERO_ROW)
    assert "counters" not in match.observation(0)["seats"][1]["allies"][0]
    match.run_effects(0, None, (put("rage", 1), put("charge", 2)), ally.id)
    match.run_effects(0, None, (put("charge", 1, "friendly_character"),), totem.id)
    views = [match.observation(0), match.observation(1), match.spectator_view(), match.judge_view()]
    for view in views:
        assert view["seats"][1]["allies"][0]["counters"] == {"charge": 2, "rage": 1}
        assert view["seats"][0]["hero_row"][0]["counters"] == {"charge": 1}
    for seat in (0, 1):
        assert any(e.for_seat(seat)["type"] == "counters" for e in match.events), "a public event"


# --- replay ----------------------------------------------------------------------------


def test_w3_2_a_replayed_log_has_the_same_counters() -> None:
    rage = Decklist(
        game="wow",
        zones={
            "hero": "Grotha Ashmane",
            "main": {
                "Ragefire Berserker": 16,
                "Blood Frenzy": 16,
                "Soothing Words": 8,
                "Warband Recruit": 20,
            },
        },
    )
    for seed in range(30):
        match = new_match(catalog(), (rage, rage), seed=seed)
        bots = (make_bot("random", seed), make_bot("random", seed + 1))
        while not match.is_over:
            decision = match.decision()
            assert decision is not None
            match.apply(decision.seat, bots[decision.seat].act(match, decision.seat), seq=decision.seq)
        if any(i.counters for i in match.insts):
            break
    else:
        pytest.fail("no game left counters in play")
    again = replay(match.to_log(["ASHF"]), catalog())
    assert [i.counters for i in again.insts] == [i.counters for i in match.insts]
    assert again.judge_view() == match.judge_view()


# --- the loader ---------------------------------------------------------------------------------------

SPELL = {"name": "Y", "type": "ability", "cost": 1}


def problems_of(effect: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    parse_card({**SPELL, "abilities": [{"when": "play", "effects": [effect]}]}, "c", problems)
    return problems


HERE = "c.abilities[0].effects[0]"


@pytest.mark.parametrize(
    ("effect", "where", "says"),
    [
        ({"do": "counters", "amount": 1, "target": "enemy_ally"}, "kind", "is required for counters"),
        ({"do": "remove_counters", "amount": 1, "target": "enemy_ally"}, "kind", "is required"),
        ({"do": "counters", "amount": 1, "target": "enemy_ally", "kind": "Charge"}, "kind", "lowercase"),
        ({"do": "counters", "amount": 1, "target": "enemy_ally", "kind": "two words"}, "kind", "lowercase"),
        ({"do": "counters", "amount": 1, "target": "enemy_ally", "kind": 3}, "kind", "lowercase"),
        ({"do": "counters", "amount": 1, "target": "enemy_ally", "kind": "x" * 21}, "kind", "at most 20"),
        ({"do": "counters", "amount": 1, "target": "enemy_ally", "kind": "damage"}, "kind", "use put_damage"),
        (
            {"do": "remove_counters", "amount": 1, "target": "enemy_ally", "kind": "damage"},
            "kind",
            "use heal",
        ),
        ({"do": "counters", "target": "enemy_ally", "kind": "rage"}, "amount", "≥ 1"),
        ({"do": "counters", "amount": 0, "target": "enemy_ally", "kind": "rage"}, "amount", "≥ 1"),
        ({"do": "remove_counters", "amount": 0, "target": "enemy_ally", "kind": "rage"}, "amount", "≥ 1"),
        ({"do": "counters", "amount": "two", "target": "enemy_ally", "kind": "rage"}, "amount", "≥ 1"),
        ({"do": "counters", "amount": 1, "kind": "rage"}, "target", "a card in play"),
        (
            {"do": "damage", "amount": 1, "target": "enemy_ally", "kind": "rage"},
            "kind",
            "no meaning for damage",
        ),
        (
            {"do": "damage", "amount": 1, "target": "enemy_ally", "per_counter": "rage"},
            "per_counter",
            "only for atk",
        ),
        (
            {"do": "atk", "amount": 1, "target": "friendly_ally", "per_counter": "Rage!"},
            "per_counter",
            "lowercase",
        ),
    ],
)
def test_w3_2_the_loader_names_the_field_and_the_rule(effect: dict[str, Any], where: str, says: str) -> None:
    problems = problems_of(effect)
    named = [p for p in problems if p.where == f"{HERE}.{where}"]
    assert named, problems
    assert says in named[0].message and "W3.2" in named[0].message


def test_w3_2_the_loader_accepts_counters_and_the_reader() -> None:
    assert problems_of({"do": "counters", "amount": 2, "target": "self", "kind": "soul_shard"}) == []
    assert (
        problems_of({"do": "remove_counters", "amount": 1, "target": "any_character", "kind": "rage"}) == []
    )
    assert problems_of({"do": "atk", "amount": 1, "target": "self", "per_counter": "damage"}) == []


def test_w3_2_the_sample_set_uses_counters_remove_counters_and_the_reader() -> None:
    effects = [e for c in catalog() for a in c.abilities for e in a.effects]
    assert {"counters", "remove_counters"} <= {e.do for e in effects}
    assert any(e.per_counter for e in effects if e.do == "atk")

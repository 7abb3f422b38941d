"""Your War's match engine, rule by rule (engine/games/yourwar/RULES.md; rules digest Y1–Y11).

Each test is named by the rule it checks; every ability handler (effect, trigger, keyword)
has its own. Boards are set up by moving cards of a fixed, unshuffled deck (``put``), then
driven through ``apply`` as a player would.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.cardset import load_card_set, parse_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar import RULES, SAMPLE_SET
from engine.games.yourwar.cards import EFFECTS, Card
from engine.games.yourwar.match.core import Match, new_match
from engine.games.yourwar.match.log import ReplayError, redacted_log, replay
from engine.games.yourwar.match.state import (
    BASES,
    DECK,
    DESTROYED,
    FIELD,
    HAND,
    SUPPORT,
    TURN_LIMIT,
    GameOver,
    IllegalAction,
    Inst,
)
from engine.problems import CardSetError, InputError

ENGINE = RULES.match_engine
assert ENGINE is not None
USA, USSR = "Военная База (США)", "Военная База (СССР)"
RIFLES = "Стрелковый взвод «Прерия»"  # usa ground 1/2, cost 1
EAGLE = "Штурмовая рота «Орёл»"  # ground 2/2, leader 1
BISON = "Танковый батальон «Бизон»"  # ground 4/4
RATTLER = "Самоходка «Гремучник»"  # ground tank destroyer 3/2
HAWK = "Звено «Дальний Ястреб»"  # air fighter 2/3, fast
THUNDER = "Бомбардировщик «Гром Равнин»"  # air bomber 4/3
WESTBAY = "Эсминец «Чесапик-Вест»"  # sea 3/4
COYOTE = "Разведдозор «Койот»"  # play: draw 1
CANYON = "Горнострелки «Каньон»"  # destroyed: 1 damage to the opponent
LADOGA = "Сторожевой корабль «Ладога-2»"  # start of turn: heal 1
URAL = "Танковая бригада «Уральский Молот»"  # ussr 4/5, colonel 2
PIKE = "Подлодка «Глубинная Щука»"  # attacks: 1 damage to the opponent
FOG = "Коммандос «Туман»"  # from the destroyed pile (2): return to hand
GREYCAPE = "Линкор «Серый Мыс»"  # play: 1 damage to every enemy unit
HOWITZER = "Гаубичный залп"  # artillery usa 2: 3 damage to a unit or a player
MORTAR = "Миномётный обстрел"  # artillery 1: 1 damage; combo artillery +1
HOSPITAL = "Полевой госпиталь"  # permanent support: use (icon): heal 2
SUPPLY = "Линия снабжения"  # one-shot usa 1: one more base this turn
NETS = "Маскировочные сети"  # one-shot 1: +2 defense to your unit
MINEFIELD = "Минное поле"  # permanent ussr 2: use (1, icon): 1 damage to an enemy unit
STEADFAST = "Медаль «За стойкость»"  # medal: your units +1 defense
SILVER = "Медаль «Серебряная Звезда Прерий»"  # medal usa 3: your ground units +1 attack
ENGINEERS = "Сапёры"  # ussr 1: destroy an enemy support or medal
MOUNTAIN = "Тяжёлая мортира «Гора»"  # germany 5: destroy an enemy unit
NIGHT_RAID = "Ночной рейд"  # uk 2: untap your unit, +1 attack
AIRLIFT = "Воздушный мост"  # usa 1: untap 2 of your bases
SHELLS = "Трофейные снаряды"  # artillery 1: 1 damage; from the destroyed pile (2): return
HEDGEHOG = "Охотники за танками «Ёж»"  # usa 1 + 1 any, ground tank destroyer 2/2
FLAK = "Зенитный огонь"
STORM = "Штурмовик «Буря»"  # ussr air bomber 3/3, fast  # artillery 2: 3 damage to a unit; combo unit +1


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


CAT = Catalog(load_card_set(SAMPLE_SET).cards)


def a_deck(top: tuple[str, ...] = ()) -> Decklist:
    """A deck drawn in listed order: ``top`` first, then 30 bases, then 3 of every other card
    (for ``put``); the engine plays any deck it is given, legal or not."""
    main: dict[str, int] = {}
    for name in top:
        main[name] = main.get(name, 0) + 1
    main[USA] = main.get(USA, 0) + 30
    for card in CAT:
        if card.name not in top:
            main[card.name] = main.get(card.name, 0) + 6
    return Decklist(game="yourwar", zones={"main": main})


def start(top0: tuple[str, ...] = (), top1: tuple[str, ...] = (), *, keep: bool = True) -> Match:
    """Return a match with fixed decks, seat 0 first, both hands kept: seat 0's turn 1."""
    match = new_match(CAT, (a_deck(top0), a_deck(top1)), seed=1, shuffle=False, first=0)
    if keep:
        match.apply(0, {"type": "keep"})
        match.apply(1, {"type": "keep"})
    return match


def put(match: Match, seat: int, name: str, zone: int = FIELD) -> Inst:
    """Move a copy of ``name`` from ``seat``'s deck (or hand) to ``zone`` (ready, not sick)."""
    mine = [i for i in match.insts if i.owner == seat and i.name == name]
    inst = next(i for i in mine + mine if i.zone == (DECK if any(j.zone == DECK for j in mine) else HAND))
    match._move(inst, zone)
    return inst


def bases(match: Match, seat: int, count: int, name: str = USA) -> list[Inst]:
    return [put(match, seat, name, BASES) for _ in range(count)]


def refused(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    before = json.dumps(match.judge_view())
    with pytest.raises(IllegalAction) as error:
        match.apply(seat, action)
    assert json.dumps(match.judge_view()) == before
    assert error.value.code in ENGINE.refusal_codes
    return error.value


def to_combat(match: Match, *attackers: Inst) -> None:
    for unit in attackers:
        match.apply(match.active, {"type": "attack", "unit": unit.id})
    match.apply(match.active, {"type": "end"})
    assert match.phase == "block"


def end_turn(match: Match) -> None:
    """End the active seat's turn without combat (or after it)."""
    seat = match.active
    while match.active == seat and not match.is_over:
        kind = match.decision().kind  # type: ignore[union-attr]
        if kind == "block":
            match.apply(1 - seat, {"type": "block", "blocks": []})
        elif kind == "intervene":
            match.apply(seat, {"type": "proceed"})
        elif kind == "discard":
            match.apply(seat, {"type": "discard", "card": match.seats[seat].hand[0].name})
        else:
            match.apply(seat, {"type": "end"})


# --- Y1 cards ------------------------------------------------------------------------------------


def parse(cards: list[dict[str, Any]]) -> Any:
    return parse_card_set({"game": "yourwar", "set": {"code": "T", "name": "t"}, "cards": cards})


def test_y1_1_the_sample_set_has_60_cards_of_every_type_and_keyword_in_two_languages() -> None:
    cards = load_card_set(SAMPLE_SET).cards
    assert len(cards) >= 60
    assert {c.type for c in cards} == set(RULES.card_types)
    assert {k for c in cards for k, _ in c.keywords} == {"fast", "leader", "colonel"}
    triggers = {a.trigger for c in cards for a in c.abilities}
    effects = {a.effect for c in cards for a in c.abilities}
    assert triggers == {"play", "use", "from_destroyed", "start_of_turn", "attacks", "destroyed", "static"}
    assert effects == set(EFFECTS)
    for card in cards:
        assert dict(card.names).keys() == {"ru", "en"}, card.name
        if card.abilities or card.keywords:
            assert dict(card.texts).keys() == {"ru", "en"}, card.name
    assert any(c.permanent for c in cards) and any(c.type == "support" and not c.permanent for c in cards)


def test_y1_2_a_flat_unit_class_reads_as_a_domain_and_roles() -> None:
    rifles = CAT.get(RIFLES)
    assert rifles is not None and rifles.unit_class == "ground" and rifles.domain == "ground"
    cards = parse(
        [
            {
                "name": "TD",
                "type": "unit",
                "country": "x",
                "unit_class": "tank_destroyer",
                "attack": 1,
                "defense": 1,
            },
            {
                "name": "Bomber",
                "type": "unit",
                "country": "x",
                "domain": "air",
                "roles": ["bomber"],
                "attack": 1,
                "defense": 1,
            },
        ]
    ).cards
    assert (cards[0].domain, cards[0].roles) == ("ground", ("tank_destroyer",))
    assert (cards[1].domain, cards[1].roles) == ("air", ("bomber",))


def test_y1_it_reports_every_bad_card_field_at_its_key_path() -> None:
    with pytest.raises(CardSetError) as error:
        parse(
            [
                {
                    "name": "A",
                    "type": "unit",
                    "country": "x",
                    "domain": "ground",
                    "roles": ["bomber"],
                    "attack": 1,
                    "defense": 1,
                },
                {"name": "B", "type": "artillery", "country": None, "cost_country": 1},
                {
                    "name": "C",
                    "type": "unit",
                    "country": "x",
                    "domain": "sea",
                    "attack": 1,
                    "defense": 1,
                    "keywords": ["leader"],
                },
                {
                    "name": "D",
                    "type": "support",
                    "country": None,
                    "abilities": [{"trigger": "use", "effect": "heal", "target": "moon"}],
                },
                {"name": "E", "type": "medal", "country": None, "permanent": True, "cost": 2, "cost_any": 1},
                {
                    "name": "F",
                    "type": "support",
                    "country": None,
                    "abilities": [{"trigger": "use", "effect": "draw"}],
                },
            ]
        )
    text = " ".join(str(problem) for problem in error.value.problems)
    for where in (
        "cards[0].roles",
        "cards[1].cost_country",
        "cards[2].keywords[0]",
        "cards[3].abilities[0].target",
        "cards[4].permanent",
        "cards[5].abilities[0].cost",
        "cards[4].cost",
    ):
        assert where in text, where


def test_y1_4_a_cost_splits_into_country_and_any() -> None:
    hedgehog, mortar, howitzer = CAT.get(HEDGEHOG), CAT.get(MORTAR), CAT.get(HOWITZER)
    assert hedgehog is not None and (hedgehog.cost_country, hedgehog.cost_any) == (1, 1)
    assert mortar is not None and (mortar.cost_country, mortar.cost_any) == (0, 1)  # no country: any
    assert howitzer is not None and (howitzer.cost_country, howitzer.cost_any) == (2, 0)


# --- Y4 setup ------------------------------------------------------------------------------------


def test_y4_1_each_player_starts_with_22_health_and_7_cards() -> None:
    match = start(keep=False)
    assert [s.health for s in match.seats] == [22, 22]
    assert [len(s.hand) for s in match.seats] == [7, 7]


def test_y4_2_the_seed_draws_the_first_player_unless_an_option_fixes_it() -> None:
    firsts = {new_match(CAT, (a_deck(), a_deck()), seed=s).first for s in range(20)}
    assert firsts == {0, 1}
    assert new_match(CAT, (a_deck(), a_deck()), seed=3, first=1).first == 1
    assert new_match(CAT, (a_deck(), a_deck()), seed=3, first=1).decision().seat == 1  # type: ignore[union-attr]


def test_y4_3_each_redeal_deals_one_card_less_until_none_is_left() -> None:
    match = start(keep=False)
    sizes = []
    while {"type": "redeal"} in match.legal_actions(0):
        match.apply(0, {"type": "redeal"})
        sizes.append(len(match.seats[0].hand))
    assert sizes == [7, 6, 5, 4, 3, 2, 1]
    assert refused(match, 0, {"type": "redeal"}).rule == "Y4.3"
    match.apply(0, {"type": "keep"})
    assert match.decision().seat == 1  # type: ignore[union-attr]  # then the second player decides


# --- Y5 turns ------------------------------------------------------------------------------------


def test_y5_1_the_first_player_skips_the_first_draw_and_used_cards_untap() -> None:
    match = start()
    assert len(match.seats[0].hand) == 7
    unit = put(match, 0, RIFLES)
    unit.used = True
    end_turn(match)
    assert len(match.seats[1].hand) == 8  # the second player draws
    end_turn(match)
    assert not unit.used and len(match.seats[0].hand) == 8


def test_y5_2_a_unit_played_this_turn_cannot_attack_but_can_block() -> None:
    match = start((RIFLES,))
    bases(match, 0, 1)
    match.apply(0, {"type": "play", "card": RIFLES})
    rifles = match.seats[0].field[0]
    assert refused(match, 0, {"type": "attack", "unit": rifles.id}).code == "summoning_sick"
    end_turn(match)
    attacker = put(match, 1, BISON)
    to_combat(match, attacker)
    match.apply(0, {"type": "block", "blocks": [[rifles.id, attacker.id]]})  # blocks in the next turn


def test_y8_fast_a_fast_unit_attacks_the_turn_it_is_played() -> None:
    match = start((HAWK,))
    bases(match, 0, 3)
    match.apply(0, {"type": "play", "card": HAWK})
    hawk = match.seats[0].field[0]
    match.apply(0, {"type": "attack", "unit": hawk.id})
    assert hawk.attacking and hawk.used


def test_y5_3_ending_the_phase_without_attackers_ends_the_turn() -> None:
    match = start()
    match.apply(0, {"type": "end"})
    assert match.active == 1 and match.phase == "initial"


def test_y5_6_a_hand_over_nine_cards_is_discarded_down_to_nine_by_choice() -> None:
    match = start()
    for _ in range(3):
        put(match, 0, USA, HAND)
    assert len(match.seats[0].hand) == 10
    match.apply(0, {"type": "end"})
    assert match.decision().kind == "discard"  # type: ignore[union-attr]
    assert refused(match, 0, {"type": "end"}).code == "wrong_action"
    match.apply(0, {"type": "discard", "card": USA})
    assert len(match.seats[0].hand) == 9 and match.seats[0].destroyed[0].name == USA
    assert match.active == 1


# --- Y6 bases and costs --------------------------------------------------------------------------


def test_y6_1_one_base_per_turn() -> None:
    match = start()
    match.apply(0, {"type": "build", "card": USA})
    assert refused(match, 0, {"type": "build", "card": USA}).code == "base_built"
    assert refused(match, 0, {"type": "play", "card": USA}).rule == "Y6.1"


def test_y6_2_the_country_part_needs_bases_of_the_country_and_pay_chooses_the_any_part() -> None:
    match = start((HOWITZER, HEDGEHOG))
    bases(match, 0, 2, USSR)
    error = refused(match, 0, {"type": "play", "card": HOWITZER, "target": {"seat": 1}})
    assert (error.rule, error.code) == ("Y6.2", "cannot_pay")
    usa = bases(match, 0, 1)
    # Hedgehog: 1 USA + 1 any. The default pays `any` with another country first.
    match.apply(0, {"type": "play", "card": HEDGEHOG})
    assert usa[0].used and sum(b.used for b in match.seats[0].bases) == 2
    match = start((HEDGEHOG,))
    ussr = bases(match, 0, 1, USSR)
    bases(match, 0, 2)
    assert refused(match, 0, {"type": "play", "card": HEDGEHOG, "pay": {"usa": 2}}).code == "bad_payment"
    match.apply(0, {"type": "play", "card": HEDGEHOG, "pay": {"usa": 1}})
    assert not ussr[0].used


def test_y6_3_every_six_bases_give_one_defense_to_all_units() -> None:
    match = start()
    unit = put(match, 0, RIFLES)
    bases(match, 0, 5)
    assert match.defense_of(unit) == 2
    bases(match, 0, 1)
    assert match.defense_of(unit) == 3


def test_y6_4_artillery_and_one_shots_go_to_the_destroyed_pile_permanents_stay() -> None:
    match = start((HOWITZER, HOSPITAL, NETS))
    bases(match, 0, 5)
    unit = put(match, 0, RIFLES)
    match.apply(0, {"type": "play", "card": HOWITZER, "target": {"seat": 1}})
    match.apply(0, {"type": "play", "card": HOSPITAL})
    match.apply(0, {"type": "play", "card": NETS, "target": unit.id})
    assert [i.name for i in match.seats[0].destroyed] == [HOWITZER, NETS]
    assert [i.name for i in match.seats[0].support] == [HOSPITAL]


def test_y6_5_a_use_icon_property_is_used_once_per_turn() -> None:
    match = start()
    hospital = put(match, 0, HOSPITAL, SUPPORT)
    match.apply(0, {"type": "use", "card": hospital.id})
    assert match.seats[0].health == 24
    assert refused(match, 0, {"type": "use", "card": hospital.id}).code == "property_used"
    end_turn(match)
    end_turn(match)
    match.apply(0, {"type": "use", "card": hospital.id})
    assert match.seats[0].health == 26


# --- Y7 combat -----------------------------------------------------------------------------------


def test_y7_1_attacking_uses_the_unit_and_a_used_unit_cannot_attack() -> None:
    match = start()
    unit = put(match, 0, RIFLES)
    match.apply(0, {"type": "attack", "unit": unit.id})
    assert unit.used and unit.attacking
    assert refused(match, 0, {"type": "attack", "unit": unit.id}).rule == "Y7.1"


def test_y7_2_several_may_block_one_attacker_each_blocker_once_only_unused_ones() -> None:
    match = start()
    attacker = put(match, 0, BISON)
    other = put(match, 0, RIFLES)
    a, b, used = put(match, 1, RIFLES), put(match, 1, EAGLE), put(match, 1, RATTLER)
    used.used = True
    to_combat(match, attacker, other)
    assert refused(match, 1, {"type": "block", "blocks": [[used.id, attacker.id]]}).code == "not_available"
    assert (
        refused(match, 1, {"type": "block", "blocks": [[a.id, attacker.id], [a.id, other.id]]}).code
        == "blocks_twice"
    )
    assert refused(match, 1, {"type": "block", "blocks": [[a.id, 9999]]}).code == "bad_blocks"
    assert refused(match, 1, {"type": "block", "blocks": "all"}).code == "bad_blocks"
    match.apply(1, {"type": "block", "blocks": [[a.id, attacker.id], [b.id, attacker.id]]})
    assert match.phase == "intervene" and match.blocks == {attacker.id: [a.id, b.id]}


def test_y7_3_a_ground_unit_cannot_block_an_air_unit_navy_can() -> None:
    match = start()
    hawk = put(match, 0, HAWK)
    ground, sea = put(match, 1, RIFLES), put(match, 1, WESTBAY)
    to_combat(match, hawk)
    error = refused(match, 1, {"type": "block", "blocks": [[ground.id, hawk.id]]})
    assert (error.rule, error.code) == ("Y7.3", "ground_blocks_air")
    match.apply(1, {"type": "block", "blocks": [[sea.id, hawk.id]]})


def test_y7_4_unblocked_attackers_hit_the_player_a_blocked_one_never_does() -> None:
    match = start((HOWITZER,))
    bases(match, 0, 2)
    big, small = put(match, 0, BISON), put(match, 0, RIFLES)
    blocker = put(match, 1, RIFLES)
    to_combat(match, big, small)
    match.apply(1, {"type": "block", "blocks": [[blocker.id, big.id]]})
    match.apply(0, {"type": "play", "card": HOWITZER, "target": blocker.id})  # Y7.5: blocker gone
    assert blocker.zone == DESTROYED
    match.apply(0, {"type": "proceed"})
    assert match.seats[1].health == 22 - 1  # only the unblocked rifles
    assert match.phase == "final"


def test_y7_5_while_intervening_no_unit_or_base_is_played() -> None:
    match = start((RIFLES, USA))
    bases(match, 0, 2)
    attacker = put(match, 0, BISON)
    to_combat(match, attacker)
    match.apply(1, {"type": "block", "blocks": []})
    assert refused(match, 0, {"type": "play", "card": RIFLES}).rule == "Y7.5"
    assert refused(match, 0, {"type": "build", "card": USA}).code == "wrong_action"
    assert {"type": "proceed"} in match.legal_actions(0)


def test_y7_6_the_attacker_splits_its_damage_among_several_blockers_exactly() -> None:
    match = start()
    attacker = put(match, 0, BISON)  # 4 attack
    a, b = put(match, 1, RIFLES), put(match, 1, EAGLE)
    to_combat(match, attacker)
    match.apply(1, {"type": "block", "blocks": [[a.id, attacker.id], [b.id, attacker.id]]})
    match.apply(0, {"type": "proceed"})
    assert match.decision().kind == "assign"  # type: ignore[union-attr]
    assert refused(match, 0, {"type": "assign", "split": [[attacker.id, a.id, 4]]}).code == "bad_split"
    assert (
        refused(match, 0, {"type": "assign", "split": [[attacker.id, a.id, 1], [attacker.id, b.id, 1]]}).rule
        == "Y7.6"
    )
    match.apply(0, {"type": "assign", "split": [[attacker.id, a.id, 0], [attacker.id, b.id, 4]]})
    assert a.zone == FIELD and b.zone == DESTROYED
    assert attacker.zone == DESTROYED  # rifles 1 + eagle 2 + its leader +1 (Y8) = 4 ≥ defense 4


def test_y7_8_a_tank_destroyer_deals_one_more_to_each_ground_blocker() -> None:
    match = start()
    td = put(match, 0, RATTLER)  # 3 attack
    blocker = put(match, 1, URAL)  # 4/5
    to_combat(match, td)
    match.apply(1, {"type": "block", "blocks": [[blocker.id, td.id]]})
    match.apply(0, {"type": "proceed"})
    assert blocker.zone == FIELD and blocker.damage == 3 + 1


def test_y7_8_a_bomber_deals_one_less_to_a_fighter_and_splashes_ground_units() -> None:
    match = start()
    bomber = put(match, 0, STORM)  # 3 attack
    fighter, ground = put(match, 1, HAWK), put(match, 1, BISON)  # fighter 2/3
    to_combat(match, bomber)
    match.apply(1, {"type": "block", "blocks": [[fighter.id, bomber.id]]})
    match.apply(0, {"type": "proceed"})
    assert fighter.zone == FIELD and fighter.damage == 3 - 1
    assert ground.damage == 1  # splash on every opposing ground unit


def test_y7_8_artillery_deals_one_more_to_tank_destroyers_and_none_to_navy() -> None:
    match = start((MORTAR, MORTAR))
    bases(match, 0, 2)
    td, ship = put(match, 1, HEDGEHOG), put(match, 1, WESTBAY)
    match.apply(0, {"type": "play", "card": MORTAR, "target": ship.id})
    assert ship.damage == 0
    match.apply(0, {"type": "play", "card": MORTAR, "target": td.id})  # 1 + combo 1 + 1
    assert td.zone == DESTROYED


def test_y7_9_damage_wears_off_at_the_end_of_the_turn() -> None:
    match = start((MORTAR,))
    bases(match, 0, 1)
    target = put(match, 1, BISON)
    match.apply(0, {"type": "play", "card": MORTAR, "target": target.id})
    assert target.damage == 1
    end_turn(match)
    assert target.damage == 0


def test_y7_10_survivors_return_used_and_the_final_phase_follows() -> None:
    match = start((RIFLES,))
    bases(match, 0, 1)
    attacker = put(match, 0, BISON)
    to_combat(match, attacker)
    match.apply(1, {"type": "block", "blocks": []})
    match.apply(0, {"type": "proceed"})
    assert match.phase == "final" and attacker.used and not attacker.attacking
    assert all(a["type"] != "attack" for a in match.legal_actions(0))  # Y5.5: no attack zone
    match.apply(0, {"type": "play", "card": RIFLES})


# --- Y8 keywords and abilities --------------------------------------------------------------------


def test_y8_leader_gives_the_other_attackers_more_attack() -> None:
    match = start()
    leader, other = put(match, 0, EAGLE), put(match, 0, RIFLES)
    assert match.attack_of(other) == 1
    to_combat(match, leader, other)
    assert match.attack_of(other) == 2 and match.attack_of(leader) == 2
    match.apply(1, {"type": "block", "blocks": []})
    match.apply(0, {"type": "proceed"})
    assert match.seats[1].health == 22 - 4


def test_y8_colonel_bodyguards_take_the_damage_dealt_to_the_colonel() -> None:
    match = start((MORTAR,))
    bases(match, 0, 1)
    colonel, guard, third = put(match, 1, URAL), put(match, 1, RIFLES), put(match, 1, EAGLE)
    end_turn(match)  # seat 1's turn: guard is a free action of its owner
    match.apply(1, {"type": "guard", "colonel": colonel.id, "unit": guard.id})
    match.apply(1, {"type": "guard", "colonel": colonel.id, "unit": third.id})
    assert refused(match, 1, {"type": "guard", "colonel": guard.id, "unit": third.id}).code == "not_a_colonel"
    end_turn(match)
    match.apply(0, {"type": "play", "card": MORTAR, "target": colonel.id})
    assert colonel.damage == 0 and guard.damage == 1  # the earliest-linked bodyguard


def test_y8_play_trigger_draw() -> None:
    match = start((COYOTE,))
    bases(match, 0, 1)
    match.apply(0, {"type": "play", "card": COYOTE})
    assert len(match.seats[0].hand) == 7  # 7 − Coyote + 1


def test_y8_destroyed_trigger_damage_to_the_opponent() -> None:
    match = start((HOWITZER,))
    bases(match, 0, 2)
    canyon = put(match, 1, CANYON)
    match.apply(0, {"type": "play", "card": HOWITZER, "target": canyon.id})
    assert canyon.zone == DESTROYED and match.seats[0].health == 21


def test_y8_start_of_turn_trigger_heal() -> None:
    match = start()
    put(match, 1, LADOGA)
    end_turn(match)
    assert match.seats[1].health == 23


def test_y8_attacks_trigger_damage() -> None:
    match = start()
    pike = put(match, 0, PIKE)
    match.apply(0, {"type": "attack", "unit": pike.id})
    assert match.seats[1].health == 21


def test_y8_from_destroyed_return_to_hand() -> None:
    match = start()
    bases(match, 0, 2)
    fog = put(match, 0, FOG, DESTROYED)
    match.apply(0, {"type": "use", "card": fog.id})
    assert fog.zone == HAND and all(b.used for b in match.seats[0].bases)


def test_y8_combo_adds_its_bonus_when_the_named_type_was_played_this_turn() -> None:
    match = start((FLAK, RIFLES))
    bases(match, 0, 3)
    target = put(match, 1, URAL)  # defense 5
    match.apply(0, {"type": "play", "card": RIFLES})
    match.apply(0, {"type": "play", "card": FLAK, "target": target.id})
    assert target.damage == 4


def test_y8_damage_all_hits_every_enemy_unit() -> None:
    match = start((GREYCAPE,))
    bases(match, 0, 6, "Военная База (Великобритания)")
    mine, a, b = put(match, 0, RIFLES), put(match, 1, RIFLES), put(match, 1, BISON)
    match.apply(0, {"type": "play", "card": GREYCAPE})
    assert mine.damage == 0 and b.damage == 1 and a.damage == 1


def test_y8_heal_has_no_maximum() -> None:
    match = start()
    hospital = put(match, 0, HOSPITAL, SUPPORT)
    match.apply(0, {"type": "use", "card": hospital.id})
    assert match.seats[0].health == 24


def test_y8_attack_and_untap_night_raid() -> None:
    match = start((NIGHT_RAID,))
    bases(match, 0, 2, "Военная База (Великобритания)")
    unit = put(match, 0, RIFLES)
    match.apply(0, {"type": "attack", "unit": unit.id})
    unit.attacking = False  # (a used unit, out of the attack zone)
    match.apply(0, {"type": "play", "card": NIGHT_RAID, "target": unit.id})
    assert not unit.used and match.attack_of(unit) == 2


def test_y8_defense_until_end_of_turn() -> None:
    match = start((NETS,))
    bases(match, 0, 1)
    unit = put(match, 0, RIFLES)
    match.apply(0, {"type": "play", "card": NETS, "target": unit.id})
    assert match.defense_of(unit) == 4
    end_turn(match)
    assert match.defense_of(unit) == 2


def test_y8_destroy_a_unit() -> None:
    match = start((MOUNTAIN,))
    bases(match, 0, 5, "Военная База (Германия)")
    target = put(match, 1, URAL)
    assert refused(match, 0, {"type": "play", "card": MOUNTAIN}).code == "target_missing"
    assert (
        refused(match, 0, {"type": "play", "card": MOUNTAIN, "target": {"seat": 1}}).code == "illegal_target"
    )
    match.apply(0, {"type": "play", "card": MOUNTAIN, "target": target.id})
    assert target.zone == DESTROYED


def test_y8_destroy_a_support_or_medal() -> None:
    match = start((ENGINEERS,))
    bases(match, 0, 1, USSR)
    medal = put(match, 1, STEADFAST, SUPPORT)
    match.apply(0, {"type": "play", "card": ENGINEERS, "target": medal.id})
    assert medal.zone == DESTROYED


def test_y8_extra_base_this_turn() -> None:
    match = start((SUPPLY,))
    bases(match, 0, 1)
    match.apply(0, {"type": "build", "card": USA})
    match.apply(0, {"type": "play", "card": SUPPLY})
    match.apply(0, {"type": "build", "card": USA})
    assert len(match.seats[0].bases) == 3


def test_y8_untap_bases() -> None:
    match = start((AIRLIFT, HOWITZER))
    bases(match, 0, 3)
    match.apply(0, {"type": "play", "card": HOWITZER, "target": {"seat": 1}})
    match.apply(0, {"type": "play", "card": AIRLIFT})
    assert sum(not b.used for b in match.seats[0].bases) == 2


def test_y8_use_with_a_cost_minefield() -> None:
    match = start()
    mines = put(match, 0, MINEFIELD, SUPPORT)
    target = put(match, 1, RIFLES)
    assert refused(match, 0, {"type": "use", "card": mines.id, "target": target.id}).code == "cannot_pay"
    bases(match, 0, 1)
    match.apply(0, {"type": "use", "card": mines.id, "target": target.id})
    assert target.damage == 1


def test_y8_static_aura_attack_by_domain_and_aura_defense() -> None:
    match = start()
    ground, air = put(match, 0, RIFLES), put(match, 0, HAWK)
    put(match, 0, SILVER, SUPPORT)
    put(match, 0, STEADFAST, SUPPORT)
    assert (match.attack_of(ground), match.attack_of(air)) == (2, 2)
    assert (match.defense_of(ground), match.defense_of(air)) == (3, 4)


# --- Y9, Y10 the end ------------------------------------------------------------------------------


def test_y9_1_a_player_at_zero_health_loses() -> None:
    match = start((HOWITZER,))
    bases(match, 0, 2)
    match.seats[1].health = 3
    match.apply(0, {"type": "play", "card": HOWITZER, "target": {"seat": 1}})
    assert match.result is not None and match.result.as_dict() == {"winner": 0, "reason": "health"}
    assert refused(match, 0, {"type": "end"}).code == "game_over"


def test_y9_2_both_at_zero_at_once_is_a_draw() -> None:
    match = start()
    put(match, 1, CANYON)
    match.seats[0].health = 1
    match.seats[1].health = 3
    bases(match, 0, 2)
    put(match, 0, HOWITZER, HAND)
    canyon = match.seats[1].field[0]
    match.seats[1].health = 1
    match.apply(0, {"type": "play", "card": HOWITZER, "target": canyon.id})
    # Canyon's trigger takes seat 0 to 0; seat 1 is still at 1: seat 1 wins.
    assert match.result is not None and match.result.winner == 1
    match = start()
    match.seats[0].health = match.seats[1].health = 0
    with pytest.raises(GameOver):
        match._check()
    assert match.result is not None and match.result.as_dict() == {"winner": None, "reason": "health"}


def test_y9_3_drawing_from_an_empty_deck_loses() -> None:
    match = start()
    for inst in list(match.seats[1].deck):
        match._move(inst, DESTROYED)
    match.apply(0, {"type": "end"})
    assert match.result is not None and match.result.as_dict() == {"winner": 0, "reason": "deck_out"}


def test_y10_1_the_turn_limit_ends_the_game_in_a_draw() -> None:
    match = start()
    match.turn = TURN_LIMIT
    match.apply(0, {"type": "end"})
    assert match.result is not None and match.result.as_dict() == {"winner": None, "reason": "turn_limit"}


def test_y10_1_the_turn_limit_is_an_event_setting_that_the_log_keeps() -> None:
    engine = RULES.match_engine
    match = engine.new_match(CAT, [a_deck(()), a_deck(())], seed=1, options={"turn_limit": 3, "first": 0})
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    for _ in range(3):
        assert match.result is None
        match.apply(match.decision().seat, {"type": "end"})
    assert match.result is not None and match.result.reason == "turn_limit"
    log = match.to_log(["OGNS"])
    assert log["turn_limit"] == 3 and engine.replay(log, CAT).result == match.result
    with pytest.raises(InputError):
        engine.new_match(CAT, [a_deck(()), a_deck(())], seed=1, options={"turn_limit": 0})


@pytest.mark.parametrize(
    ("action", "seat", "winner", "reason"),
    [
        ({"type": "concede"}, 1, 0, "concede"),
        ({"type": "timeout"}, 0, 1, "timeout"),
        ({"type": "no_show"}, 0, 1, "no_show"),
        ({"type": "no_show", "both": True}, 0, None, "no_show"),
        ({"type": "penalty_loss"}, 1, 0, "penalty"),
    ],
)
def test_y9_2_site_actions_end_the_game_from_either_seat(
    action: dict[str, Any], seat: int, winner: Any, reason: str
) -> None:
    match = start()
    match.apply(seat, action)
    assert match.result is not None and match.result.as_dict() == {"winner": winner, "reason": reason}


def test_y9_2_only_seat_0_applies_a_no_show_of_both() -> None:
    assert refused(start(), 1, {"type": "no_show", "both": True}).code == "wrong_action"


# --- Y3.3 hidden information, Y11 logs --------------------------------------------------------------


def test_y3_3_a_seat_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    match = start((HOWITZER,), (MOUNTAIN,))
    view = match.observation(0)
    assert HOWITZER in view["seats"][0]["hand"] and "hand" not in view["seats"][1]
    assert MOUNTAIN not in json.dumps(view, ensure_ascii=False) and MOUNTAIN in match.hidden_from(0)
    assert "hand" not in match.spectator_view()["seats"][0]
    assert match.judge_view()["seed"] == 1


def test_y11_1_a_log_replays_and_a_tampered_one_names_its_first_illegal_action() -> None:
    match = start()
    put(match, 0, RIFLES)
    log = json.loads(json.dumps(start().to_log(["OGNS"])))
    log["actions"].append({"seat": 0, "type": "attack", "unit": 12345})
    with pytest.raises(ReplayError) as error:
        replay(log, CAT)
    assert error.value.index == 2 and error.value.seat == 0 and error.value.error.code == "no_such_card"
    assert ENGINE.replay_error is ReplayError  # type: ignore[attr-defined]


def test_y3_3_the_redacted_log_has_no_seed_and_no_opponent_deck() -> None:
    rng = random.Random(3)
    match = new_match(CAT, (a_deck((HOWITZER,)), a_deck((MOUNTAIN,))), seed=rng.getrandbits(62))
    bots = (ENGINE.make_bot("heuristic", 1), ENGINE.make_bot("random", 2))
    while not match.is_over:
        d = match.decision()
        assert d is not None
        match.apply(d.seat, bots[d.seat].act(match, d.seat))
    log = json.loads(json.dumps(match.to_log(["OGNS"])))
    mine = redacted_log(log, CAT, 0)
    assert mine["seed"] is None and mine["players"][1]["deck"] is None
    assert mine["players"][0]["deck"] == log["players"][0]["deck"]
    assert str(log["seed"]) not in json.dumps(mine)
    with pytest.raises(InputError):
        replay(mine, CAT)


def test_y2_4_sideboarding_changes_nothing_without_a_side_deck() -> None:
    deck = a_deck((RIFLES,))
    assert ENGINE.swap_problems(deck, deck, CAT, options={}) == []  # type: ignore[attr-defined]
    other = a_deck((EAGLE,))
    problems = ENGINE.swap_problems(deck, other, CAT, options={})  # type: ignore[attr-defined]
    assert [p.code for p in problems] == ["no_sideboarding"] and "Y2.4" in problems[0].message


# --- bots ------------------------------------------------------------------------------------------


def test_the_heuristic_bot_beats_the_random_bot_in_at_least_75_percent_of_games() -> None:
    from engine.decklist import load_decklist
    from engine.registry import bundled_decklists

    decks = [load_decklist(path, game="yourwar") for path in bundled_decklists("yourwar")]
    games, wins = 60, 0
    for game in range(games):
        match = ENGINE.new_match(CAT, [decks[game % len(decks)], decks[(game // 2) % len(decks)]], seed=game)
        me = game % 2
        bots = [ENGINE.make_bot("random", game), ENGINE.make_bot("random", game + 1)]
        bots[me] = ENGINE.make_bot("heuristic", game)
        while not match.is_over:
            d = match.decision()
            match.apply(d.seat, bots[d.seat].act(match, d.seat))
        wins += match.result.winner == me
    assert wins / games >= 0.75


def test_y8_every_effect_word_has_one_registered_handler() -> None:
    from engine.games.yourwar.abilities import HANDLERS
    from engine.games.yourwar.cards import EFFECTS

    assert set(HANDLERS) == set(EFFECTS)


# --- Y11 the command line, the sample decks -----------------------------------------------------


def test_y11_1_python_m_engine_replay_and_play_work_for_your_war(tmp_path: Any) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    match = start((HOWITZER,))
    put(match, 0, USA, BASES)
    put(match, 0, USA, BASES)
    match.apply(0, {"type": "play", "card": HOWITZER, "target": {"seat": 1}})
    log = match.to_log(["OGNS"])
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "engine", *args]
        return subprocess.run(
            command, cwd=root, capture_output=True, text=True, encoding="utf-8", timeout=120
        )

    # The log was written after cards were moved by hand (put): it replays to another state,
    # so the replayed play is refused at its index with the rule it breaks.
    done = run("replay", "--cards", str(SAMPLE_SET), str(path))
    assert done.returncode == 1 and "actions[2] (seat 0): Y6.2" in done.stderr, done.stderr
    log["actions"] = [*log["actions"][:2], {"seat": 0, "type": "end"}]
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    done = run("replay", "--cards", str(SAMPLE_SET), str(path))
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["actions_applied"] == 3 and answer["turn"] == 2
    assert answer["seats"][1] == {
        "health": 22,
        "hand": 8,
        "deck": len(match.seats[1].deck) - 1,
        "destroyed": 0,
    }
    done = run("play", "--cards", str(SAMPLE_SET), "--bots", "heuristic,random", "--games", "6")
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["game"] == "yourwar" and report["games"] == 6


def test_y2_the_sample_decks_are_legal_and_of_different_styles() -> None:
    from engine.decklist import load_decklist
    from engine.registry import bundled_decklists

    decks = {path.stem: load_decklist(path, game="yourwar") for path in bundled_decklists("yourwar")}
    assert len(decks) >= 2
    countries = {}
    for key, deck in decks.items():
        assert RULES.validate_deck(deck, CAT) == [], key
        main = deck.zones["main"]
        assert isinstance(main, dict)
        countries[key] = {CAT.get(name).country for name in main if CAT.get(name).type == "base"}  # type: ignore[union-attr]
    assert len({frozenset(c) for c in countries.values()}) == len(decks)  # each its own countries
    assert any(len(c) > 1 for c in countries.values())  # one mixes countries (Y2.3, Y6.2)


# --- Y3.4 [decision]: ids minted as a card comes into sight --------------------------------------


def test_y3_4_a_card_gets_the_next_id_as_it_comes_into_sight_whatever_its_place_in_the_list() -> None:
    for top in ((USA,), (RIFLES, USA)):  # the base listed first, or after another card
        match = start(top)
        assert all(inst.id == -1 for side in match.seats for inst in (*side.deck, *side.hand))
        match.apply(0, {"type": "build", "card": USA})
        (base,) = match.seats[0].bases
        assert base.id == 0 and match.by_id == {0: base}


def test_y3_4_a_card_back_in_a_hand_has_no_id_and_a_new_one_when_it_comes_out() -> None:
    match = start()
    unit = put(match, 1, RIFLES)
    seen_as = unit.id
    match._move(unit, HAND)
    assert unit.id == -1 and seen_as not in match.by_id
    match._move(unit, FIELD)
    assert unit.id > seen_as and match.by_id[unit.id] is unit


def _listed_ids(view: Any, index: dict[int, int]) -> Any:
    """``view`` with every card id replaced by the card's place in the lists (a planted leak)."""
    if isinstance(view, dict):
        return {k: index.get(v, v) if k == "id" else _listed_ids(v, index) for k, v in view.items()}
    if isinstance(view, list):
        return [_listed_ids(item, index) for item in view]
    return view


def test_the_kit_catches_ids_given_in_the_decklists_order() -> None:
    # The leak Y3.4 fixed, planted again: ids that number the cards in the decklists' order (a
    # match makes its cards in that order), as the engine did before.
    from engine.cardset import load_catalog
    from engine.registry import bundled_card_sets
    from tests.support import hidden

    def listed(state: Any, seat: int) -> Any:
        index = {inst.id: place for place, inst in enumerate(state.insts) if inst.id >= 0}
        return _listed_ids(state.observation(seat)["seats"], index)

    _, catalog = load_catalog(bundled_card_sets("yourwar"))
    decks = ENGINE.sample_decks(catalog, seed=2026)

    def play(state: Any, bots: Any) -> Any:
        while not state.is_over:
            decision = state.decision()
            state.apply(decision.seat, bots[decision.seat].act(state, decision.seat), seq=decision.seq)
        return state

    def table(engine: Any) -> hidden.Table:
        return hidden.Table(
            engine=engine, catalog=catalog, decks=decks,
            bots=lambda game: (ENGINE.make_bot("random", game), ENGINE.make_bot("random", game + 1)),
            play=play, log=lambda state: json.loads(json.dumps(state.to_log(["CORE"]))),
        )  # fmt: skip

    assert not hidden.setup_pairs(table(ENGINE), 4).leaks
    caught = hidden.setup_pairs(table(hidden.PlantedEngine(ENGINE, listed)), 4)
    assert caught.leaks and all(".observation.planted" in leak for leak in caught.leaks), caught.ends

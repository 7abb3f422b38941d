"""RULES.md rulings a player meets in combat and damage (W11.5, W12.5–W12.6, W13.6, W14.3, the
ally target words of W18, W10.4's option), each on a position set up directly
(match/scenario.py) and played through the one action the rule is about."""

from __future__ import annotations

from engine.decklist import Decklist
from engine.games.wow.match.state import GRAVEYARD
from engine.registry import get_game
from tests.support.wow import act, both_pass, catalog, position, refused

GROTHA, MIREL = "Grotha Ashmane", "Mirel Duskwhisper"


def to_defend_window(match, attacker: int, defender: int) -> None:
    """Propose the attack, resolve it, pass the attack window (no Protector): the defend window."""
    act(match, 0, {"type": "attack", "attacker": attacker, "defender": defender})
    both_pass(match)  # the proposal resolves (W11.1)
    both_pass(match)  # the attack window closes (W11.8)
    assert match.phase == "defend"


def test_w12_6_w14_3_both_heroes_dealt_fatal_combat_damage_draw_while_the_defender_decides_on_armor():
    match = position({"turn": 3, "seats": [
        {"hero": {"card": GROTHA, "damage": 26, "atk": 5}},
        {"hero": {"card": MIREL, "damage": 24, "atk": 3}, "hero_row": ["Runed Bracers"]},
    ]})  # fmt: skip
    hero0, hero1 = match.seats[0].hero, match.seats[1].hero
    to_defend_window(match, hero0.id, hero1.id)
    both_pass(match)  # combat damage (W11.6): the defender's armor decision comes first (W12.5)
    assert match.result is None, "no state check before the last damage event is placed (W12.6)"
    assert match.pending is not None and match.pending.kind == "armor" and match.pending.seat == 1
    act(match, 1, {"type": "armor", "cards": [match.seats[1].hero_row[0].id]})
    assert hero0.damage == 29 and hero1.damage == 27
    assert match.result is not None and (match.result.winner, match.result.reason) == (None, "hero")


def test_w11_5_a_weapon_readied_again_strikes_again_in_the_same_combat():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hero_row": ["Quicksilver Blade", "Sundered Dirk"],
         "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL},
    ]})  # fmt: skip
    blade, dirk = match.seats[0].hero_row
    to_defend_window(match, match.seats[0].hero.id, match.seats[1].hero.id)
    act(match, 0, {"type": "strike", "weapon": blade.id})
    assert refused(match, 0, {"type": "strike", "weapon": dirk.id}).code == "weapon_used"
    act(match, 0, {"type": "power", "card": blade.id, "ability": 0})  # (2) → ready it
    both_pass(match)
    assert not blade.exhausted
    act(match, 0, {"type": "strike", "weapon": blade.id})
    assert match.atk_of(match.seats[0].hero) == 2, "each strike adds the weapon's ATK (seed L113)"
    both_pass(match)  # the defend window closes: combat damage
    assert match.seats[1].hero.damage == 2


def test_w13_6_your_hero_deals_damage_with_an_ability_and_its_stealth_is_lost():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hero_row": ["Shadowstep Cloak"], "hand": ["Shadowblade Lunge"],
         "resources": ["Warband Recruit"]},
        {"hero": MIREL},
    ]})  # fmt: skip
    cloak = match.seats[0].hero_row[0]
    assert match.hero_has(0, "stealth")
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "target": match.seats[1].hero.id})
    both_pass(match)
    damage = [e.public for e in match.events if e.public["type"] == "damage"]
    assert damage and damage[0]["source"] == match.seats[0].hero.id, "the hero deals it"
    assert cloak.zone == GRAVEYARD and not match.hero_has(0, "stealth")


def test_w18_a_chosen_ally_target_takes_totems_on_either_side_alike():
    match = position({"turn": 3, "seats": [
        {"hero": "Vashka Stormcaller", "hero_row": ["Searing Totem"], "hand": ["Blood Frenzy"],
         "resources": ["Warband Recruit"]},
        {"hero": MIREL, "hero_row": ["Stormcall Totem"]},
    ]})  # fmt: skip
    mine, theirs = match.seats[0].hero_row[0], match.seats[1].hero_row[0]
    assert mine in match.targets(0, "friendly_ally") and theirs in match.targets(0, "enemy_ally")
    frenzy = match.seats[0].hand[0].id
    assert {"type": "play", "card": frenzy, "target": mine.id} in match.legal_actions(0)


def test_w10_4_the_auto_pass_option_of_the_readme_is_taken_by_new_match():
    engine = get_game("wow").match_engine
    deck = Decklist(game="wow", zones={"hero": GROTHA, "main": {"Warband Recruit": 60}})
    match = engine.new_match(catalog(), [deck, deck], seed=1, options={"auto_pass": False})
    assert match.auto_pass is False and match.to_log(["ASHF"])["auto_pass"] is False
    assert engine.new_match(catalog(), [deck, deck], seed=1).auto_pass is True

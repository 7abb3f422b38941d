"""The rest of the WoW TCG ability vocabulary (W18): discard, search, reveal, return to hand,
remove from game or from combat, interrupt, tokens (W3.3, W13.7), attached ongoing abilities
(W8.3, W12.8) and the designer triggers (W9.4). Tests named by rule; the helpers are the rules
tests' (matches unshuffled, seat 0 first)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from engine.decklist import Decklist
from engine.games.wow.cards import Card, Effect, Filter, parse_card
from engine.games.wow.deck import validate_deck
from engine.games.wow.match import Match, new_match
from engine.games.wow.match.state import ALLIES, ATTACHED, DECK, GONE, HERO_ROW, REMOVED, Inst
from engine.problems import Problem
from tests.support.wow import (
    act,
    catalog,
    give,
    pass_until,
    refused,
    resolve_top,
    resources,
    settle,
    start,
)


def play(match: Match, seat: int, inst: Inst, **extra: Any) -> None:
    act(match, seat, {"type": "play", "card": inst.id, **extra})


def mixed_match() -> Match:
    """A match whose decks hold allies and weapons (for searching), past both mulligans."""
    mixed = Decklist(
        game="wow", zones={"hero": "Grotha Ashmane", "main": {"Rusted Cleaver": 20, "Warband Recruit": 20}}
    )
    match = new_match(catalog(), (mixed, mixed), seed=1, shuffle=False, first=0, auto_pass=False)
    act(match, 0, {"type": "keep"})
    act(match, 1, {"type": "keep"})
    pass_until(match, lambda: match.phase == "action")
    return match


def loader_problems(raw: dict[str, Any]) -> list[str]:
    problems: list[Problem] = []
    parse_card(raw, "c", problems)
    return [problem.where for problem in problems]


# --- W18 discard ---------------------------------------------------------------------------------


def test_w18_discard_the_affected_player_chooses_what_to_discard() -> None:
    match = start()
    resources(match, 0, 2)
    whisper = give(match, 0, "Rotting Whisper")
    play(match, 0, whisper)
    resolve_top(match)
    pending = match.pending
    assert pending is not None and pending.kind == "discard" and pending.seat == 1
    assert pending.info["count"] == 1
    hand = list(match.seats[1].hand)
    assert {a["card"] for a in match.legal_actions(1) if a["type"] == "discard"} == {i.id for i in hand}
    assert refused(match, 0, {"type": "pass"}).code == "not_your_decision"
    act(match, 1, {"type": "discard", "card": hand[3].id})
    assert hand[3] in match.seats[1].graveyard and len(match.seats[1].hand) == 6
    assert match.pending is not None and match.pending.kind == "priority"


# --- W18 search (W4.1) ---------------------------------------------------------------------------


def test_w18_search_only_the_searcher_sees_the_deck_and_the_found_card_is_revealed() -> None:
    match = mixed_match()
    resources(match, 0, 1)
    report = give(match, 0, "Scout's Report")
    play(match, 0, report)
    resolve_top(match)
    pending = match.pending
    assert pending is not None and pending.kind == "search" and pending.seat == 0
    # W4.4 [decision]: the deck's cards got ids for the search, in the order of their names
    assert sorted(match.seats[0].deck, key=lambda i: i.id) == sorted(
        match.seats[0].deck, key=lambda i: i.name
    )
    allies = sorted((i for i in match.seats[0].deck if i.card.type == "ally"), key=lambda i: i.id)
    choices = [a for a in match.legal_actions(0) if a["type"] == "search"]
    assert choices == [{"type": "search", "card": i.id} for i in allies] + [{"type": "search"}]
    mine = match.observation(0)["decision"]
    assert [c["card"] for c in mine["cards"]] == ["Warband Recruit"] * len(allies)
    assert "cards" not in json.dumps(match.observation(1)["decision"])
    assert "cards" not in match.spectator_view()["decision"]
    assert match.legal_actions(1) == [{"type": "concede"}], "the opponent sees none of the deck"
    cleaver = next(i for i in match.seats[0].deck if i.card.type == "weapon")
    error = refused(match, 0, {"type": "search", "card": cleaver.id})
    assert (error.rule, error.code) == ("W18", "not_searchable") and cleaver.zone == DECK
    listed = allies[2].id
    events = match.apply(0, {"type": "search", "card": listed}, seq=match.seq)
    # W4.4 [decision]: in the hand a new object (a new id), shown to both as it went (W4.2)
    assert allies[2] in match.seats[0].hand and allies[2].known == 3 and allies[2].id != listed
    found = next(e for e in events if e.public["type"] == "search")
    assert found.public["card"] == "Warband Recruit", "revealed to both (W4.2)"
    assert any(e.public["type"] == "shuffle" for e in events)
    assert all(i.known == 0 for i in match.seats[0].deck), "W4.1: after the shuffle nobody knows the order"
    assert all(i.id == -1 for i in match.seats[0].deck), "W4.4: the ids of the search name nothing"
    assert listed not in match.by_id


def test_w18_a_search_with_nothing_to_find_still_asks_the_searcher() -> None:
    # W4.4 [decision]: asked all the same, so that being asked tells the opponent nothing
    match = start()  # decks of Warband Recruits only
    match.run_effects(0, None, (Effect("search", 0, "you", filter=Filter("weapon", None)),), None)
    match.set_pending()
    pending = match.pending
    assert pending is not None and pending.kind == "search" and pending.seat == 0
    assert match.legal_actions(0) == [{"type": "search"}, {"type": "concede"}]
    assert match.observation(0)["decision"]["cards"] == []
    events = match.apply(0, {"type": "search"}, seq=match.seq)
    assert [e.public["type"] for e in events][:2] == ["search", "shuffle"]
    assert events[0].public["card"] is None


# --- W18 reveal ----------------------------------------------------------------------------------


def test_w18_reveal_shows_the_opponents_hand_to_both_players() -> None:
    match = start()
    resources(match, 0, 1)
    glyph = give(match, 0, "Farsight Glyph")
    hand = list(match.seats[1].hand)
    assert all(i.known == 2 for i in hand), "W4.1: seat 0 does not know them yet"
    before = len(match.seats[0].hand)
    play(match, 0, glyph)
    resolve_top(match)
    shown = next(e for e in match.events if e.public["type"] == "reveal")
    assert shown.public["seat"] == 1 and shown.public["zone"] == "hand"
    # W4.4 [decision]: by name, in the order of the names: the hand's ids and order stay its owner's
    assert shown.public["cards"] == [{"card": name} for name in sorted(i.name for i in hand)]
    assert all(i.known == 3 for i in hand), "known to both players and spectators"
    assert len(match.seats[0].hand) == before, "the glyph left the hand and a card was drawn"


# --- W18 return to hand, remove from game (W3.4, W4.2) ----------------------------------------------


def test_w18_return_to_hand_the_attachments_fall_off() -> None:
    match = start()
    resources(match, 0, 2)
    resources(match, 1, 2)
    target = give(match, 1, "Tusked Outrider", ALLIES)
    target.damage = 2
    brand = give(match, 1, "Bloodlust Brand", HERO_ROW)
    match.seats[1].hero_row.remove(brand)
    brand.zone, brand.host = ATTACHED, target.id
    match.seats[1].attached.append(brand)
    gust = give(match, 0, "Gust of Banishment")
    play(match, 0, gust, target=target.id)
    resolve_top(match)
    # W4.4 [decision]: in the hand it is a new object (a new id), known to both (both saw it go)
    assert target in match.seats[1].hand and target.damage == 0 and target.known == 3
    assert match.by_id[target.id] is target and match.observation(0)["seats"][1]["hand"] == len(
        match.seats[1].hand
    )
    assert brand in match.seats[1].graveyard, "W3.4: the attachment goes to the graveyard"


def test_w18_remove_from_game_puts_it_face_up_in_the_removed_zone() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    resources(match, 0, 4)
    target = give(match, 1, "Tusked Outrider", ALLIES)
    play(match, 0, give(match, 0, "Void Rift"), target=target.id)
    resolve_top(match)
    assert target.zone == REMOVED and target in match.seats[1].removed
    for seat in (0, 1):
        assert match.observation(seat)["seats"][1]["removed"] == ["Tusked Outrider"]


# --- W18 remove from combat ------------------------------------------------------------------------


def test_w18_remove_from_combat_no_combat_damage_to_or_from_it() -> None:
    match = start()
    resources(match, 1, 1)
    attacker = give(match, 0, "Tusked Outrider", ALLIES)
    defender = give(match, 1, "Warband Recruit", ALLIES)
    act(match, 0, {"type": "attack", "attacker": attacker.id, "defender": defender.id})
    resolve_top(match)
    assert match.phase == "attack"
    act(match, 0, {"type": "pass"})
    smoke = give(match, 1, "Smoke and Mirrors")
    play(match, 1, smoke, target=defender.id)
    resolve_top(match)
    assert match.combat is not None and match.combat["out"] == [defender.id]
    pass_until(match, lambda: match.combat is None)
    assert defender in match.seats[1].allies and defender.damage == 0 and attacker.damage == 0


# --- W18 interrupt (W8.8) --------------------------------------------------------------------------


def test_w18_interrupt_counters_a_chain_item_named_by_its_chain_id() -> None:
    match = start("Mirel Duskwhisper", "Mirel Duskwhisper")
    resources(match, 0, 2)
    resources(match, 1, 3)
    bolt = give(match, 0, "Cinderbolt")
    play(match, 0, bolt, target=match.seats[1].hero.id)
    act(match, 0, {"type": "pass"})
    sigil = give(match, 1, "Counterspell Sigil")
    item = match.chain.top
    assert item is not None
    plays = [a for a in match.legal_actions(1) if a.get("card") == sigil.id]
    assert plays == [{"type": "play", "card": sigil.id, "item": item.id}], "items by chain id"
    assert refused(match, 1, {"type": "play", "card": sigil.id, "item": 999}).code == "illegal_target"
    play(match, 1, sigil, item=item.id)
    resolve_top(match)
    assert len(match.chain) == 0, "the item left the chain with no effect"
    assert bolt in match.seats[0].graveyard and match.seats[1].hero.damage == 0
    assert sigil in match.seats[1].graveyard


# --- W3.3, W13.7 tokens ----------------------------------------------------------------------------


def test_w3_3_tokens_enter_play_and_w13_7_cease_to_exist_when_they_leave() -> None:
    match = start()
    resources(match, 0, 3)
    play(match, 0, give(match, 0, "Call the Pack"))
    resolve_top(match)
    wolves = [i for i in match.seats[0].allies if i.card.token]
    assert len(wolves) == 2 and all(w.name == "Spirit Wolf" for w in wolves)
    assert match.observation(1)["seats"][0]["allies"][0]["token"] is True
    match.run_effects(1, None, (dataclasses.replace(_effect("destroy"), target="enemy_ally"),), wolves[0].id)
    match.run_effects(
        1, None, (dataclasses.replace(_effect("return_to_hand"), target="enemy_ally"),), wolves[1].id
    )
    for wolf in wolves:
        assert wolf.zone == GONE, "W13.7: not in the graveyard nor the hand"
    assert [i.name for i in match.seats[0].graveyard] == ["Call the Pack"]
    assert all(not i.card.token for i in match.seats[0].hand)


def _effect(do: str) -> Effect:
    return Effect(do, 0, "enemy_ally")


def test_w3_3_a_token_cannot_be_in_a_deck() -> None:
    deck = Decklist(
        game="wow", zones={"hero": "Grotha Ashmane", "main": {"Warband Recruit": 60, "Spirit Wolf": 2}}
    )
    codes = [v.code for v in validate_deck(deck, catalog())]
    assert codes == ["token_in_deck"]


# --- W8.3, W12.8 attached ongoing abilities ----------------------------------------------------------


def test_w8_3_an_attached_ability_gives_its_host_atk_and_goes_when_the_host_leaves() -> None:
    match = start()
    resources(match, 0, 2)
    host = give(match, 0, "Warband Recruit", ALLIES)
    brand = give(match, 0, "Bloodlust Brand")
    plays = [a for a in match.legal_actions(0) if a["type"] == "play" and a["card"] == brand.id]
    assert plays == [{"type": "play", "card": brand.id, "target": host.id}], "W8.1: the attach target"
    play(match, 0, brand, target=host.id)
    resolve_top(match)
    assert brand.zone == ATTACHED and brand.host == host.id and brand not in match.seats[0].hero_row
    assert match.atk_of(host) == 3
    shown = match.observation(1)["seats"][0]["allies"][0]
    assert shown["attached"][0]["card"] == "Bloodlust Brand"
    match.to_graveyard(host)
    assert brand in match.seats[0].graveyard and brand.host is None


def test_w12_8_a_card_attached_to_a_totem_is_destroyed_at_once() -> None:
    match = start("Vashka Stormcaller", "Grotha Ashmane")
    resources(match, 0, 2)
    totem = give(match, 0, "Searing Totem", HERO_ROW)
    brand = give(match, 0, "Bloodlust Brand")
    any_friend = dataclasses.replace(brand.card, attach_to="friendly_character")
    brand.card = any_friend
    play(match, 0, brand, target=totem.id)
    resolve_top(match)
    assert brand in match.seats[0].graveyard and match.atk_of(totem) == 0


# --- W9.4 triggers ---------------------------------------------------------------------------------


def test_w9_4_leaves_play_triggers() -> None:
    match = start()
    harbinger = give(match, 0, "Ashwing Harbinger", ALLIES)
    hand = len(match.seats[0].hand)
    match.to_graveyard(harbinger)
    assert match.chain.pending and match.chain.pending[0].payload["card"] == harbinger.id
    act(match, 0, {"type": "pass"})  # priority changes hands: the trigger goes on the chain
    settle(match)
    assert len(match.seats[0].hand) == hand + 1


def test_w9_4_turn_start_triggers_for_the_controller() -> None:
    match = start()
    drummer = give(match, 0, "Dawnwatch Drummer", ALLIES)
    pass_until(match, lambda: match.turn == 3)
    top = match.chain.top
    assert match.phase == "ready" and top is not None and top.payload["card"] == drummer.id
    resolve_top(match)
    assert match.atk_of(drummer) == 2


def test_w9_4_turn_end_triggers_as_the_end_phase_begins() -> None:
    match = start()
    lookout = give(match, 0, "Duskwatch Lookout", ALLIES)
    top_two = match.seats[1].deck[:2]
    assert all(i.known == 0 for i in top_two)
    pass_until(match, lambda: match.phase == "end")
    top = match.chain.top
    assert top is not None and top.payload["card"] == lookout.id
    resolve_top(match)
    assert all(i.known == 3 for i in top_two), "revealed to both: the top two of the opponent's deck"


def test_w9_4_attacks_and_attacked_trigger() -> None:
    match = start()
    rider = give(match, 0, "Warsong Outrider", ALLIES)
    boar = give(match, 1, "Thornback Boar", ALLIES)
    act(match, 0, {"type": "attack", "attacker": rider.id, "defender": boar.id})
    resolve_top(match)
    kinds = [item.payload["card"] for item in match.chain]
    assert kinds == [rider.id, boar.id], "the turn player's first, the opponent's on top (W9.4)"
    pass_until(match, lambda: match.combat is None)
    assert match.seats[1].hero.damage == 1 and rider in match.seats[0].graveyard
    assert boar.damage == 3


def test_w9_4_damaged_triggers_when_dealt_damage_not_when_damage_is_put() -> None:
    match = start()
    elemental = give(match, 0, "Seething Elemental", ALLIES)
    match.run_effects(1, None, (dataclasses.replace(_effect("put_damage"), amount=1),), elemental.id)
    assert not match.chain.pending, "W12.2: put damage is not dealt"
    match.run_effects(1, None, (dataclasses.replace(_effect("damage"), amount=1),), elemental.id)
    assert match.chain.pending and match.chain.pending[0].payload["card"] == elemental.id
    act(match, 0, {"type": "pass"})
    settle(match)
    assert match.seats[1].hero.damage == 1


# --- the loader -------------------------------------------------------------------------------------

ALLY = {"name": "X", "type": "ally", "cost": 1, "atk": 1, "damage_type": "melee", "health": 1}
SPELL = {"name": "Y", "type": "ability", "cost": 1}


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({**ALLY, "token": True, "cost": 2}, "c.token"),
        ({**SPELL, "token": True}, "c.token"),
        ({**SPELL, "attach_to": "friendly_ally"}, "c.attach_to"),
        ({**SPELL, "keywords": ["ongoing"], "attach_to": "chain_item"}, "c.attach_to"),
        (
            {**SPELL, "abilities": [{"when": "play", "effects": [{"do": "token", "amount": 1}]}]},
            "c.abilities[0].effects[0].card",
        ),
        (
            {**SPELL, "abilities": [{"when": "play", "effects": [{"do": "search"}]}]},
            "c.abilities[0].effects[0].filter",
        ),
        (
            {**SPELL, "abilities": [{"when": "play", "effects": [{"do": "search", "filter": {}}]}]},
            "c.abilities[0].effects[0].filter",
        ),
        (
            {
                **SPELL,
                "abilities": [{"when": "play", "effects": [{"do": "search", "filter": {"type": "x"}}]}],
            },
            "c.abilities[0].effects[0].filter.type",
        ),
        (
            {
                **SPELL,
                "abilities": [{"when": "play", "effects": [{"do": "damage", "filter": {"type": "ally"}}]}],
            },
            "c.abilities[0].effects[0].filter",
        ),
        (
            {**SPELL, "abilities": [{"when": "play", "effects": [{"do": "reveal", "zone": "graveyard"}]}]},
            "c.abilities[0].effects[0].zone",
        ),
        (
            {
                **SPELL,
                "abilities": [{"when": "play", "effects": [{"do": "interrupt", "target": "enemy_ally"}]}],
            },
            "c.abilities[0].effects[0].target",
        ),
        (
            {
                **SPELL,
                "abilities": [{"when": "play", "effects": [{"do": "destroy", "target": "chain_item"}]}],
            },
            "c.abilities[0].effects[0].target",
        ),
        (
            {
                **SPELL,
                "abilities": [{"when": "play", "effects": [{"do": "discard", "target": "enemy_ally"}]}],
            },
            "c.abilities[0].effects[0].target",
        ),
        (
            {**SPELL, "abilities": [{"when": "play", "effects": [{"do": "destroy", "target": "opponent"}]}]},
            "c.abilities[0].effects[0].target",
        ),
        (
            {
                **ALLY,
                "abilities": [{"when": "attacks", "effects": [{"do": "interrupt", "target": "chain_item"}]}],
            },
            "c.abilities[0].effects",
        ),
    ],
)
def test_w18_the_loader_names_the_field_of_a_bad_new_word(raw: dict[str, Any], where: str) -> None:
    assert where in loader_problems(raw)


@pytest.mark.parametrize(
    "when", ["enters", "leaves", "turn_start", "turn_end", "attacks", "attacked", "damaged"]
)
def test_w9_4_a_trigger_may_choose_a_character_but_no_chain_item(when: str) -> None:
    # Its controller chooses the character as it goes on the chain (W9.4); a chain item it
    # could never name (the chain it would go on is the one it would interrupt).
    chooses = {**ALLY, "abilities": [
        {"when": when, "effects": [{"do": "heal", "amount": 2, "target": "friendly_character"}]}
    ]}  # fmt: skip
    problems: list[Problem] = []
    assert parse_card(chooses, "c", problems) is not None and problems == []
    counters = {
        **ALLY,
        "abilities": [{"when": when, "effects": [{"do": "interrupt", "target": "chain_item"}]}],
    }
    parse_card(counters, "c", problems)
    assert [(p.where, p.message) for p in problems] == [
        ("c.abilities[0].effects", f"a triggered ability ({when}) chooses no chain item (W9.4)")
    ]


def test_w9_4_bonecharm_witch_heals_your_hero_as_it_enters() -> None:
    match = start()
    resources(match, 0, 3)
    hero = match.seats[0].hero
    hero.damage = 5
    play(match, 0, give(match, 0, "Bonecharm Witch"))
    settle(match)  # the ally resolves, then its enters trigger (W9.4)
    assert hero.damage == 3
    assert not [e for e in match.events if e.public["type"] == "interrupted"]


@pytest.mark.parametrize(
    "when", ["enters", "leaves", "turn_start", "turn_end", "attacks", "attacked", "damaged"]
)
def test_w9_4_the_loader_accepts_each_trigger_with_fixed_targets(when: str) -> None:
    raw = {
        **ALLY,
        "abilities": [{"when": when, "effects": [{"do": "damage", "amount": 1, "target": "enemy_hero"}]}],
    }
    assert loader_problems(raw) == []


def test_w18_every_token_effect_of_the_sample_set_names_a_token_card() -> None:
    named = [e.card for c in catalog() for a in c.abilities for e in a.effects if e.do == "token"]
    assert named, "the sample set uses token"
    for name in named:
        card = catalog().get(name)
        assert isinstance(card, Card) and card.token, name


NEW_WORDS = ("discard", "search", "reveal", "return_to_hand", "remove_from_game", "remove_from_combat",
             "interrupt", "token")  # fmt: skip


def test_w18_the_sample_set_uses_every_new_effect_word_and_trigger() -> None:
    from engine.games.wow.cards import WHENS

    words = {e.do for c in catalog() for a in c.abilities for e in a.effects}
    assert set(NEW_WORDS) <= words, set(NEW_WORDS) - words
    assert set(WHENS) <= {a.when for c in catalog() for a in c.abilities}
    assert any(c.attach_to for c in catalog()) and any(c.token for c in catalog())

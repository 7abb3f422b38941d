"""RULES.md W1–W5 and W16 sections without a test of their own elsewhere, one test or more each,
named by its number: cards and their type lines (W1), deck rules (W2, through the deck
validator), attachments (W3.4), hidden information (W4), set-up (W5) and the seeded generator
(W16.1). A test that plays does so on a position set up directly (match/scenario.py); set-up
and the generator are what a built position skips, so those tests start a match from decks."""

from __future__ import annotations

from typing import Any

from engine.decklist import Decklist
from engine.games.wow import RULES
from engine.games.wow.cards import Card, parse_card
from engine.games.wow.match.state import ATTACHED, CHAIN, GRAVEYARD
from engine.problems import Problem
from tests.support.wow import act, both_pass, catalog, deck, new_match, position, refused

GROTHA, MIREL, VASHKA = "Grotha Ashmane", "Mirel Duskwhisper", "Vashka Stormcaller"


def card(name: str) -> Card:
    found = catalog().get(name)
    assert isinstance(found, Card), name
    return found


def codes(hero: str, main: dict[str, int], **options: Any) -> list[tuple[str, str | None]]:
    decklist = Decklist(game="wow", zones={"hero": hero, "main": main, "side": options.pop("side", {})})
    return [(v.code, v.card) for v in RULES.validate_deck(decklist, catalog(), options=options)]


# --- W1 cards ------------------------------------------------------------------------------


def test_w1_1_a_card_has_its_name_cost_traits_type_line_text_and_number():
    outrider = RULES.card_summary(card("Tusked Outrider"))
    assert outrider["name"] == "Tusked Outrider" and outrider["cost"] == 4
    assert outrider["faction"] == "horde" and outrider["type"] == "ally"
    assert outrider["tags"] == ["Tauren", "Warrior"], "the type line: the type and its words"
    assert outrider["text"] and outrider["number"] > 0
    match = position({"turn": 3, "seats": [{"hero": GROTHA, "allies": ["Tusked Outrider"]}, {"hero": MIREL}]})
    shown = match.observation(1)["seats"][0]["allies"][0]
    assert (shown["card"], shown["atk"], shown["health"]) == ("Tusked Outrider", 2, 5)


def test_w1_2_the_seven_types_equipment_being_weapons_armor_and_items():
    types = {c.type for c in catalog()}
    assert types == {"hero", "ally", "weapon", "armor", "item", "ability", "quest"}
    assert {c.type for c in catalog() if c.is_equipment} == {"weapon", "armor", "item"}
    problems: list[Problem] = []
    parse_card({"name": "Odd", "type": "spell"}, "cards[0]", problems)
    assert [p.where for p in problems] == ["cards[0].type"]


def test_w1_6_a_type_line_tag_with_a_limit_is_checked_in_play():
    assert RULES.card_summary(card("Searing Totem"))["tags"] == ["Fire Totem (1)"]
    match = position({"turn": 3, "seats": [
        {"hero": VASHKA, "hero_row": ["Bloodroar Totem"], "hand": ["Searing Totem"],
         "resources": ["Warband Recruit"] * 2},
        {"hero": GROTHA},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "keep"
    assert match.pending.info["rule"] == "W13.2", "Fire Totem (1): one of the two stays"


def test_w1_6_two_handed_and_off_hand_are_type_line_words_with_rules():
    greataxe, dirk = card("Ironjaw Greataxe"), card("Sundered Dirk")
    assert {"two_handed", "melee"} <= greataxe.keywords and "off_hand" in dirk.keywords
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hero_row": ["Ironjaw Greataxe"], "hand": ["Sundered Dirk"],
         "resources": ["Warband Recruit"]},
        {"hero": MIREL},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "keep"
    assert match.pending.info["rule"] == "W13.3"


def test_w1_8_card_text_beats_the_rulebook_through_a_word_of_the_vocabulary():
    # W11.1 keeps an ally that just arrived from attacking; the word Ferocity on a card lets it.
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": [{"card": "Flickering Ember", "new": True},
                                    {"card": "Warband Recruit", "new": True}]},
        {"hero": MIREL},
    ]})  # fmt: skip
    ember, recruit = match.seats[0].allies
    hero = match.seats[1].hero.id
    assert {"type": "attack", "attacker": ember.id, "defender": hero} in match.legal_actions(0)
    refusal = refused(match, 0, {"type": "attack", "attacker": recruit.id, "defender": hero})
    assert refusal.code == "just_arrived"


# --- W2 decks (the deck validator) ---------------------------------------------------------


def test_w2_1_sixty_cards_at_least_not_counting_the_hero_and_no_maximum():
    assert codes(GROTHA, {"Warband Recruit": 59}) == [("main_size", None)]
    assert codes(GROTHA, {"Warband Recruit": 60}) == []
    assert codes(GROTHA, {"Warband Recruit": 400}) == []
    assert ("hero_in_deck", GROTHA) in codes(GROTHA, {"Warband Recruit": 60, GROTHA: 1})
    match = position({"turn": 3, "seats": [{"hero": GROTHA, "deck": ["Warband Recruit"]}, {"hero": MIREL}]})
    assert [i.name for i in match.seats[0].deck] == ["Warband Recruit"], "the hero is in play, not the deck"


def test_w2_2_four_copies_unless_unlimited_and_unique_cards_four_too():
    base = {"Warband Recruit": 56}
    assert codes(GROTHA, {**base, "Battle Fury": 4}) == []
    assert codes(GROTHA, {**base, "Battle Fury": 5}) == [("copy_limit", "Battle Fury")]
    assert codes(GROTHA, {"Warband Recruit": 60}) == [], "Unlimited"
    assert codes(GROTHA, {**base, "Warchief's Standard": 4}) == [], "a unique card: four in the deck"
    assert codes(GROTHA, {**base, "Warchief's Standard": 5}) == [("copy_limit", "Warchief's Standard")]


def test_w2_3_a_card_needs_the_heros_faction_and_the_heros_class_per_icon_kind():
    base = {"Warband Recruit": 60}
    assert codes(GROTHA, {**base, "Shieldbreaker Strike": 1}) == []  # warrior class
    assert codes(GROTHA, {**base, "Traveler's Pack": 1}) == []  # no icons: neutral
    assert codes(GROTHA, {**base, "Gilded Footman": 1}) == [("no_shared_trait", "Gilded Footman")]
    # an Alliance warrior: the class is shared, the faction is not
    assert codes(GROTHA, {**base, "Hearthguard Veteran": 1}) == [("no_shared_trait", "Hearthguard Veteran")]
    assert codes(GROTHA, {**base, "Cinderbolt": 1}) == [("no_shared_trait", "Cinderbolt")]


def test_w2_3_a_race_or_profession_icon_works_as_hero_required():
    base = {"Warband Recruit": 60}
    assert codes(GROTHA, {**base, "Ancestral Rite": 1, "Deepforge Ingot": 1}) == []  # an orc blacksmith
    assert codes(MIREL, {"Warband Recruit": 60, "Ancestral Rite": 1, "Deepforge Ingot": 1}) == [
        ("no_shared_trait", "Ancestral Rite"),
        ("no_shared_trait", "Deepforge Ingot"),
    ]


def test_w2_4_a_card_that_requires_a_talent_needs_a_hero_with_it():
    base = {"Warband Recruit": 60}
    assert card("Iron Resolve").hero_required_talent == "protection"
    assert codes(GROTHA, {**base, "Cleaving Sweep": 1}) == []  # arms: Grotha's talent
    assert codes(GROTHA, {**base, "Iron Resolve": 1}) == [("talent_required", "Iron Resolve")]


def test_w2_6_sealed_and_draft_thirty_cards_any_copies_the_pool_as_sideboard():
    main = {"Ashfang Raider": 10, "Battle Fury": 10, "Traveler's Pack": 10}
    side = {"Rusted Cleaver": 12}
    for event_format in ("sealed", "draft"):
        assert codes(GROTHA, main, side=side, format=event_format) == []
        assert codes(GROTHA, {"Ashfang Raider": 29}, format=event_format) == [("main_size", None)]
    assert ("copy_limit", "Ashfang Raider") in codes(GROTHA, main), "constructed keeps four copies"


# --- W3.4 attachments ----------------------------------------------------------------------


def test_w3_4_several_attachments_of_one_name_go_to_their_owners_graveyards_with_the_host():
    match = position({"turn": 3, "seats": [
        {"hero": MIREL, "hand": ["Cinderbolt"], "resources": ["Warband Recruit"] * 2},
        {"hero": GROTHA, "allies": [{"card": "Ashfang Raider", "owner": 0}],
         "attached": [{"card": "Bloodlust Brand", "host": "allies[0]"}] * 2},
    ]})  # fmt: skip
    raider = match.seats[1].allies[0]
    brands = list(match.seats[1].attached)
    assert [b.zone for b in brands] == [ATTACHED, ATTACHED] and match.atk_of(raider) == 3 + 4
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "target": raider.id})
    both_pass(match)
    assert raider in match.seats[0].graveyard, "the host to its owner's graveyard (W3.5)"
    assert [b.zone for b in brands] == [GRAVEYARD, GRAVEYARD]
    assert all(b in match.seats[1].graveyard for b in brands), "the attachments to theirs"


# --- W4 hidden information -----------------------------------------------------------------


def hidden_position() -> Any:
    return position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Battle Fury", "Ashfang Raider"],
         "deck": ["Cleaving Sweep", "Rusted Cleaver"],
         "graveyard": ["Shieldbreaker Strike"], "removed": ["Tusked Outrider"],
         "resources": [{"card": "Iron Resolve", "exhausted": True}, "Unyielding Stand"]},
        {"hero": MIREL, "hand": ["Cinderbolt"], "deck": ["Arcane Insight"]},
    ]})  # fmt: skip


def test_w4_1_decks_are_hidden_from_everyone_and_a_hand_from_the_opponent():
    match = hidden_position()
    mine, theirs, spectator = match.observation(0), match.observation(1), match.spectator_view()
    assert mine["seats"][0]["deck"] == 2 and "deck_cards" not in mine["seats"][0]
    assert [c["card"] for c in mine["seats"][0]["hand"]] == ["Battle Fury", "Ashfang Raider"]
    assert theirs["seats"][0]["hand"] == 2 and spectator["seats"][0]["hand"] == 2
    assert {"Cleaving Sweep", "Rusted Cleaver"} <= match.hidden_from(0), "not even its owner knows its deck"
    assert {"Battle Fury", "Ashfang Raider", "Cleaving Sweep"} <= match.hidden_from(1)
    assert "Cinderbolt" not in match.hidden_from(1) and "Cinderbolt" in match.hidden_from(0)


def test_w4_2_graveyards_and_the_removed_zone_are_face_up_to_all():
    match = hidden_position()
    for view in (match.observation(1), match.spectator_view()):
        assert view["seats"][0]["graveyard"] == ["Shieldbreaker Strike"]
        assert view["seats"][0]["removed"] == ["Tusked Outrider"]
    assert not {"Shieldbreaker Strike", "Tusked Outrider"} & match.hidden_from(1)


def test_w4_3_a_face_down_resource_is_its_owners_and_a_back_to_the_opponent_also_on_the_chain():
    match = hidden_position()
    mine, theirs = match.observation(0)["seats"][0], match.observation(1)["seats"][0]
    assert [r["card"] for r in mine["resources"]] == ["Iron Resolve", "Unyielding Stand"]
    assert [(r["card"], r["exhausted"]) for r in theirs["resources"]] == [(None, True), (None, False)]
    assert "Iron Resolve" in match.hidden_from(1)
    raider = match.seats[0].hand[1]
    act(match, 0, {"type": "resource", "card": raider.id})
    assert raider.zone == CHAIN
    assert match.observation(1)["chain"]["items"][0]["payload"]["name"] is None
    assert match.observation(0)["chain"]["items"][0]["payload"]["name"] == "Ashfang Raider"
    assert "Ashfang Raider" in match.hidden_from(1)


def test_w4_5_each_seat_sees_its_own_hand_and_resources_by_name_the_opponents_as_sizes_and_backs():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Battle Fury"], "deck": ["Warband Recruit"] * 3,
         "resources": ["Cleaving Sweep"], "allies": ["Ashfang Raider"],
         "attached": [{"card": "Bloodlust Brand", "host": "allies[0]"}]},
        {"hero": MIREL, "hand": ["Cinderbolt", "Arcane Insight"], "resources": ["Frostveil Ward"]},
    ]})  # fmt: skip
    view = match.observation(0)
    me, them = view["seats"]
    assert [c["card"] for c in me["hand"]] == ["Battle Fury"]
    assert me["resources"][0]["card"] == "Cleaving Sweep"
    assert (them["hand"], them["deck"], them["resources"][0]["card"]) == (2, 0, None)
    assert me["allies"][0]["attached"][0]["card"] == "Bloodlust Brand", "attachments under their host"
    assert view["seats"][1]["hero"]["card"] == MIREL


# --- W5 set-up and W16 the generator (what a built position skips) -------------------------


def setup(seed: int, **options: Any) -> Any:
    mixed = {"Battle Fury": 20, "Warband Recruit": 20}
    decks = (Decklist(game="wow", zones={"hero": GROTHA, "main": mixed}), deck(MIREL, "Cinderbolt"))
    return new_match(catalog(), decks, seed=seed, **options)


def test_w5_1_the_seed_picks_the_first_player_unless_the_option_first_does():
    firsts = {setup(seed).first for seed in range(16)}
    assert firsts == {0, 1}
    for seed in range(4):
        match = setup(seed)
        assert match.pending is not None
        assert match.pending.seat == match.first, "the first player decides first"
        assert setup(seed).first == match.first, "the same seed, the same first player"
    assert {setup(seed, first=1).first for seed in range(8)} == {1}


def test_w5_2_one_seeded_shuffle_and_shuffle_false_keeps_the_decklists_order():
    mixed = Decklist(game="wow", zones={"hero": GROTHA, "main": {"Battle Fury": 20, "Warband Recruit": 20}})
    pair = (mixed, mixed)

    def opening(seed: int, **options: Any) -> list[str]:
        return [i.name for i in new_match(catalog(), pair, seed=seed, **options).seats[0].hand]

    assert opening(1, shuffle=False) == ["Battle Fury"] * 7
    assert opening(5) == opening(5), "the same seed, the same order"
    assert len({tuple(opening(seed)) for seed in range(8)}) > 1, "the seed shuffles"
    match = new_match(catalog(), pair, seed=3)
    assert {a["type"] for a in match.legal_actions(match.first)} == {"keep", "mulligan", "concede"}, "no cut"


def test_w16_1_one_seeded_generator_the_same_seed_and_actions_make_the_same_game():
    def play(seed: int) -> dict[str, Any]:
        match = setup(seed)
        act(match, match.first, {"type": "mulligan"})  # a shuffle from the generator
        act(match, 1 - match.first, {"type": "keep"})
        return match.judge_view()

    assert play(11) == play(11)
    views = [play(seed) for seed in range(6)]
    assert len({str(v["seats"][0]["deck_cards"]) for v in views}) > 1, "another seed, another game"

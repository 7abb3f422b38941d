"""Force of Will match rules, one test per rule of the digest (engine/games/fow/RULES.md) and
one per ability handler (F11). Matches are built unshuffled (``shuffle: false``) and the
board is arranged by moving card instances, then driven through ``Match.apply``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cardset import load_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.fow import SAMPLE_SET
from engine.games.fow.cards import Card
from engine.games.fow.match import IllegalAction, Match, new_match, replay
from engine.games.fow.match.effects import HANDLERS
from engine.games.fow.match.state import DECK, FIELD, GRAVEYARD, HAND, RULER_ZONE, START_LIFE
from engine.registry import get_game

CATALOG: Catalog[Card] = Catalog(load_card_set(SAMPLE_SET).cards)
EVERY_CARD = {c.name: 4 for c in CATALOG if not c.is_ruler and not c.is_stone}
STONES = {"Dawnlit Shard": 8, "Ember Shard": 8, "Tidal Shard": 8, "Gale Shard": 8, "Gloom Shard": 8}


def deck(ruler: str) -> Decklist:
    return Decklist(game="fow", zones={"ruler": ruler, "main": dict(EVERY_CARD), "stones": dict(STONES)})


def fresh(ruler0: str = "Morvane, the Ashen Regent", ruler1: str = "Aurelia, Warden of the Dawnspire",
          **options: Any) -> Match:  # fmt: skip
    """A match after both keep: seat 0's first turn, its main phase, its priority."""
    match = new_match(CATALOG, (deck(ruler0), deck(ruler1)), seed=5, shuffle=False, first=0, **options)
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    # Something seat 0 may always do ([Rest]: gain 200 life), so that it is asked at every
    # priority instead of passing by itself (F8.3 [decision]); seat 1 has nothing and passes.
    to_field(match, 0, "Lantern Acolyte")
    return match


def end_turn(match: Match) -> None:
    """Pass until the turn changes (or the turn player must discard)."""
    start = match.turn
    while match.turn == start and not match.is_over:
        decision = match.decision()
        assert decision is not None
        if decision.kind == "discard":
            return
        act(match, decision.seat, type="pass")


def take(match: Match, seat: int, name: str) -> Any:
    side = match.seats[seat]
    for pile in (side.deck, side.stones, side.hand):
        for inst in pile:
            if inst.name == name:
                pile.remove(inst)
                return inst
    raise AssertionError(f"no {name} left in seat {seat}'s decks")


def to_hand(match: Match, seat: int, name: str) -> Any:
    inst = take(match, seat, name)
    inst.zone = HAND
    inst.known = 1 << seat
    match.mint(inst)  # F4.5: in its owner's sight, with an id
    match.seats[seat].hand.append(inst)
    return inst


def to_field(match: Match, seat: int, name: str, *, new: bool = False) -> Any:
    inst = take(match, seat, name)
    match.to_field(inst, seat)
    inst.entered = match.turn if new else match.turn - 1
    return inst


def will(match: Match, seat: int, *names: str) -> None:
    for name in names:
        to_field(match, seat, name)


def act(match: Match, seat: int, **action: Any) -> list[dict[str, Any]]:
    return [event.judge_dict() for event in match.apply(seat, action)]


def refused(match: Match, seat: int, **action: Any) -> IllegalAction:
    seq = match.seq
    with pytest.raises(IllegalAction) as error:
        match.apply(seat, action)
    assert match.seq == seq
    return error.value


def resolve_all(match: Match) -> None:
    """Pass until the chase is empty (the other seat passes too)."""
    while match.chain.items and not match.is_over:
        decision = match.decision()
        assert decision is not None and decision.kind == "priority"
        match.apply(decision.seat, {"type": "pass"})


# --- F5 setup ----------------------------------------------------------------------------------


def test_F5_2_both_start_at_4000_life_with_five_cards_and_the_first_player_decides_first() -> None:
    match = new_match(CATALOG, (deck("Morvane, the Ashen Regent"), deck("Ilsa of the Seven Tides")), seed=3)
    assert [s.life for s in match.seats] == [START_LIFE, START_LIFE] == [4000, 4000]
    assert [len(s.hand) for s in match.seats] == [5, 5]
    decision = match.decision()
    assert decision is not None and decision.kind == "mulligan" and decision.seat == match.first


def test_F5_2_a_mulligan_shuffles_the_chosen_cards_into_the_deck_and_draws_as_many() -> None:
    match = new_match(CATALOG, (deck("Morvane, the Ashen Regent"), deck("Ilsa of the Seven Tides")), seed=3,
                      first=1, shuffle=False)  # fmt: skip
    cards = list(match.seats[1].hand)
    hand = [inst.id for inst in cards]
    act(match, 1, type="mulligan", cards=hand[:2])
    now = [inst.id for inst in match.seats[1].hand]
    assert len(now) == 5 and hand[2:] == now[:3] and not set(hand[:2]) & set(now[3:])
    # F4.5 [decision]: back in the deck they have no id; their old ids name nothing
    assert all(inst.zone == DECK and inst.id == -1 for inst in cards[:2])
    assert not set(hand[:2]) & set(match.by_id)
    assert refused(match, 0, type="mulligan", cards=[hand[2]]).code == "mulligan_not_in_hand"


def test_F5_1_the_ruler_starts_in_the_ruler_zone_for_everyone_to_see() -> None:
    match = fresh()
    assert match.seats[0].ruler.zone == RULER_ZONE
    assert match.observation(1)["seats"][0]["ruler"]["card"] == "Morvane, the Ashen Regent"


# --- F6 turns ----------------------------------------------------------------------------------


def test_F6_1_the_first_player_skips_the_first_draw_the_other_draws() -> None:
    match = fresh()
    assert len(match.seats[0].hand) == 5
    end_turn(match)
    assert match.active == 1 and len(match.seats[1].hand) == 6


def test_F6_2_recovery_recovers_everything_including_the_ruler() -> None:
    match = fresh()
    stone = to_field(match, 1, "Gale Shard")
    stone.rested = True
    match.seats[1].ruler.rested = True
    end_turn(match)
    while match.phase == "draw":  # F8.4: the window after the draw comes before recovery
        decision = match.decision()
        assert decision is not None
        act(match, decision.seat, type="pass")
    assert match.active == 1 and not stone.rested and not match.seats[1].ruler.rested


def test_F6_3_a_card_without_quickcast_waits_for_main_timing() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Ember Shard", "Ember Shard")
    to_hand(match, 0, "Searing Cascade")
    imp = to_hand(match, 0, "Ember Imp")
    cascade = next(i for i in match.seats[0].hand if i.name == "Searing Cascade")
    act(match, 0, type="play", card=cascade.id, player=1)  # on the chase; seat 0 keeps priority
    error = refused(match, 0, type="play", card=imp.id)
    assert (error.rule, error.code) == ("F6.3", "not_main_timing")


def test_F6_4_the_turn_player_discards_down_to_seven_in_the_end_phase() -> None:
    match = fresh()
    for name in ("Ember Imp", "Gale Sprite", "Flare Bolt"):
        to_hand(match, 0, name)
    end_turn(match)
    decision = match.decision()
    assert decision is not None and decision.kind == "discard" and decision.seat == 0
    act(match, 0, type="discard", card=match.seats[0].hand[0].id)
    assert len(match.seats[0].hand) == 7 and match.active == 1


# --- F7 will, calling, Judgment -----------------------------------------------------------------


def test_F7_1_attribute_symbols_need_will_of_their_attribute() -> None:
    match = fresh()
    will(match, 0, "Gale Shard", "Gale Shard")
    drake = to_hand(match, 0, "Cinderclaw Drake")  # {R}{2}
    will(match, 0, "Gale Shard")
    error = refused(match, 0, type="play", card=drake.id)
    assert (error.rule, error.code) == ("F7.1", "too_expensive")
    will(match, 0, "Ember Shard")
    act(match, 0, type="play", card=drake.id)
    assert sum(1 for i in match.seats[0].field if i.card.is_stone and i.rested) == 3


def test_F7_2_the_ruler_rests_to_call_the_top_stone_once_a_turn() -> None:
    match = fresh()
    top = match.seats[0].stones[0]
    act(match, 0, type="call")
    assert top.zone == FIELD and not top.rested and match.seats[0].ruler.rested
    assert refused(match, 0, type="call").code == "action_used"


def test_F7_3_judgment_goes_on_the_chase_and_the_j_ruler_enters_recovered() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Gloom Shard", "Gale Shard")
    events = act(match, 0, type="judgment")
    assert any(e["type"] == "judgment" for e in events) and len(match.chain.items) == 1
    resolve_all(match)
    ruler = match.seats[0].ruler
    assert ruler.j and ruler.zone == FIELD and not ruler.rested and match.attack(ruler) == 900
    assert not any(a["type"] == "attack" and a["card"] == ruler.id for a in match.legal_actions(0))  # F9.1


def test_F7_4_a_destroyed_j_ruler_returns_to_the_ruler_zone_and_judges_no_more() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Gloom Shard", "Gale Shard")
    act(match, 0, type="judgment")
    resolve_all(match)
    ruler = match.seats[0].ruler
    match.destroy(ruler)
    assert ruler.zone == RULER_ZONE and not ruler.j
    for stone in match.seats[0].field:
        stone.rested = False
    assert refused(match, 0, type="judgment").code == "action_used"


# --- F8 the chase ------------------------------------------------------------------------------


def test_F8_1_the_last_item_on_the_chase_resolves_first() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Ember Shard", "Ember Shard", "Ember Shard", "Ember Shard")
    imp = to_field(match, 1, "Hollow Automaton")
    bolt = to_hand(match, 0, "Flare Bolt")
    cascade = to_hand(match, 0, "Searing Cascade")
    act(match, 0, type="play", card=cascade.id, player=1)
    act(match, 0, type="play", card=bolt.id, target=imp.id)
    events = []
    while match.chain.items:
        events += act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    order = [e["card"] for e in events if e["type"] == "resolves"]
    assert order == ["Flare Bolt", "Searing Cascade"]


def test_F8_2_quickcast_is_played_in_the_opponents_turn() -> None:
    match = fresh()
    to_field(match, 0, "Dawnspire Lancer")
    will(match, 1, "Dawnlit Shard")
    hymn = to_hand(match, 1, "Sanctuary Hymn")
    act(match, 0, type="pass")  # seat 1 gets priority with an empty chase (F8.4)
    decision = match.decision()
    decision = match.decision()
    assert decision is not None and decision.seat == 1
    act(match, 1, type="play", card=hymn.id)
    resolve_all(match)
    assert match.seats[1].life == 4500


# --- F9 battle ---------------------------------------------------------------------------------


def test_F9_1_a_resonator_cannot_attack_the_turn_it_enters_unless_swift() -> None:
    match = fresh()
    slow = to_field(match, 0, "Hollow Automaton", new=True)
    swift = to_field(match, 0, "Ember Imp", new=True)
    assert refused(match, 0, type="attack", card=slow.id, player=1).code == "cannot_attack"
    act(match, 0, type="attack", card=swift.id, player=1)
    resolve_all(match)
    while match.battle is not None:
        act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    assert match.seats[1].life == 4000 - 300  # F9.4


def test_F9_1_only_a_rested_resonator_can_be_attacked() -> None:
    match = fresh()
    attacker = to_field(match, 0, "Forge-Born Golem")
    target = to_field(match, 1, "Hollow Automaton")
    assert refused(match, 0, type="attack", card=attacker.id, target=target.id).code == "illegal_target"
    target.rested = True
    act(match, 0, type="attack", card=attacker.id, target=target.id)


def test_F9_2_a_block_rests_the_blocker_which_battles_instead() -> None:
    match = fresh()
    attacker = to_field(match, 0, "Dawnspire Lancer")  # 500/400
    blocker = to_field(match, 1, "Forge-Born Golem")  # 900/900
    act(match, 0, type="attack", card=attacker.id, player=1)
    act(match, 0, type="pass")  # F9.6: the window after the declaration
    decision = match.decision()
    assert decision is not None and decision.kind == "block"
    act(match, 1, type="block", card=blocker.id)
    assert blocker.rested  # seed L116 «отправить … на отдых, чтобы блокировать»
    while match.battle is not None:
        act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    assert attacker.zone == GRAVEYARD and blocker.damage == 500 and match.seats[1].life == 4000


def test_F9_2_only_flying_blocks_flying() -> None:
    match = fresh()
    flyer = to_field(match, 0, "Gilded Griffin Knight")
    to_field(match, 1, "Forge-Born Golem")
    act(match, 0, type="attack", card=flyer.id, player=1)
    assert match.block_options() == []
    while match.battle is not None:
        decision = match.decision()
        assert decision is not None and decision.kind == "priority"  # never a block
        act(match, decision.seat, type="pass")
    assert match.seats[1].life == 3200


def test_F9_5_both_cards_deal_damage_as_in_the_seeds_example() -> None:
    # seed L108: «У атакующей карты 400 атаки и защиты, а у атакованной – 500 атаки и 400 защиты …
    # обе они уничтожатся»
    match = fresh()
    attacker = to_field(match, 0, "Hollow Automaton")  # 500/600
    target = to_field(match, 1, "Dawnspire Lancer")  # 500/400
    target.rested = True
    act(match, 0, type="attack", card=attacker.id, target=target.id)
    while match.battle is not None:
        act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    assert target.zone == GRAVEYARD and attacker.zone == FIELD and match.defense(attacker) == 100


# --- F12, F13 the end ---------------------------------------------------------------------------


def test_F12_1_a_player_at_zero_life_loses() -> None:
    match = fresh()
    match.seats[1].life = 300
    imp = to_field(match, 0, "Ember Imp")
    act(match, 0, type="attack", card=imp.id, player=1)
    while not match.is_over:
        act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "life")


def test_F12_1_drawing_from_an_empty_deck_in_the_draw_phase_loses() -> None:
    match = fresh()
    side = match.seats[1]
    for inst in side.deck:
        inst.zone = GRAVEYARD
    side.graveyard += side.deck
    side.deck = []
    end_turn(match)
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "deck_out")


def test_F13_1_the_turn_limit_ends_the_game_in_a_draw() -> None:
    match = fresh(turn_limit=1)
    end_turn(match)
    assert match.result is not None and (match.result.winner, match.result.reason) == (None, "turn_limit")


# --- F11 the ability handlers -------------------------------------------------------------------


def test_F11_every_effect_word_has_a_handler() -> None:
    from engine.games.fow.cards import EFFECTS

    assert set(HANDLERS) == set(EFFECTS)


def play_chant(match: Match, name: str, stones: tuple[str, ...], **target: Any) -> None:
    will(match, 0, *stones)
    card = to_hand(match, 0, name)
    act(match, 0, type="play", card=card.id, **target)
    resolve_all(match)


def test_F11_damage_to_a_resonator_and_to_a_player() -> None:
    match = fresh()
    lancer = to_field(match, 1, "Dawnspire Lancer")
    play_chant(match, "Flare Bolt", ("Ember Shard",), target=lancer.id)
    assert lancer.zone == GRAVEYARD
    play_chant(match, "Searing Cascade", ("Ember Shard",) * 3, player=1)
    assert match.seats[1].life == 3300


def test_F11_pump_lasts_until_end_of_turn() -> None:
    match = fresh()
    lancer = to_field(match, 0, "Dawnspire Lancer")
    play_chant(match, "Whispering Gust", ("Gale Shard",), target=lancer.id)
    assert (match.attack(lancer), match.defense(lancer)) == (700, 600)
    end_turn(match)
    assert (match.attack(lancer), match.defense(lancer)) == (500, 400)


def test_F11_destroy() -> None:
    match = fresh()
    golem = to_field(match, 1, "Forge-Born Golem")
    play_chant(match, "Radiant Verdict", ("Dawnlit Shard", "Gale Shard"), target=golem.id)
    assert golem.zone == GRAVEYARD


def test_F11_bounce_returns_to_the_owners_hand() -> None:
    match = fresh()
    golem = to_field(match, 1, "Forge-Born Golem")
    play_chant(match, "Shatter the Sigil", ("Gale Shard", "Gale Shard"), target=golem.id)
    assert golem.zone == HAND and golem in match.seats[1].hand


def test_F11_draw_and_damage_to_the_opponent() -> None:
    match = fresh()
    before = len(match.seats[0].hand)
    play_chant(match, "Eclipse Pact", ("Gloom Shard", "Dawnlit Shard", "Gale Shard"))
    assert len(match.seats[0].hand) == before + 2 and match.seats[1].life == 3700


def test_F11_gain_life_on_entering() -> None:
    match = fresh()
    will(match, 0, "Dawnlit Shard", "Gale Shard", "Gale Shard")
    sentinel = to_hand(match, 0, "Halo Sentinel")
    act(match, 0, type="play", card=sentinel.id)
    resolve_all(match)  # the resonator, then its «enter» trigger (F8.5)
    assert sentinel.zone == FIELD and match.seats[0].life == 4300


def test_F11_call_stone() -> None:
    match = fresh()
    will(match, 0, "Gale Shard", "Gale Shard")
    before = len(match.seats[0].stones)
    play_chant(match, "Call of the Deep Vein", ())
    assert len(match.seats[0].stones) == before - 1


def test_F11_cancel_takes_an_item_off_the_chase() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Ember Shard", "Ember Shard")
    cascade = to_hand(match, 0, "Searing Cascade")
    will(match, 1, "Tidal Shard", "Tidal Shard")
    reversal = to_hand(match, 1, "Tidal Reversal")
    act(match, 0, type="play", card=cascade.id, player=1)
    act(match, 0, type="pass")
    item = match.chain.items[0].id
    act(match, 1, type="play", card=reversal.id, item=item)
    resolve_all(match)
    assert match.seats[1].life == 4000 and cascade.zone == GRAVEYARD


def test_F11_a_destroyed_trigger_deals_damage() -> None:
    match = fresh()
    wraith = to_field(match, 1, "Grave Lantern Wraith")
    play_chant(match, "Radiant Verdict", ("Dawnlit Shard", "Gale Shard"), target=wraith.id)
    assert match.seats[0].life == 3700


def test_F11_an_attack_trigger_of_the_j_ruler() -> None:
    match = fresh()
    will(match, 0, "Ember Shard", "Gloom Shard", "Gale Shard")
    act(match, 0, type="judgment")
    resolve_all(match)
    match.seats[0].ruler.entered = 0
    act(match, 0, type="attack", card=match.seats[0].ruler.id, player=1)
    while match.battle is not None:
        act(match, match.decision().seat, type="pass")  # type: ignore[union-attr]
    assert match.seats[1].life == 4000 - 200 - 900


def test_F10_2_an_equip_addition_boosts_its_resonator_and_leaves_with_it() -> None:
    match = fresh()
    lancer = to_field(match, 0, "Dawnspire Lancer")
    will(match, 0, "Dawnlit Shard", "Gale Shard")
    banner = to_hand(match, 0, "Banner of the Dawnspire")
    act(match, 0, type="play", card=banner.id, target=lancer.id)
    resolve_all(match)
    assert banner.equipped_to == lancer.id and match.attack(lancer) == 800
    match.destroy(lancer)
    assert banner.zone == GRAVEYARD


# --- the protocol's site actions, hidden information, the log -----------------------------------


def test_no_show_of_both_players_is_a_draw() -> None:
    match = fresh()
    act(match, 0, type="no_show", both=True)
    assert match.result is not None and (match.result.winner, match.result.reason) == (None, "no_show")


def test_F4_1_the_opponents_hand_is_a_count() -> None:
    match = fresh()
    seen = match.observation(1)["seats"][0]
    assert seen["hand"] == 5 and "deck_cards" not in seen
    assert "seed" not in match.observation(0) and match.judge_view()["seed"] == 5


def test_the_log_replays_to_the_same_state() -> None:
    match = new_match(CATALOG, (deck("Morvane, the Ashen Regent"), deck("Ilsa of the Seven Tides")), seed=9)
    from engine.games.fow.bots import make_bot

    bots = [make_bot("heuristic", 1), make_bot("random", 2)]
    while not match.is_over:
        decision = match.decision()
        assert decision is not None
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    again = replay(match.to_log(["DWN1"]), CATALOG)
    assert again.judge_view() == match.judge_view()


# --- between games and after them ----------------------------------------------------------------


def test_F2_4_sideboarding_swaps_cards_with_the_side_deck_and_adds_none() -> None:
    from engine.decklist import load_decklist
    from engine.games.fow import DECKS_DIR, RULES

    engine = RULES.match_engine
    assert engine is not None
    before = load_decklist(DECKS_DIR / "aurelia_light.json", game="fow")
    zones = {k: (dict(v) if isinstance(v, dict) else v) for k, v in before.zones.items()}
    del zones["main"]["Whispering Gust"]
    del zones["side"]["Skyreach Archer"]
    zones["main"]["Skyreach Archer"] = 2
    zones["side"]["Whispering Gust"] = 2
    assert engine.swap_problems(before, Decklist(game="fow", zones=zones), CATALOG) == []
    zones["main"]["Halo Sentinel"] = 1  # a fifth Sentinel from nowhere
    codes = [v.code for v in engine.swap_problems(before, Decklist(game="fow", zones=zones), CATALOG)]
    assert "bad_swap" in codes


def test_F4_a_players_copy_of_the_log_has_no_seed_and_no_unseen_opponent_card() -> None:
    from engine.games.fow.match import redacted_log

    match = fresh()
    log = match.to_log(["DWN1"])
    mine = redacted_log(log, CATALOG, 0)
    assert mine["seed"] is None and mine["players"][1]["deck"] is None
    assert mine["players"][1]["revealed"]["ruler"] == "Aurelia, Warden of the Dawnspire"
    assert mine["players"][0]["deck"] == log["players"][0]["deck"]


def test_the_engine_samples_legal_decks_for_every_ruler() -> None:
    from engine.games.fow import RULES

    assert RULES.match_engine is not None
    decks = RULES.match_engine.sample_decks(CATALOG, seed=1)
    assert len(decks) == sum(1 for c in CATALOG if c.is_ruler)
    assert all(RULES.validate_deck(d, CATALOG) == [] for d in decks)


# --- F4.5 [decision]: new objects and ids, F8.3: passing by itself, the chase at the end ----------


def test_F4_5_a_card_back_in_the_hand_is_a_new_object_and_a_deck_has_no_ids() -> None:
    match = fresh()
    assert all(inst.id == -1 for side in match.seats for inst in (*side.deck, *side.stones))
    lancer = to_field(match, 1, "Dawnspire Lancer")
    on_field = lancer.id
    match.leave_field(lancer, HAND)
    assert lancer.zone == HAND and lancer.id != on_field and on_field not in match.by_id
    assert match.by_id[lancer.id] is lancer
    assert match.observation(0)["seats"][1]["hand"] == len(match.seats[1].hand)
    assert "known_hand" not in match.observation(0)["seats"][1]


def test_F8_3_a_seat_is_asked_whenever_its_hand_might_hold_a_quickcast_card_it_could_pay() -> None:
    # The same board, seat 1 holding a [Quickcast] chant or a card it cannot play now: asked
    # alike (the stone could pay a [Quickcast] card of the game), so the opponent learns
    # nothing of the hand; with no card in hand it passes by itself.
    for name in ("Sanctuary Hymn", "Hollow Automaton"):
        match = fresh()
        will(match, 1, "Dawnlit Shard")
        for inst in list(match.seats[1].hand):
            match.seats[1].hand.remove(inst)
            match.to_graveyard(inst)
        to_hand(match, 1, name)
        events = act(match, 0, type="pass")
        decision = match.decision()
        assert decision is not None and (decision.kind, decision.seat) == ("priority", 1), name
        assert not [e for e in events if e.get("auto")], name
    empty = fresh()
    will(empty, 1, "Dawnlit Shard")
    for inst in list(empty.seats[1].hand):
        empty.seats[1].hand.remove(inst)
        empty.to_graveyard(inst)
    events = act(empty, 0, type="pass")
    assert {"type": "pass", "seat": 1, "auto": True} in events


def test_F8_1_a_game_that_ends_with_a_card_on_the_chase_keeps_it_there() -> None:
    match = fresh()
    will(match, 0, "Ember Shard")
    target = to_field(match, 1, "Hollow Automaton")
    bolt = to_hand(match, 0, "Flare Bolt")
    act(match, 0, type="play", card=bolt.id, target=target.id)
    act(match, 1, type="concede")
    assert match.result is not None and match.result.reason == "concede"
    chase = match.judge_view()["chase"]
    assert [item["payload"]["name"] for item in chase] == ["Flare Bolt"]
    assert match.judge_view()["priority"] is None
    engine = get_game("fow").match_engine
    assert engine is not None and engine.invariants(match) == []

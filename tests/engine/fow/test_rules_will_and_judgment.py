"""RULES.md F7 (will, stones, Judgment), on positions built with the scenario builder."""

from __future__ import annotations

from engine.games.fow.match.state import FIELD, RULER_ZONE
from tests.support.fow import (
    AURELIA,
    ILSA,
    SOLENNE,
    act,
    card,
    decision_kind,
    pass_until,
    position,
    refusal,
    seat,
)

SOLENNE_STONES = ["Prism of the First Dawn", "Twinflame Crystal", "Ember Shard"]


def test_f7_1_a_cost_the_stones_can_pay_is_accepted_whichever_stone_pays_which_symbol() -> None:
    # Solenne's Judgment {light, wind, 1}: only Twinflame for light, Prism for wind, Ember for 1.
    match = position(seat(SOLENNE, field=list(SOLENNE_STONES)))
    assert {"type": "judgment"} in match.legal_actions(0)
    act(match, 0, type="judgment")  # then nobody can do anything: it resolves (F8.3)
    assert all(card(match, 0, name).rested for name in SOLENNE_STONES)
    assert match.seats[0].ruler.zone == FIELD and match.seats[0].ruler.j


def test_f7_1_a_cost_no_payment_covers_is_refused() -> None:
    match = position(
        seat(SOLENNE, field=["Twinflame Crystal", "Ember Shard", "Ember Shard"], hand=["Ember Imp"])
    )
    assert refusal(match, 0, type="judgment").code == "too_expensive"  # no wind at all


def test_f7_6_the_player_may_name_the_stones_and_their_will() -> None:
    match = position(seat(SOLENNE, field=[*SOLENNE_STONES, "Dawnlit Shard"]))
    prism, twin, ember = (card(match, 0, name).id for name in SOLENNE_STONES)
    pay = [{"card": twin, "will": "light"}, {"card": prism, "will": "wind"}, ember]
    act(match, 0, type="judgment", pay=pay)
    assert [inst.rested for inst in match.seats[0].field if inst.card.is_stone] == [True, True, True, False]


def test_f7_6_named_stones_that_do_not_pay_or_pay_too_much_are_refused() -> None:
    match = position(seat(SOLENNE, field=[*SOLENNE_STONES, "Dawnlit Shard"]))
    prism, twin, ember = (card(match, 0, name).id for name in SOLENNE_STONES)
    dawnlit = card(match, 0, "Dawnlit Shard").id
    assert refusal(match, 0, type="judgment", pay=[twin, ember, dawnlit]).code == "bad_payment"  # no wind
    assert refusal(match, 0, type="judgment", pay=[prism, twin, ember, dawnlit]).code == "bad_payment"
    assert refusal(match, 0, type="judgment", pay=[{"card": prism, "will": "fire"}]).code == "bad_payment"
    assert refusal(match, 0, type="judgment", pay=[prism, prism, ember]).code == "bad_payment"
    assert not any(inst.rested for inst in match.seats[0].field)


def test_f7_6_the_default_payment_spends_the_stones_with_the_fewest_attributes_first() -> None:
    match = position(seat(AURELIA, field=["Twinflame Crystal", "Dawnlit Shard"], hand=["Lantern Acolyte"]))
    acolyte = card(match, 0, "Lantern Acolyte", zone="hand").id
    act(match, 0, type="play", card=acolyte)
    assert not card(match, 0, "Twinflame Crystal").rested and card(match, 0, "Dawnlit Shard").rested


def test_f7_5_will_made_at_instant_speed_waits_in_the_pool_and_pays_later() -> None:
    match = position(seat(AURELIA, field=["Dawnlit Shard", "Ember Shard"], hand=["Dawnspire Lancer"]))
    dawnlit = card(match, 0, "Dawnlit Shard").id
    act(match, 0, type="will", card=dawnlit, attribute="light")
    assert match.seats[0].will == {"light": 1}
    assert decision_kind(match) == ("priority", 0)  # a will ability keeps priority (F8.2)
    lancer = card(match, 0, "Dawnspire Lancer", zone="hand").id
    act(match, 0, type="play", card=lancer)  # {light, 1}: the pool's light and the Ember Shard
    assert match.seats[0].will == {} and card(match, 0, "Ember Shard").rested


def test_f7_5_unused_will_is_lost_at_the_end_phase() -> None:
    match = position(seat(AURELIA, field=["Dawnlit Shard", "Lantern Acolyte"]))
    act(match, 0, type="will", card=card(match, 0, "Dawnlit Shard").id, attribute="light")
    pass_until(match, lambda m: m.active == 1)
    assert match.seats[0].will == {}


def test_f7_2_calling_with_an_empty_stone_deck_rests_the_ruler_and_calls_nothing() -> None:
    match = position(seat(AURELIA, stones=[], field=["Lantern Acolyte"]))
    assert {"type": "call"} in match.legal_actions(0)
    act(match, 0, type="call")
    assert match.seats[0].ruler.rested and match.seats[0].called
    assert [inst.name for inst in match.seats[0].field] == ["Lantern Acolyte"]
    assert refusal(match, 0, type="call").code == "action_used"


def test_f7_3_a_judgment_cancelled_on_the_chase_may_be_tried_again_next_turn() -> None:
    stones = ["Dawnlit Shard", "Ember Shard", "Ember Shard", "Lantern Acolyte"]
    match = position(
        seat(AURELIA, field=list(stones)),
        seat(ILSA, field=["Tidal Shard", "Tidal Shard"], hand=["Counterspell Sigil"]),
    )
    act(match, 0, type="judgment")
    item = match.chain.items[-1].id
    act(match, 0, type="pass")
    act(match, 1, type="play", card=card(match, 1, "Counterspell Sigil", zone="hand").id, item=item)
    pass_until(match, lambda m: not m.chain.items)
    assert match.seats[0].ruler.zone == RULER_ZONE and not match.seats[0].judgment_lost
    assert refusal(match, 0, type="judgment").code == "action_used"  # once a turn (F7.3)
    pass_until(match, lambda m: m.turn == 4 and m.phase == "main")
    act(match, 0, type="judgment")
    pass_until(match, lambda m: m.seats[0].ruler.zone == FIELD)


def test_f7_4_a_bounced_j_ruler_returns_to_the_ruler_zone_and_may_judge_again() -> None:
    match = position(
        seat(AURELIA, field=["Dawnlit Shard", "Ember Shard", "Ember Shard", {"card": AURELIA, "j": True}]),
        seat(ILSA, field=["Tidal Shard", "Tidal Shard"], hand=["Shatter the Sigil"]),
        active=1,
        priority=1,
    )
    j_ruler = match.seats[0].ruler.id
    act(match, 1, type="play", card=card(match, 1, "Shatter the Sigil", zone="hand").id, target=j_ruler)
    pass_until(match, lambda m: m.seats[0].ruler.zone == RULER_ZONE)
    assert not match.seats[0].judgment_lost
    pass_until(match, lambda m: m.active == 0 and m.phase == "main")
    assert {"type": "judgment"} in match.legal_actions(0)


def test_f7_4_a_destroyed_j_ruler_never_judges_again_but_still_calls() -> None:
    match = position(
        seat(AURELIA, field=["Dawnlit Shard", "Ember Shard", "Ember Shard", {"card": AURELIA, "j": True}]),
        seat(ILSA, field=["Dawnlit Shard", "Tidal Shard"], hand=["Radiant Verdict"]),
        active=1,
    )
    act(
        match,
        1,
        type="play",
        card=card(match, 1, "Radiant Verdict", zone="hand").id,
        target=match.seats[0].ruler.id,
    )
    pass_until(match, lambda m: m.seats[0].ruler.zone == RULER_ZONE)
    assert match.seats[0].judgment_lost
    pass_until(match, lambda m: m.active == 0 and m.phase == "main")
    assert refusal(match, 0, type="judgment").code == "action_used"
    act(match, 0, type="call")

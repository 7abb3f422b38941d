"""RESPONSE's hidden information (R3.5) and invariants, beyond the generic test kit.

The kit (tests/engine/test_match_protocol_kit.py) plays thousands of random games with the
invariants checked after every action and looks for hidden card names in every view and
event; here a seat's view is also shown not to change at all when the opponent's hidden
cards are swapped for decoys, and a face-down play's public part is exactly what R7.3 lets
the opponent learn.
"""

import json
import random
from dataclasses import replace

from match_builders import scripted, starter

from engine.decklist import Decklist
from engine.games.respons import RULES
from engine.games.respons.bots import RandomBot
from engine.games.respons.match import Event, Match, check_invariants
from engine.games.respons.match.board import FIELD, ORDER_DOWN
from engine.games.respons.starter import build_deck
from tests.support.sizes import sized


def deck_pool() -> list[Decklist]:
    """Return the shipped decks plus legal random decks for every hero of the set."""
    cards, shipped = starter()
    rng = random.Random(2026)
    built = [build_deck(hero, cards, rng=rng) for hero in cards if hero.is_hero for _ in range(4)]
    pool = list(shipped) + [deck for deck in built if not RULES.validate_deck(deck, cards)]
    assert len(pool) > len(shipped)
    return pool


def assert_sound(match: Match) -> None:
    problems = check_invariants(match)
    assert not problems, problems


# --- hidden information -------------------------------------------------------------------------


def hidden_from(match: Match, seat: int) -> list:  # type: ignore[type-arg]
    """Return the opponent's cards ``seat`` must not see: hand, face-down orders and traps.

    A revealed order that came back to the hand stays named in the order row (it was public).
    """
    other = match.seats[1 - seat]
    face_down = [
        inst for inst in match.insts if inst.owner == other.seat and inst.zone == FIELD and not inst.face_up
    ]
    hand = [inst for inst in other.hand if inst not in other.orders]
    return [*hand, *(inst for inst in other.orders if inst.zone == ORDER_DOWN), *face_down]


def observation_without_secrets(match: Match, seat: int) -> dict:  # type: ignore[type-arg]
    """Return ``seat``'s observation with every hidden card of the opponent swapped for a decoy."""
    hidden = hidden_from(match, seat)
    saved = [inst.card for inst in hidden]
    try:
        for inst in hidden:
            inst.card = replace(inst.card, name=f"decoy {inst.id}")
            inst.name = inst.card.name
        return match.observation(seat)
    finally:
        for inst, card in zip(hidden, saved, strict=True):
            inst.card = card
            inst.name = card.name


# R7.3 [decision]: of a card placed face down the opponent learns the cell and the influence
# spent (a hero's influence is public, R3.5), nothing else.
FACE_DOWN_PLAY_PUBLIC = {"type", "seat", "cell", "face_down", "cost"}


def assert_nothing_hidden_leaks(match: Match, events: list[Event], before: list[str]) -> None:
    """Check both seats' views now, and the events of the last action.

    ``before`` holds each seat's view (as JSON) before the action: an event may name a card
    the seat saw before or sees after it (an order the action revealed, a unit that went
    from the field back to a hand), never another hidden card. No seat, and no spectator,
    ever reads the match seed (R3.5, R10.1: it rebuilds both decks' order).
    """
    seed = str(match.seed)
    assert seed not in json.dumps(match.spectator_view())
    for event in events:
        assert seed not in json.dumps(event.public_dict()), event.judge_dict()
        if event.type == "play" and event.public.get("face_down"):
            assert set(event.public) == FACE_DOWN_PLAY_PUBLIC, event.judge_dict()
    for seat in (0, 1):
        view = match.observation(seat)
        assert seed not in json.dumps(view)
        assert all(seed not in json.dumps(event.for_seat(seat)) for event in events)
        # The view must not depend on the opponent's hidden cards at all ...
        assert view == observation_without_secrets(match, seat)
        # ... an event's private part goes to its own seat only ...
        visible = json.dumps(view, ensure_ascii=False)
        secret = {inst.name for inst in hidden_from(match, seat)}
        for event in events:
            if event.seat != seat:
                assert event.for_seat(seat) == event.public_dict()
            # ... and no public part names a hidden card that is not also visible.
            shown = json.dumps(event.public_dict(), ensure_ascii=False)
            leaked = {
                name
                for name in secret
                if f'"{name}"' in shown and f'"{name}"' not in visible and f'"{name}"' not in before[seat]
            }
            assert not leaked, (event.judge_dict(), leaked)


def test_it_never_shows_a_seat_the_opponents_hidden_cards() -> None:
    cards, _ = starter()
    pool = deck_pool()
    rng = random.Random(7)
    for game in range(sized(150, quick=30)):  # tests/support/sizes.py
        # Seeds as the site draws them (63 bits): no other number of a game spells one.
        seed = rng.getrandbits(63) | 1 << 62
        match = Match(cards, (rng.choice(pool), rng.choice(pool)), seed=seed)
        assert any(str(seed) in json.dumps(event.judge_dict()) for event in match.initial_events)
        assert_nothing_hidden_leaks(match, match.initial_events, ["", ""])
        bots = (RandomBot(game), RandomBot(game + 1))
        while not match.is_over:
            seat = match.decision().seat
            before = [json.dumps(match.observation(s), ensure_ascii=False) for s in (0, 1)]
            events = match.apply(seat, bots[seat].act(match, seat))
            assert_nothing_hidden_leaks(match, events, before)
        assert match.spectator_view()["seats"][0]["hand"] is None


def test_it_notices_a_broken_invariant() -> None:
    match = scripted()
    assert check_invariants(match) == []
    match.seats[0].graveyard.append(match.seats[0].hand[0])  # one card in two places
    match.seats[1].influence = -1
    assert len(check_invariants(match)) == 3

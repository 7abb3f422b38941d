"""WoW TCG's hidden information beyond the generic kit (W4.3, W4.4 [decision], W10.4, W14):
a card placed face down is a new object, ids tell no deck's order, the cards on the chain stay
in sight when the game ends, and the kit's non-interference check catches the old leak of a
"known" name on a face-down resource."""

from __future__ import annotations

import json
from typing import Any

from engine.decklist import Decklist
from engine.games.wow.match import Match
from engine.games.wow.match.state import CHAIN, HAND
from engine.registry import get_game
from tests.support import hidden
from tests.support.wow import act, catalog, give, new_match, start


def placing(names: tuple[str, str]) -> Match:
    """Seat 0 in its first action phase holding exactly ``names``, both revealed to seat 1."""
    match = start()
    match.seats[0].hand.clear()
    for name in names:
        give(match, 0, name).known = 3  # W18 reveal: known to both while in the hand
    return match


def test_w4_4_a_card_placed_face_down_is_a_new_object_whoever_knew_it_in_the_hand() -> None:
    match = placing(("Warband Recruit", "Rusted Cleaver"))
    recruit = match.seats[0].hand[0]
    known_as = recruit.id
    events = match.apply(0, {"type": "resource", "card": known_as}, seq=match.seq)
    assert recruit.zone == CHAIN and recruit.id != known_as and known_as not in match.by_id
    assert recruit.known == 1, "W4.3: its owner's alone"
    placed = next(e for e in events if e.public["type"] == "resource")
    assert placed.public == {"type": "resource", "seat": 0, "id": recruit.id, "face_up": False}
    for reader in (match.observation(1), match.spectator_view()):
        assert "Warband Recruit" not in json.dumps(reader["chain"])
    assert match.observation(0)["chain"]["items"][0]["payload"]["name"] == "Warband Recruit"
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "pass"})  # it resolves into the resource row, face down
    (resource,) = match.observation(1)["seats"][0]["resources"]
    assert resource == {"id": recruit.id, "exhausted": False, "face_up": False, "card": None}


def test_w4_4_the_same_answer_with_either_revealed_card_reads_the_same_to_the_opponent() -> None:
    engine = get_game("wow").match_engine
    assert engine is not None
    names = hidden.catalog_names(catalog())
    first, second = (placing(("Warband Recruit", "Rusted Cleaver")) for _ in range(2))
    cards = [match.seats[0].hand[index].id for match, index in ((first, 0), (second, 1))]
    events = [
        list(match.apply(0, {"type": "resource", "card": card}, seq=match.seq))
        for match, card in ((first, cards[0]), (second, cards[1]))
    ]
    assert hidden.reading(first, 1, events[0]) == hidden.reading(second, 1, events[1])
    bots = (engine.make_bot("random", 1), engine.make_bot("random", 2))
    played = hidden.compare(engine, first, second, 1, bots, names, events=(events[0], events[1]), most=40)
    assert played.end in ("limit", "revealed", "refused", "over") and not played.leak, played


def test_the_kit_catches_a_known_name_carried_onto_a_face_down_resource() -> None:
    # The leak this rule fixed (W4.4), planted again: the engine carried a "known" mark from
    # the hand onto the face-down resource, and the opponent's view named it.
    engine = get_game("wow").match_engine
    assert engine is not None
    names = hidden.catalog_names(catalog())
    first, second = (placing(("Warband Recruit", "Rusted Cleaver")) for _ in range(2))
    events = []
    for match, index in ((first, 0), (second, 1)):
        card = match.seats[0].hand[index]
        events.append(list(match.apply(0, {"type": "resource", "card": card.id}, seq=match.seq)))
        card.known = 3  # planted: the mark the old engine kept
    bots = (engine.make_bot("random", 1), engine.make_bot("random", 2))
    caught = hidden.compare(engine, first, second, 1, bots, names, events=(events[0], events[1]), how="plant")
    assert caught.end == "leak" and caught.compared == 0, caught
    assert ".observation.chain.items[0].payload.name" in caught.leak


def test_w4_4_drawn_cards_get_their_ids_from_the_counter_whatever_the_list_or_its_order() -> None:
    main = {"Warband Recruit": 20, "Rusted Cleaver": 10, "Tusked Outrider": 10}
    listed = Decklist(game="wow", zones={"hero": "Grotha Ashmane", "main": main})
    other = Decklist(game="wow", zones={"hero": "Grotha Ashmane", "main": dict(reversed(main.items()))})
    ids = []
    for deck in (listed, other):
        match = new_match(catalog(), (deck, deck), seed=7, first=0)
        ids.append([[card.id for card in side.hand] for side in match.seats])
        assert all(card.id == -1 for side in match.seats for card in side.deck), "W4.4: a deck has no ids"
    assert ids[0] == ids[1] == [[2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15]]


def test_w14_a_game_that_ends_with_a_card_on_the_chain_keeps_it_there() -> None:
    match = start()
    flare = give(match, 0, "Tinker's Flare")  # an Instant that costs nothing
    act(match, 0, {"type": "play", "card": flare.id})
    assert flare.zone == CHAIN
    act(match, 1, {"type": "concede"})
    assert match.result is not None and match.result.reason == "concede"
    judged: Any = match.judge_view()
    assert [item["payload"]["name"] for item in judged["chain"]["items"]] == ["Tinker's Flare"]
    assert judged["chain"]["holder"] is None and judged["chain"]["waiting_triggers"] == 0
    assert flare.zone == CHAIN and flare.zone != HAND
    engine = get_game("wow").match_engine
    assert engine is not None and engine.invariants(match) == []

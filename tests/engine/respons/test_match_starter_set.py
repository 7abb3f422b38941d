"""Every card of the starter set (data/core.json) works in the match engine."""

import random

import pytest
from match_builders import hero, put, starter

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons import abilities
from engine.games.respons.bots import HeuristicBot, RandomBot, play_game
from engine.games.respons.cards import Card
from engine.games.respons.match import Match, check_invariants, new_match

RICH = hero("Rich Tester", 12)


def _cards() -> list[Card]:
    cards, _ = starter()
    return [card for card in cards if not card.is_hero]


def test_it_has_a_handler_for_every_ability_of_every_starter_card() -> None:
    cards, _ = starter()
    for card in cards:
        for ability in card.abilities:
            assert ability.trigger in abilities.TRIGGERS and ability.effect in abilities.EFFECTS
            assert ability.target in abilities.TARGETS
        assert abilities.card_problems(card) == [], card.name


def _deck(main: dict[str, int], orders: list[str]) -> Decklist:
    return Decklist(
        game="respons", zones={"hero": RICH.name, "orders": tuple(orders), "main": main, "side": {}}
    )


def _finish(match: Match, seed: int) -> None:
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while not match.is_over:
        seat = match.decision().seat
        match.apply(seat, bots[seat].act(match, seat))
        assert check_invariants(match) == []


@pytest.mark.parametrize("name", [card.name for card in _cards()])
def test_it_plays_each_starter_card(name: str) -> None:
    cards, decks = starter()
    catalog = Catalog([*cards, RICH])
    card = cards.get(name)
    plain = next(c.name for c in cards if c.type == "unit" and not c.abilities and not c.is_order)
    shipped_orders = list(decks[0].ordered("orders"))
    if card.is_order:
        # Seven cards only: the deck is empty at the first draw, so the order is played (R6.2).
        mine = _deck({plain: 7}, [name] * 5)
    else:
        mine = _deck({name: 2, plain: 28}, shipped_orders)
    theirs = _deck({plain: 30}, shipped_orders)
    match = new_match(catalog, (mine, theirs), seed=1, shuffle=False, first_initiative=0)
    put(match, 0, plain, [(2, 1)])
    put(match, 1, plain, [(2, 1), (4, 2)])
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    if card.is_order:
        assert match.seats[0].orders_left == 4  # played at the draw
    else:
        plays = [a for a in match.legal_actions(0) if a.get("card") == name]
        assert plays, f"{name} cannot be played"
        events = match.apply(0, plays[0])
        assert (events[0].type, events[0].judge_dict()["card"]) == ("play", name)
    assert check_invariants(match) == []
    _finish(match, seed=len(name))


def test_it_plays_games_with_every_pair_of_shipped_decks() -> None:
    cards, decks = starter()
    rng = random.Random(3)
    for first in decks:
        for second in decks:
            for seed in range(4):
                bots = (
                    (HeuristicBot(seed), RandomBot(seed))
                    if seed % 2
                    else (RandomBot(seed), HeuristicBot(seed))
                )
                match = play_game(cards, (first, second), bots, seed=rng.getrandbits(32))
                assert match.result is not None and check_invariants(match) == []

"""RESPONSE's match engine through the registry (engine/match.py): its options, decks, bots and
what it names as hidden from each seat (R3.5). The generic kit tests the rest."""

import pytest
from match_builders import ORDERS, play, scripted, starter, trap, unit

from engine.games.respons.bots import make_bot
from engine.games.respons.match import IllegalAction, Match, new_match
from engine.games.respons.match.board import ORDER_UP
from engine.games.respons.match.decisions import REFUSAL_CODES
from engine.problems import InputError
from engine.registry import get_game

ENGINE = get_game("respons").match_engine
TRAP = trap("Snare", cost=0)
SECRET = unit("Secret Weapon", 3)
SPY = unit("Spy", 2, cost=0, order=True)
MAIN = ["Snare"] * 2 + ["Secret Weapon"] * 2 + ["Soldier"] * 26


def test_it_hands_out_the_same_match_as_new_match() -> None:
    assert ENGINE is not None
    cards, decks = starter()
    options = {"names": ["Ann", "Bob"], "shuffle": False, "first_initiative": 1}
    made = ENGINE.new_match(cards, [decks[0], decks[1]], seed=5, options=options)
    direct = new_match(
        cards, (decks[0], decks[1]), seed=5, shuffle=False, first_initiative=1, names=("Ann", "Bob")
    )
    assert isinstance(made, Match) and made.judge_view() == direct.judge_view()
    assert made.to_log(["CORE"]) == direct.to_log(["CORE"])
    assert ENGINE.illegal_action is IllegalAction and ENGINE.refusal_codes == REFUSAL_CODES


@pytest.mark.parametrize(
    ("decks", "options", "where"),
    [
        (2, {"seed": 3}, "options.seed"),
        (2, {"names": "AB"}, "options.names"),
        (2, {"names": ["A", 2]}, "options.names"),
        (2, {"shuffle": "no"}, "options.shuffle"),
        (2, {"first_initiative": 2}, "options.first_initiative"),
        (2, {"first_initiative": "1"}, "options.first_initiative"),
        (2, {"first": True}, "options.first"),
        (2, {"first": 0, "first_initiative": 1}, "options.first"),
        (1, {}, "decks"),
        (3, {}, "decks"),
    ],
)
def test_it_refuses_options_and_deck_counts_it_cannot_play(decks: int, options: dict, where: str) -> None:  # type: ignore[type-arg]
    assert ENGINE is not None
    cards, shipped = starter()
    with pytest.raises(InputError) as refused:
        ENGINE.new_match(cards, [shipped[0]] * decks, seed=1, options=options)
    assert refused.value.problems[0].where == where


def test_it_replays_through_the_engine() -> None:
    assert ENGINE is not None
    match = scripted(seed=4)
    play(match, 0, "Soldier", 1, 1)
    log = match.to_log(["TEST"])
    again = ENGINE.replay(log, match.catalog)
    assert again.judge_view() == match.judge_view()
    assert ENGINE.replay(log, match.catalog, upto=2).seq == 2


def test_it_builds_the_bots_of_bots_py() -> None:
    assert ENGINE is not None
    assert ENGINE.bot_names == ("random", "heuristic")
    match = scripted(keep=False)
    for name in ENGINE.bot_names:
        bot = ENGINE.make_bot(name, 3)
        assert bot.name == name and bot.act(match, 0) == make_bot(name, 3).act(match, 0)


def test_it_builds_a_legal_sample_deck_for_each_hero() -> None:
    assert ENGINE is not None
    cards, _ = starter()
    decks = ENGINE.sample_decks(cards, seed=1)
    heroes = {card.name for card in cards if card.is_hero}
    assert {d.zones["hero"] for d in decks} == heroes
    assert not any(get_game("respons").validate_deck(d, cards) for d in decks)
    assert ENGINE.sample_decks(cards, seed=1) == decks


def test_it_names_the_opponents_hand_and_face_down_cards_as_hidden() -> None:
    match = scripted([TRAP, SECRET], MAIN, ["Soldier"] * 30)
    # Seat 1 holds Soldiers and the same orders as seat 0, which sees those names as its own.
    assert match.hidden_from(0) == frozenset()
    assert match.hidden_from(1) == {"Snare", "Secret Weapon"}
    play(match, 0, "Snare", 2, 2)
    play(match, 1, "Soldier", 1, 1)
    play(match, 0, "Snare", 3, 2)
    assert match.hidden_from(1) == {"Snare", "Secret Weapon"}  # both face down now
    play(match, 1, "Soldier", 2, 1)
    play(match, 0, "Secret Weapon", 4, 1)  # face up: seen, though a copy is still in the hand
    assert match.hidden_from(1) == {"Snare"}


def test_it_no_longer_names_a_revealed_order_as_hidden() -> None:
    orders = ["Spy", *(o.name for o in ORDERS[1:])]
    match = scripted([SPY], orders1=orders)
    assert match.hidden_from(0) == {"Spy"}
    match.seats[1].orders[0].zone = ORDER_UP  # as if R8.6 had revealed it
    match.seats[1].next_order = 1
    assert match.hidden_from(0) == frozenset()

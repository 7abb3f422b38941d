"""Round 1 seeded by rating (the organizer's choice): top half against bottom half."""

from tournaments.swiss import pair_round

from .support import roster


def test_it_pairs_the_top_half_against_the_bottom_half_in_rating_order() -> None:
    players = roster(8)
    ratings = {p.id: float(p.id) for p in players}  # player 8 is the best
    pairing = pair_round(players=players, history=[], round_number=1, seed=7, ratings=ratings)
    assert pairing.pairs == ((8, 4), (7, 3), (6, 2), (5, 1))
    assert pairing.bye is None


def test_the_lowest_rated_player_takes_the_bye_and_unrated_players_count_as_new() -> None:
    players = roster(5)
    ratings = {1: 10.0, 2: 20.0, 3: 30.0, 4: -1.0}  # player 5 is unrated: 0, a new player's rating
    pairing = pair_round(players=players, history=[], round_number=1, seed=7, ratings=ratings)
    assert pairing.bye == 4
    assert pairing.pairs == ((3, 1), (2, 5))


def test_a_forbidden_pair_moves_the_top_player_to_the_next_bottom_player() -> None:
    players = roster(4)
    ratings = {p.id: float(p.id) for p in players}
    pairing = pair_round(
        players=players, history=[], round_number=1, seed=7, ratings=ratings, forbidden=[(4, 2)]
    )
    assert pairing.pairs == ((4, 1), (3, 2))


def test_without_ratings_round_one_stays_a_seeded_shuffle() -> None:
    players = roster(8)
    ratings = {p.id: float(p.id) for p in players}
    seeded = pair_round(players=players, history=[], round_number=1, seed=7, ratings=ratings)
    shuffled = pair_round(players=players, history=[], round_number=1, seed=7)
    assert seeded.pairs != shuffled.pairs

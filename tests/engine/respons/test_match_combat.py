"""R6.4 and R8 combat: who attacks whom, in which order, collisions, locations, hits on the hero."""

from match_builders import at, events_of, location, pass_both, put, scripted, spell, unit, unit_at

WEAK = unit("Weak", 1)
MIDDLE = unit("Middle", 3)
BIG = unit("Big", 5)
WALL = location("Wall", 3, cost=0)
SIGNALS = [spell(f"Signal {i}", cost=0, order=True) for i in range(1, 6)]
CARDS = [WEAK, MIDDLE, BIG, WALL, *SIGNALS]
# Two Walls in the opening hand; the rest is arranged on the board with put().
MAIN = ["Wall"] * 2 + ["Soldier"] * 16 + ["Weak"] * 4 + ["Middle"] * 4 + ["Big"] * 4
SIGNAL_ORDERS = [card.name for card in SIGNALS]


def table(initiative: int = 0, **kwargs: object):  # type: ignore[no-untyped-def]
    return scripted(
        CARDS, MAIN, MAIN, initiative=initiative, orders0=SIGNAL_ORDERS, orders1=SIGNAL_ORDERS, **kwargs
    )


def collisions(events: list) -> list[tuple[str, str, int, int]]:  # type: ignore[type-arg]
    return [
        (e["attacker"]["card"], e["defender"]["card"], e["attacker"]["strength"], e["defender"]["strength"])
        for e in events_of(events, "collision")
    ]


def test_it_makes_a_unit_collide_with_the_opposing_unit_in_its_line() -> None:
    match = table()
    put(match, 0, "Middle", [(2, 1)])
    put(match, 1, "Soldier", [(2, 1)])
    events = pass_both(match)
    assert collisions(events) == [("Middle", "Soldier", 3, 2)]  # R8.1, R8.3
    destroyed = [(e["seat"], e["card"]) for e in events_of(events, "destroyed")]
    assert destroyed == [(1, "Soldier")]  # simultaneous: 3-2 = 1 survives, 2-3 ≤ 0 dies
    assert unit_at(match, 0, 2, 1).strength == 3  # recovered at R6.6


def test_it_destroys_both_units_of_equal_strength() -> None:
    match = table()
    put(match, 0, "Soldier", [(4, 1)])
    put(match, 1, "Soldier", [(4, 3)])
    events = pass_both(match)
    assert len(events_of(events, "destroyed")) == 2 and not events_of(events, "hit_hero")


def test_it_attacks_the_front_most_opposing_unit() -> None:
    match = table()
    put(match, 0, "Big", [(3, 1)])
    put(match, 1, "Weak", [(3, 3)])
    put(match, 1, "Middle", [(3, 2)])
    events = pass_both(match)
    assert collisions(events)[0] == ("Big", "Middle", 5, 3)  # R8.3 [decision]: front-most


def test_it_orders_the_attacks_of_a_line_row_by_row_initiative_first() -> None:
    match = table(initiative=0)
    put(match, 0, "Middle", [(1, 2)])
    put(match, 1, "Weak", [(1, 1)])
    put(match, 1, "Big", [(1, 3)])
    events = pass_both(match)
    # R8.2: seat 0 row 1 (none), seat 1 row 1 (Weak), seat 0 row 2 (Middle: collided, skips),
    # seat 1 row 2 (none), seat 0 row 3 (none), seat 1 row 3 (Big).
    assert collisions(events) == [("Weak", "Middle", 1, 3), ("Big", "Middle", 5, 2)]
    assert unit_at(match, 0, 1, 2) is None and unit_at(match, 1, 1, 3).name == "Big"


def test_it_lets_the_initiative_players_front_unit_attack_first() -> None:
    for initiative in (0, 1):
        match = table(initiative=initiative)
        put(match, 0, "Soldier", [(5, 1)])
        put(match, 1, "Soldier", [(5, 1)])
        events = pass_both(match)
        assert events_of(events, "collision")[0]["attacker"]["seat"] == initiative  # R8.2


def test_it_counts_a_collided_defender_as_having_attacked() -> None:
    match = table()
    put(match, 0, "Middle", [(2, 1)])
    put(match, 1, "Big", [(2, 2)])
    events = pass_both(match)
    assert collisions(events) == [("Middle", "Big", 3, 5)]  # Big survives with 2 ...
    assert match.seats[0].hits_taken == 0 and not events_of(events, "hit_hero")  # ... and does not attack


def test_it_hits_the_opposing_location_when_no_unit_stands_in_the_line() -> None:
    match = table()
    put(match, 0, "Soldier", [(1, 1)])
    put(match, 1, "Big", [(5, 2)])
    match.apply(0, {"type": "pass"})
    match.apply(1, {"type": "play", "card": "Wall"})
    match.apply(0, {"type": "pass"})
    events = match.apply(1, {"type": "pass"})
    hits = events_of(events, "hit_location")
    assert [(h["seat"], h["damage"], h["durability"]) for h in hits] == [(1, 2, 1)]  # R8.4
    assert match.seats[1].hits_taken == 0
    assert match.seats[1].location.strength == 3  # durability restored at R6.6


def test_it_loses_excess_damage_on_a_location() -> None:
    match = table()
    put(match, 0, "Big", [(1, 1)])
    put(match, 0, "Soldier", [(2, 1)])
    match.apply(0, {"type": "pass"})
    match.apply(1, {"type": "play", "card": "Wall"})
    match.apply(0, {"type": "pass"})
    events = match.apply(1, {"type": "pass"})
    assert events_of(events, "hit_location")[0]["damage"] == 5
    assert events_of(events, "destroyed")[0]["card"] == "Wall"
    # The excess 2 of line 1 is lost; line 2's Soldier then finds no location: one hit, not two.
    assert [h["line"] for h in events_of(events, "hit_hero")] == [2]
    assert match.seats[1].hits_taken == 1
    assert unit_at(match, 0, 1, 1).strength == 5  # the location does not reduce the attacker


def test_it_makes_the_hero_hit_play_an_order() -> None:
    match = table()
    put(match, 0, "Soldier", [(3, 1)])
    events = pass_both(match)
    assert events_of(events, "hit_hero")[0]["seat"] == 1  # R8.5
    assert events_of(events, "order")[0] == {"type": "order", "seat": 1, "card": "Signal 1", "position": 1}
    assert match.seats[1].orders_left == 4 and match.seats[1].hits_taken == 1


def test_it_wins_with_six_successful_attacks() -> None:
    match = table()
    put(match, 0, "Soldier", [(line, 1) for line in range(1, 6)])
    pass_both(match)  # five hits reveal the five orders (R8.6)
    assert match.seats[1].orders_left == 0 and not match.is_over
    pass_both(match)  # the sixth finds none
    assert match.is_over and match.result.winner == 0 and match.result.reason == "orders_exhausted"
    assert match.seats[1].hits_taken == 6


def test_it_attacks_lines_left_to_right_as_the_initiative_player_sees_them() -> None:
    for initiative, lines in ((0, [1, 2, 3, 4, 5]), (1, [5, 4, 3, 2, 1])):
        match = table(initiative=initiative)
        put(match, 0, "Soldier", [(line, 1) for line in range(1, 6)])
        events = pass_both(match)
        assert [h["line"] for h in events_of(events, "hit_hero")] == lines  # R6.4, R3.3


def test_it_does_not_let_a_unit_that_entered_during_a_line_step_attack_in_it() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    put(match, 0, "Soldier", [(3, 1)])
    events = pass_both(match)
    assert events_of(events, "hit_hero")[0]["line"] == 3
    events = match.apply(1, {"type": "choose", "cell": at(3, 2)})  # Order 1 enters line 3
    assert not events_of(events, "collision")  # [decision R8.2]: it waits for the next combat
    assert unit_at(match, 1, 3, 2).name == "Order 1"


def test_it_never_moves_a_card_between_cells() -> None:
    match = table()
    put(match, 0, "Middle", [(2, 1)])
    put(match, 1, "Weak", [(2, 1)])
    put(match, 1, "Big", [(2, 3)])
    pass_both(match)  # Weak dies in front, then Big (row 3) destroys Middle
    assert unit_at(match, 1, 2, 1) is None and unit_at(match, 1, 2, 3).name == "Big"  # R3.4: no shift
    assert unit_at(match, 0, 2, 1) is None

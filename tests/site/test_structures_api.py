"""Event structures beyond Swiss through the API (docs/api.md, "Event structures beyond
Swiss"): each structure played as a whole paper event, from creation to its final places, the
bracket's shape, and the refusals of options the site does not take."""

import re

import pytest

from tests.support.actors import make_players
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def winner_is(event, names: set[str]):
    """A result function for finish_round: the player whose name is in ``names`` wins 1-0."""

    def result(match: dict) -> tuple[int, int, int]:
        return (0, 1, 0) if match["player_b"] in names else (1, 0, 0)

    return result


def play_bracket(event, number: int, winners: set[str] = frozenset()) -> None:
    event.finish_round(number, winner_is(event, set(winners)))


def started(event_factory, players: int, **settings):
    """An event of ``players`` entered in order (seed 1 first with organizer seeding), started."""
    event = event_factory(seeding="organizer", **settings)
    event.open()
    entrants = make_players(players)
    event.register(*entrants)
    return event, [p.name for p in entrants], event.start()


def test_it_plays_an_eight_player_single_elimination_to_its_shared_places(event_factory):
    event = event_factory(structure="single_elimination", seeding="organizer", check_in_required=True)
    event.open()
    entrants = make_players(8)
    event.register(*entrants)
    for player in entrants:
        assert player.api.post(f"{event.url}check-in/", {}, format="json").status_code == 200
    names = [p.name for p in entrants]
    first = event.start()
    assert first["kind"] == "winners"
    seeds = {name: i for i, name in enumerate(names, start=1)}
    pairs = [(seeds[m["player_a"]], seeds[m["player_b"]]) for m in first["matches"]]
    assert pairs == [(1, 8), (4, 5), (2, 7), (3, 6)]  # the standard bracket order
    assert [m["bracket_key"] for m in first["matches"]] == ["W1-1", "W1-2", "W1-3", "W1-4"]

    play_bracket(event, 1, {names[4]})  # seed 5 beats seed 4
    semis = event.next_round()
    assert (semis["number"], semis["kind"], semis["paired_rounds"]) == (2, "winners", [2])
    assert [(m["player_a"], m["player_b"]) for m in semis["matches"]] == [
        (names[0], names[4]),
        (names[1], names[2]),
    ]
    play_bracket(event, 2, {names[2]})
    final = event.next_round()
    assert [(m["player_a"], m["player_b"]) for m in final["matches"]] == [(names[0], names[2])]
    play_bracket(event, 3, {names[2]})
    assert event.next_round()["finished"] is True

    rows = event.standings()
    assert [(r["rank"], r["username"], r["eliminated_in"]) for r in rows[:4]] == [
        (1, names[2], None),
        (2, names[0], "final"),
        (3, names[1], "semifinal"),
        (3, names[4], "semifinal"),
    ]
    assert [r["rank"] for r in rows] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert {r["eliminated_in"] for r in rows[4:]} == {"quarterfinal"}
    assert rows[2]["places"] == [3, 4] and rows[4]["places"] == [5, 8]
    assert event.organizer.api.get(event.url).json()["status"] == "finished"


def test_it_refuses_a_drawn_elimination_match(event_factory):
    event, _names, first = started(event_factory, 4, structure="single_elimination", best_of=3)
    match = first["matches"][0]
    body = {"wins_a": 1, "wins_b": 1, "draws": 1}
    response = event.organizer.api.post(f"/api/matches/{match['id']}/report/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "elimination_draw"
    # Played on past three games to a winner, it is taken.
    body = {"wins_a": 2, "wins_b": 1, "draws": 1}
    response = event.organizer.api.post(f"/api/matches/{match['id']}/report/", body, format="json")
    assert response.status_code == 200


def test_it_plays_a_double_elimination_with_the_reset_of_the_grand_final(event_factory):
    event, names, first = started(event_factory, 4, structure="double_elimination", grand_final_reset=True)
    p1, p2, p3, p4 = names
    assert [(m["player_a"], m["player_b"]) for m in first["matches"]] == [(p1, p4), (p2, p3)]
    play_bracket(event, 1)  # seeds 1 and 2 win
    paired = event.next_round()
    assert paired["paired_rounds"] == [2, 3]  # the winners' final and losers' round 1, side by side
    assert (event.round(2)["kind"], event.round(3)["kind"]) == ("winners", "losers")
    assert [(m["player_a"], m["player_b"]) for m in event.round(3)["matches"]] == [(p4, p3)]
    response = event.organizer.api.post(f"{event.url}next-round/")
    assert response.status_code == 409 and response.json()["code"] == "results_missing"
    play_bracket(event, 2)  # p1 beats p2
    play_bracket(event, 3)  # p4 beats p3
    losers_final = event.next_round()
    assert (losers_final["kind"], losers_final["matches"][0]["player_a"]) == ("losers", p4)
    assert losers_final["matches"][0]["player_b"] == p2
    play_bracket(event, 4)  # p4 beats p2
    grand_final = event.next_round()
    assert grand_final["kind"] == "grand_final"
    assert [(m["player_a"], m["player_b"]) for m in grand_final["matches"]] == [(p1, p4)]
    play_bracket(event, 5, {p4})  # the losers' bracket champion wins: the reset is played
    reset = event.next_round()
    assert (reset["number"], reset["kind"], reset["matches"][0]["bracket_key"]) == (6, "grand_final", "GF2")
    play_bracket(event, 6, {p1})
    assert event.next_round()["finished"] is True
    rows = event.standings()
    assert [(r["rank"], r["username"]) for r in rows] == [(1, p1), (2, p4), (3, p2), (4, p3)]
    assert rows[1]["eliminated_in"] == "grand_final_reset"
    bracket = event.organizer.api.get(f"{event.url}bracket/").json()
    assert bracket["champion"] == p1
    gf2 = bracket["rounds"][-1]["matches"][0]
    assert (gf2["status"], gf2["from_a"]) == ("played", {"loser_of": "GF1"})
    assert gf2["from_b"] == {"winner_of": "GF1"}


def test_it_plays_a_round_robin_of_an_odd_field_with_one_rest_each(event_factory):
    event, names, first = started(event_factory, 5, structure="round_robin", tiebreakers=["buchholz", "gw"])
    assert first["kind"] == "round_robin"
    rests = []
    met = set()
    for number in range(1, 6):
        round_ = event.round(number) if number > 1 else first
        assert round_["kind"] == "round_robin" and len(round_["matches"]) == 2
        rests += round_["rests"]
        met |= {frozenset((m["player_a"], m["player_b"])) for m in round_["matches"]}
        event.finish_round(number)
        answer = event.next_round()
        assert answer.get("finished") is (True if number == 5 else None)
    assert sorted(rests) == sorted(names)  # everyone rests exactly once
    assert len(met) == 10  # everyone met everyone
    rows = event.standings()
    assert sum(r["match_points"] for r in rows) == 3 * 10
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert all(set(r) >= {"buchholz", "gw", "played"} and r["played"] == 4 for r in rows)
    points = [(r["match_points"], r["buchholz"]) for r in rows]
    assert points == sorted(points, reverse=True)


def test_a_double_round_robin_plays_each_pairing_twice(event_factory):
    event, names, first = started(event_factory, 4, structure="round_robin", double_round_robin=True)
    seen: dict[frozenset, int] = {}
    number, round_ = 1, first
    while True:
        for m in round_["matches"]:
            key = frozenset((m["player_a"], m["player_b"]))
            seen[key] = seen.get(key, 0) + 1
        event.finish_round(number)
        answer = event.next_round()
        if answer.get("finished"):
            break
        number, round_ = answer["number"], answer
    assert number == 6 and set(seen.values()) == {2} and len(seen) == 6
    assert [r["played"] for r in event.standings()] == [6, 6, 6, 6]


def test_the_bracket_gives_byes_to_the_best_seeds_and_names_where_each_seat_comes_from(event_factory):
    event, names, _first = started(event_factory, 6, structure="single_elimination")
    bracket = event.organizer.api.get(f"{event.url}bracket/").json()
    assert bracket["structure"] == "single_elimination" and bracket["champion"] is None
    assert [(r["number"], r["kind"], r["stage"]) for r in bracket["rounds"]] == [
        (1, "winners", "quarterfinal"),
        (2, "winners", "semifinal"),
        (3, "winners", "final"),
    ]
    first, semis = bracket["rounds"][0]["matches"], bracket["rounds"][1]["matches"]
    assert len(first) == 2 and all(isinstance(m["id"], int) and m["status"] == "ready" for m in first)
    assert semis[0]["player_a"] == names[0] and semis[0]["player_b"] is None
    assert semis[0]["from_a"] == {"seed": 1} and semis[0]["from_b"] == {"winner_of": first[0]["key"]}
    assert semis[0]["id"] == semis[0]["key"] and semis[0]["status"] == "waiting"
    assert set(semis[0]) >= {"id", "player_a", "player_b", "winner", "from_a", "from_b"}


def test_a_new_event_keeps_its_structure_and_options(event_factory, organizer):
    event = event_factory(structure="double_elimination", grand_final_reset=True, top_cut=4, seeding="rating")
    data = organizer.api.get(event.url).json()
    assert (data["structure"], data["grand_final_reset"]) == ("double_elimination", True)
    assert data["seeding"] == "rating"
    assert data["top_cut"] == 0  # ignored outside Swiss
    assert data["tiebreakers"] == ["mwp", "omw", "gw", "ogw"]  # the game's profile
    swiss = organizer.api.get(event_factory().url).json()
    assert (swiss["structure"], swiss["teams"], swiss["double_round_robin"]) == ("swiss", 0, False)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"structure": "knockout"}, "unknown_structure"),
        ({"teams": 4}, "invalid"),
        ({"tiebreakers": ["mwp", "coin_flip"]}, "unknown_tiebreaker"),
        ({"tiebreakers": ["gw", "gw"]}, "repeated_tiebreaker"),
        ({"structure": "single_elimination", "grand_final_reset": True}, "option_not_for_structure"),
        ({"double_round_robin": True}, "option_not_for_structure"),
        ({"structure": "round_robin", "league_days": 3}, "option_not_for_structure"),
        ({"seeding": "alphabetical"}, "unknown_seeding"),
        ({"structure": "round_robin", "late_entry": True}, "option_not_for_structure"),
    ],
)
def test_it_refuses_options_it_does_not_take_with_a_stable_code(organizer, body, code):
    response = organizer.api.post("/api/events/", {"name": "Cup", **body}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code


def test_a_refusal_is_said_in_russian(organizer):
    body = {"name": "Cup", "structure": "knockout"}
    response = organizer.api.post("/api/events/", body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["code"] == "unknown_structure"
    assert re.search("[а-яё]{4}", response.json()["detail"]), response.json()["detail"]


def test_a_swiss_event_has_no_bracket(event_factory):
    event = event_factory()
    response = event.organizer.api.get(f"{event.url}bracket/")
    assert response.status_code == 404 and response.json()["code"] == "no_bracket"


def test_seeds_are_fixed_at_the_start_by_the_entry_list_with_organizer_seeding(event_factory):
    event, names, _first = started(event_factory, 3, structure="round_robin")
    seeds = dict(Registration.objects.filter(event_id=event.id).values_list("player__username", "seed"))
    assert seeds == {names[0]: 1, names[1]: 2, names[2]: 3}


def play_out(event, first: dict, result=None) -> int:
    """Report every open match (seat A wins unless ``result`` says) and pair on until the event
    finishes; return the number of matches played."""
    played = 0
    while True:
        for number in first["paired_rounds"]:
            played += sum(1 for m in event.round(number)["matches"] if m["status"] != "final")
            event.finish_round(number, result)
        answer = event.next_round()
        if answer.get("finished"):
            return played
        first = answer


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_a_double_elimination_of_any_size_plays_to_its_places(event_factory, players):
    event, names, first = started(event_factory, players, structure="double_elimination")
    played = play_out(event, first, lambda m: (0, 1, 0) if m["table"] % 2 == 0 else (1, 0, 0))
    assert played in (2 * players - 2, 2 * players - 1)
    rows = event.standings()
    assert sorted(r["username"] for r in rows) == sorted(names)
    assert [r["rank"] for r in rows][:3] == [1, 2, 3] and rows[0]["champion"] is True
    assert all(r["eliminated_in"] for r in rows[1:])


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_single_elimination_with_byes_plays_n_minus_one_matches(event_factory, players):
    event, names, first = started(event_factory, players, structure="single_elimination")
    assert play_out(event, first) == players - 1
    rows = event.standings()
    assert rows[0]["username"] == names[0]  # seat A (the better seed) always won
    assert [r["rank"] for r in rows][:2] == [1, 2]


def test_a_round_robin_player_who_drops_forfeits_the_matches_left(event_factory):
    event, names, first = started(event_factory, 4, structure="round_robin")
    event.finish_round(1)
    username = names[-1]
    response = event.organizer.api.post(f"{event.url}drop/", {"username": username}, format="json")
    assert response.status_code == 200, response.content
    second = event.next_round()
    forfeits = [m for m in second["matches"] if username in (m["player_a"], m["player_b"])]
    assert len(forfeits) == 1 and forfeits[0]["status"] == "final"
    wins = (forfeits[0]["wins_a"], forfeits[0]["wins_b"])
    assert wins == ((0, 2) if forfeits[0]["player_a"] == username else (2, 0))
    event.finish_round(2)
    event.next_round()
    event.finish_round(3)
    assert event.next_round()["finished"] is True
    rows = {r["username"]: r for r in event.standings()}
    assert rows[username]["dropped"] is True and rows[username]["played"] == 3


def test_a_players_profile_gives_their_place_in_a_bracket(event_factory, organizer):
    event, names, first = started(event_factory, 4, structure="single_elimination")
    assert play_out(event, first) == 3
    places = {}
    for name in names:
        profile = organizer.api.get(f"/api/players/{name}/").json()
        places[name] = next(e["placing"] for e in profile["events"] if e["id"] == event.id)
    assert places == {names[0]: 1, names[1]: 2, names[2]: 3, names[3]: 3}


def test_held_bracket_rounds_paired_side_by_side_are_published_together(event_factory):
    event, names, first = started(event_factory, 4, structure="double_elimination")
    event.finish_round(1)
    response = event.organizer.api.post(f"{event.url}next-round/", {"hold": True}, format="json")
    assert response.status_code == 200 and response.json()["paired_rounds"] == [2, 3]
    assert not any(event.round(n)["published"] for n in (2, 3))
    response = event.organizer.api.post(f"{event.url}pairings/publish/", {}, format="json")
    assert response.status_code == 200, response.content
    assert all(event.round(n)["published"] for n in (2, 3))
    event.finish_round(2)
    event.finish_round(3)
    assert event.next_round()["kind"] == "losers"

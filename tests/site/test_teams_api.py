"""Team events through the API (docs/api.md, "Event structures beyond Swiss"): a team event
played as a whole paper event, from the teams' registration to the team standings, and the
refusals of a team registration."""

import csv
import io
import itertools

import pytest

from tests.support.actors import make_actor, make_players
from tests.support.events import team_event, team_register
from tournaments.models import Event, Game
from tournaments.selectors.events.teams import team_history
from tournaments.structures import team_pair_round

pytestmark = pytest.mark.django_db


def test_it_plays_a_team_event_from_registration_to_team_standings(event_factory):
    event, rosters = team_event(event_factory, 4, size=3, rounds=2, best_of=1)
    assert event.organizer.api.get(event.url).json()["teams"] == 3
    listed = event.organizer.api.get(f"{event.url}teams/").json()
    assert [(t["name"], t["members"], t["ready"]) for t in listed] == [
        (name, [m.name for m in members], True) for name, members in rosters.items()
    ]

    first = event.start()
    assert first["kind"] == "swiss"
    # Two team tables of three seats: seat s of team table t at table (t - 1) * 3 + s.
    assert [m["table"] for m in first["matches"]] == [1, 2, 3, 4, 5, 6]
    team_of = {m.name: name for name, members in rosters.items() for m in members}
    seat_of = {m.name: i for members in rosters.values() for i, m in enumerate(members, 1)}
    for match in first["matches"]:
        assert seat_of[match["player_a"]] == seat_of[match["player_b"]] == (match["table"] - 1) % 3 + 1
    tables = first["team_tables"]
    assert [len(t["seats"]) for t in tables] == [3, 3]
    for table in tables:
        for seat in table["seats"]:
            match = next(m for m in first["matches"] if m["id"] == seat["match"])
            assert (team_of[match["player_a"]], team_of[match["player_b"]]) == (
                table["team_a"],
                table["team_b"],
            )

    # Each seat is reported by its players, as any match: team A wins seats 1 and 2 of table 1,
    # team B all three seats of table 2.
    by_name = {m.name: m for members in rosters.values() for m in members}
    for match in first["matches"]:
        a_wins = match["table"] in (1, 2)
        body = {"wins_a": 1 if a_wins else 0, "wins_b": 0 if a_wins else 1, "draws": 0}
        reporter, confirmer = by_name[match["player_a"]], by_name[match["player_b"]]
        assert (
            reporter.api.post(f"/api/matches/{match['id']}/report/", body, format="json").status_code == 200
        )
        response = confirmer.api.post(f"/api/matches/{match['id']}/confirm/", {}, format="json")
        assert response.status_code == 200, response.content
    played = event.round(1)["team_tables"]
    assert [(t["seats_won_a"], t["seats_won_b"], t["decided"]) for t in played] == [
        (2, 1, True),
        (0, 3, True),
    ]
    assert [t["winner"] for t in played] == [played[0]["team_a"], played[1]["team_b"]]

    standings = event.standings()
    winners = {played[0]["team_a"], played[1]["team_b"]}
    assert {row["team"] for row in standings[:2]} == winners
    assert [row["match_points"] for row in standings] == [3, 3, 0, 0]
    assert standings[0]["members"] == [m.name for m in rosters[standings[0]["team"]]]
    assert {"rank", "team", "members", "match_points", "mwp", "omw", "gw", "ogw"} <= set(standings[0])
    assert "username" not in standings[0]

    second = event.next_round()
    # The winners meet: no rematch, point groups.
    pairs = {frozenset((t["team_a"], t["team_b"])) for t in second["team_tables"]}
    assert frozenset(winners) in pairs
    event.finish_round(2)
    assert event.next_round()["finished"] is True
    final = event.standings()
    assert final[0]["match_points"] == 6 and final[0]["rank"] == 1


def test_an_odd_number_of_teams_gives_each_member_of_one_team_a_bye(event_factory):
    event, rosters = team_event(event_factory, 3, rounds=1)
    first = event.start()
    byes = [m for m in first["matches"] if m["player_b"] is None]
    assert len(byes) == 2 and all(m["status"] == "final" for m in byes)
    bye_team = {
        name
        for name, members in rosters.items()
        if {m.name for m in members} == {b["player_a"] for b in byes}
    }
    assert len(bye_team) == 1
    table = next(t for t in first["team_tables"] if t["team_b"] is None)
    assert (table["team_a"], table["seats_won_a"], table["winner"]) == (*bye_team, 2, *bye_team)


def test_two_player_teams_splitting_their_seats_draw_the_team_match(event_factory):
    event, _rosters = team_event(event_factory, 2, rounds=1)
    event.start()
    event.finish_round(1, lambda m: (1, 0, 0) if m["table"] == 1 else (0, 1, 0))
    rows = event.standings()
    assert [(r["match_points"], r["draws"]) for r in rows] == [(1, 1), (1, 1)]


def test_a_team_not_ready_does_not_play(event_factory):
    event, rosters = team_event(event_factory, 2)
    late = make_players(2, prefix="late")
    event.register(late[0])  # the second member has registered no deck
    assert team_register(event, late[0], "Late", [p.name for p in late]).status_code == 201
    listed = {t["name"]: t for t in event.organizer.api.get(f"{event.url}teams/").json()}
    assert (listed["Late"]["ready"], listed["Late"]["decks"]) == (False, [True, False])
    first = event.start()
    playing = {p for m in first["matches"] for p in (m["player_a"], m["player_b"])}
    assert playing == {m.name for members in rosters.values() for m in members}


def test_it_refuses_to_start_without_two_teams_ready(event_factory):
    event, _rosters = team_event(event_factory, 1)
    event.register(*make_players(2, prefix="solo"))  # registered players on no team
    response = event.organizer.api.post(f"{event.url}start/")
    assert response.status_code == 409 and response.json()["code"] == "too_few_teams"


def test_it_refuses_an_incomplete_team(event_factory):
    event = event_factory(teams=3)
    event.open()
    a, b = make_players(2)
    response = team_register(event, a, "Pair", [a.name, b.name])
    assert response.status_code == 400 and response.json()["code"] == "team_size"


def test_it_refuses_a_member_on_two_teams(event_factory):
    event, rosters = team_event(event_factory, 1)
    taken = rosters["Team 1"][1]
    other = make_actor("zoe")
    response = team_register(event, other, "Second", [other.name, taken.name])
    assert response.status_code == 409 and response.json()["code"] == "member_on_another_team"


@pytest.mark.parametrize(
    ("members", "code", "status"),
    [
        (["nobody-here", "zoe"], "unknown_user", 400),
        (["zoe", "ZOE"], "member_twice", 400),
        (["olga", "zoe"], "official_cannot_play", 409),
    ],
)
def test_it_refuses_unknown_repeated_or_official_members(event_factory, members, code, status):
    event = event_factory(teams=2)
    event.open()
    zoe = make_actor("zoe")
    response = team_register(event, zoe, "Z", members)
    assert response.status_code == status and response.json()["code"] == code


def test_it_limits_copies_of_a_card_across_the_team_when_the_event_says_so(event_factory, legal_decks):
    event = event_factory(teams=2, team_copy_limit=True)
    event.open()
    a, b = make_players(2)
    same = legal_decks[0]
    assert a.api.post(f"{event.url}registrations/", {"deck": same}, format="json").status_code == 201
    assert team_register(event, a, "Twins", [a.name, b.name]).status_code == 201
    response = b.api.post(f"{event.url}registrations/", {"deck": same}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "team_copy_limit"
    assert body["violations"] and {v["code"] for v in body["violations"]} == {"team_copy_limit"}
    assert "across the team" in body["violations"][0]["message"]
    # The same two decks in a team event without the limit: taken.
    free = event_factory(teams=2)
    free.open()
    for player in (a, b):
        assert player.api.post(f"{free.url}registrations/", {"deck": same}, format="json").status_code == 201
    assert team_register(free, a, "Twins", [a.name, b.name]).status_code == 201


def test_a_team_registration_over_the_copy_limit_is_refused(event_factory, legal_decks):
    event = event_factory(teams=2, team_copy_limit=True)
    event.open()
    a, b = make_players(2)
    for player in (a, b):
        assert (
            player.api.post(f"{event.url}registrations/", {"deck": legal_decks[0]}, format="json").status_code
            == 201
        )
    response = team_register(event, a, "Twins", [a.name, b.name])
    assert response.status_code == 400 and response.json()["code"] == "team_copy_limit"


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"teams": 4}, "invalid"),
        ({"teams": 2, "structure": "round_robin"}, "option_not_for_structure"),
        ({"teams": 2, "top_cut": 4}, "option_not_for_structure"),
        ({"team_copy_limit": True}, "option_not_for_structure"),
    ],
)
def test_it_refuses_team_options_it_cannot_run(organizer, options, code):
    response = organizer.api.post(
        "/api/events/", {"name": "Cup", "game": "respons", **options}, format="json"
    )
    assert response.status_code == 400 and response.json()["code"] == code


def test_a_team_refusal_is_said_in_the_readers_language(event_factory):
    event = event_factory(teams=3)
    event.open()
    a, b = make_players(2)
    response = a.api.post(
        f"{event.url}teams/",
        {"name": "Pair", "members": [a.name, b.name]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 400 and response.json()["code"] == "team_size"
    assert "команд" in response.json()["detail"]


def test_an_online_team_event_sets_up_the_game_of_every_seat(event_factory):
    event, _rosters = team_event(event_factory, 2, rounds=1, online=True)
    first = event.start()
    seats = [m["id"] for m in first["matches"]]
    assert len(seats) == 2
    set_up = Game.objects.filter(match_id__in=seats, number=1)
    assert sorted(set_up.values_list("match_id", flat=True)) == sorted(seats)


def test_a_team_rounds_pairings_are_corrected_team_by_team_not_seat_by_seat(event_factory):
    """Two members of one team name one team: a swap of them is no swap (the same team table)."""
    event, rosters = team_event(event_factory, 2, rounds=2)
    event.start()
    a, b = rosters["Team 1"][0].name, rosters["Team 1"][1].name
    body = {"player_a": a, "player_b": b, "reason": "seats swapped"}
    response = event.organizer.api.post(f"{event.url}pairings/swap/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "same_table"
    response = event.organizer.api.post(f"{event.url}rounds/repair/", {"reason": "again"}, format="json")
    assert response.status_code == 200 and len(response.json()["team_tables"]) == 1


def test_it_registers_only_a_team_its_captain_plays_in(event_factory):
    """Nobody ties others' names up in a team: the one who registers it is one of its members."""
    event = event_factory(teams=2)
    event.open()
    a, b, squatter = make_players(3)
    response = team_register(event, squatter, "Ghosts", [a.name, b.name])
    assert response.status_code == 403 and response.json()["code"] == "captain_not_member"
    russian = squatter.api.post(
        f"{event.url}teams/",
        {"name": "Ghosts", "members": [a.name, b.name]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert russian.json()["code"] == "captain_not_member" and "команд" in russian.json()["detail"]
    assert team_register(event, a, "Pair", [a.name, b.name]).status_code == 201


def test_a_member_leaves_and_the_team_is_withdrawn_so_the_others_may_join_another(event_factory):
    event = event_factory(teams=2)
    event.open()
    a, b, c = make_players(3)
    assert team_register(event, a, "Pair", [a.name, b.name]).status_code == 201
    assert b.api.delete(f"{event.url}teams/mine/").status_code == 204
    assert event.organizer.api.get(f"{event.url}teams/").json() == []
    assert team_register(event, a, "New pair", [a.name, c.name]).status_code == 201
    again = b.api.delete(f"{event.url}teams/mine/")
    assert again.status_code == 409 and again.json()["code"] == "not_on_a_team"


def test_nobody_leaves_a_team_once_the_event_has_started(event_factory):
    event, rosters = team_event(event_factory, 2)
    event.start()
    member = rosters["Team 1"][0]
    response = member.api.delete(f"{event.url}teams/mine/")
    assert response.status_code == 409 and response.json()["code"] == "registration_closed"
    assert len(event.organizer.api.get(f"{event.url}teams/").json()) == 2


def test_the_standings_csv_of_a_team_event_lists_the_teams_as_the_api_does(event_factory):
    event, rosters = team_event(event_factory, 2, size=2, rounds=1, best_of=1)
    event.start()
    event.finish_round(1)
    api = event.standings()
    response = event.organizer.api.get(f"/events/{event.id}/export/standings.csv")
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row["team"] for row in rows] == [row["team"] for row in api]
    assert rows[0]["members"] == "; ".join(m.name for m in rosters[api[0]["team"]])
    assert [int(row["match_points"]) for row in rows] == [row["match_points"] for row in api]
    assert "username" not in rows[0]


def test_players_kept_apart_keep_their_teams_apart(event_factory):
    event, rosters = team_event(event_factory, 4, size=2, rounds=2)
    names = list(rosters)  # Team 1 … Team 4
    allowed = {frozenset(("Team 1", "Team 4")), frozenset(("Team 2", "Team 3"))}
    for x, y in itertools.combinations(names, 2):
        if frozenset((x, y)) not in allowed:  # one player of each kept apart: so are their teams
            body = {"player_a": rosters[x][0].name, "player_b": rosters[y][1].name, "reason": "clubmates"}
            response = event.organizer.api.post(f"{event.url}forbidden-pairs/", body, format="json")
            assert response.status_code == 201, response.content
    # A seed whose round 1, with nobody kept apart, pairs the teams otherwise.
    teams, _history = team_history(event=Event.objects.get(pk=event.id))
    by_id = {team.id: team.name for team in teams}

    def round_one(seed: int) -> set[frozenset[str]]:
        pairing = team_pair_round(teams=teams, history=[], round_number=1, seed=seed)
        return {frozenset((by_id[t.a], by_id[t.b])) for t in pairing.teams.tables}

    seed = next(s for s in range(100) if round_one(s) != allowed)
    Event.objects.filter(pk=event.id).update(seed=seed)
    tables = event.start()["team_tables"]
    assert {frozenset((t["team_a"], t["team_b"])) for t in tables} == allowed

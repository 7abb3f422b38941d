"""Corrections of a team round and team drops (docs/organizers.md, "On the day"): a team plays
whole, so a swap exchanges two teams' team tables, a manual bye goes to a whole team, a re-pair
pairs the teams again, and a member's drop drops the team; each one in the audit trail, in
English and in Russian."""

import copy
import re

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read, team_event
from tournaments.models import Game, Match, Notification, Penalty, Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _four_teams_rows(module_rows, django_db_blocker):
    """An open event of four teams of two, two rounds: made once for the module's tests
    (tests/support/shared_rows.py); its members are named apart from the other tests' players."""
    with django_db_blocker.unblock():
        organizer, decks = make_actor("olga"), legal_decks_read()
        return team_event(
            lambda **settings: EventDriver(organizer, decks, **settings), 4, prefix="four", rounds=2
        )


@pytest.fixture
def four_teams(_four_teams_rows, db):
    """(event, each team's members): the module's shared team event, not started."""
    return copy.deepcopy(_four_teams_rows)


@pytest.fixture
def shared_actors(four_teams):
    return {"organizer": four_teams[0].organizer}


def post(actor, url: str, body: dict | None = None, **extra):
    return actor.api.post(url, body or {}, format="json", **extra)


def team_tables(round_json: dict) -> dict[int, tuple[str, str | None]]:
    return {t["number"]: (t["team_a"], t["team_b"]) for t in round_json["team_tables"]}


def seats(round_json: dict) -> dict[int, tuple[str, str | None]]:
    return {m["table"]: (m["player_a"], m["player_b"]) for m in round_json["matches"]}


def said(event, language: str) -> list[str]:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(event.organizer.user)
    client.cookies["django_language"] = language
    html = client.get(f"/events/{event.id}/manage/").content.decode()
    trail = html[html.index('data-testid="audit-trail"') :]
    return [trail[: trail.index("</table>")]]


def audit(event) -> list[dict]:
    return event.organizer.api.get(f"{event.url}audit/").json()


# ------------------------------------------------------------------------------------------- swap


def test_two_teams_swap_their_team_tables_and_every_seat_follows(four_teams):
    event, rosters = four_teams
    first = event.start()
    (a1, b1), (a2, b2) = team_tables(first)[1], team_tables(first)[2]
    body = {"team_a": b1, "team_b": a2, "reason": "clubmates"}
    response = post(event.organizer, f"{event.url}pairings/swap/", body)
    assert response.status_code == 200, response.content
    assert response.json()["warnings"] == []  # round 1: no points, no meeting
    after = event.round(1)
    assert team_tables(after) == {1: (a1, a2), 2: (b1, b2)}
    members = {name: [m.name for m in rosters[name]] for name in rosters}
    assert seats(after) == {
        1: (members[a1][0], members[a2][0]),
        2: (members[a1][1], members[a2][1]),
        3: (members[b1][0], members[b2][0]),
        4: (members[b1][1], members[b2][1]),
    }
    entry = audit(event)[-1]
    assert (entry["action"], entry["reason"]) == ("team_swap", "clubmates")
    assert f"Team table 1: {a1} vs {b1} → {a1} vs {a2}" in entry["said"]
    english, russian = said(event, "en")[0], said(event, "ru")[0]
    assert f"Team table 2: {a2} vs {b2} → {b1} vs {b2}" in english
    assert f"Командный стол 2: {a2} против {b2} → {b1} против {b2}" in russian
    assert (
        f"Стол 1: {members[a1][0]} против {members[b1][0]} → {members[a1][0]} против {members[a2][0]}"
        in russian
    )


def test_a_members_username_names_their_team(four_teams):
    event, rosters = four_teams
    first = team_tables(event.start())
    (a1, b1), (a2, _b2) = first[1], first[2]
    body = {"player_a": rosters[b1][1].name, "player_b": rosters[a2][0].name, "reason": "typo"}
    response = post(event.organizer, f"{event.url}pairings/swap/", body)
    assert response.status_code == 200, response.content
    assert team_tables(event.round(1))[1] == (a1, a2)


def test_a_team_swap_warns_of_a_rematch_and_of_a_points_mismatch(event_factory):
    event, _rosters = team_event(event_factory, 4, size=2, rounds=3)
    first = team_tables(event.start())
    event.finish_round(1)  # seat A wins every seat: team A of each table wins
    second = team_tables(event.next_round())
    x, y = second[1]
    assert {x, y} == {first[1][0], first[2][0]}  # the winners meet
    beaten_by_x = first[1][1] if first[1][0] == x else first[2][1]
    body = {"team_a": y, "team_b": beaten_by_x, "reason": "r"}
    response = post(event.organizer, f"{event.url}pairings/swap/", body)
    assert response.status_code == 200, response.content
    text = " ".join(response.json()["warnings"])
    # Both new team tables are rematches of round 1, of a winner and a loser.
    assert f"{beaten_by_x} and {x} have played each other already: a rematch." in text
    assert f"{beaten_by_x} has 0 match points and {x} has 3." in text
    codes = [w["code"] for w in audit(event)[-1]["new"]["warnings"]]
    assert codes == ["rematch", "points", "rematch", "points"]
    back = post(event.organizer, f"{event.url}pairings/swap/", body)  # as the pairer had it
    assert back.status_code == 200 and back.json()["warnings"] == []
    russian = post(event.organizer, f"{event.url}pairings/swap/", body, HTTP_ACCEPT_LANGUAGE="ru")
    assert f"{beaten_by_x} и {x} уже играли друг с другом" in " ".join(russian.json()["warnings"])


@pytest.mark.parametrize(
    ("case", "status", "code"),
    [
        ("no reason", 400, "blank"),
        ("unknown", 400, "unknown_team"),
        ("same table", 400, "same_table"),
        ("result in", 409, "result_in"),
        ("penalty", 409, "penalties_given"),
        ("not organizer", 403, "permission_denied"),
    ],
)
def test_a_team_swap_keeps_the_swiss_swaps_guards(four_teams, case, status, code):
    event, rosters = four_teams
    first = event.start()
    (a1, b1), (a2, _b2) = team_tables(first)[1], team_tables(first)[2]
    body = {"team_a": a1, "team_b": a2, "reason": "r"}
    actor = event.organizer
    if case == "no reason":
        body["reason"] = ""
    elif case == "unknown":
        body["team_b"] = "Nobody"
    elif case == "same table":
        body["team_b"] = b1
    elif case == "result in":
        match = next(m for m in first["matches"] if m["table"] == 3)
        won = {"wins_a": event.best_of // 2 + 1, "wins_b": 0}
        assert post(event.organizer, f"/api/matches/{match['id']}/report/", won).status_code == 200
    elif case == "penalty":
        match = Match.objects.get(round__event_id=event.id, table=2)
        Penalty.objects.create(
            match=match, registration=match.player_a, kind="warning", by=event.organizer.user
        )
    else:
        actor = rosters[a1][0]
    response = post(actor, f"{event.url}pairings/swap/", body)
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert team_tables(event.round(1)) == team_tables(first)


def test_an_online_team_round_whose_games_started_is_not_corrected(event_factory):
    event, _rosters = team_event(event_factory, 4, size=2, rounds=2, online=True)
    first = team_tables(event.start())
    assert Game.objects.filter(match__round__event_id=event.id).exists()
    for url, body in (
        ("pairings/swap/", {"team_a": first[1][0], "team_b": first[2][0], "reason": "r"}),
        ("pairings/bye/", {"team": first[1][0], "reason": "r"}),
        ("rounds/repair/", {"reason": "r"}),
    ):
        response = post(event.organizer, f"{event.url}{url}", body)
        assert response.status_code == 409 and response.json()["code"] == "games_started", url


# -------------------------------------------------------------------------------------------- bye


def test_a_team_bye_moves_the_bye_of_an_odd_round(event_factory):
    event, rosters = team_event(event_factory, 3, size=2, rounds=2)
    first = event.start()
    tables = team_tables(first)
    (a, b), (holder, none) = tables[1], tables[2]
    assert none is None
    response = post(event.organizer, f"{event.url}pairings/bye/", {"team": a, "reason": "must leave early"})
    assert response.status_code == 200, response.content
    after = event.round(1)
    assert team_tables(after) == {1: (holder, b), 2: (a, None)}
    byes = {m["player_a"] for m in after["matches"] if m["player_b"] is None}
    assert byes == {m.name for m in rosters[a]}
    assert all(m["status"] == "final" for m in after["matches"] if m["player_b"] is None)
    entry = audit(event)[-1]
    assert (
        entry["action"] == "team_bye" and f"Team table 2: {holder} has a bye → {a} has a bye" in entry["said"]
    )
    assert f"Командный стол 2: {holder}: бай → {a}: бай" in said(event, "ru")[0]


def test_a_team_bye_in_an_even_round_gives_the_opponent_team_a_bye_too(four_teams):
    event, rosters = four_teams
    first = team_tables(event.start())
    a, b = first[1]
    response = post(
        event.organizer, f"{event.url}pairings/bye/", {"username": rosters[a][0].name, "reason": "r"}
    )
    assert response.status_code == 200, response.content
    assert response.json()["warnings"] == [f"{b} had no one else to play and gets a bye too."]
    after = event.round(1)
    byes = sorted(m["player_a"] for m in after["matches"] if m["player_b"] is None)
    assert byes == sorted(m.name for m in [*rosters[a], *rosters[b]])
    assert {t["team_a"] for t in after["team_tables"] if t["team_b"] is None} == {a, b}
    assert {t["winner"] for t in after["team_tables"] if t["team_b"] is None} == {a, b}
    assert audit(event)[-1]["new"]["warnings"] == [{"code": "bye_too", "params": {"name": b}}]


@pytest.mark.parametrize(("case", "code"), [("has the bye", "is_bye"), ("result in", "result_in")])
def test_a_team_bye_keeps_the_manual_byes_guards(event_factory, case, code):
    event, _rosters = team_event(event_factory, 3, size=2, rounds=2)
    first = event.start()
    tables = team_tables(first)
    team = tables[2][0] if case == "has the bye" else tables[1][0]
    if case == "result in":
        match = next(m for m in first["matches"] if m["table"] == 1)
        won = {"wins_a": event.best_of // 2 + 1, "wins_b": 0}
        assert post(event.organizer, f"/api/matches/{match['id']}/report/", won).status_code == 200
    response = post(event.organizer, f"{event.url}pairings/bye/", {"team": team, "reason": "r"})
    assert response.status_code == 409 and response.json()["code"] == code


# ------------------------------------------------------------------------------------------ re-pair


def test_a_team_round_is_paired_again_with_a_fresh_seed_while_no_result_is_in(event_factory):
    event, _rosters = team_event(event_factory, 6, size=2, rounds=2)
    first = event.start()
    seen = {frozenset(pair) for pair in team_tables(first).values()}
    for _attempt in range(8):
        response = post(event.organizer, f"{event.url}rounds/repair/", {"reason": "wrong roster"})
        assert response.status_code == 200, response.content
        again = response.json()
        assert again["number"] == 1 and len(again["team_tables"]) == 3
        for table in again["team_tables"]:  # every seat of a team table is its two teams' members
            assert len(table["seats"]) == 2
        if {frozenset(pair) for pair in team_tables(again).values()} != seen:
            break
    else:
        pytest.fail("eight re-pairs drew the same team tables")
    entry = audit(event)[-1]
    assert entry["action"] == "round_repair" and entry["said"][0] == "Round 1 paired again"
    assert any(line.startswith("Team table ") for line in entry["said"])
    event.finish_round(1)
    refused = post(event.organizer, f"{event.url}rounds/repair/", {"reason": "late"})
    assert refused.status_code == 409 and refused.json()["code"] == "results_in"


def test_a_held_team_round_stays_held_when_paired_again(four_teams):
    event, _rosters = four_teams
    assert post(event.organizer, f"{event.url}start/", {"hold": True}).json()["published"] is False
    again = post(event.organizer, f"{event.url}rounds/repair/", {"reason": "checked"})
    assert again.status_code == 200 and again.json()["published"] is False


# -------------------------------------------------------------------------------------- dashboard


def test_the_dashboard_lists_teams_to_move_and_leaves_dropped_ones_out(event_factory):
    event, rosters = team_event(event_factory, 5, size=2, rounds=2)
    first = team_tables(event.start())
    holder = next(a for a, b in first.values() if b is None)
    dropped = first[1][0]
    assert (
        post(rosters[dropped][0], f"{event.url}drop/", {"username": rosters[dropped][0].name}).status_code
        == 200
    )
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(event.organizer.user)
    html = browser.get(f"/events/{event.id}/manage/").content.decode()
    assert re.search(r'<input id="swap-a" [^>]*name="team_a"', html)
    assert re.search(r'<input id="bye-player" [^>]*name="team"', html)
    assert "Swap two teams between team tables" in html and "Give a team the bye" in html
    source = re.search(r'<datalist id="movable-players" [^>]*hx-get="([^"]+)"', html).group(1)
    offered = re.findall(r'<option value="([^"]*)">', browser.get(source).content.decode())
    # The dropped team's table is settled: it and its opponent have a result; the bye team stays.
    settled = set(first[1])
    assert offered == sorted(set(rosters) - settled - {holder})
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_login(event.organizer.user)
    html = russian.get(f"/events/{event.id}/manage/").content.decode()
    assert "Обменять две команды столами" in html and "Дать команде бай" in html


# ------------------------------------------------------------------------------------------- drop


def test_a_members_drop_drops_the_whole_team_and_settles_each_seat(event_factory):
    event, rosters = team_event(event_factory, 4, size=3, rounds=2)
    first = event.start()
    team, opponent = team_tables(first)[1]
    leaver = rosters[team][1]
    response = post(leaver, f"{event.url}drop/", {"username": leaver.name})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["team"] == team and body["dropped_players"] == [m.name for m in rosters[team]]
    assert body["username"] == leaver.name and body["dropped"] is True  # the fields it always had
    registrations = Registration.objects.filter(
        event_id=event.id, player__username__in=body["dropped_players"]
    )
    assert {(r.dropped, r.dropped_after_round) for r in registrations} == {(True, 1)}
    table = next(t for t in event.round(1)["team_tables"] if t["team_a"] == team)
    assert (table["seats_won_b"], table["winner"], table["decided"]) == (3, opponent, True)
    entries = [e for e in audit(event) if e["action"] == "team_drop"]
    assert len(entries) == 1 and entries[0]["said"] == [
        f"The team “{team}” dropped: " + ", ".join(m.name for m in rosters[team])
    ]
    assert f"Команда «{team}» выбыла" in said(event, "ru")[0]
    told = Notification.objects.filter(kind="team_drop")
    assert sorted(n.user.username for n in told) == sorted(m.name for m in rosters[team] if m is not leaver)
    bell = rosters[team][0].api.get("/api/notifications/").json()
    text = " ".join(str(n) for n in (bell["results"] if isinstance(bell, dict) else bell))
    assert leaver.name in text and team in text
    assert [row["dropped"] for row in event.standings() if row["team"] == team] == [True]
    event.finish_round(1)
    second = event.next_round()  # the dropped team is paired no more: the three others, one bye
    playing = {t["team_a"] for t in second["team_tables"]} | {t["team_b"] for t in second["team_tables"]}
    assert team not in playing


def test_the_organizer_drops_a_team_by_one_members_name(event_factory):
    event, rosters = team_event(event_factory, 2, size=2, rounds=2)
    event.start()
    member = rosters["Team 2"][0]
    response = post(event.organizer, f"{event.url}drop/", {"username": member.name})
    assert response.status_code == 200
    assert response.json()["dropped_players"] == [m.name for m in rosters["Team 2"]]
    told = Notification.objects.get(kind="team_drop")
    assert told.user.username == rosters["Team 2"][1].name and told.params["by_organizer"] is True
    again = post(event.organizer, f"{event.url}drop/", {"username": member.name})
    assert again.status_code == 200 and Notification.objects.filter(kind="team_drop").count() == 1


def test_an_individual_drop_answers_as_before_with_its_player(event_factory):
    event = event_factory()
    event.open()
    players = make_players(2)
    event.register(*players)
    event.start()
    body = post(players[0], f"{event.url}drop/", {"username": players[0].name}).json()
    assert (body["dropped"], body["team"], body["dropped_players"]) == (True, None, [players[0].name])


def test_the_event_page_says_beforehand_that_the_whole_team_drops(event_factory):
    event, rosters = team_event(event_factory, 2, size=2, rounds=2)
    event.start()
    member = rosters["Team 1"][0]
    names = ", ".join(m.name for m in rosters["Team 1"])
    for language, words in (
        ("en", f"Your team “Team 1” plays whole, so all of it drops: {names}."),
        ("ru", f"Ваша команда «Team 1» играет только целиком, поэтому выбывает вся: {names}."),
    ):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(member.user)
        client.cookies["django_language"] = language
        html = client.get(f"/events/{event.id}/").content.decode()
        note = re.search(r'data-testid="team-drop-note">([^<]*)<', html).group(1)
        assert words in note, (language, note)
        assert re.search(r'data-confirm="[^"]*' + re.escape(rosters["Team 1"][1].name), html)


def test_a_disqualified_member_takes_their_team_out_with_them(four_teams):
    event, rosters = four_teams
    first = event.start()
    team, opponent = team_tables(first)[1]
    cheat, mate = rosters[team]
    seat_1 = next(m for m in first["matches"] if cheat.name in (m["player_a"], m["player_b"]))
    response = post(
        event.organizer,
        f"/api/matches/{seat_1['id']}/penalties/",
        {"username": cheat.name, "kind": "disqualification", "note": "marked cards"},
    )
    assert response.status_code == 201, response.content
    out = Registration.objects.filter(event_id=event.id, player__username__in=[cheat.name, mate.name])
    assert {(r.dropped, r.dropped_after_round) for r in out} == {(True, 1)}
    table = next(t for t in event.round(1)["team_tables"] if t["team_a"] == team or t["team_b"] == team)
    assert (table["winner"], table["decided"]) == (opponent, True)  # both seats lost
    assert Penalty.objects.get().registration.player.username == cheat.name  # the teammate is no cheat
    [entry] = [e for e in audit(event) if e["action"] == "team_drop"]
    out_words = f"The team “{team}” is out, {cheat.name} disqualified: {cheat.name}, {mate.name}"
    assert entry["said"] == [out_words]
    [told] = Notification.objects.filter(kind="team_drop")
    assert told.user.username == mate.name
    bell = " ".join(str(n) for n in mate.api.get("/api/notifications/").json()["results"])
    assert f"{cheat.name} was disqualified" in bell and team in bell
    event.finish_round(1)
    second = event.next_round()
    assert team not in {t[side] for t in second["team_tables"] for side in ("team_a", "team_b")}

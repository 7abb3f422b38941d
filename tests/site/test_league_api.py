"""A league through the API (docs/api.md, "Leagues"): created with its window and its number of
matches, started, players on the list of players looking for a match challenging each other,
results reported and confirmed as in any paper match, the live standings with each player's
matches left, every refusal with its code, and the close."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from tests.support.actors import anonymous_actor, make_actor, make_players
from tournaments.models import Event, Game, Notification
from tournaments.services import jobs
from tournaments.services.events import leagues_sweep
from tournaments.services.notifications import notification_text

pytestmark = pytest.mark.django_db

LEAGUE = {"structure": "league", "league_days": 7, "league_matches": 2}


def started(event_factory, players: int, **settings):
    """A paper league of ``players`` (2 matches each over 7 days), started."""
    event = event_factory(**{**LEAGUE, **settings})
    event.open()
    entrants = make_players(players)
    event.register(*entrants)
    return event, entrants, event.start()


def look(event, player) -> dict:
    response = player.api.post(f"{event.url}league/looking/")
    assert response.status_code == 200, response.content
    return response.json()


def challenge(event, player, opponent):
    return player.api.post(f"{event.url}league/challenge/", {"opponent": opponent.name}, format="json")


def play(event, match_id: int, winner, loser) -> None:
    """The winner reports a 2-0 (a best of 3) and the loser confirms it."""
    match = event.organizer.api.get(f"{event.url}rounds/1/").json()["matches"]
    seat_a = next(m for m in match if m["id"] == match_id)["player_a"] == winner.name
    body = {"wins_a": 2 if seat_a else 0, "wins_b": 0 if seat_a else 2, "draws": 0}
    assert winner.api.post(f"/api/matches/{match_id}/report/", body, format="json").status_code == 200
    assert loser.api.post(f"/api/matches/{match_id}/confirm/").status_code == 200


def test_it_plays_a_league_from_creation_to_its_standings(event_factory):
    event, (anna, boris, clara), first = started(event_factory, 3, best_of=3)
    assert (first["number"], first["kind"], first["matches"]) == (1, "league", [])
    detail = event.organizer.api.get(event.url).json()
    assert (detail["structure"], detail["league_days"], detail["league_matches"]) == ("league", 7, 2)
    league = anna.api.get(f"{event.url}league/").json()
    assert league["open"] is True and league["looking"] == []
    closes = timezone.datetime.fromisoformat(league["closes_at"]) - timezone.datetime.fromisoformat(
        league["opens_at"]
    )
    assert closes == timedelta(days=7)
    assert league["you"]["matches_left"] == 2 and league["you"]["looking"] is False

    listed = look(event, anna)
    assert [p["username"] for p in listed["looking"]] == [anna.name]
    seen_by_boris = boris.api.get(f"{event.url}league/").json()["looking"][0]
    assert (seen_by_boris["can_challenge"], seen_by_boris["refusal"]) == (True, None)
    response = challenge(event, boris, anna)
    assert response.status_code == 201, response.content
    match = response.json()
    assert (match["player_a"], match["player_b"], match["table"]) == (boris.name, anna.name, 1)
    assert anna.api.get(f"{event.url}league/").json()["looking"] == []  # both off the list
    assert event.round(1)["kind"] == "league"

    play(event, match["id"], anna, boris)
    look(event, clara)
    second = challenge(event, anna, clara).json()
    play(event, second["id"], clara, anna)

    rows = event.standings()
    assert [(r["username"], r["match_points"], r["remaining"]) for r in rows] == [
        (clara.name, 3, 1),
        (anna.name, 3, 0),
        (boris.name, 0, 1),
    ]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert {"mwp", "omw", "gw", "ogw"} <= set(rows[0])


def test_it_refuses_a_rematch_and_a_player_over_the_limit(event_factory):
    event, (anna, boris, clara), _ = started(event_factory, 3, league_matches=1)
    look(event, anna)
    assert challenge(event, boris, anna).status_code == 201
    response = challenge(event, clara, boris)
    assert response.status_code == 409 and response.json()["code"] == "busy"
    event.finish_round(1)
    look(event, clara)
    response = challenge(event, anna, clara)  # anna's one match is played
    assert response.status_code == 409 and response.json()["code"] == "limit"
    assert "1" in response.json()["detail"]
    response = anna.api.post(f"{event.url}league/looking/")
    assert response.status_code == 409 and response.json()["code"] == "limit"


def test_it_never_matches_the_same_two_players_twice(event_factory):
    event, (anna, boris), _ = started(event_factory, 2, league_matches=3)
    look(event, anna)
    challenge(event, boris, anna)
    event.finish_round(1)
    look(event, anna)
    seen = boris.api.get(f"{event.url}league/").json()["looking"][0]
    assert seen["can_challenge"] is False and seen["refusal"]["code"] == "rematch"
    response = challenge(event, boris, anna)
    assert response.status_code == 409 and response.json()["code"] == "rematch"
    response = boris.api.post(
        f"{event.url}league/challenge/", {"opponent": anna.name}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.json()["code"] == "rematch" and "уже" in response.json()["detail"]


def test_a_player_challenges_only_for_themself_and_only_someone_on_the_list(event_factory):
    event, (anna, boris, clara), _ = started(event_factory, 3)
    outsider = make_actor("outsider")
    look(event, anna)
    # Nobody may act for another player: the challenger is always the one signed in.
    response = outsider.api.post(f"{event.url}league/challenge/", {"opponent": anna.name}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_a_player"
    response = event.organizer.api.post(f"{event.url}league/looking/")
    assert response.status_code == 403
    response = challenge(event, anna, clara)  # clara is not on the list
    assert response.status_code == 409 and response.json()["code"] == "not_looking"
    response = challenge(event, anna, anna)
    assert response.status_code == 409 and response.json()["code"] == "same_player"
    body = {"opponent": anna.name, "player": boris.name}  # an extra field names no one
    made = clara.api.post(f"{event.url}league/challenge/", body, format="json").json()
    assert (made["player_a"], made["player_b"]) == (clara.name, anna.name)
    assert anonymous_actor().api.post(f"{event.url}league/looking/").status_code in (401, 403)
    # A player leaves the list when they change their mind.
    look(event, boris)
    assert boris.api.delete(f"{event.url}league/looking/").json()["looking"] == []


def test_the_organizer_matches_the_waiting_players(event_factory):
    event, players, _ = started(event_factory, 5)
    for player in players:
        look(event, player)
    response = players[0].api.post(f"{event.url}league/pair-waiting/")
    assert response.status_code == 403
    answer = event.organizer.api.post(f"{event.url}league/pair-waiting/").json()
    assert len(answer["matches"]) == 2 and answer["waiting"] == 1
    paired = {name for m in answer["matches"] for name in (m["player_a"], m["player_b"])}
    assert players[-1].name not in paired  # the last to join waits
    assert [m["table"] for m in answer["matches"]] == [1, 2]


def test_the_league_closes_after_its_days_and_finishes_once_its_matches_are_final(event_factory):
    event, (anna, boris, clara), _ = started(event_factory, 3)
    look(event, anna)
    challenge(event, boris, anna)
    look(event, clara)
    Event.objects.filter(pk=event.id).update(league_opens_at=timezone.now() - timedelta(days=7, seconds=1))
    response = challenge(event, anna, clara)
    assert response.status_code == 409 and response.json()["code"] == "closed"
    assert anna.api.get(f"{event.url}league/").json()["open"] is False
    assert leagues_sweep() == 0  # boris and anna's match is still open: it is played out
    assert anna.api.get(f"{event.url}league/").json()["looking"] == []  # the list empties at the close
    event.finish_round(1)
    assert leagues_sweep() == 1
    assert event.organizer.api.get(event.url).json()["status"] == "finished"


def test_the_organizer_finishes_a_league_early_once_its_matches_are_final(event_factory):
    event, (anna, boris), _ = started(event_factory, 2)
    look(event, anna)
    challenge(event, boris, anna)
    response = event.organizer.api.post(f"{event.url}next-round/")
    assert response.status_code == 409 and response.json()["code"] == "results_missing"
    event.finish_round(1)
    assert event.next_round()["finished"] is True
    response = challenge(event, anna, boris)
    assert response.status_code == 409 and response.json()["code"] == "closed"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"structure": "league", "league_matches": 3}, "required"),
        ({"structure": "league", "league_days": 0, "league_matches": 3}, "invalid"),
        ({"structure": "league", "league_days": 7, "league_matches": 101}, "invalid"),
        ({"structure": "league", "league_days": 366, "league_matches": 3}, "invalid"),
        (
            {"structure": "league", "league_days": 7, "league_matches": 3, "late_entry": True},
            "option_not_for_structure",
        ),
        ({"league_days": 7}, "option_not_for_structure"),
    ],
)
def test_it_refuses_bad_league_options_with_a_stable_code(organizer, body, code):
    response = organizer.api.post("/api/events/", {"name": "League", **body}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code


def test_a_league_refusal_is_said_in_russian(organizer):
    body = {"name": "League", "structure": "league", "league_matches": 3}
    response = organizer.api.post("/api/events/", body, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.json()["code"] == "required" and "лиг" in response.json()["detail"]


def test_a_league_is_not_a_round_robin_nor_a_bracket(event_factory):
    event = event_factory()
    response = event.organizer.api.get(f"{event.url}league/")
    assert response.status_code == 404 and response.json()["code"] == "not_a_league"


def test_an_online_league_match_gets_its_first_game_at_once(event_factory):
    event, (anna, boris), _ = started(event_factory, 2, online=True, best_of=3)
    look(event, anna)
    match = challenge(event, boris, anna).json()
    game = Game.objects.get(match_id=match["id"])
    assert game.number == 1
    response = anna.api.get(f"/api/matches/{match['id']}/game/")
    assert response.status_code == 200, response.content
    # As in any online match, the result comes from the engine, not from a player's report.
    body = {"wins_a": 2, "wins_b": 0, "draws": 0}
    assert boris.api.post(f"/api/matches/{match['id']}/report/", body, format="json").status_code >= 400


def test_the_beat_runs_the_league_sweep_by_its_task(event_factory, settings):
    event, (anna, boris), _ = started(event_factory, 2)
    entry = settings.CELERY_BEAT_SCHEDULE["league-sweep"]
    assert entry["task"] == jobs.LEAGUES_SWEEP
    assert jobs.task(jobs.LEAGUES_SWEEP)() == 0  # the window is open
    Event.objects.filter(pk=event.id).update(league_opens_at=timezone.now() - timedelta(days=8))
    assert jobs.task(jobs.LEAGUES_SWEEP)() == 1
    assert Event.objects.get(pk=event.id).status == "finished"


def test_both_players_hear_of_a_league_match_made_in_their_language(event_factory):
    event, (anna, boris), _first = started(event_factory, 2)
    look(event, anna)
    assert challenge(event, boris, anna).status_code == 201
    for player, opponent in ((anna, boris), (boris, anna)):
        note = Notification.objects.get(user=player.user, kind=Notification.Kind.PAIRINGS)
        assert notification_text(note) == f"Cup: your league match against {opponent.name} is made (table 1)."
        with translation.override("ru"):
            assert notification_text(note) == f"Cup: составлен ваш матч лиги против {opponent.name} (стол 1)."

"""An online league on a real Celery worker: its two players put themselves on the list of
players looking for a match and the organizer's "Match the waiting players" matches them; the
worker sets their game up, the players play it through the API to its end, the worker records
the result, the league's standings count it, and the same two are never matched again."""

import pytest

from tests.support.actors import make_players
from tests.support.workers import play_to_the_end, wait_until
from tournaments.models import Game, Match, ResultChange
from tournaments.services.online import setup

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def look(event, player) -> None:
    response = player.api.post(f"{event.url}league/looking/")
    assert response.status_code == 200, response.content


def test_an_online_league_match_is_made_played_and_counted_on_a_real_worker(
    broker, event_factory, monkeypatch
):
    monkeypatch.setattr(setup, "SETUP_IN_REQUEST", 0)  # the match's game is the worker's to set up
    event = event_factory(structure="league", league_days=7, league_matches=2, best_of=1, online=True)
    event.open()
    players = make_players(2)
    event.register(*players)
    assert event.start()["kind"] == "league"
    for player in players:
        look(event, player)
    looking = players[0].api.get(f"{event.url}league/").json()["looking"]
    assert {p["username"] for p in looking} == {p.name for p in players}

    answer = event.organizer.api.post(f"{event.url}league/pair-waiting/").json()
    assert (len(answer["matches"]), answer["waiting"]) == (1, 0), answer
    made = answer["matches"][0]
    match_id = made["id"]
    response = players[0].api.get(f"/api/matches/{match_id}/game/")
    assert (response.status_code, response.json()["setting_up"]) == (409, True)  # left to a worker
    # The worker starts only now, so that it cannot have set the game up before the answer above;
    # the task waits for it on the broker.
    worker = broker.start_worker()
    wait_until(
        lambda: Game.objects.filter(match_id=match_id, number=1).exists(),
        timeout=30,
        what=lambda: f"the worker to set the league match's game up\n{broker.outputs()}",
    )
    by_name = {p.name: p for p in players}
    seats = (by_name[made["player_a"]], by_name[made["player_b"]])
    moves = play_to_the_end(match_id, seats, seed=3, timeout=60, outputs=broker.outputs)
    assert worker.alive(), broker.outputs()
    assert not [k for k in worker.events() if k.endswith(":FAILURE")], broker.outputs()

    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINAL and match.wins_a + match.wins_b + match.draws == 1
    game = Game.objects.get(match=match)
    assert game.status == Game.Status.FINISHED and game.reason and len(game.actions) == moves
    assert ResultChange.objects.filter(match=match, action="engine").exists()

    rows = {row["username"]: row for row in event.standings()}
    expected = {
        made["player_a"]: 3 * match.wins_a + match.draws,
        made["player_b"]: 3 * match.wins_b + match.draws,
    }
    assert {name: row["match_points"] for name, row in rows.items()} == expected
    assert {row["remaining"] for row in rows.values()} == {1}

    # Both have a match left and may look again, but never for each other.
    for player in players:
        look(event, player)
    response = seats[0].api.post(f"{event.url}league/challenge/", {"opponent": seats[1].name}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "rematch"
    answer = event.organizer.api.post(f"{event.url}league/pair-waiting/").json()
    assert (answer["matches"], answer["waiting"]) == ([], 2)
    assert Match.objects.filter(round__event_id=event.id).count() == 1
    assert event.next_round()["finished"] is True  # the organizer finishes it: every match is final

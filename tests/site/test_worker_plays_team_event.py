"""An online team event on a real Celery worker: two teams of two, one round; the worker sets up
the game of each seat, the members play both through the API to their ends, the worker records
each seat's result, and the team match's result and the team standings follow from them."""

import pytest

from tests.support.events import team_event
from tests.support.workers import play_to_the_end, wait_until
from tournaments.models import Game, Match, ResultChange
from tournaments.services.online import setup

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_an_online_team_round_is_played_seat_by_seat_on_a_real_worker(broker, event_factory, monkeypatch):
    monkeypatch.setattr(setup, "SETUP_IN_REQUEST", 0)  # the seats' games are the worker's to set up
    event, rosters = team_event(event_factory, 2, size=2, rounds=1, best_of=1, online=True)
    first = event.start()
    assert [m["table"] for m in first["matches"]] == [1, 2]  # team table 1: seat 1, seat 2
    seat_ids = [m["id"] for m in first["matches"]]
    assert not Game.objects.filter(match_id__in=seat_ids).exists()  # the request left them to a worker
    # The worker starts only now: the set-up task waits for it on the broker, so a quick worker
    # cannot set the games up before the check above reads that none is.
    worker = broker.start_worker()
    wait_until(
        lambda: Game.objects.filter(match_id__in=seat_ids, number=1).count() == 2,
        timeout=30,
        what=lambda: f"the worker to set up both seats' games\n{broker.outputs()}",
    )

    by_name = {m.name: m for members in rosters.values() for m in members}
    for seed, seat in enumerate(first["matches"], start=5):
        players = (by_name[seat["player_a"]], by_name[seat["player_b"]])
        moves = play_to_the_end(seat["id"], players, seed=seed, timeout=60, outputs=broker.outputs)
        assert len(Game.objects.get(match_id=seat["id"]).actions) == moves
    assert worker.alive(), broker.outputs()
    assert not [k for k in worker.events() if k.endswith(":FAILURE")], broker.outputs()

    seats = list(Match.objects.filter(pk__in=seat_ids).order_by("table"))
    assert all(m.status == Match.Status.FINAL and m.wins_a + m.wins_b + m.draws == 1 for m in seats)
    assert all(ResultChange.objects.filter(match=m, action="engine").exists() for m in seats)
    won_a = sum(m.wins_a for m in seats)
    won_b = sum(m.wins_b for m in seats)

    (table,) = event.round(1)["team_tables"]
    assert (table["seats_won_a"], table["seats_won_b"], table["decided"]) == (won_a, won_b, True)
    winner = table["team_a"] if won_a > won_b else table["team_b"] if won_b > won_a else None
    assert table["winner"] == winner

    rows = {row["team"]: row for row in event.standings()}
    assert set(rows) == set(rosters)
    points = {table["team_a"]: 3 * (won_a > won_b) + (won_a == won_b)}
    points[table["team_b"]] = 3 * (won_b > won_a) + (won_a == won_b)
    assert {team: row["match_points"] for team, row in rows.items()} == points
    assert all(row["members"] == [m.name for m in rosters[team]] for team, row in rows.items())
    assert event.next_round()["finished"] is True  # one round: the team event is over
    final = event.standings()
    assert [row["rank"] for row in final] == [1, 2]  # level teams are ranked on by their tiebreakers
    assert winner is None or final[0]["team"] == winner

"""An online single-elimination event runs to its champion on real Celery workers: four bot
players, each round's games dealt when it is paired and adjudicated by the worker through the
rules engine, the winners paired into the final by the structures core, as a paper event is."""

import pytest

from tests.support.workers import wait_until
from tournaments.models import Game, Match, ResultChange
from tournaments.services.online import bot_queue

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def round_final(event_id: int, number: int) -> bool:
    matches = Match.objects.filter(round__event_id=event_id, round__number=number)
    return matches.exists() and not matches.exclude(status=Match.Status.FINAL).exists()


def test_an_online_single_elimination_of_four_runs_to_its_champion(broker, event_factory):
    worker = broker.start_worker(also=(bot_queue(),))
    event = event_factory(structure="single_elimination", best_of=1, online=True, round_minutes=30)
    event.open()
    assert event.organizer.api.post(f"{event.url}bots/", {"count": 4}, format="json").status_code == 201
    first = event.start()
    assert first["kind"] == "winners" and len(first["matches"]) == 2

    for number, tables in ((1, 2), (2, 1)):
        wait_until(
            lambda n=number: round_final(event.id, n),
            timeout=120,
            what=lambda n=number: f"round {n}'s games to be played\n{broker.outputs()}",
        )
        assert worker.alive(), broker.outputs()
        matches = Match.objects.filter(round__event_id=event.id, round__number=number)
        assert matches.count() == tables
        for match in matches:
            assert match.wins_a != match.wins_b  # an elimination match never ends drawn
            assert Game.objects.filter(match=match, status=Game.Status.FINISHED).exists()
            assert ResultChange.objects.filter(match=match, action="engine").exists()
        answer = event.next_round()
        if number == 1:
            assert (answer["kind"], answer["matches"][0]["bracket_key"]) == ("winners", "W2-1")
            finalists = {answer["matches"][0]["player_a"], answer["matches"][0]["player_b"]}
    assert answer["finished"] is True

    rows = event.standings()
    assert [row["rank"] for row in rows] == [1, 2, 3, 3]
    assert {rows[0]["username"], rows[1]["username"]} == finalists
    assert event.organizer.api.get(f"{event.url}bracket/").json()["champion"] == rows[0]["username"]

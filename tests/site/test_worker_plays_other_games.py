"""Your War and Chronomagia adjudicated by a real Celery worker:
two bots play a whole online match of the game to its recorded result."""

import pytest

from tests.support.events import EventDriver
from tests.support.games import OTHER_ONLINE_GAMES
from tests.support.workers import wait_until
from tournaments.models import Game, Match, ResultChange
from tournaments.services.online import bot_queue

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("game", OTHER_ONLINE_GAMES)
def test_two_bots_play_a_match_of_the_game_through_a_real_worker(broker, organizer, card_sets, game):
    event = EventDriver(organizer, [], game=game, rounds=1, best_of=1, online=True)
    event.open()
    assert organizer.api.post(f"{event.url}bots/", {"count": 2}, format="json").status_code == 201
    match_id = event.start()["matches"][0]["id"]
    worker = broker.start_worker(also=(bot_queue(),))
    wait_until(
        lambda: Match.objects.get(pk=match_id).status == Match.Status.FINAL,
        timeout=120,
        what=lambda: f"the bots' match to finish\n{broker.outputs()}",
    )
    assert worker.alive(), broker.outputs()
    played = Game.objects.get(match_id=match_id)
    assert played.status == Game.Status.FINISHED and played.reason and played.actions
    assert ResultChange.objects.filter(match_id=match_id, action="engine").exists()

"""Starting a large online round answers at once: with a broker its games are set up by the
workers in chunks (idempotent tasks), the dashboard counts them and the players are told their
game is being set up until it is."""

import re
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from tests.support import online
from tests.support.actors import make_players
from tournaments.models import Game, Match, Round
from tournaments.services import jobs
from tournaments.services.online import games_set_up, games_set_up_queue, schedule, setup
from tournaments.services.online.schedule import online_sweep, setups_stalled_requeue

pytestmark = pytest.mark.django_db(transaction=True)


class Queued(online.Queued):
    def chunks(self) -> list[list[int]]:
        """The chunks of matches to set up, as the request queued them (one message, which a
        worker's task turns into a message per chunk)."""
        return [chunk for chunks in self.firsts(jobs.GAMES_QUEUE) for chunk in chunks]


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """A broker nobody reads yet: tasks are queued, not run; every round counts as large."""
    queued = Queued()
    monkeypatch.setattr(jobs, "in_process", lambda: False)
    monkeypatch.setattr(jobs, "task", queued.task)
    monkeypatch.setattr(setup, "SETUP_IN_REQUEST", 0)
    monkeypatch.setattr(setup, "SETUP_CHUNK", 2)
    return queued


def started(event_factory, players: int = 10) -> tuple[Any, list[dict], dict]:
    event = event_factory(rounds=3, best_of=3, online=True)
    event.open()
    actors = make_players(players)
    event.register(*actors)
    matches = event.start()["matches"]
    return event, matches, {a.name: a for a in actors}


def page(actor, path: str, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(actor.user)
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def decider(html: str) -> str:
    """The play page's status line as served (what it says before play.js asks the API)."""
    found = re.search(r'data-testid="decider">([^<]*)<', html)
    assert found is not None
    return found.group(1)


def test_the_start_queues_the_games_in_chunks_and_the_tasks_create_each_once(broker, event_factory):
    event, matches, _actors = started(event_factory)
    ids = sorted(m["id"] for m in matches if m["player_b"])
    assert len(ids) == 5
    assert not Game.objects.filter(match_id__in=ids).exists()  # nothing set up in the request
    chunks = broker.chunks()
    assert sorted(i for chunk in chunks for i in chunk) == ids and max(map(len, chunks)) == 2
    # The request sent one message; a worker's task queues a set-up task per chunk.
    assert [name for name, _args in broker.sent if name in (jobs.GAMES_QUEUE, jobs.GAMES_SET_UP)] == [
        jobs.GAMES_QUEUE
    ]
    assert games_set_up_queue(chunks=chunks) == len(chunks)
    assert [args[0] for name, args in broker.sent if name == jobs.GAMES_SET_UP] == chunks
    # Both behind the players' actions (jobs.PRIORITY_SET_UP): an action waits for a chunk at most.
    assert {options["priority"] for name, options in broker.options if name != jobs.ADJUDICATE_MATCH} == {
        jobs.PRIORITY_SET_UP
    }
    # The games' first adjudications are queued by the tasks, not by the start.
    assert not [name for name, _args in broker.sent if name == jobs.ADJUDICATE_MATCH]

    assert sum(games_set_up(match_ids=chunk) for chunk in chunks) == 5
    assert sum(games_set_up(match_ids=chunk) for chunk in chunks) == 0  # a task run twice
    games = Game.objects.filter(match_id__in=ids)
    assert games.count() == 5 and {g.number for g in games} == {1}
    assert len({g.seed for g in games}) == 5  # each drawn for its game and recorded
    assert all(g.decision_since is not None or g.present_by is not None for g in games)
    assert sorted(args[0] for name, args in broker.sent if name == jobs.ADJUDICATE_MATCH) == ids


def test_a_task_skips_a_match_decided_meanwhile(broker, event_factory):
    _event, matches, _actors = started(event_factory, players=4)
    match_id = next(m["id"] for m in matches if m["player_b"])
    Match.objects.filter(pk=match_id).update(status=Match.Status.FINAL)
    assert games_set_up(match_ids=[match_id]) == 0
    assert not Game.objects.filter(match_id=match_id).exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Your game is being set up. It starts by itself in a moment."),
        ("ru", "Ваша партия готовится. Она начнётся сама через несколько мгновений."),
    ],
)
def test_a_player_whose_game_is_being_set_up_is_told_so(broker, event_factory, language, said):
    _event, matches, actors = started(event_factory, players=4)
    match = next(m for m in matches if m["player_b"])
    player = actors[match["player_a"]]
    response = player.api.get(f"/api/matches/{match['id']}/game/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "no_game" and body["setting_up"] is True and body["detail"] == said
    assert decider(page(player, f"/matches/{match['id']}/play/", language)) == said

    games_set_up(match_ids=[match["id"]])
    response = player.api.get(f"/api/matches/{match['id']}/game/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200 and response.json()["game_number"] == 1
    assert decider(page(player, f"/matches/{match['id']}/play/", language)) == ""


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Games ready: {ready} of {total}."), ("ru", "Партий готово: {ready} из {total}.")],
)
def test_the_dashboard_counts_the_games_ready_until_all_are(broker, event_factory, organizer, language, said):
    event, _matches, _actors = started(event_factory)
    path = f"/events/{event.id}/manage/"
    assert said.format(ready=0, total=5) in page(organizer, path, language)
    first = broker.chunks()[0]
    games_set_up(match_ids=first)
    assert said.format(ready=len(first), total=5) in page(organizer, path, language)
    for chunk in broker.chunks()[1:]:
        games_set_up(match_ids=chunk)
    html = page(organizer, path, language)
    assert 'data-testid="games-ready"' not in html


def test_a_small_round_still_has_its_games_when_the_start_answers(event_factory, monkeypatch):
    queued = Queued()
    monkeypatch.setattr(jobs, "in_process", lambda: False)
    monkeypatch.setattr(jobs, "task", queued.task)
    _event, matches, _actors = started(event_factory, players=4)
    assert Game.objects.filter(match_id__in=[m["id"] for m in matches]).count() == 2
    assert not queued.chunks()


def test_the_sweep_hands_a_stalled_rounds_set_up_to_the_workers_again(broker, event_factory):
    """The set-up tasks of a round can be lost (a broker that failed after the commit): once
    none of the round's games has been set up for SETUP_STALLED, the sweep hands the ones still
    waiting to the workers again, then leaves the round alone for as long."""
    event, matches, _actors = started(event_factory)
    ids = sorted(m["id"] for m in matches if m["player_b"])
    round_ = Round.objects.get(event_id=event.id, number=1)
    cache.delete(f"setup-stalled:{round_.pk}")
    broker.sent.clear()  # the start's message, lost
    began = round_.started_at

    online_sweep(now=began + timedelta(minutes=1), run=lambda _pk: None)
    assert broker.chunks() == []  # not stalled yet: the workers may still be at it
    online_sweep(now=began + schedule.SETUP_STALLED + timedelta(seconds=5), run=lambda _pk: None)
    assert sorted(i for chunk in broker.chunks() for i in chunk) == ids
    broker.sent.clear()
    online_sweep(now=began + schedule.SETUP_STALLED + timedelta(seconds=7), run=lambda _pk: None)
    assert broker.chunks() == []  # handed once, then left alone for a while

    # A round whose games are being set up (one a moment ago) is not stalled.
    cache.delete(f"setup-stalled:{round_.pk}")
    Round.objects.filter(pk=round_.pk).update(started_at=began - timedelta(minutes=10))
    games_set_up(match_ids=ids[:1])
    assert setups_stalled_requeue(now=timezone.now() + timedelta(seconds=30)) == []
    # Every game set up: nothing waits.
    games_set_up(match_ids=ids)
    assert setups_stalled_requeue(now=timezone.now() + timedelta(minutes=5)) == []

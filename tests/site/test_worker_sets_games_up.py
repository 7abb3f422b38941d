"""A real Celery worker sets up the games of an online round the start left to the workers:
each game once, its clock started when it is ready, the players served it then; and tells the
players of a large round where they sit."""

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.workers import game_state, wait_until
from tournaments.models import Event, Game, Notification, Round
from tournaments.services import notifications
from tournaments.services.online import setup

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_a_worker_sets_up_every_game_of_a_round_the_start_queued(broker, event_factory, monkeypatch):
    monkeypatch.setattr(setup, "SETUP_IN_REQUEST", 0)  # this round counts as a large one
    monkeypatch.setattr(setup, "SETUP_CHUNK", 2)
    monkeypatch.setattr(notifications, "NOTIFY_IN_REQUEST", 0)  # and its pairings told by a worker
    event = event_factory(rounds=1, best_of=1, online=True)
    Event.objects.filter(pk=event.id).update(grace_minutes=0)  # each clock runs from its game's set-up
    event.open()
    players = make_players(6)
    event.register(*players)
    matches = event.start()["matches"]
    ids = [m["id"] for m in matches]
    assert not Game.objects.filter(match_id__in=ids).exists()  # the request left them to a worker
    told = Notification.objects.filter(kind=Notification.Kind.PAIRINGS, match_id__in=ids)
    assert not told.exists()
    started_at = Round.objects.get(event_id=event.id, number=1).started_at
    queued_at = timezone.now()

    broker.start_worker()
    wait_until(
        lambda: Game.objects.filter(match_id__in=ids).count() == 3,
        timeout=30,
        what=lambda: f"the worker to set up the games\n{broker.outputs()}",
    )
    wait_until(lambda: told.count() == 6, timeout=30, what=lambda: f"the pairings told\n{broker.outputs()}")
    games = list(Game.objects.filter(match_id__in=ids))
    assert sorted(g.match_id for g in games) == sorted(ids) and {g.number for g in games} == {1}
    assert all(g.decision_since is not None and g.decision_since >= queued_at > started_at for g in games)
    by_name = {p.name: p for p in players}
    state = game_state(by_name[matches[0]["player_a"]], ids[0])
    assert state["game_number"] == 1 and state["legal_actions"] is not None

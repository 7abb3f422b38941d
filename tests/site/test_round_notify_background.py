"""A large round's pairings are told by a worker, not in the organizer's request: with a broker
the start queues one task on commit, which writes each player's notification once, however
often it runs, and skips a round held again or undone; a small round is told in the request."""

from typing import Any

import pytest

from tests.support import online
from tests.support.actors import make_players
from tournaments.models import Notification, Round
from tournaments.services import jobs, notifications
from tournaments.services.notifications import notification_text, notifications_round_send

pytestmark = pytest.mark.django_db(transaction=True)

PAIRINGS = Notification.Kind.PAIRINGS


class Queued(online.Queued):
    def rounds_to_tell(self) -> list[int]:
        return self.firsts(jobs.ROUND_NOTIFY)


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """A broker nobody reads yet (tasks queued, not run); every round counts as large."""
    queued = Queued()
    monkeypatch.setattr(jobs, "in_process", lambda: False)
    monkeypatch.setattr(jobs, "task", queued.task)
    monkeypatch.setattr(notifications, "NOTIFY_IN_REQUEST", 0)
    return queued


def started(event_factory, players: int = 6, **settings: Any) -> tuple[Any, list[Any]]:
    event = event_factory(rounds=2, **settings)
    event.open()
    actors = make_players(players)
    event.register(*actors)
    event.start()
    return event, actors


def told() -> Any:
    return Notification.objects.filter(kind=PAIRINGS)


def test_the_start_queues_the_pairings_once_and_the_task_tells_each_player_once(broker, event_factory):
    event, actors = started(event_factory, players=7)
    round_id = Round.objects.get(event_id=event.id, number=1).pk
    assert not told().exists()  # nothing written in the request
    assert broker.rounds_to_tell() == [round_id]

    assert notifications_round_send(round_id=round_id) is True
    assert notifications_round_send(round_id=round_id) is False  # delivered twice: told once
    assert sorted(told().values_list("user_id", flat=True)) == sorted(a.user.pk for a in actors)
    texts = [notification_text(n) for n in told()]
    assert texts.count("Cup, round 1: you have a bye.") == 1
    tables = {m["table"] for m in event.round(1)["matches"]}
    assert {n.params["table"] for n in told()} == tables


def test_a_round_undone_before_the_task_runs_tells_no_one(broker, event_factory):
    event, _actors = started(event_factory)
    round_id = broker.rounds_to_tell()[0]
    Round.objects.filter(pk=round_id).delete()
    assert notifications_round_send(round_id=round_id) is False
    assert not told().exists()


def test_a_round_held_before_the_task_runs_tells_no_one(broker, event_factory):
    event, _actors = started(event_factory)
    round_id = broker.rounds_to_tell()[0]
    Round.objects.filter(pk=round_id).update(published=False)
    assert notifications_round_send(round_id=round_id) is False
    assert not told().exists()


def test_a_round_re_paired_before_the_task_runs_is_told_its_new_tables_once(broker, event_factory):
    event, actors = started(event_factory, players=8)
    response = event.organizer.api.post(f"{event.url}rounds/repair/", {"reason": "wrong list"}, format="json")
    assert response.status_code == 200, response.content
    rounds = broker.rounds_to_tell()
    assert len(rounds) == 2  # the start's task (its round replaced) and the re-pair's
    assert [notifications_round_send(round_id=r) for r in rounds] == [False, True]
    assert [notifications_round_send(round_id=r) for r in rounds] == [False, False]
    now = {(m["player_a"], m["table"]) for m in event.round(1)["matches"]}
    mine = {(n.user.username, n.params["table"]) for n in told().select_related("user")}
    assert now <= mine and told().count() == len(actors)


def test_a_small_round_is_told_in_the_request_even_with_a_broker(event_factory, monkeypatch):
    queued = Queued()
    monkeypatch.setattr(jobs, "in_process", lambda: False)
    monkeypatch.setattr(jobs, "task", queued.task)
    _event, actors = started(event_factory, players=4)  # 2 tables, at most NOTIFY_IN_REQUEST
    assert told().count() == len(actors)
    assert not queued.rounds_to_tell()


def test_without_a_broker_the_start_tells_every_player_itself(event_factory, monkeypatch):
    monkeypatch.setattr(notifications, "NOTIFY_IN_REQUEST", 0)
    _event, actors = started(event_factory, players=6)
    assert told().count() == len(actors)


def test_a_round_whose_task_was_lost_is_queued_again_by_the_sweep_once_a_while(broker, event_factory):
    """The start's message lost (a broker restarted): the sweep finds the large round nobody was
    told of and queues it again, once per ROUND_NOTIFY_STALLED, until the task has told them."""
    from datetime import timedelta

    from django.core.cache import cache

    event, actors = started(event_factory, players=7)
    round_ = Round.objects.get(event_id=event.id, number=1)
    broker.sent.clear()  # the start's message is lost
    cache.clear()
    posted = round_.started_at
    stalled = notifications.ROUND_NOTIFY_STALLED

    assert notifications.round_notify_stalled_requeue(now=posted + stalled / 2) == []  # not yet stalled
    assert notifications.round_notify_stalled_requeue(now=posted + stalled) == [round_.pk]
    assert broker.rounds_to_tell() == [round_.pk]
    assert notifications.round_notify_stalled_requeue(now=posted + stalled) == []  # once a while
    cache.clear()  # a while later, the task still not run: queued again
    assert notifications.round_notify_stalled_requeue(now=posted + 2 * stalled) == [round_.pk]

    assert notifications_round_send(round_id=round_.pk) is True
    cache.clear()
    assert notifications.round_notify_stalled_requeue(now=posted + 3 * stalled) == []  # told
    assert told().count() == len(actors)
    later = posted + notifications.ROUND_NOTIFY_WITHIN + timedelta(seconds=1)
    Notification.objects.all().delete()
    assert notifications.round_notify_stalled_requeue(now=later) == []  # an old round is left alone

"""Bots cannot flood the workers: only an event's officials add them, an event takes
at most settings.BOTS_PER_EVENT, and a bot-only match's work goes to a queue of its own
(services.online.bot_queue) that workers take from only when no person's work waits."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tournaments.models import Game, Match, Registration
from tournaments.services import jobs
from tournaments.services import online as svc
from tournaments.services.online import schedule
from tournaments.tasks import adjudicate_match, online_sweep_task

pytestmark = pytest.mark.django_db(transaction=True)


def fill(actor, event, count, language="en"):
    return actor.api.post(f"{event.url}bots/", {"count": count}, format="json", HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def test_event(event_factory):
    event = event_factory(rounds=1, online=True)
    event.open()
    return event


def bots_in(event) -> int:
    return Registration.objects.filter(event_id=event.id, is_bot=True).count()


def test_an_event_takes_at_most_its_cap_of_bots(test_event, settings):
    settings.BOTS_PER_EVENT = 5
    assert fill(test_event.organizer, test_event, 4).status_code == 201
    response = fill(test_event.organizer, test_event, 2)
    assert response.status_code == 409, response.content
    assert response.json() == {
        "detail": "An event has at most 5 bot players: 1 more can join.",
        "code": "bot_cap",
        "left": 1,
    }
    assert fill(test_event.organizer, test_event, 1).status_code == 201
    assert fill(test_event.organizer, test_event, 1).json()["left"] == 0
    assert bots_in(test_event) == 5


def test_the_cap_is_said_in_the_readers_language(test_event, settings):
    settings.BOTS_PER_EVENT = 2
    response = fill(test_event.organizer, test_event, 3, language="ru")
    assert response.json()["detail"] == "Лимит ботов в турнире — 2: могут присоединиться ещё 2 бота."


def test_the_bots_page_shows_the_cap(test_event, settings):
    from tests.support.pages import browser

    settings.BOTS_PER_EVENT = 12
    html = browser(test_event.organizer).get(f"/events/{test_event.id}/bots/").content.decode()
    assert "An event takes at most 12 bot players." in html


@pytest.fixture
def sent(monkeypatch):
    """The adjudication tasks sent to the broker (not run): (match id, queue or None), in order."""
    calls: list[tuple[int, str | None]] = []

    def record(args, **options):
        calls.append((args[0], options.get("queue")))
        if options.get("queue"):  # behind every person's task, set-ups and ratings included
            assert options["priority"] == jobs.PRIORITY_BOTS

    monkeypatch.setattr(adjudicate_match, "apply_async", record)
    monkeypatch.setattr(adjudicate_match, "delay", lambda match_id: record((match_id,)))
    return calls


def test_a_bot_only_matchs_work_goes_to_the_bot_queue(test_event, sent):
    assert fill(test_event.organizer, test_event, 4).status_code == 201
    test_event.register(*make_players(2, prefix="h"))
    test_event.start()
    matches = {m.pk: m for m in Match.objects.filter(round__event_id=test_event.id, player_b__isnull=False)}
    expected = {
        pk: "celery-bots" if m.player_a.is_bot and m.player_b.is_bot else None for pk, m in matches.items()
    }
    assert "celery-bots" in expected.values()  # 4 bots, 2 people: at least two bots meet
    assert dict(sent) == expected
    assert svc.bot_queue() == "celery-bots"


def test_the_sweep_sends_bot_only_matches_to_the_bot_queue(test_event, sent, settings):
    fill(test_event.organizer, test_event, 4)
    test_event.register(*make_players(2, prefix="h"))
    test_event.start()
    sent.clear()
    # Every clock runs out: the sweep sends each match that is due to a worker.
    # (present_by None: both seats came long ago, so the clocks run; R9.4)
    Game.objects.filter(match__round__event_id=test_event.id).update(
        decision_since=timezone.now() - timedelta(hours=2), present_by=None
    )
    settings.BOT_PAUSE_SECONDS = 0
    online_sweep_task()
    open_matches = Match.objects.filter(round__event_id=test_event.id).exclude(status=Match.Status.FINAL)
    queues = {pk: queue for pk, queue in sent}
    for match in open_matches:
        bots_only = match.player_a.is_bot and match.player_b.is_bot
        assert queues[match.pk] == ("celery-bots" if bots_only else None), match


def test_the_sweep_looks_at_peoples_games_before_bots(test_event, event_factory, sent, monkeypatch):
    fill(test_event.organizer, test_event, 2)
    test_event.start()  # the bots' match is the older one
    people = event_factory(rounds=1, online=True)
    people.open()
    people.register(*make_players(2, prefix="h"))
    people.start()
    Game.objects.update(decision_since=timezone.now() - timedelta(hours=2), present_by=None)
    monkeypatch.setattr(schedule, "SWEEP_GAMES", 1)  # room for one game only: the person's
    sent.clear()
    online_sweep_task()
    assert sent == [(Match.objects.get(round__event_id=people.id).pk, None)]

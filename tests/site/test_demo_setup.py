"""``manage.py setup_demo`` (run by `make run`): card sets, demo users, and an event in every state a
newcomer may want to try: open for registration, running, finished with a top cut, online with bots."""

import pytest

from tests.support.demo import setup_demo, setup_demo_fresh
from tournaments.models import CardSet, Event, Match, Round
from tournaments.services.demo import DEMO_EVENT, DEMO_FINISHED_EVENT, DEMO_OPEN_EVENT
from tournaments.services.demo_online import DEMO_ONLINE_EVENT, demo_bot_games

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(module_rows, django_db_blocker) -> str:
    """The demo, set up once for the module's tests, each in a savepoint inside its rows
    (tests/support/shared_rows.py); what ``setup_demo`` printed."""
    with django_db_blocker.unblock():
        return setup_demo_fresh()


def test_it_loads_every_card_set_users_and_a_running_event(demo):
    output = demo
    assert CardSet.objects.count() == 5
    event = Event.objects.get(name=DEMO_EVENT)
    assert event.status == "running"
    assert Match.objects.filter(round__event=event, status="final").exists()
    assert Match.objects.filter(round__event=event, status="pending").exists()
    assert "round 1 running" in output


def test_it_is_idempotent(demo):
    second = setup_demo()
    assert Event.objects.count() == 4 + len(demo_bot_games())
    assert "already there" in second
    assert "0 created" in second


def test_it_runs_an_online_demo_event_with_bots(demo):
    event = Event.objects.get(name=DEMO_ONLINE_EVENT)
    assert event.online and event.status == "running"
    # Seven bots and anna: eight players, no bye, so anna always has a match against a bot.
    assert event.registrations.filter(is_bot=True).count() == 7
    assert event.registrations.filter(player__username="anna").exists()


def test_it_has_an_event_open_for_registration_that_anna_can_still_enter(demo):
    event = Event.objects.get(name=DEMO_OPEN_EVENT)
    assert event.status == "registration"
    assert event.game == "yourwar"
    assert event.registrations.count() == 3
    assert not event.registrations.filter(player__username="anna").exists()


def test_it_has_an_event_finished_with_a_top_cut(demo):
    event = Event.objects.get(name=DEMO_FINISHED_EVENT)
    assert event.status == "finished"
    top_cut = Round.objects.filter(event=event, kind="top_cut").order_by("number")
    assert [r.matches.count() for r in top_cut] == [2, 1]  # semifinals, then the final
    assert not Match.objects.filter(round__event=event).exclude(status="final").exists()

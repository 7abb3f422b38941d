"""``manage.py setup_demo`` (run by `make run`): card sets, demo users, and an event in every state a
newcomer may want to try: open for registration, running, finished with a top cut, online with bots."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import CardSet, Event, Match, Round
from tournaments.services.demo import DEMO_EVENT, DEMO_FINISHED_EVENT, DEMO_OPEN_EVENT
from tournaments.services.demo_online import DEMO_ONLINE_EVENT, demo_bot_event_name, demo_bot_games

pytestmark = pytest.mark.django_db


def setup_demo() -> str:
    out = StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()


def test_it_loads_every_card_set_users_and_a_running_event():
    output = setup_demo()
    assert CardSet.objects.count() == 5
    event = Event.objects.get(name=DEMO_EVENT)
    assert event.status == "running"
    assert Match.objects.filter(round__event=event, status="final").exists()
    assert Match.objects.filter(round__event=event, status="pending").exists()
    assert "round 1 running" in output


def test_it_is_idempotent():
    setup_demo()
    second = setup_demo()
    assert Event.objects.count() == 4 + len(demo_bot_games())
    assert "already there" in second
    assert "0 created" in second


def test_it_runs_an_online_demo_event_with_bots():
    setup_demo()
    event = Event.objects.get(name=DEMO_ONLINE_EVENT)
    assert event.online and event.status == "running"
    # Seven bots and anna: eight players, no bye, so anna always has a match against a bot.
    assert event.registrations.filter(is_bot=True).count() == 7
    assert event.registrations.filter(player__username="anna").exists()


@pytest.mark.django_db(transaction=True)  # the games are queued on commit
@pytest.mark.parametrize("game", ["yourwar", "chronomagia"])
def test_it_runs_an_online_event_of_bots_for_another_game(game):
    """The demo plays Your War and Chronomagia online with bots."""
    setup_demo()
    event = Event.objects.get(name=demo_bot_event_name(game))
    assert event.game == game and event.online and event.status == "running"
    assert event.registrations.filter(is_bot=True).count() == event.registrations.count() == 8
    # Bots against bots play their round 1 out at once without a worker (eager tasks).
    assert Match.objects.filter(round__event=event, round__number=1, status="final").count() == 4


def test_it_has_an_event_open_for_registration_that_anna_can_still_enter():
    setup_demo()
    event = Event.objects.get(name=DEMO_OPEN_EVENT)
    assert event.status == "registration"
    assert event.game == "yourwar"
    assert event.registrations.count() == 3
    assert not event.registrations.filter(player__username="anna").exists()


def test_it_has_an_event_finished_with_a_top_cut():
    setup_demo()
    event = Event.objects.get(name=DEMO_FINISHED_EVENT)
    assert event.status == "finished"
    top_cut = Round.objects.filter(event=event, kind="top_cut").order_by("number")
    assert [r.matches.count() for r in top_cut] == [2, 1]  # semifinals, then the final
    assert not Match.objects.filter(round__event=event).exclude(status="final").exists()

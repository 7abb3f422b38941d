"""``manage.py setup_demo`` (run by `make run`): card sets, demo users, a running demo event."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import CardSet, Event, Match
from tournaments.services.demo import DEMO_EVENT
from tournaments.services.demo_online import DEMO_ONLINE_EVENT

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
    assert Event.objects.count() == 2
    assert "already there" in second
    assert "0 created" in second


def test_it_runs_an_online_demo_event_with_bots():
    setup_demo()
    event = Event.objects.get(name=DEMO_ONLINE_EVENT)
    assert event.online and event.status == "running"
    assert event.registrations.filter(is_bot=True).count() == 8
    assert event.registrations.filter(player__username="anna").exists()

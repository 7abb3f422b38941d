"""``manage.py setup_demo`` (run by `make run`): card sets, demo users, a running demo event."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import CardSet, Event, Match

pytestmark = pytest.mark.django_db


def setup_demo() -> str:
    out = StringIO()
    call_command("setup_demo", stdout=out)
    return out.getvalue()


def test_it_loads_every_card_set_users_and_a_running_event():
    output = setup_demo()
    assert CardSet.objects.count() == 5
    event = Event.objects.get()
    assert event.status == "running"
    assert Match.objects.filter(round__event=event, status="final").exists()
    assert Match.objects.filter(round__event=event, status="pending").exists()
    assert "round 1 running" in output


def test_it_is_idempotent():
    setup_demo()
    second = setup_demo()
    assert Event.objects.count() == 1
    assert "already there" in second
    assert "0 created" in second

"""The organizer's dashboard checks a page of decks again (200 rows of an 8,192-player event)
reading the game's card catalog once for them all, not once a deck: each read asks the
database whether the game's card sets changed."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.support.actors import make_players
from tournaments.models import Registration
from tournaments.selectors.events import registration_deck_check, registrations_checked

pytestmark = pytest.mark.django_db

VERSION_QUERY = "MAX(s.imported_at)"  # selectors.cards: have the game's card sets changed?


def version_reads(captured) -> int:
    return sum(VERSION_QUERY in q["sql"] for q in captured.captured_queries)


def test_a_page_of_decks_reads_the_catalog_once(event_factory):
    cup = event_factory(name="Cup")
    cup.open()
    cup.register(*make_players(6))
    registrations = list(Registration.objects.filter(event_id=cup.id).select_related("event", "player"))
    with CaptureQueriesContext(connection) as captured:
        checked = registrations_checked(registrations=registrations)
    assert version_reads(captured) == 1
    assert [s.registration for s in checked] == registrations
    # The same verdicts as each deck checked on its own.
    assert [s.violations for s in checked] == [
        registration_deck_check(registration=r).violations for r in registrations
    ]
    assert all(s.legal for s in checked)


def test_the_dashboard_asks_once_whatever_the_number_of_players(event_factory):
    counts = []
    for players in (2, 8):
        cup = event_factory(name=f"Cup of {players}")
        cup.open()
        cup.register(*make_players(players, prefix=f"n{players}-"))
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(cup.organizer.user)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/events/{cup.id}/manage/").status_code == 200
        counts.append(version_reads(captured))
    assert counts == [1, 1]

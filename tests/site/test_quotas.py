"""Per-user quotas (one account created 1,000 events in 7 s; 1,000 live streams from
one user): events created per organizer per day, and live streams open at once per user. Over
one the API answers 429 with Retry-After."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.support.pages import html_of, post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def create_event(actor, name: str = "Cup"):
    return actor.api.post("/api/events/", {"name": name, "game": "respons"}, format="json")


def test_it_refuses_an_organizers_event_past_the_days_quota(organizer, outsider, settings):
    settings.EVENTS_PER_DAY = 3
    assert [create_event(organizer, f"Cup {n}").status_code for n in range(3)] == [201] * 3
    response = create_event(organizer, "One too many")
    assert response.status_code == 429
    assert response.json()["code"] == "quota_exceeded"
    assert response.json()["detail"] == (
        "You have created 3 events in the last 24 hours, the most allowed. Try again later."
    )
    assert 86_000 < int(response["Retry-After"]) <= 86_400
    assert Event.objects.filter(organizer=organizer.user).count() == 3
    assert create_event(outsider, "Someone else's").status_code == 201  # a quota per organizer


def test_it_counts_only_the_last_24_hours(organizer, settings):
    settings.EVENTS_PER_DAY = 2
    for n in range(2):
        assert create_event(organizer, f"Cup {n}").status_code == 201
    first = Event.objects.filter(organizer=organizer.user).order_by("created_at").first()
    Event.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(hours=24, minutes=1))
    assert create_event(organizer, "Next day").status_code == 201
    response = create_event(organizer, "Too soon")
    assert response.status_code == 429
    # A slot frees when the older of the two in the window turns a day old: about a day from now.
    assert int(response["Retry-After"]) > 86_000


def test_staff_have_no_quota(organizer, settings):
    settings.EVENTS_PER_DAY = 1
    get_user_model().objects.filter(pk=organizer.user.pk).update(is_staff=True)
    assert [create_event(organizer, f"Cup {n}").status_code for n in range(3)] == [201] * 3


def test_the_create_event_page_says_it_in_the_readers_language(organizer, settings):
    settings.EVENTS_PER_DAY = 1
    assert create_event(organizer).status_code == 201
    form = {"name": "Second", "game": "respons", "format": "constructed", "best_of": "1", "rounds": ""}
    form |= {"top_cut": "0", "side_deck_max": "10", "round_minutes": "50"}
    response = post(organizer, "/events/new/", form)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 86_000
    assert "You have created 1 event in the last 24 hours" in html_of(response)
    assert 'value="Second"' in html_of(response)
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_login(organizer.user)
    assert "Вы создали 1 турнир за последние 24 часа" in html_of(russian.post("/events/new/", form))


# --- live streams -----------------------------------------------------------------------------


def stream(actor, match_id):
    return actor.api.get(f"/api/matches/{match_id}/game/stream/", HTTP_ACCEPT="text/event-stream")


def started(response):
    """The stream's first chunk read (its slot is given back when it ends or is closed)."""
    assert response.status_code == 200, response.content
    next(iter(response.streaming_content))
    return response


@pytest.mark.django_db(transaction=True)
def test_it_refuses_a_stream_past_the_users_open_ones_until_one_closes(online_match, settings):
    settings.STREAMS_PER_USER = 2
    _event, match_id, a, b = online_match
    first, second = started(stream(a, match_id)), started(stream(a, match_id))
    refused = stream(a, match_id)
    assert refused.status_code == 429
    assert json.loads(refused.content) == {
        "detail": "You have 2 live streams open already: close one first.",
        "code": "too_many_streams",
    }
    assert int(refused["Retry-After"]) >= 1
    assert started(stream(b, match_id))  # the opponent's streams are their own
    first.close()
    third = started(stream(a, match_id))
    for response in (second, third):
        response.close()

"""Shorthand for the event-page tests: a browser per actor, pages as text, the event's rows."""

import csv
import io

from django.test import Client

from tournaments.models import Event, Match, Registration, Round

# The event form filled in as an organizer would (the create and edit pages).
EVENT_FORM = {
    "name": "Autumn Open",
    "game": "respons",
    "format": "constructed",
    "best_of": "3",
    "rounds": "",
    "top_cut": "0",
    "side_deck_max": "10",
    "round_minutes": "45",
    "player_cap": "",
    "starts_on": "2030-10-04",
    "starts_time": "11:00",
    "time_zone": "Europe/Moscow",
    "venue": "Dom knigi, Moscow",
    "description": "Prizes for the top 4.",
    "closes_on": "2030-10-04",
    "closes_time": "10:30",
}


def browser(actor) -> Client:
    """Return a test browser signed in as ``actor`` (anonymous when it has no user), in English."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if actor.user is not None:
        client.force_login(actor.user)
    return client


def page(actor, url: str, **params) -> tuple[int, str]:
    """GET ``url`` as ``actor``; return (status, HTML)."""
    response = browser(actor).get(url, params)
    return response.status_code, response.content.decode()


def post(actor, url: str, data: dict | None = None, follow: bool = True):
    """POST a form as ``actor``; return the response (following redirects by default)."""
    return browser(actor).post(url, data or {}, follow=follow)


def html_of(response) -> str:
    return response.content.decode()


def csv_rows(response) -> list[list[str]]:
    """Return the rows of a CSV response (the byte-order mark removed)."""
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def event_row(driver) -> Event:
    return Event.objects.get(pk=driver.id)


def last_round(driver) -> Round:
    return Round.objects.filter(event_id=driver.id).order_by("-number").first()


def match_of(driver, actor) -> Match:
    """Return ``actor``'s match in the latest round of the event."""
    round_ = last_round(driver)
    registration = Registration.objects.get(event_id=driver.id, player=actor.user)
    return round_.matches.filter(player_a=registration).first() or round_.matches.get(player_b=registration)


def assert_refused(actor, url: str) -> None:
    """Assert the page is refused: 403 for a signed-in user, a redirect to sign-in for anonymous."""
    response = browser(actor).get(url)
    if actor.user is None:
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), response["Location"]
    else:
        assert response.status_code == 403, (url, response.status_code)

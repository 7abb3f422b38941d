"""A result sent for a match whose round is undone (or paired again) while the request is on its
way: the match is gone, and the answer says so with a 409 in the reader's language, never a 500
(the service reads the match again under its lock and finds nothing)."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD, make_players
from tournaments.api.events import results as events_api
from tournaments.models import Event, Match
from tournaments.services.events import round_undo
from tournaments.views.events import results as events_views

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_round(event_factory, judge):
    """A two-round event in round 2 (round 1 cannot be undone), a judge, and a match of round 2."""
    cup = event_factory(rounds=2)
    cup.organizer.api.post(f"{cup.url}judges/", {"username": judge.name}, format="json")
    cup.open()
    players = make_players(4)
    cup.register(*players)
    cup.start()
    cup.finish_round(1)
    match = cup.next_round()["matches"][0]
    by_name = {p.name: p for p in players}
    return cup, match, by_name[match["player_a"]], by_name[match["player_b"]]


def undone_on_the_way(monkeypatch, module, cup):
    """The round is undone by the organizer after the request found its match, before the
    service locks it (the race of two people at two screens)."""
    found = module._match

    def match_then_undo(*args, **kwargs):
        match = found(*args, **kwargs)
        # The service itself, not a request: a request inside this one would set its language.
        round_undo(event=Event.objects.get(pk=cup.id), by=cup.organizer.user, reason="wrong results")
        return match

    monkeypatch.setattr(module, "_match", match_then_undo)


@pytest.mark.parametrize(
    "who, path, body",
    [
        ("player", "report/", {"wins_a": 1, "wins_b": 0, "draws": 0}),
        ("judge", "report/", {"wins_a": 1, "wins_b": 0, "draws": 0, "note": "seen at the table"}),
        ("judge", "extend/", {"minutes": 5}),
        ("judge", "no-show/", None),
    ],
)
def test_it_answers_409_match_gone_through_the_api(second_round, judge, monkeypatch, who, path, body):
    cup, match, a, b = second_round
    undone_on_the_way(monkeypatch, events_api, cup)
    actor = a if who == "player" else judge
    if body is None:
        body = {"username": b.name}
    response = actor.api.post(f"/api/matches/{match['id']}/{path}", body, format="json")
    assert response.status_code == 409, response.content
    assert response.json() == {
        "detail": "This match no longer exists: its round was undone or paired again. Reload the pairings.",
        "code": "match_gone",
    }
    assert not Match.objects.filter(pk=match["id"]).exists()


def test_it_says_so_in_russian(second_round, monkeypatch):
    cup, match, a, b = second_round
    undone_on_the_way(monkeypatch, events_api, cup)
    russian = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_authenticate(a.user)
    response = russian.post(
        f"/api/matches/{match['id']}/report/", {"wins_a": 1, "wins_b": 0, "draws": 0}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "Этого матча больше нет: его раунд отменён или составлен заново. Обновите пары."
    )


def test_the_page_says_it_instead_of_failing(second_round, monkeypatch):
    cup, match, a, b = second_round
    undone_on_the_way(monkeypatch, events_views, cup)
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert browser.login(username=a.name, password=PASSWORD)
    response = browser.post(
        f"/events/{cup.id}/matches/{match['id']}/report/",
        {"wins_a": "1", "wins_b": "0", "draws": "0"},
        follow=True,
    )
    assert response.status_code == 200
    assert "This match no longer exists" in response.content.decode()

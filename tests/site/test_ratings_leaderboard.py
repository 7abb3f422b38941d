"""GET /api/ratings/?game=…: the leaderboard, paginated and filtered by period; and round 1
seeded by rating."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.support.actors import make_players
from tournaments.models import Event, Rating

pytestmark = pytest.mark.django_db


def rated(name: str, rating: float, *, days_ago: int = 0, game: str = "respons") -> Rating:
    user = get_user_model().objects.get_or_create(username=name)[0]
    return Rating.objects.create(
        player=user,
        game=game,
        mu=rating + 3,
        sigma=1.0,
        rating=rating,
        matches=3,
        wins=2,
        losses=1,
        last_played_at=timezone.now() - timedelta(days=days_ago),
    )


def test_the_leaderboard_lists_the_best_first_with_their_rank(anonymous):
    rated("low", 1.0)
    rated("high", 9.5)
    rated("mid", 4.25)
    rated("elsewhere", 50.0, game="yugioh")
    body = anonymous.api.get("/api/ratings/?game=respons").json()
    assert body["count"] == 3 and body["pages"] == 1
    assert [(r["rank"], r["username"], r["rating"]) for r in body["results"]] == [
        (1, "high", 9.5),
        (2, "mid", 4.25),
        (3, "low", 1.0),
    ]
    assert body["results"][0] | {"rank": 0} == {
        "rank": 0,
        "username": "high",
        "rating": 9.5,
        "mu": 12.5,
        "sigma": 1.0,
        "matches": 3,
        "wins": 2,
        "losses": 1,
        "draws": 0,
        "last_played_at": body["results"][0]["last_played_at"],
    }


def test_it_answers_a_page_at_a_time_with_ranks_across_pages(anonymous):
    for i in range(7):
        rated(f"p{i}", float(i))
    body = anonymous.api.get("/api/ratings/?game=respons&page=2&page_size=3").json()
    assert (body["count"], body["page"], body["pages"]) == (7, 2, 3)
    assert [(r["rank"], r["username"]) for r in body["results"]] == [(4, "p3"), (5, "p2"), (6, "p1")]
    past = anonymous.api.get("/api/ratings/?game=respons&page=9&page_size=3").json()
    assert past["results"] == [] and past["count"] == 7


def test_a_period_keeps_the_players_active_in_it(anonymous):
    rated("lately", 1.0, days_ago=3)
    rated("last_month", 2.0, days_ago=20)
    rated("long_ago", 3.0, days_ago=400)
    names = {
        period: [
            r["username"]
            for r in anonymous.api.get(f"/api/ratings/?game=respons&period={period}").json()["results"]
        ]
        for period in ("week", "month", "year", "all")
    }
    assert names == {
        "week": ["lately"],
        "month": ["last_month", "lately"],
        "year": ["last_month", "lately"],
        "all": ["long_ago", "last_month", "lately"],
    }


@pytest.mark.parametrize(
    "query",
    ["", "?game=chess", "?game=respons&period=decade", "?game=respons&page=0", "?game=respons&page_size=101"],
)
def test_it_refuses_a_bad_query(anonymous, query):
    response = anonymous.api.get(f"/api/ratings/{query}")
    assert response.status_code == 400 and "code" in response.json()


def test_round_one_pairs_by_rating_when_the_organizer_chose_it(event_factory):
    cup = event_factory(seed_by_rating=True)
    assert cup.organizer.api.get(cup.url).json()["seed_by_rating"] is True
    cup.open()
    players = make_players(8)
    cup.register(*players)
    for i, player in enumerate(players):  # p008 is the best
        rated(player.name, float(i))
    pairs = [(m["player_a"], m["player_b"]) for m in cup.start()["matches"]]
    assert pairs == [("p008", "p004"), ("p007", "p003"), ("p006", "p002"), ("p005", "p001")]
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/events/{cup.id}/").content.decode()
    assert "Первый тур по рейтингу" in page  # the event page says so


def test_without_the_setting_round_one_ignores_the_ratings(event_factory):
    cup = event_factory()
    assert cup.organizer.api.get(cup.url).json()["seed_by_rating"] is False
    Event.objects.filter(pk=cup.id).update(seed=1)  # a seed whose shuffle is not the seeded order
    cup.open()
    players = make_players(8)
    cup.register(*players)
    for i, player in enumerate(players):
        rated(player.name, float(i))
    pairs = [(m["player_a"], m["player_b"]) for m in cup.start()["matches"]]
    assert pairs != [("p008", "p004"), ("p007", "p003"), ("p006", "p002"), ("p005", "p001")]

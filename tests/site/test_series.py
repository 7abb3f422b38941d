"""Series / leagues: an organizer groups events into a series with a points
table; GET /api/series/{id}/standings/ and the series page sum the points per final placing."""

import copy

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tournaments.models import Event

pytestmark = pytest.mark.django_db

TABLE = [10, 6, 4, 3]


def finished_event(event_factory, players, name: str, winner_first: bool = True):
    """A finished one-round event of ``players`` (seat A wins each table); return it."""
    cup = event_factory(name=name, rounds=1)
    cup.open()
    cup.register(*players)
    cup.start()
    cup.finish_round(1)
    assert cup.organizer.api.post(f"{cup.url}next-round/").status_code == 200
    assert Event.objects.get(pk=cup.id).status == "finished"
    return cup


@pytest.fixture(scope="module")
def _league_rows(module_rows, django_db_blocker):
    """A series of two finished one-round events of five players (p001…): made once for the
    module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        organizer = make_actor("olga")
        decks = legal_decks_read()

        def make(**settings: object) -> EventDriver:
            return EventDriver(organizer, decks, **settings)

        players = make_players(5)
        first = finished_event(make, players[:4], "Week 1")
        second = finished_event(make, players[1:], "Week 2")
        body = {"name": "Autumn League", "points": TABLE, "participation_points": 1}
        response = organizer.api.post("/api/series/", body, format="json")
        assert response.status_code == 201, response.content
        series = response.json()
        for cup in (first, second):
            url = f"/api/series/{series['id']}/events/"
            added = organizer.api.post(url, {"event": cup.id}, format="json")
            assert added.status_code == 200, added.content
    return series, first, second


@pytest.fixture
def league(_league_rows, db):
    """The shared series and its two events: the test's own copies."""
    return copy.deepcopy(_league_rows)


@pytest.fixture
def shared_actors(league):
    return {"organizer": league[1].organizer}


def expected(*events):
    """Points by username from each event's final standings and the table."""
    points: dict[str, int] = {}
    for cup in events:
        for row in cup.standings():
            value = TABLE[row["rank"] - 1] if row["rank"] <= len(TABLE) else 1
            points[row["username"]] = points.get(row["username"], 0) + value
    return points


def test_the_standings_sum_the_points_of_each_final_placing(league, anonymous):
    series, first, second = league
    body = anonymous.api.get(f"/api/series/{series['id']}/standings/").json()
    assert body["events_counted"] == 2 and body["name"] == "Autumn League"
    got = {row["username"]: row["points"] for row in body["standings"]}
    assert got == expected(first, second)
    points = [row["points"] for row in body["standings"]]
    assert points == sorted(points, reverse=True)
    top = body["standings"][0]
    assert top["rank"] == 1 and {r["event"] for r in top["results"]} <= {first.id, second.id}
    p001 = next(row for row in body["standings"] if row["username"] == "p001")
    assert p001["events"] == 1  # played only the first week


def test_an_event_counts_once_finished(league, event_factory, organizer, anonymous):
    series, first, second = league
    running = event_factory(name="Week 3", rounds=1)
    running.open()
    running.register(*make_players(2, prefix="q"))
    running.start()
    organizer.api.post(f"/api/series/{series['id']}/events/", {"event": running.id}, format="json")
    body = anonymous.api.get(f"/api/series/{series['id']}/standings/").json()
    assert body["events_counted"] == 2 and "q001" not in {r["username"] for r in body["standings"]}
    assert len(anonymous.api.get(f"/api/series/{series['id']}/").json()["events"]) == 3


def test_only_the_organizer_changes_the_series_and_only_with_their_own_events(
    league, outsider, event_factory, organizer
):
    series, first, _ = league
    url = f"/api/series/{series['id']}/"
    assert outsider.api.patch(url, {"name": "Mine"}, format="json").status_code == 403
    assert outsider.api.post(f"{url}events/", {"event": first.id}, format="json").status_code == 403
    own = outsider.api.post("/api/series/", {"name": "Other league", "points": [3, 1]}, format="json").json()
    refused = outsider.api.post(f"/api/series/{own['id']}/events/", {"event": first.id}, format="json")
    assert refused.status_code == 403
    changed = organizer.api.patch(url, {"points": [20, 10]}, format="json")
    assert changed.status_code == 200 and changed.json()["points"] == [20, 10]
    assert organizer.api.delete(f"{url}events/{first.id}/").status_code == 204
    assert [e["id"] for e in organizer.api.get(url).json()["events"]] != [first.id]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "", "points": [3]},
        {"name": "L", "points": []},
        {"name": "L", "points": [-1]},
        {"name": "L", "points": "10,5"},
        {"name": "L", "points": [3], "game": "chess"},
    ],
)
def test_it_refuses_a_bad_series(organizer, body):
    assert organizer.api.post("/api/series/", body, format="json").status_code == 400


def test_anonymous_visitors_cannot_create_one(anonymous):
    assert anonymous.api.post("/api/series/", {"name": "L", "points": [1]}, format="json").status_code == 401


def test_the_series_page_shows_the_leaderboard_in_russian_and_english(league):
    series, first, second = league
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/series/{series['id']}/").content.decode()
    assert "Таблица лидеров" in page and 'href="/players/p002/"' in page and "Week 1" in page
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/series/{series['id']}/").content.decode()
    assert "Leaderboard" in page and "Points per place" in page
    assert "Autumn League" in Client().get("/series/").content.decode()


def test_the_standings_come_a_page_at_a_time(league, anonymous):
    series, first, second = league
    whole = anonymous.api.get(f"/api/series/{series['id']}/standings/").json()
    page = anonymous.api.get(f"/api/series/{series['id']}/standings/?page=2&page_size=2").json()
    assert (page["count"], page["page"], page["pages"]) == (5, 2, 3) and whole["count"] == 5
    assert page["standings"] == whole["standings"][2:4]

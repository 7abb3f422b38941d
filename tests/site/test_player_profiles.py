"""A player's profile: GET /api/players/{username}/ and /players/{username}/:
events played (place, record, deck once published), the match history with rating changes,
ratings per game, head-to-head; the player can hide it from the public."""

import copy

import pytest
from django.test import Client, TestCase, override_settings

from tests.support.actors import PASSWORD, make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_events_rate(settings):
    # a four-player cup rates here (what rates at all: tests/site/test_ratings_farming.py)
    settings.RATING_MIN_PLAYERS = 4


@pytest.fixture(scope="module")
def _finished_cup_rows(module_rows, django_db_blocker):
    """Two Swiss rounds of four players, finished, results rated: (event, the players by name),
    made once for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock(), override_settings(RATING_MIN_PLAYERS=4):
        cup = EventDriver(make_actor("olga"), legal_decks_read(), name="Autumn Cup", rounds=2)
        cup.open()
        players = make_players(4)
        cup.register(*players)
        cup.start()
        with TestCase.captureOnCommitCallbacks(execute=True):
            cup.finish_round(1)
            cup.next_round()
            cup.finish_round(2)
            assert cup.organizer.api.post(f"{cup.url}next-round/").status_code == 200  # finishes it
    return cup, {p.name: p for p in players}


@pytest.fixture
def finished_cup(_finished_cup_rows, db):
    """The shared finished cup and its players: the test's own copies."""
    return copy.deepcopy(_finished_cup_rows)


@pytest.fixture
def shared_actors(_finished_cup_rows, db):
    return {"organizer": copy.deepcopy(_finished_cup_rows[0].organizer)}


def profile(actor, username, query=""):
    return actor.api.get(f"/api/players/{username}/{query}")


def test_the_profile_shows_the_events_placing_record_and_ratings(finished_cup, anonymous):
    cup, players = finished_cup
    standings = cup.standings()
    winner = standings[0]["username"]
    body = profile(anonymous, winner).json()
    assert body["username"] == winner and body["hidden"] is False
    [event] = body["events"]
    assert (event["id"], event["name"], event["status"], event["placing"]) == (
        cup.id,
        "Autumn Cup",
        "finished",
        1,
    )
    assert event["record"] == {"wins": 2, "losses": 0, "draws": 0}
    assert event["deck"] is None  # the decklists are not published
    [rating] = body["ratings"]
    assert rating["game"] == "respons" and rating["rank"] == 1 and rating["matches"] == 2
    assert body["matches_count"] == 2 and body["pages"] == 1
    assert {m["result"] for m in body["matches"]} == {"win"}
    newest = body["matches"][0]
    assert newest["round"] == 2 and newest["rating_after"] > newest["rating_before"]
    assert newest["replay"] is None  # a paper match has no replay


def test_names_are_looked_up_whatever_their_case_and_an_unknown_one_is_404(finished_cup, anonymous):
    assert profile(anonymous, "P001").json()["username"] == "p001"
    missing = profile(anonymous, "nobody")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_the_deck_shows_once_the_event_publishes_the_decklists(finished_cup, anonymous):
    cup, _ = finished_cup
    assert cup.organizer.api.post(f"{cup.url}publish-decklists/").status_code == 200
    deck = profile(anonymous, "p001").json()["events"][0]["deck"]
    stored = Registration.objects.get(event_id=cup.id, player__username="p001").deck
    assert deck == stored and deck


def test_the_head_to_head_gives_the_record_against_one_opponent(finished_cup, anonymous):
    cup, _ = finished_cup
    first_round = cup.round(1)["matches"][0]
    a, b = first_round["player_a"], first_round["player_b"]
    body = profile(anonymous, a, f"?vs={b}").json()["head_to_head"]
    assert body["opponent"] == b and body["record"] == {"wins": 1, "losses": 0, "draws": 0}
    assert [m["opponent"] for m in body["matches"]] == [b]
    other = profile(anonymous, b, f"?vs={a}").json()["head_to_head"]
    assert other["record"] == {"wins": 0, "losses": 1, "draws": 0}
    assert profile(anonymous, a, "?vs=nobody").status_code == 404


def test_a_hidden_profile_is_the_players_and_their_officials_only(finished_cup, anonymous, outsider, judge):
    cup, players = finished_cup
    anna = players["p001"]
    assert outsider.api.patch("/api/players/p001/", {"hidden": True}, format="json").status_code == 403
    response = anna.api.patch("/api/players/p001/", {"hidden": True}, format="json")
    assert response.status_code == 200 and response.json()["hidden"] is True
    for reader in (anonymous, outsider, judge):  # the judge is not one of this event's
        refused = profile(reader, "p001")
        assert refused.status_code == 403 and refused.json()["code"] == "profile_hidden"
    assert profile(anna, "p001").status_code == 200
    assert profile(cup.organizer, "p001").status_code == 200
    assert profile(players["p002"], "p002", "?vs=p001").status_code == 403  # nor through a head-to-head
    anna.api.patch("/api/players/p001/", {"hidden": False}, format="json")
    assert profile(anonymous, "p001").status_code == 200


def test_the_match_history_leaves_out_held_pairings(event_factory, anonymous, organizer):
    cup = event_factory(rounds=3)
    cup.open()
    cup.register(*make_players(4, prefix="h"))  # "p001"… play the module's finished cup
    cup.start()
    cup.finish_round(1)
    assert organizer.api.post(f"{cup.url}next-round/", {"hold": True}, format="json").status_code == 200
    body = profile(anonymous, "h001").json()
    assert body["matches_count"] == 1 and body["matches"][0]["round"] == 1
    assert profile(organizer, "h001").json()["matches_count"] == 1  # a held round is in no profile
    assert profile(anonymous, "h001", "?page=0").status_code == 400


def test_the_profile_page_in_russian_and_english(finished_cup):
    cup, players = finished_cup
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    page = client.get("/players/p001/").content.decode()
    assert "Сыгранные турниры" in page and "Autumn Cup" in page and "История матчей" in page
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/players/p001/?vs=p002").content.decode()
    assert "Events played" in page and 'data-testid="h2h-record"' in page


def test_the_player_hides_their_profile_from_the_page(finished_cup):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.login(username="p001", password=PASSWORD)
    page = client.get("/players/p001/").content.decode()
    assert "Make my profile private" in page
    client.post("/players/p001/", {"hidden": "1"})
    assert "Make my profile public" in client.get("/players/p001/").content.decode()
    hidden = Client(HTTP_ACCEPT_LANGUAGE="en").get("/players/p001/")
    assert hidden.status_code == 403 and "keeps their profile private" in hidden.content.decode()
    stranger = Client(HTTP_ACCEPT_LANGUAGE="en")
    stranger.post("/players/p001/", {"hidden": "0"})  # not signed in: refused, nothing changes
    assert Client().get("/players/p001/").status_code == 403


def test_names_in_standings_and_pairings_link_to_the_profiles(finished_cup):
    cup, _ = finished_cup
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert 'href="/players/p001/"' in client.get(f"/events/{cup.id}/standings/").content.decode()
    assert 'href="/players/p001/"' in client.get(f"/events/{cup.id}/rounds/1/").content.decode()

"""A reported result is checked against the event's format (best of 1 or 3, Swiss or top cut),
and every problem is said at once, in the reader's language: in the API (``problems``), and
on the player's, the dashboard's and the judges' result forms. A number field holding text
(which a browser sends as a blank) is refused, never read as 0."""

import copy

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read, one_table
from tests.support.pages import html_of, post
from tournaments.models import Match, ResultChange

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _best_of_three_rows(module_rows, django_db_blocker):
    """A best-of-3 Swiss event in round 1: (event, match id, player at seat A, at seat B); made
    once for the module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        event = EventDriver(make_actor("olga"), legal_decks_read(), rounds=1, best_of=3)
        match, a, b = one_table(event)
    return event, match["id"], a, b


@pytest.fixture
def best_of_three(_best_of_three_rows, db):
    return copy.deepcopy(_best_of_three_rows)


@pytest.fixture
def shared_actors(best_of_three):
    return {"organizer": best_of_three[0].organizer}


def report(actor, match_id: int, wins_a, wins_b, draws=0, language: str = "en"):
    body = {"wins_a": wins_a, "wins_b": wins_b, "draws": draws}
    return actor.api.post(
        f"/api/matches/{match_id}/report/", body, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def assert_untouched(match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.wins_a, match.wins_b, match.draws) == (Match.Status.PENDING, 0, 0, 0)
    assert not ResultChange.objects.filter(match_id=match_id).exists()


def test_it_refuses_more_games_than_a_best_of_three_has(best_of_three, organizer):
    event, match_id, _, _ = best_of_three
    response = report(organizer, match_id, 1, 1, 5)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_result"
    assert "1-1-5 adds up to 7: this match has at most 3 games." in body["detail"]
    assert body["problems"] == [
        {
            "field": "draws",
            "code": "invalid_result",
            "message": "1-1-5 adds up to 7: this match has at most 3 games.",
        }
    ]
    assert_untouched(match_id)


@pytest.mark.parametrize(
    ("result", "fields"),
    [((3, 0, 0), ["wins_a"]), ((2, 2, 0), ["wins_b", "wins_b"]), ((0, 0, 0), ["wins_a"])],
)
def test_it_refuses_a_result_a_best_of_three_cannot_end_with(best_of_three, organizer, result, fields):
    _, match_id, _, _ = best_of_three
    response = report(organizer, match_id, *result)
    assert response.status_code == 400
    assert [p["field"] for p in response.json()["problems"]] == fields
    assert_untouched(match_id)


@pytest.mark.parametrize(
    "result", [(2, 0, 0), (2, 1, 0), (0, 2, 1), (1, 1, 1), (1, 0, 0), (0, 0, 3), (1, 1, 0)]
)
def test_it_accepts_every_result_a_best_of_three_can_end_with(best_of_three, organizer, result):
    _, match_id, _, _ = best_of_three
    response = report(organizer, match_id, *result)
    assert response.status_code == 200, response.content
    assert (response.json()["wins_a"], response.json()["wins_b"], response.json()["draws"]) == result


def test_it_says_every_problem_at_once(best_of_three, organizer):
    _, match_id, a, b = best_of_three
    response = report(organizer, match_id, 3, 3, 4)
    problems = response.json()["problems"]
    assert [p["message"] for p in problems] == [
        f"Games won by {a.name}: 3 is too many; a best-of-3 match ends when a player has won 2 games.",
        f"Games won by {b.name}: 3 is too many; a best-of-3 match ends when a player has won 2 games.",
        "3-3-4 adds up to 10: this match has at most 3 games.",
    ]
    assert response.json()["detail"] == " ".join(p["message"] for p in problems)


def test_it_refuses_a_best_of_one_won_twice(event_factory, organizer):
    event = event_factory(rounds=1, best_of=1)
    match, _, _ = one_table(event, prefix="one")  # p001… play the module's best of three
    response = report(organizer, match["id"], 1, 0, 1)
    assert response.status_code == 400
    assert response.json()["problems"][0]["message"] == "1-0-1 adds up to 2: this match has at most 1 game."
    assert report(organizer, match["id"], 0, 0, 1).status_code == 200  # one drawn game


def test_it_lets_a_top_cut_match_play_on_past_three_games_while_tied(event_factory, organizer):
    event = event_factory(rounds=1, best_of=3, top_cut=2)
    event.open()
    event.register(*make_players(2, prefix="cut"))  # p001… play the module's best of three
    event.start()
    event.finish_round(1)
    final = event.next_round()["matches"][0]["id"]
    drawn = report(organizer, final, 1, 1, 1)
    assert drawn.status_code == 400 and drawn.json()["code"] == "top_cut_draw"
    assert report(organizer, final, 1, 1, 5).json()["code"] == "invalid_result"  # 7 games: more than 6
    assert report(organizer, final, 2, 1, 2).status_code == 200


def test_it_says_the_problems_in_russian(best_of_three, organizer):
    _, match_id, _, _ = best_of_three
    response = report(organizer, match_id, 1, 1, 5, language="ru")
    assert response.json()["detail"] == "1-1-5 — в сумме 7, а в этом матче не больше 3 партий."


def test_it_refuses_text_in_a_number_field_of_the_players_form(best_of_three):
    event, match_id, a, _ = best_of_three
    # A browser sends text typed into a number field as a blank.
    response = post(
        a, f"/events/{event.id}/matches/{match_id}/report/", {"wins_a": "", "wins_b": "1", "draws": "0"}
    )
    assert f"Games won by {a.name}: enter a whole number, 0 or more." in html_of(response)
    assert_untouched(match_id)


def test_it_shows_every_problem_of_the_dashboard_form_at_once(best_of_three, organizer):
    event, match_id, a, _ = best_of_three
    response = post(
        organizer,
        f"/events/{event.id}/matches/{match_id}/report/",
        {"wins_a": "7", "wins_b": "", "draws": "x"},
    )
    html = html_of(response)
    assert f"Games won by {a.name}: 7 is too many" in html
    assert "enter a whole number, 0 or more." in html and "Drawn games: enter a whole number" in html
    assert html.count('class="flash flash-error') == 3
    assert_untouched(match_id)


def test_it_shows_the_judges_override_problems_in_russian(best_of_three, organizer):
    _, match_id, _, _ = best_of_three
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    response = client.post(
        f"/matches/{match_id}/log/override/", {"wins_a": "1", "wins_b": "1", "draws": "5"}, follow=True
    )
    assert "1-1-5 — в сумме 7, а в этом матче не больше 3 партий." in html_of(response)
    assert_untouched(match_id)

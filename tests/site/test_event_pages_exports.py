"""CSV exports: pairings, standings and decklists; decklists are hidden information."""

import copy

import pytest
from django.contrib.auth import get_user_model

from tests.support.actors import PASSWORD, Actor, make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.pages import assert_refused, browser, csv_rows, last_round

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _cup_rows(module_rows, django_db_blocker):
    """A running event: ``player``, ``opponent`` and two more, round 1 finished, round 2 paired;
    made once for the module's tests (tests/support/shared_rows.py), with its actors."""
    with django_db_blocker.unblock():
        actors = {role: make_actor(name) for role, name in ACTORS.items()}
        organizer = actors["organizer"]
        event = EventDriver(organizer, legal_decks_read(), name="Spring Cup", rounds=3)
        organizer.api.post(f"{event.url}judges/", {"username": actors["judge"].name}, format="json")
        event.open()
        event.register(actors["player"], actors["opponent"], *make_players(2))
        event.start()
        event.finish_round(1)
        event.next_round()
    return event, actors


# The shared actors by role: the role fixtures (tests/site/conftest.py) hand them out.
ACTORS = {"organizer": "olga", "judge": "jury", "player": "anna", "opponent": "boris"}


@pytest.fixture
def _shared(_cup_rows, db):
    return copy.deepcopy(_cup_rows)


@pytest.fixture
def shared_actors(_shared):
    return _shared[1]


@pytest.fixture
def cup(_shared):
    return _shared[0]


def test_it_exports_the_pairings_of_a_round(cup, organizer, judge):
    for official in (organizer, judge):
        response = browser(official).get(f"/events/{cup.id}/export/pairings-1.csv")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")
        assert "attachment" in response["Content-Disposition"]
        rows = csv_rows(response)
        assert rows[0] == ["table", "player_a", "player_b", "status", "wins_a", "wins_b", "draws", "disputed"]
        assert len(rows) == 3
        assert [row[0] for row in rows[1:]] == ["1", "2"]
        assert {row[3] for row in rows[1:]} == {"final"}
        assert {row[1] for row in rows[1:]} | {row[2] for row in rows[1:]} == {
            "anna",
            "boris",
            "p001",
            "p002",
        }


def test_it_answers_404_for_a_round_that_does_not_exist(cup, organizer):
    assert browser(organizer).get(f"/events/{cup.id}/export/pairings-9.csv").status_code == 404


def test_it_exports_the_standings_to_anyone(cup, anonymous, outsider):
    for visitor in (anonymous, outsider):
        response = browser(visitor).get(f"/events/{cup.id}/export/standings.csv")
        assert response.status_code == 200
        rows = csv_rows(response)
        header = "rank player points wins losses draws omw_pct gw_pct ogw_pct dropped top_cut swiss_rank"
        assert rows[0] == header.split()
        assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4"]
        assert [row[11] for row in rows[1:]] == ["1", "2", "3", "4"]  # no top cut: the Swiss order
        assert rows[1][2] == "3" and rows[1][3:6] == ["1", "0", "0"]
        assert rows[1][7] == "100.00"  # GW% as a percentage


def test_it_exports_one_row_per_card_of_every_decklist_to_officials(cup, organizer, judge):
    for official in (organizer, judge):
        rows = csv_rows(browser(official).get(f"/events/{cup.id}/export/decklists.csv"))
        assert rows[0] == ["player", "zone", "count", "card"]
        assert ["anna", "hero", "1", "Commander Vesta"] in rows
        assert ["anna", "main", "2", "Iron Sentinel"] in rows
        assert ["anna", "side", "2", "Fortress Wall"] in rows
        assert ["boris", "hero", "1", "Warden of Gears"] in rows
        orders = [row[3] for row in rows if row[:2] == ["anna", "orders"]]
        assert orders == [
            "Hold the Line",
            "Shield of Faith",
            "Call to Arms",
            "Automaton Bastion",
            "Last Stand",
        ]
        players = [row[0] for row in rows[1:]]
        assert players == sorted(players)


def test_it_refuses_the_decklists_to_players_outsiders_and_anonymous(cup, player, outsider, anonymous):
    for other in (player, outsider, anonymous):
        assert_refused(other, f"/events/{cup.id}/export/decklists.csv")


def test_it_refuses_the_pairings_export_to_non_officials(cup, player, anonymous):
    for other in (player, anonymous):
        assert_refused(other, f"/events/{cup.id}/export/pairings-1.csv")


def test_it_keeps_cyrillic_names_readable_in_spreadsheets(cup, organizer):
    response = browser(organizer).get(f"/events/{cup.id}/export/standings.csv")
    assert response.content.startswith("\ufeff".encode())
    assert last_round(cup).number == 2


def test_it_keeps_a_name_from_running_as_a_spreadsheet_formula(event_factory, organizer, respons_deck_text):
    event = event_factory(name="Formula Cup", rounds=1)
    event.open()
    tricky = get_user_model().objects.create_user(username="-2+3", password=PASSWORD)
    client = browser(Actor(name="-2+3", user=tricky, api=None))
    assert client.post(f"/events/{event.id}/register/", {"deck_text": respons_deck_text}).status_code == 302
    event.register(*make_players(1, prefix="f"))  # p001… play the module's cup
    event.start()
    rows = csv_rows(browser(organizer).get(f"/events/{event.id}/export/pairings-1.csv"))
    assert {rows[1][1], rows[1][2]} == {"'-2+3", "f001"}

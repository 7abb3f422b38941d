"""Public pairings of a round and the standings table."""

import pytest

from tests.support.actors import make_players
from tests.support.pages import page, post

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(event_factory, organizer, player):
    event = event_factory(name="Spring Cup", rounds=3)
    event.open()
    event.register(player, *make_players(3))
    return event


def test_it_shows_no_standings_before_the_first_round(cup, anonymous):
    status, html = page(anonymous, f"/events/{cup.id}/standings/")
    assert status == 200
    assert "No standings yet" in html


def test_it_shows_the_standings_as_a_table_with_percentages(cup, organizer, anonymous):
    cup.start()
    cup.finish_round(1)
    post(organizer, f"/events/{cup.id}/drop/", {"username": "p003"})
    status, html = page(anonymous, f"/events/{cup.id}/standings/")
    assert status == 200
    for header in ("Rank", "Player", "Points", "W-L-D", "OMW%", "GW%", "OGW%"):
        assert header in html
    assert html.count('<td class="num rank">') == 4
    assert "1-0-0" in html and "0-1-0" in html
    assert "100.00%" in html and "0.00%" in html
    assert html.count('<tr class="dropped') == 1 and "dropped</span>" in html
    assert 'href="/events/' in html and "standings.csv" in html


def test_it_shows_the_pairings_of_each_round_with_find_yourself(cup, player, anonymous):
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    for number in (1, 2):
        status, html = page(anonymous, f"/events/{cup.id}/rounds/{number}/")
        assert status == 200
        assert f"Round {number} pairings" in html
        assert "Find yourself by name" in html
        assert html.count('data-names="') == 2
    mine = page(player, f"/events/{cup.id}/rounds/2/")[1]
    assert 'class="is-me"' in mine and ">you<" in mine


def test_it_answers_404_for_a_round_that_does_not_exist(cup, anonymous):
    assert page(anonymous, f"/events/{cup.id}/rounds/1/")[0] == 404
    cup.start()
    assert page(anonymous, f"/events/{cup.id}/rounds/2/")[0] == 404
    assert page(anonymous, "/events/424242/standings/")[0] == 404

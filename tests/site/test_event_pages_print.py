"""Printables: the pairings sheet by player name and the match slips."""

import re

import pytest

from tests.support.actors import make_players
from tests.support.pages import assert_refused, last_round, page

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(event_factory, organizer, judge, player):
    """A running event with seven players, ``player`` one of them (so round 1 has a bye)."""
    event = event_factory(name="Spring Cup", rounds=2)
    organizer.api.post(f"{event.url}judges/", {"username": judge.name}, format="json")
    event.open()
    event.register(player, *make_players(6))
    event.start()
    return event


def test_it_prints_every_player_by_name_with_the_table(cup, organizer, judge):
    for official in (organizer, judge):
        status, html = page(official, f"/events/{cup.id}/rounds/1/print/")
        assert status == 200
        names = ["anna"] + [f"p{i:03d}" for i in range(1, 7)]
        positions = [html.index(f'<td class="sheet-name">{name}</td>') for name in names]
        assert positions == sorted(positions)  # sorted by player name
    for match in last_round(cup).matches.all():
        name = match.player_a.player.username
        assert f'<td class="sheet-name">{name}</td><td class="num sheet-table">{match.table}</td>' in html
    assert "<em>bye</em>" in html
    assert "window.print" not in html and "data-print" in html


def test_it_prints_one_slip_per_match_with_both_names(cup, organizer):
    status, html = page(organizer, f"/events/{cup.id}/rounds/1/slips/")
    assert status == 200
    assert html.count('data-testid="slip"') == 3  # seven players: three matches and a bye
    for match in last_round(cup).matches.exclude(player_b=None):
        assert f"Table <strong>{match.table}</strong>" in html
        assert match.player_a.player.username in html and match.player_b.player.username in html
    assert html.count('<span class="box"></span>') == 9  # games won by each player, and drawn
    assert "Signature" in html


def test_it_keeps_the_printables_for_officials(cup, player, outsider, anonymous):
    for other in (player, outsider, anonymous):
        assert_refused(other, f"/events/{cup.id}/rounds/1/print/")
        assert_refused(other, f"/events/{cup.id}/rounds/1/slips/")


def test_it_answers_404_for_a_round_that_does_not_exist(cup, organizer):
    assert page(organizer, f"/events/{cup.id}/rounds/2/print/")[0] == 404
    assert page(organizer, f"/events/{cup.id}/rounds/0/slips/")[0] == 404


def test_the_sheet_and_the_round_page_say_the_events_time_zone_not_utc(event_factory, organizer):
    moscow = event_factory(name="Moscow Cup", time_zone="Europe/Moscow")
    moscow.open()
    moscow.register(*make_players(4))
    moscow.start()
    _, sheet = page(organizer, f"/events/{moscow.id}/rounds/1/print/")
    footer = re.search(r'data-testid="printed-at">(.*?)</footer>', sheet, re.S).group(1)
    assert "MSK (Europe/Moscow)" in footer and "UTC" not in footer
    _, round_page = page(organizer, f"/events/{moscow.id}/rounds/1/")
    assert "(Europe/Moscow)." in round_page and "(UTC)" not in round_page

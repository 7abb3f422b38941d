"""The structures beyond Swiss on the site's pages: the create-event form offers the structure
and its options, the event page names the structure and links a bracket's page, the bracket
page shows the winners' and losers' rounds, the standings explain each tiebreaker in words,
and the dashboard's button pairs the next round and finishes the event."""

import pytest
from django.test import Client

from tests.support.actors import make_players
from tests.support.pages import EVENT_FORM, csv_rows, html_of, page, post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def started(event_factory, players: int, **settings):
    event = event_factory(seeding="organizer", **settings)
    event.open()
    entrants = make_players(players)
    event.register(*entrants)
    event.start()
    return event, [p.name for p in entrants]


def test_the_form_creates_a_double_elimination_with_its_options(organizer):
    form = {
        **EVENT_FORM,
        "name": "Bracket Open",
        "structure": "double_elimination",
        "seeding": "rating",
        "grand_final_reset": "on",
        "tiebreaker_1": "buchholz",
        "tiebreaker_2": "mwp",
        "tiebreaker_3": "",
        "tiebreaker_4": "",
    }
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 302, html_of(response)
    event = Event.objects.get(name="Bracket Open")
    assert (event.structure, event.seeding, event.grand_final_reset) == ("double_elimination", "rating", True)
    assert event.tiebreakers == ["buchholz", "mwp"]


def test_the_form_offers_the_structures_and_keeps_a_refused_option_typed(organizer):
    _, html = page(organizer, "/events/new/")
    for word in ("Single elimination", "Double elimination", "Round robin", "Grand final reset"):
        assert word in html
    assert 'value="league"' in html
    form = {**EVENT_FORM, "name": "Odd", "structure": "single_elimination", "double_round_robin": "on"}
    response = post(organizer, "/events/new/", form, follow=False)
    assert response.status_code == 400
    html = html_of(response)
    assert "only for a round robin" in html
    assert '<option value="single_elimination" selected>' in html
    assert not Event.objects.filter(name="Odd").exists()


def test_the_event_page_names_the_structure_and_links_its_bracket(event_factory, organizer):
    event, names = started(event_factory, 4, structure="double_elimination", grand_final_reset=True)
    _, html = page(organizer, f"/events/{event.id}/")
    assert "Double elimination" in html and f'href="/events/{event.id}/bracket/"' in html
    status, html = page(organizer, f"/events/{event.id}/bracket/")
    assert status == 200
    assert 'data-testid="bracket-winners"' in html and 'data-testid="bracket-losers"' in html
    assert "Winners' bracket" in html and "Losers' bracket" in html and "Grand final" in html
    assert "Loser of W1-1" in html and names[0] in html
    swiss = event_factory()
    assert page(organizer, f"/events/{swiss.id}/bracket/")[0] == 404


def test_the_bracket_page_and_the_standings_speak_russian(event_factory, organizer):
    event, names = started(event_factory, 4, structure="single_elimination")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get(f"/events/{event.id}/bracket/").content.decode()
    assert "Полуфиналы" in html and "Финал" in html and "Олимпийская система" in html


def test_the_round_robin_standings_explain_each_tiebreaker(event_factory, organizer):
    event, names = started(event_factory, 3, structure="round_robin", tiebreakers=["sonneborn_berger", "gw"])
    event.finish_round(1)
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert "Sonneborn-Berger" in html and "plus half those of every opponent drawn with" in html
    assert "Game-win %" in html and html.index("Sonneborn-Berger") < html.index("Game-win %")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    html = client.get(f"/events/{event.id}/standings/").content.decode()
    assert "Коэффициент Зонненборна — Бергера" in html and "% выигранных партий" in html


def test_the_dashboard_button_pairs_the_bracket_and_finishes_it(event_factory, organizer):
    event, names = started(event_factory, 2, structure="single_elimination")
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert "Pair the next round" in html
    event.finish_round(1)
    _, html = page(organizer, f"/events/{event.id}/manage/")
    assert "Finish the event" in html
    post(organizer, f"/events/{event.id}/manage/next-round/")
    assert Event.objects.get(pk=event.id).status == "finished"
    _, html = page(organizer, f"/events/{event.id}/standings/")
    assert 'data-testid="champion"' in html and names[0] in html


def test_the_standings_download_as_csv_with_the_structures_columns(event_factory, organizer):
    event, names = started(event_factory, 4, structure="single_elimination")
    event.finish_round(1)
    event.next_round()
    event.finish_round(2)
    response = Client().get(f"/events/{event.id}/export/standings.csv")
    rows = csv_rows(response)
    assert rows[0][:4] == ["rank", "username", "seed", "eliminated_in"]
    by_name = {row[1]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert by_name[names[0]]["rank"] == "1" and by_name[names[0]]["eliminated_in"] == ""
    assert by_name[names[3]]["places"] == "3-4" and by_name[names[3]]["eliminated_in"] == "semifinal"

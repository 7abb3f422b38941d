"""The event list and the create-event page."""

import pytest

from tests.support.pages import browser, html_of, page, post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_it_lists_the_events_a_visitor_may_see(event_factory, organizer, anonymous, outsider):
    cup = event_factory(name="Spring Cup")
    cup.open()
    event_factory(name="Secret Draft")
    for visitor in (anonymous, outsider):
        status, html = page(visitor, "/events/")
        assert status == 200
        assert "Spring Cup" in html and "Secret Draft" not in html
    _, html = page(organizer, "/events/")
    assert "Spring Cup" in html and "Secret Draft" in html
    assert "badge badge-info" in html  # registration
    assert f'href="/events/{cup.id}/"' in html


def test_it_shows_game_status_and_players_count(event_factory, anonymous, player, opponent):
    cup = event_factory(name="Spring Cup", player_cap=8)
    cup.open()
    cup.register(player, opponent)
    _, html = page(anonymous, "/events/")
    assert "RESPONSE" in html
    assert "Registration" in html
    assert '<td class="num">2<span class="muted">/8</span>' in html


def test_it_shows_an_empty_state_without_events(anonymous):
    _, html = page(anonymous, "/events/")
    assert "No events yet" in html
    assert "Sign in to create an event" in html


def test_it_links_the_events_page_in_the_navigation(anonymous):
    _, html = page(anonymous, "/")
    assert 'href="/events/"' in html


def test_it_sends_anonymous_visitors_to_sign_in_before_creating(anonymous):
    response = browser(anonymous).get("/events/new/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/events/new/")


def test_it_creates_an_event_through_the_form(organizer):
    form = {
        "name": "Autumn Open",
        "game": "respons",
        "format": "constructed",
        "best_of": "3",
        "rounds": "",
        "top_cut": "4",
        "side_deck_max": "15",
        "online": "on",
        "round_minutes": "40",
        "player_cap": "",
        "late_entry": "on",
    }
    response = post(organizer, "/events/new/", form, follow=False)
    event = Event.objects.get(name="Autumn Open")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.pk}/manage/"
    assert event.status == "draft" and event.organizer == organizer.user
    assert (event.best_of, event.rounds, event.top_cut, event.side_deck_max) == (3, None, 4, 15)
    assert (event.online, event.round_minutes, event.player_cap, event.late_entry) == (True, 40, None, True)


def test_it_offers_the_formats_of_the_chosen_game(organizer, paper_game):
    _, wow = page(organizer, "/events/new/", game="wow")
    assert 'value="sealed"' in wow and 'value="draft"' in wow
    assert 'name="online"' in wow  # it has a match engine
    _, fow = page(organizer, "/events/new/", game="fow")
    assert 'name="online"' not in fow  # no match engine: a paper event only
    _, respons = page(organizer, "/events/new/")
    assert 'value="sealed"' not in respons
    assert 'name="online"' in respons
    assert 'hx-get="/events/new/"' in respons  # the game select swaps the formats


def test_it_shows_errors_on_the_form_and_keeps_the_input(organizer):
    form = {"name": "Kept Name", "game": "respons", "format": "constructed", "best_of": "1", "rounds": "99"}
    form |= {"top_cut": "0", "side_deck_max": "10", "round_minutes": "50"}
    response = post(organizer, "/events/new/", form)
    html = html_of(response)
    assert response.status_code == 400
    assert "must be a whole number from 1 to 20" in html
    assert 'value="Kept Name"' in html and 'value="99"' in html
    assert not Event.objects.exists()


def test_it_refuses_bad_values_without_a_traceback(organizer):
    form = {"name": "", "game": "respons", "format": "sealed", "best_of": "2", "top_cut": "3"}
    form |= {"side_deck_max": "many", "round_minutes": "50"}
    response = post(organizer, "/events/new/", form)
    html = html_of(response)
    assert response.status_code == 400
    assert html.count('class="error"') >= 4
    assert not Event.objects.exists()

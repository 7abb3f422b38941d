"""The create-event form (and the edit form) across a change of game: the htmx reload of the
game's fields keeps what the organizer typed ("Online event" stays ticked, the side deck size
stays unless the new game allows fewer cards, and then the page says so); a submit shows every
bad field at once."""

import re

import pytest
from django.test import Client

from tests.support.pages import EVENT_FORM, html_of, page, post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def reload_of(actor, url: str, **typed: str) -> str:
    """The htmx reload the game select sends: the whole form, as typed (a GET)."""
    values = {**EVENT_FORM, "csrfmiddlewaretoken": "x", **typed}
    return page(actor, url, **{k: v for k, v in values.items() if v is not None})[1]


def online_ticked(html: str) -> bool:
    tag = re.search(r'<input type="checkbox" name="online"[^>]*>', html)
    assert tag is not None, "the online box is on the page"
    return " checked" in tag.group(0)


def side_deck_value(html: str) -> str:
    tag = re.search(r'<input type="number" name="side_deck_max"[^>]*>', html)
    assert tag is not None
    found = re.search(r'value="([^"]*)"', tag.group(0))
    return found.group(1) if found else ""


def test_changing_the_game_keeps_online_ticked_and_the_side_deck_size(organizer):
    html = reload_of(organizer, "/events/new/", game="wow", online="on", side_deck_max="7", best_of="3")
    assert online_ticked(html)
    assert side_deck_value(html) == "7"
    assert 'data-testid="side-deck-note"' not in html
    assert 'value="3" selected' in html or re.search(r'<option value="3"\s+selected>', html)
    unticked = reload_of(organizer, "/events/new/", game="wow", online=None, side_deck_max="7")
    assert not online_ticked(unticked)


def test_a_game_with_a_smaller_side_deck_caps_the_size_and_says_so(organizer):
    html = reload_of(organizer, "/events/new/", game="fow", online="on", side_deck_max="20")
    assert online_ticked(html)
    assert side_deck_value(html) == "15"  # F2.4
    assert "Force of Will allows at most 15 side-deck cards: the side deck maximum is now 15." in html
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(organizer.user)
    client.cookies["django_language"] = "ru"
    russian = html_of(client.get("/events/new/", {**EVENT_FORM, "game": "fow", "side_deck_max": "20"}))
    assert "Force of Will допускает не больше 15 карт в дополнительной колоде" in russian


def test_a_link_with_only_the_game_gives_that_games_defaults(organizer):
    html = page(organizer, "/events/new/", game="yourwar")[1]
    assert side_deck_value(html) == "0" and not online_ticked(html)  # Y2.4: no side deck


def test_the_edit_page_keeps_what_was_typed_when_the_game_changes(event_factory, organizer):
    cup = event_factory(name="Kept", online=True)
    html = reload_of(organizer, f"/events/{cup.id}/manage/edit/", game="wow", online="on", side_deck_max="4")
    assert online_ticked(html) and side_deck_value(html) == "4"


def test_a_submit_shows_every_bad_field_at_once(organizer):
    form = {**EVENT_FORM, "name": "", "rounds": "99", "side_deck_max": "99", "round_minutes": "1"}
    form |= {"player_cap": "1", "closes_on": "2030-10-05", "closes_time": "10:00"}
    response = post(organizer, "/events/new/", form)
    html = html_of(response)
    assert response.status_code == 400
    assert html.count('class="error"') == 6, re.findall(r'class="error"[^>]*>([^<]*)<', html)
    for text in (
        "This field is required.",
        "must be a whole number from 1 to 20",
        "must be a whole number from 0 to 60",
        "must be a whole number from 5 to 600",
        "must be a whole number from 2 to 100000",
        "registration must close before the event starts",
    ):
        assert text in html, text
    assert not Event.objects.exists()

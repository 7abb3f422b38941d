"""The create-event form in a real browser (Debian's Chromium), on a phone, in Russian: the
organizer ticks "Online event", then changes the game (the htmx reload of the game's fields),
and the event saved is online, of the new game, with the side deck size typed."""

import pytest

from tests.support.browser import PHONE, WAIT_MS, shot, sign_in, tab
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_online_event_stays_online_when_the_game_changes(chromium, live_server, organizer, card_sets):
    page = tab(chromium, language="ru", **PHONE)
    sign_in(page, live_server.url, organizer, "/events/new/")
    page.fill("input[name=name]", "Ночной турнир")
    page.check("input[name=online]")
    page.fill("input[name=side_deck_max]", "7")
    with page.expect_response(lambda r: "/events/new/?" in r.url):
        page.select_option("select[name=game]", "wow")
    page.wait_for_selector("select[name=format] option[value=sealed]", state="attached", timeout=WAIT_MS)
    assert page.is_checked("input[name=online]")
    assert page.input_value("input[name=side_deck_max]") == "7"
    shot(page, "create-event-game-changed-ru-390")
    page.click("form.event-form button[type=submit]")
    page.wait_for_url(lambda url: "/manage/" in url, timeout=WAIT_MS)
    event = Event.objects.get(name="Ночной турнир")
    assert (event.game, event.online, event.side_deck_max) == ("wow", True, 7)
    assert page.errors == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

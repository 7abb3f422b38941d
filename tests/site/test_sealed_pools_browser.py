"""Sealed pools in a real browser (Debian's Chromium, driven by Playwright): a player
signs up for a sealed event without a deck, the organizer records their pool from the
dashboard, the player sees it and registers a deck built from it; a card from outside the
pool is refused with its rule. With SCREENSHOTS=<dir>, each page is saved there too."""

import re

import pytest

from tests.support.browser import WAIT_MS, shot, sign_in, tab
from tournaments.models import Event, Pool, Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POOL = "12 Battle Fury\n10 Ashfang Raider\n10 Traveler's Pack\n3 Rusted Cleaver"
DECK = "Hero: Grotha Ashmane\nMain:\n10 Battle Fury\n10 Ashfang Raider\n10 Traveler's Pack\n"


def test_a_sealed_pool_is_recorded_and_a_deck_built_from_it(
    chromium, live_server, organizer, player, card_sets
):
    event = Event.objects.create(
        name="Sealed Night",
        game="wow",
        format="sealed",
        organizer=organizer.user,
        seed=1,
        status="registration",
    )
    page = tab(chromium)
    sign_in(page, live_server.url, player, f"/events/{event.pk}/")
    page.get_by_test_id("limited-note").wait_for(timeout=WAIT_MS)
    page.click("form.register-form button[type=submit]")
    page.get_by_test_id("my-pool").wait_for(timeout=WAIT_MS)
    assert "not recorded yet" in page.get_by_test_id("my-pool").inner_text()
    registration = Registration.objects.get(event=event, player=player.user)
    assert registration.deck == {}

    desk = tab(chromium)
    sign_in(desk, live_server.url, organizer, f"/events/{event.pk}/manage/")
    desk.get_by_test_id("pool-link").click()
    desk.wait_for_url(re.compile(r"/manage/pools/\d+/$"))
    desk.fill("textarea[name=pool_text]", POOL)
    shot(desk, "pool-record-en")
    desk.click("[data-testid=pool-form] button[type=submit]")
    desk.get_by_test_id("pool-size").wait_for(timeout=WAIT_MS)
    assert "35 cards in the pool" in desk.get_by_test_id("pool-size").inner_text()
    assert Pool.objects.get(registration=registration).cards["Battle Fury"] == 12

    page.reload()
    assert "12 Battle Fury" in page.get_by_test_id("my-pool").inner_text()
    page.click("details.resubmit summary")
    page.fill("#deck-text-resubmit", DECK + "1 Ironjaw Greataxe\n")
    page.click("details.resubmit form button[type=submit]")
    page.get_by_test_id("violations").wait_for(timeout=WAIT_MS)
    assert "not_in_pool" in page.get_by_test_id("violations").inner_text()
    shot(page, "pool-refused-en")
    page.fill("#deck-text-resubmit", DECK)
    page.click("details.resubmit form button[type=submit]")
    page.get_by_test_id("my-deck").wait_for(timeout=WAIT_MS)
    registration.refresh_from_db()
    assert registration.deck["main"]["Battle Fury"] == 10
    assert not page.errors and not desk.errors

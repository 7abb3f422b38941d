"""Each player's page says whether the opponent is connected and, once their tab is gone, since
when they are away (api.md "Presence"), live, in the reader's language, on a phone too."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connections
from django.utils import timezone

from tests.support.browser import PHONE, WAIT_MS, assert_fits, sign_in, tab
from tests.support.events import one_table
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ZONE = "Europe/Moscow"


def test_a_player_sees_the_opponent_connected_then_away_since_they_left(
    live_server, event_factory, chromium, settings
):
    settings.PRESENCE_AWAY_SECONDS = 6  # the pages beat every 2 s
    match, a, b = one_table(event_factory(rounds=1, best_of=1, online=True))
    url = f"/matches/{match['id']}/play/"
    phone = tab(chromium, "ru", ZONE, **PHONE)
    desktop = tab(chromium, "en", ZONE)
    try:
        for page, actor in ((phone, a), (desktop, b)):
            sign_in(page, live_server.url, actor, url)
            page.wait_for_selector("#play[data-seq]", timeout=WAIT_MS)
        here = phone.locator("[data-testid=presence]")
        here.filter(has_text=f"{b.name} на связи.").wait_for(timeout=WAIT_MS)
        desktop.locator("[data-testid=presence]").filter(has_text=f"{a.name} is connected.").wait_for(
            timeout=WAIT_MS
        )

        desktop.context.close()  # B's tab is gone: no more signs of life
        left = timezone.now() - timedelta(minutes=10)  # and the clock says it was long ago
        Match.objects.filter(pk=match["id"]).update(seen_b_at=left)
        since = left.astimezone(ZoneInfo(ZONE)).strftime("%H:%M")
        here.filter(has_text=f"{b.name} не на связи с {since}").wait_for(timeout=WAIT_MS)
        text = here.inner_text()
        assert "(10:0" in text, text  # how long, counted on by the page
        assert "(O2." in text and "R9.4" not in text, text  # and what it costs them (the site's rule)
        assert here.is_visible()
        assert_fits(phone, PHONE["width"])
        assert phone.errors == [], phone.errors
    finally:
        connections.close_all()  # the ORM ran beside Playwright's loop: let the database go

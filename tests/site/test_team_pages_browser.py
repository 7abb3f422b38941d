"""The team pairings and team standings in a real browser (Debian's Chromium): reached from the
event page by its tabs, a team event's round (two team tables and a bye team, each seat at its
table) and its team standings read on a phone in Russian (390 px, nothing scrolls the page
sideways) and on a desktop in English, and axe-core finds no serious WCAG 2 A/AA violation."""

import pytest

from tests.support.axe import violations
from tests.support.browser import assert_fits, session_cookie
from tests.support.events import team_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def played(event_factory):
    """Five teams of 3 with long names, round 1 played: two team tables and a bye team."""
    event, rosters = team_event(event_factory, 5, size=3, prefix="teammate_with_a_long_name_", rounds=2)
    event.start()
    event.finish_round(1, lambda m: (1, 0, 0) if m["table"] % 3 else (0, 1, 0))  # 2 seats to 1
    return event, rosters


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", DESKTOP)])
def test_the_team_pairings_and_standings_read_on_a_phone_and_a_desktop(
    live_server, chromium, played, language, viewport
):
    event, rosters = played
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    context.add_cookies([session_cookie(event.organizer, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.id}/")
    assert page.get_by_test_id("team").count() == 5
    tabs = page.locator("nav.tabs")
    tabs.get_by_role("link", name="Пары" if language == "ru" else "Pairings", exact=True).click()
    page.wait_for_url(f"**/events/{event.id}/rounds/1/")
    tables = page.get_by_test_id("team-table")
    assert tables.count() == 3  # two team tables and the bye team
    assert tables.nth(0).get_by_role("listitem").count() == 3  # its three seats
    won = "побеждает" if language == "ru" else "wins"
    assert won in tables.nth(0).inner_text()
    assert_fits(page, viewport["width"])
    found = violations(page)
    assert not found, found

    tabs.get_by_role(
        "link", name="Турнирная таблица" if language == "ru" else "Standings", exact=True
    ).click()
    page.wait_for_url(f"**/events/{event.id}/standings/")
    standings = page.get_by_test_id("team-standings")
    assert standings.get_by_role("row").count() == 6  # the header and five teams
    first = standings.get_by_role("row").nth(1).inner_text()
    assert any(name in first for name in rosters) and "3" in first
    heading = "Положение команд" if language == "ru" else "Team standings"
    assert page.get_by_role("heading", name=heading).is_visible()
    assert_fits(page, viewport["width"])
    found = violations(page)
    assert not found, found
    context.close()

"""The bracket page in a real browser (Debian's Chromium): reached from the event page by its
tab, a double-elimination bracket with its reset played is readable on a phone in Russian
(390 px: the rounds stack, nothing scrolls the page sideways) and on a desktop in English
(the rounds side by side), and axe-core finds no serious WCAG 2 A/AA violation in either."""

import pytest

from tests.support.actors import make_players
from tests.support.axe import violations
from tests.support.browser import assert_fits, session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def played(event_factory):
    """A 4-player double elimination played to its champion through the grand final's reset."""
    event = event_factory(
        name="Двойное выбывание " + "Cup " * 6, structure="double_elimination", grand_final_reset=True
    )
    event.open()
    players = make_players(4, prefix="bracketeer_with_a_long_name_")
    event.register(*players)
    event.start()
    event.finish_round(1)
    event.next_round()
    event.finish_round(2)
    event.finish_round(3)
    for number in (4, 5, 6):
        event.next_round()
        # The losers' bracket champion wins the first grand final, so the reset is played.
        event.finish_round(number, (lambda m: (0, 1, 0)) if number == 5 else None)
    assert event.next_round()["finished"] is True
    return event


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", DESKTOP)])
def test_the_bracket_page_reads_on_a_phone_and_a_desktop(live_server, chromium, played, language, viewport):
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    context.add_cookies([session_cookie(played.organizer, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{played.id}/")
    page.get_by_test_id("bracket-tab").click()
    page.wait_for_url(f"**/events/{played.id}/bracket/")
    assert page.get_by_test_id("bracket-match").count() == 7  # 2n − 1 with the reset
    heading = "Нижняя сетка" if language == "ru" else "Losers' bracket"
    assert page.get_by_role("heading", name=heading, exact=True).is_visible()
    assert page.get_by_test_id("champion").is_visible()
    assert_fits(page, viewport["width"])
    rounds = page.locator("[data-testid=bracket-winners] [data-testid=bracket-round]")
    first, second = rounds.nth(0).bounding_box(), rounds.nth(1).bounding_box()
    assert first and second
    if viewport is PHONE:
        assert second["y"] > first["y"] + first["height"] - 1  # stacked by round
        assert second["x"] + second["width"] <= viewport["width"]
    else:
        assert second["x"] >= first["x"] + first["width"]  # side by side
    found = violations(page)  # as test_accessibility_browser.py, with the page's structure
    assert not found, found
    context.close()

"""The spectators' pages in Chromium: the replay viewer steps through a game with the
keys and the buttons, its address always a link to the step shown; the featured match draws the
delayed board from the stream. Both at phone width, in English and Russian, with no serious
accessibility problem (axe-core) and no sideways scroll."""

import pytest

from tests.support.actors import make_actor
from tests.support.axe import serious_violations
from tests.support.browser import PHONE, WAIT_MS, assert_fits, signed_in
from tests.support.spectate import played_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def board_drawn(page) -> None:
    page.wait_for_function(
        "() => { const r = document.querySelector('[data-board-root]'); return r && r.children.length > 0; }",
        timeout=WAIT_MS,
    )


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_visitor_steps_through_a_replay_and_shares_the_step(
    live_server, chromium, organizer, card_sets, language
):
    played = played_match("respons", organizer, make_actor("ann"), make_actor("bob"), spectators="everyone")
    total = len(played.game.actions)
    page = signed_in(chromium, live_server.url, None, viewport=PHONE, language=language)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/matches/{played.match.pk}/replay/?game=1&step=3")
    board_drawn(page)
    counter = page.locator("[data-testid=replay-counter]")
    assert counter.inner_text() == f"3 / {total}"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('[data-board-root]').dataset.step === '4'")
    assert counter.inner_text() == f"4 / {total}"
    assert page.url.endswith("?game=1&step=4")
    assert page.locator("[data-testid=replay-share]").get_attribute("href") == "?game=1&step=4"
    page.locator("[data-replay-controls] [data-go=last]").click()
    page.wait_for_function(f"() => document.querySelector('[data-board-root]').dataset.step === '{total}'")
    assert_fits(page, PHONE["width"])
    assert not serious_violations(page)
    assert not errors


def test_the_featured_match_draws_the_delayed_board_from_the_stream(
    live_server, chromium, organizer, card_sets
):
    played = played_match(
        "respons", organizer, make_actor("ann"), make_actor("bob"), part=0.8, spectators="everyone"
    )
    page = signed_in(chromium, live_server.url, None, viewport=PHONE, language="en")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/matches/{played.match.pk}/watch/?overlay=1")
    board_drawn(page)
    assert "turns behind" in page.locator("[data-delay]").inner_text()
    step = int(page.locator("[data-board-root]").get_attribute("data-step"))
    assert step < len(played.game.actions)
    assert page.locator("[data-testid=watch-name-0]").inner_text() == "ann"
    assert_fits(page, PHONE["width"])
    assert not serious_violations(page)
    assert not errors
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_tv_page_reads_well_on_a_phone(live_server, chromium, organizer, card_sets, language):
    played = played_match(
        "respons", organizer, make_actor("ann"), make_actor("bob"), part=0.5, spectators="everyone"
    )
    page = signed_in(chromium, live_server.url, None, viewport=PHONE, language=language)
    page.goto(f"{live_server.url}/events/{played.match.round.event_id}/tv/")
    page.locator("[data-testid=tv-timer] [data-left]").wait_for(timeout=WAIT_MS)
    assert_fits(page, PHONE["width"])
    assert not serious_violations(page)
    pause = page.locator("[data-testid=tv-pause]")
    pause.click()  # a reader who needs longer stops the reloading (WCAG 2.2.1)
    assert pause.get_attribute("aria-pressed") == "true"
    page.context.close()

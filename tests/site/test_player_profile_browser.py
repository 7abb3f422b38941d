"""A player's profile in a real browser (Debian's Chromium, driven by Playwright): a visitor
reads it on a phone (390 px) and a desktop, in Russian and English, follows a name from the
standings to it, and the player hides it with the keyboard."""

import pytest

from tests.support.actors import make_players
from tests.support.browser import DESKTOP, PHONE, assert_fits, signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def small_events_rate(settings):
    # a four-player cup rates here (what rates at all: tests/site/test_ratings_farming.py)
    settings.RATING_MIN_PLAYERS = 4


@pytest.fixture
def finished_cup(event_factory):
    """Two Swiss rounds of four players, finished and rated (in-process tasks, on commit)."""
    cup = event_factory(name="Autumn Cup", rounds=2)
    cup.open()
    players = make_players(4)
    cup.register(*players)
    cup.start()
    cup.finish_round(1)
    cup.next_round()
    cup.finish_round(2)
    assert cup.organizer.api.post(f"{cup.url}next-round/").status_code == 200
    return cup, {p.name: p for p in players}


@pytest.mark.parametrize(("language", "events_word", "history_word"), [
    ("en", "Events played", "Match history"),
    ("ru", "Сыгранные турниры", "История матчей"),
])  # fmt: skip
def test_a_visitor_reads_a_profile_from_the_standings(
    live_server, chromium, finished_cup, tmp_path, language, events_word, history_word
):
    cup, _ = finished_cup
    winner = cup.standings()[0]["username"]
    for viewport in (PHONE, DESKTOP):
        page = signed_in(chromium, live_server.url, None, viewport=viewport, language=language)
        page.goto(f"{live_server.url}/events/{cup.id}/standings/")
        page.locator("table.standings tbody tr").first.get_by_role("link", name=winner).click()
        page.wait_for_url(f"{live_server.url}/players/{winner}/")
        assert page.get_by_role("heading", name=events_word).is_visible()
        assert page.get_by_role("heading", name=history_word).is_visible()
        assert page.get_by_test_id("profile-events").locator("tbody tr td").nth(1).inner_text() == "1"
        assert page.get_by_test_id("profile-matches").locator("tbody tr").count() == 2
        assert page.get_by_test_id("profile-ratings").is_visible()
        assert_fits(page, viewport["width"])
        page.screenshot(path=tmp_path / f"profile-{language}-{viewport['width']}.png", full_page=True)
        page.context.close()


def test_the_player_hides_their_profile_with_the_keyboard(live_server, chromium, finished_cup):
    _, players = finished_cup
    page = signed_in(chromium, live_server.url, players["p001"], viewport=PHONE, language="en")
    page.goto(f"{live_server.url}/players/p001/")
    button = page.get_by_role("button", name="Make my profile private")
    button.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.get_by_test_id("profile-private").is_visible()
    assert page.get_by_role("button", name="Make my profile public").is_visible()
    visitor = signed_in(chromium, live_server.url, None, viewport=PHONE, language="en")
    visitor.goto(f"{live_server.url}/players/p001/")
    assert visitor.get_by_test_id("profile-hidden").is_visible()
    assert_fits(visitor, PHONE["width"])

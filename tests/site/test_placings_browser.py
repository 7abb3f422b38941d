"""The event day's end in a real browser (Debian's Chromium, driven by Playwright): the
organizer enters the final's result on the dashboard, finishes the event, and everyone sees
the winner and the bracket, on a phone (390 px) and a desktop, in Russian and English."""

import re

import pytest

from tests.support.actors import make_players
from tests.support.browser import DESKTOP, PHONE, assert_fits, signed_in
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def final_to_play(event_factory):
    """A top 2 after two Swiss rounds, its final paired: (event, Swiss order)."""
    event = event_factory(name="Autumn Cup", rounds=2, top_cut=2)
    event.open()
    event.register(*make_players(4))
    event.start()
    for number in (1, 2):
        event.finish_round(number)
        swiss = [row["username"] for row in event.standings()]
        event.next_round()
    return event, swiss


@pytest.mark.parametrize(("language", "finish", "winner_word", "final_word"), [
    ("en", "Finish the event", "Winner", "Final"),
    ("ru", "Завершить турнир", "Победитель", "Финал"),
])  # fmt: skip
def test_the_organizer_finishes_the_event_and_everyone_sees_the_winner(
    live_server,
    chromium,
    final_to_play,
    organizer,
    anonymous,
    tmp_path,
    language,
    finish,
    winner_word,
    final_word,
):
    event, swiss = final_to_play
    page = signed_in(chromium, live_server.url, organizer, viewport=DESKTOP, language=language)
    page.goto(f"{live_server.url}/events/{event.id}/manage/")
    assert page.locator("#round-h").inner_text() == final_word
    row = page.locator("form.result-entry").first
    row.locator("input[name=wins_a]").fill("0")
    row.locator("input[name=wins_b]").fill("1")
    row.locator("button[type=submit]").click()
    page.wait_for_load_state()
    button = page.get_by_role("button", name=finish)
    assert button.is_visible()
    page.screenshot(path=tmp_path / f"manage-{language}.png", full_page=True)
    button.click()
    page.wait_for_url(re.compile(rf"/events/{event.id}/manage/$"))
    assert page.get_by_test_id("event-status").is_visible()

    for viewport in (PHONE, DESKTOP):
        visitor = signed_in(chromium, live_server.url, None, viewport=viewport, language=language)
        visitor.goto(f"{live_server.url}/events/{event.id}/standings/")
        banner = visitor.get_by_test_id("winner-banner")
        assert banner.is_visible()
        assert winner_word in banner.text_content() and swiss[1] in banner.text_content()
        assert visitor.get_by_test_id("bracket").is_visible()
        assert visitor.locator(".bracket-player.is-winner .bracket-name").inner_text() == swiss[1]
        first = visitor.locator("table.standings tbody tr").first
        assert first.locator("td").nth(1).inner_text().startswith(swiss[1])
        assert_fits(visitor, viewport["width"])
        visitor.screenshot(path=tmp_path / f"standings-{language}-{viewport['width']}.png", full_page=True)
        visitor.goto(f"{live_server.url}/events/{event.id}/")
        assert visitor.get_by_test_id("winner-banner").is_visible()
        assert_fits(visitor, viewport["width"])
        visitor.screenshot(path=tmp_path / f"event-{language}-{viewport['width']}.png", full_page=True)
        visitor.context.close()


def test_the_dashboard_says_every_problem_of_a_result_at_once(
    live_server, chromium, final_to_play, organizer
):
    event, _ = final_to_play
    page = signed_in(chromium, live_server.url, organizer, viewport=PHONE, language="en")
    page.goto(f"{live_server.url}/events/{event.id}/manage/")
    row = page.locator("form.result-entry").first
    row.locator("input[name=wins_a]").fill("")  # what a browser sends for text in a number field
    row.locator("input[name=draws]").fill("7")
    row.locator("button[type=submit]").click()
    page.wait_for_load_state()
    errors = page.locator(".flash-error")
    assert errors.count() == 2
    text = " ".join(errors.all_inner_texts())
    assert "enter a whole number, 0 or more" in text and "Drawn games: 7 is too many" in text
    final = Match.objects.get(round__event_id=event.id, round__number=3)
    assert (final.status, final.wins_a, final.wins_b, final.draws) == (Match.Status.PENDING, 0, 0, 0)

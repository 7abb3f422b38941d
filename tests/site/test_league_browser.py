"""A league in a real browser (Debian's Chromium): a player joins the list of players looking
for a match by a click on the event page, and another finds them on the list and challenges
them by a click, on a phone in Russian (390 px, nothing scrolls sideways) and on a desktop in
English; the match is made, both leave the list, and axe-core finds no serious violation."""

import pytest

from tests.support.actors import make_players
from tests.support.axe import violations
from tests.support.browser import DESKTOP, PHONE, assert_fits, session_cookie
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def league(event_factory):
    event = event_factory(name="Лига " + "League " * 6, structure="league", league_days=7, league_matches=3)
    event.open()
    players = make_players(3, prefix="leaguer_with_a_long_name_")
    event.register(*players)
    event.start()
    return event, players


def tab(chromium, base: str, actor, viewport: dict, language: str):
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    context.add_cookies([session_cookie(actor, base)])
    return context, context.new_page()


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", DESKTOP)])
def test_a_player_finds_an_opponent_on_the_list(live_server, chromium, league, language, viewport):
    event, (anna, boris, _clara) = league
    url = f"{live_server.url}/events/{event.id}/"
    words = {
        "ru": ("Я ищу соперника", "Играть с", "Матч назначен"),
        "en": ("I am looking for a match", "Play", "Match made"),
    }[language]

    anna_context, anna_page = tab(chromium, live_server.url, anna, viewport, language)
    anna_page.goto(url)
    anna_page.get_by_role("button", name=words[0]).click()
    anna_page.wait_for_load_state()
    assert anna_page.get_by_test_id("league-leave").is_visible()

    boris_context, boris_page = tab(chromium, live_server.url, boris, viewport, language)
    boris_page.goto(url)
    listed = boris_page.get_by_test_id("league-looking")
    assert anna.name in listed.inner_text()
    assert_fits(boris_page, viewport["width"])
    found = violations(boris_page)
    assert not found, found
    boris_page.get_by_role("button", name=f"{words[1]} {anna.name}").click()
    boris_page.wait_for_load_state()
    assert words[2] in boris_page.content()
    match = Match.objects.get(round__event_id=event.id)
    assert {match.player_a.player.username, match.player_b.player.username} == {anna.name, boris.name}
    assert boris_page.get_by_test_id("league-looking").count() == 0  # both left the list
    assert_fits(boris_page, viewport["width"])
    anna_context.close()
    boris_context.close()

"""The organizer's seed order in a real browser (Debian's Chromium): on the dashboard of a bracket
seeded in the organizer's order, the organizer types a new seed number beside a player and
saves, by real clicks, on a phone in Russian (390 px, nothing scrolls sideways) and on a
desktop in English; the list comes back in the new order, the start pairs seed 1 with the last
seed, and axe-core finds no serious violation."""

import pytest

from tests.support.actors import make_players
from tests.support.axe import violations
from tests.support.browser import DESKTOP, PHONE, assert_fits, session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def bracket(event_factory):
    event = event_factory(
        name="Посев " + "Seeded Cup " * 5, structure="single_elimination", seeding="organizer"
    )
    event.open()
    players = make_players(4, prefix="seeded_player_with_a_long_name_")
    event.register(*players)
    return event, [p.name for p in players]


@pytest.mark.parametrize(("language", "viewport"), [("ru", PHONE), ("en", DESKTOP)])
def test_the_organizer_moves_a_player_to_seed_one(live_server, chromium, bracket, language, viewport):
    event, names = bracket
    words = {"ru": ("Посев игрока", "Сохранить порядок посева"), "en": ("Seed of", "Save the seed order")}
    seed_of, save = words[language]
    context = chromium.new_context(
        viewport=viewport, locale=language, extra_http_headers={"Accept-Language": language}
    )
    context.add_cookies([session_cookie(event.organizer, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.id}/manage/")
    rows = page.get_by_test_id("seed-row")
    assert rows.count() == 4
    assert_fits(page, viewport["width"])
    found = violations(page)
    assert not found, found

    last = page.get_by_label(f"{seed_of} {names[3]}", exact=True)
    last.click()
    last.fill("1")
    page.get_by_role("button", name=save).click()
    page.wait_for_load_state()
    shown = [rows.nth(i).locator(".player-name").inner_text().strip() for i in range(4)]
    assert shown == [names[3], names[0], names[1], names[2]]
    numbers = [page.get_by_label(f"{seed_of} {name}", exact=True).input_value() for name in shown]
    assert numbers == ["1", "2", "3", "4"]
    assert_fits(page, viewport["width"])
    context.close()

    first = event.start()
    assert [(m["player_a"], m["player_b"]) for m in first["matches"]] == [
        (names[3], names[2]),
        (names[0], names[1]),
    ]

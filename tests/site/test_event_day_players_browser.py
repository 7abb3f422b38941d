"""What players see on event day, in a real browser (Debian's Chromium, driven by Playwright) at
a phone's width in Russian and a desktop's in English: while the organizer holds the pairings
they read that the round is being prepared and hear nothing; the organizer's click on Publish
tells each of them their table and starts the round's timer; a player in two running events
finds both current matches on the home page."""

import re

import pytest
from django.utils import timezone

from tests.support.actors import make_players
from tests.support.browser import DESKTOP, PHONE, WAIT_MS, assert_fits, shot, sign_in, tab
from tournaments.models import Notification, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [pytest.param("ru", PHONE, id="ru-390"), pytest.param("en", DESKTOP, id="en-1280")]
PREPARING = {"ru": "Готовится раунд 1", "en": "Round 1 is being prepared"}
AGAINST = {"ru": "соперник", "en": "against"}


def browser_tab(chromium, language: str, size: dict):
    return tab(chromium, language=language, width=size["width"], height=size["height"])


def told(actor) -> int:
    return Notification.objects.filter(user=actor.user, kind="pairings").count()


@pytest.mark.parametrize("language, size", WIDTHS)
def test_held_pairings_are_told_to_no_one_until_the_organizer_publishes_them(
    chromium, live_server, event_factory, language, size
):
    cup = event_factory(name="Spring Open", round_minutes=50)
    cup.open()
    players = make_players(4)
    cup.register(*players)
    event_url, manage = f"/events/{cup.id}/", f"/events/{cup.id}/manage/"

    organizer = browser_tab(chromium, language, size)
    sign_in(organizer, live_server.url, cup.organizer, manage)
    organizer.check("form[action$='/manage/start/'] [data-testid=hold]")
    organizer.click("form[action$='/manage/start/'] button[type=submit]")
    organizer.wait_for_selector("[data-testid=pairings-held]", timeout=WAIT_MS)

    player = browser_tab(chromium, language, size)
    sign_in(player, live_server.url, players[0], event_url)
    preparing = player.locator("[data-testid=my-round-preparing]")
    assert PREPARING[language] in preparing.inner_text()
    assert player.locator("[data-testid=my-table]").count() == 0
    assert player.locator("[data-testid=round-preparing]").count() == 1
    assert player.locator("[role=timer]").count() == 0  # no clock runs while the pairings are held
    player.goto(f"{live_server.url}/")
    assert PREPARING[language] in player.locator("[data-testid=round-preparing]").inner_text()
    assert player.locator("[data-testid=current-match]").count() == 0
    assert player.locator("[data-testid=bell] .bell-count").text_content() == "0"
    assert_fits(player, size["width"])
    shot(player, f"round-preparing-{language}-{size['width']}")
    assert [told(p) for p in players] == [0, 0, 0, 0]

    published_at = timezone.now()
    organizer.click("[data-testid=publish-pairings]")
    organizer.wait_for_selector("[data-testid=pairings-held]", state="detached", timeout=WAIT_MS)
    assert [told(p) for p in players] == [1, 1, 1, 1]  # each player once, at publication
    round_ = Round.objects.get(event_id=cup.id, number=1)
    assert round_.published and round_.started_at >= published_at

    player.goto(f"{live_server.url}{event_url}")
    assert player.locator("[data-testid=my-round-preparing]").count() == 0
    assert re.fullmatch(r"\d+", player.locator("[data-testid=my-table]").inner_text().strip())
    timer = player.locator("[data-testid=round-timer] [role=timer]")
    assert timer.count() == 1
    assert re.search(r"\d", timer.locator("[data-left]").inner_text())  # the round's time counts down
    assert player.locator("[data-testid=bell] .bell-count").text_content() == "1"
    player.goto(f"{live_server.url}/")
    assert player.locator("[data-testid=current-match]").count() == 1
    assert player.locator("[data-testid=round-preparing]").count() == 0
    assert_fits(player, size["width"])
    shot(player, f"round-published-{language}-{size['width']}")
    assert organizer.errors == [] and player.errors == []


@pytest.mark.parametrize("language, size", WIDTHS)
def test_a_player_in_two_running_events_finds_both_matches_at_home(
    chromium, live_server, event_factory, language, size
):
    anna, boris, kira = make_players(3, prefix="x")
    for name, opponent in (("Spring Cup", boris), ("Night League", kira)):
        cup = event_factory(name=name, rounds=2)
        cup.open()
        cup.register(anna, opponent)
        cup.start()

    page = browser_tab(chromium, language, size)
    sign_in(page, live_server.url, anna, "/")
    matches = page.locator("[data-testid=current-match]")
    assert matches.count() == 2
    said = " ".join(matches.all_inner_texts())
    for event_name, opponent in (("Spring Cup", boris), ("Night League", kira)):
        assert event_name in said and f"{AGAINST[language]} {opponent.name}" in said
    assert page.locator("[data-testid=current-match] [data-testid=time-left] [role=timer]").count() == 2
    assert_fits(page, size["width"])
    shot(page, f"home-two-matches-{language}-{size['width']}")
    assert page.errors == []

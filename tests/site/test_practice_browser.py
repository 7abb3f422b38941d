"""Practice against a bot in a real browser (Debian's Chromium): a player starts a practice game
from a game's page and plays it by clicks alone — enabled controls of the page, Playwright's
real click(), never the API — to its end, in every game (on a phone in one language and on a
desktop in the other, alternating from game to game; RESPONSE both ways), and every game can
be started from its page and its first decision answered by a click.
The page must never throw a JavaScript error nor scroll sideways at 390 px."""

import random

import pytest

from tests.support.browser import shot
from tests.support.games import OTHER_ONLINE_GAMES
from tests.support.practice_clicks import ClickPlayer, practice_tab, start_from_game_page
from tournaments.models import Match, Practice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE, DESKTOP = 390, 1280


@pytest.fixture(autouse=True)
def _quick_clicks(settings, card_sets):
    """Every game's cards are imported; a test clicks faster than a person acts (the actions'
    rate is a person's)."""
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "user": "100000/min", "actions": "100000/min"}


BADGE = {"ru": "Тренировка против бота · без рейтинга", "en": "Practice against the bot · not rated"}


# Each game on a phone in one language and on a desktop in the other, alternating from game to
# game; RESPONSE, the flagship, both ways.
WAYS = [(PHONE, "ru"), (DESKTOP, "en")]
PLAYED = [("respons", *WAYS[1])] + [
    (game, *WAYS[n % 2]) for n, game in enumerate(["respons", *OTHER_ONLINE_GAMES])
]


@pytest.mark.parametrize(
    ("game", "width", "language"),
    PLAYED,
    ids=[f"{game}-{'phone' if width == PHONE else 'desktop'}-{language}" for game, width, language in PLAYED],
)
def test_a_practice_game_is_played_to_its_end_by_clicks(live_server, chromium, player, game, width, language):
    page = practice_tab(chromium, live_server.url, player, width=width, language=language)
    match_id = start_from_game_page(page, live_server.url, game)
    assert page.locator("[data-testid=practice-badge]").inner_text() == BADGE[language]
    shot(page, f"practice-{game}-{language}-{width}-start")
    clicker = ClickPlayer(page, width=width, rng=random.Random(f"{language}{width}"))
    decisions = clicker.play_to_the_end()
    shot(page, f"practice-{game}-{language}-{width}-over")
    assert decisions >= 3  # the opening hand, then turns of play
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.FINAL and match.wins_a + match.wins_b + match.draws == 1
    assert page.locator("[data-slot=match-result]").inner_text().strip()
    # Back to the game's page, where the game is over with its result.
    page.locator("[data-testid=practice-again]").click()
    page.wait_for_url(f"{live_server.url}/games/{game}/#practice")
    assert page.locator("[data-testid=practice-result]").count() == 1
    clicker.assert_page_is_sound()


@pytest.mark.parametrize("game", ["respons", *OTHER_ONLINE_GAMES])
def test_each_game_starts_from_its_page_and_takes_a_first_decision_by_click(
    live_server, chromium, player, game
):
    page = practice_tab(chromium, live_server.url, player, width=DESKTOP, language="en")
    match_id = start_from_game_page(page, live_server.url, game)
    assert Practice.objects.get(player=player.user).match_id == match_id
    clicker = ClickPlayer(page, width=DESKTOP, rng=random.Random(game))
    assert clicker.wait_for_turn(), "the player has a decision once the bot has made its own"
    before = clicker.seq()
    clicker.answer()
    assert clicker.seq() > before or clicker.over()
    shot(page, f"practice-{game}-en-desktop")
    clicker.assert_page_is_sound()

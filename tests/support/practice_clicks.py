"""A practice game played by clicks alone: the player's tab on the play page against the bot,
answered by the whole-game click harness (tests/support/clickplay.py)."""

import re

from tests.support.clickplay import WAIT_S, ClickSeat, open_tab


def practice_tab(browser, base_url: str, actor, *, width: int, language: str):
    """Return a new tab (its own context: size, language) with ``actor`` signed in; its
    JavaScript errors collect in ``page.errors``."""
    return open_tab(browser, base_url, actor, width=width, language=language)


def start_from_game_page(page, base_url: str, game: str) -> int:
    """Open the game's page, keep the deck offered first, click "Play against the bot"; return
    the id of the match the play page opened on."""
    page.goto(f"{base_url}/games/{game}/")
    page.locator("[data-testid=practice-start]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/play/$"))
    page.wait_for_selector("#play[data-seq]", timeout=WAIT_S * 1000)
    return int(re.search(r"/matches/(\d+)/play/", page.url).group(1))


ClickPlayer = ClickSeat  # the player's side of a practice game

"""The Your War board names a practice game's bot after its game, on the play page and in the
replay, as the reader reads it; never by its account ("bot:yourwar")."""

import pytest
from django.db import connections

from tests.support.browser import PHONE, WAIT_MS, sign_in, tab
from tests.support.practice import start_practice

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("language", "bot"), [("ru", "Бот (Твоя Война)"), ("en", "Bot (Your War)")])
def test_the_your_war_board_names_the_bot_after_its_game(
    live_server, chromium, player, card_sets, language, bot
):
    practice = start_practice(player, "yourwar")
    connections.close_all()  # the live server's thread takes the database from here
    page = tab(chromium, language, **PHONE)
    url = f"/matches/{practice['match']}/play/"
    sign_in(page, live_server.url, player, url)
    board = page.locator("[data-testid=board-root]")
    board.locator(f'section[aria-label="{bot}"]').wait_for(timeout=WAIT_MS)
    assert bot in board.inner_text() and "bot:yourwar" not in board.inner_text()
    assert "bot:yourwar" not in page.locator("body").inner_text()

    assert player.api.post(f"/api/practice/{practice['id']}/resign/").status_code == 202
    connections.close_all()
    page.goto(f"{live_server.url}/matches/{practice['match']}/replay/")
    replay = page.locator("[data-testid=replay-board]")
    replay.locator(f'section[aria-label="{bot}"]').wait_for(timeout=WAIT_MS)
    assert "bot:yourwar" not in page.locator("body").inner_text()
    assert page.errors == [], page.errors

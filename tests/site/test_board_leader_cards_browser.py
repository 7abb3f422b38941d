"""Force of Will's ruler and Chronomagia's hero are drawn as cards (boards/kit.js), not as a line
of words: a card face in a zone of its own on both sides, whose whole text opens by a real
click (Debian's Chromium)."""

import json

import pytest
from django.db import connections

from engine.registry import bundled_decklists
from tests.support.browser import Seat
from tests.support.events import EventDriver, one_table
from tests.support.online import game_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The game, its leader's zone on the board and where the view names the card (F7.1, C10.5).
LEADERS = [("fow", "ruler"), ("chronomagia", "hero")]


@pytest.mark.parametrize(("game", "zone"), LEADERS)
def test_the_leader_is_a_card_whose_text_opens_by_click(
    live_server, chromium, organizer, card_sets, game, zone
):
    decks = [json.loads(p.read_text()) for p in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, _b = one_table(event)
    state = game_state(a, match["id"])
    names = [seat[zone]["card"] for seat in state["view"]["seats"]]
    connections.close_all()  # the live server's thread takes the database from here
    player = Seat(chromium, live_server.url, match["id"], a, 0)
    board = player.page.locator("[data-testid=board-root]")
    leaders = board.locator(f"[data-zone={zone}] .rb-card")
    leaders.first.wait_for()
    assert sorted(leaders.evaluate_all("cards => cards.map(c => c.dataset.card)")) == sorted(names)
    # The reader's own side is drawn last.
    text = leaders.last.locator("details.rb-card-text")
    assert not text.evaluate("d => d.open")
    text.locator("summary").click()
    assert text.evaluate("d => d.open")
    assert text.locator("p").is_visible() and text.locator("p").inner_text().strip()
    assert player.errors == []

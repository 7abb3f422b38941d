"""The generic board (boards/generic.js, a game without a module of its own) draws the view's
cards with the board toolkit (boards/kit.js): each zone of cards a zone of card faces, a single
card (a hero) a card face of its own, each face's whole text opening by a real click, in
Debian's Chromium. RESPONSE's view stands in for a sixth game's."""

import pytest
from django.db import connections

from tests.support.browser import Seat
from tests.support.online import game_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_generic_board_draws_zones_of_card_faces(generic_board, live_server, online_match, chromium):
    _event, match_id, player_a, _b = online_match
    try:
        mine = game_state(player_a, match_id)["view"]["seats"][0]
    finally:
        connections.close_all()  # the live server's thread takes the database from here
    player = Seat(chromium, live_server.url, match_id, player_a, 0)
    side = player.page.locator(".rb-generic [data-side='0']")
    hand = side.locator("[data-zone=hand].rb-zone .rb-card")
    hand.first.wait_for()
    assert hand.evaluate_all("cards => cards.map(c => c.dataset.card)") == mine["hand"]
    hero = side.locator("[data-zone=hero] .rb-card")
    assert hero.count() == 1 and hero.get_attribute("data-card") == mine["hero"]["card"]
    assert f"Influence {mine['hero']['influence']}" in hero.locator(".rb-card-stats").inner_text()
    text = side.locator("[data-zone=hand] details.rb-card-text").first  # a card with words
    assert not text.evaluate("d => d.open")
    text.locator("summary").click()
    assert text.locator("p").is_visible() and text.locator("p").inner_text().strip()
    assert player.errors == []

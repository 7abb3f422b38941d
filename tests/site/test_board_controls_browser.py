"""A board's control that the rules allow is a button a person can click (Debian's Chromium).

Your War's hand and support buttons and Chronomagia's "Redraw the selected cards" were drawn
with ``disabled="null"`` (a board's DOM helper wrote every attribute it was given, null as
the word), so no card could be played: these tests bring a real online match to such a
decision through the API, then answer it on the play page with Playwright's real click()."""

import json

import pytest
from django.db import connections

from engine.registry import bundled_decklists
from tests.support.browser import Seat
from tests.support.events import EventDriver, one_table
from tests.support.online import act, game_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND_VERBS = ("play", "build", "discard")


def _online_match(organizer, game: str):
    decks = [json.loads(p.read_text()) for p in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    return match["id"], (a, b)


def _deciding(match_id: int, actors) -> tuple[int, dict]:
    """Return the seat whose decision it is and that seat's answer of GET .../game/."""
    for seat, actor in enumerate(actors):
        state = game_state(actor, match_id)
        choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
        if state["game_status"] == "playing" and choices:
            return seat, state
    raise AssertionError("nobody has a decision to take")


def _advance_until(match_id: int, actors, wanted, prefer: tuple[str, ...], limit: int = 60):
    """Answer decisions through the API (the types in ``prefer`` first) until ``wanted(state)``
    holds for the deciding seat; return that seat and its state."""
    for _ in range(limit):
        seat, state = _deciding(match_id, actors)
        if wanted(state):
            return seat, state
        legal = [a for a in state["legal_actions"] if a["type"] != "concede"]
        action = next((a for t in prefer for a in legal if a["type"] == t), legal[0])
        response = act(actors[seat], match_id, state["next_seq"], action)
        assert response.status_code == 200, response.content
    raise AssertionError("the game never came to the decision the test needs")


def test_a_your_war_hand_card_the_rules_allow_is_clickable(live_server, chromium, organizer, card_sets):
    match_id, actors = _online_match(organizer, "yourwar")

    def hand_card_legal(state: dict) -> bool:
        return any(a["type"] in HAND_VERBS for a in state["legal_actions"])

    seat, state = _advance_until(match_id, actors, hand_card_legal, prefer=("keep", "end", "proceed"))
    legal = next(a for a in state["legal_actions"] if a["type"] in HAND_VERBS)
    connections.close_all()  # the live server's thread takes the database from here
    player = Seat(chromium, live_server.url, match_id, actors[seat], seat)
    hand = player.page.locator("[data-testid=board-root] [data-zone=hand] button")
    hand.first.wait_for()
    enabled = [b for b in hand.all() if b.is_enabled()]
    assert enabled, "the player's hand offers no card the rules allow (Y5.1, Y5.6, Y6.1)"
    assert all(b.get_attribute("disabled") is None for b in enabled)
    before = player.seq()
    enabled[0].click()
    # A card with several legal targets asks for one first: its first target answers.
    picker = player.page.locator("[data-testid=board-root] .rb-picker button.rb-choice")
    if player.seq() <= before and picker.count():
        picker.first.click()
    player.wait_for_seq(before + 1)
    assert legal["type"] in HAND_VERBS and player.errors == []


def test_chronomagia_redraw_enables_once_cards_are_selected(live_server, chromium, organizer, card_sets):
    match_id, actors = _online_match(organizer, "chronomagia")
    seat, state = _advance_until(
        match_id, actors, lambda s: any(a["type"] == "redraw" for a in s["legal_actions"]), prefer=("keep",)
    )
    connections.close_all()
    player = Seat(chromium, live_server.url, match_id, actors[seat], seat, language="ru")
    board = player.page.locator("[data-testid=board-root]")
    redraw = board.get_by_role("button", name="Пересдать отмеченные карты (0)")
    redraw.wait_for()
    assert redraw.is_disabled(), "nothing is selected yet"
    board.locator("[aria-label=Рука] button[aria-pressed=false]").first.click()
    redraw = board.get_by_role("button", name="Пересдать отмеченные карты (1)")
    assert redraw.is_enabled(), "a selected card may be redrawn (C5.3)"
    before = player.seq()
    redraw.click()
    player.wait_for_seq(before + 1)
    after = game_state(actors[seat], match_id)
    assert after["view"]["seq"] > state["view"]["seq"] and player.errors == []

"""RESPONSE's board marks what the other boards mark (boards/kit.js), in Debian's Chromium:
the cards the opponent's last move named (an amber ring and "last played") and the places a
legal action may aim at (a blue ring). The game is brought to the moment through the API; the page is
read, and clicked with Playwright's real click(), as a player sees it."""

import json

import pytest
from django.db import connections

from engine.cardset import load_catalog
from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_card_sets, bundled_decklists
from tests.support.browser import Seat
from tests.support.events import EventDriver, one_table
from tests.support.online import act, game_state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _online_match(organizer):
    # RESPONSE's shipped decklists are text; the API takes the JSON object.
    decks = [decklist_to_json(load_decklist(p)) for p in bundled_decklists("respons")]
    event = EventDriver(organizer, decks, game="respons", rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    return match["id"], (a, b)


def _deciding(match_id: int, actors) -> tuple[int, dict]:
    for seat, actor in enumerate(actors):
        state = game_state(actor, match_id)
        choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
        if state["game_status"] == "playing" and choices:
            return seat, state
    raise AssertionError("nobody has a decision to take")


def _legal(state: dict) -> list[dict]:
    return [a for a in state["legal_actions"] if a["type"] != "concede"]


def _unit_play(state: dict) -> dict | None:
    """A play of a unit into a cell, with no target to choose. A trap also goes into a cell, but
    face down (R7.3): the opponent sees its back, with no card named."""
    _, catalog = load_catalog(bundled_card_sets("respons"))
    plays = [a for a in _legal(state) if a["type"] == "play" and "cell" in a and not a.get("targets")]
    return next((a for a in plays if catalog.get(a["card"]).type == "unit"), None)


def _step(match_id: int, actors, seat: int, state: dict) -> None:
    """Answer one decision: keep the hand, choose the first option, else play, else pass."""
    legal = _legal(state)
    action = next(
        (a for t in ("keep", "choose", "play", "pass") for a in legal if a["type"] == t),
        legal[0],
    )
    response = act(actors[seat], match_id, state["next_seq"], action)
    assert response.status_code == 200, response.content


def _place(target: dict, me: int) -> str:
    """The board's element for a target of an action (respons.js: cells, the hero, the location)."""
    where = "bottom" if target["seat"] == me else "top"
    if target.get("zone") == "hero":
        return f"[data-testid=hero-{where}]"
    if target.get("zone") == "location":
        return f"[data-testid=location-{where}]"
    return f"[data-testid=cell-{target['seat']}-{target['line']}-{target['row']}]"


def test_the_opponents_last_unit_is_ringed_and_named(live_server, chromium, organizer, card_sets):
    match_id, actors = _online_match(organizer)
    for _ in range(60):
        seat, state = _deciding(match_id, actors)
        play = _unit_play(state)
        if play:
            break
        _step(match_id, actors, seat, state)
    else:
        raise AssertionError("no unit could be played")
    response = act(actors[seat], match_id, state["next_seq"], play)
    assert response.status_code == 200, response.content
    connections.close_all()  # the live server's thread takes the database from here
    reader = Seat(chromium, live_server.url, match_id, actors[1 - seat], 1 - seat)
    cell = play["cell"]
    placed = reader.page.locator(f"[data-testid=cell-{seat}-{cell['line']}-{cell['row']}] .tile[data-card]")
    placed.wait_for()
    assert placed.get_attribute("data-card") == play["card"]
    marked = reader.page.locator("[data-testid=board-root] .tile.rb-last")
    marked.first.wait_for()
    assert marked.first.get_attribute("data-card") == play["card"]
    assert "last played" in placed.inner_text()
    # The reader's own cards are no move of the opponent's.
    assert reader.page.locator("[data-testid=side-bottom] .tile.rb-last").count() == 0
    assert reader.errors == []


def _aims(state: dict) -> set:
    return {json.dumps(t, sort_keys=True) for a in _legal(state) for t in a.get("targets") or [] if t}


def test_the_targets_a_legal_action_may_choose_are_ringed(live_server, chromium, organizer, card_sets):
    match_id, actors = _online_match(organizer)
    for _ in range(200):
        seat, state = _deciding(match_id, actors)
        if _aims(state):
            break
        _step(match_id, actors, seat, state)
    else:
        raise AssertionError("no legal action came to name a target")
    places = {_place(json.loads(t), seat) for t in _aims(state)}
    connections.close_all()  # the live server's thread takes the database from here
    player = Seat(chromium, live_server.url, match_id, actors[seat], seat)
    board = player.page.locator("[data-testid=board-root]")
    board.locator(".rb-target").first.wait_for()
    for place in places:
        assert "rb-target" in (board.locator(place).get_attribute("class") or "").split(), place
    assert board.locator(".rb-target").count() == len(places)
    assert player.errors == []

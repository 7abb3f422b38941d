"""Every game's board on a phone (390 px, Debian's Chromium): the reader's last hand card is
seen whole and takes a real click, the move box riding along the bottom of the screen never
covers it, and the page needs no sideways scroll. Screenshots go to var/shots/ (or $SCREENSHOTS)."""

import json
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists
from tests.support.browser import PHONE, Seat, assert_fits
from tests.support.events import EventDriver, one_table
from tests.support.games import OTHER_ONLINE_GAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SCREENSHOTS") or Path(__file__).resolve().parents[2] / "var" / "shots")
ALL_GAMES = (settings.DEFAULT_GAME, *OTHER_ONLINE_GAMES)
CLICK_MS = 15_000
LAST_HAND_CARD = "[data-testid=board-root] [data-zone=hand] [data-card]"

# The points of an element nothing else may lie over: near its corners (8 px in, inside the
# rounded ones) and its centre; each answers what lies there when it is not the element.
COVERED = """e => {
  const r = e.getBoundingClientRect();
  const points = [[r.left + 8, r.top + 8], [r.right - 8, r.top + 8], [r.left + 8, r.bottom - 8],
    [r.right - 8, r.bottom - 8], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  const over = ([x, y]) => document.elementFromPoint(x, y);
  return points.filter((p) => !over(p) || !e.contains(over(p)))
    .map((p) => `${over(p) ? over(p).className || over(p).tagName : "nothing"} at ${p}`);
}"""


def deck(path: Path) -> dict:
    """A shipped decklist as the JSON object the API takes (RESPONSE's are text)."""
    return json.loads(path.read_text()) if path.suffix == ".json" else decklist_to_json(load_decklist(path))


def open_play_page(chromium, live_server, organizer, game: str, language: str) -> Seat:
    """Return player A's play page of a new online match of ``game``, at a phone's width."""
    decks = [deck(p) for p in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=1, online=True)
    match, a, _b = one_table(event)
    connections.close_all()  # the live server's thread takes the database from here
    seat = Seat(chromium, live_server.url, match["id"], a, 0, language=language)
    seat.page.set_viewport_size(PHONE)
    return seat


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_last_hand_card_is_whole_and_clickable_at_390_px(
    live_server, chromium, organizer, card_sets, game
):
    seat = open_play_page(chromium, live_server, organizer, game, "ru")
    page = seat.page
    card = page.locator(LAST_HAND_CARD).last
    card.wait_for()
    # The reader scrolls down to the end of their hand: its last card's bottom comes to the
    # bottom of the screen, where the move box rides (the page keeps it clear, play.css).
    card.evaluate("e => e.scrollIntoView({block: 'end', inline: 'nearest'})")
    box = card.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert card.evaluate(COVERED) == [], "something lies over the last hand card"
    # A card covered for good never takes the click; a board drawn again meanwhile (a poll, the
    # opponent's answer) is waited for, as a person would (a loaded machine draws slowly).
    card.click(timeout=CLICK_MS)
    # Its whole text opens by a click (a disclosure, not a hover).
    text = page.locator("[data-testid=board-root] [data-zone=hand] details.rb-card-text").last
    text.locator("summary").click(timeout=CLICK_MS)
    assert text.evaluate("d => d.open")
    assert text.locator("p").inner_text().strip()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-{game}.png"), full_page=True)
    assert_fits(page, PHONE["width"])
    assert seat.errors == []

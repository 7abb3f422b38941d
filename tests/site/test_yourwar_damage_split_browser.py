"""Your War's damage split (Y7.6) takes the board toolkit's count picker (boards/kit.js): each
blocker's share between − and +, never below nothing nor above the attacker's damage, the
attacker's total kept whole, and the split confirmed as the engine listed its shape. The
position is built by the engine's scenario kit and drawn by the board module on the play page
(Debian's Chromium); the buttons take Playwright's real click()."""

import json

import pytest
from django.db import connections

from engine.registry import bundled_decklists
from tests.support.browser import Seat
from tests.support.events import EventDriver, one_table
from tests.support.scenario import ScenarioTable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TANK, RIFLES, ASSAULT = "Танковый батальон «Бизон»", "Стрелковый взвод «Прерия»", "Штурмовая рота «Орёл»"

# A board of its own on the page, fed the position; what it sends is kept in window.__sent.
DRAW = """([view, legal]) => {
  const root = document.createElement("div");
  root.id = "split-board";
  document.querySelector("main").appendChild(root);
  window.__sent = [];
  window.ResponsBoards.yourwar.render(root, view, {
    seat: 0, legal: legal, names: ["A", "B"], act: (a) => window.__sent.push(a),
  });
}"""


def _assign_position() -> tuple[dict, list]:
    """An attacker (4 damage) blocked by two units: its split is asked for (Y7.6)."""
    match = ScenarioTable("yourwar").build(
        {
            "phase": "intervene",
            "turn": 3,
            "blocks": [[0, 0], [1, 0]],
            "seats": [
                {"field": [{"card": TANK, "used": True, "attacking": True}]},
                {"field": [RIFLES, ASSAULT]},
            ],
        }
    )
    match.apply(0, {"type": "proceed"})
    assert match.decision().kind == "assign"
    return match.observation(0), [dict(a) for a in match.legal_actions(0)]


def test_the_damage_split_is_the_kits_count_picker(live_server, chromium, organizer, card_sets):
    view, legal = _assign_position()
    (split,) = [a["split"] for a in legal if a["type"] == "assign"]
    assert [row[2] for row in split] == [2, 2]
    decks = [json.loads(p.read_text()) for p in bundled_decklists("yourwar")]
    event = EventDriver(organizer, decks, game="yourwar", rounds=1, best_of=1, online=True)
    match, a, _b = one_table(event)
    connections.close_all()  # the live server's thread takes the database from here
    player = Seat(chromium, live_server.url, match["id"], a, 0)
    page = player.page
    page.evaluate(DRAW, [view, legal])
    board = page.locator("#split-board")
    counters = board.locator(".rb-counter")
    assert counters.count() == 2
    first, second = f"{TANK} to {RIFLES}", f"{TANK} to {ASSAULT}"
    more = board.get_by_role("button", name=f"More: {first}")
    less = board.get_by_role("button", name=f"Less: {first}")
    more.click()
    more.click()
    # All four to the first blocker: nothing more to give, nothing less for the second.
    assert counters.nth(0).locator("output").inner_text() == "4"
    assert counters.nth(1).locator("output").inner_text() == "0"
    assert more.is_disabled() and board.get_by_role("button", name=f"Less: {second}").is_disabled()
    less.click()
    assert [counters.nth(i).locator("output").inner_text() for i in (0, 1)] == ["3", "1"]
    board.get_by_role("button", name="Confirm damage").click()
    sent = page.evaluate("window.__sent")
    assert sent == [
        {"type": "assign", "split": [[split[0][0], split[0][1], 3], [split[1][0], split[1][1], 1]]}
    ]
    assert player.errors == []

"""WoW TCG's opening hand on the play page (W5.4): Keep and Mulligan are the same buttons as every
other game's opening-hand decision (the site's button classes, a prompt in words, the rule
number on each, the focus on Keep, one press of Enter keeps), in both languages and at 390 px."""

import json

import pytest
from django.db import connections

from engine.registry import bundled_decklists
from tests.support.browser import PHONE, Seat, assert_fits, deciding
from tests.support.events import EventDriver, one_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LABELS = {
    "en": ("Keep (W5.4)", "Mulligan (W5.4)", "Keep your opening hand"),
    "ru": ("Оставить (W5.4)", "Муллиган (W5.4)", "Оставьте стартовую руку"),
}


@pytest.mark.parametrize("language", ["ru", "en"])
def test_keep_and_mulligan_are_proper_buttons_and_keep_is_one_key_away(
    live_server, chromium, organizer, card_sets, language
):
    decks = [json.loads(p.read_text()) for p in bundled_decklists("wow")]
    event = EventDriver(organizer, decks, game="wow", rounds=1, best_of=1, online=True)
    match, a, b = one_table(event)
    connections.close_all()  # the live server's thread takes the database from here
    seats = [
        Seat(chromium, live_server.url, match["id"], actor, n, language=language)
        for n, actor in enumerate((a, b))
    ]
    seats[0].page.set_viewport_size(PHONE)
    keep_label, mulligan_label, prompt = LABELS[language]
    seat = deciding(seats)
    page = seat.page
    keep, mulligan = page.locator("[data-testid=keep]"), page.locator("[data-testid=mulligan]")
    keep.wait_for()
    assert (keep.inner_text(), mulligan.inner_text()) == (keep_label, mulligan_label)
    assert keep.evaluate("b => b.tagName + '.' + b.className") == "BUTTON.btn"
    assert mulligan.evaluate("b => b.tagName + '.' + b.className") == "BUTTON.btn btn-ghost"
    assert keep.is_enabled() and mulligan.is_enabled()
    assert prompt in page.locator("[data-testid=board-prompt]").inner_text()
    # Each is offered once: not a second time among the board's other buttons.
    assert page.get_by_role("button", name=keep_label).count() == 1
    assert keep.evaluate("b => document.activeElement === b"), "the focus is on Keep"
    before = seat.seq()
    page.keyboard.press("Enter")
    for each in seats:
        each.wait_for_seq(before + 1)
    # The other player is asked next (W5.4: the first player, then the second), the same way.
    other = seats[1 - seat.seat]
    other.page.locator("[data-testid=mulligan]").click()
    for each in seats:
        each.wait_for_seq(before + 2)
    for each in seats:
        assert each.errors == [], each.errors
    assert_fits(seats[0].page, PHONE["width"])

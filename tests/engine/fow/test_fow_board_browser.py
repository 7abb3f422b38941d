"""The Force of Will board module (tournaments/static/respons/boards/fow.js) in Debian's
Chromium, without the site: it draws real engine observations at phone width without a
sideways scroll, and every click sends one of the legal actions (through a choice list
when a card has several)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.cardset import load_card_set
from engine.catalog import Catalog
from engine.decklist import load_decklist
from engine.games.fow import DECKS_DIR, SAMPLE_SET
from engine.games.fow.bots import make_bot
from engine.games.fow.match import Match, new_match
from engine.games.fow.match.cards_summary import summaries

CHROMIUM = "/usr/bin/chromium"
MODULE = Path(__file__).resolve().parents[3] / "tournaments" / "static" / "respons" / "boards" / "fow.js"
KIT = MODULE.parent / "kit.js"
pytestmark = [pytest.mark.browser]


@pytest.fixture
def page():
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        tab = browser.new_page(viewport={"width": 390, "height": 800})
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.set_content("<!doctype html><html><body><div id=root></div></body></html>")
        tab.add_script_tag(content=KIT.read_text(encoding="utf-8"))  # the toolkit every board draws with
        tab.add_script_tag(content=MODULE.read_text(encoding="utf-8"))
        yield tab
        assert not errors, errors
        browser.close()


def midgame() -> Match:
    catalog = Catalog(load_card_set(SAMPLE_SET).cards)
    decks = (load_decklist(DECKS_DIR / "morvane_blaze.json", game="fow"),
             load_decklist(DECKS_DIR / "aurelia_light.json", game="fow"))  # fmt: skip
    match = new_match(catalog, decks, seed=4)
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    while match.turn < 7 and not match.is_over:
        decision = match.decision()
        assert decision is not None
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def draw(page: Any, match: Match, seat: int) -> list[dict[str, Any]]:
    legal = [a for a in match.legal_actions(seat) if a["type"] != "concede"]
    page.evaluate(
        """([view, legal, cards, seat]) => {
            window.sent = [];
            const ctx = { seat: seat, legal: legal, readOnly: false, lang: "en", names: ["Ann", "Bob"],
              act: (a) => window.sent.push(a), card: (n) => cards[n] || null, t: (s) => s,
              fmt: (s, v) => s.replace(/\\{(\\w+)\\}/g, (m, k) => String(v[k])) };
            window.ResponsBoards.fow.render(document.getElementById("root"), view, ctx);
        }""",
        [match.observation(seat), legal, summaries(match), seat],
    )
    return legal


def test_it_draws_a_midgame_board_at_phone_width_without_a_sideways_scroll(page: Any) -> None:
    match = midgame()
    seat = match.decision().seat  # type: ignore[union-attr]
    draw(page, match, seat)
    assert page.locator("section.fow-seat").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.get_by_text("Life", exact=False).count() >= 2


def test_every_click_sends_a_legal_action(page: Any) -> None:
    match = midgame()
    seat = match.decision().seat  # type: ignore[union-attr]
    legal = draw(page, match, seat)
    buttons = page.locator("#root button")
    assert buttons.count() >= 1
    for index in range(buttons.count()):
        draw(page, match, seat)
        button = page.locator("#root button").nth(index)
        if button.text_content() == "Cancel":
            continue
        button.click()
        sent = page.evaluate("window.sent")
        if not sent:  # a card with several actions: its choice list opened
            choices = page.locator(".fow-choices button")
            assert choices.count() >= 2
            choices.first.click()
            sent = page.evaluate("window.sent")
        assert len(sent) == 1 and json.loads(json.dumps(sent[0])) in legal

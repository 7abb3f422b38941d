"""The WoW TCG board module (tournaments/static/respons/boards/wow.js) in Chromium, on a static
page: it draws a real observation, offers every legal action as a button beside its card (or
in the decision bar), posts the action clicked, and fits 390 px without sideways scrolling."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.games.wow.cards import Effect, Filter
from engine.games.wow.match.state import ALLIES, HERO_ROW, RESOURCE
from engine.registry import bundled_card_sets, bundled_decklists, get_game
from tests.support.services import require_or_skip
from tests.support.wow import act, both_pass, give, position, put, resolve_top, resources, start, wow_match

pytestmark = [pytest.mark.browser]

CHROMIUM = "/usr/bin/chromium"
BOARD = Path(__file__).resolve().parents[2] / "tournaments" / "static" / "respons" / "boards" / "wow.js"
KIT = BOARD.parent / "kit.js"
LOG = BOARD.parents[1] / "log.js"  # the describer every board module's events go through


@pytest.fixture
def chromium():
    require_or_skip(os.path.exists(CHROMIUM), f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


def a_match_in_play(actions: int = 120) -> Any:
    """Return a match some way in (heuristic bots), with seat 0 or 1 deciding."""
    engine = get_game("wow").match_engine
    assert engine is not None
    _rules, catalog = load_catalog(bundled_card_sets("wow"))
    decks = [load_decklist(path, game="wow") for path in bundled_decklists("wow")]
    match = engine.new_match(catalog, decks[:2], seed=4, options={"first": 0})
    bots = [engine.make_bot("heuristic", 1), engine.make_bot("heuristic", 2)]
    rng = random.Random(3)
    for _ in range(actions):
        decision = match.decision()
        if decision.kind == "priority" and len(match.legal_actions(decision.seat)) > 4 and rng.random() < 0.3:
            break
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def page_with(browser: Any, view: dict[str, Any], legal: list[dict[str, Any]], seat: int) -> Any:
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.set_content("<!doctype html><meta charset=utf-8><div id=root></div>")
    page.add_script_tag(content=KIT.read_text(encoding="utf-8"))  # the toolkit every board draws with
    page.add_script_tag(content=BOARD.read_text(encoding="utf-8"))
    page.evaluate(
        """([view, legal, seat]) => {
            window.sent = [];
            const ctx = {seat: seat, legal: legal, act: (a) => window.sent.push(a), card: () => null,
                         t: (s) => s, lang: "en", readOnly: false, names: ["Anna", "Boris"]};
            window.ResponsBoards.wow.render(document.getElementById("root"), view, ctx);
        }""",
        [view, legal, seat],
    )
    return page


def test_it_offers_every_legal_action_as_a_button_and_posts_the_one_clicked(chromium) -> None:
    match = a_match_in_play()
    seat = match.decision().seat
    legal = [a for a in match.legal_actions(seat) if a["type"] != "concede"]  # the shell's button
    page = page_with(chromium, match.observation(seat), legal, seat)
    buttons = page.locator("#root button:not(.wow-pay-mode)")  # the W7.5 toggle is no action
    assert buttons.count() == len(legal)
    for index in range(buttons.count()):
        assert buttons.nth(index).inner_text().strip()
    buttons.nth(buttons.count() - 1).click()
    sent = page.evaluate("window.sent")
    assert len(sent) == 1 and sent[0] in legal
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_it_names_no_card_the_reader_may_not_see(chromium) -> None:
    match = a_match_in_play()
    seat = match.decision().seat
    page = page_with(chromium, match.observation(seat), [], seat)
    text = page.locator("#root").inner_text()
    hidden = match.hidden_from(seat)
    assert hidden and not [name for name in hidden if name in text]


def test_it_offers_the_search_choice_to_the_searcher_alone(chromium) -> None:
    # W18 search: the deck's matching cards are buttons for the searcher; nobody else sees them.
    match = start()  # decks of Warband Recruits: every card an ally
    match.run_effects(0, None, (Effect("search", 0, "you", filter=Filter("ally", None)),), None)
    match.set_pending()
    legal = [a for a in match.legal_actions(0) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(0), legal, 0)
    buttons = page.locator("#root button")
    assert buttons.count() == len(legal) == len(match.seats[0].deck) + 1
    assert "Find nothing" in page.locator("#root").inner_text()
    page.get_by_text("Find nothing").click()
    assert page.evaluate("window.sent") == [{"type": "search"}]
    other = page_with(chromium, match.observation(1), [], 1)
    assert "Take this card" not in other.locator("#root").inner_text()
    assert "cards" not in match.observation(1)["decision"]


def test_it_draws_attachments_and_names_the_chain_item_an_interrupt_targets(chromium) -> None:
    match = start("Mirel Duskwhisper", "Mirel Duskwhisper")
    resources(match, 0, 4)
    resources(match, 1, 3)
    host = give(match, 0, "Warband Recruit", ALLIES)
    act(match, 0, {"type": "play", "card": give(match, 0, "Bloodlust Brand").id, "target": host.id})
    resolve_top(match)
    bolt = give(match, 0, "Cinderbolt")
    act(match, 0, {"type": "play", "card": bolt.id, "target": match.seats[1].hero.id})
    act(match, 0, {"type": "pass"})
    give(match, 1, "Counterspell Sigil")
    legal = [a for a in match.legal_actions(1) if "item" in a]
    page = page_with(chromium, match.observation(1), legal, 1)
    text = page.locator("#root").inner_text()
    assert "attached:" in text and "Bloodlust Brand" in text
    assert page.locator("#root button").first.inner_text().strip() == "Play → Cinderbolt"


def test_w7_5_choose_resources_sends_the_marked_ones_with_the_next_paying_action(chromium) -> None:
    match = wow_match()
    for _ in range(3):
        put(match, 0, "Warband Recruit", RESOURCE)
    scout = put(match, 0, "Dustwind Scout")  # cost 2
    legal = [a for a in match.legal_actions(0) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(0), legal, 0)
    play = {"type": "play", "card": scout.id}
    page.get_by_role("button", name="Choose resources").click()
    marks = page.locator("#root button.wow-pay")
    assert marks.count() == 3 and page.get_by_role("button", name="Pay automatically").count() == 1
    marks.nth(2).click()
    page.locator("#root button.wow-pay").nth(0).click()
    page.locator("#root .wow-card", has_text=scout.name).get_by_role("button", name="Play").click()
    ids = [r.id for r in match.seats[0].resources]
    assert page.evaluate("window.sent") == [{**play, "pay": [ids[2], ids[0]]}]
    match.apply(0, page.evaluate("window.sent")[0])  # the engine takes it as sent
    assert [r.exhausted for r in match.seats[0].resources] == [True, False, True]


def test_w12_5_the_armor_decision_offers_the_order_before_the_shields(chromium) -> None:
    match = wow_match()
    jerkin = put(match, 1, "Worn Leather Jerkin", HERO_ROW)
    match.seats[1].hero.shield = 2
    match.deal(None, match.seats[1].hero, 2)
    match.set_pending()
    legal = [a for a in match.legal_actions(1) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(1), legal, 1)
    assert "shield 2" in page.locator(".wow-banner").inner_text()
    page.get_by_role("button", name="before the shields").click()
    assert page.evaluate("window.sent") == [{"type": "armor", "cards": [jerkin.id], "before_shields": True}]


def test_w13_4_the_keep_decision_names_the_cards_that_may_stay(chromium) -> None:
    match = wow_match()
    old = put(match, 0, "Warchief's Standard", HERO_ROW)
    put(match, 0, "Warchief's Standard", HERO_ROW)
    match.state_check()
    match.set_pending()
    legal = [a for a in match.legal_actions(0) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(0), legal, 0)
    assert "keep which cards? (W13.1)" in page.locator(".wow-banner").inner_text()
    keeps = page.locator("#root .wow-decide button")
    assert keeps.count() == 2 and all("Keep" in keeps.nth(i).inner_text() for i in range(2))
    keeps.nth(0).click()
    assert page.evaluate("window.sent") == [{"type": "keep_cards", "cards": [old.id]}]


def test_w3_2_counters_of_other_kinds_show_on_the_card_for_both_seats_and_in_the_log(chromium) -> None:
    match = wow_match()
    ally = put(match, 0, "Dustwind Scout", ALLIES)
    match.run_effects(0, None, (Effect("counters", 2, "friendly_ally", kind="rage"),), ally.id)
    match.run_effects(0, None, (Effect("counters", 1, "friendly_ally", kind="charge"),), ally.id)
    match.run_effects(0, None, (Effect("remove_counters", 1, "friendly_ally", kind="rage"),), ally.id)
    for seat in (0, 1):  # public (W4.2): the owner and the opponent see the same counters
        page = page_with(chromium, match.observation(seat), [], seat)
        card = page.locator("#root .wow-card", has_text=ally.name).inner_text()
        assert "charge ×1" in card and "rage ×1" in card, card
    events = [e.public for e in match.events if e.public["type"] == "counters"]
    page.add_script_tag(content=LOG.read_text(encoding="utf-8"))
    said = page.evaluate(
        """([events, view]) => {
            const ctx = ResponsLog.context({seat: 1, names: ["Anna", "Boris"], t: (s) => s}, events, view);
            return events.map((e) => window.ResponsBoards.wow.describeEvent(e, ctx));
        }""",
        [events, match.observation(1)],
    )
    assert said == [
        "Dustwind Scout gets rage counters: 2 (now 2).",
        "Dustwind Scout gets charge counters: 1 (now 1).",
        "Dustwind Scout loses rage counters: 1 (now 1).",
    ]


def test_w9_4_the_trigger_decisions_ask_in_words_and_name_each_trigger_and_target(chromium) -> None:
    # Two different triggers of seat 1 at once: it picks which goes next, by the triggers' cards.
    match = position({"turn": 5, "seats": [
        {"hero": "Grotha Ashmane", "hand": ["Cleaving Sweep"], "resources": ["Warband Recruit"] * 5},
        {"hero": "Vashka Stormcaller", "allies": ["Seething Elemental", "Ragefire Berserker"]},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "order"
    legal = [a for a in match.legal_actions(1) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(1), legal, 1)
    assert "Which of your triggers goes next? (W9.4)" in page.locator(".wow-banner").inner_text()
    buttons = page.locator("#root button", has_text="Next:")
    assert buttons.count() == 2
    texts = [buttons.nth(i).inner_text() for i in range(2)]
    assert any("Seething Elemental" in x for x in texts) and any("Ragefire Berserker" in x for x in texts)
    buttons.nth(0).click()
    assert page.evaluate("window.sent")[0]["type"] == "order"

    # A trigger that chooses: its controller picks the target, each named.
    match = position({"turn": 3, "seats": [
        {"hero": "Grotha Ashmane", "hand": ["Vengeful Harrier"], "resources": ["Warband Recruit"] * 3},
        {"hero": "Mirel Duskwhisper", "allies": ["Gilded Footman", "Brightvale Squire"]},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "target"
    legal = [a for a in match.legal_actions(0) if a["type"] != "concede"]
    page = page_with(chromium, match.observation(0), legal, 0)
    assert "Choose the trigger's target (W9.4)" in page.locator(".wow-banner").inner_text()
    targets = page.locator("#root button", has_text="Target:")
    assert targets.count() == 2
    named = {targets.nth(i).inner_text().split(": ", 1)[1] for i in range(2)}
    assert named == {"Gilded Footman", "Brightvale Squire"}

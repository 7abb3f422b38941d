"""Between games a player sideboards with a picker (R2.7: swap this card for that one), not by
editing the whole list as text; on a phone too. Debian's Chromium, via Playwright."""

import pytest
from django.db import connections

from tests.support.actors import PASSWORD
from tests.support.browser import WAIT_MS
from tests.support.events import one_table
from tournaments.models import Game
from tournaments.selectors.cards import card_namer, catalog_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sideboarding(event_factory, card_sets):
    """A best-of-3 online match whose game 1 a player conceded: (match id, the other player, seat)."""
    match, *players = one_table(event_factory(rounds=1, best_of=3, online=True))
    first = players[0].api.get(f"/api/matches/{match['id']}/game/").json()
    seat = 0 if first["legal_actions"] else 1
    actor, opponent = players[seat], players[1 - seat]
    body = {"seq": 1, "action": {"type": "concede"}}
    assert (
        opponent.api.post(f"/api/matches/{match['id']}/game/actions/", body, format="json").status_code == 200
    )
    connections.close_all()
    return match["id"], actor, seat


@pytest.mark.parametrize("language", ["en", "ru"])
def test_it_swaps_one_card_for_another_with_a_picker(live_server, chromium, sideboarding, language):
    match_id, actor, seat = sideboarding
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/matches/{match_id}/play/")
    page.fill("input[name=username]", actor.name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main button[type=submit]").click()
    picker = page.locator("[data-testid=swap-picker]")
    picker.wait_for(timeout=WAIT_MS)
    assert page.locator("textarea").count() == 0  # no list to edit as text
    registered = Game.objects.get(match_id=match_id, number=2).decks[seat]
    assert_names_in_language(page, registered, language)

    out = page.locator("[data-testid=swap-out]")
    main_card = next(name for name in sorted(registered["main"]) if name not in registered["side"])
    out.select_option(f"main|{main_card}")
    offered = [o.get_attribute("value") for o in page.locator("[data-testid=swap-in] option").all()]
    assert sorted(offered) == sorted(registered["side"])  # the side deck, card by card
    # A card that may go in the main deck (R2.3: an Order card goes among the orders).
    _rules, catalog = catalog_for(game="respons")
    side_card = next(
        name
        for name in offered
        if name not in registered["main"] and "order" not in catalog.get(name).supertypes
    )
    page.locator("[data-testid=swap-in]").select_option(side_card)
    page.locator("[data-testid=swap-add]").click()
    assert page.locator("[data-testid=swap-list] li").count() == 1
    # The picker now offers the deck as the swap made it.
    assert page.locator(f'[data-testid=swap-out] option[value="main|{side_card}"]').count() == 1
    scroll, width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert scroll <= width

    page.locator("[data-testid=sideboard-submit]").click()
    page.locator('[data-slot="sideboard-status"]').filter(has_text="…").wait_for(timeout=WAIT_MS)
    deck = Game.objects.get(match_id=match_id, number=2).decks[seat]
    assert deck["main"].get(main_card, 0) == registered["main"][main_card] - 1
    assert deck["main"].get(side_card, 0) == registered["main"].get(side_card, 0) + 1
    assert deck["side"].get(side_card, 0) == registered["side"][side_card] - 1
    assert deck["side"].get(main_card, 0) == registered["side"].get(main_card, 0) + 1
    assert deck["orders"] == registered["orders"] and deck["hero"] == registered["hero"]
    context.close()


def assert_names_in_language(page, deck: dict, language: str) -> None:
    """Every card the picker offers is named in the reader's language, whatever the spelling of
    the decklist (R1.5: the shipped decks name RESPONSE's cards in English)."""
    shown = card_namer(game="respons", language=language)
    options = page.locator("[data-testid=swap-out] option, [data-testid=swap-in] option")
    texts = {o.get_attribute("value"): o.inner_text() for o in options.all()}
    names = [*deck["main"], *deck["side"]]
    russian = card_namer(game="respons", language="ru")
    assert any(russian(n) != n for n in names), "the deck spells its cards in English"
    for name in deck["main"]:
        assert shown(name) in texts[f"main|{name}"], (name, texts[f"main|{name}"])
    for name in deck["side"]:
        assert texts[name].startswith(shown(name)), (name, texts[name])
    for i, name in enumerate(deck["orders"]):
        assert shown(name) in texts[f"orders|{i}"], (name, texts[f"orders|{i}"])

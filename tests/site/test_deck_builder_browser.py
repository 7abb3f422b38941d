"""The deck builder and saved decks in a real browser at phone width: a failed save
says why, the cost curve's and the faction mix's labels are whole, the hero picker speaks in
words, and deleting a saved deck asks first. Debian's Chromium, driven by Playwright."""

import pytest

from tests.support.actors import PASSWORD
from tournaments.models import SavedDeck
from tournaments.services.decks import deck_save

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def builder(live_server, chromium, player, card_sets):
    """The builder page at 390×844 in English, signed in as a player."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, locale="en", extra_http_headers={"Accept-Language": "en"}
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/decks/builder/")
    page.fill("input[name=username]", player.name)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url("**/decks/builder/")
    yield page
    context.close()


def paste(page, text: str) -> None:
    page.fill("#decktext", text)
    with page.expect_response("**/decks/builder/check/"):
        page.dispatch_event("#decktext", "input")
    page.wait_for_timeout(100)


def assert_no_sideways_scroll(page) -> None:
    scroll, width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert scroll <= width


def test_a_save_without_a_name_says_so(builder, respons_deck_text):
    paste(builder, respons_deck_text)
    with builder.expect_navigation():
        builder.locator("[data-testid=deck-save]").click()
    assert builder.locator("[data-testid=save-error]").inner_text() == "Give the deck a name."
    assert "Commander Vesta" in builder.locator("#decktext").input_value()  # the list is kept
    assert not SavedDeck.objects.exists()


def test_a_save_of_an_unreadable_list_says_so(builder):
    builder.fill("#deck-name", "Broken")
    builder.fill("#decktext", '{"game": 5}')
    with builder.expect_navigation():
        builder.locator("[data-testid=deck-save]").click()
    assert builder.locator("[data-testid=save-error]").count() >= 1
    assert builder.locator("[data-testid=save-error]").first.is_visible()
    assert not SavedDeck.objects.exists()


def test_a_ten_thousand_character_name_is_refused_and_the_page_stays_phone_wide(builder, respons_deck_text):
    paste(builder, respons_deck_text)
    builder.evaluate("document.getElementById('deck-name').removeAttribute('maxlength')")  # as a script could
    builder.fill("#deck-name", "W" * 10_000)
    with builder.expect_navigation():
        builder.locator("[data-testid=deck-save]").click()
    assert "at most 120 characters" in builder.locator("[data-testid=save-error]").inner_text()
    assert_no_sideways_scroll(builder)
    assert not SavedDeck.objects.exists()


def test_the_curve_and_the_faction_mix_show_their_labels_whole(builder, respons_deck_text):
    # Three factions, one of them small: its label would not fit in its share of the bar.
    text = respons_deck_text.replace("Main:\n", "Main:\n2 Rabid Goblin\n1 Cogwork Hound\n")
    paste(builder, text)
    svg = builder.locator("#deck-check svg.curve").bounding_box()
    for label in builder.locator("#deck-check svg.curve text.bar-n").all():
        if label.text_content():
            box = label.bounding_box()
            assert box["y"] >= svg["y"] and box["y"] + box["height"] <= svg["y"] + svg["height"]
    legend = builder.locator("[data-testid=faction-legend] li")
    assert legend.count() == 3
    words = legend.all_inner_texts()
    assert any(w.startswith("Order ") for w in words) and any(w.startswith("Chaos ") for w in words), words
    for item in legend.all():
        assert item.is_visible()
        assert item.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
        box = item.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert_no_sideways_scroll(builder)


def test_the_hero_picker_names_factions_in_words(builder):
    options = builder.locator("#leader-hero option").all_inner_texts()
    vesta = next(o for o in options if "Commander Vesta" in o)
    assert vesta.endswith("(Order)")
    zed = next(o for o in options if "Mad Constructor Zed" in o)
    assert zed.endswith("(Chaos + Technology)")
    assert not any("(order)" in o or "+technology" in o for o in options)


def test_card_names_in_the_picker_are_not_cut_mid_word(builder):
    builder.locator("#picker li").first.wait_for()
    for name in builder.locator("#picker .picker-name").all()[:15]:
        # A name's box is as wide as its longest word at least: no word broken over two lines.
        assert name.evaluate(
            "el => { const r = document.createRange(); r.selectNodeContents(el.firstChild);"
            " const words = el.firstChild.textContent.trim().split(/\\s+/);"
            " const probe = document.createElement('span'); probe.style.whiteSpace = 'nowrap';"
            " el.appendChild(probe); let widest = 0;"
            " for (const w of words) { probe.textContent = w; widest = Math.max(widest, probe.offsetWidth); }"
            " probe.remove(); return el.clientWidth + 1 >= widest; }"
        )
    assert_no_sideways_scroll(builder)


def test_deleting_a_saved_deck_asks_first(builder, player, live_server, respons_deck_text):
    deck = deck_save(owner=player.user, name="Vesta " + "long-name " * 11, source=respons_deck_text)
    builder.goto(f"{live_server.url}/decks/")
    assert builder.locator("button", has_text="Delete").count() == 1
    assert_no_sideways_scroll(builder)
    asked: list[str] = []

    def answer(accept: bool):
        def handle(dialog):
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return handle

    builder.once("dialog", answer(False))
    builder.locator("button", has_text="Delete").click()
    builder.wait_for_timeout(300)
    assert asked and "Delete the deck" in asked[0] and "cannot be undone" in asked[0]
    assert SavedDeck.objects.filter(pk=deck.pk).exists()
    builder.once("dialog", answer(True))
    with builder.expect_navigation():
        builder.locator("button", has_text="Delete").click()
    assert not SavedDeck.objects.filter(pk=deck.pk).exists()

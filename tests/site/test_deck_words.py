"""Decks in the reader's words: the game's title, the section headers of a decklist (`Герой:`,
`Основная колода:`) and one Russian word each for "deck" and "side deck" across the catalog;
dates of saved decks as the rest of the site shows them."""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from engine.decklist import load_decklist, parse_decklist
from engine.registry import bundled_decklists, game_keys
from tournaments.models import SavedDeck
from tournaments.selectors.decks import decklist_text

pytestmark = pytest.mark.django_db

CATALOG = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES"
# The words the catalog settled on: «колода» for a deck, «дополнительная колода» for a side deck
# (RESPONSE's own rules say so). Any other word for either is a second name for one thing.
OTHER_WORDS = re.compile(r"(?i)(?<!\w)(?:дек[аиоуе]й?|сайд[\w-]*|доп\. колод\w*|запасн\w* колод\w*)(?!\w)")


def msgstrs(path: Path) -> list[str]:
    """Return the Russian text of every entry of a catalog (continuation lines joined)."""
    found, current, in_msgstr = [], [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            in_msgstr, current = True, [line.partition(" ")[2].strip('"')]
        elif line.startswith('"') and in_msgstr:
            current.append(line.strip('"'))
        else:
            if in_msgstr:
                found.append("".join(current))
            in_msgstr = False
    if in_msgstr:
        found.append("".join(current))
    return found


@pytest.mark.parametrize("catalog", ["django.po", "djangojs.po"])
def test_the_russian_catalog_has_one_word_for_deck_and_one_for_side_deck(catalog):
    others = sorted({m.group(0) for text in msgstrs(CATALOG / catalog) for m in OTHER_WORDS.finditer(text)})
    assert others == []


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("game", game_keys())
def test_a_decklist_written_out_in_either_language_reads_back_the_same(game, language):
    for path in bundled_decklists(game):
        deck = load_decklist(path, game=game)
        with translation.override(language):
            text = decklist_text(deck)
        assert parse_decklist(text, game=game).zones == deck.zones, (path.name, text)


def test_the_russian_text_of_a_deck_has_russian_headers():
    deck = parse_decklist("Hero: A\nOrders:\nB\nMain:\n2 C\nSide:\n1 D\n")
    with translation.override("ru"):
        text = decklist_text(deck)
    assert text == "Герой: A\nПриказы:\nB\nОсновная колода:\n2 C\nДополнительная колода:\n1 D\n"


def russian(actor) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(actor.user)
    return client


def test_the_event_page_says_the_game_and_the_players_deck_in_russian(event_factory, player):
    cup = event_factory(name="Кубок", game="yourwar")
    cup.open()
    html = russian(player).get(f"/events/{cup.id}/").content.decode()
    assert "Твоя Война" in html and "Your War" not in html
    assert "<code>Основная колода:</code>" in html and "<code>Main:</code>" not in html


def test_the_deck_builder_and_my_decks_say_game_and_headers_in_russian(player, card_sets):
    text = next(iter(bundled_decklists("chronomagia"))).read_text()
    browser = russian(player)
    saved = browser.post("/decks/builder/", {"game": "chronomagia", "name": "Варвара", "text": text})
    assert saved.status_code == 302, saved.content.decode()[:2000]
    deck = SavedDeck.objects.get(owner=player.user)
    builder = browser.get("/decks/builder/", {"deck": deck.pk}).content.decode()
    assert "Хрономагия" in builder and "Chronomagia" not in builder
    assert "Герой: " in builder and "Hero: " not in builder and "Основная колода:" in builder
    assert 'data-leader-header="Герой"' in builder
    picker = browser.get("/decks/builder/cards/", {"game": "chronomagia"}).content.decode()
    assert 'data-zone="Основная колода"' in picker and "|main|" in picker
    mine = browser.get("/decks/").content.decode()
    assert "<td>Хрономагия</td>" in mine


def test_my_decks_dates_are_the_sites_dates(player, card_sets, respons_deck_text):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(player.user)
    browser.post("/decks/builder/", {"game": "respons", "name": "Vesta", "text": respons_deck_text})
    deck = SavedDeck.objects.get(owner=player.user)
    html = browser.get("/decks/").content.decode()
    # As every other date of the site: a <time> the page's script shows in the reader's zone
    # and language (static/respons/localtime.js), the server's long format until it runs.
    iso = deck.updated_at.isoformat()
    assert re.search(rf'<time datetime="{re.escape(iso)}" data-local="datetime">[A-Z][a-z]+\.? \d', html)

"""Every word in the reader's language: the cards' names, texts and traits in the
card browser, the deck builder, the play page and violation messages, in Russian and in English;
decklists in either spelling; labels that never clash."""

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from engine.games.chronomagia.cards import RARITIES
from engine.games.fow.cards import ATTRIBUTES
from engine.games.wow.cards import CLASSES, KEYWORDS
from engine.games.wow.cards import FACTIONS as WOW_FACTIONS
from engine.games.yourwar.cards import UNIT_CLASSES
from tournaments import labels
from tournaments.label_messages import refusal_message, violation_text
from tournaments.labels import value_label
from tournaments.models import Card
from tournaments.selectors.cards import card_namer
from tournaments.selectors.play import play_cards
from tournaments.services.decks import deck_check

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
CALL_TO_ARMS_EN = "When played: give all your units +1 strength until recovery."
CALL_TO_ARMS_RU = "Когда разыгрывается: дайте всем своим юнитам +1 к силе до восстановления."


def page(language: str, url: str, **params) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(url, params)
    assert response.status_code == 200
    return unescape(response.content.decode())


def headings(html: str) -> list[str]:
    return re.findall(r"<h3>(.*?)</h3>", html)


def test_the_english_card_browser_shows_english_names_and_texts(card_sets):
    html = page("en", "/cards/", q="Призыв к оружию")
    assert headings(html) == ["Call to Arms"]
    assert CALL_TO_ARMS_EN in html and CALL_TO_ARMS_RU not in html
    assert "Призыв к оружию" in html  # the other spelling, under the name


def test_the_russian_card_browser_shows_russian_names_and_texts(card_sets):
    html = page("ru", "/cards/", q="call to arms")
    assert headings(html) == ["Призыв к оружию"]
    assert CALL_TO_ARMS_RU in html and CALL_TO_ARMS_EN not in html


def test_a_game_printed_in_english_is_shown_in_russian_to_a_russian_reader(card_sets):
    html = page("ru", "/cards/", game="wow", q="Grotha Ashmane")
    assert headings(html) == ["Грота Пепельная Грива"]
    details = re.search(r'<dl class="details">(.*?)</dl>', html, re.S).group(1)
    for raw in ("horde", "warrior", "orc", "arms", "mining", "blacksmithing"):
        assert not re.search(rf"\b{raw}\b", details), details
    for shown in ("Орда", "Воин", "Орк", "Оружие", "Горное дело", "Кузнечное дело"):
        assert shown in details, details


def test_the_subtypes_printed_in_russian_are_labelled_in_english(card_sets):
    html = page("en", "/cards/", q="Командор Веста")
    assert headings(html) == ["Commander Vesta"]
    details = re.search(r'<dl class="details">(.*?)</dl>', html, re.S).group(1)
    assert "Human, Warrior" in details and not CYRILLIC.search(details), details


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_order_faction_and_the_order_supertype_never_read_alike(language):
    with translation.override(language):
        factions = {str(text) for text in labels.FACTIONS.values()}
        supertypes = {str(text) for text in labels.SUPERTYPES.values()}
        types = {str(text) for key, text in labels.CARD_TYPES.items() if key != "order"}
    assert not factions & supertypes
    assert not factions & types


def test_an_order_card_of_the_order_faction_shows_both_labels_apart(card_sets):
    html = page("en", "/cards/", q="Hold the Line")
    meta = re.search(r'<div class="meta">(.*?)</div>', html, re.S).group(1)
    assert ">Order<" in meta and ">Order card<" in meta


def shipped_values() -> set[str]:
    """Every trait, attribute, class, race, faction, keyword and subtype word of the shipped sets."""
    words: set[str] = set()
    for summary in Card.objects.values_list("summary", flat=True):
        for key in ("subtypes", "classes", "races", "talents", "professions", "keywords", "attributes"):
            words.update(summary.get(key) or [])
        for key in ("faction", "country", "unit_class", "rarity", "hero_required_talent"):
            if summary.get(key):
                words.add(summary[key])
    return words


def test_every_value_of_every_shipped_card_has_a_label_in_both_languages(card_sets):
    words = shipped_values() | {*WOW_FACTIONS, *CLASSES, *KEYWORDS, *ATTRIBUTES, *UNIT_CLASSES, *RARITIES}
    assert "horde" in words and "Человек" in words and "варвар" in words
    for word in sorted(words):
        assert word.casefold() in labels.CARD_VALUES, word
        with translation.override("ru"):
            russian = value_label(word)
        with translation.override("en"):
            english = value_label(word)
        assert CYRILLIC.search(russian) and not CYRILLIC.search(english), (word, russian, english)


def test_the_play_page_gets_names_and_texts_in_the_readers_language(card_sets):
    english = play_cards(game="respons", english=True)["Призыв к оружию"]
    russian = play_cards(game="respons", english=False)["Призыв к оружию"]
    assert (english["n"], english["x"]) == ("Call to Arms", CALL_TO_ARMS_EN)
    assert (russian["n"], russian["x"]) == ("Призыв к оружию", CALL_TO_ARMS_RU)


def test_the_deck_builders_picker_adds_the_name_in_the_readers_language(card_sets):
    for language, name in (("ru", "Железный страж"), ("en", "Iron Sentinel")):
        html = page(language, "/decks/builder/cards/", game="respons", q="iron sentinel")
        assert f'data-card="{name}"' in html, language


def violations_in(language: str, source: str) -> list[str]:
    check = deck_check(source=source, game="respons")
    with translation.override(language):
        namer = card_namer(game="respons", language=language)
        return [violation_text(v, card_name=namer) for v in check.violations]


def test_a_violation_names_the_cards_in_the_readers_language(card_sets):
    # Vesta is Order; a Chaos card does not fit her (R2.5). The deck names each in the other language.
    chaos = Card.objects.filter(game="respons", factions_key="|chaos|").exclude(type="hero").first()
    en, ru = chaos.raw["names"]["en"], chaos.raw["names"]["ru"]
    english = [
        t for t in violations_in("en", f"Hero: Командор Веста\nMain:\n1 {ru}\n") if t.startswith("R2.5")
    ]
    assert english == [f"R2.5: «{en}» (Chaos) does not fit hero «Commander Vesta» (Order)"]
    russian = [
        t for t in violations_in("ru", f"Hero: Commander Vesta\nMain:\n1 {en}\n") if t.startswith("R2.5")
    ]
    assert len(russian) == 1 and f"«{ru}»" in russian[0] and "«Командор Веста»" in russian[0], russian
    assert not re.search(r"[A-Za-z]{3}", russian[0]), russian[0]


def test_did_you_mean_suggests_the_name_in_the_readers_language(card_sets):
    english = violations_in("en", "Hero: Comander Vesta\n")
    russian = violations_in("ru", "Hero: Командор Вестаа\n")
    assert any("did you mean" in text and "«Commander Vesta»" in text for text in english), english
    assert any("«Командор Веста»" in text and "Commander" not in text for text in russian), russian


def test_a_wow_violation_names_its_cards_in_russian_for_a_russian_reader(card_sets):
    grotha = Card.objects.get(game="wow", name="Grotha Ashmane")
    selwyn = Card.objects.get(game="wow", name="Selwyn Brightvale")
    paladin = Card.objects.filter(game="wow", summary__classes=["paladin"]).exclude(type="hero").first()
    check = deck_check(source=f"Hero: {grotha.name}\nMain:\n1 {paladin.name}\n", game="wow")
    namer = card_namer(game="wow", language="ru")
    with translation.override("ru"):
        texts = [violation_text(v, card_name=namer) for v in check.violations]
    shared = [text for text in texts if "«Грота Пепельная Грива»" in text]
    assert shared and f"«{paladin.raw['names']['ru']}»" in shared[0], texts
    assert selwyn.raw["names"]["ru"] == "Селвин Светлодол"


def test_the_deck_builder_page_shows_violations_with_names_in_the_readers_language(card_sets):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = unescape(
        client.post(
            "/decks/builder/check/",
            {"text": "Hero: Командор Веста\nMain:\n1 Последний рубеж\n", "game": "respons"},
        ).content.decode()
    )
    assert "«Last Stand»" in html and "Последний рубеж" not in html


def refused(language: str, card: str) -> str:
    with translation.override(language):
        return refusal_message(
            code="too_expensive",
            params={"card": card, "cost": 2, "influence": 1},
            message=f"{card} costs 2, you have 1 influence",  # the engine's, with the name it was given
            card_name=card_namer(game="respons", language=language),
        )


def test_a_refused_action_names_its_card_in_the_readers_language(card_sets):
    assert refused("en", "Железный страж") == "Iron Sentinel costs 2, you have 1 influence"
    assert refused("ru", "Iron Sentinel") == "«Железный страж» стоит 2, а у вас влияния: 1"
    assert refused("en", "Nothing Of The Sort") == "Nothing Of The Sort costs 2, you have 1 influence"

"""The metagame pages say an archetype's trait or card type in the reader's language:
the stored archetype keeps its stable key ("Командор Веста · order", "usa · unit"), the pages
show its words as the card pages label traits ("Командор Веста · Порядок", "США · Юнит"), and
the API adds that ``label`` beside the ``name``."""

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.support.actors import make_actor
from tests.support.events import EventDriver
from tests.support.metagame import finished_event, run_metagame_task, shipped_decks
from tournaments.labels import camp_label

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"[а-яё]", re.I)


def published(game: str) -> EventDriver:
    """A finished event of ``game`` with its decklists published and its metagame computed."""
    event = EventDriver(make_actor(f"org_{game}"), shipped_decks(game), game=game, rounds=2)
    finished_event(event, players=len(event.decks) * 2)
    run_metagame_task(f"event:{event.id}")
    return event


def table(html: str, testid: str) -> str:
    found = re.search(rf'data-testid="{testid}".*?</table>', html, re.S)
    assert found, testid
    return found.group(0)


@pytest.mark.parametrize("game", ["respons", "yourwar", "fow"])
def test_the_russian_metagame_page_shows_no_raw_english_trait_word(game, card_sets, anonymous):
    event = published(game)
    answer = anonymous.api.get(f"{event.url}metagame/").json()
    traits = {row["name"].partition(" · ")[2] for row in answer["archetypes"]}
    assert traits and all(traits), answer["archetypes"]  # every archetype has its second word
    html = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/events/{event.id}/metagame/").content.decode()
    archetypes = table(html, "archetypes")
    cells = re.findall(r"<tr><td>([^<]*)</td>", archetypes)
    assert len(cells) == len(answer["archetypes"])
    with translation.override("ru"):
        for trait in traits:
            said = camp_label(trait)
            assert said != trait and CYRILLIC.search(said), trait  # the trait has its Russian label
            assert any(cell.endswith(f" · {said}") for cell in cells), (trait, cells)
    raw = [cell for cell in cells if any(cell.endswith(f" · {trait}") for trait in traits)]
    assert not raw, f"raw English trait words on the Russian page: {raw}"


def test_a_your_war_country_is_named_in_the_readers_language_too(card_sets, anonymous):
    event = published("yourwar")
    answer = anonymous.api.get(f"{event.url}metagame/", HTTP_ACCEPT_LANGUAGE="ru").json()
    countries = {row["name"] for row in answer["identities"]}
    assert countries <= {"usa", "ussr", "uk", "germany"}  # the stable key, as before
    html = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/events/{event.id}/metagame/").content.decode()
    identities = re.findall(r"<tr><td>([^<]*)</td>", table(html, "identities"))
    assert identities and not set(identities) & countries
    assert all(CYRILLIC.search(name) for name in identities), identities


def test_the_api_adds_a_readable_label_beside_the_stable_name(card_sets, anonymous):
    event = published("respons")
    english = anonymous.api.get(f"{event.url}metagame/", HTTP_ACCEPT_LANGUAGE="en").json()
    russian = anonymous.api.get(f"{event.url}metagame/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert [r["name"] for r in english["archetypes"]] == [r["name"] for r in russian["archetypes"]]
    for en, ru in zip(english["archetypes"], russian["archetypes"], strict=True):
        trait = en["name"].partition(" · ")[2]
        with translation.override("en"):
            assert en["label"].endswith(f" · {camp_label(trait)}")
        with translation.override("ru"):
            assert ru["label"].endswith(f" · {camp_label(trait)}") and CYRILLIC.search(ru["label"])
    assert all(row["label"] for row in english["identities"])

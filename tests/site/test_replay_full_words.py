"""A full replay (the event's decklists published, or read by an official) and the judges' log
say every game's actions in words, in the reader's language: the type's words, then the cards
the action names by their names there (the engine's instance ids resolved from the log), the
players and the values — never "unknown action", a raw type word, a bare id or JSON. A public
replay still says no sentence (an action may name a hidden card)."""

import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tests.support.actors import make_actor
from tests.support.replay_words import card_refs, cards_named, outside_names
from tests.support.spectate import played_match
from tournaments.selectors.cards import card_names_shown

pytestmark = pytest.mark.django_db

GAMES = ["wow", "yourwar", "chronomagia", "fow"]
CYRILLIC = re.compile(r"[а-яё]", re.I)


@pytest.fixture
def players(db):
    return make_actor("ann"), make_actor("bob")


def full_replay(actor, match_id: int, language: str) -> dict:
    response = actor.api.get(f"/api/matches/{match_id}/replay/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["full"] is True
    return body


def assert_said_in_words(key: str, played, lines: list[dict], language: str) -> None:
    """Each line names its action's cards in ``language`` and says nothing raw."""
    shown = card_names_shown(game=key, language=language)
    actions = played.game.actions
    assert len(lines) == len(actions)
    for action, line in zip(actions, lines, strict=True):
        text = line["text"]
        assert text, (key, action)
        assert text.startswith(line["label"]), (key, action, text)
        assert "unknown action" not in text and "неизвестное действие" not in text, text
        assert "{" not in text and "[" not in text and "#" not in text, (key, action, text)
        for name in cards_named(played.state, action):
            assert f"«{shown.get(name, name)}»" in text, (key, action, text, name)
        rest = outside_names(text)
        if language == "ru":  # beyond the cards' and the players' names, Russian words only
            words = re.sub(r"\b(ann|bob)\b", "", rest)
            assert CYRILLIC.search(words) and not re.search(r"[a-z]", words, re.I), (key, action, text)


@pytest.mark.parametrize("key", GAMES)
def test_it_says_every_action_of_a_full_replay_in_russian_with_the_cards_named(
    key, organizer, players, card_sets
):
    a, b = players
    played = played_match(key, organizer, a, b)
    body = full_replay(organizer, played.match.pk, "ru")  # the organizer is an official
    assert_said_in_words(key, played, body["actions"], "ru")
    assert any(cards_named(played.state, action) for action in played.game.actions)  # cards were named


@pytest.mark.parametrize("key", GAMES)
def test_it_says_the_same_in_english(key, organizer, players, card_sets):
    a, b = players
    played = played_match(key, organizer, a, b)
    body = full_replay(organizer, played.match.pk, "en")
    assert_said_in_words(key, played, body["actions"], "en")
    with translation.override("en"):
        assert not any(CYRILLIC.search(outside_names(line["text"])) for line in body["actions"])


def test_it_says_them_to_anyone_once_the_decklists_are_published(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("fow", organizer, a, b, spectators="everyone")
    event = played.match.round.event
    event.status = event.Status.FINISHED
    event.save()
    assert organizer.api.post(f"/api/events/{event.pk}/publish-decklists/").status_code == 200
    body = full_replay(anonymous, played.match.pk, "ru")
    assert_said_in_words("fow", played, body["actions"], "ru")


@pytest.mark.parametrize("key", GAMES)
def test_a_public_replay_still_says_no_sentence(key, organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match(key, organizer, a, b, spectators="everyone")
    body = anonymous.api.get(f"/api/matches/{played.match.pk}/replay/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert body["full"] is False
    assert [line["text"] for line in body["actions"]] == [""] * len(played.game.actions)
    assert all(line["label"] for line in body["actions"])


@pytest.mark.parametrize("key", GAMES)
def test_the_judges_log_says_each_action_with_its_cards_in_russian(key, organizer, players, card_sets):
    a, b = players
    played = played_match(key, organizer, a, b)
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    browser.force_login(organizer.user)
    html = browser.get(f"/matches/{played.match.pk}/log/?game=1").content.decode()
    lines = full_replay(organizer, played.match.pk, "ru")["actions"]
    with_cards = [
        line["text"] for line, action in zip(lines, played.game.actions, strict=True) if card_refs(action)
    ]
    assert with_cards
    missing = [text for text in with_cards if escape(text) not in html]
    assert not missing, missing[:3]
    assert "unknown action" not in html and "неизвестное действие" not in html

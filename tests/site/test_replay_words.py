"""A public replay says what each player did in the reader's language: before the
decklists are published an action has no sentence (it may name a hidden card), so its line says
what its type does ("keeps the opening hand", «оставляет стартовую руку»), never the raw type
word; the API keeps ``type`` and adds that ``label``."""

import re

import pytest
from django.test import Client
from django.utils import translation

from engine.match import SITE_ACTIONS
from engine.registry import game_keys, get_game
from tests.support.actors import make_actor
from tests.support.spectate import played_match
from tournaments.labels import action_label

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"[а-яё]", re.I)
# A line of the replay page's action list that has no sentence: its type, then its words.
TYPE_LINE = re.compile(r'<span class="muted" data-action-type="([^"]*)">([^<]*)</span>')


@pytest.fixture
def players(db):
    return make_actor("ann"), make_actor("bob")


def test_it_says_every_action_type_of_every_game_in_russian_and_english():
    for key in game_keys():
        for kind in (*get_game(key).action_types, *SITE_ACTIONS):
            with translation.override("en"):
                english = action_label(game=key, kind=kind)
            with translation.override("ru"):
                russian = action_label(game=key, kind=kind)
            assert english != kind, (key, kind)
            assert CYRILLIC.search(russian) and russian != english, (key, kind, russian)


@pytest.mark.parametrize("key", ["respons", "wow"])
def test_a_public_replay_in_russian_says_each_action_in_russian_words(
    key, organizer, players, anonymous, card_sets
):
    a, b = players
    played = played_match(key, organizer, a, b, spectators="everyone")
    answer = anonymous.api.get(f"/api/matches/{played.match.pk}/replay/", HTTP_ACCEPT_LANGUAGE="ru").json()
    assert answer["full"] is False
    kinds = [action["type"] for action in played.game.actions]
    assert [line["type"] for line in answer["actions"]] == kinds  # the stable key, as it was
    assert all(line["text"] == "" for line in answer["actions"])  # still no sentence: hidden cards
    with translation.override("ru"):
        assert [line["label"] for line in answer["actions"]] == [
            action_label(game=key, kind=kind) for kind in kinds
        ]
    assert all(CYRILLIC.search(line["label"]) for line in answer["actions"])

    html = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/matches/{played.match.pk}/replay/").content.decode()
    lines = TYPE_LINE.findall(html)
    assert [kind for kind, _words in lines] == kinds
    raw = [(kind, words) for kind, words in lines if words.strip() == kind or not CYRILLIC.search(words)]
    assert not raw, f"raw type words on the Russian replay page: {raw[:5]}"


def test_a_public_replay_in_english_says_the_same_in_english(organizer, players, anonymous, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/matches/{played.match.pk}/replay/").content.decode()
    lines = dict(TYPE_LINE.findall(html))
    assert (lines["play"], lines["pass"]) == ("plays a card", "passes")
    assert all(words != kind for kind, words in lines.items())

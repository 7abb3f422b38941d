"""Every action a game's log can hold has its words: each registered game's action
types (``RULES.action_types``) in its texts' ``actions``, and the site's actions (engine/match.py
SITE_ACTIONS) once for all games in engine/texts.py, so that a public replay says what a player
did without the raw type word."""

import pytest

from engine.match import SITE_ACTIONS
from engine.registry import game_keys, get_game
from engine.texts import SITE_ACTION_WORDS


@pytest.mark.parametrize("key", game_keys())
def test_it_gives_every_action_type_of_every_game_its_words(key):
    rules = get_game(key)
    said = {**SITE_ACTION_WORDS, **rules.texts.actions}
    missing = [kind for kind in rules.action_types if not said.get(kind, "").strip()]
    assert not missing, f"{key}: action types without words in its texts.py: {missing}"


@pytest.mark.parametrize("key", game_keys())
def test_it_says_no_words_for_an_action_type_the_game_does_not_have(key):
    rules = get_game(key)
    stale = sorted(set(rules.texts.actions) - set(rules.action_types))
    assert not stale, f"{key}: words for action types it does not send: {stale}"


def test_it_says_the_sites_own_actions_once_for_every_game():
    assert set(SITE_ACTION_WORDS) == set(SITE_ACTIONS)
    assert all(words.strip() for words in SITE_ACTION_WORDS.values())

"""A game is dealt from its decks as stored (R10.1): the hands its players are shown when it
starts are the ones its log deals on every rebuild (another worker, the game log, a replay).
PostgreSQL's jsonb orders a deck's keys its own way; a game dealt from the decks as given
showed other hands than its log, and a rebuilt game then refused the players' own moves."""

import json

import pytest

from engine.registry import game_keys, get_game
from tests.support.online import game_state
from tests.support.practice import start_practice
from tournaments.models import Game
from tournaments.services.online import engine_forget
from tournaments.services.online.engines import rebuild

pytestmark = pytest.mark.django_db(transaction=True)

ONLINE_GAMES = [key for key in game_keys() if get_game(key).match_engine is not None]


@pytest.mark.parametrize("game", ONLINE_GAMES)
def test_the_hand_a_player_is_shown_is_the_one_the_stored_log_deals(player, card_sets, game):
    practice = start_practice(player, game)
    shown = game_state(player, practice["match"])["view"]
    stored = Game.objects.get(match_id=practice["match"])
    engine_forget(stored)
    rebuilt = rebuild(stored)
    dealt = json.loads(json.dumps(rebuilt.observation(0)))
    assert "hand" in shown["seats"][0]
    assert dealt["seats"][0]["hand"] == shown["seats"][0]["hand"]

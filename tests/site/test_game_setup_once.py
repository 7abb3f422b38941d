"""A new online game is set up once, from its decks read once: the engine it starts with is the
same state as the replay of its stored log (what every later worker, judge and replay rebuilds),
in every game with a match engine, and games sharing a decklist share its reading."""

import json

import pytest
from django.conf import settings

from engine.decklist import decklist_to_json, load_decklist
from engine.registry import bundled_decklists
from tests.support.events import EventDriver, one_table
from tests.support.games import OTHER_ONLINE_GAMES
from tournaments.models import Game
from tournaments.selectors.online import game_engine_new
from tournaments.services.online.engines import rebuild
from tournaments.services.online.setup import GameSetup

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", [settings.DEFAULT_GAME, *OTHER_ONLINE_GAMES])
def test_a_new_games_engine_is_the_replay_of_its_log(game, organizer, card_sets):
    decks = [decklist_to_json(load_decklist(path)) for path in bundled_decklists(game)]
    event = EventDriver(organizer, decks, game=game, rounds=1, best_of=3, online=True)
    match, _a, _b = one_table(event)
    stored = Game.objects.select_related("match__round__event").get(match_id=match["id"], number=1)
    dealt = game_engine_new(stored, GameSetup().parsed(stored))  # how a new game is dealt
    replayed = rebuild(stored)  # how every later reader rebuilds it, from its log
    assert dealt is not replayed
    assert dealt.seq == replayed.seq
    for seat in (0, 1):
        assert dealt.observation(seat) == replayed.observation(seat)
        assert dealt.legal_actions(seat) == replayed.legal_actions(seat)
    assert dealt.judge_view() == replayed.judge_view()
    assert dealt.to_log(list(stored.card_sets)) == replayed.to_log(list(stored.card_sets))


def test_games_set_up_together_read_each_decklist_once(event_factory):
    event = event_factory(rounds=1, best_of=1, online=True)
    match, _a, _b = one_table(event)
    stored = Game.objects.select_related("match__round__event").get(match_id=match["id"], number=1)
    setup = GameSetup()
    first, again = setup.parsed(stored), setup.parsed(stored)
    assert first[0] is again[0] and first[1] is again[1]
    assert len(setup.decks) == len({json.dumps(deck, sort_keys=True) for deck in stored.decks})

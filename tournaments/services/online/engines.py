"""The engine cache of online play: each game's engine state, kept per process and checked
against the stored log (the truth), so a worker replays a game only when it must."""

from __future__ import annotations

import threading
from collections import OrderedDict

from engine.decklist import Decklist
from engine.match import MatchState as EngineMatch
from tournaments.models import Game
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.online import (
    engine_catch_up,
    game_engine_new,
    game_log,
    match_engine,
)

_cache_lock = threading.RLock()


# (game id, seed) -> engine state; the seed guards against a reused id.
_engines: OrderedDict[tuple[int, int], EngineMatch] = OrderedDict()


_ENGINE_CACHE_SIZE = 2048


def engine_for(game: Game) -> EngineMatch:
    """Return the engine state of a game, rebuilt from its log unless a cached copy is current.

    The cache is per process and checked against the stored log: a cached state whose log is
    the start of the stored one is brought up to date with the actions it lacks (another
    worker took the match meanwhile: workers share matches), anything else is rebuilt (a
    state advanced in a transaction that rolled back is never used).
    """
    key = (game.pk, game.seed)
    with _cache_lock:
        cached = _engines.pop(key, None)  # in use by this thread until remembered again
    if cached is not None and engine_catch_up(cached, game.actions, game=game.match.round.event.game):
        engine_remember(game, cached)
        return cached
    engine = rebuild(game)
    engine_remember(game, engine)
    return engine


def engine_start(game: Game, decks: list[Decklist]) -> EngineMatch:
    """Return a new game's engine state, set up once from its parsed ``decks`` (no log to read
    and replay yet), and keep it as :func:`engine_for` would."""
    engine: EngineMatch = game_engine_new(game, decks)
    engine_remember(game, engine)
    return engine


def rebuild(game: Game) -> EngineMatch:
    """Return the game's state replayed from its whole log by its game's engine (no cache)."""
    key = game.match.round.event.game
    _rules, catalog = catalog_for(game=key)
    return match_engine(key).replay(game_log(game), catalog)


def engine_forget(game: Game) -> None:
    """Drop the cached engine state of a game (after changing it outside a worker)."""
    with _cache_lock:
        _engines.pop((game.pk, game.seed), None)


def engine_remember(game: Game, engine: EngineMatch) -> None:
    """Keep ``engine`` as the game's live engine in this process (the least recently used go)."""
    with _cache_lock:
        _engines[(game.pk, game.seed)] = engine
        _engines.move_to_end((game.pk, game.seed))
        while len(_engines) > _ENGINE_CACHE_SIZE:
            _engines.popitem(last=False)

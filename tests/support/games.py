"""The games the site plays online besides the default one, read from the registry."""

from django.conf import settings

from engine.registry import game_keys, get_game

OTHER_ONLINE_GAMES: tuple[str, ...] = tuple(
    key for key in game_keys() if key != settings.DEFAULT_GAME and get_game(key).match_engine is not None
)

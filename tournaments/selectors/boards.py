"""Which front-end module draws a game's board on the play page and in the judges' viewer.

A game draws its own board with ``respons/boards/<game key>.js`` when that static file
exists (styled by ``<game key>.css`` beside it, when there is one); any other game gets
``respons/boards/generic.js`` (its zones as lists, its legal actions as buttons). The key
comes from the registry (engine/registry.py): nothing here names a game.
"""

from functools import cache

from django.contrib.staticfiles import finders

from engine.registry import game_keys

GENERIC = "respons/boards/generic.js"
GENERIC_STYLES = "respons/boards/generic.css"


@cache
def board_module(*, game: str) -> str:
    """Return the static path of the board module for ``game`` (the generic one when it has none)."""
    if game in game_keys():
        own = f"respons/boards/{game}.js"
        if finders.find(own):
            return own
    return GENERIC


@cache
def board_styles(*, game: str) -> str:
    """Return the static path of the stylesheet of ``game``'s board module (the generic one's)."""
    if board_module(game=game) != GENERIC:
        own = f"respons/boards/{game}.css"
        if finders.find(own):
            return own
    return GENERIC_STYLES

"""The one place that maps a ``game`` key to its plug-in: the games register themselves.

Each game is a package ``engine.games.<key>`` exposing ``RULES``, an object that satisfies
:class:`GameRules`, whose ``key`` is the folder's name and whose ``order`` places it in the
list (the flagship first). The registry finds every package of ``engine/games/`` on its
first use, so a new game is one folder (``CONTRIBUTING.md``, "Adding a game"); nothing else in
the engine or the site branches on the game.
"""

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneSpec
from engine.match import MatchEngine
from engine.problems import Problem, Violation
from engine.texts import GameTexts

GAMES_PACKAGE = "engine.games"


class RegistryError(Exception):
    """A package of ``engine/games/`` that is not a game: no ``RULES``, or a ``RULES.key``
    that is not its folder's name (a programming error, found on the registry's first use)."""


class GameRules(Protocol):
    """What every game plug-in declares (its ruleset), apart from any one play."""

    key: str  # "respons": the name of the game's folder, engine/games/<key>/
    # Where the game is listed (game_keys): lower first; RESPONSE, the flagship, is 0; games of
    # one order are listed by key.
    order: int
    title: str  # "RESPONSE"
    title_ru: str  # "РЕСПОНС"
    zones: tuple[ZoneSpec, ...]  # decklist zones, in display order
    formats: tuple[str, ...]  # event formats, e.g. ("constructed",) or (..., "sealed", "draft")
    card_types: tuple[str, ...]
    has_match_engine: bool  # ``match_engine is not None``
    # The game's match engine (engine/match.py: new matches, legal actions, views, replay,
    # bots), None for a deck-only game.
    match_engine: MatchEngine[Any] | None
    # The action types a player may send to its match engine (R10.3); a game without one has
    # none. Site-only actions (RESPONSE's timeout, R9.4) are left out: only the site applies them.
    action_types: tuple[str, ...]
    # The side deck size an event of this game allows when its organizer says nothing (the
    # event's ``side_max``): RESPONSE 10 (R2.6), Your War 0 (Y2.4: the game has none), WoW 10,
    # Force of Will 15.
    side_deck_default: int
    # What the game says (deck violations, refused actions): English templates by code, which
    # the site shows in the reader's language (engine/texts.py).
    texts: GameTexts

    def parse_card(self, raw: Any, where: str, problems: list[Problem]) -> Any | None:
        """Return the game's card built from one JSON object of a card set.

        Appends a :class:`Problem` per bad field (``where`` is the key path,
        e.g. ``cards[12]``) and returns None when the card cannot be built.
        """
        ...

    def validate_deck(
        self, deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
    ) -> list[Violation]:
        """Return every violation of the game's deck rules (empty when legal).

        ``options`` are event settings such as ``side_max`` or ``format``.
        Never raises for any decklist.
        """
        ...

    def card_summary(self, card: Any) -> dict[str, Any]:
        """Return the card as a flat JSON-able dict for the site (name, type, cost, …)."""
        ...

    # Optional: ``side_deck_most``, the most side-deck cards a constructed event of the game may
    # set (Force of Will 15, F2.4; WoW 10, W2.5); absent or None, the game sets no cap of its own.

    # Optional: ``deck_identity(decklist, catalog) -> str``, the deck's hero or leader for the
    # metagame when the generic rule of engine/metagame.py does not suit the game.


def discover(package: str = GAMES_PACKAGE) -> tuple[str, ...]:
    """Return the keys of the games in ``package`` (each subpackage exposing ``RULES``), by
    ``RULES.order``, then key. Imports each; raises :class:`RegistryError` for a subpackage
    that is not a game."""
    found: list[tuple[int, str]] = []
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        if not info.ispkg:
            continue  # a shared module (engine/games/_deck_check.py …), a compiled runtime
        module = importlib.import_module(f"{package}.{info.name}")
        rules = getattr(module, "RULES", None)
        if rules is None:
            raise RegistryError(f"{package}.{info.name} is a package of games' folder but exposes no RULES")
        if rules.key != info.name:
            raise RegistryError(f"{package}.{info.name}: RULES.key is {rules.key!r}, not the folder's name")
        order = getattr(rules, "order", None)
        if not isinstance(order, int) or isinstance(order, bool):
            raise RegistryError(f"{package}.{info.name}: RULES.order must be a whole number")
        found.append((order, info.name))
    return tuple(key for _order, key in sorted(found))


@cache
def game_keys() -> Sequence[str]:
    """Return the keys of every registered game, flagship first (:func:`discover`)."""
    return discover()


def get_game(key: str) -> GameRules:
    """Return the plug-in for ``key``; raise KeyError for an unknown game."""
    if key not in game_keys():
        raise KeyError(key)
    rules: GameRules = importlib.import_module(f"{GAMES_PACKAGE}.{key}").RULES
    return rules


@cache
def games_taking(action_type: str) -> tuple[str, ...]:
    """Return the keys of the games whose players may send an action of ``action_type``."""
    return tuple(key for key in game_keys() if action_type in get_game(key).action_types)


def bundled_card_sets(key: str) -> list[Path]:
    """Return the card-set files shipped with a game (``engine/games/<key>/data/*.json``)."""
    folder = Path(__file__).parent / "games" / key / "data"
    return sorted(folder.glob("*.json"))


def bundled_decklists(key: str) -> list[Path]:
    """Return the ready-made decklists shipped with a game (``data/decks/*``)."""
    folder = Path(__file__).parent / "games" / key / "data" / "decks"
    return sorted(p for p in folder.glob("*") if p.suffix in {".json", ".txt"})

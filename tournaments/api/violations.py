"""Deck violations in the API in the reader's language: each violation's ``message`` as the
site says it (``Accept-Language``: Russian or English), its ``code`` and ``params`` as the
engine gives them, unchanged, for clients that build their own text (api.md)."""

from collections.abc import Callable
from typing import Any

from engine.registry import game_keys
from tournaments.label_messages import violation_text
from tournaments.labels import reader_language
from tournaments.selectors.cards import card_namer


def violations_said(violations: Any) -> Any:
    """Return ``violations`` (the engine's violation dicts, each with its ``game``) with each
    ``message`` in the reader's language; anything else is given back as it is. In English the
    message is the engine's own."""
    if not isinstance(violations, list):
        return violations
    language = reader_language()
    namers: dict[str, Callable[[str], str]] = {}
    said = []
    for violation in violations:
        if not isinstance(violation, dict) or "code" not in violation or "message" not in violation:
            said.append(violation)
            continue
        game = violation.get("game")
        namer = None
        if language != "en" and isinstance(game, str) and game in game_keys():
            # The cards it names are named as the reader's language names them, as on the pages.
            namer = namers.setdefault(game, card_namer(game=game, language=language))
        said.append({**violation, "message": violation_text(violation, card_name=namer)})
    return said

"""The card summaries of one match's cards by name (what the site's ``ctx.card`` gives a
board module), for tests and tools that draw a board without the site."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.fow.cards import card_summary

if TYPE_CHECKING:
    from engine.games.fow.match.core import Match


def summaries(match: Match) -> dict[str, dict[str, Any]]:
    """Return ``card_summary`` of every card of the match, by name."""
    return {inst.name: card_summary(inst.card) for inst in match.insts}

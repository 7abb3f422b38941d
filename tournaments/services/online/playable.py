"""An online event's games start only when its game's match engine can play every card of the
decks (engine/playable.py): a card set imported for paper events may lack the engine's fields."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.labels import game_title
from tournaments.models import Event, Round
from tournaments.selectors.playable import UnplayableCard, event_unplayable, round_unplayable
from tournaments.services.errors import WrongState


def online_event_require_playable(*, event: Event) -> None:
    """Raise WrongState (409, ``card_not_playable``) when a registered deck of the online event
    holds a card its match engine cannot play, naming the player, the card and the field."""
    _refuse(event_unplayable(event=event), game=event.game)


def online_round_require_playable(*, round_: Round) -> None:
    """Raise WrongState (409, ``card_not_playable``) when a deck of the round's paired players
    holds a card the match engine cannot play (before any of its games is set up)."""
    _refuse(round_unplayable(round_=round_), game=round_.event.game)


def _refuse(found: list[UnplayableCard], *, game: str) -> None:
    if not found:
        return
    first = found[0]
    message = _(
        "Online play cannot start: %(player)s's deck has %(card)s, which lacks the field "
        "“%(field)s” that the %(game)s match engine needs. Import a card set that gives it, or "
        "run the event on paper."
    ) % {"player": first.player, "card": first.card, "field": first.field, "game": game_title(game)}
    more = len(found) - 1
    if more:
        message += " " + ngettext(
            "(%(count)d more card like it.)", "(%(count)d more cards like it.)", more
        ) % {"count": more}
    raise WrongState(
        message,
        code="card_not_playable",
        cards=[{"player": u.player, "card": u.card, "field": u.field} for u in found],
    )

"""Saved decks; the deck checks are :mod:`tournaments.selectors.decks`' (re-exported here)."""

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from engine.decklist import decklist_to_json
from tournaments.models import SavedDeck
from tournaments.selectors.decks import DeckCheck, DeckSource, deck_check, decklist_text
from tournaments.services.text import DECK_NAME_MAX

__all__ = ["DeckCheck", "DeckSource", "deck_check", "deck_delete", "deck_save", "decklist_text"]


@transaction.atomic
def deck_save(*, owner: User, name: str, source: DeckSource, game: str | None = None) -> SavedDeck:
    """Save (create or replace) a named deck in the owner's account; return it.

    A deck may be saved while illegal (work in progress) but must be readable:
    raises ValidationError with the parser's message otherwise, and for no name or a name over
    DECK_NAME_MAX characters.
    """
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": [_("Give the deck a name.")]})
    if len(name) > DECK_NAME_MAX:  # never cut: the owner would not find the deck by its name
        message = _("A deck name has at most %(n)d characters; this one has %(count)d.")
        raise ValidationError({"name": [message % {"n": DECK_NAME_MAX, "count": len(name)}]})
    check = deck_check(source=source, game=game)
    if check.decklist is None:
        raise ValidationError({"deck": [check.parse_message]})
    deck, _created = SavedDeck.objects.update_or_create(
        owner=owner, name=name, defaults={"game": check.game, "decklist": decklist_to_json(check.decklist)}
    )
    return deck


def deck_delete(*, owner: User, deck_id: int) -> None:
    """Delete one of the owner's saved decks (someone else's deck is not found)."""
    SavedDeck.objects.filter(owner=owner, pk=deck_id).delete()

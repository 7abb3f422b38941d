"""Length limits of the free text people write: deck names, notes, reasons, event text.

Every service taking free text checks it here and refuses text over its limit with a message
in the reader's language; nothing is cut silently. The API's serializers and the site's forms
declare the same numbers, so a client sees the limit before it sends.
"""

from typing import Any

from django.utils.translation import gettext as _

from tournaments.services.errors import BadInput

DECK_NAME_MAX = 120  # SavedDeck.name's column
EVENT_NAME_MAX = 200  # Event.name's column
VENUE_MAX = 200  # Event.venue's column
DESCRIPTION_MAX = 5000  # an event's description
NOTE_MAX = 2000  # a result report's, a dispute's or a penalty's note; a reason for the audit trail
DECK_NOTE_MAX = 5000  # a judge's deck-check note


def text_within(value: Any, *, field: str, most: int) -> str:
    """Return ``value`` as text without its outer spaces; raise BadInput (``invalid``) naming
    ``field`` when it is longer than ``most`` characters."""
    text = str(value or "").strip()
    if len(text) > most:
        raise BadInput(_("%(field)s: at most %(n)d characters") % {"field": field, "n": most}, code="invalid")
    return text

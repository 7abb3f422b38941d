"""Template context shared by every page: the main navigation."""

from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

# (url name, label); entries whose page is not installed are left out.
NAV = (
    ("event-list", _("Events")),
    ("game-list", _("Games")),
    ("card-list", _("Cards")),
    ("metagame", _("Metagame")),
    ("deck-builder", _("Deck builder")),
    ("deck-mine", _("My decks")),
    ("ratings", _("Ratings")),
    ("series-list", _("Series")),
)


def navigation(request: HttpRequest) -> dict[str, object]:
    items: list[dict[str, Any]] = []
    for name, label in NAV:
        try:
            url = reverse(name)
        except NoReverseMatch:
            continue
        items.append({"url": url, "label": label, "active": False})
    # The longest matching prefix is the current section (/decks/builder/ is not /decks/).
    matching = [item for item in items if request.path.startswith(item["url"])]
    if matching:
        max(matching, key=lambda item: len(item["url"]))["active"] = True
    return {"nav_items": items}


def notifications(request: HttpRequest) -> dict[str, object]:
    """The header's bell: unread notifications plus games waiting for the user's move."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    from django.db import DatabaseError

    from tournaments.selectors.notifications import games_waiting_for, notifications_unread_count

    def count() -> int:
        # Counted only when a page shows it (a template calls it), and never a failure of the page.
        try:
            return notifications_unread_count(user=user) + len(games_waiting_for(user=user))
        except DatabaseError:
            return 0

    return {"bell_count": count}

"""Template helpers of the judges' pages: clock times, "how long ago"."""

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, ngettext

register = template.Library()


@register.filter
def clock(seconds: Any) -> str:
    """Return seconds as m:ss, or h:mm:ss from an hour on (whole seconds, never negative)."""
    try:
        total = max(0, int(float(seconds)))
    except (TypeError, ValueError):
        return "—"
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def at_index(items: Any, index: Any) -> Any:
    """Return ``items[index]``, or None when there is no such item."""
    try:
        return items[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def ago(moment: datetime | None, now: datetime | None = None) -> str:
    """Return how long ago ``moment`` was: seconds under a minute, else Django's timesince."""
    if moment is None:
        return "—"
    now = now or timezone.now()
    seconds = max(0, int((now - moment).total_seconds()))
    if seconds < 60:
        return ngettext("%(n)s second ago", "%(n)s seconds ago", seconds) % {"n": seconds}
    return gettext("%(time)s ago") % {"time": timesince(moment, now)}

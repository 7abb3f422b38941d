"""Template helpers of the event pages: countdowns, status badges, results."""

from datetime import datetime

from django import template
from django.utils import timezone

from tournaments.models import Event, Match

register = template.Library()

_STATUS_BADGE = {
    Event.Status.DRAFT: "badge",
    Event.Status.REGISTRATION: "badge badge-info",
    Event.Status.RUNNING: "badge badge-warn",
    Event.Status.TOP_CUT: "badge badge-warn",
    Event.Status.FINISHED: "badge badge-ok",
}


def time_left(deadline: datetime, now: datetime) -> str:
    """Return the time from ``now`` to ``deadline`` as h:mm:ss or m:ss (no sign)."""
    seconds = int(abs((deadline - now).total_seconds()))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


@register.inclusion_tag("tournaments/events/_countdown.html")
def countdown(deadline: datetime, label: str = "", big: bool = False) -> dict[str, object]:
    """Render a countdown to ``deadline``: the ISO deadline for the script, the time left as text."""
    now = timezone.now()
    return {
        "deadline": deadline,
        "deadline_iso": deadline.isoformat(timespec="seconds"),
        "now_iso": now.isoformat(timespec="seconds"),
        "left": time_left(deadline, now),
        "over": deadline <= now,
        "label": label,
        "big": big,
    }


@register.filter
def status_badge(event: Event) -> str:
    """Return the badge classes of the event's status."""
    return _STATUS_BADGE.get(event.status, "badge")


@register.filter
def reported_by_other(match: Match, user: object) -> bool:
    """Return True when the match waits for ``user``'s confirmation of the opponent's report."""
    return (
        match.status == Match.Status.REPORTED
        and match.reported_by_id is not None
        and match.reported_by_id != getattr(user, "pk", None)
    )

"""Template helpers of the event pages: countdowns, status badges, results."""

from datetime import datetime

import segno
from django import template
from django.template import Context
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe

from tournaments.models import Event, Match

register = template.Library()

_STATUS_BADGE = {
    Event.Status.DRAFT: "badge",
    Event.Status.REGISTRATION: "badge badge-info",
    Event.Status.RUNNING: "badge badge-warn",
    Event.Status.TOP_CUT: "badge badge-warn",
    Event.Status.FINISHED: "badge badge-ok",
    Event.Status.CANCELLED: "badge badge-bad",
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


@register.simple_tag(takes_context=True)
def event_link(context: Context, event: Event) -> dict[str, object]:
    """Return the event page's absolute address and its QR code as inline SVG (made here by
    segno; nothing is fetched): ``{% event_link event as link %}`` then ``link.url``, ``link.qr``."""
    url = context["request"].build_absolute_uri(reverse("event-detail", args=[event.pk]))
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111827", light="#ffffff", omitsize=True)
    # segno draws the address as paths only (no text of it in the SVG): safe to inline.
    return {
        "url": url,
        "qr": mark_safe(svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)),
    }


@register.filter
def get_item(mapping: object, key: str) -> object:
    """Return ``mapping[key]`` (None when missing or not a mapping): ``{{ change.new|get_item:key }}``."""
    return mapping.get(key) if isinstance(mapping, dict) else None

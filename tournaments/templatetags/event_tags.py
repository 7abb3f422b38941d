"""Template helpers of the event pages: countdowns, status badges, results."""

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from html import escape
from typing import Any
from urllib.parse import urlencode

import segno
from django import template
from django.template import Context
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments.labels import TOP_CUT_ROUNDS
from tournaments.models import Event, Match, Round
from tournaments.selectors.events import BracketMatch
from tournaments.swiss import top_cut_stage

register = template.Library()

_STATUS_BADGE: dict[str, str] = {
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


@register.filter
def seconds_text(seconds: float) -> str:
    """Return a number of seconds as h:mm:ss or m:ss (a clock's time left)."""
    now = timezone.now()
    return time_left(now + timedelta(seconds=max(0.0, float(seconds))), now)


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


@register.filter
def round_title(round_: Round, event: Event) -> str:
    """Return the round's name: "Round 3", or the top-cut round's ("Quarterfinals",
    "Semifinals", "Final"), known from the event's top cut and Swiss rounds."""
    if round_.kind in (Round.Kind.WINNERS, Round.Kind.LOSERS, Round.Kind.GRAND_FINAL):
        return _("Round %(n)s · %(kind)s") % {"n": round_.number, "kind": round_.get_kind_display()}
    if round_.kind != Round.Kind.TOP_CUT:
        return _("Round %(n)s") % {"n": round_.number}
    matches = (event.top_cut or 0) >> (round_.number - (event.swiss_rounds or 0))
    try:
        stage = top_cut_stage(matches)
    except ValueError:
        return _("Top cut · round %(n)s") % {"n": round_.number}
    label = TOP_CUT_ROUNDS.get(stage)
    return str(label) if label is not None else _("Top cut · round %(n)s") % {"n": round_.number}


@register.filter
def bracket_sides(match: BracketMatch) -> list[dict[str, object]]:
    """Return the two lines of a bracket match, the better seed first: seed, name, games won,
    and whether they won it."""
    sides = [
        {"seed": match.seed_a, "name": match.a, "wins": match.match.wins_a, "won": match.winner == match.a},
        {"seed": match.seed_b, "name": match.b, "wins": match.match.wins_b, "won": match.winner == match.b},
    ]
    return sides if match.seed_a <= match.seed_b else sides[::-1]


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


@register.simple_tag(takes_context=True)
def signup_code_link(context: Context, code: str) -> dict[str, object]:
    """The sign-up page's absolute address with an event's sign-up ``code`` filled in, and its QR
    code as inline SVG (as :func:`event_link`): ``{% signup_code_link c.code as link %}``."""
    url = context["request"].build_absolute_uri(reverse("signup")) + "?" + urlencode({"code": code})
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111827", light="#ffffff", omitsize=True)
    return {
        "url": url,
        "qr": mark_safe(svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)),
    }


@register.filter
def get_item(mapping: object, key: str) -> object:
    """Return ``mapping[key]`` (None when missing or not a mapping): ``{{ change.new|get_item:key }}``."""
    return mapping.get(key) if isinstance(mapping, dict) else None


@register.filter
def datalist_options(names: Iterable[str]) -> str:
    """Return a datalist's ``<option>`` elements, one per name (escaped), built in one pass: the
    dashboard of an 8,192-player event lists every name twice, and the template's own loop over
    16,384 of them took a large share of the page's time."""
    return mark_safe("".join(f'<option value="{escape(name, quote=True)}">' for name in names))


@register.simple_tag(takes_context=True)
def bracket_matches(context: Context, matches: Iterable[Mapping[str, Any]]) -> str:
    """Return the ``<li>`` of each match of a bracket round (``bracket_page``'s matches), built in
    one pass: a 1,024-player double elimination has 2,046 matches, and the template's own loop
    over their seats took most of the bracket page's 300 ms. The reader's own seat is marked."""
    user = context.get("user")
    me = user.get_username() if user is not None and user.is_authenticated else None
    won = f'<span aria-hidden="true">✓</span><span class="sr-only">{escape(_("won"))}</span>'
    walkover = escape(_("Walkover: a player dropped."))
    void = escape(_("Not needed: the winners' bracket champion won the grand final."))
    notes = {
        "walkover": f'<p class="muted small bracket-note">{walkover}</p>',
        "void": f'<p class="muted small bracket-note">{void}</p>',
    }
    parts: list[str] = []
    for match in matches:
        key = escape(str(match["key"]))
        decided = " is-decided" if match["winner"] else ""
        parts.append(f'<li class="bracket-match{decided}" data-testid="bracket-match" aria-label="{key}">')
        for seat, side in enumerate(match["sides"]):
            parts.append(_bracket_side(side, key if seat == 0 else "", me, match["winner"], won))
        parts.append(notes.get(str(match.get("status")), ""))
        parts.append("</li>")
    return mark_safe("".join(parts))  # every value in it is escaped


def _bracket_side(side: Mapping[str, Any], key: str, me: str | None, winner: object, won: str) -> str:
    name = side["name"]
    classes = " is-winner" if side["won"] else " is-loser" if winner else ""
    if name and name == me:
        classes += " is-me"
    if name:
        shown = f'<span class="bracket-name" title="{escape(name)}">{escape(name)}</span>'
    else:
        shown = f'<span class="bracket-name"><span class="muted">{escape(str(side["from"]))}</span></span>'
    score = won if side["won"] else ""
    return (
        f'<div class="bracket-player{classes}"><span class="bracket-seed">{key}</span>{shown}'
        f'<span class="bracket-score">{score}</span></div>'
    )

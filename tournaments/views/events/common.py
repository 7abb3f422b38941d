"""What the event pages share: the event, round or match of a request (404 when hidden), the
event's tabs, paging of long tables and CSV answers.
"""

import csv
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.registry import game_keys, get_game
from tournaments.labels import FORMAT_LABELS
from tournaments.models import Event, Match, Round
from tournaments.numbers import whole_number
from tournaments.selectors.events import (
    Role,
    event_role,
    event_round,
    event_seen,
    is_bracket,
    is_official,
    round_visible,
    running_round,
)

EXTENSIONS = (3, 5, 10)  # minutes offered as one-click extensions on the dashboard


def format_label(key: str) -> str:
    return str(FORMAT_LABELS.get(key, key.replace("_", " ").capitalize()))


def _game_of(value: str | None) -> str:
    return value if value is not None and value in game_keys() else settings.DEFAULT_GAME


def _event(request: HttpRequest, event_id: int) -> Event:
    """Return the event if the user may see it (drafts are 404 to all but their organizer)."""
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    return event


def _official_event(request: HttpRequest, event_id: int) -> Event | HttpResponse:
    """Return the event for its organizer and judges; a login redirect or 403 for anyone else."""
    event = _event(request, event_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_official(event_role(event=event, user=request.user)):
        raise PermissionDenied(_("Only the organizer and the judges of this event can open this page."))
    return event


def _round(request: HttpRequest, event: Event, number: int) -> Round:
    round_ = event_round(event=event, number=number)
    if round_ is None or not round_visible(round=round_, user=request.user):
        raise Http404(_("This event has no round %(n)s.") % {"n": number})
    return round_


def _match(event: Event, match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"),
        pk=match_id,
        round__event=event,
    )


def _home_of(request: HttpRequest, event: Event) -> str:
    """Return where to go back to after an action: the dashboard for officials, else the event page."""
    if is_official(event_role(event=event, user=request.user)):
        return reverse("event-manage", args=[event.pk])
    return reverse("event-detail", args=[event.pk])


def _event_context(request: HttpRequest, event: Event, tab: str) -> dict[str, Any]:
    """Return what every event page shows: the header, the tabs and the round timer."""
    role = event_role(event=event, user=request.user)
    rounds = list(event.round_set.order_by("number"))
    # Held pairings: only the officials see them; the others are told the round is being prepared.
    live = event.status in (Event.Status.RUNNING, Event.Status.TOP_CUT)
    preparing = rounds[-1] if live and rounds and not rounds[-1].published else None
    if not is_official(role):
        rounds = [r for r in rounds if r.published]
    return {
        "event": event,
        "role": role.value,
        "official": is_official(role),
        "is_organizer": role is Role.ORGANIZER,
        "rules": get_game(event.game),
        "format_label": format_label(event.format),
        "rounds": rounds,
        "last_round": rounds[-1] if rounds else None,
        "running": running if (running := running_round(event=event)) in rounds else None,
        "preparing": preparing,
        "now": timezone.now(),
        "tab": tab,
        "has_bracket": is_bracket(event),
    }


def _cell(value: Any) -> Any:
    """Return a CSV cell a spreadsheet will not run as a formula (a name may start with - + @ =)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(filename: str, header: list[str], rows: Iterable[Iterable[Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # a byte-order mark, so spreadsheet programs read UTF-8 (Cyrillic names)
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return response


PAGE_ROWS = 200  # rows of a long table on an HTML page (an 8,192-player event)


def _paged(
    request: HttpRequest, rows: Any, param: str = "page", *, size: int | None = None
) -> tuple[list[Any], dict[str, Any]]:
    """Return the rows of the page ``?<param>=N`` asks for (the first when absent or bad, the last
    when past the end) and the pager ``_pager.html`` shows; a page holds ``size`` rows (PAGE_ROWS
    unless given)."""
    size = size or PAGE_ROWS
    total = rows.count() if isinstance(rows, QuerySet) else len(rows)  # a query: one page read
    pages = max(1, -(-total // size))
    number = min(whole_number(request.GET.get(param, ""), low=1) or 1, pages)
    start = (number - 1) * size
    query = request.GET.copy()

    def link(page: int) -> str:
        query[param] = str(page)
        return "?" + query.urlencode()

    pager = {
        "number": number,
        "pages": pages,
        "total": total,
        "first_row": start + 1,
        "last_row": min(start + size, total),
        "previous": link(number - 1) if number > 1 else None,
        "next": link(number + 1) if number < pages else None,
    }
    return list(rows[start : start + size]), pager

"""Exports and printouts: pairings, standings and decklists as CSV, the round's printable
pairings and match slips, a registration's deck and pool.
"""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Pool, Registration
from tournaments.selectors.events import (
    decklist_rows,
    pool_text,
    registration_deck_check,
    registration_deck_text,
    round_matches,
    round_seats,
    standings_table,
    structure_standings,
    team_standings_rows,
)
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.users import signed_in
from tournaments.views.events.common import _csv, _event, _event_context, _official_event, _round
from tournaments.views.forms_common import run_service


def event_deck(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """A deck check: an official opens any player's list and records a note."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    registration = get_object_or_404(
        Registration.objects.select_related("player", "event"), pk=registration_id, event=event
    )
    note, status = "", 200
    if request.method == "POST":
        note = request.POST.get("text", "")
        if run_service(
            request,
            lambda: svc.deck_note_add(registration=registration, by=signed_in(request), text=note),
            _("Note saved."),
        ):
            return redirect("event-deck", event_id=event.pk, registration_id=registration.pk)
        status = 400  # the note is kept in the form
    context = _event_context(request, event, "manage")
    context.update(
        registration=registration,
        status=registration_deck_check(registration=registration),
        deck_text=registration_deck_text(registration=registration),
        notes=registration.notes.select_related("author"),
        note=note,
    )
    return render(request, "tournaments/events/deck.html", context, status=status)


def event_pool(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """A sealed or draft player's pool: an official reads it and records it (pasted or imported)."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    registration = get_object_or_404(
        Registration.objects.select_related("player", "event", "pool"), pk=registration_id, event=event
    )
    text, status = pool_text(registration=registration), 200
    if request.method == "POST":
        upload = request.FILES.get("pool_file")
        text = request.POST.get("pool_text", "")[:100_000]
        if upload is not None:
            text = upload.read(100_001).decode("utf-8", errors="replace")[:100_000]
        recorded = run_service(
            request,
            lambda: pools.pool_record(
                registration=registration,
                by=signed_in(request),
                source=text,
                reason=request.POST.get("reason", ""),
            ),
            _("The pool of %(name)s is recorded.") % {"name": registration.player.get_username()},
        )
        if recorded:
            return redirect("event-pool", event_id=event.pk, registration_id=registration.pk)
        status = 400  # the pasted pool is kept in the form
    pool = Pool.objects.filter(registration=registration).select_related("recorded_by").first()
    context = _event_context(request, event, "manage")
    context.update(
        registration=registration,
        pool=pool,
        pool_size=sum(pool.cards.values()) if pool is not None else 0,
        pool_text=text,
        limited=pools.is_limited(event),
    )
    return render(request, "tournaments/events/pool.html", context, status=status)


def export_pairings(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    rows = (
        (
            m.table,
            m.player_a.player.get_username(),
            m.player_b.player.get_username() if m.player_b else "BYE",
            m.status,
            m.wins_a,
            m.wins_b,
            m.draws,
            "yes" if m.disputed else "",
        )
        for m in round_matches(round=round_)
    )
    header = ["table", "player_a", "player_b", "status", "wins_a", "wins_b", "draws", "disputed"]
    return _csv(f"event-{event.pk}-pairings-{number}.csv", header, rows)


def export_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings as CSV: public, as the standings page is."""
    event = _event(request, event_id)
    if event.teams:
        return _rows_csv(event, team_standings_rows(event=event))
    if event.structure != Event.Structure.SWISS:
        return _rows_csv(event, structure_standings(event=event).rows)
    rows = (
        (
            s["rank"],
            s["name"],
            s["match_points"],
            s["wins"],
            s["losses"],
            s["draws"],
            f"{s['omw']:.2f}",
            f"{s['gw']:.2f}",
            f"{s['ogw']:.2f}",
            "yes" if s["dropped"] else "",
            s["top_cut"] or "",
            s["swiss_rank"],
        )
        for s in standings_table(event=event)
    )
    # rank is the final place (the top cut decides the first places); the columns after
    # "dropped" were added later, so scripts reading by position keep working.
    header = "rank player points wins losses draws omw_pct gw_pct ogw_pct dropped top_cut swiss_rank".split()
    return _csv(f"event-{event.pk}-standings.csv", header, rows)


def export_decklists(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every card of every decklist, one row each: hidden information, officials only."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    return _csv(
        f"event-{event.pk}-decklists.csv", ["player", "zone", "count", "card"], decklist_rows(event=event)
    )


def round_print(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The pairings sheet to pin on the wall: every player by name, with their table."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    context = {"event": event, "round": round_, "seats": round_seats(round=round_), "now": timezone.now()}
    return render(request, "tournaments/events/print_pairings.html", context)


def round_slips(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Match slips: one per match (byes need none), four to an A4 page."""
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    round_ = _round(request, event, number)
    matches = [m for m in round_matches(round=round_) if not m.is_bye]
    context = {"event": event, "round": round_, "matches": matches}
    return render(request, "tournaments/events/print_slips.html", context)


def _rows_csv(event: Event, rows: list[dict[str, Any]]) -> HttpResponse:
    """A bracket's, a round robin's, a league's or a team event's standings as CSV: the API's
    rows, one column per field (a bracket's shared places as "3-4", a team's members as
    "anna; boris"; the tiebreakers under their keys)."""
    header = list(rows[0]) if rows else ["rank", "username"]
    header = [key for key in header if key != "champion"]

    def cell(value: object) -> object:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return "; ".join(value)
        if isinstance(value, list):
            return "-".join(str(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else ""
        return "" if value is None else value

    return _csv(
        f"event-{event.pk}-standings.csv", header, ([cell(row.get(key)) for key in header] for row in rows)
    )

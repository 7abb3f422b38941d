"""Results from the event page: report, confirm or dispute a match; a judge's no-show and extra
time.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Match
from tournaments.services import events as svc
from tournaments.services.text import NOTE_MAX
from tournaments.users import SignedInHttpRequest
from tournaments.views.events.common import _event, _home_of, _match
from tournaments.views.forms_common import form_number, redirect_back, run_service


@login_required
@require_POST
def match_no_show(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Give the match as a no-show loss to the player who has not come (organizer, judges)."""
    event = _event(request, event_id)
    match = _match(event, match_id)
    username = request.POST.get("username", "")[:150]
    run_service(
        request,
        lambda: svc.match_no_show(match=match, by=request.user, username=username),
        _("Table %(table)s: %(name)s did not come; the match is a no-show loss for them.")
        % {"table": match.table, "name": username},
    )
    return redirect_back(request, _home_of(request, event))


@login_required
@require_POST
def match_report(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Report a result: a player's waits for the opponent; an official's is final at once."""
    event = _event(request, event_id)
    match = _match(event, match_id)
    result = run_service(
        request,
        lambda: svc.match_report(
            match=match,
            by=request.user,
            wins_a=form_number(request.POST.get("wins_a")),
            wins_b=form_number(request.POST.get("wins_b")),
            draws=form_number(request.POST.get("draws")),
            note=request.POST.get("note", "")[: NOTE_MAX + 1],
        ),
    )
    if result:
        done = {
            Match.Status.FINAL: _("Table %(table)s: the result is final."),
            Match.Status.REPORTED: _("Table %(table)s: result reported. Your opponent confirms it."),
        }
        message = done.get(result.status, _("Table %(table)s: result saved."))
        if result.disputed:
            message = _("Table %(table)s: your report differs from your opponent's; a judge will decide.")
        messages.success(request, message % {"table": match.table})
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_confirm(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    run_service(
        request, lambda: svc.match_confirm(match=match, by=request.user), _("Result confirmed: it is final.")
    )
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_dispute(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    note = request.POST.get("note", "")[: NOTE_MAX + 1]
    # No success message: the player's panel, where the form is, says the result is disputed
    # and that a judge is coming (one message, not the same news twice).
    run_service(request, lambda: svc.match_dispute(match=match, by=request.user, note=note))
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def match_extend(request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = _event(request, event_id)
    match = _match(event, match_id)
    minutes = form_number(request.POST.get("minutes"))
    run_service(
        request,
        lambda: svc.match_extend(match=match, by=request.user, minutes=minutes),
        _("Table %(table)s gets %(minutes)s more minutes.") % {"table": match.table, "minutes": minutes},
    )
    return redirect_back(request, _home_of(request, event))

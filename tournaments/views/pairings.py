"""Dashboard forms for pairing corrections: publish held pairings, swap two
players, a manual bye, re-pair the round, undo the last round, forbidden pairs.

Thin views over the services in ``tournaments.services.events``; a refusal comes back as a
flash, and so do a correction's warnings (a rematch, a points mismatch).
"""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Event
from tournaments.selectors.events import is_seeded
from tournaments.services import events as svc
from tournaments.users import SignedInHttpRequest
from tournaments.views.events.common import _event
from tournaments.views.forms_common import run_service


def _field(request: HttpRequest, name: str, most: int = 150) -> str:
    return request.POST.get(name, "")[: most + 1]


def _reason(request: HttpRequest) -> str:
    return _field(request, "reason", svc.REASON_MAX)


def _corrected(
    request: HttpRequest,
    event_id: int,
    action: Callable[[Event], object],
    success: str,
    seeded: str = "",
    teams: str = "",
) -> HttpResponse:
    """Run a correction and flash its outcome: ``seeded`` instead of ``success`` for an event
    drawn from its seeds (a bracket, a round robin), ``teams`` for a team event, when given."""
    event = _event(request, event_id)
    if seeded and is_seeded(event):
        success = seeded
    if teams and event.teams:
        success = teams
    outcome = run_service(request, lambda: action(event), success)
    if isinstance(outcome, svc.PairingChange):
        for warning in outcome.warnings:
            messages.warning(request, warning)
    return redirect(reverse("event-manage", args=[event.pk]) + "#round")


@login_required
@require_POST
def pairings_publish(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.pairings_publish(event=event, by=request.user, reason=_reason(request)),
        _("The pairings are published: players see them and the round's clock runs."),
    )


@login_required
@require_POST
def pairings_swap(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.pairings_swap(
            event=event,
            by=request.user,
            player_a=_field(request, "player_a"),
            player_b=_field(request, "player_b"),
            team_a=_field(request, "team_a"),
            team_b=_field(request, "team_b"),
            reason=_reason(request),
        ),
        _("The two players have swapped tables."),
        _("The two players have swapped seeds: the rounds are paired again from them."),
        teams=_("The two teams have swapped team tables."),
    )


@login_required
@require_POST
def pairings_bye(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    username, team = _field(request, "username"), _field(request, "team")
    return _corrected(
        request,
        event_id,
        lambda event: svc.bye_manual(
            event=event, by=request.user, username=username, team=team, reason=_reason(request)
        ),
        _("%(name)s has the bye.") % {"name": (team or username).strip()},
    )


@login_required
@require_POST
def round_repair(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.round_repair(event=event, by=request.user, reason=_reason(request)),
        _("The round is paired again."),
        _("The seeds are drawn again and the rounds paired from them."),
    )


@login_required
@require_POST
def round_undo(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.round_undo(event=event, by=request.user, reason=_reason(request)),
        _("The last round is undone; its results are kept in the audit trail."),
    )


@login_required
@require_POST
def forbidden_pair_add(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.forbidden_pair_add(
            event=event,
            by=request.user,
            player_a=_field(request, "player_a"),
            player_b=_field(request, "player_b"),
            reason=_reason(request),
        ),
        _("The two players are kept apart from the next pairing on."),
    )


@login_required
@require_POST
def forbidden_pair_remove(request: SignedInHttpRequest, event_id: int, pair_id: int) -> HttpResponse:
    return _corrected(
        request,
        event_id,
        lambda event: svc.forbidden_pair_remove(
            event=event, by=request.user, pair_id=pair_id, reason=_reason(request)
        ),
        _("The two players may meet again."),
    )

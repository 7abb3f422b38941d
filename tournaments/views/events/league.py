"""A league on the event page: join or leave the list of players looking for a match, challenge
a listed player; on the dashboard, match the waiting players (organizer)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.models import Event
from tournaments.selectors.events.league import is_league
from tournaments.services import events as svc
from tournaments.users import SignedInHttpRequest
from tournaments.views.events.common import _event
from tournaments.views.forms_common import redirect_back, run_service


def _league(request: SignedInHttpRequest, event_id: int) -> Event:
    event = _event(request, event_id)
    if not is_league(event):
        raise Http404(_("This event is not a league."))
    return event


@login_required
@require_POST
def league_looking(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Join the list of players looking for a match (``looking=1``) or leave it."""
    event = _league(request, event_id)
    looking = request.POST.get("looking") == "1"
    done = _("You are on the list: a player may challenge you now.") if looking else _("You left the list.")
    run_service(request, lambda: svc.league_looking_set(event=event, by=request.user, looking=looking), done)
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def league_challenge(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Challenge a player on the list: the match is made at once."""
    event = _league(request, event_id)
    opponent = request.POST.get("opponent", "")[:150]
    match = run_service(
        request, lambda: svc.league_challenge(event=event, by=request.user, opponent=opponent)
    )
    if match:
        messages.success(request, _("Match made: you play %(name)s.") % {"name": opponent})
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def league_pair_waiting(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Match the players waiting on the list (organizer, from the dashboard)."""
    event = _league(request, event_id)
    done = run_service(request, lambda: svc.league_pair_waiting(event=event, by=request.user))
    if done:
        made, waiting = done
        messages.success(
            request,
            ngettext("%(n)d match made.", "%(n)d matches made.", len(made)) % {"n": len(made)}
            + " "
            + ngettext("%(w)d player still waits.", "%(w)d players still wait.", waiting) % {"w": waiting},
        )
    return redirect_back(request, reverse("event-manage", args=[event.pk]))

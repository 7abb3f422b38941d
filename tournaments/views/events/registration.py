"""A player's registration from the event page: register, withdraw, drop and check in."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Registration, SavedDeck
from tournaments.numbers import whole_number
from tournaments.selectors.events import (
    match_settlement,
    player_match,
    registration_of,
)
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.services.errors import DomainError, IllegalDeck
from tournaments.users import SignedInHttpRequest
from tournaments.views.events.common import _event
from tournaments.views.events.page import _detail_context
from tournaments.views.forms_common import redirect_back, run_service


@login_required
@require_http_methods(["GET", "POST"])
def event_register(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Register (or replace the deck) from pasted text or a saved deck.

    On refusal the event page comes back with every violation and the pasted list kept. The
    address opened directly (a shared link, the way back from signing in) leads to the event
    page's registration panel, which holds the form or says why there is none.
    """
    event = _event(request, event_id)
    if request.method != "POST":
        return redirect(reverse("event-detail", args=[event.pk]) + "#register-h")
    text = request.POST.get("deck_text", "")[:20000]
    saved_id = whole_number(request.POST.get("saved_deck", ""))
    deck: Any = text
    if saved_id is not None:
        saved = SavedDeck.objects.filter(owner=request.user, pk=saved_id).first()
        if saved is None:
            raise Http404(_("No such saved deck."))
        deck = saved.decklist
    errors: list[str] = []
    violations: list[dict[str, Any]] = []
    if not text.strip() and saved_id is None and not pools.is_limited(event):
        errors.append(_("Paste a decklist or choose one of your saved decks."))
    else:
        had = registration_of(event=event, user=request.user)
        try:
            registration = svc.registration_submit(event=event, player=request.user, deck=deck)
        except IllegalDeck as error:
            errors.append(error.detail)
            violations = error.extra.get("violations", [])
        except DomainError as error:
            if error.code == "official_cannot_play":  # their page has no form to show it in
                messages.error(request, error.detail)
                return redirect("event-detail", event_id=event.pk)
            errors.append(error.detail)
        else:
            if not registration.deck:  # sealed or draft: registered, the deck follows the pool
                messages.success(request, _("You are registered. Send your deck once your pool is recorded."))
            elif had is not None:
                messages.success(request, _("Your deck is updated and legal."))
            elif registration.status == Registration.Status.WAITLIST:
                messages.warning(request, _("The event is full: you are on the waitlist."))
            else:
                messages.success(request, _("You are registered. Good luck!"))
            return redirect("event-detail", event_id=event.pk)
    context = _detail_context(
        request, event, deck_text=text, saved_choice=saved_id, deck_errors=errors, violations=violations
    )
    return render(request, "tournaments/events/detail.html", context, status=400)


@login_required
@require_POST
def event_withdraw(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    run_service(
        request,
        lambda: svc.registration_withdraw(event=event, by=request.user),
        _("Your registration is withdrawn."),
    )
    return redirect("event-detail", event_id=event.pk)


@login_required
@require_POST
def event_drop(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Drop a player: yourself from the event page, anyone from the dashboard (organizer)."""
    event = _event(request, event_id)
    username = request.POST.get("username") or request.user.get_username()
    dropped = run_service(request, lambda: svc.player_drop(event=event, by=request.user, username=username))
    registration = dropped.registration if dropped else None
    if registration and registration.player_id == request.user.pk:
        last = event.round_set.order_by("-number").first()
        mine = player_match(round=last, user=request.user) if last else None
        settled = match_settlement(match=mine, user=request.user) if mine else None
        if settled is not None and settled.action == "drop":
            messages.success(
                request, _("You left the event. Your match this round goes to your opponent, who is told so.")
            )
        else:
            messages.success(request, _("You left the event. Your results stay in the standings."))
    elif registration:
        messages.success(request, _("%(name)s is dropped from the event.") % {"name": username})
    if dropped and dropped.team:
        messages.info(
            request,
            _("The team “%(team)s” plays whole, so all of it is out: %(players)s.")
            % {"team": dropped.team, "players": ", ".join(dropped.players)},
        )
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def event_check_in(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Check in: yourself from the event page; anyone from the dashboard (organizer, judges)."""
    event = _event(request, event_id)
    username = request.POST.get("username", "")[:150]
    checked_in = request.POST.get("checked_in", "1") != "0"
    registration = run_service(
        request,
        lambda: svc.registration_check_in(
            event=event, by=request.user, username=username, checked_in=checked_in
        ),
    )
    if registration:
        name = registration.player.get_username()
        if registration.player_id == request.user.pk:
            message = _("You are checked in.") if checked_in else _("Your check-in is undone.")
        elif checked_in:
            message = _("%(name)s is checked in.") % {"name": name}
        else:
            message = _("%(name)s is no longer checked in.") % {"name": name}
        messages.success(request, message)
    return redirect_back(request, reverse("event-detail", args=[event.pk]))


@login_required
@require_POST
def event_team_register(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Register a team from the event page's form: its name and members in seat order."""
    event = _event(request, event_id)
    members = [name[:150] for name in request.POST.getlist("members")][:3]
    run_service(
        request,
        lambda: svc.team_register(
            event=event, by=request.user, name=request.POST.get("name", "")[:200], members=members
        ),
        _("The team is registered. Each member registers their own deck."),
    )
    return redirect(reverse("event-detail", args=[event.pk]) + "#teams-h")


@login_required
@require_POST
def event_team_leave(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    """Leave one's team from the event page (before the start): the team is withdrawn."""
    event = _event(request, event_id)
    run_service(
        request,
        lambda: svc.team_leave(event=event, by=request.user),
        _("You left the team; it is withdrawn. Its members may join another."),
    )
    return redirect(reverse("event-detail", args=[event.pk]) + "#teams-h")

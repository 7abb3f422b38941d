"""Event pages for corrections: edit, cancel, delete a draft, remove a judge,
register a walk-in.

Thin views over the services in ``tournaments.services.events``; every rule (who, when,
which setting) is theirs, and a refusal comes back as a form error or a flash.
"""

import zoneinfo
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from engine.registry import game_keys, get_game
from tournaments.models import Event
from tournaments.selectors.events import Role, event_role
from tournaments.services import events as svc
from tournaments.services.errors import DomainError, IllegalDeck
from tournaments.users import SignedInHttpRequest, signed_in
from tournaments.views.event_form_keep import typed_values_keep
from tournaments.views.events import EventForm
from tournaments.views.events.common import _event, _event_context, _official_event
from tournaments.views.forms_common import run_service

LIVE_FORM_FIELDS = {
    "round_minutes",
    "description",
    "no_show_minutes",
    "spectators",
    "spectate_delay",
    "spectate_delay_unit",
    "reason",
}  # svc.LIVE_FIELDS, and the reason


class EventEditForm(EventForm):
    """The create-event form, every field filled from the event, and a reason."""

    reason = forms.CharField(
        label=gettext_lazy("Reason for the change"),
        required=False,
        max_length=svc.REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Kept in the audit trail with your name and the time."),
    )


def _initial(event: Event) -> dict[str, Any]:
    """Return the edit form's values: the settings, and the times as wall-clock times in the event's zone."""
    zone = zoneinfo.ZoneInfo(event.time_zone)
    values: dict[str, Any] = {key: getattr(event, key) for key in svc.SETTING_FIELDS}
    values.update(structure=event.structure, seeding=event.seeding, grand_final_reset=event.grand_final_reset)
    values.update(double_round_robin=event.double_round_robin, drop_policy=event.drop_policy)
    values.update(league_days=event.league_days, league_matches=event.league_matches)
    values.update(teams=event.teams, team_copy_limit=event.team_copy_limit)
    for i, key in enumerate(("tiebreaker_1", "tiebreaker_2", "tiebreaker_3", "tiebreaker_4")):
        values[key] = event.tiebreakers[i] if i < len(event.tiebreakers) else ""
    values.update(time_zone=event.time_zone, venue=event.venue, description=event.description)
    for moment, day, hour in (
        (event.starts_at, "starts_on", "starts_time"),
        (event.registration_closes_at, "closes_on", "closes_time"),
    ):
        if moment is not None:
            local = moment.astimezone(zone)
            values[day], values[hour] = local.date(), local.time().replace(tzinfo=None)
    return values


def _organizer_event(request: HttpRequest, event_id: int) -> Event | HttpResponse:
    event = _official_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    if event_role(event=event, user=request.user) is not Role.ORGANIZER:
        raise PermissionDenied(_("Only the organizer of this event can do this."))
    return event


def event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    """The edit page: every setting until the start, then round time and description (with a reason)."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    started = event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION)
    game_fixed = started or event.registrations.exists()
    source = request.POST if request.method == "POST" else request.GET
    asked = source.get("game")
    game = asked if not game_fixed and asked is not None and asked in game_keys() else event.game
    initial = _initial(event)
    if game != event.game:
        initial.pop("format")
    initial["game"] = game
    form = EventEditForm(request.POST or None, game=game, initial=initial)
    for name, field in form.fields.items():
        if (started and name not in LIVE_FORM_FIELDS) or (name == "game" and game_fixed):
            field.disabled = True  # the service refuses these too; the form shows them as fixed
    side_deck_note = ""
    if request.method != "POST":  # the htmx reload of a new game's fields keeps what was typed
        side_deck_note = typed_values_keep(form, request.GET, rules=get_game(game))
    if request.method == "POST" and form.is_valid():
        changes = form.service_values()
        if "online" not in form.fields:
            changes["online"] = False  # a game without a match engine is played on paper
        try:
            svc.event_edit(
                event=event,
                by=signed_in(request),
                changes=changes,
                reason=form.cleaned_data["reason"],
            )
        except DomainError as error:
            form.add_domain_error(error)
        else:
            messages.success(request, _("The event is saved."))
            return redirect("event-manage", event_id=event.pk)
    context = {
        "form": form,
        "rules": get_game(game),
        "event": event,
        "started": started,
        "side_deck_note": side_deck_note,
    }
    return render(request, "tournaments/events/create.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def event_cancel(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    reason = request.POST.get("reason", "")[: svc.REASON_MAX + 1]
    run_service(
        request,
        lambda: svc.event_cancel(event=event, by=request.user, reason=reason),
        _("The event is cancelled."),
    )
    return redirect("event-manage", event_id=event.pk)


@login_required
@require_POST
def event_delete(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    name = event.name
    if run_service(request, lambda: svc.event_delete(event=event, by=request.user)):
        messages.success(request, _("The draft “%(name)s” is deleted.") % {"name": name})
        return redirect("event-list")
    return redirect("event-manage", event_id=event.pk)


@login_required
@require_POST
def event_judge_remove(request: SignedInHttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    username = request.POST.get("username", "")[:150]
    reason = request.POST.get("reason", "")[: svc.REASON_MAX + 1]
    run_service(
        request,
        lambda: svc.judge_remove(event=event, by=request.user, username=username, reason=reason),
        _("%(name)s is no longer a judge of this event.") % {"name": username.strip()},
    )
    return redirect(reverse("event-manage", args=[event.pk]) + "#judges-h")


class WalkInForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Username"), max_length=150)
    new_account = forms.BooleanField(
        label=gettext_lazy("New account"),
        required=False,
        help_text=gettext_lazy("The player has no account yet: make one with this username."),
    )
    email = forms.EmailField(label=gettext_lazy("Email (optional)"), required=False)
    deck_text = forms.CharField(
        label=gettext_lazy("Decklist"),
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    reason = forms.CharField(
        label=gettext_lazy("Note for the audit trail (optional)"), required=False, max_length=2000
    )


def event_walkin(request: HttpRequest, event_id: int) -> HttpResponse:
    """Register a walk-in: an existing or a new account, with a pasted decklist validated as usual."""
    event = _organizer_event(request, event_id)
    if isinstance(event, HttpResponse):
        return event
    form = WalkInForm(request.POST or None)
    violations: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            walk_in = svc.walkin_register(
                event=event,
                by=signed_in(request),
                username=data["username"],
                deck=data["deck_text"],
                new_account=data["new_account"],
                email=data["email"],
                reason=data["reason"],
            )
        except IllegalDeck as error:
            form.add_error("deck_text", error.detail)
            violations = error.extra.get("violations", [])
        except DomainError as error:
            field, sep, message = error.detail.partition(": ")
            form.add_error(field if sep and field in form.fields else None, message if sep else error.detail)
        else:
            name = walk_in.registration.player.get_username()
            if walk_in.registration.status == walk_in.registration.Status.WAITLIST:
                messages.warning(
                    request, _("%(name)s is on the waitlist: the event is full.") % {"name": name}
                )
            else:
                messages.success(request, _("%(name)s is registered.") % {"name": name})
            if walk_in.password:
                messages.info(
                    request,
                    _("New account “%(name)s”, first password: %(password)s — hand it to the player.")
                    % {"name": name, "password": walk_in.password},
                )
            return redirect(reverse("event-manage", args=[event.pk]) + "#players")
    context = _event_context(request, event, "manage")
    context.update(form=form, violations=violations)
    return render(request, "tournaments/events/walkin.html", context, status=400 if form.errors else 200)

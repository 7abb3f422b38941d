"""Event day: check-in, the no-shows and a drop settling the player's open match. Each is an audit
entry.
"""

import math
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Event,
    Match,
    Registration,
)
from tournaments.selectors.events import (
    event_role,
    is_official,
    match_locked,
)
from tournaments.services.errors import BadInput, NotAllowed, WrongState, match_gone
from tournaments.services.events.common import NOT_CHECKED_IN, S, _audit, _match_lost


def registration_check_in(
    *, event: Event, by: User, username: str = "", checked_in: bool = True
) -> Registration:
    """Check a player in (``checked_in`` False: out again) before the event starts; return the
    registration. The player does it for themself (``username`` empty or their own), the
    organizer and the judges for anyone. Raises NotAllowed, BadInput (``not_registered``),
    WrongState (``check_in_not_required``, ``check_in_closed``)."""
    role = event_role(event=event, user=by)
    name = (username or "").strip() or by.get_username()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)  # the start sees it or not at all
        registration = (
            event.registrations.select_related("player").filter(player__username__iexact=name).first()
        )
        if registration is None:
            if not is_official(role) and name.casefold() != by.get_username().casefold():
                raise NotAllowed(_("Only the organizer and the judges can check in another player."))
            raise BadInput(
                _("username: %(name)s is not registered for this event") % {"name": name},
                code="not_registered",
            )
        if registration.player_id != by.pk and not is_official(role):
            raise NotAllowed(_("Only the organizer and the judges can check in another player."))
        if not event.check_in_required:
            raise WrongState(_("This event does not use check-in."), code="check_in_not_required")
        if event.status != S.REGISTRATION:
            raise WrongState(
                _("Check-in is open while registration is; this event is %(status)s.")
                % {"status": event.get_status_display()},
                code="check_in_closed",
            )
        if registration.checked_in != bool(checked_in):
            old = {"checked_in": registration.checked_in}
            registration.checked_in = bool(checked_in)
            registration.save(update_fields=["checked_in", "updated_at"])
            _audit(
                event,
                by,
                "check_in" if checked_in else "check_in_undo",
                old,
                {"checked_in": registration.checked_in, "player": registration.player.get_username()},
                "",
            )
    return registration


def _check_in_close(event: Event, by: User) -> None:
    """At the start (the event row locked): drop the registered players who did not check in
    and move up the waitlisted ones who did, in waitlist order, as far as the cap allows.
    Bots are always there. One audit entry lists who was dropped and who moved up."""
    missing = list(
        event.registrations.select_related("player").filter(
            status=Registration.Status.ACTIVE, checked_in=False, dropped=False, is_bot=False
        )
    )
    for registration in missing:
        registration.dropped, registration.dropped_after_round = True, NOT_CHECKED_IN
        registration.save(update_fields=["dropped", "dropped_after_round", "updated_at"])
    playing = event.registrations.filter(status=Registration.Status.ACTIVE, dropped=False).count()
    room = None if event.player_cap is None else max(0, event.player_cap - playing)
    waiting = event.registrations.select_related("player").filter(
        Q(checked_in=True) | Q(is_bot=True), status=Registration.Status.WAITLIST
    )
    promoted = list(waiting.order_by("created_at", "id")[:room] if room is not None else waiting)
    for registration in promoted:
        registration.status = Registration.Status.ACTIVE
        registration.save(update_fields=["status", "updated_at"])
    if missing or promoted:
        _audit(
            event,
            by,
            "check_in_close",
            {},
            {
                # Names joined: the audit trail shows each value as text.
                "dropped": ", ".join(r.player.get_username() for r in missing),
                "promoted": ", ".join(r.player.get_username() for r in promoted),
            },
            "",
        )


def match_no_show(*, match: Match, by: User, username: str) -> Match:
    """Give a paper match as a no-show loss to ``username``, who has not come to the table
    (organizer and judges), once the event's ``no_show_minutes`` of the round have passed;
    return the match, final. Raises NotAllowed, BadInput (``not_in_match``), WrongState
    (``online_match``, ``result_final``, ``not_current_round``, ``bye``, ``too_early``)."""
    with transaction.atomic():
        try:
            match = match_locked(match_id=match.pk)
        except Match.DoesNotExist:
            raise match_gone() from None
        event = match.round.event
        if not is_official(event_role(event=event, user=by)):
            raise NotAllowed(_("Only the organizer and the judges of this event can give a no-show loss."))
        wanted = (username or "").strip().casefold()
        seats = [r for r in (match.player_a, match.player_b) if r is not None]
        if not any(r.player.get_username().casefold() == wanted for r in seats):
            raise BadInput(
                _("username: %(name)s does not play in this match") % {"name": username}, code="not_in_match"
            )
        if event.online:
            raise WrongState(
                _("An online match has its clocks: a player who does not come loses on time (O1.2)."),
                code="online_match",
            )
        if match.is_bye:
            raise WrongState(_("A bye has no opponent to wait for."), code="bye")
        if match.status == Match.Status.FINAL:
            raise WrongState(_("The match already has a final result."), code="result_final")
        last = event.round_set.order_by("-number").first()
        if event.status not in (S.RUNNING, S.TOP_CUT) or last is None or last.pk != match.round_id:
            raise WrongState(
                _("Only a match of the round being played can be a no-show."), code="not_current_round"
            )
        due = match.round.started_at + timedelta(minutes=event.no_show_minutes)
        now = timezone.now()
        if now < due:
            left = math.ceil((due - now).total_seconds() / 60)
            raise WrongState(
                ngettext(
                    "A no-show loss can be given %(n)d minutes into the round: wait %(left)d more minute.",
                    "A no-show loss can be given %(n)d minutes into the round: wait %(left)d more minutes.",
                    left,
                )
                % {"n": event.no_show_minutes, "left": left},
                code="too_early",
            )
        loser = 0 if match.player_a.player.get_username().casefold() == wanted else 1
        name = (match.player_a, match.player_b)[loser].player.get_username()  # type: ignore[union-attr]
        _match_lost(match, loser, by, "no_show", f"{name} did not come to the table")
    return match

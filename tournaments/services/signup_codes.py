"""Sign-up codes for a venue (docs/organizers.md "Sign-up at the venue").

At a venue every player is behind one address (the shop's Wi-Fi), and sign-ups are rated per
address (THROTTLE_SIGNUP, 20 an hour): the 21st new player could not join. An event's organizer
makes a code, good for a number of sign-ups and a number of hours; a sign-up that gives it is
not counted against its address, and takes the player to the event. What keeps it from being a
way to make accounts in bulk: a code's uses and hours are bounded, and so are the sign-ups one
organizer's codes may let through in a day (SIGNUP_CODE_USES_PER_DAY, staff excepted); codes
are unguessable, and a sign-up with a wrong one counts against its address as any other.
"""

import math
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, SignupCode, SignupCodeUse
from tournaments.selectors.events import Role, event_role
from tournaments.services.errors import BadInput, NotAllowed, OverLimit, WrongState

# No 0/O, 1/I/L: a code is read aloud and typed from a screen at the venue.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8  # 31**8, about 8.5e11: guessed at 20 sign-ups an hour per address, never
USES_MAX = 200
HOURS_MAX = 72


def _whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(
            _("%(field)s: must be a whole number from %(low)d to %(high)d")
            % {"field": field, "low": low, "high": high},
            code="invalid",
        )
    return value


def signup_code_create(*, event: Event, by: User, uses: Any, hours: Any) -> SignupCode:
    """Make a sign-up code for the event (its organizer), good for ``uses`` sign-ups over the
    next ``hours``; return it. Raises NotAllowed, WrongState (a draft, or the event is over),
    BadInput (``uses`` 1–200, ``hours`` 1–72), OverLimit (``signup_codes_per_day``) past the
    sign-ups the organizer's codes may let through in a day."""
    if event_role(event=event, user=by) != Role.ORGANIZER:
        raise NotAllowed(_("Only the organizer of this event can make its sign-up codes."))
    if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        raise WrongState(_("The event is over: it takes no more players."), code="event_over")
    if event.status == Event.Status.DRAFT:
        raise WrongState(
            _("Open registration first: a sign-up code takes each new player to the event's page."),
            code="registration_closed",
        )
    uses = _whole(uses, "uses", 1, USES_MAX)
    hours = _whole(hours, "hours", 1, HOURS_MAX)
    now = timezone.now()
    with transaction.atomic():
        # The organizer's row locked: two codes made at once cannot both pass the day's quota.
        list(User.objects.select_for_update().filter(pk=by.pk))
        if not by.is_staff:
            day = now - timedelta(days=1)
            made = SignupCode.objects.filter(created_by=by, created_at__gt=day)
            used = made.aggregate(n=Sum("uses_max"))["n"] or 0
            left = settings.SIGNUP_CODE_USES_PER_DAY - used
            if uses > left:
                oldest = made.order_by("created_at").values_list("created_at", flat=True).first()
                wait = math.ceil(((oldest or now) + timedelta(days=1) - now).total_seconds())
                raise OverLimit(
                    ngettext(
                        "Your sign-up codes may let %(most)d player a day sign up; %(left)d more "
                        "can today. Ask a member of staff for more.",
                        "Your sign-up codes may let %(most)d players a day sign up; %(left)d more "
                        "can today. Ask a member of staff for more.",
                        settings.SIGNUP_CODE_USES_PER_DAY,
                    )
                    % {"most": settings.SIGNUP_CODE_USES_PER_DAY, "left": max(left, 0)},
                    wait=max(wait, 1),
                    code="signup_codes_per_day",
                )
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        return SignupCode.objects.create(
            event=event, code=code, created_by=by, expires_at=now + timedelta(hours=hours), uses_max=uses
        )


def signup_code_revoke(*, code: SignupCode, by: User) -> SignupCode:
    """Stop the code at once (its event's organizer); return it. Raises NotAllowed."""
    if event_role(event=code.event, user=by) != Role.ORGANIZER:
        raise NotAllowed(_("Only the organizer of this event can make its sign-up codes."))
    if code.revoked_at is None:
        code.revoked_at = timezone.now()
        code.save(update_fields=["revoked_at"])
    return code


def signup_code_claim(*, code: SignupCode, user: User) -> None:
    """Count the new account ``user`` against the code, inside the sign-up's transaction. Raises
    BadInput (``code_used_up``) when it was used up, expired or revoked since it was read (two
    players taking its last use at once: one of them gets it)."""
    claimed = SignupCode.objects.filter(
        pk=code.pk, uses__lt=F("uses_max"), expires_at__gt=timezone.now(), revoked_at__isnull=True
    ).update(uses=F("uses") + 1)
    if not claimed:
        raise BadInput(code_refused_text(), code="code_used_up")
    SignupCodeUse.objects.create(code=code, user=user)


def code_refused_text() -> str:
    """What a sign-up with a code that does not work is told, in the reader's language."""
    return _(
        "This sign-up code does not work: it is mistyped, used up, expired or withdrawn. "
        "Ask the organizer for the current one."
    )

"""Setting an event up: create it, change its settings while a draft, open its registration and
add judges.
"""

import functools
import math
import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.registry import get_game
from tournaments.models import (
    Event,
)
from tournaments.selectors.events import (
    Role,
)
from tournaments.services.errors import BadInput, OverLimit, WrongState
from tournaments.services.events.common import (
    STRUCTURE_OPTIONS,
    S,
    _late_entry_check,
    _require,
    _settings_checked,
    _structure_checked,
    _team_top_cut_check,
)
from tournaments.services.events.edits import DETAIL_FIELDS, _check_deadline, _details_checked, event_edit
from tournaments.services.text import (
    EVENT_NAME_MAX,
)


def event_create(
    *,
    organizer: User,
    name: str,
    game: str = "",
    format: str = "constructed",
    **settings: Any,
) -> Event:
    """Create an event in draft, organized by ``organizer``; return it (of ``game``, by default
    settings.DEFAULT_GAME). Raises BadInput."""
    game = game or django_settings.DEFAULT_GAME
    name = (name or "").strip()
    if not name or len(name) > EVENT_NAME_MAX:
        message = _("name: give the event a name (up to %(n)d characters)") % {"n": EVENT_NAME_MAX}
        raise BadInput(message, code="invalid")
    options = {key: settings.pop(key) for key in STRUCTURE_OPTIONS if key in settings}
    checked = _settings_checked(game, format, settings)
    checked.update(_structure_checked(game, options))
    _late_entry_check(checked["structure"], checked.get("late_entry", False))
    _team_top_cut_check(checked["teams"], checked.get("top_cut"))
    # Said nothing: the game's own side deck size (RESPONSE 10, R2.6; Your War none, Y2.4).
    checked.setdefault("side_deck_max", get_game(game).side_deck_default)
    checked.update(_details_checked(settings, str(settings.get("time_zone") or "UTC")))
    _check_deadline(checked.get("starts_at"), checked.get("registration_closes_at"))
    with transaction.atomic():
        if not organizer.is_staff:
            _event_quota_check(organizer)
        return Event.objects.create(
            name=name,
            game=game,
            format=format,
            organizer=organizer,
            seed=random.SystemRandom().randrange(2**62),
            **checked,
        )


def event_values_problems(
    *, name: str, game: str = "", format: str = "constructed", **settings: Any
) -> list[str]:
    """Return every refusal :func:`event_create` would give these values, each once and naming
    its field ("rounds: …"), so that a form shows every bad field at once; empty when none.
    The checks are event_create's own, run one value at a time."""
    game = game or django_settings.DEFAULT_GAME
    problems: list[str] = []

    def attempt(check: Callable[[], object]) -> None:
        try:
            check()
        except BadInput as error:
            if error.detail not in problems:
                problems.append(error.detail)

    name = (name or "").strip()
    if not name or len(name) > EVENT_NAME_MAX:
        problems.append(_("name: give the event a name (up to %(n)d characters)") % {"n": EVENT_NAME_MAX})
    attempt(lambda: _settings_checked(game, format, {}))
    zone = str(settings.get("time_zone") or "UTC")
    options = {key: settings[key] for key in STRUCTURE_OPTIONS if key in settings}
    attempt(lambda: _structure_checked(game, options))
    for key, value in settings.items():
        one = {key: value}
        if key in STRUCTURE_OPTIONS:
            continue
        if key in DETAIL_FIELDS:
            attempt(functools.partial(_details_checked, one, zone))
        else:
            attempt(functools.partial(_settings_checked, game, format, one))
    moments = ("starts_at", "registration_closes_at")
    attempt(lambda: _check_deadline(*(_details_checked({k: settings.get(k)}, zone).get(k) for k in moments)))
    return problems


def _event_quota_check(organizer: User) -> None:
    """Raise OverLimit when ``organizer`` has created settings.EVENTS_PER_DAY events in the last
    24 hours (one account created 1,000 events in 7 s). The organizer's row is locked
    first, so requests at once cannot all pass the count."""
    limit = django_settings.EVENTS_PER_DAY
    get_user_model().objects.select_for_update().filter(pk=organizer.pk).exists()
    day = timedelta(days=1)
    now = timezone.now()
    recent = list(
        Event.objects.filter(organizer=organizer, created_at__gt=now - day)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[:limit]
    )
    if len(recent) >= limit:
        wait = max(1, math.ceil((recent[-1] + day - now).total_seconds()))
        message = ngettext(
            "You have created %(count)d event in the last 24 hours, the most allowed. Try again later.",
            "You have created %(count)d events in the last 24 hours, the most allowed. Try again later.",
            limit,
        ) % {"count": limit}
        raise OverLimit(message, wait=wait)


def event_update(*, event: Event, by: User, reason: str = "", **settings: Any) -> Event:
    """Change an event's name, details and settings (organizer); return the event.

    Until the event starts every setting may change (the game only while nobody is
    registered); after, only round time and description (``LIVE_FIELDS``), and a reason is
    required. A new round time moves the end of the round being played. Every change
    is one audit entry (who, when, old → new, reason). Raises NotAllowed, BadInput
    (naming the field) or WrongState (code ``settings_fixed``).
    """
    return event_edit(event=event, by=by, reason=reason, changes=settings)


def event_open(*, event: Event, by: User) -> Event:
    """Open registration: draft → registration (organizer)."""
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.DRAFT:
            raise WrongState(
                _("Only a draft event can be opened (this one is %(status)s).")
                % {"status": event.get_status_display()}
            )
        event.status = S.REGISTRATION
        event.save(update_fields=["status"])
    return event


def judge_add(*, event: Event, by: User, username: str) -> User:
    """Add a judge to the event (organizer); return the judge's user."""
    _require(event, by, Role.ORGANIZER)
    user = get_user_model().objects.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise BadInput(_("username: no user named “%(name)s”") % {"name": username}, code="unknown_user")
    with transaction.atomic():
        # Locked as registration_submit locks it: a judge and a registration never cross.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.registrations.filter(player=user).exists():
            # A judge sees every decklist and every hand: never one of the players.
            raise WrongState(
                _("%(name)s is registered as a player in this event, so cannot judge it.")
                % {"name": user.get_username()},
                code="player_cannot_judge",
            )
        event.judges.add(user)
    return user

"""Editing an event: its settings and details (each change an audit entry with who, when, what
and why), cancelling, deleting a draft and removing a judge.
"""

import functools
import zoneinfo
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from engine.registry import game_keys, get_game
from tournaments.models import (
    Event,
    Registration,
)
from tournaments.selectors.events import (
    Role,
)
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.events.common import (
    STRUCTURE_OPTIONS,
    S,
    _audit,
    _audit_value,
    _late_entry_check,
    _promote_waitlist,
    _reason,
    _require,
    _settings_checked,
    _structure_checked,
    _team_top_cut_check,
)
from tournaments.services.text import (
    DESCRIPTION_MAX,
    VENUE_MAX,
)

# May change at any time (the spectating settings too: an organizer may open or close the games
# to spectators, or lengthen the delay, while they are played).
LIVE_FIELDS = frozenset(
    {"round_minutes", "description", "no_show_minutes", "spectators", "spectate_delay", "spectate_delay_unit"}
)
DETAIL_FIELDS = ("starts_at", "time_zone", "venue", "description", "registration_closes_at")
SETTING_FIELDS = (
    "name", "game", "format", "best_of", "rounds", "top_cut", "side_deck_max", "online",
    "round_minutes", "player_cap", "late_entry", "grace_minutes", "check_in_required", "no_show_minutes",
    "spectators", "spectate_delay", "spectate_delay_unit",
    "seed_by_rating",
)  # fmt: skip
YEARS = (2000, 2999)  # an event's dates


@functools.cache
def time_zones() -> frozenset[str]:
    """Return the IANA time zone names this machine knows (Europe/Moscow, UTC, …)."""
    return frozenset(zoneinfo.available_timezones())


def _when(key: str, value: Any, zone: str) -> datetime | None:
    """Return ``value`` (an ISO 8601 string or a datetime) as an aware datetime; a value
    without an offset is a wall-clock time in the event's zone ``zone``."""
    if value is None or value == "":
        return None
    moment = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            moment = parse_datetime(value.strip())
        except ValueError:
            moment = None
    if moment is None:
        raise BadInput(
            _("%(field)s: a date and time such as 2026-05-30T10:00 (ISO 8601)") % {"field": key},
            code="invalid",
        )
    if not YEARS[0] <= moment.year <= YEARS[1]:  # and far from datetime's limits once in UTC
        raise BadInput(
            _("%(field)s: a year from %(low)d to %(high)d")
            % {"field": key, "low": YEARS[0], "high": YEARS[1]},
            code="invalid",
        )
    if timezone.is_naive(moment):
        moment = moment.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    return moment


def _details_checked(values: Mapping[str, Any], zone: str) -> dict[str, Any]:
    """Return the event details in ``values`` after checking each; raise BadInput naming the first bad one."""
    checked: dict[str, Any] = {}
    if "time_zone" in values:
        zone = str(values["time_zone"] or "").strip()
        if zone not in time_zones():
            raise BadInput(
                _("time_zone: unknown time zone %(zone)r (an IANA name such as Europe/Moscow)")
                % {"zone": zone},
                code="invalid",
            )
        checked["time_zone"] = zone
    for key in ("starts_at", "registration_closes_at"):
        if key in values:
            checked[key] = _when(key, values[key], zone)
    for key, most in (("venue", VENUE_MAX), ("description", DESCRIPTION_MAX)):
        if key in values:
            text = str(values[key] or "").strip()
            if len(text) > most:
                message = _("%(field)s: at most %(n)d characters") % {"field": key, "n": most}
                raise BadInput(message, code="invalid")
            checked[key] = text
    return checked


def _check_deadline(starts: datetime | None, closes: datetime | None) -> None:
    if starts is not None and closes is not None and closes > starts:
        raise BadInput(
            _("registration_closes_at: registration must close before the event starts"), code="invalid"
        )


def event_edit(*, event: Event, by: User, changes: Mapping[str, Any], reason: str = "") -> Event:
    """Apply ``changes`` (setting and detail names → values) to the event; see event_update."""
    _require(event, by, Role.ORGANIZER)
    unknown = sorted(set(changes) - set(SETTING_FIELDS) - set(DETAIL_FIELDS) - set(STRUCTURE_OPTIONS))
    if unknown:
        raise BadInput(_("%(field)s: not a setting of an event") % {"field": unknown[0]}, code="invalid")
    with transaction.atomic():
        # Locked: an edit racing the start of the event sees the state the start leaves.
        event = Event.objects.select_for_update().get(pk=event.pk)
        started = event.status not in (S.DRAFT, S.REGISTRATION)
        values = dict(changes)
        if "name" in values:
            name = str(values["name"] or "").strip()
            if not name or len(name) > 200:
                raise BadInput(_("name: give the event a name (up to 200 characters)"), code="invalid")
            values["name"] = name
        game = values.get("game", event.game)
        same_format = game == event.game or game not in game_keys()  # an unknown game is refused below
        fmt = values.get("format", event.format if same_format else get_game(game).formats[0])
        settings_in = {k: v for k, v in values.items() if k in SETTING_FIELDS and k not in ("name", "game")}
        checked = _settings_checked(game, fmt, settings_in)
        if (
            game != event.game
            and event.online
            and "online" not in checked
            and not get_game(game).has_match_engine
        ):
            # An online event moving to a game without a match engine must say it is played on paper.
            _settings_checked(game, fmt, {"online": True})
        options = {k: v for k, v in values.items() if k in STRUCTURE_OPTIONS}
        if options:  # checked together with the event's other options
            every = {k: getattr(event, k) for k in STRUCTURE_OPTIONS} | options
            if "structure" in options and options["structure"] != event.structure:
                every.update(grand_final_reset=options.get("grand_final_reset", False))
                every.update(double_round_robin=options.get("double_round_robin", False))
                every.update(drop_policy=options.get("drop_policy", Event.DropPolicy.KEEP))
                every.update(
                    league_days=options.get("league_days"), league_matches=options.get("league_matches")
                )
            structure = _structure_checked(game, every)
            checked.update({k: structure[k] for k in options})
            if "structure" in options:  # a league's and a round robin's options go with the structure
                checked.update(
                    league_days=structure["league_days"],
                    league_matches=structure["league_matches"],
                    drop_policy=structure["drop_policy"],
                )
            if structure["structure"] != Event.Structure.SWISS and (event.top_cut or checked.get("top_cut")):
                checked["top_cut"] = 0  # ignored outside Swiss
        _late_entry_check(
            checked.get("structure", event.structure), checked.get("late_entry", event.late_entry)
        )
        _team_top_cut_check(checked.get("teams", event.teams), checked.get("top_cut", event.top_cut))
        checked.update(_details_checked(values, values.get("time_zone", event.time_zone)))
        if "name" in values:
            checked["name"] = values["name"]
        if "game" in values:
            checked["game"] = game
        if "format" in values or game != event.game:
            checked["format"] = fmt
        changed = {k: v for k, v in checked.items() if getattr(event, k) != v}
        if not changed:
            return event
        if started:
            fixed = sorted(set(changed) - LIVE_FIELDS)
            if fixed:
                raise WrongState(
                    _("%(field)s: the event has started; only the round time and the description can change.")
                    % {"field": fixed[0]},
                    code="settings_fixed",
                )
        if "game" in changed and event.registrations.exists():
            raise WrongState(
                _("game: players have registered decks for this game; the game cannot change."),
                code="has_registrations",
            )
        _check_deadline(
            changed.get("starts_at", event.starts_at),
            changed.get("registration_closes_at", event.registration_closes_at),
        )
        note = _reason(reason, required=started)
        old = {k: _audit_value(getattr(event, k)) for k in changed}
        for key, value in changed.items():
            setattr(event, key, value)
        event.save(update_fields=list(changed))
        if "round_minutes" in changed:
            # The new round time counts for the round being played too (and every later one).
            playing = event.round_set.order_by("-number").first()
            if playing is not None and event.status in (S.RUNNING, S.TOP_CUT):
                playing.ends_at = playing.started_at + timedelta(minutes=event.round_minutes)
                playing.save(update_fields=["ends_at"])
        if "player_cap" in changed and event.status == S.REGISTRATION:
            while event.registrations.filter(status=Registration.Status.WAITLIST).exists():
                before = event.registrations.filter(status=Registration.Status.ACTIVE).count()
                _promote_waitlist(event)
                if event.registrations.filter(status=Registration.Status.ACTIVE).count() == before:
                    break
        _audit(event, by, "edit", old, {k: _audit_value(v) for k, v in changed.items()}, note)
    return event


def event_cancel(*, event: Event, by: User, reason: str) -> Event:
    """Cancel an event that has not started (organizer), with a reason; return it.

    A cancelled event stays listed with its registrations, closed to everything but its
    description. One that has started is played to its end instead. Raises WrongState.
    """
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=True)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status not in (S.DRAFT, S.REGISTRATION):
            raise WrongState(
                _("Only an event that has not started can be cancelled (this one is %(status)s).")
                % {"status": event.get_status_display()},
                code="cannot_cancel",
            )
        old = {"status": event.status}
        event.status = S.CANCELLED
        event.save(update_fields=["status"])
        _audit(event, by, "cancel", old, {"status": event.status}, note)
    return event


def event_delete(*, event: Event, by: User, reason: str = "") -> None:
    """Delete a draft (organizer). The audit entry stays, with the event's id and name.
    Raises WrongState for an event past its draft (cancel it instead)."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=False)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != S.DRAFT:
            raise WrongState(
                _("Only a draft can be deleted; cancel an event once registration is open."),
                code="not_a_draft",
            )
        old = {"id": event.pk, "name": event.name, "status": event.status}
        event.delete()
        _audit(None, by, "delete", old, {}, note)


def judge_remove(*, event: Event, by: User, username: str, reason: str) -> User:
    """Remove a judge from the event (organizer), with a reason; return the user."""
    _require(event, by, Role.ORGANIZER)
    note = _reason(reason, required=True)
    user = event.judges.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise BadInput(
            _("username: %(name)r is not a judge of this event") % {"name": username}, code="not_a_judge"
        )
    with transaction.atomic():
        event.judges.remove(user)
        event.former_judges.add(user)  # they saw the hands: never a player here (_official_cannot_play)
        _audit(event, by, "judge_remove", {"judge": user.get_username()}, {}, note)
    return user

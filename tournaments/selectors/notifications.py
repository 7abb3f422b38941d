"""Reads for the player's day: the bell, the games waiting for me, my home page."""

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event, Game, Match, Notification, Registration

S = Event.Status
LIVE = (S.RUNNING, S.TOP_CUT)


def notifications_of(*, user: User, limit: int = 50) -> list[Notification]:
    """The user's newest notifications, newest first."""
    return list(Notification.objects.filter(user=user).select_related("event")[:limit])


def notifications_unread_count(*, user: User) -> int:
    """How many of the user's notifications are unread."""
    return Notification.objects.filter(user=user, read_at=None).count()


def games_waiting_for(*, user: User) -> list[Match]:
    """The matches whose game in progress waits for the user's decision now.

    Read from the games' state (the seat that must decide), not stored as notifications: the
    online worker's hot path then writes and queues nothing per action for the bell. A practice
    game is left out: the player is on its page, and it belongs to no event.
    """
    # From the user's few registrations in live events to their matches, then those matches'
    # games: every page's bell reads this, and a running online event has thousands of games
    # (joined the other way round, the database went through all of them: 2.5 s at 4,096).
    entries = Registration.objects.filter(player=user, event__status__in=LIVE, event__practice=False).values(
        "pk"
    )
    pending = Match.objects.filter(status=Match.Status.PENDING)
    seat_a = pending.filter(player_a__in=entries).values("pk")
    seat_b = pending.filter(player_b__in=entries).values("pk")
    games = Game.objects.filter(status=Game.Status.PLAYING).filter(
        Q(decision_seat=0, match__in=seat_a) | Q(decision_seat=1, match__in=seat_b)
    )
    return list(
        Match.objects.filter(pk__in=games.values("match_id")).select_related(
            "round__event", "player_a__player", "player_b__player"
        )
    )


def _opponent(match: Match, user: User) -> str | None:
    if match.player_b is None:
        return None
    other = match.player_b if match.player_a.player_id == user.pk else match.player_a
    return other.player.get_username()


def match_row(match: Match, user: User, now: datetime) -> dict[str, Any]:
    event = match.round.event
    ends = match.round.ends_at + timedelta(minutes=match.extension_minutes)
    online = event.online and match.player_b is not None
    return {
        "id": match.pk,
        "event": {"id": event.pk, "name": event.name},
        "round": match.round.number,
        "table": match.table,
        "opponent": _opponent(match, user),
        "bye": match.player_b is None,
        "status": match.status,
        "ends_at": ends,
        "seconds_left": max(0, int((ends - now).total_seconds())),
        "online": online,
        "play_url": reverse("match-play", args=[match.pk]) if online else None,
        "url": reverse("event-detail", args=[event.pk]),
    }


def player_home(*, user: User) -> dict[str, Any]:
    """The signed-in player's day: ``events`` (mine, not finished or cancelled),
    ``current_matches`` (my match in the current round of each running event, those still being
    played first), ``current_match`` (the first of them, or None), ``preparing`` (the events
    whose next round is paired but held by the organizer: ``event``, ``round``, ``url``),
    ``to_confirm`` (opponents' reports waiting for me), ``waiting_for_me`` (games waiting for my
    move) and ``next`` (the next event I am registered for, or None). Practice games are no
    events: left out."""
    now = timezone.now()
    regs = list(
        Registration.objects.filter(
            player=user, event__status__in=[S.REGISTRATION, *LIVE], event__practice=False
        )
        .select_related("event")
        .order_by("event__starts_at", "event_id")
    )
    events = [
        {
            "id": r.event.pk,
            "name": r.event.name,
            "status": r.event.status,
            "starts_at": r.event.starts_at,
            "registration": r.status,
            "dropped": r.dropped,
            "url": reverse("event-detail", args=[r.event.pk]),
        }
        for r in regs
    ]
    current: list[dict[str, Any]] = []
    preparing: list[dict[str, Any]] = []
    for reg in regs:
        if reg.event.status not in LIVE or reg.dropped or reg.status != Registration.Status.ACTIVE:
            continue  # a waitlisted player is never paired
        last = reg.event.round_set.order_by("-number").first()
        if last is None:
            continue
        if not last.published:  # held pairings: nobody but the officials sees them yet
            preparing.append(
                {
                    "event": {"id": reg.event.pk, "name": reg.event.name},
                    "round": last.number,
                    "url": reverse("event-detail", args=[reg.event.pk]),
                }
            )
            continue
        match = (
            last.matches.filter(Q(player_a=reg) | Q(player_b=reg))
            .select_related("round__event", "player_a__player", "player_b__player")
            .first()
        )
        if match is not None:
            current.append(match_row(match, user, now))
    current.sort(key=lambda row: row["status"] == Match.Status.FINAL)  # the ones to play first
    to_confirm = (
        Match.objects.filter(
            Q(player_a__player=user) | Q(player_b__player=user), status=Match.Status.REPORTED
        )
        .filter(disputed=False, round__event__status__in=LIVE, round__event__practice=False)
        .exclude(reported_by=user)
        .select_related("round__event", "player_a__player", "player_b__player", "reported_by")
    )
    upcoming = [e for e in events if e["status"] == S.REGISTRATION and e["registration"] == "active"]
    return {
        "events": events,
        "current_match": current[0] if current else None,
        "current_matches": current,
        "preparing": preparing,
        "to_confirm": [
            {**match_row(m, user, now), "wins_a": m.wins_a, "wins_b": m.wins_b, "draws": m.draws}
            for m in to_confirm
        ],
        "waiting_for_me": [match_row(m, user, now) for m in games_waiting_for(user=user)],
        "next": upcoming[0] if upcoming else None,
    }

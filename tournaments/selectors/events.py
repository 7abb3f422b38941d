"""Reads about events: roles, who sees what, rounds, standings."""

from dataclasses import dataclass
from enum import Enum
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from tournaments.models import Event, Match, Registration, Round
from tournaments.swiss import MatchRecord, Player, Standing, compute_standings

User = AbstractBaseUser | AnonymousUser


class Role(Enum):
    ORGANIZER = "organizer"  # the event's organizer, or staff
    JUDGE = "judge"
    PLAYER = "player"  # registered (active or waitlisted)
    OUTSIDER = "outsider"  # signed in, not involved
    ANONYMOUS = "anonymous"


def event_role(*, event: Event, user: User) -> Role:
    """Return the user's role in the event (the strongest one)."""
    if not user.is_authenticated:
        return Role.ANONYMOUS
    if user.is_staff or event.organizer_id == user.pk:
        return Role.ORGANIZER
    if event.judges.filter(pk=user.pk).exists():
        return Role.JUDGE
    if event.registrations.filter(player_id=user.pk).exists():
        return Role.PLAYER
    return Role.OUTSIDER


def is_official(role: Role) -> bool:
    """Organizer or judge: sees every decklist, reports final results."""
    return role in (Role.ORGANIZER, Role.JUDGE)


def can_see_deck(*, event: Event, role: Role, registration: Registration, user: User) -> bool:
    """Decklists are hidden: the player sees their own, officials see all, everyone once published."""
    return is_official(role) or event.decklists_public or registration.player_id == getattr(user, "pk", None)


def events_visible(*, user: User) -> QuerySet[Event]:
    """Return events listed for the user: every non-draft event, plus their own drafts."""
    events = Event.objects.select_related("organizer")
    if user.is_authenticated and user.is_staff:
        return events
    if user.is_authenticated:
        return events.exclude(status=Event.Status.DRAFT) | events.filter(organizer_id=user.pk)
    return events.exclude(status=Event.Status.DRAFT)


def event_players(*, event: Event) -> QuerySet[Registration]:
    """Return the active (not waitlisted) registrations, with their users."""
    return event.registrations.filter(status=Registration.Status.ACTIVE).select_related("player")


def current_round(*, event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def swiss_history(*, event: Event) -> tuple[list[Player], list[MatchRecord]]:
    """Return the Swiss core's inputs: every active player and every final Swiss match.

    Rounds a late entry missed come back as 0–2 losses (MatchRecord.missed).
    """
    registrations = list(event_players(event=event))
    players = [
        Player(id=r.pk, name=r.player.get_username(), dropped=r.dropped, late_round=r.late_round)
        for r in registrations
    ]
    records: list[MatchRecord] = []
    rows = Match.objects.filter(
        round__event=event, round__kind=Round.Kind.SWISS, status=Match.Status.FINAL
    ).values_list("round__number", "player_a_id", "player_b_id", "wins_a", "wins_b", "draws")
    for number, a, b, wins_a, wins_b, draws in rows:
        records.append(MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws))
    for r in registrations:
        for number in range(1, (r.late_round or 1)):
            records.append(MatchRecord.missed(round=number, player=r.pk))
    return players, records


def event_standings(*, event: Event) -> list[Standing]:
    """Return the Swiss standings (match points, OMW%, GW%, OGW%), dropped players marked."""
    players, records = swiss_history(event=event)
    return compute_standings(players=players, history=records)


def standings_json(*, event: Event) -> list[dict[str, Any]]:
    """Return the standings in the api.md shape (percentages in [0, 1], 4 places)."""
    return [
        {
            "rank": s.rank,
            "username": s.name,
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "omw": round(s.omw, 4),
            "gw": round(s.gw, 4),
            "ogw": round(s.ogw, 4),
            "dropped": s.dropped,
        }
        for s in event_standings(event=event)
    ]


@dataclass(frozen=True)
class RoundView:
    round: Round
    matches: list[Match]


def round_matches(*, round: Round) -> list[Match]:
    return list(round.matches.select_related("player_a__player", "player_b__player").order_by("table"))

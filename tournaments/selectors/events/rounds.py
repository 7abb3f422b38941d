"""Rounds and pairings: the current, held or running round, its matches (paged and searched), a
player's match, the round's progress and seats.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet

from tournaments.models import Event, ForbiddenPair, Match, Registration, Round
from tournaments.users import Visitor


def current_round(*, event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def forbidden_pairs(*, event: Event) -> list[tuple[int, int]]:
    """Return the registration ids of the pairs the pairer keeps apart (ForbiddenPair)."""
    return list(event.forbidden_pairs.values_list("a_id", "b_id"))


def forbidden_pairs_listed(*, event: Event) -> list[ForbiddenPair]:
    """Return the event's forbidden pairs, oldest first, with both players' users."""
    return list(event.forbidden_pairs.select_related("a__player", "b__player", "by"))


def preparing_round(*, event: Event) -> int | None:
    """Return the number of the event's round being prepared (paired, its pairings held by the
    organizer and not yet published), or None."""
    if event.status not in (Event.Status.RUNNING, Event.Status.TOP_CUT):
        return None
    held = event.round_set.filter(published=False).order_by("-number").first()
    return held.number if held is not None else None


@dataclass(frozen=True)
class RoundView:
    round: Round
    matches: list[Match]


def round_matches(*, round: Round) -> list[Match]:
    # The decklists stay unread: a round of 4,096 tables would decode 8,192 of them.
    return list(
        round.matches.select_related("player_a__player", "player_b__player")
        .defer("player_a__deck", "player_b__deck")
        .order_by("table")
    )


def round_movable_players(*, round: Round) -> list[str]:
    """Return the names (case-insensitive order) of the players the organizer may still move in
    a round: those at a table without a result that is no bye. A player dropped before the
    round, or whose table is done, has no such table (the swap and bye tools refuse them).
    Read as plain names: a round of 4,096 tables is 8,192 of them."""
    waiting = round.matches.filter(status=Match.Status.PENDING, player_b__isnull=False)
    names = [
        name
        for pair in waiting.values_list("player_a__player__username", "player_b__player__username")
        for name in pair
    ]
    return sorted(names, key=str.casefold)


def round_match_rows(*, round: Round) -> list[dict[str, Any]]:
    """Return the round's matches in the API's shape (MatchOut), read as plain rows: a round of
    4,096 tables is 20,000 model objects otherwise."""
    rows = round.matches.order_by("table").values_list(
        "id",
        "table",
        "player_a__player__username",
        "player_b__player__username",
        "status",
        "wins_a",
        "wins_b",
        "draws",
        "disputed",
        "reported_by__username",
        "extension_minutes",
        "bracket_key",
    )
    keys = (
        "id",
        "table",
        "player_a",
        "player_b",
        "status",
        "wins_a",
        "wins_b",
        "draws",
        "disputed",
        "reported_by",
        "extension_minutes",
        "bracket_key",
    )
    return [dict(zip(keys, row, strict=True)) for row in rows]


def round_matches_page(*, round: Round, q: str = "") -> QuerySet[Match]:
    """Return the round's matches by table, with their players, as a query to cut into pages;
    ``q`` keeps the matches where a player's name contains it (case-insensitive)."""
    matches = (
        round.matches.select_related("player_a__player", "player_b__player")
        .defer("player_a__deck", "player_b__deck")
        .order_by("table")
    )
    q = q.strip()
    if q:
        matches = matches.filter(
            Q(player_a__player__username__icontains=q) | Q(player_b__player__username__icontains=q)
        )
    return matches


def event_round(*, event: Event, number: int) -> Round | None:
    """Return the round ``number`` of the event, or None."""
    return event.round_set.filter(number=number).first()


def running_round(*, event: Event) -> Round | None:
    """Return the round being played: the latest one while the event runs and a result is missing."""
    if event.status not in (Event.Status.RUNNING, Event.Status.TOP_CUT):
        return None
    last = current_round(event=event)
    if last is None or not last.matches.exclude(status=Match.Status.FINAL).exists():
        return None
    return last


def player_match(*, round: Round, user: Visitor) -> Match | None:
    """Return the user's match in the round (a league's: their latest), or None."""
    if not user.is_authenticated:
        return None
    # By the user's registration (a subquery on its unique index), not through the players'
    # rows: the join over the players of both seats went through a round's 4,096 tables.
    entry = Registration.objects.filter(event_id=round.event_id, player_id=user.pk).values("pk")
    # A league's one round holds all a player's matches: the latest is the one under way.
    order = "-table" if round.kind == Round.Kind.LEAGUE else "table"
    return (
        round.matches.select_related("round", "player_a__player", "player_b__player", "reported_by")
        .filter(Q(player_a__in=entry) | Q(player_b__in=entry))
        .order_by(order)
        .first()
    )


def match_deadline(*, match: Match) -> datetime:
    """Return when the match's time is up: the round's end plus the match's extension."""
    return match.round.ends_at + timedelta(minutes=match.extension_minutes)


@dataclass(frozen=True)
class RoundProgress:
    """How far the results of a round are: matches in all, final, waiting, disputed."""

    total: int
    final: int
    missing: int
    disputed: int


def round_progress(*, matches: list[Match]) -> RoundProgress:
    """Return the counts of a round's matches by state (``missing``: not final yet)."""
    final = sum(1 for m in matches if m.status == Match.Status.FINAL)
    return RoundProgress(
        total=len(matches),
        final=final,
        missing=len(matches) - final,
        disputed=sum(1 for m in matches if m.disputed and m.status != Match.Status.FINAL),
    )


def round_progress_counted(*, round: Round) -> RoundProgress:
    """Return :func:`round_progress` of a round counted by the database (one query, however
    many tables)."""
    counts = round.matches.aggregate(
        total=Count("id"),
        final=Count("id", filter=Q(status=Match.Status.FINAL)),
        disputed=Count("id", filter=Q(disputed=True) & ~Q(status=Match.Status.FINAL)),
    )
    total, final = counts["total"] or 0, counts["final"] or 0
    return RoundProgress(total=total, final=final, missing=total - final, disputed=counts["disputed"] or 0)


@dataclass(frozen=True)
class GamesReady:
    """How many of an online round's games the workers have set up (``ready``) of ``total``."""

    ready: int
    total: int

    @property
    def setting_up(self) -> bool:
        return self.ready < self.total


def round_games_ready(*, round: Round) -> GamesReady | None:
    """Return how many game 1s of a published online round exist of the matches that need one
    (one query), or None for a paper or held round. A large round's games are set up by the
    workers after the start (services/online round_games_start): the dashboard says how far."""
    if not round.event.online or not round.published:
        return None
    counts = round.matches.filter(player_b__isnull=False).aggregate(
        total=Count("id", distinct=True),
        ready=Count("games", filter=Q(games__number=1), distinct=True),
    )
    return GamesReady(ready=counts["ready"] or 0, total=counts["total"] or 0)


@dataclass(frozen=True)
class Seat:
    """One player's line of a pairings sheet (``opponent`` None: a bye)."""

    name: str
    table: int
    opponent: str | None
    match: Match


def round_seats(*, round: Round) -> list[Seat]:
    """Return one line per paired player, sorted by name (the printed pairings sheet)."""
    seats = []
    for match in round_matches(round=round):
        a = match.player_a.player.get_username()
        b = match.player_b.player.get_username() if match.player_b else None
        seats.append(Seat(name=a, table=match.table, opponent=b, match=match))
        if b is not None:
            seats.append(Seat(name=b, table=match.table, opponent=a, match=match))
    return sorted(seats, key=lambda seat: seat.name.casefold())


def no_show_from(*, round: Round) -> datetime:
    """Return when a paper match of ``round`` may be given as a no-show loss."""
    return round.started_at + timedelta(minutes=round.event.no_show_minutes)


def match_locked(*, match_id: int) -> Match:
    """Return the match locked for an official's change (``SELECT ... FOR UPDATE`` of the match
    row only), with its event and both players read with it; Match.DoesNotExist otherwise.
    The one read of a judge's penalty and a no-show loss: call it inside a transaction."""
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event", "player_a__player", "player_b__player")
        .get(pk=match_id)
    )

"""Reads of a player's profile: events played, match history, ratings per
game, head-to-head. Only what the reader may see: events listed for them (no one else's
draft), published rounds, decklists once the event has published them (or the player's own)."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.db.models.functions import Lower

from tournaments.models import Event, Match, PlayerProfile, RatedMatch, Rating, Registration
from tournaments.selectors.events import (
    event_results,
    events_visible,
    registration_deck_text,
    structure_placings,
)
from tournaments.selectors.events.standings import cached_by_results
from tournaments.users import User, Visitor

MATCHES_PAGE = 50
EVENTS_MAX = 100  # the profile lists the latest events; older ones stay in the match history
PLACINGS_CACHE_SECONDS = 600


def player_named(username: str) -> User | None:
    """The user called ``username`` (case-insensitive, as sign-up keeps them unique), or None."""
    users = get_user_model().objects
    name = (username or "").strip()
    # Exact first (the username's own index), then lower(username)'s: iexact's UPPER() has none.
    return (
        users.filter(username=name).first()
        or users.annotate(lower=Lower("username")).filter(lower=name.lower()).first()
    )


def profile_hidden(*, player: User) -> bool:
    return PlayerProfile.objects.filter(user=player, hidden=True).exists()


def profile_visible(*, player: User, user: Visitor) -> bool:
    """A public profile is everyone's; a hidden one only the player's, staff's, and the
    officials' (organizer, judges) of an event the player entered."""
    if not profile_hidden(player=player):
        return True
    if not user.is_authenticated:
        return False
    if user.is_staff or user.pk == player.pk:
        return True
    return (
        Registration.objects.filter(player=player)
        .filter(Q(event__organizer_id=user.pk) | Q(event__judges__id=user.pk))
        .exists()
    )


@dataclass(frozen=True)
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True)
class ProfileEvent:
    """One event the player entered: their final place (finished events), record, deck."""

    event: Event
    registration: Registration
    placing: int | None
    record: Record
    deck: dict[str, Any] | None  # formats.md JSON, when the reader may see it
    deck_text: str


@dataclass(frozen=True)
class ProfileMatch:
    """One match from the player's side: ``result`` win, loss, draw, bye or pending."""

    match: Match
    event: Event
    opponent: str | None
    result: str
    wins: int
    losses: int
    draws: int
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True)
class RatingLine:
    rating: Rating
    rank: int


@dataclass
class Profile:
    player: User
    hidden: bool
    ratings: list[RatingLine]
    events: list[ProfileEvent]
    matches: list[ProfileMatch]
    matches_count: int
    page: int
    page_size: int = MATCHES_PAGE
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def pages(self) -> int:
        return max(1, -(-self.matches_count // self.page_size))


def _registrations(player: User, user: Visitor) -> QuerySet[Registration]:
    return Registration.objects.filter(
        player=player, event__in=events_visible(user=user).values("pk"), status=Registration.Status.ACTIVE
    )


def _matches(registrations: Iterable[int]) -> QuerySet[Match]:
    regs = list(registrations)
    return Match.objects.filter(Q(player_a_id__in=regs) | Q(player_b_id__in=regs), round__published=True)


def event_placings(*, event: Event) -> dict[int, int]:
    """Registration id → final place of the event, cached under its results' version."""

    def make(version: str) -> dict[int, int]:
        if event.structure != Event.Structure.SWISS:  # a bracket's or a round robin's places
            return structure_placings(event=event)
        return {p.player_id: p.rank for p, _ in event_results(event=event, version=version).placings}

    return dict(cached_by_results(event=event, name="placings", make=make, seconds=PLACINGS_CACHE_SECONDS))


def _side(match: Match, regs: set[int]) -> tuple[int, int, str | None]:
    """(my wins, their wins, the opponent's name) of ``match`` for the player of ``regs``."""
    mine_a = match.player_a_id in regs
    if match.player_b_id is None:
        return match.wins_a, 0, None
    opponent = match.player_b if mine_a else match.player_a
    name = opponent.player.get_username() if opponent is not None else None
    return (match.wins_a, match.wins_b, name) if mine_a else (match.wins_b, match.wins_a, name)


def _result(match: Match, mine: int, theirs: int) -> str:
    if match.player_b_id is None:
        return "bye"
    if match.status != Match.Status.FINAL:
        return "pending"
    return "win" if mine > theirs else "loss" if mine < theirs else "draw"


def _lines(matches: list[Match], regs: set[int], player: User) -> list[ProfileMatch]:
    rated = {
        row[0]: row
        for row in RatedMatch.objects.filter(match_id__in=[m.pk for m in matches]).values_list(
            "match_id", "player_a_id", "mu_a", "sigma_a", "mu_a_after", "sigma_a_after",
            "mu_b", "sigma_b", "mu_b_after", "sigma_b_after",
        )
    }  # fmt: skip
    lines = []
    for match in matches:
        mine, theirs, opponent = _side(match, regs)
        before = after = None
        if match.pk in rated:
            _, a, mu_a, s_a, mu_a2, s_a2, mu_b, s_b, mu_b2, s_b2 = rated[match.pk]
            if a == player.pk:
                before, after = mu_a - 3 * s_a, mu_a2 - 3 * s_a2
            else:
                before, after = mu_b - 3 * s_b, mu_b2 - 3 * s_b2
        lines.append(
            ProfileMatch(
                match=match,
                event=match.round.event,
                opponent=opponent,
                result=_result(match, mine, theirs),
                wins=mine,
                losses=theirs,
                draws=match.draws,
                rating_before=before,
                rating_after=after,
            )
        )
    return lines


def _history(matches: QuerySet[Match]) -> QuerySet[Match]:
    return matches.select_related("round__event", "player_a__player", "player_b__player").order_by(
        "-round__started_at", "-round__number", "-pk"
    )


def player_ratings(*, player: User) -> list[RatingLine]:
    """The player's rating in each game they have played rated matches of, with their rank."""
    lines = []
    for rating in Rating.objects.filter(player=player).select_related("player").order_by("game"):
        # Two ranges on the leaderboard's index (an OR of them would scan the whole game).
        better = Rating.objects.filter(game=rating.game, rating__gt=rating.rating).count()
        tied = Rating.objects.filter(
            game=rating.game, rating=rating.rating, player_id__lt=rating.player_id
        ).count()
        lines.append(RatingLine(rating=rating, rank=better + tied + 1))
    return lines


def player_profile(*, player: User, user: Visitor, page: int = 1) -> Profile:
    """The player's profile as ``user`` may see it (check :func:`profile_visible` first);
    ``page`` of the match history, newest first."""
    registrations = list(
        _registrations(player, user)
        .select_related("event")
        .order_by("-event__starts_at", "-event__created_at")
    )
    regs = {r.pk for r in registrations}
    records: dict[int, list[int]] = {pk: [0, 0, 0] for pk in regs}
    for a, b, wins_a, wins_b in (
        _matches(regs)
        .filter(status=Match.Status.FINAL)
        .values_list("player_a_id", "player_b_id", "wins_a", "wins_b")
    ):
        mine, theirs, reg = (wins_a, wins_b, a) if a in regs else (wins_b, wins_a, b)
        slot = 0 if b is None or mine > theirs else 1 if mine < theirs else 2  # a bye is a win
        records[reg][slot] += 1
    events = []
    for registration in registrations[:EVENTS_MAX]:
        event = registration.event
        placing = (
            event_placings(event=event).get(registration.pk)
            if event.status == Event.Status.FINISHED
            else None
        )
        own = user.is_authenticated and (user.pk == player.pk or user.is_staff)
        shown = (event.decklists_public or own) and bool(registration.deck)
        events.append(
            ProfileEvent(
                event=event,
                registration=registration,
                placing=placing,
                record=Record(*records[registration.pk]),
                deck=registration.deck if shown else None,
                deck_text=registration_deck_text(registration=registration) if shown else "",
            )
        )
    history = _history(_matches(regs))
    count = history.count()
    start = (page - 1) * MATCHES_PAGE
    matches = list(history[start : start + MATCHES_PAGE])
    return Profile(
        player=player,
        hidden=profile_hidden(player=player),
        ratings=player_ratings(player=player),
        events=events,
        matches=_lines(matches, regs, player),
        matches_count=count,
        page=page,
    )


@dataclass(frozen=True)
class HeadToHead:
    opponent: User
    record: Record
    matches: list[ProfileMatch]


def head_to_head(*, player: User, opponent: User, user: Visitor) -> HeadToHead:
    """The final matches of ``player`` against ``opponent`` that ``user`` may see, newest first,
    and the record from ``player``'s side."""
    mine = set(_registrations(player, user).values_list("pk", flat=True))
    theirs = set(_registrations(opponent, user).values_list("pk", flat=True))
    matches = Match.objects.filter(
        Q(player_a_id__in=mine, player_b_id__in=theirs) | Q(player_a_id__in=theirs, player_b_id__in=mine),
        round__published=True,
        status=Match.Status.FINAL,
    )
    lines = _lines(list(_history(matches)[:MATCHES_PAGE]), mine, player)
    tally = [0, 0, 0]
    for a, wins_a, wins_b in matches.values_list("player_a_id", "wins_a", "wins_b"):
        me, them = (wins_a, wins_b) if a in mine else (wins_b, wins_a)
        tally[0 if me > them else 1 if me < them else 2] += 1
    return HeadToHead(opponent=opponent, record=Record(*tally), matches=lines)

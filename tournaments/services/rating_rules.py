"""Which matches rate (:mod:`tournaments.services.ratings` keeps the ledger of those that do).

What rates: every final match of two human players (no bye, no bot, no practice game) with at
least one game played or drawn, by its match result (more games won: a win; as many: a draw). Byes do not
rate: nobody was beaten. A match lost to a drop (the dropping player concedes, O3.5) or to a
no-show (O1.2) rates as the loss it is in the standings; a top-cut match rates like a Swiss one.

Two rules keep ratings from being farmed with alternate accounts (an alt organizes an event,
another alt loses to the farmer and confirms; docs/players.md "Ratings"):

- **an event rates only with enough people in it**: at least ``settings.RATING_MIN_PLAYERS``
  (default 8) different players, not bots, seated in its round 1 (which no later change can
  alter: round 1 is never undone, and a re-pair or a swap seats the same players);
- **the same two players rate once a period**: of their matches in a game, only the first of
  each window of ``settings.RATING_PAIR_DAYS`` days (default 7: Monday to Sunday, UTC) rates,
  whichever event it was in.

Each is read from the matches alone (:func:`event_rates`, :func:`outcome_counted`), so what rates
stays a function of the final matches and their order; an official's confirmation adds nothing,
as the organizer may be an alt too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q

from tournaments.models import Match, RatedMatch, Registration

# The periods of the pair rule (module docstring) are counted from a Monday, midnight UTC.
PAIR_PERIODS_FROM = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Outcome:
    """What a final, ratable match says: its game, players (user ids), result and time."""

    game: str
    player_a: int
    player_b: int
    score_a: float
    at: datetime


# A ratable match as the ratings pass and the recompute read it: (id, user a, user b, wins a,
# wins b, last change, event).
OUTCOME_COLUMNS = (
    "pk",
    "player_a__player_id",
    "player_b__player_id",
    "wins_a",
    "wins_b",
    "updated_at",
    "round__event_id",
)


def score_of(wins_a: int, wins_b: int) -> float:
    return 1.0 if wins_a > wins_b else 0.0 if wins_a < wins_b else 0.5


def ratable_matches() -> Q:
    """The final matches that rate (module docstring), as a filter of Match."""
    return Q(
        status=Match.Status.FINAL,
        player_b__isnull=False,
        player_a__is_bot=False,
        player_b__is_bot=False,
        round__event__practice=False,  # a practice game never rates, whoever plays it
    ) & (Q(wins_a__gt=0) | Q(wins_b__gt=0) | Q(draws__gt=0))


def events_that_rate(event_ids: Iterable[int]) -> set[int]:
    """Of these events, those whose matches may rate: at least settings.RATING_MIN_PLAYERS
    different people (not bots) seated in round 1."""
    people: dict[int, set[int]] = defaultdict(set)
    seats = Match.objects.filter(round__event_id__in=list(set(event_ids)), round__number=1).values_list(
        "round__event_id", "player_a_id", "player_a__is_bot", "player_b_id", "player_b__is_bot"
    )
    for event_id, a, a_bot, b, b_bot in seats.iterator(chunk_size=50_000):
        for registration, bot in ((a, a_bot), (b, b_bot)):
            if registration is not None and not bot:
                people[event_id].add(registration)
    return {event for event, seated in people.items() if len(seated) >= settings.RATING_MIN_PLAYERS}


def event_rates(event_id: int, known: dict[int, bool] | None = None) -> bool:
    """:func:`events_that_rate` for one event, reading no more than the minimum's worth of its
    players (a match of an 8,192-player event becoming final reads eight rows, not 8,192).
    ``known``: the answers found already during one update (round 1's seats do not change
    meanwhile: module docstring), each event read once."""
    if known is not None:
        if event_id not in known:
            known[event_id] = event_rates(event_id)
        return known[event_id]
    round_one = Match.objects.filter(round__event_id=event_id, round__number=1)
    seated = Registration.objects.filter(event_id=event_id, is_bot=False).filter(
        Exists(round_one.filter(player_a=OuterRef("pk"))) | Exists(round_one.filter(player_b=OuterRef("pk")))
    )
    return (
        len(seated.values_list("pk", flat=True)[: settings.RATING_MIN_PLAYERS]) >= settings.RATING_MIN_PLAYERS
    )


def pair_period(at: datetime) -> int:
    """The number of the pair rule's period ``at`` is in (module docstring)."""
    return (at - PAIR_PERIODS_FROM) // timedelta(days=settings.RATING_PAIR_DAYS)


def match_outcome(match_id: int, known: dict[int, bool] | None = None) -> Outcome | None:
    """The rating outcome of the match now, or None when it is not a ratable final match of an
    event that rates (or is gone). Whether it is the one of its pair's period that rates is
    :func:`outcome_counted`'s. ``known``: as :func:`event_rates` takes it."""
    row = (
        Match.objects.filter(ratable_matches(), pk=match_id)
        .values_list("round__event__game", *OUTCOME_COLUMNS[1:])  # the game in the id's place
        .first()
    )
    if row is None:
        return None
    game, a, b, wins_a, wins_b, at, event = row
    if not event_rates(event, known):
        return None
    return Outcome(game=game, player_a=a, player_b=b, score_a=score_of(wins_a, wins_b), at=at)


def pair_keys(game: str, a: int, b: int, known: dict[int, bool] | None = None) -> list[tuple[datetime, int]]:
    """The place in the rating order, (ledger time, else last change; match id), of every final
    match of users ``a`` and ``b`` in ``game`` that may rate, first first. ``known``: as
    :func:`event_rates` takes it."""
    rows = list(
        Match.objects.filter(ratable_matches(), round__event__game=game)
        .filter(
            Q(player_a__player_id=a, player_b__player_id=b) | Q(player_a__player_id=b, player_b__player_id=a)
        )
        .values_list("pk", "round__event_id", "updated_at")
    )
    eligible = {event for event in {event for _pk, event, _at in rows} if event_rates(event, known)}
    rated_at = dict(
        RatedMatch.objects.filter(match_id__in=[pk for pk, _e, _a in rows]).values_list("match_id", "at")
    )
    return sorted((rated_at.get(pk, at), pk) for pk, event, at in rows if event in eligible)


def outcome_counted(
    match_id: int, known: dict[int, bool] | None = None, outcome: Outcome | None = None
) -> Outcome | None:
    """The outcome the ledger should hold for the match: :func:`match_outcome` (or ``outcome``,
    read already under the same lock), when the match is the first of its two players' in its
    period (module docstring); else None."""
    outcome = outcome or match_outcome(match_id, known)
    if outcome is None:
        return None
    keys = pair_keys(outcome.game, outcome.player_a, outcome.player_b, known)
    mine = next((key for key in keys if key[1] == match_id), None)
    if mine is None:
        return None
    if any(key < mine and pair_period(key[0]) == pair_period(mine[0]) for key in keys):
        return None  # the two of them have rated already in this period
    return outcome

"""Reads of ratings: the leaderboard of a game."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from tournaments.models import Rating

# The leaderboard's periods: players who played a rated match in the last ... (None: ever).
PERIODS: dict[str, timedelta | None] = {
    "all": None,
    "year": timedelta(days=365),
    "quarter": timedelta(days=91),
    "month": timedelta(days=30),
    "week": timedelta(days=7),
}
PAGE_SIZE = 50
PAGE_SIZE_MAX = 100


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a leaderboard: its rows (rank = position in the whole list) and the count."""

    count: int
    page: int
    page_size: int
    rows: list[tuple[int, Rating]]

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // self.page_size))


def period_since(period: str, *, now: datetime | None = None) -> datetime | None:
    """The start of ``period`` (a key of PERIODS) counted back from now; None for ``all``."""
    span = PERIODS[period]
    return None if span is None else (now or timezone.now()) - span


def leaderboard(*, game: str, period: str = "all") -> QuerySet[Rating]:
    """The game's ratings best first (ties: the longer-standing account first), with only the
    players active in ``period``."""
    ratings = Rating.objects.filter(game=game)
    since = period_since(period)
    if since is not None:
        ratings = ratings.filter(last_played_at__gte=since)
    return ratings.order_by("-rating", "player_id")


def leaderboard_page(
    *, game: str, period: str = "all", page: int = 1, page_size: int = PAGE_SIZE
) -> LeaderboardPage:
    """Page ``page`` (from 1) of the leaderboard; a page past the end has no rows."""
    ratings = leaderboard(game=game, period=period)
    count = ratings.count()
    start = (page - 1) * page_size
    # The page's ids from the index alone, then their rows: an OFFSET over a join would join
    # every skipped row (a deep page of 100,000 took seconds).
    ids = list(ratings.values_list("pk", flat=True)[start : start + page_size])
    by_id = Rating.objects.select_related("player").in_bulk(ids)
    rows = [by_id[pk] for pk in ids]
    return LeaderboardPage(
        count=count, page=page, page_size=page_size, rows=[(start + i + 1, r) for i, r in enumerate(rows)]
    )
